/**
 * Plans tied to their workspace and sealed (issue 39, findings 3 and 4),
 * through the CLI and the automation API, against the simulator:
 *
 * - a plan made in one empty workspace is refused in another empty one
 *   (local and PostgreSQL), naming both, before anything is read: no API
 *   request, no state written, the ledger empty. (Before, the second
 *   workspace took the plan's lineage and ordered what it planned.)
 * - a plan changed after it was made, plain JSON (`plan --json >
 *   plan.json`, one character of a VM's name) or compressed (recompressed,
 *   so gzip's check passes), is refused as altered before any request; the
 *   same `plan --json` file unchanged applies.
 */
import { expect } from 'chai';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { Engine, PlanAlteredError, PlanWorkspaceError, readPlanFile } from '../../src/index.js';
import { PostgresBackend } from '../../src/state/index.js';
import type { RunningSimulator } from '../../src/sim/index.js';
import { cli, cliEnvironment, savedPlanText, startCloud, tempFolder, write } from './helpers.js';
import { freshSchema, stopTestPostgres, testPostgresUrl } from '../support/postgres.js';
import { liteKeypair, liteVm } from '../fixtures/lite-stack.js';

/** A keypair and a VM named `repro-vm-a`: two paid orders when applied. */
const STACK = `resources:\n${liteKeypair('key', 'repro-key')}${liteVm('vm', 'repro-vm-a', { consolePassword: '"Sup3rSecret1"' })}`;

describe('integration: a plan belongs to its workspace and is sealed', function () {
  this.timeout(120_000);
  let cloud: RunningSimulator;
  before(async () => {
    cloud = await startCloud();
  });
  after(async () => {
    await cloud.close();
    await stopTestPostgres();
  });

  /** A folder with the stack, and a CLI run in it against the cloud (`env` added). */
  async function stack(env: Record<string, string> = {}) {
    const folder = await tempFolder('cloudctl-plan-identity-');
    await write(folder, 'stack.yaml', STACK);
    const run = (...args: string[]) => cli(args, { cwd: folder, env: { CLOUDCTL_BASE_URL: cloud.url, ...env } });
    return { folder, run };
  }

  /** Runs `act`, and returns what it gave with the requests and orders the cloud saw meanwhile. */
  async function watched<T>(act: () => Promise<T>): Promise<{ result: T; requests: number; orders: number }> {
    const requests = cloud.requests().length;
    const orders = cloud.ledger().length;
    const result = await act();
    return { result, requests: cloud.requests().length - requests, orders: cloud.ledger().length - orders };
  }

  it('refuses, in a second empty local workspace, a plan made in the first: both named, nothing read or written (finding 3)', async () => {
    const { folder, run } = await stack();
    const before = cloud.ledger().length;
    expect((await run('workspace', 'new', 'a')).code).to.equal(0);
    expect((await run('workspace', 'new', 'b')).code).to.equal(0);
    const planned = await run('--workspace', 'a', 'plan', 'stack.yaml', '--out', 'a.plan');
    expect(planned.code, planned.stderr).to.equal(0);

    const { result, requests, orders } = await watched(() => run('--workspace', 'b', 'apply', 'a.plan'));
    expect({ code: result.code, requests, orders }).to.deep.equal({ code: 1, requests: 0, orders: 0 });
    expect(existsSync(join(folder, '.cloudctl/workspaces/b/state.json'))).to.equal(false);
    expect(cloud.ledger().length).to.equal(before);
    // Planning the empty workspace "a" recorded its identity: an empty state with the plan's lineage.
    const aState = JSON.parse(await readFile(join(folder, '.cloudctl/workspaces/a/state.json'), 'utf8'));
    const plan = await readPlanFile(join(folder, 'a.plan'));
    expect(plan).to.include({ workspace: 'a', lineage: aState.lineage, serial: 0 });
    expect(aState.resources).to.deep.equal({});
    expect(result.stderr).to.include(
      `a.plan was made in workspace "a" (lineage ${plan.lineage}), but this is workspace "b" (no state yet)`,
    );

    // Through the automation API too, and against a workspace with a state of its own.
    expect((await run('--workspace', 'b', 'plan', 'stack.yaml', '--out', 'b.plan')).code).to.equal(0);
    const engine = await Engine.open({ directory: folder, workspace: 'b', env: cliEnvironment({ CLOUDCTL_BASE_URL: cloud.url }) });
    try {
      const refused = await watched(() => engine.apply(plan, { planName: 'a.plan' }).catch((error: unknown) => error));
      expect(refused.result).to.be.instanceOf(PlanWorkspaceError);
      expect((refused.result as Error).message).to.match(
        /made in workspace "a" \(lineage [0-9a-f-]+\), but this is workspace "b" \(lineage /,
      );
      expect({ requests: refused.requests, orders: refused.orders }).to.deep.equal({ requests: 0, orders: 0 });
    } finally {
      await engine.close();
    }
    // The plan applies where it was made.
    const applied = await run('--workspace', 'a', 'apply', 'a.plan');
    expect(applied.code, applied.stderr).to.equal(0);
    expect(
      cloud
        .ledger()
        .slice(before)
        .map((entry) => [entry.operation, entry.body.vm_name]),
    ).to.deep.equal([['lite.create', 'repro-vm-a']]);
  });

  it('refuses, in an empty PostgreSQL workspace, a plan made in another: nothing read, no row written (finding 3)', async () => {
    const url = await testPostgresUrl();
    const schema = freshSchema('plan_identity');
    const backend = `${url}${url.includes('?') ? '&' : '?'}schema=${schema}`;
    const { run } = await stack({ CLOUDCTL_BACKEND: backend });
    const before = cloud.ledger().length;
    expect((await run('workspace', 'new', 'a')).code).to.equal(0);
    const planned = await run('--workspace', 'a', 'plan', 'stack.yaml', '--out', 'a.plan');
    expect(planned.code, planned.stderr).to.equal(0);

    const { result, requests, orders } = await watched(() => run('--workspace', 'default', 'apply', 'a.plan'));
    expect({ code: result.code, requests, orders }).to.deep.equal({ code: 1, requests: 0, orders: 0 });
    expect(result.stderr).to.match(
      /a\.plan was made in workspace "a" \(lineage [0-9a-f-]+\), but this is workspace "default" \(no state yet\)/,
    );
    const database = new PostgresBackend({ url, schema, workspace: 'default' });
    try {
      expect(await database.head()).to.equal(null);
    } finally {
      await database.close();
    }
    expect(cloud.ledger().length).to.equal(before);
  });

  it('refuses a plan --json file with one character changed, before any request; the file unchanged applies (finding 4)', async () => {
    const { folder, run } = await stack();
    const planned = await run('plan', 'stack.yaml', '--json');
    expect(planned.code, planned.stderr).to.equal(0);
    await writeFile(join(folder, 'plan.json'), planned.stdout);
    const altered = planned.stdout.replace('"after": "repro-vm-a"', '"after": "repro-vm-1"');
    expect(altered).to.not.equal(planned.stdout);
    await writeFile(join(folder, 'altered.json'), altered);
    const before = cloud.ledger().length;

    const { result, requests, orders } = await watched(() => run('apply', 'altered.json'));
    expect({ code: result.code, requests, orders }).to.deep.equal({ code: 1, requests: 0, orders: 0 });
    expect(result.stderr).to.include('altered.json was altered after it was made');
    expect((await run('show', 'altered.json')).stderr).to.include('was altered after it was made');
    // The output stays readable: the checksum is one more field, beside the English of the reasons.
    const document = JSON.parse(planned.stdout);
    expect(document.checksum).to.match(/^sha256:[0-9a-f]{64}$/);
    expect(document.changes.find((change: { address: string }) => change.address === 'vm').reasons).to.not.be.empty;

    const applied = await run('apply', 'plan.json');
    expect(applied.code, applied.stderr).to.equal(0);
    const vms = cloud
      .ledger()
      .slice(before)
      .filter((entry) => entry.operation === 'lite.create');
    expect(vms.map((entry) => entry.body.vm_name)).to.deep.equal(['repro-vm-a']);
  });

  it('refuses a compressed plan changed and compressed again (gzip finds nothing wrong), and an altered plan given to the Engine', async () => {
    const { folder, run } = await stack();
    expect((await run('plan', 'stack.yaml', '--out', 'p.plan')).code).to.equal(0);
    const bytes = await readFile(join(folder, 'p.plan'));
    const header = bytes.subarray(0, bytes.indexOf(Buffer.from([0x1f, 0x8b]))); // what comes before the gzip data
    const text = await savedPlanText(join(folder, 'p.plan'));
    expect(text).to.include('"repro-vm-a"');
    await writeFile(join(folder, 'p.plan'), Buffer.concat([header, gzipSync(text.replace('"repro-vm-a"', '"repro-vm-1"'))]));
    const { result, requests, orders } = await watched(() => run('apply', 'p.plan'));
    expect({ code: result.code, requests, orders }).to.deep.equal({ code: 1, requests: 0, orders: 0 });
    expect(result.stderr).to.include('p.plan was altered after it was made');
    expect(header.toString('latin1')).to.match(/^cloudctl-plan\/3 .*\n$/);

    const engine = await Engine.open({ directory: folder, env: cliEnvironment({ CLOUDCTL_BASE_URL: cloud.url }) });
    try {
      const plan = await engine.plan('stack.yaml');
      const vm = plan.changes.find((change) => change.address === 'vm')!;
      vm.attributes.find((attribute) => attribute.name === 'vm_name')!.after = 'repro-vm-1';
      const refused = await watched(() => engine.apply(plan).catch((error: unknown) => error));
      expect(refused.result).to.be.instanceOf(PlanAlteredError);
      expect({ requests: refused.requests, orders: refused.orders }).to.deep.equal({ requests: 0, orders: 0 });
    } finally {
      await engine.close();
    }
  });
});
