/**
 * Locking (issue 5): one writer at a time. A second concurrent apply fails
 * at once naming the holder (pid, host, start time, command), or waits with
 * `--lock-timeout`; a lock left by a dead process on this host is taken
 * over; `cloudctl force-unlock ID` removes a lock left elsewhere.
 *
 * The holder is the built binary in its own process (the lock is between
 * processes); the other runs are in process.
 */
import { expect } from 'chai';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { CLI, cliEnvironment, useStack } from './helpers.js';
import { liteKeypair, liteVm, passwordVariable } from '../fixtures/lite-stack.js';

const manifest = `${passwordVariable('password')}resources:
${liteKeypair('key', 'lock-key')}${liteVm('web', 'web-lock-01', { password: 'password' })}`;

async function until(condition: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('integration: the state lock', function () {
  this.timeout(120_000);
  const stack = useStack({
    manifest,
    env: { TEST_CONSOLE_PASSWORD: 'Lock3dPassword' },
    prefix: 'cloudctl-lock-',
    each: true,
    // Tests with a holder need its VM to take a while; the others need no wait.
    simulator: (title) => ({ provisioningSeconds: /second apply|lock-timeout/.test(title) ? 4 : 0.2 }),
  });
  const lockPath = () => join(stack.folder, '.cloudctl', 'state.lock');

  /** Starts an apply that holds the lock for about 4 s (the VM takes 4 s to be Active). */
  async function holder(): Promise<{ pid: number; done: Promise<number | null> }> {
    const child = spawn(process.execPath, [CLI, 'apply', 'stack.yaml', '--auto-approve'], {
      cwd: stack.folder,
      env: cliEnvironment(stack.env),
      stdio: 'ignore',
    });
    const done = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    await until(() => stack.cloud.counts().orders === 1, 'the first apply to place its order');
    return { pid: child.pid!, done };
  }

  it('a second apply fails at once, naming the holder: pid, host, start time, command and lock id', async () => {
    const first = await holder();
    let holderDone = false;
    void first.done.then(() => (holderDone = true));
    const second = await stack.run('apply', 'stack.yaml', '--auto-approve');
    expect(holderDone, 'the second run failed while the holder was still running: it did not wait').to.equal(false);
    expect(second.code).to.equal(1);
    const pattern = new RegExp(
      `^Error: state is locked by pid ${first.pid} on host ${hostname().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} since (\\S+) \\(cloudctl apply stack\\.yaml\\); ` +
        "lock id ([0-9a-f-]{36}); wait with --lock-timeout or run 'cloudctl force-unlock \\2'$",
      'm',
    );
    const match = pattern.exec(second.stderr);
    expect(match, second.stderr).to.not.equal(null);
    expect(Number.isNaN(Date.parse(match![1]!))).to.equal(false);
    expect(second.stderr).to.not.match(/\n\s+at /);
    expect(stack.cloud.ledger(), 'the second run ordered nothing').to.have.length(1);
    expect(await first.done).to.equal(0);
    expect(existsSync(lockPath()), 'released by the holder').to.equal(false);
  });

  it('with --lock-timeout 30s it waits for the holder, then plans against what the holder did', async () => {
    const first = await holder();
    const second = await stack.run('apply', 'stack.yaml', '--auto-approve', '--lock-timeout', '30s');
    expect(second.code, second.stderr + second.stdout).to.equal(0);
    expect(second.stderr).to.match(new RegExp(`state is locked by pid ${first.pid} .*; waiting up to 30s`));
    expect(second.stdout).to.include('No changes.');
    expect(await first.done).to.equal(0);
    expect(stack.cloud.ledger(), 'one order in all').to.have.length(1);
  });

  it('a lock left by a dead process on this host is stale and taken over', async () => {
    const dead = spawnSync(process.execPath, ['-e', ''], { stdio: 'ignore' });
    expect(dead.pid).to.be.a('number');
    await mkdir(join(stack.folder, '.cloudctl'), { recursive: true });
    const stale = {
      id: '0b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9',
      pid: dead.pid,
      host: hostname(),
      started_at: '2026-11-21T10:00:00.000Z',
      command: 'apply stack.yaml',
    };
    await writeFile(lockPath(), `${JSON.stringify(stale)}\n`);
    const result = await stack.run('apply', 'stack.yaml', '--auto-approve');
    expect(result.code, result.stderr + result.stdout).to.equal(0);
    expect(result.stderr).to.include(
      `took over a stale state lock: pid ${dead.pid} on host ${hostname()} (apply stack.yaml, since 2026-11-21T10:00:00.000Z, lock id ${stale.id}) no longer runs`,
    );
    expect(existsSync(lockPath())).to.equal(false);
  });

  it('force-unlock ID removes a lock held elsewhere; a wrong id or a live local holder is refused', async () => {
    await mkdir(join(stack.folder, '.cloudctl'), { recursive: true });
    const remote = {
      id: '11111111-2222-4333-8444-555555555555',
      pid: 4242,
      host: 'build-server-7',
      started_at: '2026-11-21T09:00:00.000Z',
      command: 'apply prod.yaml',
    };
    await writeFile(lockPath(), `${JSON.stringify(remote)}\n`);

    const blocked = await stack.run('apply', 'stack.yaml', '--auto-approve');
    expect(blocked.code).to.equal(1);
    expect(blocked.stderr).to.include(
      `state is locked by pid 4242 on host build-server-7 since 2026-11-21T09:00:00.000Z (cloudctl apply prod.yaml); lock id ${remote.id}; wait with --lock-timeout or run 'cloudctl force-unlock ${remote.id}'`,
    );
    expect(stack.cloud.requests(), 'no API call while locked').to.have.length(0);

    const wrong = await stack.run('force-unlock', 'not-the-id');
    expect(wrong.code).to.equal(1);
    expect(wrong.stderr).to.match(
      /^Error: lock id not-the-id does not match the lock on .*state\.json \(held by pid 4242 on host build-server-7 .*\); nothing removed$/m,
    );
    expect(existsSync(lockPath())).to.equal(true);

    const removed = await stack.run('force-unlock', remote.id);
    expect(removed.code, removed.stderr).to.equal(0);
    expect(removed.stdout).to.include(`Removed the state lock ${remote.id}. It was held by pid 4242 on host build-server-7`);
    expect(existsSync(lockPath())).to.equal(false);

    const nothing = await stack.run('force-unlock', remote.id);
    expect(nothing.code).to.equal(1);
    expect(nothing.stderr).to.match(/is not locked; nothing to do/);

    // A holder that still runs on this host (this test process) is not removed without --force.
    const local = { ...remote, id: '99999999-2222-4333-8444-555555555555', pid: process.pid, host: hostname() };
    await writeFile(lockPath(), `${JSON.stringify(local)}\n`);
    const refused = await stack.run('force-unlock', local.id);
    expect(refused.code).to.equal(1);
    expect(refused.stderr).to.match(/the lock holder still runs on this host .*pass --force/);
    expect(JSON.parse(await readFile(lockPath(), 'utf8')).id).to.equal(local.id);
    const forced = await stack.run('force-unlock', local.id, '--force');
    expect(forced.code, forced.stderr).to.equal(0);

    const applied = await stack.run('apply', 'stack.yaml', '--auto-approve');
    expect(applied.code, applied.stderr + applied.stdout).to.equal(0);
    expect(stack.cloud.ledger()).to.have.length(1);
  });
});
