/**
 * Lifecycle settings that read other values (issue 34) against the
 * simulator: `replace_triggered_by` with a resource or one of its
 * attributes (Terraform's meaning: a planned change of what it names
 * replaces the block, checked on the ledger and the calls), and
 * `prevent_destroy` / `ignore_changes` written as expressions of variables
 * known at plan; a value unknown at plan, or a reference naming nothing, is
 * an error at the value that calls nothing.
 */
import { expect } from 'chai';
import { readState, useStack, write, writes } from './helpers.js';
import { liteKeypair, liteVm } from '../fixtures/lite-stack.js';

const variables = `variables:
  console_password: { env: TEST_CONSOLE_PASSWORD, sensitive: true }
  env: { default: dev }
  frozen: { type: list, default: [] }
  name: { default: web-server-01 }
`;

/** key, web (named by var.name), and three keypairs replaced by changes of web, or not. */
function manifest(
  webLifecycle = '    lifecycle: { prevent_destroy: "${var.env == \\"prod\\"}", ignore_changes: "${var.frozen}" }\n',
): string {
  return (
    `${variables}resources:\n${liteKeypair('key', 'team-key')}` +
    liteVm('web', '"${var.name}"', { after: webLifecycle }) +
    liteKeypair('on_name', 'on-name-key', '    lifecycle: { replace_triggered_by: [web.vm_name] }\n') +
    liteKeypair('on_web', 'on-web-key', '    lifecycle:\n      replace_triggered_by: ["${web}"]\n') +
    liteKeypair('on_user', 'on-user-key', '    lifecycle: { replace_triggered_by: [web.ssh_and_console_user] }\n')
  );
}

describe('integration: lifecycle references and expressions', function () {
  this.timeout(120_000);
  const stack = useStack({ manifest: manifest(), env: { TEST_CONSOLE_PASSWORD: 'Sup3rSecretPw' } });

  before(async function () {
    this.timeout(120_000);
    const applied = await stack.run('apply', 'stack.yaml', '--auto-approve');
    expect(applied.code, applied.stderr + applied.stdout).to.equal(0);
  });

  it('replace_triggered_by: a renamed VM replaces the keypairs naming it or its vm_name, not the one naming another attribute', async () => {
    const before = await readState(stack.folder);
    const ledger = stack.cloud.ledger().length;
    const requests = stack.cloud.requests().length;
    const plan = await stack.run('plan', 'stack.yaml', '--var', 'name=web-server-02', '--no-color');
    expect(plan.code, plan.stderr).to.equal(0);
    expect(plan.stdout).to.include('# on_name must be replaced');
    expect(plan.stdout).to.include('replace_triggered_by: web.vm_name has a planned change');
    expect(plan.stdout).to.include('# on_web must be replaced');
    expect(plan.stdout).to.not.include('# on_user');
    expect(plan.stdout).to.include('Plan: 2 to add, 1 to change, 2 to destroy. 0 paid orders.');

    const apply = await stack.run('apply', 'stack.yaml', '--var', 'name=web-server-02', '--auto-approve', '--no-color');
    expect(apply.code, apply.stderr + apply.stdout).to.equal(0);
    expect(stack.cloud.ledger().length, 'no paid order').to.equal(ledger);
    const calls = writes(stack.cloud.requests().slice(requests));
    const keyOf = (address: string) => before.resources[address].id;
    expect(calls.filter((call) => call.startsWith('DELETE')).sort()).to.deep.equal(
      [`DELETE /v1/lites/keypairs/${keyOf('on_name')}`, `DELETE /v1/lites/keypairs/${keyOf('on_web')}`].sort(),
    );
    expect(calls.filter((call) => /^POST \/v1\/lites\/keypairs\/?$/.test(call))).to.have.length(2);
    const after = await readState(stack.folder);
    expect(after.resources.on_user.id).to.equal(keyOf('on_user'));
    const again = await stack.run('plan', 'stack.yaml', '--var', 'name=web-server-02', '--detailed-exitcode');
    expect(again.code, again.stdout).to.equal(0);
  });

  it('prevent_destroy and ignore_changes from variables: prod refuses the destroy, a frozen name plans nothing', async () => {
    const requests = stack.cloud.requests().length;
    const refused = await stack.run('plan', 'stack.yaml', '--destroy', '--var', 'env=prod', '--var', 'name=web-server-02', '--no-color');
    expect(refused.code).to.equal(1);
    expect(refused.stderr).to.include('web: lifecycle.prevent_destroy forbids destroying it');
    const allowed = await stack.run('plan', 'stack.yaml', '--destroy', '--var', 'name=web-server-02', '--no-color');
    expect(allowed.code, allowed.stderr).to.equal(0);
    expect(allowed.stdout).to.include('# web will be destroyed');
    const frozen = await stack.run(
      'plan',
      'stack.yaml',
      '--var',
      'name=web-server-03',
      '--var',
      'frozen=["vm_name"]',
      '--detailed-exitcode',
    );
    expect(frozen.code, frozen.stdout).to.equal(0);
    expect(writes(stack.cloud.requests().slice(requests)), 'plans only read').to.deep.equal([]);
  });

  it('a lifecycle value unknown at plan, or a trigger naming nothing, is an error at the value, before any call', async () => {
    await write(stack.folder, 'bad.yaml', manifest('    lifecycle: { prevent_destroy: "${key.keypair_id == 1}" }\n'));
    const requests = stack.cloud.requests().length;
    const unknown = await stack.run('plan', 'bad.yaml', '--no-color');
    expect(unknown.code).to.equal(1);
    expect(unknown.stderr).to.match(
      /bad\.yaml:\d+:\d+: resources\.web\.lifecycle\.prevent_destroy: "\$\{key\.keypair_id\}" is not known at plan/,
    );
    await write(stack.folder, 'bad.yaml', manifest().replace('[web.ssh_and_console_user]', '[nothing.id]'));
    const nothing = await stack.run('plan', 'bad.yaml', '--no-color');
    expect(nothing.code).to.equal(1);
    expect(nothing.stderr).to.match(
      /bad\.yaml:\d+:\d+: resources\.on_user\.lifecycle\.replace_triggered_by: "nothing\.id" names no resource/,
    );
    expect(stack.cloud.requests().length, 'no API call').to.equal(requests);
  });
});
