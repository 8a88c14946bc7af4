/**
 * The simulator's cost per request as its cloud grows (issue 35, item 5):
 * a simulator with a data file (as the embedded default keeps
 * `.cloudctl/simulator.json`, and `cloudctl simulator --data FILE`) holding
 * N accounts, then K rounds of what an apply sends for one VM: the order
 * (`POST /lites`), a poll (`GET /lites/accounts/{id}`) and a rename
 * (`PUT .../change-vm-name`). The N accounts are clones of one VM really
 * ordered, written straight into the data file's snapshot (ordering
 * 100,000 through HTTP would take minutes and measure nothing more).
 *
 * Figures: `cpuMsPerRequest`, CPU of this process (the simulator and a bare
 * API client, whose share does not depend on N) per request; `wallMsPerRequest`;
 * `bytesPerRequest`, what the data file and its log grew by per request
 * (a compaction, when one falls in the run, counts its snapshot);
 * `loadMs`, the simulator's start on the file of N accounts; `snapshotBytes`.
 * Flat CPU and bytes per request from 1,000 to 100,000 accounts mean the
 * simulator scans or copies nothing in proportion to its cloud per request.
 *
 * Args: `{ size, rounds }`.
 */
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSimulator } from '../../src/sim/index.js';
import { readDataFile } from '../../src/sim/store.js';
import type { AnyAccount } from '../../src/sim/data-types.js';
import { createApiClient } from '../../src/api/client.js';
import type { ApiClient } from '../../src/api/types.js';
import { runCase } from '../lib/child.js';
import { median, now, round } from '../lib/measure.js';

interface Args {
  size: number;
  rounds: number;
}

/** What a VM order needs: a product, its first OS image and a keypair of the lite pool. */
async function orderBody(api: ApiClient, name: string): Promise<Record<string, unknown>> {
  const products = (await api.get('/lites/products')) as Array<{ product_id: number }>;
  const productId = products[0]!.product_id;
  const oss = (await api.get(`/lites/products/${productId}/oss`)) as Array<{ name: string }>;
  const keypair = (await api.post('/lites/keypairs/', { name: 'bench-key' })) as { sshkey_id: number };
  return {
    product_id: productId,
    cycle: 'm',
    select_os: oss[0]!.name,
    keypair_id: keypair.sshkey_id,
    vm_name: name,
    ssh_and_console_user: 'benchuser',
    console_password: 'Bench1234pass',
  };
}

/** Size of the data file and its log, in bytes. */
async function dataBytes(file: string): Promise<number> {
  let bytes = 0;
  for (const path of [file, `${file}.log`]) if (existsSync(path)) bytes += (await stat(path)).size;
  return bytes;
}

/** Writes `size` accounts into the data file: the one VM ordered, cloned with new ids. */
async function fillDataFile(file: string, size: number): Promise<void> {
  const data = readDataFile(file);
  const template = Object.values(data.accounts)[0] as AnyAccount;
  for (let index = 1; index < size; index++) {
    const id = String(++data.counters.account);
    const invoice = ++data.counters.invoice;
    data.accounts[id] = {
      ...structuredClone(template),
      id,
      order_id: String(++data.counters.order),
      invoice: { ...template.invoice, id: invoice },
    };
  }
  data.generation = (data.generation ?? 0) + 1;
  await writeFile(file, JSON.stringify(data), { mode: 0o600 });
  await rm(`${file}.log`, { force: true });
}

runCase(async (args: Args) => {
  const folder = await mkdtemp(join(tmpdir(), 'cloudctl-bench-sim-'));
  const file = join(folder, 'simulator.json');
  try {
    let simulator = await startSimulator({ dataFile: file, provisioningSeconds: 0, seed: 1 });
    let api = createApiClient({ baseUrl: simulator.url });
    const body = await orderBody(api, 'vm-template');
    await api.post('/lites', body, { paid: true });
    await api.close();
    await simulator.close();
    await fillDataFile(file, args.size);
    const snapshotBytes = (await stat(file)).size;

    let started = now();
    simulator = await startSimulator({ dataFile: file, provisioningSeconds: 0, seed: 1 });
    const loadMs = now() - started;
    api = createApiClient({ baseUrl: simulator.url });
    for (let warm = 0; warm < 5; warm++) await api.get('/lites/products');
    const bytesBefore = await dataBytes(file);
    const cpuBefore = process.cpuUsage();
    const perRequest: number[] = [];
    started = now();
    for (let round = 0; round < args.rounds; round++) {
      const roundStarted = now();
      const order = (await api.post('/lites', { ...body, vm_name: `bench-${String(round).padStart(5, '0')}` }, { paid: true })) as {
        account_id: number | string;
      };
      await api.get(`/lites/accounts/${order.account_id}`);
      await api.put(`/lites/accounts/${order.account_id}/change-vm-name`, { name: `renamed-${String(round).padStart(5, '0')}` });
      perRequest.push((now() - roundStarted) / 3);
    }
    const requests = args.rounds * 3;
    const wallMs = now() - started;
    const cpu = process.cpuUsage(cpuBefore);
    const bytesPerRequest = ((await dataBytes(file)) - bytesBefore) / requests;
    await api.close();
    await simulator.close();
    return {
      size: args.size,
      requests,
      cpuMsPerRequest: round((cpu.user + cpu.system) / 1000 / requests, 3),
      wallMsPerRequest: round(wallMs / requests, 3),
      medianMsPerRequest: round(median(perRequest), 3),
      bytesPerRequest: Math.round(bytesPerRequest),
      loadMs: round(loadMs, 1),
      snapshotBytes,
    };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});
