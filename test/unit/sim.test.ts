/**
 * Unit tests of the simulator (src/sim): the wire contract of
 * docs/api/ as cloudctl's tests and embedded default rely on it.
 * Run: npx mocha --import=tsx test/unit/sim.test.ts
 */
import { createPrivateKey, createPublicKey, sign, verify } from 'node:crypto';
import { readFileSync, rmSync, statSync } from 'node:fs';
import { tempFolder } from '../temp-folders.js';
import { join } from 'node:path';
import { expect } from 'chai';
import {
  readLedgerFile,
  simulatorOptionsFromEnv,
  startSimulator,
  type RunningSimulator,
  type SimulatorOptions,
} from '../../src/sim/index.js';

interface Reply {
  status: number;
  body: { success: boolean; code: number; data?: any; message?: string; detail?: string };
}

async function call(
  sim: RunningSimulator,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Reply> {
  const res = await fetch(sim.url + path, {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Reply['body'] };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resolves when `promise` rejects with a message matching `pattern`; fails when it resolves. */
async function expectRejects(promise: Promise<unknown>, pattern: RegExp): Promise<void> {
  let error: unknown;
  try {
    await promise;
  } catch (err) {
    error = err;
  }
  expect(error, 'rejected').to.be.instanceOf(Error);
  expect((error as Error).message).to.match(pattern);
}
const PROVISION = 0.2;
const WAIT = 260; // > provisioning (200 ms) and > async window (100 ms)

const running: RunningSimulator[] = [];
async function start(options: SimulatorOptions = {}): Promise<RunningSimulator> {
  const sim = await startSimulator({ provisioningSeconds: PROVISION, seed: 7, ...options });
  running.push(sim);
  return sim;
}

async function keypair(sim: RunningSimulator, prefix = '/lites', name = 'deploy-key'): Promise<number> {
  const r = await call(sim, 'POST', `${prefix}/keypairs/`, { name });
  expect(r.status).to.equal(200);
  return Number(r.body.data.sshkey_id ?? r.body.data.keypair_id);
}

function vmBody(keypairId: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    product_id: 1547,
    cycle: 'm',
    select_os: 'ubuntu-22.04',
    keypair_id: keypairId,
    ssh_and_console_user: 'deployer',
    console_password: 'Secr3tPassw0rd',
    vm_name: 'web-server-01',
    description: 'web',
    pay_invoice_with_cc: 'yes',
    ...extra,
  };
}

async function activeVm(
  sim: RunningSimulator,
  prefix = '/lites',
  extra: Record<string, unknown> = {},
): Promise<{ id: string; keypairId: number }> {
  const keypairId = await keypair(sim, prefix);
  const product = prefix === '/lites' ? 1547 : 2101;
  const r = await call(sim, 'POST', prefix, vmBody(keypairId, { product_id: product, ...extra }));
  expect(r.status, JSON.stringify(r.body)).to.equal(200);
  await sleep(WAIT);
  return { id: r.body.data.account_id as string, keypairId };
}

describe('simulator', function () {
  this.timeout(5000);

  afterEach(async () => {
    while (running.length) await running.pop()?.close();
  });

  describe('envelope and routing', () => {
    it('wraps data in {success, code, data} and lists are top-level arrays', async () => {
      const sim = await start();
      expect(sim.url).to.match(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
      const r = await call(sim, 'GET', '/lites/products');
      expect(r.status).to.equal(200);
      expect(r.body.success).to.equal(true);
      expect(r.body.code).to.equal(200);
      expect(r.body.data).to.be.an('array').with.length.greaterThanOrEqual(4);
      const plan = r.body.data[0];
      expect(plan).to.include.keys('product_id', 'name', 'description', 'category_id', 'category_name', 'options', 'billing');
      // Exactly the contract's keys: storage is priced through the `disk_size` component, not a plan disk size.
      expect(plan.options).to.have.keys('type', 'cores', 'memory', 'allow_downgrade');
      expect(plan.billing.map((b: { cycle: string }) => b.cycle)).to.include.members(['m', 'a', 'q', 's', 'b', 't', 'p4', 'p5']);
      const oss = await call(sim, 'GET', `/lites/products/${plan.product_id}/oss`);
      expect(oss.body.data[0]).to.have.keys('vmid', 'node', 'name', 'maxmem', 'maxcpu');
      expect(oss.body.data.map((o: { name: string }) => o.name)).to.include.members([
        'ubuntu-22.04',
        'debian-12',
        'rocky-9',
        'almalinux-9',
      ]);
      const ip = await call(sim, 'GET', `/lite-pros/products/2101/ip-availability`);
      expect(ip.body.data).to.deep.equal({ available: true });
    });

    it('answers errors as envelopes: 404, 405, bad JSON 400, never crashing', async () => {
      const sim = await start();
      const missing = await call(sim, 'GET', '/lites/accounts/999999');
      expect(missing.status).to.equal(404);
      expect(missing.body).to.include({ success: false, code: 404 });
      expect(missing.body.message).to.be.a('string');
      expect((await call(sim, 'GET', '/no/such/path')).status).to.equal(404);
      expect((await call(sim, 'PATCH', '/lites/products')).status).to.equal(405);
      const bad = await call(sim, 'POST', '/lites', '{"product_id": ');
      expect(bad.status).to.equal(400);
      expect(bad.body).to.include({ success: false, code: 400 });
      expect((await call(sim, 'POST', '/lites', '[1,2]')).status).to.equal(400);
      // the keypair list carries a trailing slash; without it there is no such endpoint
      expect((await call(sim, 'GET', '/lites/keypairs/')).status).to.equal(200);
      expect((await call(sim, 'GET', '/lites/keypairs')).status).to.equal(404);
      // still alive
      expect((await call(sim, 'GET', '/baremetals/states')).body.data).to.deep.equal(['on', 'off', 'reset']);
    });
  });

  describe('auth', () => {
    it('requires x-token when a token is set, on /v1 and /_simulator', async () => {
      const sim = await start({ token: 's3cret' });
      const none = await call(sim, 'GET', '/lites/products');
      expect(none.status).to.equal(401);
      expect(none.body).to.include({ success: false, code: 401 });
      expect(none.body.message).to.be.a('string');
      expect((await call(sim, 'GET', '/lites/products', undefined, { 'x-token': 'wrong' })).status).to.equal(401);
      expect((await call(sim, 'GET', '/lites/products', undefined, { 'x-token': 's3cret' })).status).to.equal(200);
      const base = sim.url.replace(/\/v1$/, '');
      expect((await fetch(`${base}/_simulator/ledger`)).status).to.equal(401);
      expect((await fetch(`${base}/_simulator/ledger`, { headers: { 'x-token': 's3cret' } })).status).to.equal(200);
    });
  });

  describe('lite VM lifecycle', () => {
    it('create returns a BillingRef; Pending, then Active after provisioningSeconds', async () => {
      const sim = await start();
      const kp = await keypair(sim);
      const r = await call(sim, 'POST', '/lites', vmBody(kp, { product_id: '1547', keypair_id: String(kp) }));
      expect(r.status).to.equal(200);
      expect(r.body.data).to.have.keys('order_id', 'account_id');
      expect(r.body.data.order_id).to.be.a('string');
      expect(r.body.data.account_id).to.match(/^\d+$/);
      const id = r.body.data.account_id as string;
      const pending = await call(sim, 'GET', `/lites/accounts/${id}`);
      expect(pending.body.data.status).to.equal('Pending');
      expect((await call(sim, 'GET', `/lites/accounts/${id}/vm-details`)).status).to.equal(409);
      await sleep(WAIT);
      const acc = (await call(sim, 'GET', `/lites/accounts/${id}`)).body.data;
      expect(acc.status).to.equal('Active');
      expect(acc).to.include({ account_id: id, billingcycle: 'Monthly', product_id: 1547, product_name: 'Lite S1', category_id: 11 });
      expect(acc.recurring_amount).to.be.a('number');
      expect(acc.extra_details).to.include({
        name: 'web-server-01',
        ciuser: 'deployer',
        cipassword: 'Secr3tPassw0rd',
        sshkey_id: kp,
        osname: 'ubuntu-22.04',
        disk_size: '60',
        region: 'wjv-1',
      });
      expect(acc.last_invoice).to.include({ status: 'Paid' });
      expect(acc.last_invoice).to.have.keys(
        'id',
        'paid_id',
        'status',
        'date',
        'duedate',
        'paybefore',
        'datepaid',
        'invoice_type',
        'amount',
      );
      const vmd = await call(sim, 'GET', `/lites/accounts/${id}/vm-details`);
      expect(vmd.body.data).to.have.keys('vmid', 'name', 'status', 'uptime', 'maxdisk', 'maxmem', 'mem', 'cpus');
      expect(vmd.body.data).to.include({ status: 'running', name: 'web-server-01', cpus: 1, maxmem: 1024 * 1024 * 1024 });
      const list = await call(sim, 'GET', '/lites/accounts?status=Active&status=Pending');
      expect(list.body.data.map((a: { account_id: string }) => a.account_id)).to.deep.equal([id]);
      expect((await call(sim, 'GET', '/lites/accounts?status=Terminated')).body.data).to.deep.equal([]);
      // the lite pro group does not see lite accounts
      expect((await call(sim, 'GET', `/lite-pros/accounts/${id}`)).status).to.equal(404);
    });

    it('an unpaid order ("no" or false) stays Pending with an unpaid invoice', async () => {
      const sim = await start();
      const kp = await keypair(sim);
      const a = await call(sim, 'POST', '/lites', vmBody(kp, { pay_invoice_with_cc: 'no' }));
      const b = await call(sim, 'POST', '/lites', vmBody(kp, { pay_invoice_with_cc: false }));
      await sleep(WAIT);
      for (const r of [a, b]) {
        const acc = (await call(sim, 'GET', `/lites/accounts/${r.body.data.account_id}`)).body.data;
        expect(acc.status).to.equal('Pending');
        expect(acc.last_invoice.status).to.equal('Unpaid');
      }
      expect(sim.ledger()).to.have.length(2);
    });

    it('prices orders from the catalogue: recurring_amount, ledger amount, invoice amount agree', async () => {
      const sim = await start();
      const products = (await call(sim, 'GET', '/lites/products')).body.data as Array<{
        product_id: number;
        billing: Array<{
          cycle: string;
          price: number;
          currency: string;
          components: null | Array<{ field: string; prices: Array<{ qty_min: number; qty_max: number; price: number }> }>;
        }>;
      }>;
      const s2 = products.find((p) => p.product_id === 1548)!;
      const annual = s2.billing.find((b) => b.cycle === 'a')!;
      expect(annual.currency).to.equal('IDR');
      const keypairId = await keypair(sim);
      const order = await call(sim, 'POST', '/lites', vmBody(keypairId, { product_id: 1548, cycle: 'a' }));
      const id = order.body.data.account_id as string;
      await sleep(WAIT);
      let acc = (await call(sim, 'GET', `/lites/accounts/${id}`)).body.data;
      expect(acc.recurring_amount).to.equal(annual.price);
      expect(acc.billingcycle).to.equal('Annually');
      expect(acc.last_invoice.amount).to.equal(annual.price);
      expect(sim.ledger()[0]).to.include({ operation: 'lite.create', amount: annual.price });
      // 80 GB included (priced 0), grown to 100: 20 GB at the price of the step holding GB 81-100
      const steps = annual.components!.find((c) => c.field === 'disk_size')!.prices;
      expect(steps.filter((step) => step.qty_max <= 80).map((step) => step.price)).to.deep.equal([0]);
      const perGb = steps.find((step) => step.qty_min <= 81 && step.qty_max >= 100)!.price;
      expect(perGb).to.be.greaterThan(0);
      expect((await call(sim, 'PUT', `/lites/accounts/${id}/storage`, { disk_size: 100, pay_invoice_with_cc: 'yes' })).status).to.equal(
        200,
      );
      await sleep(WAIT);
      acc = (await call(sim, 'GET', `/lites/accounts/${id}`)).body.data;
      expect(acc.recurring_amount).to.equal(annual.price + 20 * perGb);
      expect(sim.ledger()[1]).to.include({ operation: 'lite.storage-upgrade', amount: 20 * perGb });
    });

    it('an unpaid invoice is paid through POST /_simulator/invoices/{id}/pay and the order proceeds', async () => {
      const sim = await start();
      const kp = await keypair(sim);
      const order = await call(sim, 'POST', '/lites', vmBody(kp, { pay_invoice_with_cc: 'no' }));
      const id = order.body.data.account_id as string;
      await sleep(WAIT);
      const pending = (await call(sim, 'GET', `/lites/accounts/${id}`)).body.data;
      expect(pending.status).to.equal('Pending');
      expect(pending.last_invoice).to.include({ status: 'Unpaid', amount: 75000 });
      const root = sim.url.replace(/\/v1$/, '');
      const paid = await fetch(`${root}/_simulator/invoices/${pending.last_invoice.id}/pay`, { method: 'POST' });
      expect(paid.status).to.equal(200);
      expect((await fetch(`${root}/_simulator/invoices/${pending.last_invoice.id}/pay`, { method: 'POST' })).status).to.equal(409);
      expect((await fetch(`${root}/_simulator/invoices/1/pay`, { method: 'POST' })).status).to.equal(404);
      await sleep(WAIT);
      const active = (await call(sim, 'GET', `/lites/accounts/${id}`)).body.data;
      expect(active.status).to.equal('Active');
      expect(active.last_invoice.status).to.equal('Paid');
    });

    it('rejects invalid orders with 422 {success:false, code:422, message, detail}', async () => {
      const sim = await start();
      const lite = await keypair(sim, '/lites');
      const pro = await keypair(sim, '/lite-pros');
      const cases: Array<[string, Record<string, unknown>, string]> = [
        ['password', vmBody(lite, { console_password: 'alllowercase1' }), 'console_password'],
        ['short password', vmBody(lite, { console_password: 'Ab1' }), 'console_password'],
        ['pool mismatch', vmBody(pro), 'keypair_id'],
        ['unknown product', vmBody(lite, { product_id: 42 }), 'product_id'],
        ['os not offered', vmBody(lite, { select_os: 'windows-server-2022' }), 'select_os'],
        ['user', vmBody(lite, { ssh_and_console_user: 'ab' }), 'ssh_and_console_user'],
        ['vm_name', vmBody(lite, { vm_name: 'web_01' }), 'vm_name'],
        ['cycle', vmBody(lite, { cycle: 'w' }), 'cycle'],
        ['missing', { product_id: 1547 }, 'select_os'],
      ];
      for (const [what, body, field] of cases) {
        const r = await call(sim, 'POST', '/lites', body);
        expect(r.status, what).to.equal(422);
        expect(r.body, what).to.include({ success: false, code: 422 });
        expect(r.body.message, what).to.be.a('string');
        expect(r.body.detail, what).to.contain(field);
      }
      // the lite keypair is not valid on lite pro either
      const r = await call(sim, 'POST', '/lite-pros', vmBody(lite, { product_id: 2101 }));
      expect(r.status).to.equal(422);
      expect(r.body.detail).to.contain('keypair_id');
      expect(sim.ledger()).to.have.length(0);
    });

    it('rename, keypair change, power actions', async () => {
      const sim = await start();
      const { id } = await activeVm(sim);
      expect((await call(sim, 'PUT', `/lites/accounts/${id}/change-vm-name`, { name: 'renamed-vm' })).status).to.equal(200);
      expect((await call(sim, 'PUT', `/lites/accounts/${id}/change-vm-name`, { name: 'x' })).status).to.equal(422);
      const kp2 = await keypair(sim, '/lites', 'second');
      expect((await call(sim, 'PUT', `/lites/accounts/${id}/keypair`, { keypair_id: kp2 })).status).to.equal(200);
      expect((await call(sim, 'PUT', `/lites/accounts/${id}/keypair`, { keypair_id: 999 })).status).to.equal(422);
      const acc = (await call(sim, 'GET', `/lites/accounts/${id}`)).body.data;
      expect(acc.status).to.equal('Active');
      expect(acc.extra_details.name).to.equal('renamed-vm');
      expect(acc.extra_details.sshkey_id).to.equal(kp2);
      const power = async (state: string) => (await call(sim, 'PUT', `/lites/accounts/${id}/vm-state/${state}`)).status;
      const vmStatus = async () => (await call(sim, 'GET', `/lites/accounts/${id}/vm-details`)).body.data.status;
      expect(await power('stop')).to.equal(200);
      expect(await vmStatus()).to.equal('stopped');
      expect(await power('start')).to.equal(200);
      expect(await vmStatus()).to.equal('running');
      expect(await power('suspend')).to.equal(200);
      expect(await vmStatus()).to.equal('paused');
      expect(await power('resume')).to.equal(200);
      expect(await vmStatus()).to.equal('running');
      expect(await power('shutdown')).to.equal(200);
      expect(await vmStatus()).to.equal('stopped');
      expect(await power('hibernate')).to.equal(422);
      expect(await power('')).to.equal(422);
      expect(sim.ledger()).to.have.length(1); // none of these is an order
    });

    it('rebuild, change-package and storage upgrade go Pending then Active with the new values', async () => {
      const sim = await start();
      const { id } = await activeVm(sim);
      expect((await call(sim, 'PUT', `/lites/accounts/${id}/rebuild`, { select_os: 'not-an-os' })).status).to.equal(422);
      expect((await call(sim, 'PUT', `/lites/accounts/${id}/rebuild`, { select_os: 'debian-12' })).status).to.equal(200);
      const cp = await call(sim, 'POST', `/lites/accounts/${id}/change-package`, { new_product_id: 1549, pay_invoice_with_cc: 'yes' });
      expect(cp.status).to.equal(200);
      expect(cp.body.data).to.have.keys('order_id', 'account_id');
      expect(cp.body.data.account_id).to.equal(id);
      // 1549 has a 120 GB base disk: storage must go above that
      expect((await call(sim, 'PUT', `/lites/accounts/${id}/storage`, { disk_size: 120 })).status).to.equal(422);
      const st = await call(sim, 'PUT', `/lites/accounts/${id}/storage`, { disk_size: '150', pay_invoice_with_cc: true });
      expect(st.status, JSON.stringify(st.body)).to.equal(200);
      expect((await call(sim, 'PUT', `/lites/accounts/${id}/storage`, { disk_size: 100 })).status).to.equal(422);
      let acc = (await call(sim, 'GET', `/lites/accounts/${id}`)).body.data;
      expect(acc.status).to.equal('Pending');
      expect(acc.extra_details.osname).to.equal('ubuntu-22.04');
      await sleep(WAIT);
      acc = (await call(sim, 'GET', `/lites/accounts/${id}`)).body.data;
      expect(acc.status).to.equal('Active');
      expect(acc.product_id).to.equal(1549);
      expect(acc.product_name).to.equal('Lite M1');
      expect(acc.extra_details.osname).to.equal('debian-12');
      expect(acc.extra_details.disk_size).to.equal('150');
      expect(acc.last_invoice.invoice_type).to.equal('Upgrade');
      const opts = await call(sim, 'GET', `/lites/accounts/${id}/change-package`);
      expect(opts.body.data).to.be.an('object');
      const storage = await call(sim, 'GET', `/lites/accounts/${id}/storage`);
      expect(storage.body.data.current_disk_size).to.equal(150);
      expect(sim.ledger().map((e) => e.operation)).to.deep.equal(['lite.create', 'lite.change-package', 'lite.storage-upgrade']);
    });

    it('migrate-to-pro is a paid order; the lite account comes back Active with migrated_to_pro', async () => {
      const sim = await start();
      const { id } = await activeVm(sim);
      const products = await call(sim, 'GET', `/lites/accounts/${id}/migrate-to-pro/products`);
      expect(products.body.data).to.be.an('array').that.is.not.empty;
      expect((await call(sim, 'POST', `/lites/accounts/${id}/migrate-to-pro`, { litepro_product_id: 1547 })).status).to.equal(422);
      const r = await call(sim, 'POST', `/lites/accounts/${id}/migrate-to-pro`, { litepro_product_id: '2102', pay_invoice_with_cc: 'yes' });
      expect(r.status).to.equal(200);
      expect((await call(sim, 'GET', `/lites/accounts/${id}`)).body.data.status).to.equal('Pending');
      await sleep(WAIT);
      const acc = (await call(sim, 'GET', `/lites/accounts/${id}`)).body.data;
      expect(acc.status).to.equal('Active');
      expect(acc.extra_details.migrated_to_pro).to.deep.equal({ litepro_product_id: 2102 });
      expect((await call(sim, 'POST', `/lite-pros/accounts/${id}/migrate-to-pro`, { litepro_product_id: 2102 })).status).to.equal(404);
      expect(sim.ledger().at(-1)).to.include({ operation: 'lite.migrate-to-pro', account_id: id, product_id: 2102 });
    });

    it('delete marks Terminated (still listed); unknown or repeated delete is 404', async () => {
      const sim = await start();
      const { id } = await activeVm(sim);
      const d = await call(sim, 'DELETE', `/lites/${id}`);
      expect(d.status).to.equal(200);
      expect(d.body.success).to.equal(true);
      const acc = await call(sim, 'GET', `/lites/accounts/${id}`);
      expect(acc.status).to.equal(200);
      expect(acc.body.data.status).to.equal('Terminated');
      expect((await call(sim, 'GET', '/lites/accounts')).body.data).to.have.length(1);
      expect((await call(sim, 'DELETE', `/lites/${id}`)).status).to.equal(404);
      expect((await call(sim, 'DELETE', '/lites/424242')).status).to.equal(404);
      expect((await call(sim, 'PUT', `/lites/accounts/${id}/change-vm-name`, { name: 'after-delete' })).status).to.equal(409);
    });
  });

  describe('snapshots and disks', () => {
    it('snapshot and VM-from-snapshot are separate accounts; deleting one never deletes the other', async () => {
      const sim = await start();
      const { id: vm, keypairId } = await activeVm(sim);
      const snap = await call(sim, 'POST', `/lites/accounts/${vm}/snapshot`, {
        cycle: 'm',
        name: 'nightly-01',
        description: 'before upgrade',
        pay_invoice_with_cc: 'yes',
      });
      expect(snap.status).to.equal(200);
      const snapId = snap.body.data.account_id as string;
      expect(snapId).to.not.equal(vm);
      await sleep(WAIT);
      const s = (await call(sim, 'GET', `/lites/snapshots/accounts/${snapId}`)).body.data;
      expect(s).to.deep.equal({
        account_id: snapId,
        status: 'Active',
        extra_details: { name: 'nightly-01', description: 'before upgrade', region: 'wjv-1' },
        lite_account_id: vm,
      });
      const restored = await call(sim, 'POST', `/lites/snapshots/accounts/${snapId}/create`, {
        product_id: 1548,
        cycle: 'm',
        keypair_id: keypairId,
        name: 'restored-01',
        ssh_and_console_user: 'deployer',
        console_password: 'Secr3tPassw0rd',
        pay_invoice_with_cc: true,
      });
      expect(restored.status, JSON.stringify(restored.body)).to.equal(200);
      const newVm = restored.body.data.account_id as string;
      await sleep(WAIT);
      const nv = (await call(sim, 'GET', `/lites/accounts/${newVm}`)).body.data;
      expect(nv.status).to.equal('Active');
      expect(nv.extra_details.name).to.equal('restored-01');
      expect((await call(sim, 'DELETE', `/lites/${newVm}`)).status).to.equal(200);
      expect((await call(sim, 'GET', `/lites/snapshots/accounts/${snapId}`)).body.data.status).to.equal('Active');
      expect((await call(sim, 'DELETE', `/lites/snapshots/${snapId}`)).status).to.equal(200);
      expect((await call(sim, 'GET', `/lites/accounts/${vm}`)).body.data.status).to.equal('Active');
      expect((await call(sim, 'GET', `/lites/snapshots/accounts?status=Terminated`)).body.data).to.have.length(1);
      expect(sim.ledger().map((e) => e.operation)).to.deep.equal(['lite.create', 'lite.snapshot-create', 'lite.snapshot-create-vm']);
    });

    it('disks: minimum size per group, increment upgrades, 422 on non-positive increments', async () => {
      const sim = await start();
      const [{ id: vm }, pro] = await Promise.all([activeVm(sim), activeVm(sim, '/lite-pros')]);
      const products = (await call(sim, 'GET', '/lites/disks/products')).body.data;
      const small = await call(sim, 'POST', '/lites/disks', {
        product_id: products[0].product_id,
        cycle: 'm',
        lite_account_id: Number(vm),
        size: 50,
      });
      expect(small.status).to.equal(422);
      expect(small.body.detail).to.contain('60');
      const d = await call(sim, 'POST', '/lites/disks', {
        product_id: products[0].product_id,
        cycle: 'm',
        lite_account_id: vm,
        service_name: 'data-disk',
        pay_invoice_with_cc: 'yes',
      });
      expect(d.status).to.equal(200);
      const diskId = d.body.data.account_id as string;
      await sleep(WAIT);
      let disk = (await call(sim, 'GET', `/lites/disks/accounts/${diskId}`)).body.data;
      expect(disk).to.include({ account_id: diskId, status: 'Active', service_name: 'data-disk', size: 60, lite_account_id: vm });
      expect((await call(sim, 'PUT', `/lites/disks/accounts/${diskId}`, { additional_size: 0 })).status).to.equal(422);
      expect(
        (await call(sim, 'PUT', `/lites/disks/accounts/${diskId}`, { additional_size: 40, pay_invoice_with_cc: 'yes' })).status,
      ).to.equal(200);
      expect((await call(sim, 'GET', `/lites/disks/accounts/${diskId}`)).body.data.status).to.equal('Pending');
      await sleep(WAIT);
      disk = (await call(sim, 'GET', `/lites/disks/accounts/${diskId}`)).body.data;
      expect(disk).to.include({ status: 'Active', size: 100 });
      // lite pro minimum is 30
      const proDisk = await call(sim, 'POST', '/lite-pros/disks', { product_id: 2301, cycle: 'm', lite_account_id: pro.id, size: 30 });
      expect(proDisk.status, JSON.stringify(proDisk.body)).to.equal(200);
      expect(
        (await call(sim, 'POST', '/lite-pros/disks', { product_id: 2301, cycle: 'm', lite_account_id: pro.id, size: 29 })).status,
      ).to.equal(422);
      // a lite VM is not a valid target for a lite pro disk
      expect((await call(sim, 'POST', '/lite-pros/disks', { product_id: 2301, cycle: 'm', lite_account_id: vm })).status).to.equal(422);
    });
  });

  describe('keypairs', () => {
    it('generates a real ed25519 pair, lists it and deletes it', async () => {
      const sim = await start();
      const r = await call(sim, 'POST', '/lites/keypairs/', { name: 'deploy-key' });
      expect(r.body.data).to.have.keys('sshkey_id', 'name', 'public_key', 'private_key');
      const { sshkey_id: id, public_key: pub, private_key: pem } = r.body.data;
      expect(pub).to.match(/^ssh-ed25519 [A-Za-z0-9+/]+=* deploy-key$/);
      const blob = Buffer.from(pub.split(' ')[1], 'base64');
      expect(blob.readUInt32BE(0)).to.equal(11);
      expect(blob.subarray(4, 15).toString()).to.equal('ssh-ed25519');
      const raw = blob.subarray(19);
      expect(raw).to.have.length(32);
      const priv = createPrivateKey(pem);
      expect(priv.asymmetricKeyType).to.equal('ed25519');
      const derived = Buffer.from(String(createPublicKey(priv).export({ format: 'jwk' }).x), 'base64url');
      expect(derived.equals(raw)).to.equal(true);
      const sig = sign(null, Buffer.from('hello'), priv);
      expect(verify(null, Buffer.from('hello'), createPublicKey(priv), sig)).to.equal(true);

      const list = (await call(sim, 'GET', '/lites/keypairs/')).body.data;
      expect(list).to.deep.equal([{ keypair_id: id, name: 'deploy-key', public_key: pub }]);
      expect((await call(sim, 'GET', '/lite-pros/keypairs/')).body.data).to.deep.equal([]);
      expect((await call(sim, 'DELETE', `/lite-pros/keypairs/${id}`)).status).to.equal(404);
      expect((await call(sim, 'DELETE', `/lites/keypairs/${id}`)).status).to.equal(200);
      expect((await call(sim, 'GET', '/lites/keypairs/')).body.data).to.deep.equal([]);
      expect((await call(sim, 'DELETE', `/lites/keypairs/${id}`)).status).to.equal(404);
    });

    it('imports OpenSSH public keys; bare metal answers keypair_id', async () => {
      const sim = await start();
      const gen = await call(sim, 'POST', '/baremetals/keypairs/', { name: 'metal-key' });
      expect(gen.body.data).to.have.keys('keypair_id', 'name', 'public_key', 'private_key');
      const imp = await call(sim, 'POST', '/baremetals/keypairs/import', { name: 'imported', public_key: gen.body.data.public_key });
      expect(imp.body.data).to.have.keys('keypair_id', 'name', 'public_key');
      expect(imp.body.data.keypair_id).to.be.greaterThan(gen.body.data.keypair_id);
      const liteImp = await call(sim, 'POST', '/lites/keypairs/import', { name: 'imported', public_key: gen.body.data.public_key });
      expect(liteImp.body.data).to.have.keys('sshkey_id', 'name', 'public_key');
      expect((await call(sim, 'POST', '/lites/keypairs/import', { name: 'bad', public_key: 'not a key' })).status).to.equal(422);
      expect((await call(sim, 'POST', '/lites/keypairs/', {})).status).to.equal(422);
    });
  });

  describe('bare metal, additional IPs, elastic storage', () => {
    it('server lifecycle: create, state, label, rebuild', async () => {
      const sim = await start();
      const kp = await keypair(sim, '/baremetals');
      expect((await call(sim, 'POST', '/baremetals', { product_id: 3001, cycle: 'q', keypair_id: kp, label: 'db' })).status).to.equal(422);
      expect(
        (await call(sim, 'POST', '/baremetals', { product_id: 3001, cycle: 'm', keypair_id: kp, label: 'a-label-longer-than-16' })).status,
      ).to.equal(422);
      const liteKp = await keypair(sim, '/lites');
      expect((await call(sim, 'POST', '/baremetals', { product_id: 3001, cycle: 'm', keypair_id: liteKp, label: 'db' })).status).to.equal(
        422,
      );
      const r = await call(sim, 'POST', '/baremetals', {
        product_id: '3001',
        cycle: 'm',
        keypair_id: kp,
        label: 'db-1',
        public_ip: 1,
        pay_invoice_with_cc: 'yes',
      });
      expect(r.status).to.equal(200);
      const id = r.body.data.account_id as string;
      expect(r.body.data.order_id).to.be.a('string');
      expect((await call(sim, 'GET', `/baremetals/accounts/${id}`)).body.data.status).to.equal('Pending');
      await sleep(WAIT);
      const acc = (await call(sim, 'GET', `/baremetals/accounts/${id}`)).body.data;
      expect(acc).to.include({ account_id: id, status: 'Active', label: 'db-1', product_id: 3001, keypair_id: kp, select_os: 'ubuntu-22' });
      expect(acc.ip_address).to.match(/^\d+\.\d+\.\d+\.\d+$/);
      expect((await call(sim, 'GET', `/baremetals/accounts/${id}/state`)).body.data).to.deep.equal({ state: 'on' });
      expect((await call(sim, 'PUT', `/baremetals/accounts/${id}/state/off`)).status).to.equal(200);
      expect((await call(sim, 'GET', `/baremetals/accounts/${id}/state`)).body.data).to.deep.equal({ state: 'off' });
      expect((await call(sim, 'PUT', `/baremetals/accounts/${id}/state/reboot`)).status).to.equal(422);
      expect((await call(sim, 'PUT', `/baremetals/${id}`, { label: 'db-primary' })).status).to.equal(200);
      const oss = (await call(sim, 'GET', `/baremetals/${id}/rebuild/oss`)).body.data;
      expect(oss).to.be.an('array').that.includes('debian-12');
      expect((await call(sim, 'PUT', `/baremetals/${id}/rebuild`, { os: 'plan9' })).status).to.equal(422);
      expect((await call(sim, 'PUT', `/baremetals/${id}/rebuild`, { os: 'debian-12' })).status).to.equal(200);
      expect((await call(sim, 'GET', `/baremetals/accounts/${id}`)).body.data.status).to.equal('Pending');
      await sleep(WAIT);
      expect((await call(sim, 'GET', `/baremetals/accounts/${id}`)).body.data).to.include({
        status: 'Active',
        select_os: 'debian-12',
        label: 'db-primary',
      });
      expect((await call(sim, 'GET', '/baremetals/openvpn')).body.data.config).to.contain('client');
      expect((await call(sim, 'DELETE', `/baremetals/${id}`)).status).to.equal(200);
      expect((await call(sim, 'GET', `/baremetals/accounts/${id}`)).body.data.status).to.equal('Terminated');
    });

    it('additional IPs, assignments and elastic storage', async () => {
      const sim = await start();
      const kp = await keypair(sim, '/baremetals');
      const metal = (
        await call(sim, 'POST', '/baremetals', { product_id: 3002, cycle: 'a', keypair_id: kp, label: 'web', pay_invoice_with_cc: 'yes' })
      ).body.data.account_id as string;
      expect((await call(sim, 'GET', '/baremetal-additional-ips/regions')).body.data).to.include('wjv-1');
      expect((await call(sim, 'POST', '/baremetal-additional-ips', { product_id: 4001, cycle: 'm', region: 'mars-1' })).status).to.equal(
        422,
      );
      const ip = (await call(sim, 'POST', '/baremetal-additional-ips', { product_id: 4001, cycle: 'm', pay_invoice_with_cc: 'yes' })).body
        .data.account_id as string;
      const es = await call(sim, 'POST', '/baremetal-elastic-storages', {
        product_id: 5001,
        cycle: 'm',
        storage_name: 'data',
        metal_account_id: metal,
        pay_invoice_with_cc: 'yes',
      });
      expect(es.status, JSON.stringify(es.body)).to.equal(200);
      const esId = es.body.data.account_id as string;
      await sleep(WAIT);
      expect((await call(sim, 'GET', `/baremetal-additional-ips/${ip}`)).body.data).to.include({
        account_id: ip,
        status: 'Active',
        region: 'wjv-1',
        product_id: 4001,
      });
      const as = await call(sim, 'PUT', `/baremetal-additional-ips/${ip}/assigns`, { metal_account_id: Number(metal) });
      expect(as.body.data).to.include({ metal_account_id: metal, additional_ip_id: ip, status: 'assigned' });
      expect((await call(sim, 'GET', `/baremetal-additional-ips/${ip}/assigns/${metal}`)).status).to.equal(200);
      expect((await call(sim, 'GET', `/baremetal-additional-ips/${ip}/assigns`)).body.data).to.have.length(1);
      expect((await call(sim, 'GET', `/baremetal-additional-ips/assignments-by-metal-account-id/${metal}`)).body.data).to.have.length(1);
      expect((await call(sim, 'DELETE', `/baremetal-additional-ips/${ip}/assigns/${metal}`)).status).to.equal(200);
      expect((await call(sim, 'GET', `/baremetal-additional-ips/${ip}/assigns/${metal}`)).status).to.equal(404);
      expect((await call(sim, 'DELETE', `/baremetal-additional-ips/${ip}/assigns/${metal}`)).status).to.equal(404);

      expect((await call(sim, 'GET', `/baremetal-elastic-storages/${esId}`)).body.data).to.include({
        status: 'Active',
        size: 100,
        storage_name: 'data',
        metal_account_id: metal,
      });
      expect((await call(sim, 'PUT', `/baremetal-elastic-storages/${esId}`, { size: 50 })).status).to.equal(422);
      expect((await call(sim, 'PUT', `/baremetal-elastic-storages/${esId}`, { size: 100 })).status).to.equal(422);
      expect((await call(sim, 'PUT', `/baremetal-elastic-storages/${esId}`, { size: 200, pay_invoice_with_cc: 'yes' })).status).to.equal(
        200,
      );
      expect(
        (await call(sim, 'POST', `/baremetal-elastic-storages/${esId}`, { new_product_id: 5002, pay_invoice_with_cc: 'yes' })).status,
      ).to.equal(200);
      expect((await call(sim, 'GET', `/baremetal-elastic-storages/${esId}`)).body.data.status).to.equal('Pending');
      await sleep(WAIT);
      expect((await call(sim, 'GET', `/baremetal-elastic-storages/${esId}`)).body.data).to.include({
        status: 'Active',
        size: 200,
        product_id: 5002,
      });
      expect(sim.ledger().map((e) => e.operation)).to.deep.equal([
        'baremetal.create',
        'additional-ip.create',
        'elastic-storage.create',
        'elastic-storage.upgrade',
        'elastic-storage.change-package',
      ]);
    });
  });

  describe('persistence', () => {
    it('survives a restart from the data file: accounts, status by timestamps, ids, ledger, requests', async () => {
      const dir = await tempFolder('cloudctl-sim-');
      try {
        const dataFile = join(dir, 'nested', 'sim.json');
        const first = await start({ dataFile });
        const { id } = await activeVm(first);
        const kpList = (await call(first, 'GET', '/lites/keypairs/')).body.data;
        const firstRequests = first.requests().length;
        await first.close();
        running.splice(running.indexOf(first), 1);
        expect(statSync(dataFile).mode & 0o777).to.equal(0o600);
        expect(readFileSync(dataFile, 'utf8')).to.not.contain('"private_key"');
        expect(readLedgerFile(dataFile)).to.have.length(1);
        expect(readLedgerFile(join(dir, 'absent.json'))).to.deep.equal([]);

        const second = await start({ dataFile, seed: 99 });
        expect((await call(second, 'GET', `/lites/accounts/${id}`)).body.data.status).to.equal('Active');
        expect((await call(second, 'GET', '/lites/keypairs/')).body.data).to.deep.equal(kpList);
        const kp2 = await keypair(second, '/lites', 'after-restart');
        expect(kp2).to.be.greaterThan(kpList[0].keypair_id);
        const r = await call(second, 'POST', '/lites', vmBody(kp2));
        expect(Number(r.body.data.account_id)).to.be.greaterThan(Number(id));
        const ledger = second.ledger();
        expect(ledger.map((e) => e.seq)).to.deep.equal([1, 2]);
        expect(second.requests().length).to.be.greaterThan(firstRequests);
        expect(second.requests()[firstRequests]?.seq).to.equal(firstRequests + 1);
        await second.close();
        running.splice(running.indexOf(second), 1);
        expect(readLedgerFile(dataFile)).to.have.length(2);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });

  describe('faults', () => {
    it('lost-response places the order but the client sees a socket error', async () => {
      const sim = await start({ faults: { rate: 1, kinds: ['lost-response'], paths: '^/lites$' } });
      const kp = await keypair(sim);
      let error: unknown;
      try {
        await call(sim, 'POST', '/lites', vmBody(kp));
      } catch (err) {
        error = err;
      }
      expect(error).to.be.instanceOf(Error);
      expect(sim.ledger()).to.have.length(1);
      const list = (await call(sim, 'GET', '/lites/accounts')).body.data;
      expect(list).to.have.length(1);
      expect(list[0].account_id).to.equal(sim.ledger()[0]?.account_id);
      expect(sim.requests().find((r) => r.path === '/v1/lites')).to.include({ method: 'POST', status: 200, faulted: 'lost-response' });
    });

    it('429 and reset happen before handling; setFaults and PUT /_simulator/faults switch them', async () => {
      const sim = await start({ faults: { rate: 1, kinds: ['429'] } });
      const r = await call(sim, 'POST', '/lites/keypairs/', { name: 'k1' });
      expect(r.status).to.equal(429);
      expect(r.body).to.include({ success: false, code: 429 });
      sim.setFaults({ rate: 1, kinds: ['reset'] });
      let error: unknown;
      try {
        await call(sim, 'POST', '/lites/keypairs/', { name: 'k2' });
      } catch (err) {
        error = err;
      }
      expect(error).to.be.instanceOf(Error);
      sim.setFaults(undefined);
      expect((await call(sim, 'GET', '/lites/keypairs/')).body.data).to.deep.equal([]);
      expect(sim.requests().map((q) => q.faulted)).to.deep.equal(['429', 'reset', undefined]);
      const base = sim.url.replace(/\/v1$/, '');
      const put = await fetch(`${base}/_simulator/faults`, { method: 'PUT', body: JSON.stringify({ rate: 1, kinds: ['503'] }) });
      expect(put.status).to.equal(200);
      expect((await call(sim, 'GET', '/lites/products')).status).to.equal(503);
      expect((await fetch(`${base}/_simulator/faults`, { method: 'PUT', body: JSON.stringify({ rate: 3 }) })).status).to.equal(422);
      await fetch(`${base}/_simulator/faults`, { method: 'PUT', body: '{}' });
      expect((await call(sim, 'GET', '/lites/products')).status).to.equal(200);
    });

    it('skip and times fault exactly the chosen matching request; a method in paths limits faults to that method', async () => {
      const sim = await start({ faults: { rate: 1, kinds: ['503'], paths: '^POST /lites/keypairs/$', skip: 1, times: 1 } });
      expect((await call(sim, 'GET', '/lites/keypairs/')).status, 'GET on the path: not matched').to.equal(200);
      expect((await call(sim, 'POST', '/lites/keypairs/', { name: 'first-key' })).status, 'first match: skipped').to.equal(200);
      expect((await call(sim, 'POST', '/lites/keypairs/', { name: 'second-key' })).status, 'second match: faulted').to.equal(503);
      expect((await call(sim, 'POST', '/lites/keypairs/', { name: 'third-key' })).status, 'times spent').to.equal(200);
      expect(sim.requests().map((q) => q.faulted ?? '-')).to.deep.equal(['-', '-', '503', '-']);
      // Setting the options again starts the counts again.
      sim.setFaults({ rate: 1, kinds: ['500'], paths: '^POST /lites/keypairs/$', times: 1 });
      expect((await call(sim, 'POST', '/lites/keypairs/', { name: 'fourth-key' })).status).to.equal(500);
      expect((await call(sim, 'POST', '/lites/keypairs/', { name: 'fifth-key' })).status).to.equal(200);
      expect(() => sim.setFaults({ rate: 1, skip: -1 })).to.throw(/faults\.skip/);
      expect(() => sim.setFaults({ rate: 1, times: 1.5 })).to.throw(/faults\.times/);
    });

    it('timeout places the order and answers nothing until the client gives up (or the hang ends)', async () => {
      const sim = await start({ faults: { rate: 1, kinds: ['timeout'], paths: '^POST /lites$', hangMs: 60_000 } });
      const kp = await keypair(sim);
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), 300);
      let error: unknown;
      try {
        await fetch(sim.url + '/lites', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(vmBody(kp)),
          signal: controller.signal,
        });
      } catch (err) {
        error = err;
      } finally {
        clearTimeout(timer);
      }
      expect((error as Error)?.name, 'no reply before the client gave up').to.equal('AbortError');
      expect(sim.ledger().map((entry) => entry.operation)).to.deep.equal(['lite.create']);
      expect(sim.requests().find((r) => r.path === '/v1/lites')).to.include({ method: 'POST', status: 200, faulted: 'timeout' });
      // With a short hang the server drops the connection itself: the client sees a socket error, the order stays taken.
      sim.setFaults({ rate: 1, kinds: ['timeout'], paths: '^POST /lites$', hangMs: 50 });
      let dropped: unknown;
      try {
        await call(sim, 'POST', '/lites', vmBody(kp, { vm_name: 'web-server-02' }));
      } catch (err) {
        dropped = err;
      }
      expect(dropped).to.be.instanceOf(Error);
      expect(sim.ledger()).to.have.length(2);
    });

    it('omitKeys leaves a key (or a dotted path) out of the replies of the matching routes only', async () => {
      const sim = await start({
        omitKeys: [
          { routes: '^GET /lites/accounts(/:id)?$', key: 'product_id' },
          { routes: '^GET /lites/accounts/:id$', key: 'extra_details.disk_size' },
        ],
      });
      const { id } = await activeVm(sim);
      const one = (await call(sim, 'GET', `/lites/accounts/${id}`)).body.data;
      expect(one).to.include({ account_id: id, status: 'Active' });
      expect(one).to.not.have.property('product_id');
      expect(one.extra_details).to.not.have.property('disk_size');
      expect(one.extra_details).to.have.property('name', 'web-server-01');
      const [listed] = (await call(sim, 'GET', '/lites/accounts')).body.data;
      expect(listed).to.not.have.property('product_id');
      expect(listed.extra_details).to.have.property('disk_size');
      expect(sim.ledger()[0]).to.include({ product_id: 1547 });
      expect((await call(sim, 'GET', '/lites/products')).body.data[0]).to.have.property('product_id');
      await expectRejects(start({ omitKeys: [{ routes: '(', key: 'product_id' }] }), /omitKeys\[0\]\.routes/);
      await expectRejects(start({ omitKeys: [{ routes: '.', key: 'a..b' }] }), /omitKeys\[0\]\.key/);
    });

    it('is deterministic for a seed', async () => {
      const pattern = async () => {
        const sim = await start({ seed: 3, faults: { rate: 0.5, kinds: ['500', '503'] } });
        const out: number[] = [];
        for (let i = 0; i < 12; i++) out.push((await call(sim, 'GET', '/baremetals/states')).status);
        await sim.close();
        running.splice(running.indexOf(sim), 1);
        return out;
      };
      const a = await pattern();
      expect(a).to.deep.equal(await pattern());
      expect(a).to.include(200);
      expect(a.some((s) => s !== 200)).to.equal(true);
    });
  });

  describe('ledger', () => {
    it('records orders with masked secrets, over HTTP too', async () => {
      const sim = await start();
      const { id } = await activeVm(sim);
      await call(sim, 'POST', `/lites/accounts/${id}/snapshot`, { cycle: 'm' });
      const entries = sim.ledger();
      expect(entries).to.have.length(2);
      const [create] = entries;
      expect(create).to.include({ seq: 1, method: 'POST', path: '/v1/lites', operation: 'lite.create', account_id: id, product_id: 1547 });
      expect(create?.body.console_password).to.equal('***');
      expect(create?.body.ssh_and_console_user).to.equal('deployer');
      expect(Date.parse(create?.time ?? '')).to.be.a('number').and.not.NaN;
      const base = sim.url.replace(/\/v1$/, '');
      const http = (await (await fetch(`${base}/_simulator/ledger`)).json()) as { data: unknown };
      expect(http.data).to.deep.equal(entries);
      const reqs = (await (await fetch(`${base}/_simulator/requests`)).json()) as { data: unknown[] };
      expect(reqs.data).to.deep.equal(sim.requests());
      expect(JSON.stringify(sim.requests())).to.not.contain('Secr3t');
    });
  });

  describe('simulatorOptionsFromEnv', () => {
    it('reads the CLOUDCTL_SIM_* variables and rejects malformed ones', () => {
      expect(simulatorOptionsFromEnv({})).to.deep.equal({});
      expect(
        simulatorOptionsFromEnv({
          CLOUDCTL_SIM_PROVISION_SECONDS: '0.5',
          CLOUDCTL_SIM_TOKEN: 'tok',
          CLOUDCTL_SIM_SEED: '42',
          CLOUDCTL_SIM_LATENCY_MS: '10',
          CLOUDCTL_SIM_FAULT_RATE: '0.1',
          CLOUDCTL_SIM_FAULT_KINDS: '429, lost-response',
        }),
      ).to.deep.equal({
        provisioningSeconds: 0.5,
        token: 'tok',
        seed: 42,
        faults: { latencyMs: 10, rate: 0.1, kinds: ['429', 'lost-response'] },
      });
      expect(() => simulatorOptionsFromEnv({ CLOUDCTL_SIM_FAULT_RATE: '2' })).to.throw(/CLOUDCTL_SIM_FAULT_RATE/);
      expect(() => simulatorOptionsFromEnv({ CLOUDCTL_SIM_FAULT_KINDS: 'boom' })).to.throw(/CLOUDCTL_SIM_FAULT_KINDS/);
      expect(() => simulatorOptionsFromEnv({ CLOUDCTL_SIM_SEED: 'x' })).to.throw(/CLOUDCTL_SIM_SEED/);
      expect(
        simulatorOptionsFromEnv({
          CLOUDCTL_SIM_FAULT_RATE: '1',
          CLOUDCTL_SIM_FAULT_KINDS: 'timeout',
          CLOUDCTL_SIM_FAULT_PATHS: '^POST /lites$',
          CLOUDCTL_SIM_FAULT_SKIP: '1',
          CLOUDCTL_SIM_FAULT_TIMES: '2',
          CLOUDCTL_SIM_FAULT_HANG_MS: '500',
        }),
      ).to.deep.equal({ faults: { rate: 1, kinds: ['timeout'], paths: '^POST /lites$', skip: 1, times: 2, hangMs: 500 } });
      expect(() => simulatorOptionsFromEnv({ CLOUDCTL_SIM_FAULT_SKIP: '-1' })).to.throw(/CLOUDCTL_SIM_FAULT_SKIP/);
      expect(
        simulatorOptionsFromEnv({ CLOUDCTL_SIM_OMIT_KEYS: '[{"routes":"^GET /lites/accounts(/:id)?$","key":"product_id"}]' }),
      ).to.deep.equal({
        omitKeys: [{ routes: '^GET /lites/accounts(/:id)?$', key: 'product_id' }],
      });
      expect(() => simulatorOptionsFromEnv({ CLOUDCTL_SIM_OMIT_KEYS: 'product_id' })).to.throw(/CLOUDCTL_SIM_OMIT_KEYS/);
      expect(() => simulatorOptionsFromEnv({ CLOUDCTL_SIM_OMIT_KEYS: '[{"key":"product_id"}]' })).to.throw(/CLOUDCTL_SIM_OMIT_KEYS/);
    });
  });
});
