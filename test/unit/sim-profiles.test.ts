/**
 * Unit tests of the simulator's reply profiles (src/sim/profile.ts,
 * src/sim/variations.ts): every variation rule, enabled alone, does what
 * its summary says; the `variant` profile is deterministic for a seed; the
 * order ledger stays exact whatever the replies look like.
 * Run: npx mocha --no-config --import=tsx test/unit/sim-profiles.test.ts
 */
import { expect } from 'chai';
import {
  simulatorOptionsFromEnv,
  startSimulator,
  VARIATION_NAMES,
  VARIATION_RULES,
  type RunningSimulator,
  type SimulatorOptions,
  type VariationName,
} from '../../src/sim/index.js';

interface Reply {
  status: number;
  body: { success: boolean; code: number; data?: any; message?: string };
}

async function call(sim: RunningSimulator, method: string, path: string, body?: unknown): Promise<Reply> {
  const res = await fetch(sim.url + path, {
    method,
    headers: body !== undefined ? { 'content-type': 'application/json' } : {},
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Reply['body'] };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const PROVISION = 0.2;
const WAIT = 260;

const running: RunningSimulator[] = [];
async function start(options: SimulatorOptions = {}): Promise<RunningSimulator> {
  const sim = await startSimulator({ provisioningSeconds: PROVISION, seed: 7, ...options });
  running.push(sim);
  return sim;
}

/** A simulator with exactly `rule` enabled (applied to every reply it can change). */
const only = (rule: VariationName, options: SimulatorOptions = {}) => start({ variations: [rule], ...options });

const VM = {
  product_id: 1547,
  cycle: 'm',
  select_os: 'ubuntu-22.04',
  ssh_and_console_user: 'deployer',
  console_password: 'Secr3tPassw0rd',
  vm_name: 'web-server-01',
  description: 'my web server',
  pay_invoice_with_cc: 'yes',
};

/**
 * Orders an `Active` lite VM (and its keypair) on `sim`; the id comes from
 * the ledger, so whatever shape the rule gives the order reply does not matter.
 */
async function activeVm(sim: RunningSimulator, extra: Record<string, unknown> = {}): Promise<{ id: string; keypairId: number }> {
  const keypairId = await keypairOf(sim);
  const reply = await call(sim, 'POST', '/lites', { ...VM, keypair_id: keypairId, ...extra });
  expect(reply.status, JSON.stringify(reply.body)).to.equal(200);
  await sleep(WAIT);
  const id = sim.ledger().at(-1)?.account_id as string;
  return { id, keypairId };
}

/** Generates a lite keypair and returns its id (read from the keypair list, whatever the reply's shape). */
async function keypairOf(sim: RunningSimulator, name = 'deploy-key'): Promise<number> {
  const reply = await call(sim, 'POST', '/lites/keypairs/', { name });
  expect(reply.status).to.equal(200);
  const data = reply.body.data ?? {};
  const id = data.sshkey_id ?? data.SSHKEY_ID ?? data.Sshkey_id ?? data.sshkeyId;
  return Number(id);
}

const strictAccountKeys = [
  'account_id',
  'domain',
  'status',
  'billingcycle',
  'date_created',
  'next_due',
  'recurring_amount',
  'product_id',
  'product_name',
  'description',
  'category_id',
  'category_name',
  'extra_details',
  'last_invoice',
];

describe('simulator profiles', function () {
  this.timeout(10_000);

  afterEach(async () => {
    while (running.length) await running.pop()?.close();
  });

  it('every rule has a summary and a weight, and the names list is complete', () => {
    expect(Object.keys(VARIATION_RULES).sort()).to.deep.equal([...VARIATION_NAMES].sort());
    for (const name of VARIATION_NAMES) {
      expect(VARIATION_RULES[name].summary, name).to.be.a('string').and.not.equal('');
      expect(VARIATION_RULES[name].weight, name).to.be.within(0, 1);
    }
  });

  it('strict (the default) answers the friendly shape and logs no variation', async () => {
    const sim = await start();
    const { id } = await activeVm(sim);
    const account = (await call(sim, 'GET', `/lites/accounts/${id}`)).body.data;
    expect(Object.keys(account)).to.deep.equal(strictAccountKeys);
    expect(account).to.include({ account_id: id, status: 'Active', description: 'my web server', product_id: 1547 });
    expect(sim.requests().every((request) => request.variations === undefined)).to.equal(true);
  });

  it('rejects unknown profiles and variation names, also from the environment', async () => {
    await startSimulator({ profile: 'chaos' as never }).then(
      () => expect.fail('started'),
      (error: Error) => expect(error.message).to.match(/profile must be one of strict, variant/),
    );
    await startSimulator({ variations: ['nope' as never] }).then(
      () => expect.fail('started'),
      (error: Error) => expect(error.message).to.match(/unknown variation "nope"/),
    );
    expect(
      simulatorOptionsFromEnv({
        CLOUDCTL_SIM_PROFILE: 'variant',
        CLOUDCTL_SIM_SEED: '42',
        CLOUDCTL_SIM_VARIATIONS: 'null-lists, key-case',
      }),
    ).to.deep.equal({
      profile: 'variant',
      seed: 42,
      variations: ['null-lists', 'key-case'],
    });
    expect(() => simulatorOptionsFromEnv({ CLOUDCTL_SIM_PROFILE: 'lenient' })).to.throw(/CLOUDCTL_SIM_PROFILE/);
    expect(() => simulatorOptionsFromEnv({ CLOUDCTL_SIM_VARIATIONS: 'null-lists,bogus' })).to.throw(
      /CLOUDCTL_SIM_VARIATIONS: unknown name "bogus"/,
    );
  });

  describe('each rule, enabled alone', () => {
    it('omit-optional-keys: some keys are missing, never the id or the status', async () => {
      const sim = await only('omit-optional-keys');
      const { id } = await activeVm(sim);
      const account = (await call(sim, 'GET', `/lites/accounts/${id}`)).body.data;
      expect(account).to.include({ account_id: id, status: 'Active' });
      const missing = strictAccountKeys.filter((key) => !(key in account));
      const nestedMissing = ['region', 'name', 'sshkey_id', 'osname', 'disk_size'].filter((key) => !(key in (account.extra_details ?? {})));
      expect(missing.length + nestedMissing.length).to.be.greaterThan(0);
      expect(sim.requests().at(-1)?.variations).to.deep.equal(['omit-optional-keys']);
    });

    it('empty-strings: some string values are "", never the id or the status', async () => {
      const sim = await only('empty-strings');
      const { id } = await activeVm(sim);
      const account = (await call(sim, 'GET', `/lites/accounts/${id}`)).body.data;
      expect(account).to.include({ account_id: id, status: 'Active' });
      const strings = [...Object.values(account), ...Object.values(account.extra_details), ...Object.values(account.last_invoice)];
      expect(strings.filter((value) => value === '').length).to.be.greaterThan(0); // strict sends none
    });

    it('null-lists: a list, even a non-empty one, is answered {data: null}', async () => {
      const sim = await only('null-lists');
      await keypairOf(sim);
      const reply = await call(sim, 'GET', '/lites/keypairs/');
      expect(reply.status).to.equal(200);
      expect(reply.body).to.deep.equal({ success: true, code: 200, data: null });
      expect(sim.requests().at(-1)?.variations).to.deep.equal(['null-lists']);
    });

    it('id-types: numbers become numeric strings and numeric strings numbers', async () => {
      const sim = await only('id-types');
      const { id } = await activeVm(sim);
      const account = (await call(sim, 'GET', `/lites/accounts/${id}`)).body.data;
      expect(account.account_id).to.equal(Number(id));
      expect(account.product_id).to.equal('1547');
      expect(account.extra_details.sshkey_id).to.be.a('string');
      expect(account.last_invoice.id).to.be.a('string');
    });

    it('key-case: top-level keys change case, the same keys otherwise', async () => {
      const sim = await only('key-case');
      const { id } = await activeVm(sim);
      const account = (await call(sim, 'GET', `/lites/accounts/${id}`)).body.data;
      const keys = Object.keys(account);
      expect(keys).to.not.deep.equal(strictAccountKeys);
      expect(keys.map((key) => key.toLowerCase().replace(/_/g, ''))).to.deep.equal(strictAccountKeys.map((key) => key.replace(/_/g, '')));
    });

    it('extra-fields: objects carry fields the contract does not name', async () => {
      const sim = await only('extra-fields');
      const { id } = await activeVm(sim);
      const account = (await call(sim, 'GET', `/lites/accounts/${id}`)).body.data;
      expect(account).to.include.keys('uuid', 'updated_at', '_links', 'meta', ...strictAccountKeys);
      expect(account.extra_details).to.have.property('node');
    });

    it("product-description: the top-level description is the product's; extra_details keeps the VM's", async () => {
      const sim = await only('product-description');
      const { id } = await activeVm(sim);
      const plan = (await call(sim, 'GET', '/lites/products/1547')).body.data;
      const account = (await call(sim, 'GET', `/lites/accounts/${id}`)).body.data;
      expect(account.description).to.equal(plan.description).and.not.equal('my web server');
      expect(account.extra_details.description).to.equal('my web server');
      const listed = (await call(sim, 'GET', '/lites/accounts')).body.data;
      expect(listed[0].description).to.equal(plan.description);
    });

    it('order-reply-without-id: a 2xx without the new id, the order placed all the same', async () => {
      const sim = await only('order-reply-without-id');
      const keypairId = await keypairOf(sim);
      const reply = await call(sim, 'POST', '/lites', { ...VM, keypair_id: keypairId });
      expect(reply.status).to.equal(200);
      const data = reply.body.data;
      if (data !== null && typeof data === 'object') expect(data).to.not.have.any.keys('account_id', 'id');
      expect(sim.ledger()).to.have.length(1);
      const listed = (await call(sim, 'GET', '/lites/accounts')).body.data;
      expect(listed.map((account: { account_id: string }) => account.account_id)).to.deep.equal([sim.ledger()[0]?.account_id]);
    });

    it('keypair-private-key: the private key comes under another name or not at all', async () => {
      for (const seed of [1, 2, 3, 4, 5, 6]) {
        const sim = await only('keypair-private-key', { seed });
        const data = (await call(sim, 'POST', '/lites/keypairs/', { name: 'deploy-key' })).body.data;
        expect(data).to.not.have.property('private_key');
        const elsewhere = ['private', 'secret_key', 'pem', 'privateKey', 'ssh_private_key'].filter((key) => key in data);
        expect(elsewhere.length).to.be.at.most(1);
        if (elsewhere.length === 1) expect(String(data[elsewhere[0] as string])).to.match(/BEGIN PRIVATE KEY/);
        expect(data).to.include.keys('sshkey_id', 'public_key');
      }
    });

    it('failure-status: Suspended for the lite group, error or failed for the bare-metal group', async () => {
      const sim = await only('failure-status');
      const { id } = await activeVm(sim);
      expect((await call(sim, 'GET', `/lites/accounts/${id}`)).body.data.status).to.equal('Suspended');
      const metalKey = await call(sim, 'POST', '/baremetals/keypairs/', { name: 'metal' });
      const metal = await call(sim, 'POST', '/baremetals', {
        product_id: 3001,
        cycle: 'm',
        keypair_id: metalKey.body.data.keypair_id,
        label: 'db',
        pay_invoice_with_cc: 'yes',
      });
      const status = (await call(sim, 'GET', `/baremetals/accounts/${metal.body.data.account_id}`)).body.data.status;
      expect(['error', 'failed']).to.include(status);
    });

    it('migrated-lite-gone: after migrate-to-pro the lite account is 404 or Terminated, and gone from the list', async () => {
      const sim = await only('migrated-lite-gone');
      const { id } = await activeVm(sim);
      expect((await call(sim, 'GET', `/lites/accounts/${id}`)).body.data.status).to.equal('Active');
      expect(
        (await call(sim, 'POST', `/lites/accounts/${id}/migrate-to-pro`, { litepro_product_id: 2102, pay_invoice_with_cc: 'yes' })).status,
      ).to.equal(200);
      await sleep(WAIT);
      const one = await call(sim, 'GET', `/lites/accounts/${id}`);
      if (one.status === 200) expect(one.body.data.status).to.equal('Terminated');
      else expect(one.status).to.equal(404);
      const listed = (await call(sim, 'GET', '/lites/accounts')).body.data as Array<{ status: string }>;
      expect(listed.filter((account) => account.status !== 'Terminated')).to.deep.equal([]);
      expect(sim.ledger().map((entry) => entry.operation)).to.deep.equal(['lite.create', 'lite.migrate-to-pro']);
    });

    it('upgrade-keeps-old-value: the account stays Active on the old product with the invoice open, then changes', async () => {
      const sim = await only('upgrade-keeps-old-value');
      const { id } = await activeVm(sim);
      const reply = await call(sim, 'POST', `/lites/accounts/${id}/change-package`, { new_product_id: 1549, pay_invoice_with_cc: 'yes' });
      expect(reply.status).to.equal(200);
      await sleep(WAIT);
      let account = (await call(sim, 'GET', `/lites/accounts/${id}`)).body.data;
      expect(account).to.include({ status: 'Active', product_id: 1547 });
      expect(account.last_invoice).to.include({ status: 'Unpaid', invoice_type: 'Upgrade' });
      await sleep(2000); // the hold: 10 × 0.2 s after the order
      account = (await call(sim, 'GET', `/lites/accounts/${id}`)).body.data;
      expect(account).to.include({ status: 'Active', product_id: 1549 });
      expect(account.last_invoice).to.include({ status: 'Paid' });
      expect(sim.ledger().map((entry) => entry.operation)).to.deep.equal(['lite.create', 'lite.change-package']);
    });

    it('rate-limited-after-order: the order is taken, the client is answered 429', async () => {
      const sim = await only('rate-limited-after-order');
      const keypairId = await keypairOf(sim);
      const reply = await call(sim, 'POST', '/lites', { ...VM, keypair_id: keypairId });
      expect(reply.status).to.equal(429);
      expect(reply.body).to.include({ success: false, code: 429 });
      expect(sim.ledger().map((entry) => entry.operation)).to.deep.equal(['lite.create']);
      expect(sim.requests().at(-1)).to.include({ method: 'POST', path: '/v1/lites', status: 429 });
      expect(sim.requests().at(-1)?.variations).to.deep.equal(['rate-limited-after-order']);
      expect((await call(sim, 'GET', '/lites/accounts')).body.data).to.have.length(1);
    });

    it('lagging-lists: what was just created is not listed yet, and is a moment later', async () => {
      const sim = await only('lagging-lists', { provisioningSeconds: 0.4 }); // lag: 2 s
      const keypairId = await keypairOf(sim);
      expect((await call(sim, 'GET', '/lites/keypairs/')).body.data).to.deep.equal([]);
      await call(sim, 'POST', '/lites', { ...VM, keypair_id: keypairId });
      expect((await call(sim, 'GET', '/lites/accounts')).body.data).to.deep.equal([]);
      await sleep(2100);
      expect((await call(sim, 'GET', '/lites/keypairs/')).body.data).to.have.length(1);
      expect((await call(sim, 'GET', '/lites/accounts')).body.data).to.have.length(1);
    });

    it('pay-by-presence: any pay_invoice_with_cc value pays, only its absence leaves the order unpaid', async () => {
      const sim = await only('pay-by-presence');
      const keypairId = await keypairOf(sim);
      const no = await call(sim, 'POST', '/lites', { ...VM, keypair_id: keypairId, pay_invoice_with_cc: 'no' });
      const absent = await call(sim, 'POST', '/lites', { ...VM, keypair_id: keypairId, pay_invoice_with_cc: undefined });
      await sleep(WAIT);
      expect((await call(sim, 'GET', `/lites/accounts/${no.body.data.account_id}`)).body.data.status).to.equal('Active');
      const unpaid = (await call(sim, 'GET', `/lites/accounts/${absent.body.data.account_id}`)).body.data;
      expect(unpaid.status).to.equal('Pending');
      expect(unpaid.last_invoice.status).to.equal('Unpaid');
      // the ledger keeps the body as received
      expect(sim.ledger()[0]?.body.pay_invoice_with_cc).to.equal('no');
    });

    it('strict reads the value: "no" and an absent field leave the order unpaid', async () => {
      const sim = await start();
      const keypairId = await keypairOf(sim);
      const no = await call(sim, 'POST', '/lites', { ...VM, keypair_id: keypairId, pay_invoice_with_cc: 'no' });
      const absent = await call(sim, 'POST', '/lites', { ...VM, keypair_id: keypairId, pay_invoice_with_cc: undefined });
      await sleep(WAIT);
      for (const reply of [no, absent])
        expect((await call(sim, 'GET', `/lites/accounts/${reply.body.data.account_id}`)).body.data.status).to.equal('Pending');
    });
  });

  describe('the variant profile', () => {
    /** A fixed conversation with the cloud; returns every reply with time-derived values removed. */
    async function conversation(sim: RunningSimulator): Promise<unknown[]> {
      const replies: unknown[] = [];
      const say = async (method: string, path: string, body?: unknown) => {
        const reply = await call(sim, method, path, body);
        replies.push({ status: reply.status, body: timeless(reply.body) });
        return reply;
      };
      const key = await say('POST', '/lites/keypairs/', { name: 'deploy-key' });
      await say('GET', '/lites/keypairs/');
      await say('GET', '/lites/products');
      for (let i = 0; i < 4; i++) await say('POST', '/lites', { ...VM, keypair_id: Number(key.body.data?.sshkey_id ?? 2001) });
      await sleep(WAIT);
      for (const entry of sim.ledger()) await say('GET', `/lites/accounts/${entry.account_id}`);
      await say('GET', '/lites/accounts');
      return replies;
    }

    it('same seed, same replies; another seed, other replies', async () => {
      // Provisioning 0: statuses do not depend on how fast each simulator answers.
      const instant = { profile: 'variant', provisioningSeconds: 0 } as const;
      const [a, b, c] = await Promise.all([start({ ...instant, seed: 5 }), start({ ...instant, seed: 5 }), start({ ...instant, seed: 6 })]);
      const [ra, rb, rc] = await Promise.all([conversation(a), conversation(b), conversation(c)]);
      expect(ra).to.deep.equal(rb);
      expect(a.requests().map((request) => request.variations ?? [])).to.deep.equal(
        b.requests().map((request) => request.variations ?? []),
      );
      expect(rc).to.not.deep.equal(ra);
    });

    it('varies replies (several rules show up) and keeps the ledger exact: one entry per order taken', async () => {
      const seen = new Set<string>();
      for (const seed of [1, 2, 3, 4, 5, 6]) {
        const sim = await start({ profile: 'variant', seed });
        const key = Number((await call(sim, 'POST', '/lites/keypairs/', { name: 'deploy-key' })).body.data?.sshkey_id ?? 0);
        const keypairId =
          key || Number(sim.requests().length && (await call(sim, 'GET', '/lites/keypairs/')).body.data?.[0]?.keypair_id) || 2001;
        let sent = 0;
        for (let i = 0; i < 8; i++) {
          const reply = await call(sim, 'POST', '/lites', { ...VM, keypair_id: keypairId });
          if (reply.status === 200 || reply.status === 429) sent++;
        }
        await sleep(WAIT);
        for (let i = 0; i < 6; i++) await call(sim, 'GET', '/lites/accounts');
        expect(sim.ledger(), `seed ${seed}`).to.have.length(sent);
        expect(sent, `seed ${seed}`).to.equal(8);
        for (const request of sim.requests()) for (const name of request.variations ?? []) seen.add(name);
      }
      expect(seen.size).to.be.greaterThan(5);
    });
  });
});

/** Drops values that depend on the wall clock (dates, times, uptimes) or are fresh key material, recursively. */
function timeless(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(timeless);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (/date|time|updated|due|paybefore|datepaid|uptime/i.test(key)) continue;
      if (/^(public_?key|private_?key|private|pem|secret_key|ssh_private_key|sshkeys)$/i.test(key)) continue;
      out[key] = timeless(item);
    }
    return out;
  }
  return value;
}
