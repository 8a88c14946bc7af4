/**
 * The simulator's kept list views (src/sim/view-cache.ts): a list reply
 * written from views encoded earlier has the bytes of the views made afresh
 * (each account's GET by id, encoded, in the envelope), and a kept view is
 * made again when what it shows changes: the account (a rename), what else
 * it shows (the VM's keypair deleted), or time (a change not yet in effect).
 */
import { expect } from 'chai';
import { startSimulator, type RunningSimulator } from '../../src/sim/index.js';
import { settled } from '../../src/sim/view-cache.js';
import type { AnyAccount } from '../../src/sim/store.js';

/** One API call's status and `data`. */
async function call(sim: RunningSimulator, method: string, path: string, body?: unknown): Promise<{ status: number; data: any }> {
  const res = await fetch(sim.url + path, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const reply = (await res.json()) as { data?: unknown };
  return { status: res.status, data: reply.data };
}

/** The raw text of GET `path`. */
async function text(sim: RunningSimulator, path: string): Promise<string> {
  return (await fetch(sim.url + path)).text();
}

/** What a list reply must be: the envelope of each listed account's GET-by-id `data`, encoded afresh, in list order. */
async function expectedList(sim: RunningSimulator, path: string, ids: string[]): Promise<string> {
  const items = await Promise.all(ids.map(async (id) => JSON.stringify((await call(sim, 'GET', `${path}/${id}`)).data)));
  return JSON.stringify({ success: true, code: 200, data: items.map((item) => JSON.parse(item) as unknown) });
}

describe('simulator: list views kept between requests', function () {
  this.timeout(30_000);
  let sim: RunningSimulator;
  const vms: string[] = [];
  let disk: string;
  let key: number;

  before(async () => {
    sim = await startSimulator({ provisioningSeconds: 0, seed: 5 });
    key = (await call(sim, 'POST', '/lites/keypairs/', { name: 'cache-key' })).data.sshkey_id as number;
    for (const name of ['cache-a', 'cache-b', 'cache-c']) {
      const reply = await call(sim, 'POST', '/lites', {
        product_id: 1547,
        cycle: 'm',
        select_os: 'ubuntu-22.04',
        keypair_id: key,
        ssh_and_console_user: 'deployer',
        console_password: 'Secr3tPassw0rd',
        vm_name: name,
        pay_invoice_with_cc: 'yes',
      });
      vms.push(String(reply.data.account_id));
    }
    const ordered = await call(sim, 'POST', '/lites/disks', {
      product_id: 1701,
      cycle: 'm',
      lite_account_id: vms[0],
      pay_invoice_with_cc: 'yes',
    });
    disk = String(ordered.data.account_id);
  });
  after(() => sim.close());

  it('a list answered twice (the second from kept views) has the bytes of its items read one by one', async () => {
    for (let round = 0; round < 2; round++) {
      expect(await text(sim, '/lites/accounts')).to.equal(await expectedList(sim, '/lites/accounts', vms));
      expect(await text(sim, '/lites/disks/accounts')).to.equal(await expectedList(sim, '/lites/disks/accounts', [disk]));
    }
    const active = JSON.parse(await text(sim, '/lites/accounts?status=Active')) as { data: unknown[] };
    expect(active.data).to.have.length(3);
    const pending = JSON.parse(await text(sim, '/lites/accounts?status=Pending')) as { data: unknown[] };
    expect(pending.data).to.deep.equal([]);
  });

  it('a renamed VM and a deleted keypair show in the next list', async () => {
    await text(sim, '/lites/accounts'); // views kept
    expect((await call(sim, 'PUT', `/lites/accounts/${vms[1]}/change-vm-name`, { name: 'renamed' })).status).to.equal(200);
    let listed = (await call(sim, 'GET', '/lites/accounts')).data as Array<{ extra_details: { name: string; sshkeys: string } }>;
    expect(listed.map((vm) => vm.extra_details.name)).to.deep.equal(['cache-a', 'renamed', 'cache-c']);
    expect(listed[0]!.extra_details.sshkeys).to.not.equal('');
    expect((await call(sim, 'DELETE', `/lites/keypairs/${key}`)).status).to.equal(200);
    listed = (await call(sim, 'GET', '/lites/accounts')).data as typeof listed;
    expect(listed.map((vm) => vm.extra_details.sshkeys)).to.deep.equal(['', '', '']);
    expect(await text(sim, '/lites/accounts')).to.equal(await expectedList(sim, '/lites/accounts', vms));
  });

  it('a view is kept only once it no longer moves with time', () => {
    const now = 1_000_000;
    const account = (over: Partial<AnyAccount>): AnyAccount =>
      ({ ready_at: now - 1, changes: [], invoice: { id: 1, status: 'Paid' }, ...over }) as unknown as AnyAccount;
    expect(settled(account({}), now)).to.equal(true);
    expect(settled(account({ ready_at: now + 1 }), now), 'provisioning').to.equal(false);
    expect(settled(account({ ready_at: null }), now), 'unpaid order').to.equal(false);
    expect(settled(account({ changes: [{ at: now + 5, patch: {}, op: 'x' }] } as Partial<AnyAccount>), now), 'a change to come').to.equal(
      false,
    );
    expect(settled(account({ changes: [{ at: null, patch: {}, op: 'x' }] } as Partial<AnyAccount>), now), 'an unpaid change').to.equal(
      false,
    );
    expect(settled(account({ changes: [{ at: now - 5, patch: {}, op: 'x' }] } as Partial<AnyAccount>), now)).to.equal(true);
    expect(
      settled(account({ invoice: { id: 1, status: 'Paid', paidAt: now + 5 } } as Partial<AnyAccount>), now),
      'an invoice held open',
    ).to.equal(false);
  });
});
