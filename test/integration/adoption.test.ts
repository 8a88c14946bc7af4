/**
 * `cloudctl import --all --generate-config-out FILE` end to end (issue 27),
 * in process against the simulator: accounts ordered outside cloudctl (as
 * the portal would) of every type, with references across types, are
 * written as one manifest (names, references, variables, import blocks, no
 * secret); its plan imports them all with 0 to add, change or destroy and
 * no paid order, apply records them, and the next plan has no changes.
 */
import { expect } from 'chai';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'yaml';
import { readState, TEST_TOKEN, useStack, writes } from './helpers.js';
import { ACCOUNT_LISTS, Portal } from '../fixtures/portal.js';
import { Engine } from '../../src/engine/engine.js';

const PASSWORD = 'Portal2026Pass';

/** The accounts of the test, by role. */
interface Accounts {
  liteKey: string;
  proKey: string;
  metalKey: string;
  web: string;
  db: string;
  snapshot: string;
  restored: string;
  disk: string;
  pro: string;
  proDisk: string;
  metal: string;
  ip: string;
  storage: string;
}

/** Orders one account of every type through the API, with references across types, and waits until they are Active. */
async function orderEverything(portal: Portal): Promise<Accounts> {
  const liteKey = await portal.keypair('/lites', 'team-key');
  const proKey = await portal.keypair('/lite-pros', 'pro-key');
  const metalKey = await portal.keypair('/baremetals', 'metal-key');
  const web = await portal.vm('/lites', liteKey, 'web-server-01', { password: PASSWORD });
  const db = await portal.vm('/lites', liteKey, 'db-server-01', { password: PASSWORD, cycle: 'a' });
  const pro = await portal.vm('/lite-pros', proKey, 'pro-app-01', { password: PASSWORD });
  const metal = await portal.server(metalKey, 'metal-db');
  const ip = await portal.additionalIp();
  await portal.settle(ACCOUNT_LISTS);
  const snapshot = await portal.snapshot('/lites', web, 'web-snap');
  const disk = await portal.disk('/lites', db, 'db-data', 80);
  const proDisk = await portal.disk('/lite-pros', pro, 'pro-data', 40);
  await portal.assign(ip, metal);
  const storage = await portal.storage(metal, 'metal-vol', 200);
  await portal.settle(ACCOUNT_LISTS);
  const restored = await portal.restore('/lites', snapshot, liteKey, 'web-restored', PASSWORD);
  await portal.settle(ACCOUNT_LISTS);
  return { liteKey, proKey, metalKey, web, db, snapshot, restored, disk, pro, proDisk, metal, ip, storage };
}

describe('integration: import --all (adopt every account)', function () {
  this.timeout(120_000);
  const stack = useStack({ each: true });
  const portal = () => new Portal(stack.cloud.url, TEST_TOKEN);
  const orders = () => stack.cloud.ledger().length;

  it('writes one manifest adopting every account; its plan imports them with no change and no order; apply; then no changes', async () => {
    const ids = await orderEverything(portal());
    const ordered = orders();
    const before = stack.cloud.requests().length;

    const result = await stack.run('import', '--all', '--generate-config-out', 'adopt.yaml');
    expect(result.code, result.stderr + result.stdout).to.equal(0);
    expect(writes(stack.cloud.requests().slice(before)), 'discovery only reads').to.deep.equal([]);
    expect(existsSync(join(stack.folder, '.cloudctl', 'state.json')), 'no state written').to.equal(false);
    expect(result.stdout).to.include('Wrote adopt.yaml: 14 accounts to adopt');
    expect(result.stdout).to.include('Every account can reach a plan without changes.');
    const text = await readFile(join(stack.folder, 'adopt.yaml'), 'utf8');
    expect(text).to.not.include(PASSWORD);
    expect(text).to.not.match(/private_key|cipassword|BEGIN/);
    const manifest = parse(text);
    const blocks = manifest.resources as Record<string, { type: string; properties: Record<string, unknown> }>;
    // Names from labels and names; references instead of ids between adopted resources.
    expect(blocks.web_server_01.properties).to.include({ keypair_id: '${team_key.keypair_id}', vm_name: 'web-server-01', cycle: 'm' });
    expect(blocks.web_server_01.properties.console_password).to.equal('${var.web_server_01_console_password}');
    expect(blocks.db_server_01.properties.cycle).to.equal('a');
    expect(blocks.db_data.properties).to.include({ lite_account_id: '${db_server_01.id}', size: 80, service_name: 'db-data' });
    expect(blocks.web_snap.properties.lite_account_id).to.equal('${web_server_01.id}');
    expect(blocks.pro_data.properties.lite_account_id).to.equal('${pro_app_01.id}');
    expect(blocks.pro_app_01.properties.keypair_id).to.equal('${pro_key.keypair_id}');
    expect(blocks.metal_db.properties).to.include({ keypair_id: '${metal_key.keypair_id}', label: 'metal-db' });
    expect(blocks.metal_vol.properties.metal_account_id).to.equal('${metal_db.id}');
    const assignment = Object.values(blocks).find((block) => block.type === 'cloud_baremetal_additional_ip_assignment')!;
    expect(assignment.properties.metal_account_id).to.equal('${metal_db.id}');
    expect(assignment.properties.additional_ip_id).to.match(/^\$\{baremetal_additional_ip_[0-9_]+\.id\}$/);
    // The restored VM: an ordinary lite VM account (the API does not say which snapshot it came from).
    expect(blocks.web_restored.type).to.equal('cloud_lite_vm');
    // Defaults left out (pay_with_credit_card, description, the disk name default).
    for (const block of Object.values(blocks))
      expect(block.properties).to.not.have.any.keys('pay_with_credit_card', 'description', 'timeouts');
    // Secrets and unreported inputs are variables; the secret ones sensitive.
    expect(manifest.variables.web_server_01_console_password).to.include({ env: 'WEB_SERVER_01_CONSOLE_PASSWORD', sensitive: true });
    expect(manifest.variables.web_snap_cycle).to.include({ env: 'WEB_SNAP_CYCLE' });
    expect(manifest.variables.web_snap_cycle.sensitive).to.equal(undefined);
    expect(text).to.include('# The API never returns console_password (a secret)');
    const imports = manifest.import as Array<{ to: string; id: string }>;
    expect(imports).to.have.length(14);
    expect(imports).to.deep.include({ to: 'web_server_01', id: ids.web });
    expect(imports).to.deep.include({ to: 'web_restored', id: ids.restored });
    expect(imports.map((entry) => entry.to).sort()).to.deep.equal(Object.keys(blocks).sort());

    for (const name of ['WEB_SERVER_01', 'DB_SERVER_01', 'WEB_RESTORED', 'PRO_APP_01']) stack.env[`${name}_CONSOLE_PASSWORD`] = PASSWORD;
    stack.env.WEB_SNAP_CYCLE = 'm';
    const plan = await stack.run('plan', 'adopt.yaml', '--no-color');
    expect(plan.code, plan.stderr + plan.stdout).to.equal(0);
    expect(plan.stdout).to.include('Plan: 14 to import, 0 to add, 0 to change, 0 to destroy. 0 paid orders.');
    const json = JSON.parse((await stack.run('plan', 'adopt.yaml', '--json')).stdout);
    // The monthly cost is what the accounts are billed now: each list's recurring_amount, per month.
    let monthly = 0;
    for (const path of ACCOUNT_LISTS)
      for (const item of (await portal().call('GET', path)) as Array<Record<string, unknown>>)
        if (typeof item.recurring_amount === 'number') monthly += item.recurring_amount / (item.billingcycle === 'Annually' ? 12 : 1);
    expect(json.cost.monthly_after).to.equal(monthly);
    expect(json.cost.orders).to.equal(0);

    const apply = await stack.run('apply', '--auto-approve', '--no-color');
    expect(apply.code, apply.stderr + apply.stdout).to.equal(0);
    expect(apply.stdout).to.include('Resources: 14 imported, 0 added, 0 changed, 0 destroyed.');
    expect(Object.keys((await readState(stack.folder)).resources)).to.have.length(14);
    const again = await stack.run('plan', 'adopt.yaml', '--no-color', '--detailed-exitcode');
    expect(again.code, again.stdout + again.stderr).to.equal(0);
    expect(again.stdout).to.include('No changes.');
    expect(orders(), 'no order placed by adoption').to.equal(ordered);
    expect(writes(stack.cloud.requests().slice(before)), 'only reads').to.deep.equal([]);
  });

  it('--type narrows the listing; the file is never overwritten; a second run names the same accounts the same', async () => {
    await orderEverything(portal());
    const narrowed = await stack.run(
      'import',
      '--all',
      '--generate-config-out',
      'vms.yaml',
      '--type',
      'lite_vm',
      '--type',
      'cloud_lite_keypair',
    );
    expect(narrowed.code, narrowed.stderr).to.equal(0);
    const manifest = parse(await readFile(join(stack.folder, 'vms.yaml'), 'utf8'));
    expect(
      Object.values(manifest.resources as Record<string, { type: string }>)
        .map((block) => block.type)
        .sort(),
    ).to.deep.equal(['cloud_lite_keypair', 'cloud_lite_vm', 'cloud_lite_vm', 'cloud_lite_vm']);
    const first = await readFile(join(stack.folder, 'vms.yaml'), 'utf8');
    const requests = stack.cloud.requests().length;
    const refused = await stack.run('import', '--all', '--generate-config-out', 'vms.yaml');
    expect(refused.code).to.not.equal(0);
    expect(refused.stderr).to.include('exists already and is never overwritten');
    expect(stack.cloud.requests().length, 'no API call').to.equal(requests);
    expect(await readFile(join(stack.folder, 'vms.yaml'), 'utf8')).to.equal(first);
    const second = await stack.run(
      'import',
      '--all',
      '--generate-config-out',
      'vms-again.yaml',
      '--type',
      'lite_vm',
      '--type',
      'lite_keypair',
    );
    expect(second.code, second.stderr).to.equal(0);
    expect(await readFile(join(stack.folder, 'vms-again.yaml'), 'utf8'), 'stable names').to.equal(first);
    const unknown = await stack.run('import', '--all', '--generate-config-out', 'x.yaml', '--type', 'lite_vmm');
    expect(unknown.code).to.not.equal(0);
    expect(unknown.stderr).to.include('unknown resource type');
  });

  it('the automation API: Engine.generateImports returns the manifest and what it holds, writes nothing', async () => {
    const api = portal();
    const key = await api.keypair('/lites', 'team-key');
    const web = await api.vm('/lites', key, 'web-server-01', { password: PASSWORD });
    await api.settle(ACCOUNT_LISTS);
    const engine = await Engine.open({ directory: stack.folder, baseUrl: stack.cloud.url, token: TEST_TOKEN, env: {} });
    try {
      const result = await engine.generateImports({ types: ['lite_vm', 'lite_keypair'] });
      expect(result.resources.map((resource) => [resource.address, resource.type, resource.id])).to.deep.equal([
        ['team_key', 'cloud_lite_keypair', key],
        ['web_server_01', 'cloud_lite_vm', web],
      ]);
      expect(result.variables).to.deep.equal([
        {
          name: 'web_server_01_console_password',
          env: 'WEB_SERVER_01_CONSOLE_PASSWORD',
          sensitive: true,
          address: 'web_server_01',
          input: 'console_password',
        },
      ]);
      expect(result.recurring).to.deep.equal({ m: 75000 });
      expect(parse(result.manifest).resources.web_server_01.properties.keypair_id).to.equal('${team_key.keypair_id}');
    } finally {
      await engine.close();
    }
    expect(existsSync(join(stack.folder, '.cloudctl', 'state.json')), 'no state written').to.equal(false);
  });

  it('bad arguments: a clear error, exit 1, no API call, no file', async () => {
    const requests = stack.cloud.requests().length;
    for (const [args, message] of [
      [['import', '--all'], 'needs --generate-config-out FILE'],
      [['import', '--all', 'lite_vm', '1', '--generate-config-out', 'x.yaml'], 'takes no TYPE, ID or --name'],
      [['import', '--generate-config-out', 'x.yaml'], 'go with --all'],
      [['import'], 'give a type and an id'],
    ] as Array<[string[], string]>) {
      const result = await stack.run(...args);
      expect(result.code, args.join(' ')).to.equal(1);
      expect(result.stderr, args.join(' ')).to.include(message);
    }
    expect(stack.cloud.requests().length, 'no API call').to.equal(requests);
    expect(existsSync(join(stack.folder, 'x.yaml'))).to.equal(false);
  });

  it('leaves out terminated accounts (counted), accounts the state manages, and accounts awaiting payment unless --include-pending', async () => {
    const api = portal();
    const key = await api.keypair('/lites', 'team-key');
    const kept = await api.vm('/lites', key, 'web-server-01', { password: PASSWORD });
    const managed = await api.vm('/lites', key, 'managed-vm-01', { password: PASSWORD });
    const gone = await api.vm('/lites', key, 'gone-vm-01', { password: PASSWORD });
    const unpaid = await api.vm('/lites', key, 'unpaid-vm-01', { password: PASSWORD, pay: false });
    await api.settle(ACCOUNT_LISTS, [unpaid]);
    await api.call('DELETE', `/lites/${gone}`);
    const adopted = await stack.run('import', 'lite_vm.mine', managed);
    expect(adopted.code, adopted.stderr).to.equal(0);
    const ordered = orders();

    const result = await stack.run('import', '--all', '--generate-config-out', 'adopt.yaml');
    expect(result.code, result.stderr).to.equal(0);
    expect(result.stdout).to.include('Left out 1 terminated account (cloud_lite_vm: 1).');
    expect(result.stdout).to.include('Left out 1 account the state manages already: mine.');
    expect(result.stdout).to.include(`1 account awaiting payment, not adopted (add --include-pending to adopt): cloud_lite_vm ${unpaid}.`);
    const imports = parse(await readFile(join(stack.folder, 'adopt.yaml'), 'utf8')).import as Array<{ id: string }>;
    expect(imports.map((entry) => entry.id).sort()).to.deep.equal([key, kept].sort());

    const withPending = await stack.run('import', '--all', '--generate-config-out', 'with-pending.yaml', '--include-pending');
    expect(withPending.code, withPending.stderr).to.equal(0);
    const text = await readFile(join(stack.folder, 'with-pending.yaml'), 'utf8');
    expect((parse(text).import as Array<{ id: string }>).map((entry) => entry.id)).to.include(unpaid);
    expect(text).to.include('Awaiting payment');
    expect(orders(), 'no order').to.equal(ordered);
  });
});
