/**
 * The workspace and lock part of the backend contract (`OpenedBackend` in
 * src/state/contracts.ts), checked the same way for every backend: listing,
 * creating and deleting workspaces, naming the lock's holder and breaking
 * the lock (`cloudctl force-unlock`) with the backend's holder check.
 * Each backend's suite calls {@link backendContractTests} with a fresh
 * place to keep states (a temp folder, a fresh database schema).
 */
import { expect } from 'chai';
import { openBackend, type Backend } from '../../src/state/index.js';
import { resolveWorkspace, type WorkspaceOptions } from '../../src/state/workspace.js';

/** A fresh place to keep states, for one test. */
export interface ContractPlace {
  /** The working directory workspaces are resolved in. */
  cwd: string;
  /** The global options pointing at the place (`--state`, `--backend`). */
  options: WorkspaceOptions;
  /**
   * What breaking the lock of a holder still running on this host does:
   * `refused` without `force` (the local folder: its writes would race),
   * or `ended` (a database ends the holder's session).
   */
  liveHolder: 'refused' | 'ended';
}

/** The error `promise` rejects with (fails the test when it resolves). */
async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  return expect.fail('expected a rejection') as never;
}

/** Waits until `check` holds (a database sees a terminated session's lock go a moment later). */
async function eventually(check: () => Promise<boolean>): Promise<void> {
  for (let attempt = 0; attempt < 40 && !(await check()); attempt++) await new Promise((resolve) => setTimeout(resolve, 50));
  expect(await check()).to.equal(true);
}

/** Defines the contract's tests; `fresh` gives each test a place of its own. */
export function backendContractTests(fresh: () => Promise<ContractPlace>): void {
  const opened: Backend[] = [];
  let place: ContractPlace;
  /** The backend of workspace `name` in this test's place, resolved as the CLI resolves it. */
  const open = (name: string): Backend => {
    const paths = resolveWorkspace({ ...place.options, workspace: name }, { cwd: place.cwd, env: {} });
    const backend = openBackend(paths.stateLocation());
    opened.push(backend);
    return backend;
  };

  beforeEach(async () => {
    place = await fresh();
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((backend) => backend.close?.()));
  });

  it('lists the workspaces it holds, creates one once, and knows which exist', async () => {
    const prod = open('prod');
    expect(await prod.workspaceExists()).to.equal(false);
    expect(await open('default').workspaces()).to.not.include('prod');
    await prod.createWorkspace();
    await prod.createWorkspace(); // an existing one is left as it is
    expect(await prod.workspaceExists()).to.equal(true);
    await open('staging').createWorkspace();
    expect((await open('default').workspaces()).filter((name) => name !== 'default')).to.deep.equal(['prod', 'staging']);
    expect(await open('test').workspaceExists()).to.equal(false);
  });

  it('deletes a workspace under its lock once it manages nothing, and refuses otherwise', async () => {
    const prod = open('prod');
    await prod.createWorkspace();
    expect((await rejection(prod.deleteWorkspace())).message).to.match(/take the state lock/);
    const lock = await prod.lock('workspace delete prod');
    const found = await prod.read();
    const lineage = found?.lineage ?? 'contract-lineage';
    const serial = (found?.serial ?? 0) + 1;
    const web = { type: 'cloud_lite_vm', id: '100', attributes: { vm_name: 'web' }, dependencies: [] };
    await prod.write({ format_version: 1, lineage, serial, resources: { web }, outputs: {} });
    expect((await rejection(prod.deleteWorkspace())).message).to.match(/still manages 1 resource/);
    expect(await open('prod').workspaceExists()).to.equal(true);
    await prod.write({ format_version: 1, lineage, serial: serial + 1, resources: {}, outputs: {} });
    await prod.deleteWorkspace();
    await lock.release(); // the lock went with the workspace: nothing left to release
    expect(await open('prod').workspaceExists()).to.equal(false);
    expect(await open('default').workspaces()).to.not.include('prod');
    expect(await open('prod').read()).to.equal(null);
  });

  it("names the lock's holder and breaks the lock only with its id, with the backend's holder check", async () => {
    const holderSide = open('default');
    expect(await holderSide.lockHolder()).to.equal(null);
    const lock = await holderSide.lock('apply stack.yaml');
    const other = open('default');
    const holder = await other.lockHolder();
    expect(holder?.id).to.equal(lock.holder.id);
    expect(holder?.command).to.equal('apply stack.yaml');
    expect((await rejection(other.breakLock('not-the-id'))).message).to.include('not-the-id');
    expect((await other.lockHolder())?.id).to.equal(lock.holder.id);
    let broken;
    if (place.liveHolder === 'refused') {
      expect((await rejection(other.breakLock(lock.holder.id))).message).to.match(/still runs on this host .*--force/);
      expect((await other.lockHolder())?.id).to.equal(lock.holder.id);
      broken = await other.breakLock(lock.holder.id, { force: true });
      expect(broken.holderStopped).to.equal(false);
    } else {
      broken = await other.breakLock(lock.holder.id);
      expect(broken.holderStopped).to.equal(true);
    }
    expect(broken.holder.id).to.equal(lock.holder.id);
    await eventually(async () => (await other.lockHolder()) === null);
    expect((await rejection(other.breakLock(lock.holder.id))).message).to.match(/not locked/);
    const again = await other.lock('plan');
    await again.release();
    await lock.release().catch(() => undefined); // the broken holder's own release touches nothing of the new one
  });
}
