/**
 * `cloudctl watch` as processes (issue 28), where the process is the
 * point: replicas on one PostgreSQL workspace elect exactly one leader, and
 * a follower takes over when the leader is killed (SIGKILL); SIGTERM ends a
 * watcher after its current step, releasing its lock. The built binary
 * runs (npm run build first).
 */
import { expect } from 'chai';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RunningSimulator } from '../../src/sim/index.js';
import type { WatchEvent } from '../../src/engine/events.js';
import { CLI, cli, startCloud, tempFolder, write } from './helpers.js';
import { freshSchema, stopTestPostgres, testPostgresUrl } from '../support/postgres.js';
import { liteKeypair, liteVm } from '../fixtures/lite-stack.js';

const STACK = `variables:
  console_password: { default: "Sup3rSecret1", sensitive: true }
resources:
${liteKeypair('key', 'watch-proc-key')}${liteVm('web', 'watch-proc-web')}`;

/** A watcher process and the events it has printed so far. */
interface WatcherProcess {
  child: ChildProcess;
  events: WatchEvent[];
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: string | null }>;
}

function startWatcher(folder: string, env: Record<string, string>, args: string[] = []): WatcherProcess {
  const child = spawn(process.execPath, [CLI, 'watch', 'stack.yaml', '--interval', '1s', ...args], {
    cwd: folder,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const events: WatchEvent[] = [];
  let pending = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => {
    pending += String(chunk);
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) if (line.trim() !== '') events.push(JSON.parse(line) as WatchEvent);
  });
  child.stderr!.on('data', (chunk) => (stderr += String(chunk)));
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal })),
  );
  return { child, events, stderr: () => stderr, exited };
}

async function until(condition: () => boolean, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const leads = (watcher: WatcherProcess) => {
  const roles = watcher.events.filter((event) => event.type === 'leader');
  return roles.at(-1)?.type === 'leader' && roles.at(-1)!.role === 'leader';
};
const cyclesOf = (watcher: WatcherProcess) => watcher.events.filter((event) => event.type === 'cycle_finished').length;

describe('integration: cloudctl watch as processes', function () {
  this.timeout(180_000);
  let cloud: RunningSimulator;
  const token = 'watch-proc-token';
  const running: WatcherProcess[] = [];

  before(async () => {
    cloud = await startCloud({ provisioningSeconds: 0.2, token });
  });
  afterEach(() => {
    for (const watcher of running.splice(0)) watcher.child.kill('SIGKILL');
  });
  after(async () => {
    await cloud?.close();
    await stopTestPostgres();
  });

  it('SIGTERM ends a watcher after its current step: exit 0, a stopped event, its lock released', async () => {
    const folder = await tempFolder('cloudctl-watch-term-');
    await write(folder, 'stack.yaml', STACK);
    const env = { CLOUDCTL_BASE_URL: cloud.url, CLOUDCTL_API_KEY: token, CLOUDCTL_POLL_INTERVAL: '0.05' };
    const applied = await cli(['apply', 'stack.yaml', '--auto-approve'], { cwd: folder, env });
    expect(applied.code, applied.stderr).to.equal(0);
    const watcher = startWatcher(folder, env);
    running.push(watcher);
    await until(() => cyclesOf(watcher) >= 1, 'a first cycle');
    expect(existsSync(join(folder, '.cloudctl', 'watch.lock'))).to.equal(true);
    watcher.child.kill('SIGTERM');
    const { code } = await watcher.exited;
    expect(code, watcher.stderr()).to.equal(0);
    expect(watcher.events.at(-1)?.type).to.equal('stopped');
    expect(existsSync(join(folder, '.cloudctl', 'watch.lock'))).to.equal(false);
  });

  it('a watcher killed in the middle of a repair cycle leaves nothing a normal run cannot finish: the next watcher takes over its locks and finishes the repair, and plan finds nothing left', async () => {
    const folder = await tempFolder('cloudctl-watch-crash-');
    await write(folder, 'stack.yaml', STACK);
    const env = { CLOUDCTL_BASE_URL: cloud.url, CLOUDCTL_API_KEY: token, CLOUDCTL_POLL_INTERVAL: '0.05' };
    const applied = await cli(['apply', 'stack.yaml', '--auto-approve'], { cwd: folder, env });
    expect(applied.code, applied.stderr).to.equal(0);
    const creates = () => cloud.ledger().filter((entry) => entry.operation === 'lite.create').length;
    const created = creates();
    const state = JSON.parse(await readFile(join(folder, '.cloudctl', 'state.json'), 'utf8'));
    const rename = (name: string) =>
      fetch(`${cloud.url}/lites/accounts/${state.resources.web.id}/change-vm-name`, {
        method: 'PUT',
        headers: { 'x-token': token, 'content-type': 'application/json' },
        body: JSON.stringify({ name }),
      });
    expect((await rename('renamed-by-hand')).ok).to.equal(true);
    const watcher = startWatcher(folder, env, ['--repair', 'free']);
    running.push(watcher);
    await until(() => watcher.events.some((event) => event.type === 'cycle_started'), 'a cycle to start');
    watcher.child.kill('SIGKILL');
    await watcher.exited;
    // Whatever it was doing, a new watcher takes over the dead one's locks and finishes the repair.
    const again = await cli(['watch', 'stack.yaml', '--once', '--repair', 'free'], { cwd: folder, env });
    expect([0, 2], again.stderr).to.include(again.code);
    const settled = await cli(['plan', 'stack.yaml', '--detailed-exitcode'], { cwd: folder, env });
    expect(settled.code, settled.stderr + settled.stdout).to.equal(0);
    expect(creates(), 'no order placed').to.equal(created);
  });

  it('replicas on one PostgreSQL workspace: exactly one leads; when it is killed, the other takes over', async () => {
    const url = await testPostgresUrl();
    const schema = freshSchema('watch');
    const folder = await tempFolder('cloudctl-watch-pg-');
    await write(folder, 'stack.yaml', STACK);
    const env = {
      CLOUDCTL_BASE_URL: cloud.url,
      CLOUDCTL_API_KEY: token,
      CLOUDCTL_POLL_INTERVAL: '0.05',
      CLOUDCTL_BACKEND: `${url}${url.includes('?') ? '&' : '?'}schema=${schema}`,
    };
    const creates = () => cloud.ledger().filter((entry) => entry.operation === 'lite.create').length;
    const applied = await cli(['apply', 'stack.yaml', '--auto-approve'], { cwd: folder, env });
    expect(applied.code, applied.stderr).to.equal(0);
    const created = creates();
    const first = startWatcher(folder, env);
    running.push(first);
    await until(() => leads(first), 'the first replica to lead');
    const second = startWatcher(folder, env);
    running.push(second);
    await until(() => second.events.some((event) => event.type === 'leader'), 'the second replica to settle');
    await until(() => cyclesOf(first) >= 2, 'two cycles of the leader');
    expect(leads(second), 'exactly one leader').to.equal(false);
    expect(cyclesOf(second), 'a follower runs no cycle').to.equal(0);
    // A manual apply meanwhile takes the same state lock (waiting for a cycle in flight), and succeeds.
    const manual = await cli(['apply', 'stack.yaml', '--auto-approve', '--lock-timeout', '30s'], { cwd: folder, env });
    expect(manual.code, manual.stderr).to.equal(0);
    first.child.kill('SIGKILL');
    await first.exited;
    await until(() => leads(second), 'the second replica to take over');
    await until(() => cyclesOf(second) >= 1, 'a cycle of the new leader');
    expect(second.events.filter((event) => event.type === 'cycle_failed')).to.deep.equal([]);
    second.child.kill('SIGTERM');
    expect((await second.exited).code, second.stderr()).to.equal(0);
    expect(creates(), 'no order placed by the watchers or the manual apply').to.equal(created);
  });
});
