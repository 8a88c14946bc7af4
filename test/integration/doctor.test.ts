/**
 * `cloudctl doctor` against the simulator, in both profiles: a cloud with an
 * account of every group is set up (strict), then the doctor reads it
 * through the strict profile, single variation rules and seeded variant
 * profiles. It must only ever GET (checked in the request log), exit 0 when
 * every field cloudctl relies on matches and 1 otherwise, naming the
 * attributes affected, and never print the token or a password.
 * Needs `npm run build` first.
 */
import { join } from 'node:path';
import { expect } from 'chai';
import type { RunningSimulator, SimulatorOptions } from '../../src/sim/index.js';
import { cli, startCloud, tempFolder } from './helpers.js';

const TOKEN = 'doctor-test-token-0123456789';
const PASSWORD = 'Secr3tPassw0rd';

/** Orders one account of every group on a strict cloud kept in `dataFile`. */
async function seedCloud(dataFile: string): Promise<void> {
  const cloud = await startCloud({ provisioningSeconds: 0.1, dataFile, token: TOKEN });
  const post = async (path: string, body: unknown) => {
    const response = await fetch(cloud.url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-token': TOKEN },
      body: JSON.stringify(body),
    });
    const envelope = (await response.json()) as { data: Record<string, any> };
    expect(response.status, `${path}: ${JSON.stringify(envelope)}`).to.equal(200);
    return envelope.data;
  };
  const key = await post('/lites/keypairs/', { name: 'deploy-key' });
  const vm = await post('/lites', {
    product_id: 1547,
    cycle: 'm',
    select_os: 'ubuntu-22.04',
    keypair_id: key.sshkey_id,
    vm_name: 'web-server-01',
    ssh_and_console_user: 'deployer',
    console_password: PASSWORD,
    pay_invoice_with_cc: 'yes',
  });
  const metalKey = await post('/baremetals/keypairs/', { name: 'metal-key' });
  const metal = await post('/baremetals', {
    product_id: 3001,
    cycle: 'm',
    keypair_id: metalKey.keypair_id,
    label: 'db-1',
    pay_invoice_with_cc: 'yes',
  });
  await new Promise((resolve) => setTimeout(resolve, 200));
  await post(`/lites/accounts/${vm.account_id}/snapshot`, { cycle: 'm', name: 'nightly-01', pay_invoice_with_cc: 'yes' });
  await post('/lites/disks', {
    product_id: 1701,
    cycle: 'm',
    lite_account_id: vm.account_id,
    service_name: 'data-disk',
    pay_invoice_with_cc: 'yes',
  });
  await post('/baremetal-additional-ips', { product_id: 4001, cycle: 'm', pay_invoice_with_cc: 'yes' });
  await post('/baremetal-elastic-storages', {
    product_id: 5001,
    cycle: 'm',
    storage_name: 'data',
    metal_account_id: metal.account_id,
    pay_invoice_with_cc: 'yes',
  });
  await new Promise((resolve) => setTimeout(resolve, 200));
  await cloud.close();
}

describe('cloudctl doctor', function () {
  this.timeout(120_000);
  let folder: string;
  let dataFile: string;
  let cloud: RunningSimulator | undefined;

  before(async () => {
    folder = await tempFolder('cloudctl-doctor-');
    dataFile = join(folder, 'cloud.json');
    await seedCloud(dataFile);
  });

  afterEach(async () => {
    await cloud?.close();
    cloud = undefined;
  });

  /** Runs the doctor against the seeded cloud under `options`; returns its result and the requests it made. */
  async function doctor(options: SimulatorOptions, token = TOKEN) {
    cloud = await startCloud({ provisioningSeconds: 0.1, dataFile, token: TOKEN, ...options });
    const before = cloud.counts().requests;
    const result = await cli(['doctor'], { cwd: folder, env: { CLOUDCTL_BASE_URL: cloud.url, CLOUDCTL_API_KEY: token } });
    const requests = cloud.requests().slice(before);
    await cloud.close();
    cloud = undefined;
    expect(result.stdout + result.stderr, 'the token is never printed').to.not.include(TOKEN);
    expect(result.stdout + result.stderr, 'no password is printed').to.not.include(PASSWORD);
    return { ...result, requests };
  }

  it('strict: every group read, every field matches, exit 0, only GETs', async () => {
    const run = await doctor({});
    expect(run.code, run.stdout + run.stderr).to.equal(0);
    for (const title of [
      'lite products',
      'lite OS list',
      'lite keypairs',
      'lite accounts',
      'lite snapshots',
      'lite disks',
      'lite pro products',
      'bare-metal keypairs',
      'bare-metal servers',
      'additional IPs',
      'elastic storages',
    ]) {
      expect(run.stdout).to.include(title);
    }
    expect(run.stdout).to.include('Every field cloudctl relies on matches.');
    expect(run.requests.length).to.be.greaterThan(15);
    expect(run.requests.filter((request) => request.method !== 'GET')).to.deep.equal([]);
  });

  it('a missing field is a problem naming the attributes and policies it affects (exit 1)', async () => {
    const run = await doctor({ variations: ['omit-optional-keys'] });
    expect(run.code, run.stdout).to.equal(1);
    expect(run.stdout).to.match(/✗ [a-z -]+ \d+: [a-z_.]+ missing → cloud_[a-z_]+\.[a-z_]+ \(/);
    // Each affected input names its read-back class (issue 10).
    expect(run.stdout).to.match(/cloud_[a-z_]+\.[a-z_]+ \([^)]*; read-back (authoritative|informational|never)\)/);
    expect(run.stdout).to.match(/problems? in fields cloudctl relies on/);
    expect(run.requests.filter((request) => request.method !== 'GET')).to.deep.equal([]);
  });

  it('keys in another case are problems, with a hint; a null list is a problem', async () => {
    const recased = await doctor({ variations: ['key-case'] });
    expect(recased.code).to.equal(1);
    expect(recased.stdout).to.match(/missing \(the reply has "[A-Za-z_]+": the same name in another case\)/);
    const lists = await doctor({ variations: ['null-lists'] });
    expect(lists.code).to.equal(1);
    expect(lists.stdout).to.include('the list is null, not an array');
  });

  it('unknown fields are listed but do not fail the check', async () => {
    const run = await doctor({ variations: ['extra-fields'] });
    expect(run.code, run.stdout).to.equal(0);
    expect(run.stdout).to.include('unknown fields (cloudctl does not read them): _links, meta, updated_at, uuid');
  });

  it('variant profile, several seeds: only GETs, a verdict either way', async () => {
    for (const seed of [1, 2, 3]) {
      const run = await doctor({ profile: 'variant', seed });
      expect([0, 1], `seed ${seed}: ${run.stderr}`).to.include(run.code);
      expect(run.stdout).to.match(/Nothing was ordered or changed\./);
      expect(
        run.requests.filter((request) => request.method !== 'GET'),
        `seed ${seed}`,
      ).to.deep.equal([]);
    }
  });

  it('a refused token is a problem, reported without the token', async () => {
    const run = await doctor({}, `${TOKEN}-wrong`);
    expect(run.code).to.equal(1);
    expect(run.stdout).to.match(/HTTP 401/);
  });
});
