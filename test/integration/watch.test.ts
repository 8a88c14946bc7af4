/**
 * `cloudctl watch` (issue 28) against the simulator: `--once` exit codes and
 * JSON-line events, bad input refused before any API call, drift,
 * unmanaged accounts as unbudgeted spend with their monthly amounts,
 * `--repair free` (applies a rename, orders nothing), paid changes saved as
 * a plan a person applies (announced once), the request count of each
 * cycle and the request budget (a 429 slows it), `--notify` and
 * `--metrics-listen`, the state lock shared with a manual run, and a second
 * watcher refused on the local backend. The simulator's ledger is checked
 * for orders the watcher must never place.
 */
import { expect } from 'chai';
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { Engine, Watcher } from '../../src/engine/engine.js';
import type { WatchEvent } from '../../src/engine/events.js';
import { openLocalState } from '../../src/state/index.js';
import { TEST_TOKEN, cliEnvironment, behindTheBack, useStack, write } from './helpers.js';
import { liteKeypair, liteVm, passwordVariable } from '../fixtures/lite-stack.js';

const PASSWORD = 'Watch1Password';

function manifest(productId = 1547): string {
  return `${passwordVariable()}resources:
${liteKeypair('key', 'watch-key')}${liteVm('web', 'web-watch-01', { productId })}`;
}

/** The JSON-line events of a watch run's stdout. */
function events(stdout: string): WatchEvent[] {
  return stdout
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as WatchEvent);
}

const ofType = <T extends WatchEvent['type']>(list: WatchEvent[], type: T) =>
  list.filter((event): event is Extract<WatchEvent, { type: T }> => event.type === type);

describe('integration: cloudctl watch', function () {
  this.timeout(120_000);
  const stack = useStack({
    manifest: manifest(),
    env: { TEST_CONSOLE_PASSWORD: PASSWORD, CLOUDCTL_LIST_LAG: '0' },
    simulator: { provisioningSeconds: 0.2 },
    prefix: 'cloudctl-watch-',
  });
  let id: string;

  before(async () => {
    const applied = await stack.run('apply', 'stack.yaml', '--auto-approve');
    expect(applied.code, applied.stderr + applied.stdout).to.equal(0);
    const state = JSON.parse(await (await import('node:fs/promises')).readFile(join(stack.folder, '.cloudctl', 'state.json'), 'utf8'));
    id = state.resources.web.id;
  });

  it('--once with nothing changed exits 0 and reports the cycle as JSON lines with its request count', async () => {
    const result = await stack.run('watch', 'stack.yaml', '--once');
    expect(result.code, result.stderr).to.equal(0);
    const list = events(result.stdout);
    expect(list[0]!.type).to.equal('watch_started');
    expect(ofType(list, 'leader')[0]!.role).to.equal('leader');
    const finished = ofType(list, 'cycle_finished');
    expect(finished).to.have.length(1);
    expect(finished[0]!.drifted).to.equal(0);
    expect(finished[0]!.pending).to.equal(0);
    expect(finished[0]!.requests).to.be.greaterThan(0);
    expect(ofType(list, 'drift')).to.deep.equal([]);
  });

  it('bad input is refused before any API call: an unknown --repair mode, a bad manifest (file:line:col)', async () => {
    const before = stack.cloud.requests().length;
    const mode = await stack.run('watch', 'stack.yaml', '--once', '--repair', 'everything');
    expect(mode.code).to.equal(1);
    expect(mode.stderr).to.include('Allowed choices are none, free');
    await write(stack.folder, 'broken.yaml', 'resources:\n  web:\n    type: cloud_lite_vm_typo\n');
    const broken = await stack.run('watch', 'broken.yaml', '--once');
    expect(broken.code).to.equal(1);
    expect(broken.stderr).to.match(/broken\.yaml:3:\d+/);
    expect(stack.cloud.requests().length).to.equal(before);
    expect(existsSync(join(stack.folder, '.cloudctl', 'watch.lock'))).to.equal(false);
  });

  it('with --max-requests-per-minute every request of the cycle goes through the budget and is counted', async () => {
    const before = stack.cloud.requests().length;
    const result = await stack.run('watch', 'stack.yaml', '--once', '--max-requests-per-minute', '6000');
    expect(result.code, result.stderr).to.equal(0);
    const list = events(result.stdout);
    expect(ofType(list, 'watch_started')[0]!.maxRequestsPerMinute).to.equal(6000);
    const sent = stack.cloud.requests().length - before;
    expect(ofType(list, 'cycle_finished')[0]!.requests).to.equal(sent);
    const refused = await stack.run('watch', 'stack.yaml', '--once', '--max-requests-per-minute', '1');
    expect(refused.code).to.equal(1);
    expect(refused.stderr).to.include('at least 2');
  });

  it('a 429 from the API slows the budget down; the read is retried and the cycle completes, the refused attempt counted', async () => {
    stack.cloud.setFaults({ rate: 1, kinds: ['429'], paths: '^GET /lites/keypairs', times: 1 });
    const seen: WatchEvent[] = [];
    const engine = await Engine.open({ directory: stack.folder, env: cliEnvironment(stack.env) });
    const watcher = new Watcher(engine, 'stack.yaml', {
      once: true,
      maxRequestsPerMinute: 6000,
      onWatchEvent: (event) => seen.push(event),
    });
    try {
      expect((await watcher.run()).status).to.equal('clean');
    } finally {
      stack.cloud.setFaults(undefined);
      await engine.close();
    }
    expect(watcher.requestBudget!.throttles).to.equal(1);
    const finished = ofType(seen, 'cycle_finished')[0]!;
    expect(finished.apiErrors).to.equal(1);
    expect(stack.cloud.requests().filter((request) => request.status === 429)).to.have.length.at.least(1);
  });

  it('a rename behind its back is drift: exit 2, a drift event and a free pending change; report-only changes nothing', async () => {
    await behindTheBack(stack.cloud, 'PUT', `/lites/accounts/${id}/change-vm-name`, { name: 'renamed-by-hand' });
    const orders = stack.cloud.counts().orders;
    const result = await stack.run('watch', 'stack.yaml', '--once');
    expect(result.code, result.stderr).to.equal(2);
    const list = events(result.stdout);
    expect(ofType(list, 'drift')).to.deep.include({
      type: 'drift',
      cycle: 1,
      address: 'web',
      attribute: 'vm_name',
      before: 'web-watch-01',
      after: 'renamed-by-hand',
    });
    expect(ofType(list, 'pending_change').map((event) => [event.address, event.action, event.kind])).to.deep.equal([
      ['web', 'update', 'free'],
    ]);
    expect(ofType(list, 'repaired')).to.deep.equal([]);
    const account = await behindTheBack(stack.cloud, 'GET', `/lites/accounts/${id}`);
    expect(account.extra_details.name).to.equal('renamed-by-hand');
    expect(stack.cloud.counts().orders).to.equal(orders);
    expect(result.stdout).not.to.include(PASSWORD);
  });

  it('--notify POSTs each new finding once (retried), secrets masked; --metrics-listen serves the metrics', async () => {
    const received: any[] = [];
    let refusedOnce = false;
    const server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += String(chunk)));
      request.on('end', () => {
        if (!refusedOnce) {
          refusedOnce = true;
          response.writeHead(503).end();
          return;
        }
        received.push(JSON.parse(body));
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const notifyUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    const engine = await Engine.open({ directory: stack.folder, env: cliEnvironment(stack.env) });
    const controller = new AbortController();
    let metricsUrl = '';
    let metrics = '';
    let cycles = 0;
    const watcher = new Watcher(engine, 'stack.yaml', {
      intervalSeconds: 60,
      notifyUrl,
      metricsListen: '127.0.0.1:0',
      signal: controller.signal,
      sleep: async () => {
        if (++cycles < 2) return;
        metrics = await (await fetch(metricsUrl)).text();
        controller.abort();
      },
      onWatchEvent: (event) => {
        if (event.type === 'watch_started') metricsUrl = event.metricsUrl ?? '';
      },
    });
    try {
      expect((await watcher.run()).status).to.equal('stopped');
    } finally {
      await engine.close();
      await new Promise((resolve) => server.close(resolve));
    }
    // Two cycles found the same drift: each finding was sent once, the first after a 503 and a retry.
    const findings = received.map((body) => body.finding);
    expect(findings.map((finding) => finding.type).sort()).to.deep.equal(['drift', 'pending_change']);
    expect(findings.find((finding) => finding.type === 'drift')).to.include({
      address: 'web',
      attribute: 'vm_name',
      after: 'renamed-by-hand',
    });
    expect(received.every((body) => body.source === 'cloudctl watch')).to.equal(true);
    expect(JSON.stringify(received)).not.to.include(TEST_TOKEN);
    expect(JSON.stringify(received)).not.to.include(PASSWORD);
    expect(metrics).to.match(/^cloudctl_watch_drifted_resources 1$/m);
    expect(metrics).to.match(/^cloudctl_watch_pending_changes\{kind="free"\} 1$/m);
    expect(metrics).to.match(/^cloudctl_watch_paid_orders_awaiting_approval 0$/m);
    expect(metrics).to.match(/^cloudctl_watch_unmanaged_accounts 0$/m);
    expect(metrics).to.match(/^cloudctl_watch_monthly_cost \d+$/m);
    expect(metrics).to.match(/^cloudctl_watch_last_successful_cycle_timestamp_seconds \d/m);
    expect(metrics).to.match(/^cloudctl_watch_api_requests_total [1-9]\d*$/m);
    expect(metrics).to.match(/^cloudctl_watch_api_errors_total 0$/m);
    expect(metrics).to.match(/^cloudctl_watch_cycles_total\{outcome="ok"\} 2$/m);
    expect(metrics).to.match(/^cloudctl_watch_leader 1$/m);
  });

  it('--repair free renames it back and places no order', async () => {
    const orders = stack.cloud.counts().orders;
    const result = await stack.run('watch', 'stack.yaml', '--once', '--repair', 'free');
    expect(result.code, result.stderr).to.equal(2);
    const list = events(result.stdout);
    expect(ofType(list, 'repaired').map((event) => event.address)).to.deep.equal(['web']);
    const account = await behindTheBack(stack.cloud, 'GET', `/lites/accounts/${id}`);
    expect(account.extra_details.name).to.equal('web-watch-01');
    expect(stack.cloud.counts().orders).to.equal(orders);
    expect((await stack.run('watch', 'stack.yaml', '--once')).code).to.equal(0);
  });

  it('a paid change is saved as a plan for a person, announced once, never applied by the watcher; cloudctl apply PLANFILE applies it', async () => {
    const options = await behindTheBack(stack.cloud, 'GET', `/lites/accounts/${id}/change-package`);
    const target = options.packages.find((entry: any) => entry.allowed).product_id as number;
    await write(stack.folder, 'stack.yaml', manifest(target));
    const orders = stack.cloud.counts().orders;
    const seen: WatchEvent[] = [];
    const engine = await Engine.open({ directory: stack.folder, env: cliEnvironment(stack.env) });
    const controller = new AbortController();
    let cycles = 0;
    const watcher = new Watcher(engine, 'stack.yaml', {
      intervalSeconds: 60,
      repair: 'free',
      signal: controller.signal,
      // Two cycles, no real wait between them.
      sleep: async () => undefined,
      onWatchEvent: (event) => {
        seen.push(event);
        if (event.type === 'cycle_finished' && ++cycles === 2) controller.abort();
      },
    });
    const outcome = await watcher.run();
    await engine.close();
    expect(outcome.status).to.equal('stopped');
    expect(ofType(seen, 'cycle_finished')).to.have.length(2);
    const saved = ofType(seen, 'plan_saved');
    expect(saved, 'announced once over two cycles').to.have.length(1);
    expect(saved[0]!.changes).to.deep.equal([{ address: 'web', action: 'update', kind: 'paid' }]);
    expect(saved[0]!.paidOrders).to.equal(1);
    expect(ofType(seen, 'repaired')).to.deep.equal([]);
    expect(stack.cloud.counts().orders, 'the watcher placed no order').to.equal(orders);
    const planFile = join(stack.folder, '.cloudctl', 'watch-plan.json');
    expect(existsSync(planFile)).to.equal(true);
    const applied = await stack.run('apply', '.cloudctl/watch-plan.json');
    expect(applied.code, applied.stderr + applied.stdout).to.equal(0);
    expect(stack.cloud.counts().orders).to.equal(orders + 1);
  });

  it('a cycle waits for the state lock a manual run holds, and fails after the interval rather than interleave', async () => {
    const held = await openLocalState(join(stack.folder, '.cloudctl', 'state.json'), { lock: { command: 'apply stack.yaml' } });
    try {
      const result = await stack.run('watch', 'stack.yaml', '--once', '--interval', '1s');
      expect(result.code).to.equal(1);
      const failed = ofType(events(result.stdout), 'cycle_failed');
      expect(failed).to.have.length(1);
      expect(failed[0]!.message).to.include('state is locked by');
      expect(failed[0]!.message).to.include('apply stack.yaml');
    } finally {
      await held.close();
    }
  });

  it('a second watcher on the local backend is refused, naming the first: one refused event, never watch_started (issue 39, finding 6)', async () => {
    const engine = await Engine.open({ directory: stack.folder, env: cliEnvironment(stack.env) });
    const controller = new AbortController();
    let started!: () => void;
    const first = new Promise<void>((resolve) => (started = resolve));
    const watcher = new Watcher(engine, 'stack.yaml', {
      intervalSeconds: 60,
      signal: controller.signal,
      onWatchEvent: (event) => event.type === 'cycle_finished' && started(),
    });
    const running = watcher.run();
    await first;
    try {
      const second = await stack.run('watch', 'stack.yaml', '--once');
      expect(second.code).to.equal(1);
      expect(second.stderr).to.include('another watcher is already watching this workspace');
      expect(second.stderr).to.include(`pid ${process.pid}`);
      expect(second.stderr).to.include(hostname());
      const said = events(second.stdout);
      expect(said.map((event) => event.type)).to.deep.equal(['refused']);
      expect((said[0] as { reason: string }).reason).to.include('another watcher is already watching this workspace');
    } finally {
      controller.abort();
      await running;
      await engine.close();
    }
    expect(existsSync(join(stack.folder, '.cloudctl', 'watch.lock')), 'the lock is released when the watcher stops').to.equal(false);
  });

  it('accounts nobody manages are reported as unbudgeted spend with their monthly amounts', async () => {
    await write(
      stack.folder,
      'other.yaml',
      `${passwordVariable()}resources:\n${liteKeypair('key', 'other-key')}${liteVm('stray', 'stray-vm-01')}`,
    );
    const other = await stack.run('--state', 'other/state.json', 'apply', 'other.yaml', '--auto-approve');
    expect(other.code, other.stderr + other.stdout).to.equal(0);
    const result = await stack.run('watch', 'stack.yaml', '--once');
    expect(result.code, result.stderr).to.equal(2);
    const list = events(result.stdout);
    const unmanaged = ofType(list, 'unmanaged');
    expect(unmanaged.map((event) => [event.resourceType, event.name])).to.deep.equal([['cloud_lite_vm', 'stray-vm-01']]);
    expect(unmanaged[0]!.monthly).to.be.a('number').greaterThan(0);
    const finished = ofType(list, 'cycle_finished')[0]!;
    expect(finished.unmanaged).to.equal(1);
    expect(finished.unmanagedMonthly).to.equal(unmanaged[0]!.monthly);
  });
});
