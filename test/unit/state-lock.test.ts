import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { tempFolder } from '../temp-folders.js';
import { LocalBackend, StateLockedError, type LockHolder } from '../../src/state/index.js';

/** A pid that certainly ran on this host and has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  return child.pid!;
}

describe('state: lock', () => {
  let dir: string;
  let statePath: string;
  let warnings: string[];
  const backend = () => new LocalBackend({ statePath, lockPollIntervalMs: 10, onWarning: (m) => warnings.push(m) });

  beforeEach(async () => {
    dir = await tempFolder('cloudctl-lock-');
    statePath = join(dir, '.cloudctl', 'state.json');
    warnings = [];
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function plantLock(holder: Partial<LockHolder>): Promise<LockHolder> {
    const full: LockHolder = {
      id: 'planted-id',
      pid: process.pid,
      host: hostname(),
      started_at: '2026-11-21T10:00:00.000Z',
      command: 'apply x.yaml',
      ...holder,
    };
    await mkdir(join(dir, '.cloudctl'), { recursive: true });
    await writeFile(join(dir, '.cloudctl', 'state.lock'), JSON.stringify(full));
    return full;
  }

  it('writes the holder as JSON in state.lock and removes it on release', async () => {
    const lock = await backend().lock('apply examples/x.yaml');
    const onDisk = JSON.parse(await readFile(join(dir, '.cloudctl', 'state.lock'), 'utf8')) as LockHolder;
    expect(onDisk).to.deep.equal(lock.holder);
    expect(onDisk).to.include({ pid: process.pid, host: hostname(), command: 'apply examples/x.yaml' });
    expect(onDisk.id).to.match(/^[0-9a-f-]{36}$/);
    expect(Number.isNaN(Date.parse(onDisk.started_at))).to.equal(false);
    await lock.release();
    await lock.release(); // idempotent
    expect(await readdir(join(dir, '.cloudctl'))).to.deep.equal([]);
    expect(warnings).to.deep.equal([]);
  });

  it('fails at once with StateLockedError naming the holder', async () => {
    const first = await backend().lock('apply examples/x.yaml');
    const started = Date.now();
    let error: unknown;
    await backend()
      .lock('plan')
      .catch((e: unknown) => (error = e));
    expect(Date.now() - started).to.be.lessThan(500);
    expect(error).to.be.instanceOf(StateLockedError);
    const message = (error as Error).message;
    expect(message).to.equal(
      `state is locked by pid ${process.pid} on host ${hostname()} since ${first.holder.started_at} (cloudctl apply examples/x.yaml); ` +
        `lock id ${first.holder.id}; wait with --lock-timeout or run 'cloudctl force-unlock ${first.holder.id}'`,
    );
    expect((error as StateLockedError).holder).to.deep.equal(first.holder);
    await first.release();
  });

  it('waits with a timeout and succeeds when the lock is released', async () => {
    const first = await backend().lock('apply a.yaml');
    setTimeout(() => void first.release(), 100);
    const started = Date.now();
    const second = await backend().lock('apply b.yaml', { timeoutSeconds: 5 });
    expect(Date.now() - started).to.be.within(80, 2000);
    expect(second.holder.command).to.equal('apply b.yaml');
    expect(warnings.some((w) => w.includes('waiting up to 5s'))).to.equal(true);
    await second.release();
  });

  it('gives up after the timeout', async () => {
    const first = await backend().lock('apply a.yaml');
    const started = Date.now();
    let error: unknown;
    await backend()
      .lock('apply b.yaml', { timeoutSeconds: 0.15 })
      .catch((e: unknown) => (error = e));
    expect(Date.now() - started).to.be.within(140, 2000);
    expect(error).to.be.instanceOf(StateLockedError);
    expect((error as Error).message).to.contain('gave up after waiting');
    await first.release();
  });

  it('lets exactly one of many concurrent contenders win', async () => {
    const results = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => backend().lock(`apply ${i}.yaml`)));
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).to.have.length(1);
    expect(results.filter((r) => r.status === 'rejected' && r.reason instanceof StateLockedError)).to.have.length(7);
    await (won[0] as PromiseFulfilledResult<{ release(): Promise<void> }>).value.release();
  });

  it('takes over a stale lock whose pid is dead on this host, and says so', async () => {
    const stale = await plantLock({ pid: deadPid(), id: 'stale-id' });
    const lock = await backend().lock('apply x.yaml');
    expect(lock.holder.id).to.not.equal(stale.id);
    expect(warnings.join('\n')).to.contain('stale').and.contain(`pid ${stale.pid}`).and.contain('stale-id');
    const onDisk = JSON.parse(await readFile(join(dir, '.cloudctl', 'state.lock'), 'utf8')) as LockHolder;
    expect(onDisk.id).to.equal(lock.holder.id);
    await lock.release();
  });

  it('lets exactly one of many contenders take over a stale lock', async () => {
    await plantLock({ pid: deadPid(), id: 'stale-id' });
    const results = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => backend().lock(`apply ${i}.yaml`)));
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).to.have.length(1);
    const winner = (won[0] as PromiseFulfilledResult<{ holder: LockHolder; release(): Promise<void> }>).value;
    for (const r of results) if (r.status === 'rejected') expect((r.reason as StateLockedError).holder.id).to.equal(winner.holder.id);
    await winner.release();
    expect(await readdir(join(dir, '.cloudctl'))).to.deep.equal([]);
  });

  it('never breaks a lock from another host, even with a dead pid', async () => {
    await plantLock({ pid: deadPid(), host: 'other-host.example', id: 'remote-id' });
    let error: unknown;
    await backend()
      .lock('apply x.yaml')
      .catch((e: unknown) => (error = e));
    expect(error).to.be.instanceOf(StateLockedError);
    expect((error as Error).message)
      .to.contain('on host other-host.example')
      .and.contain('remote-id');
  });

  it('force-unlock removes the lock only when the id matches', async () => {
    const first = await backend().lock('apply a.yaml');
    const other = backend();
    await other.forceUnlock('wrong-id').then(
      () => expect.fail('removed with a wrong id'),
      (e: Error) => expect(e.message).to.contain('does not match'),
    );
    await other.forceUnlock(first.holder.id);
    const second = await other.lock('apply b.yaml');
    await first.release(); // must not remove the new holder's lock
    expect(warnings.join('\n')).to.contain('left in place');
    expect((await other.lockHolder())?.id).to.equal(second.holder.id);
    await second.release();
    await other.forceUnlock(second.holder.id).then(
      () => expect.fail('unlocked nothing'),
      (e: Error) => expect(e.message).to.contain('not locked'),
    );
  });

  it('reports an unreadable lock file, which only force-unlock removes', async () => {
    await mkdir(join(dir, '.cloudctl'), { recursive: true });
    await writeFile(join(dir, '.cloudctl', 'state.lock'), '{"id": "x", "pi');
    let error: unknown;
    await backend()
      .lock('plan')
      .catch((e: unknown) => (error = e));
    expect(error).to.be.instanceOf(StateLockedError);
    expect((error as Error).message).to.contain('unreadable');
    await backend().forceUnlock('unreadable');
    await (await backend().lock('plan')).release();
  });

  it('warns when a write happens after the held lock was taken away', async () => {
    const holder = backend();
    const lock = await holder.lock('apply a.yaml');
    await backend().forceUnlock(lock.holder.id);
    await holder.write({ format_version: 1, lineage: 'l', serial: 1, resources: {}, outputs: {} });
    expect(warnings.join('\n')).to.contain('no longer held by this run');
  });
});
