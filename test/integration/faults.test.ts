/**
 * Faults (issue 5): with the simulator faulting 10% of all requests (429,
 * 500, 503, connection resets, and lost responses after the request was
 * handled, orders included), every example in examples/ converges when
 * `cloudctl apply` is repeated until `plan --detailed-exitcode` says there
 * is nothing to change, and no order is placed twice.
 *
 * The client retries reads (and 429s); an order whose outcome is unknown is
 * never repeated: the run looks for it by listing at once, and the next run
 * reconciles it before planning. Nothing is destroyed here, so "no order
 * placed twice" is exact: every ledger order is for an account the final
 * state holds, no in-place order repeats (same operation, account and
 * body), and every live resource of every type is in state.
 */
import { expect } from 'chai';
import { readdirSync } from 'node:fs';
import { copyFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { createApiClient } from '../../src/api/client.js';
import { catalogue } from '../../src/resources/index.js';
import type { ResourceType } from '../../src/resources/attribute.js';
import type { FaultOptions, RunningSimulator } from '../../src/sim/index.js';
import { cli, readState, startCloud, TEST_TOKEN, tempFolder } from './helpers.js';

const FAULTS: FaultOptions = { rate: 0.1, kinds: ['429', '500', '503', 'reset', 'lost-response'] };
/** Faults on the order paths only (POST/PUT of creates and paid changes), at a high rate. */
const ORDER_FAULTS: FaultOptions = {
  rate: 0.5,
  kinds: ['lost-response', 'lost-response', '500', 'reset'],
  paths: '^/(lites|lite-pros)(/keypairs/|/disks|/accounts/[0-9]+/(snapshot|storage|change-package))?$',
};
const MAX_APPLIES = 15;

/** Every live resource of every type, by type: ids as the type's `list` reports them. */
async function inventory(cloud: RunningSimulator): Promise<Map<string, Set<string>>> {
  const api = createApiClient({ baseUrl: cloud.url, token: TEST_TOKEN, retryBaseDelayMs: 5 });
  const found = new Map<string, Set<string>>();
  try {
    for (const entry of catalogue.values()) {
      if (entry.kind !== 'resource' || !(entry as ResourceType).list) continue;
      const listed = await (entry as ResourceType).list!({ api, pollIntervalSeconds: 0.05, deadline: Date.now() + 60_000 });
      found.set(entry.type, new Set(listed.map((item) => item.id)));
    }
  } finally {
    await api.close();
  }
  return found;
}

describe('integration: faults (10% of requests faulted) and convergence of the examples', function () {
  this.timeout(600_000);
  const totals = { requests: 0, faults: 0, retried: 0, orders: 0, duplicates: 0, applies: 0, reconciled: 0, lost: 0 };

  after(() => {
    process.stdout.write(
      `      faults, all examples: ${totals.requests} requests, ${totals.faults} faults injected, ${totals.retried} retried by the client, ` +
        `${totals.applies} applies, ${totals.orders} orders, ${totals.lost} POST/PUT answers lost after handling, ${totals.reconciled} intents reconciled by later runs, duplicates ${totals.duplicates}\n`,
    );
  });

  const examples = readdirSync(resolve('examples'))
    .filter((name) => name.endsWith('.yaml'))
    .sort();
  it('runs every example, quickstart included', () => {
    expect(examples).to.include('quickstart.yaml');
  });

  const cases: Array<{ example: string; seed: number; faults: FaultOptions; label: string }> = [];
  for (const example of examples) {
    cases.push({ example, seed: 3, faults: FAULTS, label: '10% of requests faulted' });
  }
  // Half the orders (creates, upgrades, keypairs) handled and their answer lost, or refused with 500 / reset.
  cases.push({ example: 'quickstart.yaml', seed: 5, faults: ORDER_FAULTS, label: 'half the orders lost, 500 or reset' });
  if (examples.includes('lite.yaml'))
    cases.push({ example: 'lite.yaml', seed: 5, faults: ORDER_FAULTS, label: 'half the orders lost, 500 or reset' });

  for (const { example, seed, faults, label } of cases) {
    it(`examples/${example} converges with no order placed twice (${label})`, async () => {
      const path = resolve('examples', example);
      const cloud = await startCloud({ provisioningSeconds: 0.2, seed, faults });
      try {
        const folder = await tempFolder('cloudctl-faults-');
        await copyFile(path, join(folder, basename(path)));
        const env = {
          CLOUDCTL_BASE_URL: cloud.url,
          CLOUDCTL_POLL_INTERVAL: '0.03',
          CLOUDCTL_RETRY_BASE_MS: '5',
          CLOUDCTL_RECONCILE_GRACE: '0.2s',
        };
        const run = (...args: string[]) => cli(args, { cwd: folder, env });
        let applies = 0;
        let reconciled = 0;
        let converged = false;
        const transcript: string[] = [];
        while (applies < MAX_APPLIES) {
          const applied = await run('apply', basename(path), '--auto-approve');
          applies++;
          reconciled += (applied.stderr.match(/reconcile: .*(adopted|so it was not placed|did not take|already in state|took \()/g) ?? [])
            .length;
          transcript.push(
            `--- apply ${applies}: exit ${applied.code}\n${applied.stderr}\n${applied.stdout
              .split('\n')
              .filter((line) => /failed|error|Apply|reconcile/i.test(line))
              .join('\n')}`,
          );
          if (applied.code !== 0) continue;
          const planned = await run('plan', basename(path), '--detailed-exitcode');
          transcript.push(`--- plan: exit ${planned.code}\n${planned.stderr}`);
          if (planned.code === 0) {
            converged = true;
            break;
          }
        }
        expect(converged, `${example} did not converge in ${MAX_APPLIES} applies:\n${transcript.join('\n')}`).to.equal(true);

        cloud.setFaults(undefined);
        const state = await readState(folder);
        const ids = new Map<string, Set<string>>();
        for (const resource of Object.values(state.resources) as Array<{ type: string; id: string; pending_create?: boolean }>) {
          expect(resource.pending_create, `${example}: pending_create left in state`).to.not.equal(true);
          if (!ids.has(resource.type)) ids.set(resource.type, new Set());
          ids.get(resource.type)!.add(resource.id);
        }
        const stateIds = new Set([...ids.values()].flatMap((set) => [...set]));
        const ledger = cloud.ledger();
        let duplicates = 0;
        const seen = new Set<string>();
        for (const order of ledger) {
          if (!stateIds.has(order.account_id)) duplicates++; // an order whose account state does not hold: placed twice (nothing is destroyed here)
          const key = `${order.operation}:${order.account_id}:${JSON.stringify(order.body)}`;
          if (!/\.(create|snapshot-create|snapshot-create-vm|disk-create)$/.test(order.operation) && seen.has(key)) duplicates++;
          seen.add(key);
        }
        const live = await inventory(cloud);
        const unknown: string[] = [];
        // Some types list the same accounts (a VM made from a snapshot is a lite VM): an id is known when state holds it under any type.
        for (const [type, listed] of live) for (const id of listed) if (!stateIds.has(id)) unknown.push(`${type} ${id}`);
        const requests = cloud.requests();
        const faulted = requests.filter((request) => request.faulted);
        const retried = faulted.filter(
          (request) => request.method === 'GET' || request.method === 'DELETE' || request.faulted === '429',
        ).length;
        // Orders taken whose answer was lost: each was found by listing, never placed again.
        const lostOrders = faulted.filter(
          (request) =>
            request.faulted === 'lost-response' && request.status === 200 && (request.method === 'POST' || request.method === 'PUT'),
        ).length;
        process.stdout.write(
          `      ${example} (${label}): ${applies} applies, ${requests.length} requests, ${faulted.length} faults injected ` +
            `(${['429', '500', '503', 'reset', 'lost-response'].map((kind) => `${kind} ${faulted.filter((request) => request.faulted === kind).length}`).join(', ')}), ` +
            `${retried} retried, ${ledger.length} orders, ${lostOrders} POST/PUT answers lost after handling, ${reconciled} intents reconciled by later runs, ` +
            `duplicates ${duplicates}, live resources unknown to state ${unknown.length}\n`,
        );
        totals.requests += requests.length;
        totals.faults += faulted.length;
        totals.retried += retried;
        totals.orders += ledger.length;
        totals.duplicates += duplicates;
        totals.applies += applies;
        totals.reconciled += reconciled;
        totals.lost += lostOrders;
        expect(faulted.length, 'faults were injected').to.be.greaterThan(0);
        expect(duplicates, `${example}: orders placed twice`).to.equal(0);
        expect(unknown, `${example}: live resources state does not know`).to.deep.equal([]);
      } finally {
        await cloud.close();
      }
    });
  }
});
