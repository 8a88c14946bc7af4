/**
 * The simulator's data file written in proportion to what changed
 * (src/sim/data-log.ts): a snapshot plus an append-only log of changes. A
 * simulator restarted from the file answers every read as before (every
 * kind of change went to the log); requests append to the log and leave
 * the snapshot alone; a torn last line is ignored and dropped; lines of an
 * older generation (a crash in a compaction) are skipped.
 */
import { expect } from 'chai';
import { appendFileSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempFolder } from '../temp-folders.js';
import { readLedgerFile, startSimulator, type RunningSimulator } from '../../src/sim/index.js';
import { logPathOf } from '../../src/sim/data-log.js';
import { readDataFile } from '../../src/sim/store.js';

/** One API call's status and `data`. */
async function call(
  sim: RunningSimulator,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; data: any; detail?: string }> {
  const res = await fetch(sim.url + path, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const reply = (await res.json()) as { data?: unknown; detail?: string };
  return { status: res.status, data: reply.data, detail: reply.detail };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every read that shows the simulator's data: the lists of every kind, keypairs of each pool, assignments, the ledger. */
async function everything(sim: RunningSimulator, metal: string): Promise<unknown[]> {
  const paths = [
    '/lites/accounts',
    '/lite-pros/accounts',
    '/lites/disks/accounts',
    '/lites/snapshots/accounts',
    '/lites/keypairs/',
    '/lite-pros/keypairs/',
    '/baremetals/keypairs/',
    '/baremetals/accounts',
    '/baremetal-additional-ips',
    '/baremetal-elastic-storages',
    `/baremetal-additional-ips/assignments-by-metal-account-id/${metal}`,
  ];
  const replies = await Promise.all(paths.map((path) => call(sim, 'GET', path)));
  return [...replies.map((reply) => [reply.status, reply.data]), sim.ledger()];
}

/** Asserts `reply` succeeded and returns its `data`. */
function ok(reply: { status: number; data: any; detail?: string }): any {
  expect(reply.status, reply.detail).to.equal(200);
  return reply.data;
}

describe('simulator: data file as a snapshot and a log of changes', function () {
  this.timeout(60_000);

  it('a simulator restarted from the file answers every read as before, and requests leave the snapshot alone', async () => {
    const dataFile = join(await tempFolder('cloudctl-sim-log-'), 'sim.json');
    const first = await startSimulator({ provisioningSeconds: 0.05, seed: 3, dataFile });
    after(() => first.close());
    const key = ok(await call(first, 'POST', '/lites/keypairs/', { name: 'log-key' })).sshkey_id;
    const snapshotBefore = readFileSync(dataFile, 'utf8');
    const vmBody = {
      product_id: 1547,
      cycle: 'm',
      select_os: 'ubuntu-22.04',
      keypair_id: key,
      ssh_and_console_user: 'deployer',
      console_password: 'Secr3tPassw0rd',
      vm_name: 'log-vm',
      pay_invoice_with_cc: 'yes',
    };
    const vm = ok(await call(first, 'POST', '/lites', vmBody)).account_id;
    const unpaid = ok(await call(first, 'POST', '/lites', { ...vmBody, vm_name: 'unpaid-vm', pay_invoice_with_cc: 'no' })).account_id;
    const doomed = ok(await call(first, 'POST', '/lites/keypairs/', { name: 'doomed' })).sshkey_id;
    await sleep(120);
    ok(await call(first, 'PUT', `/lites/accounts/${vm}/change-vm-name`, { name: 'renamed-vm' }));
    ok(await call(first, 'PUT', `/lites/accounts/${vm}/vm-state/stop`));
    ok(await call(first, 'PUT', `/lites/accounts/${vm}/storage`, { disk_size: 150, pay_invoice_with_cc: 'yes' }));
    const disk = ok(
      await call(first, 'POST', '/lites/disks', { product_id: 1701, cycle: 'm', lite_account_id: vm, pay_invoice_with_cc: 'yes' }),
    );
    ok(await call(first, 'POST', `/lites/accounts/${vm}/snapshot`, { cycle: 'm', name: 'nightly-01', pay_invoice_with_cc: 'yes' }));
    ok(await call(first, 'DELETE', `/lites/keypairs/${doomed}`));
    const openInvoice = first.accounts().find((account) => account.id === unpaid)!.invoice.id;
    first.payInvoice(openInvoice);
    const metalKey = ok(await call(first, 'POST', '/baremetals/keypairs/', { name: 'metal-key' })).keypair_id;
    const metal = ok(
      await call(first, 'POST', '/baremetals', {
        product_id: 3002,
        cycle: 'a',
        keypair_id: metalKey,
        label: 'm',
        pay_invoice_with_cc: 'yes',
      }),
    ).account_id;
    const ip = ok(
      await call(first, 'POST', '/baremetal-additional-ips', { product_id: 4001, cycle: 'm', pay_invoice_with_cc: 'yes' }),
    ).account_id;
    ok(
      await call(first, 'POST', '/baremetal-elastic-storages', {
        product_id: 5001,
        cycle: 'm',
        storage_name: 'data',
        metal_account_id: metal,
        pay_invoice_with_cc: 'yes',
      }),
    );
    await sleep(120);
    ok(await call(first, 'PUT', `/baremetal-additional-ips/${ip}/assigns`, { metal_account_id: Number(metal) }));
    ok(await call(first, 'DELETE', `/lites/disks/${disk.account_id}`));
    expect(readFileSync(dataFile, 'utf8'), 'the snapshot is not rewritten by each request').to.equal(snapshotBefore);
    const before = await everything(first, metal);
    await first.close();
    expect(readFileSync(logPathOf(dataFile), 'utf8').split('\n').length).to.be.greaterThan(15);
    expect(readFileSync(logPathOf(dataFile), 'utf8')).to.not.contain('"private_key"');
    expect(statSync(logPathOf(dataFile)).mode & 0o777).to.equal(0o600);

    const second = await startSimulator({ provisioningSeconds: 0.05, seed: 99, dataFile });
    let requests: unknown[] = [];
    try {
      expect(await everything(second, metal)).to.deep.equal(before);
      requests = second.requests();
    } finally {
      await second.close();
    }
    expect(readDataFile(dataFile).requests).to.deep.equal(requests);
  });

  it('ignores a torn last line of the log, then drops it so the next lines append cleanly', async () => {
    const dataFile = join(await tempFolder('cloudctl-sim-log-'), 'sim.json');
    const first = await startSimulator({ provisioningSeconds: 0.05, dataFile });
    ok(await call(first, 'POST', '/lites/keypairs/', { name: 'kept' }));
    await first.close();
    appendFileSync(logPathOf(dataFile), '{"g":1,"keypairs":[{"id":9999,"pool":"lite","na');
    expect(readDataFile(dataFile).keypairs.map((keypair) => keypair.name)).to.deep.equal(['kept']);
    const second = await startSimulator({ provisioningSeconds: 0.05, dataFile });
    ok(await call(second, 'POST', '/lites/keypairs/', { name: 'after' }));
    await second.close();
    expect(readDataFile(dataFile).keypairs.map((keypair) => keypair.name)).to.deep.equal(['kept', 'after']);
    expect(readLedgerFile(dataFile)).to.deep.equal([]);
  });

  it('skips the lines of an older generation (a crash between a compaction and emptying the log)', async () => {
    const dataFile = join(await tempFolder('cloudctl-sim-log-'), 'sim.json');
    const sim = await startSimulator({ provisioningSeconds: 0.05, dataFile });
    ok(await call(sim, 'POST', '/lites/keypairs/', { name: 'in-snapshot' }));
    await sim.close();
    const data = readDataFile(dataFile);
    writeFileSync(dataFile, JSON.stringify({ ...data, generation: 7 }));
    const keypair = { id: 4242, pool: 'lite', name: 'stale', public_key: 'ssh-ed25519 AAAA', created_at: 0 };
    writeFileSync(
      logPathOf(dataFile),
      `${JSON.stringify({ g: 6, keypairs: [keypair] })}\n${JSON.stringify({ g: 7, keypairs: [{ ...keypair, id: 4243, name: 'fresh' }] })}\n`,
    );
    expect(readDataFile(dataFile).keypairs.map((entry) => entry.name)).to.deep.equal(['in-snapshot', 'fresh']);
  });
});
