/**
 * The engine end to end (issue 2): plan, apply, update, reject, grow,
 * trigger, power, saved plans, import and destroy of the lite VM chain,
 * through the built binary against a simulator on loopback.
 */
import { expect } from 'chai';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { cli, readState, savedPlanText, simulatorHeaders, tempFolder, useStack, write, writes } from './helpers.js';
import { CATALOGUE_DATA_SOURCES } from '../fixtures/lite-stack.js';

interface Knobs {
  vmName?: string;
  selectOs?: string;
  diskSize?: number;
  rebuildOs?: string;
  powerState?: string;
}

function manifest(knobs: Knobs = {}): string {
  const extra: string[] = [];
  if (knobs.diskSize !== undefined) extra.push(`      disk_size: ${knobs.diskSize}`);
  if (knobs.rebuildOs !== undefined) extra.push(`      rebuild_os: ${knobs.rebuildOs}`);
  if (knobs.powerState !== undefined) extra.push(`      power_state: ${knobs.powerState}`);
  return `variables:
  console_password: { env: TEST_CONSOLE_PASSWORD, sensitive: true }
${CATALOGUE_DATA_SOURCES}resources:
  key:
    type: lite_keypair
    properties: { name: test-key }
  web:
    type: cloud:index:LiteVm
    properties:
      productId: \${data.products.products[0].product_id}
      select_os: ${knobs.selectOs ?? '${data.os.oss[0].name}'}
      keypair_id: \${key.keypair_id}
      ssh_and_console_user: deployer
      console_password: \${var.console_password}
      cycle: m
      vm_name: ${knobs.vmName ?? 'web-server-01'}
${extra.join('\n')}
outputs:
  web_id: \${web.id}
  name: "vm \${web.vm_name}"
  key: \${key.private_key}
`;
}

const PASSWORD = 'Sup3rSecretPw';

describe('integration: the lite VM chain through the cloudctl binary', function () {
  this.timeout(120_000);
  const stack = useStack({ manifest: manifest(), env: { TEST_CONSOLE_PASSWORD: PASSWORD } });
  const writesSince = (count: number) => writes(stack.cloud.requests().slice(count));

  /** Writes the manifest with `knobs` and applies it (which must succeed): the id of `web`, the run and the writes it sent. */
  async function applyKnobs(knobs: Knobs) {
    await write(stack.folder, 'stack.yaml', manifest(knobs));
    const id = (await readState(stack.folder)).resources.web.id;
    const before = stack.cloud.requests().length;
    const result = await stack.run('apply', 'stack.yaml', '--auto-approve');
    expect(result.code, result.stderr + result.stdout).to.equal(0);
    return { id, result, writes: writesSince(before) };
  }

  it('apply --auto-approve creates the keypair and the VM, one order, and prints outputs', async () => {
    const result = await stack.run('apply', 'stack.yaml', '--auto-approve');
    expect(result.code, result.stderr + result.stdout).to.equal(0);
    expect(result.stdout).to.include('Plan: 2 to add, 0 to change, 0 to destroy. 1 paid order.');
    expect(result.stdout).to.include('web: Creation complete');
    expect(result.stdout).to.include('Apply complete! Resources: 2 added, 0 changed, 0 destroyed.');
    expect(result.stdout).to.match(/web_id = "\d+"/);
    expect(result.stdout).to.include('key = (sensitive)');
    expect(result.stdout + result.stderr).to.not.include(PASSWORD);
    const orders = stack.cloud.ledger();
    expect(orders).to.have.length(1);
    expect(orders[0].path).to.equal('/v1/lites');
    const state = await readState(stack.folder);
    expect(Object.keys(state.resources).sort()).to.deep.equal(['key', 'web']);
    expect(state.resources.web.id).to.equal(orders[0].account_id);
    expect(state.resources.web.pending_create).to.equal(undefined);
    expect(state.resources.web.attributes.status).to.equal('Active');
    expect(state.resources.key.attributes.private_key).to.include('PRIVATE KEY');
    expect((await stat(join(stack.folder, '.cloudctl', 'state.json'))).mode & 0o777).to.equal(0o600);
  });

  it('plan says there is nothing to change (exit 0 with --detailed-exitcode)', async () => {
    const result = await stack.run('plan', 'stack.yaml', '--detailed-exitcode');
    expect(result.code, result.stderr).to.equal(0);
    expect(result.stdout).to.include('No changes.');
  });

  it('a no-op apply places no order and makes no write call', async () => {
    const before = stack.cloud.requests().length;
    const result = await stack.run('apply', 'stack.yaml', '--auto-approve');
    expect(result.code, result.stderr).to.equal(0);
    expect(writesSince(before)).to.deep.equal([]);
    expect(stack.cloud.ledger()).to.have.length(1);
  });

  it('a new vm_name plans ~ update in-place and applying calls change-vm-name only', async () => {
    await write(stack.folder, 'stack.yaml', manifest({ vmName: 'web-server-02' }));
    const plan = await stack.run('plan', 'stack.yaml', '--detailed-exitcode');
    expect(plan.code, plan.stderr).to.equal(2);
    expect(plan.stdout).to.include('~ update in-place');
    expect(plan.stdout).to.include('# web will be updated in-place');
    expect(plan.stdout).to.match(/vm_name += "web-server-01" -> "web-server-02"/);
    const before = stack.cloud.requests().length;
    const state = await readState(stack.folder);
    const result = await stack.run('apply', 'stack.yaml', '--auto-approve');
    expect(result.code, result.stderr).to.equal(0);
    expect(writesSince(before)).to.deep.equal([`PUT /v1/lites/accounts/${state.resources.web.id}/change-vm-name`]);
    expect(result.stdout).to.include('name = "vm web-server-02"');
  });

  it('a new select_os is a plan error at its line naming rebuild_os and --replace web, and touches nothing', async () => {
    await write(stack.folder, 'stack.yaml', manifest({ vmName: 'web-server-02', selectOs: 'debian-12' }));
    const before = stack.cloud.requests().length;
    const serial = (await readState(stack.folder)).serial;
    const result = await stack.run('plan', 'stack.yaml');
    expect(result.code).to.equal(1);
    expect(result.stderr).to.match(/^stack\.yaml:16:7: web\.select_os: cannot change from "[^"]+" to "debian-12"/m);
    expect(result.stderr).to.include('rebuild_os');
    expect(result.stderr).to.include('cloudctl apply --replace web');
    expect(writesSince(before)).to.deep.equal([]);
    expect((await readState(stack.folder)).serial).to.equal(serial);
  });

  it('a larger disk_size calls the storage upgrade with the absolute target; a smaller one is an error naming both', async () => {
    const { id, result, writes: sent } = await applyKnobs({ vmName: 'web-server-02', diskSize: 120 });
    expect(result.stdout).to.include('1 paid order');
    expect(sent).to.deep.equal([`PUT /v1/lites/accounts/${id}/storage`]);
    const upgrade = stack.cloud.ledger().at(-1)!;
    expect(upgrade.body.disk_size).to.equal(120);
    await write(stack.folder, 'stack.yaml', manifest({ vmName: 'web-server-02', diskSize: 80 }));
    const shrink = await stack.run('plan', 'stack.yaml');
    expect(shrink.code).to.equal(1);
    expect(shrink.stderr).to.include('web.disk_size: cannot shrink from 120 GB to 80 GB');
  });

  it('a new rebuild_os fires rebuild once; planning again shows no change; removing it calls nothing', async () => {
    const fired = await applyKnobs({ vmName: 'web-server-02', diskSize: 120, rebuildOs: 'debian-12' });
    expect(fired.writes).to.deep.equal([`PUT /v1/lites/accounts/${fired.id}/rebuild`]);
    const again = await stack.run('plan', 'stack.yaml', '--detailed-exitcode');
    expect(again.code, again.stdout).to.equal(0);
    await write(stack.folder, 'stack.yaml', manifest({ vmName: 'web-server-02', diskSize: 120 }));
    const before = stack.cloud.requests().length;
    const removed = await stack.run('apply', 'stack.yaml', '--auto-approve');
    expect(removed.code, removed.stderr).to.equal(0);
    expect(removed.stdout).to.include('No changes.');
    expect(writesSince(before)).to.deep.equal([]);
  });

  it('power_state: stop calls the power operation once; unchanged, nothing', async () => {
    const stopped = await applyKnobs({ vmName: 'web-server-02', diskSize: 120, powerState: 'stop' });
    expect(stopped.writes).to.deep.equal([`PUT /v1/lites/accounts/${stopped.id}/vm-state/stop`]);
    const before = stack.cloud.requests().length;
    const unchanged = await stack.run('apply', 'stack.yaml', '--auto-approve');
    expect(unchanged.code).to.equal(0);
    expect(writesSince(before)).to.deep.equal([]);
  });

  it('plan saves the plan; apply with no argument applies exactly it; a stale plan is refused', async () => {
    await write(stack.folder, 'stack.yaml', manifest({ vmName: 'web-server-03', diskSize: 120, powerState: 'stop' }));
    const plan = await stack.run('plan', 'stack.yaml');
    expect(plan.code, plan.stderr).to.equal(0);
    const saved = JSON.parse(await savedPlanText(join(stack.folder, '.cloudctl', 'last-plan.cplan')));
    expect(saved.changes.find((change: any) => change.address === 'web').action).to.equal('update');
    expect(JSON.stringify(saved)).to.not.include(PASSWORD);
    const applied = await stack.run('apply');
    expect(applied.code, applied.stderr + applied.stdout).to.equal(0);
    expect(applied.stdout).to.include('Apply complete! Resources: 0 added, 1 changed, 0 destroyed.');
    // The same plan again: state moved since it was made.
    const stale = await stack.run('apply');
    expect(stale.code).to.equal(1);
    expect(stale.stderr).to.include('stale plan');
    // A plan file named as the user likes: apply knows it from its content, not its name.
    await write(stack.folder, 'stack.yaml', manifest({ vmName: 'web-server-05', diskSize: 120, powerState: 'stop' }));
    const reviewed = await stack.run('plan', 'stack.yaml', '--out', 'reviewed.plan');
    expect(reviewed.code, reviewed.stderr).to.equal(0);
    const appliedReviewed = await stack.run('apply', 'reviewed.plan');
    expect(appliedReviewed.code, appliedReviewed.stderr + appliedReviewed.stdout).to.equal(0);
    expect((await readState(stack.folder)).resources.web.attributes.vm_name).to.equal('web-server-05');
    // A plan file elsewhere (--out / -out).
    await write(stack.folder, 'stack.yaml', manifest({ vmName: 'web-server-04', diskSize: 120, powerState: 'stop' }));
    const out = await stack.run('plan', 'stack.yaml', '-out=my.plan.json');
    expect(out.code, out.stderr).to.equal(0);
    const appliedOut = await stack.run('apply', 'my.plan.json');
    expect(appliedOut.code, appliedOut.stderr).to.equal(0);
    expect((await readState(stack.folder)).resources.web.attributes.vm_name).to.equal('web-server-04');
  });

  it('apply without a terminal and without --auto-approve refuses and changes nothing', async () => {
    await write(stack.folder, 'stack.yaml', manifest({ vmName: 'web-server-05', diskSize: 120, powerState: 'stop' }));
    const before = stack.cloud.requests().length;
    const result = await stack.run('apply', 'stack.yaml');
    expect(result.code).to.equal(1);
    expect(result.stderr).to.include('--auto-approve');
    expect(writesSince(before)).to.deep.equal([]);
    await write(stack.folder, 'stack.yaml', manifest({ vmName: 'web-server-04', diskSize: 120, powerState: 'stop' }));
  });

  it('validate, state list, state show (sensitive hidden), output and output --json', async () => {
    const valid = await stack.run('validate', 'stack.yaml');
    expect(valid.code, valid.stderr).to.equal(0);
    expect(valid.stdout).to.include('The manifest is valid.');
    const list = await stack.run('state', 'list');
    expect(list.stdout.trim().split('\n')).to.deep.equal(['key', 'web']);
    const show = await stack.run('state', 'show', 'web');
    expect(show.code).to.equal(0);
    expect(show.stdout).to.match(/console_password += \(sensitive\)/);
    expect(show.stdout).to.match(/cipassword += \(sensitive\)/);
    expect(show.stdout).to.not.include(PASSWORD);
    const key = await stack.run('state', 'show', 'key');
    expect(key.stdout).to.match(/private_key += \(sensitive\)/);
    expect(key.stdout).to.not.include('PRIVATE KEY');
    const outputs = await stack.run('output');
    expect(outputs.stdout).to.include('name = "vm web-server-04"');
    const one = await stack.run('output', 'name');
    expect(one.stdout.trim()).to.equal('vm web-server-04');
    const json = JSON.parse((await stack.run('output', '--json')).stdout);
    expect(json.key.sensitive).to.equal(true);
    expect(json.key.value, '--json prints the value, sensitive too').to.include('PRIVATE KEY');
  });

  it('--help works on every command', async () => {
    for (const command of [
      [],
      ['plan'],
      ['apply'],
      ['destroy'],
      ['import'],
      ['validate'],
      ['state'],
      ['state', 'list'],
      ['state', 'show'],
      ['state', 'rm'],
      ['state', 'mv'],
      ['output'],
      ['simulator'],
      ['schema'],
    ]) {
      const result = await stack.run(...command, '--help');
      expect(result.code, command.join(' ')).to.equal(0);
      expect(result.stdout).to.include('Usage: cloudctl');
    }
  });

  it('import lite_vm ID --name web prints YAML that, in the manifest, plans no changes', async () => {
    const id = (await readState(stack.folder)).resources.web.id;
    const other = await tempFolder();
    const imported = await cli(['import', 'lite_vm', id, '--name', 'web'], { cwd: other, env: stack.env });
    expect(imported.code, imported.stderr).to.equal(0);
    expect(imported.stdout).to.include(`Imported cloud_lite_vm ${id} as "web"`);
    expect(imported.stdout).to.include('vm_name: web-server-04');
    expect(imported.stdout).to.include('console_password: ${var.web_console_password}');
    expect(imported.stdout).to.not.include(PASSWORD);
    const yaml = imported.stdout.slice(imported.stdout.indexOf('variables:'));
    await write(other, 'imported.yaml', yaml);
    const plan = await cli(['plan', 'imported.yaml', '--detailed-exitcode'], {
      cwd: other,
      env: { ...stack.env, WEB_CONSOLE_PASSWORD: PASSWORD },
    });
    expect(plan.code, plan.stderr + plan.stdout).to.equal(0);
    expect(plan.stdout).to.include('No changes.');
    // The address form, in a third workspace.
    const third = await tempFolder();
    const dotted = await cli(['import', 'cloud_lite_vm.front', id], { cwd: third, env: stack.env });
    expect(dotted.code, dotted.stderr).to.equal(0);
    expect((await readState(third)).resources.front.id).to.equal(id);
  });

  it('destroy deletes the VM, then the keypair; the simulator holds no live account', async () => {
    const before = stack.cloud.requests().length;
    const state = await readState(stack.folder);
    const result = await stack.run('destroy', 'stack.yaml', '--auto-approve');
    expect(result.code, result.stderr + result.stdout).to.equal(0);
    expect(result.stdout).to.include('Destroy complete! Resources: 2 destroyed.');
    expect(writesSince(before)).to.deep.equal([
      `DELETE /v1/lites/${state.resources.web.id}`,
      `DELETE /v1/lites/keypairs/${state.resources.key.id}`,
    ]);
    expect((await readState(stack.folder)).resources).to.deep.equal({});
    const accounts = (await fetch(`${stack.cloud.url}/lites/accounts`, { headers: simulatorHeaders() }).then((response) =>
      response.json(),
    )) as { data: Array<{ status: string }> };
    expect(accounts.data.filter((account) => account.status !== 'Terminated')).to.deep.equal([]);
    const orders = stack.cloud.ledger().map((entry) => `${entry.method} ${entry.path}`);
    expect(new Set(orders.filter((order) => order === 'POST /v1/lites')).size).to.equal(1);
    expect(orders.filter((order) => order === 'POST /v1/lites')).to.have.length(1);
  });
});
