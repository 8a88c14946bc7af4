/**
 * The stacks file (src/stacks/file.ts) and the approval rules
 * (src/stacks/rules.ts): the example read as written, located
 * errors (an unknown stack, a cycle, an unknown rule), and each rule
 * approving one plan and stopping another.
 */
import { expect } from 'chai';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DiagnosticError, formatDiagnostic } from '../../src/core/types.js';
import type { Change, PlanDocument } from '../../src/plan/document.js';
import { judge, readStacksFile, type ApprovalRule } from '../../src/stacks/index.js';
import { tempFolder } from '../temp-folders.js';

/** Reads `text` as a stacks file; resolves with the formatted errors (empty when it reads). */
async function problems(text: string): Promise<string[]> {
  const folder = await tempFolder('cloudctl-stacks-file-');
  const path = join(folder, 'cloudctl.stacks.yaml');
  await writeFile(path, text);
  try {
    await readStacksFile(path);
    return [];
  } catch (error) {
    if (!(error instanceof DiagnosticError)) throw error;
    return error.diagnostics.map((diagnostic) => formatDiagnostic(diagnostic).replace(`${path}:`, 'FILE:'));
  }
}

describe('stacks: the stacks file', () => {
  it('reads the example of the issue as written: order, needs, default state, rules', async () => {
    const folder = await tempFolder('cloudctl-stacks-file-');
    const path = join(folder, 'cloudctl.stacks.yaml');
    await writeFile(
      path,
      `# cloudctl.stacks.yaml
stacks:
  keys:
    manifest: keys.yaml            # its state: .cloudctl/stacks/keys/ unless a workspace or backend is given
  app:
    manifest: app.yaml
    variables:
      keypair_id: \${stack.keys.outputs.keypair_id}
approve:
  - no_paid_orders
  - no_deletes
`,
    );
    const file = await readStacksFile(path);
    expect(file.order).to.deep.equal(['keys', 'app']);
    expect(file.stacks.get('app')?.needs).to.deep.equal(['keys']);
    expect(file.stacks.get('keys')?.state).to.equal(join('.cloudctl', 'stacks', 'keys', 'state.json'));
    expect(file.stacks.get('app')?.variables.keypair_id.reads.map((read) => `${read.stack}.${read.output}`)).to.deep.equal([
      'keys.keypair_id',
    ]);
    expect(file.approve.map((rule) => rule.kind)).to.deep.equal(['no_paid_orders', 'no_deletes']);
  });

  it('orders stacks written before what they read after it', async () => {
    const folder = await tempFolder('cloudctl-stacks-file-');
    const path = join(folder, 's.yaml');
    await writeFile(
      path,
      'stacks:\n  app: { manifest: a.yaml, variables: { x: "${stack.net.outputs.id}-${stack.keys.outputs.id}" } }\n  keys: { manifest: k.yaml }\n  net: { manifest: n.yaml, variables: { k: "${stack.keys.outputs.id}" } }\n',
    );
    expect((await readStacksFile(path)).order).to.deep.equal(['keys', 'net', 'app']);
  });

  it('refuses a reference to no stack, at the reference, with a suggestion', async () => {
    expect(
      await problems(
        'stacks:\n  keys: { manifest: k.yaml }\n  app:\n    manifest: a.yaml\n    variables:\n      id: ${stack.key.outputs.id}\n',
      ),
    ).to.deep.equal(['FILE:6:11: "${stack.key.outputs.id}": no stack "key" in this file (stacks: keys, app); did you mean "keys"?']);
  });

  it('refuses a cycle between stacks, located at a reference on it', async () => {
    const found = await problems(
      'stacks:\n  a:\n    manifest: a.yaml\n    variables: { x: "${stack.b.outputs.x}" }\n  b:\n    manifest: b.yaml\n    variables: { y: "${stack.a.outputs.y}" }\n',
    );
    expect(found).to.have.length(1);
    expect(found[0]).to.match(/^FILE:4:\d+: stacks a, b read each other's outputs in a cycle/);
  });

  it('refuses a stack without a manifest, an unknown key, a reference that is not to a stack, and an unknown rule', async () => {
    const found = await problems(
      'stacks:\n  a: { variables: { x: 1 } }\n  b: { manifest: b.yaml, workspce: dev, variables: { y: "${var.z}" } }\napprove:\n  - no_delete\n  - only: [c]\n',
    );
    expect(found.join('\n')).to.include('FILE:2:3: stacks.a: "manifest" is required');
    expect(found.join('\n')).to.include('unknown key "workspce"');
    expect(found.join('\n')).to.include('did you mean "workspace"?');
    expect(found.join('\n')).to.include("a stacks file's variables read only other stacks' outputs");
    expect(found.join('\n')).to.include('FILE:5:5: approve: unknown rule "no_delete"');
    expect(found.join('\n')).to.include('approve: only: no stack "c"');
  });
});

/** A plan with `changes` (action and paid orders) and monthly costs. */
function plan(
  changes: Array<Partial<Change>>,
  cost: { before: number; after: number; partial?: boolean } = { before: 0, after: 0 },
): PlanDocument {
  return {
    changes: changes.map((change, index) => ({
      address: `r${index}`,
      action: 'create',
      paidOrders: 0,
      attributes: [],
      reasonCodes: [],
      ...change,
    })),
    cost: {
      currency: 'IDR',
      monthly_before: cost.before,
      monthly_after: cost.after,
      orders: 0,
      due_now: 0,
      unknown: cost.partial ? ['r0'] : [],
      partial: cost.partial ?? false,
    },
  } as unknown as PlanDocument;
}

const at = { file: 'f', line: 1, column: 1 };

describe('stacks: approval rules', () => {
  const cases: Array<{ rule: ApprovalRule; approves: PlanDocument; stops: PlanDocument; why: string; stack?: string }> = [
    {
      rule: { kind: 'no_paid_orders', location: at },
      approves: plan([{}]),
      stops: plan([{ paidOrders: 2 }]),
      why: 'the plan places 2 paid orders',
    },
    {
      rule: { kind: 'no_deletes', location: at },
      approves: plan([{ action: 'update' }, { action: 'replace' }]),
      stops: plan([{ action: 'delete' }]),
      why: 'the plan deletes r0',
    },
    {
      rule: { kind: 'no_replaces', location: at },
      approves: plan([{ action: 'delete' }]),
      stops: plan([{ action: 'update' }, { action: 'replace' }]),
      why: 'the plan replaces r1',
    },
    {
      rule: { kind: 'monthly_cost_increase_at_most', amount: 500_000, location: at },
      approves: plan([{}], { before: 1_000_000, after: 1_500_000 }),
      stops: plan([{}], { before: 1_000_000, after: 1_500_001 }),
      why: 'the monthly cost rises by 500001, more than 500000',
    },
    {
      rule: { kind: 'only', stacks: ['keys'], locations: [at], location: at },
      approves: plan([{}]),
      stops: plan([{}]),
      why: 'stack app is not in the list',
    },
  ];
  for (const entry of cases) {
    it(`${entry.rule.kind} approves one plan and stops another, saying why`, () => {
      const approvedStack = entry.rule.kind === 'only' ? 'keys' : 'app';
      expect(judge([entry.rule], approvedStack, entry.approves)).to.deep.equal({ approved: true, failed: [] });
      const verdict = judge([entry.rule], 'app', entry.stops);
      expect(verdict.approved).to.equal(false);
      expect(verdict.failed.map((failure) => failure.why)).to.deep.equal([entry.why]);
    });
  }

  it('monthly_cost_increase_at_most stops a plan whose price is unknown', () => {
    const verdict = judge(
      [{ kind: 'monthly_cost_increase_at_most', amount: 10, location: at }],
      'app',
      plan([{}], { before: 0, after: 0, partial: true }),
    );
    expect(verdict.failed[0].why).to.match(/a price is unknown \(r0\)/);
  });
});
