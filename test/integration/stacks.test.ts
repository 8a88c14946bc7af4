/**
 * Many stacks, one plan (issue 36) through the CLI against the simulator:
 * three stacks reading each other's outputs (keypairs; a bare-metal server
 * and a lite VM using them; a disk on the VM) planned in one run, applied
 * in order, re-planned to "No changes"; an upstream output changed, shown
 * unknown downstream and resolved in the same apply of the saved combined
 * plan, which is then refused as stale; destroyed in reverse order; the
 * ledger checked for duplicate orders and orphans. Then the approval rules
 * on `apply --stacks --auto-approve-by-rules`.
 */
import { expect } from 'chai';
import { cp, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { LocalBackend } from '../../src/state/index.js';
import { useStack, type TestStack } from './helpers.js';
import { moneyFigures } from './money-figures.js';

const FIXTURES = resolve('test/fixtures/stacks');
const STACKS = ['keys', 'compute', 'storage'];

/** The state of stack `name` (its own file, `.cloudctl/stacks/NAME/state.json`). */
async function stackState(folder: string, name: string): Promise<any> {
  const backend = new LocalBackend({ statePath: join(folder, '.cloudctl', 'stacks', name, 'state.json') });
  return (await backend.read()) ?? { resources: {}, outputs: {} };
}

/** No order placed twice, no account ordered that no stack's state holds (or cloudctl deleted). */
async function expectCleanLedger(stack: TestStack): Promise<void> {
  const ids: string[] = [];
  for (const name of STACKS)
    ids.push(...Object.values((await stackState(stack.folder, name)).resources as Record<string, { id: string }>).map((entry) => entry.id));
  expect(moneyFigures(stack.cloud.ledger(), stack.cloud.requests(), ids)).to.deep.equal({ duplicates: [], orphans: [] });
}

describe('integration: three stacks reading each other’s outputs', function () {
  this.timeout(120_000);
  const stack = useStack({ prefix: 'cloudctl-stacks-' });

  before(async () => {
    await cp(FIXTURES, stack.folder, { recursive: true });
  });

  it('plans every stack in one run, the downstream values unknown until their upstream applies', async () => {
    const plan = await stack.run('plan', '--stacks');
    expect(plan.code, plan.stderr + plan.stdout).to.equal(0);
    expect(plan.stdout).to.match(/=== Stack keys[\s\S]*=== Stack compute[\s\S]*=== Stack storage/);
    expect(plan.stdout).to.include('web (create) waits: keypair_id known after stack keys applies');
    expect(plan.stdout).to.include('data_disk (create) waits: lite_account_id known after stack compute applies');
    expect(plan.stdout).to.match(
      /Totals over 3 stacks: 5 to add, 0 to change, 0 to destroy\. 3 paid orders; monthly cost \+Rp [\d.]+ .*due now Rp [\d.]+/,
    );
    expect(stack.cloud.ledger()).to.have.length(0);
  });

  it('applies stack by stack, each downstream stack with its upstream outputs, then plans to "No changes"', async () => {
    const applied = await stack.run('apply', '--stacks', '--auto-approve');
    expect(applied.code, applied.stderr + applied.stdout).to.equal(0);
    expect(applied.stdout).to.include('Apply of 3 stacks: 3 applied');
    const [keys, compute, storage] = await Promise.all(STACKS.map((name) => stackState(stack.folder, name)));
    expect(compute.resources.web.attributes.keypair_id).to.equal(keys.resources.lite_key.attributes.keypair_id);
    expect(compute.resources.db.attributes.keypair_id).to.equal(keys.resources.metal_key.attributes.keypair_id);
    expect(String(storage.resources.data_disk.attributes.lite_account_id)).to.equal(String(compute.resources.web.id));
    const again = await stack.run('plan', '--stacks', '--detailed-exitcode');
    expect(again.code, again.stdout + again.stderr).to.equal(0);
    expect(again.stdout.match(/No changes\./g)).to.have.length(3);
    await expectCleanLedger(stack);
  });

  it('shows an upstream output the plan changes as unknown downstream, resolves it in the same apply, and refuses the plan once applied', async () => {
    // The keys stack gets a second lite keypair and hands that one out.
    const keys = await import('node:fs/promises').then((fs) => fs.readFile(join(stack.folder, 'keys.yaml'), 'utf8'));
    await writeFile(
      join(stack.folder, 'keys.yaml'),
      keys
        .replace('outputs:', '  lite_key_2: { type: cloud_lite_keypair, properties: { name: stacks-lite-2 } }\noutputs:')
        .replace('lite_keypair_id: ${lite_key.keypair_id}', 'lite_keypair_id: ${lite_key_2.keypair_id}'),
    );
    const plan = await stack.run('plan', '--stacks', '--out', 'changed.json');
    expect(plan.code, plan.stderr + plan.stdout).to.equal(0);
    expect(plan.stdout).to.include('Values known after stack keys applies: var.lite_keypair_id;');
    expect(plan.stdout).to.include('web (update) waits: keypair_id known after stack keys applies');
    expect(plan.stdout).to.match(/=== Stack storage[\s\S]*No changes\./);
    const applied = await stack.run('apply', '--stacks', 'changed.json');
    expect(applied.code, applied.stderr + applied.stdout).to.equal(0);
    const [after, compute] = await Promise.all(['keys', 'compute'].map((name) => stackState(stack.folder, name)));
    expect(compute.resources.web.attributes.keypair_id).to.equal(after.resources.lite_key_2.attributes.keypair_id);
    const again = await stack.run('plan', '--stacks', '--detailed-exitcode');
    expect(again.code, again.stdout).to.equal(0);
    const before = stack.cloud.requests().length;
    const stale = await stack.run('apply', '--stacks', 'changed.json');
    expect(stale.code).to.equal(1);
    expect(stale.stderr).to.match(/stale plan: stack keys was planned against state serial/);
    expect(
      stack.cloud
        .requests()
        .slice(before)
        .filter((request) => request.method !== 'GET'),
    ).to.deep.equal([]);
    await expectCleanLedger(stack);
  });

  it('destroys in reverse order: the disk, then the VM and server, then the keypairs', async () => {
    const destroyed = await stack.run('destroy', '--stacks', '--auto-approve');
    expect(destroyed.code, destroyed.stderr + destroyed.stdout).to.equal(0);
    const order = [...destroyed.stderr.matchAll(/stack (\w+): destroying/g)].map((match) => match[1]);
    expect(order).to.deep.equal(['storage', 'compute', 'keys']);
    const deletes = stack.cloud
      .requests()
      .filter((request) => request.method === 'DELETE')
      .map((request) => request.path);
    const first = (pattern: RegExp) => deletes.findIndex((path) => pattern.test(path));
    const last = (pattern: RegExp) => deletes.length - 1 - [...deletes].reverse().findIndex((path) => pattern.test(path));
    expect(first(/disk/)).to.be.at.least(0);
    expect(last(/disk/)).to.be.lessThan(first(/keypair/));
    for (const name of STACKS) expect(Object.keys((await stackState(stack.folder, name)).resources)).to.deep.equal([]);
    await expectCleanLedger(stack);
  });
});

describe('integration: approval rules on apply --stacks --auto-approve-by-rules', function () {
  this.timeout(120_000);
  const stack = useStack({ prefix: 'cloudctl-stacks-rules-' });

  it('applies the stacks every rule approves, stops on the rest naming the rule, and stops what reads them', async () => {
    const vm = `resources:
  key: { type: cloud_lite_keypair, properties: { name: rules-vm-key } }
  vm:
    type: cloud_lite_vm
    properties: { product_id: 1547, select_os: ubuntu-22.04, keypair_id: "\${key.keypair_id}", ssh_and_console_user: deployer, console_password: Rules2026Pw, cycle: m, vm_name: rules-vm-01 }
outputs:
  vm_id: \${vm.id}
`;
    await writeFile(join(stack.folder, 'free.yaml'), 'resources:\n  key: { type: cloud_lite_keypair, properties: { name: rules-free } }\n');
    await writeFile(join(stack.folder, 'vm.yaml'), vm);
    await writeFile(
      join(stack.folder, 'reader.yaml'),
      'variables:\n  vm_id: { type: number }\nresources:\n  key: { type: cloud_lite_keypair, properties: { name: "reads-${var.vm_id}" } }\n',
    );
    await writeFile(
      join(stack.folder, 'cloudctl.stacks.yaml'),
      `stacks:
  free: { manifest: free.yaml }
  vm: { manifest: vm.yaml }
  reader:
    manifest: reader.yaml
    variables: { vm_id: "\${stack.vm.outputs.vm_id}" }
approve:
  - no_paid_orders
  - no_deletes
`,
    );
    const markdown = await stack.run('plan', '--stacks', '--format', 'markdown');
    expect(markdown.code, markdown.stderr).to.equal(0);
    expect(markdown.stdout).to.match(/\| free \| 1 \| .* \| ✅ approved by the rules \|/);
    expect(markdown.stdout).to.match(/\| reader \| 1 \| .* \| known after stack vm applies \|/);
    expect(markdown.stdout).to.match(/\| vm \| 2 \| .* \| ⛔ stopped: no_paid_orders: the plan places 1 paid order \|/);
    const applied = await stack.run('apply', '--stacks', '--auto-approve-by-rules');
    expect(applied.code).to.equal(1);
    expect(applied.stdout).to.include('stack free: applied');
    expect(applied.stdout).to.include('stack vm: stopped for a person: no_paid_orders (the plan places 1 paid order)');
    expect(applied.stdout).to.match(/stack reader: not applied: stack vm, whose outputs it reads, did not apply/);
    expect(stack.cloud.ledger()).to.have.length(0);
    expect(Object.keys((await stackState(stack.folder, 'free')).resources)).to.deep.equal(['key']);
  });
});
