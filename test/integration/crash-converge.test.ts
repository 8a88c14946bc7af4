/**
 * Crash harness, converge phase (issue 10, case 10): `cloudctl apply` of
 * VMs whose `disk_size` is above their product's, so each create is
 * followed at once by a paid storage upgrade (the executor's `converge`),
 * killed with SIGKILL while it waits for the VM to be `Active` again after
 * that upgrade, then applied again.
 *
 * While the upgrade is pending, the API may still report the old disk size
 * (the simulator does: the account is `Pending` and shows the old value
 * until the upgrade lands). A converge intent closed `ok` before the wait
 * leaves nothing for the next run to reconcile: its refresh reads the old
 * size and plans the upgrade again (a second order, which the simulator
 * refuses and a real API might take). With the paid-call protocol's rule
 * (src/engine/apply/paid-call.ts) the intent stays open until `Active`, the
 * next run reconciles it (waits for `Active`, sees the size took) and plans
 * nothing more.
 *
 * Each round has its own workspace and names (a keypair, two VMs); the
 * first run is killed a random instant (seeded) after the simulator took
 * the n-th storage upgrade of the run, within the time the VM stays
 * `Pending`. Right after the kill, every upgrade the simulator has not
 * applied yet (the old disk size is listed) must be an unfinished intent in
 * the killed run's journal: that is the window, checked where it opens,
 * whatever the timing of the next run. The second run must complete. After it: state matches the
 * simulator (every VM in state, `Active`, not `pending_create`, with the
 * asked disk size, also as listed), and the journal holds no unfinished
 * intent. At the end, on the simulator's ledger and request log: each VM
 * was ordered once and upgraded once, no storage upgrade was even asked for
 * twice (a refused second request counts), and every ordered VM is in a
 * round's final state.
 *
 * Two workers run side by side, each with its own simulator. Settings:
 * provisioning 2 s (an upgrade keeps the VM `Pending` 1 s; kills land
 * within 0.9 s of the upgrade), poll 0.05 s, reconcile grace 0.3 s. Seed: CLOUDCTL_CRASH_SEED (default 5); kills:
 * CLOUDCTL_CRASH_CONVERGE_KILLS (default 3 in `npm test`, 10 in the soak tier);
 * CLOUDCTL_CRASH_DEBUG=1 prints every run.
 */
import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { RunningSimulator } from '../../src/sim/index.js';
import { FileJournal, LocalBackend } from '../../src/state/index.js';
import { CLI, simulatorHeaders, soakCount, startCloud, tempFolder, TEST_TOKEN, write } from './helpers.js';
import { FIRST_PRODUCT, liteVm, passwordAndCatalogueLines } from '../fixtures/lite-stack.js';

const SEED = Number(process.env.CLOUDCTL_CRASH_SEED ?? 5);
const KILLS = Number(process.env.CLOUDCTL_CRASH_CONVERGE_KILLS ?? soakCount(10, 3));
const WORKERS = 2;
const PROVISIONING_SECONDS = 2;
/** How long an upgrade keeps the VM `Pending`, in the simulator: half the provisioning time. */
const UPGRADE_PENDING_MS = (PROVISIONING_SECONDS * 1000) / 2;
const PASSWORD = 'Conv3rgePassw0rd';
const VMS = ['vm1', 'vm2'];
/** Above every lite product's disk (60 to 160 GB): each create is followed by a storage upgrade. */
const DISK_SIZE = 200;

/** Seeded floats in [0, 1): a 32-bit xorshift. */
function seeded(seed: number): () => number {
  let x = (seed * 2654435761) >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x / 4294967296;
  };
}

/** The manifest of one round: names carry the worker and round, so every round orders new VMs. */
function manifest(prefix: string): string {
  const lines = [
    ...passwordAndCatalogueLines('CONVERGE_PASSWORD'),
    '  key:',
    '    type: cloud_lite_keypair',
    `    properties: { name: ${prefix}-key }`,
  ];
  for (const vm of VMS) {
    const properties = `      disk_size: ${DISK_SIZE}\n`;
    lines.push(
      ...liteVm(vm, `${prefix}-${vm}`, { ...FIRST_PRODUCT, user: 'convuser', password: 'password', properties })
        .trimEnd()
        .split('\n'),
    );
  }
  return `${lines.join('\n')}\n`;
}

interface RunResult {
  code: number | null;
  killed: boolean;
  stdout: string;
  stderr: string;
}

/** Figures of one worker. */
interface Figures {
  rounds: number;
  kills: number;
  /** Storage-upgrade intents the clean re-runs reconciled as taken. */
  reconciled: number;
  creates: number;
  upgrades: number;
  /**
   * Upgrades found, right after a kill, still pending at the simulator
   * (the old disk size listed) while the killed run's journal held no
   * unfinished intent for them: a re-run refreshing then would order again.
   */
  closedEarly: number;
  /** Orders placed twice (VM creates by name, storage upgrades by account). */
  duplicates: number;
  /** Storage upgrades asked for again for an account (refused or not). */
  secondRequests: number;
  orphans: string[];
}

/**
 * Runs the CLI in `folder`; with `killAfter`, kills it (SIGKILL) `delayMs`
 * after the simulator took the `nth` storage upgrade since the start.
 */
function run(cloud: RunningSimulator, folder: string, args: string[], killAfter?: { nth: number; delayMs: number }): Promise<RunResult> {
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NO_COLOR: '1',
    CLOUDCTL_BASE_URL: cloud.url,
    CLOUDCTL_POLL_INTERVAL: '0.05',
    CLOUDCTL_RETRY_BASE_MS: '5',
    CLOUDCTL_RECONCILE_GRACE: '0.3',
    CLOUDCTL_API_KEY: TEST_TOKEN,
    CONVERGE_PASSWORD: PASSWORD,
  };
  const upgradesNow = () => cloud.ledger().filter((entry) => entry.operation === 'lite.storage-upgrade').length;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd: folder, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let killed = false;
    let timer: NodeJS.Timeout | undefined;
    let watcher: NodeJS.Timeout | undefined;
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    if (killAfter) {
      const base = upgradesNow();
      watcher = setInterval(() => {
        if (upgradesNow() - base < killAfter.nth) return;
        clearInterval(watcher);
        timer = setTimeout(() => {
          if (child.exitCode === null && child.signalCode === null) killed = child.kill('SIGKILL');
        }, killAfter.delayMs);
      }, 2);
    }
    child.on('exit', (code) => {
      clearInterval(watcher);
      clearTimeout(timer);
      resolve({ code, killed, stdout, stderr });
    });
  });
}

/** The simulator's live lite VMs: account id → listed `extra_details` (name, disk_size, ...). */
async function liveVms(cloud: RunningSimulator): Promise<Map<string, Record<string, unknown>>> {
  const accounts = (
    (await (await fetch(`${cloud.url}/lites/accounts`, { headers: simulatorHeaders() })).json()) as { data: Array<Record<string, unknown>> }
  ).data;
  const live = new Map<string, Record<string, unknown>>();
  for (const account of accounts) {
    if (String(account.status) !== 'Terminated')
      live.set(String(account.account_id), { status: account.status, ...(account.extra_details as Record<string, unknown>) });
  }
  return live;
}

/** One worker: rounds against its own simulator until `quota` runs were killed during the converge wait. */
async function worker(index: number, quota: number): Promise<Figures> {
  const cloud = await startCloud({ provisioningSeconds: PROVISIONING_SECONDS, seed: 31 + index });
  const random = seeded(SEED * 100 + index);
  const figures: Figures = {
    rounds: 0,
    kills: 0,
    reconciled: 0,
    creates: 0,
    upgrades: 0,
    closedEarly: 0,
    duplicates: 0,
    secondRequests: 0,
    orphans: [],
  };
  const inFinalState = new Set<string>();
  try {
    while (figures.kills < quota && figures.rounds < quota * 3) {
      figures.rounds++;
      const prefix = `cv${index}r${figures.rounds}`;
      const folder = await tempFolder('cloudctl-crash-converge-');
      await write(folder, 'stack.yaml', manifest(prefix));
      const args = ['apply', 'stack.yaml', '--auto-approve'];
      const killAfter = { nth: 1 + Math.floor(random() * VMS.length), delayMs: Math.floor(random() * UPGRADE_PENDING_MS * 0.9) };
      const ordersBefore = cloud.ledger().length;
      const first = await run(cloud, folder, args, killAfter);
      const journal = new FileJournal(join(folder, '.cloudctl', 'journal.jsonl'));
      if (first.killed) {
        // At once, before anything reconciles: an upgrade the simulator has not applied yet must be an unfinished intent.
        const listed = await liveVms(cloud);
        const open = new Set(
          (await journal.unfinished()).filter((intent) => intent.operation === 'storage_upgrade').map((intent) => String(intent.match.id)),
        );
        for (const order of cloud.ledger().slice(ordersBefore)) {
          if (order.operation !== 'lite.storage-upgrade') continue;
          const pending = String(listed.get(order.account_id)?.disk_size) !== String(DISK_SIZE);
          if (pending && !open.has(order.account_id)) figures.closedEarly++;
        }
      }
      if (process.env.CLOUDCTL_CRASH_DEBUG)
        process.stdout.write(
          `worker ${index} round ${figures.rounds}: kill ${killAfter.delayMs} ms after upgrade #${killAfter.nth} -> ${first.killed ? 'killed' : `completed (${first.code})`}\n`,
        );
      if (first.killed) figures.kills++;
      else expect(first.code, `${prefix}: a run that was not killed failed:\n${first.stderr}\n${first.stdout}`).to.equal(0);
      const clean = await run(cloud, folder, args);
      if (process.env.CLOUDCTL_CRASH_DEBUG)
        process.stdout.write(`worker ${index} round ${figures.rounds}: clean re-run ${clean.code}\n${clean.stderr}`);
      expect(clean.code, `${prefix}: the re-run after the kill failed:\n${clean.stderr}\n${clean.stdout}`).to.equal(0);
      figures.reconciled += (clean.stderr.match(/reconcile: .*storage_upgrade .* took/g) ?? []).length;

      // State matches the simulator; nothing pending; the journal is closed.
      const state = await new LocalBackend({ statePath: join(folder, '.cloudctl', 'state.json') }).read();
      const live = await liveVms(cloud);
      for (const vm of VMS) {
        const resource = state?.resources[vm];
        expect(resource, `${prefix}: ${vm} in state`).to.not.equal(undefined);
        expect(resource!.pending_create, `${prefix}: ${vm} pending_create`).to.not.equal(true);
        expect(resource!.attributes.disk_size, `${prefix}: ${vm} disk_size in state`).to.equal(DISK_SIZE);
        const listed = live.get(resource!.id);
        expect(listed?.name, `${prefix}: ${vm} (${resource!.id}) is live`).to.equal(`${prefix}-${vm}`);
        expect(String(listed?.disk_size), `${prefix}: ${vm} disk_size as listed`).to.equal(String(DISK_SIZE));
        inFinalState.add(resource!.id);
      }
      const unfinished = await journal.unfinished();
      expect(unfinished, `${prefix}: unfinished journal intents`).to.deep.equal([]);
    }

    // Ordered once, upgraded once, never asked twice; no orphan.
    const ledger = cloud.ledger();
    const creates = ledger.filter((entry) => entry.operation === 'lite.create');
    const upgrades = ledger.filter((entry) => entry.operation === 'lite.storage-upgrade');
    const count = (keys: string[]) => keys.reduce((counts, key) => counts.set(key, (counts.get(key) ?? 0) + 1), new Map<string, number>());
    const extra = (counts: Map<string, number>) => [...counts.values()].reduce((total, n) => total + Math.max(0, n - 1), 0);
    figures.creates = creates.length;
    figures.upgrades = upgrades.length;
    figures.duplicates =
      extra(count(creates.map((entry) => String(entry.body.vm_name)))) + extra(count(upgrades.map((entry) => entry.account_id)));
    const storageRequests = cloud
      .requests()
      .map((request) => (request.method === 'PUT' ? /^\/v1\/lites\/accounts\/(\d+)\/storage$/.exec(request.path)?.[1] : undefined))
      .filter((id): id is string => id !== undefined);
    figures.secondRequests = extra(count(storageRequests));
    expect(new Set(upgrades.map((entry) => entry.account_id)), 'every VM in a final state was upgraded').to.deep.equal(inFinalState);
    figures.orphans = creates.map((entry) => entry.account_id).filter((id) => !inFinalState.has(id));
    return figures;
  } finally {
    await cloud.close();
  }
}

describe('integration: crash harness, converge phase (SIGKILL while waiting for Active after the paid follow-up of a create)', function () {
  this.timeout(900_000);

  it('re-applies to convergence with no order placed twice and no upgrade asked for twice', async () => {
    const started = Date.now();
    const quota = Math.ceil(KILLS / WORKERS);
    const results = await Promise.all(Array.from({ length: WORKERS }, (_, index) => worker(index + 1, quota)));
    const sum = (pick: (figures: Figures) => number) => results.reduce((total, figures) => total + pick(figures), 0);
    const orphans = results.flatMap((figures) => figures.orphans);
    process.stdout.write(
      `      crash harness, converge (seed ${SEED}, ${WORKERS} workers): ${sum((f) => f.kills)} kills in ${sum((f) => f.rounds)} rounds, ` +
        `orders: ${sum((f) => f.creates)} VM creates + ${sum((f) => f.upgrades)} storage upgrades, ` +
        `${sum((f) => f.reconciled)} upgrade intents reconciled as taken, pending upgrades closed early = ${sum((f) => f.closedEarly)}, ` +
        `duplicates found = ${sum((f) => f.duplicates)}, ` +
        `upgrades asked twice = ${sum((f) => f.secondRequests)}, orphans = ${orphans.length}, ${((Date.now() - started) / 1000).toFixed(1)}s\n`,
    );
    expect(sum((f) => f.kills)).to.be.at.least(KILLS);
    expect(
      sum((f) => f.closedEarly),
      'upgrades still pending whose intent a killed run had already closed',
    ).to.equal(0);
    expect(
      sum((f) => f.duplicates),
      'orders placed twice',
    ).to.equal(0);
    expect(
      sum((f) => f.secondRequests),
      'storage upgrades asked for twice',
    ).to.equal(0);
    expect(orphans, 'ordered VMs in no final state').to.deep.equal([]);
  });
});
