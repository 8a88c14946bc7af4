/**
 * Modules end to end (issue 12): one module file instantiated twice through
 * `cli()` against the simulator: addresses `a.web` and `b.web` in state,
 * plan output, `state show` and `--target`; no account ordered twice; a
 * saved plan refused once a module file changed. A `for_each` module block:
 * one instance per key in state, a removed key destroying only its instance.
 * `count` added to a module block in use: its resources move to instance 0
 * (implied moves), only the new instance is ordered.
 */
import { expect } from 'chai';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { readState, useStack, write, writes } from './helpers.js';
import { liteKeypair, liteVm, passwordVariable } from '../fixtures/lite-stack.js';

const PASSWORD = 'Module1Password';

/** The module: a keypair and a VM named by the `name` input (then `suffix`); outputs the VM's id and name. */
function webModule(suffix = ''): string {
  return `variables:
  console_password: { sensitive: true }
  name: {}
resources:
${liteKeypair('key', '"${var.name}-key"')}${liteVm('web', `\${var.name}${suffix}`)}outputs:
  id: \${web.id}
  name: \${web.vm_name}
`;
}

const root = `${passwordVariable()}resources:
  a:
    module: ./modules/web
    inputs: { name: web-mod-a1, console_password: "\${var.console_password}" }
  b:
    module: ./modules/web/main.yaml
    inputs: { name: web-mod-b1, console_password: "\${var.console_password}" }
    depends_on: [a]
outputs:
  a_id: \${module.a.id}
  b_name: \${module.b.name}
`;

describe('integration: modules', function () {
  this.timeout(180_000);
  const stack = useStack({ env: { TEST_CONSOLE_PASSWORD: PASSWORD }, simulator: { provisioningSeconds: 0.2 } });

  before(async () => {
    await mkdir(join(stack.folder, 'modules', 'web'), { recursive: true });
    await write(stack.folder, 'modules/web/main.yaml', webModule());
    await write(stack.folder, 'stack.yaml', root);
  });

  it('applies a module used twice: a.web and b.web in state, each VM ordered once, then plans no changes', async () => {
    const plan = await stack.run('plan', 'stack.yaml', '--no-color');
    expect(plan.code, plan.stderr).to.equal(0);
    for (const address of ['a.key', 'a.web', 'b.key', 'b.web']) expect(plan.stdout).to.include(`# ${address} will be created`);
    const applied = await stack.run('apply'); // the saved plan: its module files are read again and match
    expect(applied.code, applied.stderr + applied.stdout).to.equal(0);
    const state = await readState(stack.folder);
    expect(Object.keys(state.resources).sort()).to.deep.equal(['a.key', 'a.web', 'b.key', 'b.web']);
    expect(state.resources['a.web'].attributes.vm_name).to.equal('web-mod-a1');
    expect(state.resources['b.web'].attributes.vm_name).to.equal('web-mod-b1');
    // depends_on: [a] on the module block: b's resources wait for every resource of a.
    expect(state.resources['b.key'].dependencies).to.include.members(['a.key', 'a.web']);
    expect(state.outputs.a_id.value).to.equal(state.resources['a.web'].id);
    expect(state.outputs.b_name.value).to.equal('web-mod-b1');
    const created = stack.cloud.ledger().filter((entry) => entry.operation.endsWith('create'));
    expect(created).to.have.length(2);
    expect(new Set(created.map((entry) => entry.account_id)).size).to.equal(2);
    const again = await stack.run('plan', 'stack.yaml', '--detailed-exitcode');
    expect(again.code, again.stdout + again.stderr).to.equal(0);
    expect(again.stdout).to.include('No changes.');
  });

  it('state show and --target take module addresses; --target b selects everything in module b', async () => {
    const shown = await stack.run('state', 'show', 'b.web');
    expect(shown.code, shown.stderr).to.equal(0);
    expect(shown.stdout).to.include('resource "cloud_lite_vm" "b.web"');
    const destroy = await stack.run('plan', 'stack.yaml', '--destroy', '--target', 'b', '--no-color');
    expect(destroy.code, destroy.stderr).to.equal(0);
    expect(destroy.stdout).to.include('# b.web will be destroyed');
    expect(destroy.stdout).to.include('# b.key will be destroyed');
    expect(destroy.stdout).to.not.include('# a.');
  });

  it('a change in the module file shows in the plan; a saved plan is refused once the module file changed again', async () => {
    await write(stack.folder, 'modules/web/main.yaml', webModule('-x'));
    const plan = await stack.run('plan', 'stack.yaml', '--no-color');
    expect(plan.code, plan.stderr).to.equal(0);
    expect(plan.stdout).to.include('# a.web will be updated in-place');
    expect(plan.stdout).to.include('# b.web will be updated in-place');
    await write(stack.folder, 'modules/web/main.yaml', webModule('-y'));
    const applied = await stack.run('apply');
    expect(applied.code).to.not.equal(0);
    expect(applied.stderr).to.include('stale plan: the module files of stack.yaml changed since the plan was made (modules/web/main.yaml)');
  });

  it('a bad value inside the module is reported at the module file, and nothing is called', async () => {
    await write(stack.folder, 'modules/web/main.yaml', webModule());
    await write(stack.folder, 'bad.yaml', root.replace('name: web-mod-a1', 'name: abc'));
    const requests = stack.cloud.requests().length;
    const result = await stack.run('plan', 'bad.yaml');
    expect(result.code).to.equal(1);
    expect(result.stderr).to.match(/modules\/web\/main\.yaml:\d+:\d+: resources\.web\.vm_name: must be 6 to 16 characters long, got 3/);
    expect(stack.cloud.requests().length).to.equal(requests);
  });

  it('a moved: block renames a whole module (b to c): its resources move in state, nothing is destroyed or ordered', async () => {
    await write(stack.folder, 'modules/web/main.yaml', webModule());
    const renamed = root.replace('\n  b:\n', '\n  c:\n').replace('${module.b.name}', '${module.c.name}');
    await write(stack.folder, 'stack.yaml', `${renamed}moved:\n  - { from: b, to: c }\n`);
    const ordersBefore = stack.cloud.ledger().length;
    const plan = await stack.run('plan', 'stack.yaml', '--no-color');
    expect(plan.code, plan.stderr).to.equal(0);
    expect(plan.stdout).to.include('# b.web has moved to c.web');
    expect(plan.stdout).to.include('# b.key has moved to c.key');
    expect(plan.stdout).to.not.match(/will be (created|destroyed)/);
    const applied = await stack.run('apply');
    expect(applied.code, applied.stderr + applied.stdout).to.equal(0);
    expect(Object.keys((await readState(stack.folder)).resources).sort()).to.deep.equal(['a.key', 'a.web', 'c.key', 'c.web']);
    expect(stack.cloud.ledger().length).to.equal(ordersBefore);
  });
});

describe('integration: a for_each module block', function () {
  this.timeout(180_000);
  const stack = useStack({ env: { TEST_CONSOLE_PASSWORD: PASSWORD }, simulator: { provisioningSeconds: 0.2 } });
  /** The root manifest: module `cluster` once per key of `regions`; the VMs' ids as a list. */
  const fleet = (regions: string) => `${passwordVariable()}resources:
  cluster:
    module: ./modules/web
    for_each: ${regions}
    inputs: { name: "web-fe-\${each.key}", console_password: "\${var.console_password}" }
outputs:
  ids: \${module.cluster[*].id}
  eu: \${module.cluster["eu"].name}
`;
  const creates = () => stack.cloud.ledger().filter((entry) => entry.operation.endsWith('create'));
  /** Plans stack.yaml with `options`, expects success and every line of `lines` in the output; resolves with the output. */
  const planShowing = async (options: string[], lines: string[]): Promise<string> => {
    const plan = await stack.run('plan', 'stack.yaml', '--no-color', ...options);
    expect(plan.code, plan.stderr).to.equal(0);
    for (const line of lines) expect(plan.stdout).to.include(line);
    return plan.stdout;
  };

  before(async () => {
    await mkdir(join(stack.folder, 'modules', 'web'), { recursive: true });
    await write(stack.folder, 'modules/web/main.yaml', webModule());
  });

  it('applies one module instance per key: cluster["eu"].web and cluster["us"].web, each VM ordered once', async () => {
    await write(stack.folder, 'stack.yaml', fleet('[eu, us]'));
    const applied = await stack.run('apply', 'stack.yaml', '--auto-approve', '--no-color');
    expect(applied.code, applied.stderr + applied.stdout).to.equal(0);
    expect(applied.stdout).to.include('# cluster["us"].web will be created');
    const state = await readState(stack.folder);
    expect(Object.keys(state.resources).sort()).to.deep.equal([
      'cluster["eu"].key',
      'cluster["eu"].web',
      'cluster["us"].key',
      'cluster["us"].web',
    ]);
    expect(state.resources['cluster["us"].web'].attributes.vm_name).to.equal('web-fe-us');
    expect(state.outputs.ids.value).to.deep.equal([state.resources['cluster["eu"].web'].id, state.resources['cluster["us"].web'].id]);
    expect(state.outputs.eu.value).to.equal('web-fe-eu');
    expect(creates()).to.have.length(2);
    expect(new Set(creates().map((entry) => entry.account_id)).size).to.equal(2);
    const targeted = await planShowing(['--destroy', '--target', 'cluster["us"]'], ['# cluster["us"].web will be destroyed']);
    expect(targeted).to.not.include('cluster["eu"]');
  });

  it("removing a key destroys only that instance's resources, saying why, and orders nothing", async () => {
    await write(stack.folder, 'stack.yaml', fleet('[eu]'));
    await planShowing(
      [],
      ['# cluster["us"].web will be destroyed', '"us" is no longer in for_each', 'Plan: 0 to add, 0 to change, 2 to destroy.'],
    );
    const applied = await stack.run('apply');
    expect(applied.code, applied.stderr + applied.stdout).to.equal(0);
    expect(Object.keys((await readState(stack.folder)).resources).sort()).to.deep.equal(['cluster["eu"].key', 'cluster["eu"].web']);
    expect(creates()).to.have.length(2);
    const again = await stack.run('plan', 'stack.yaml', '--detailed-exitcode');
    expect(again.code, again.stdout + again.stderr).to.equal(0);
  });
});

describe('integration: count added to a module block in use', function () {
  this.timeout(180_000);
  const stack = useStack({ env: { TEST_CONSOLE_PASSWORD: PASSWORD }, simulator: { provisioningSeconds: 0.2 } });
  /** The root manifest: module `cluster` with `repeat` (its count line) and the VM name `name`. */
  const cluster = (repeat: string, name: string) => `${passwordVariable()}resources:
  cluster:
    module: ./modules/web
${repeat}    inputs: { name: "${name}", console_password: "\${var.console_password}" }
`;
  const creates = () => stack.cloud.ledger().filter((entry) => entry.operation.endsWith('create'));

  it('moves cluster.* to cluster[0].* (count added): the VM is not ordered again nor deleted, only cluster[1] is ordered', async () => {
    await mkdir(join(stack.folder, 'modules', 'web'), { recursive: true });
    await write(stack.folder, 'modules/web/main.yaml', webModule());
    await write(stack.folder, 'stack.yaml', cluster('', 'web-cnt0'));
    const first = await stack.run('apply', 'stack.yaml', '--auto-approve');
    expect(first.code, first.stderr + first.stdout).to.equal(0);
    const before = await readState(stack.folder);
    expect(creates()).to.have.length(1);

    await write(stack.folder, 'stack.yaml', cluster('    count: 2\n', 'web-cnt${count.index}'));
    const requests = stack.cloud.requests().length;
    const plan = await stack.run('plan', 'stack.yaml', '--no-color');
    expect(plan.code, plan.stderr).to.equal(0);
    for (const line of [
      '# cluster.web has moved to cluster[0].web (count added)',
      '# cluster.key has moved to cluster[0].key (count added)',
      '# cluster[1].web will be created',
      '# cluster[1].key will be created',
      'Plan: 2 to add, 0 to change, 0 to destroy, 2 to move. 1 paid order.',
    ])
      expect(plan.stdout).to.include(line);
    expect(plan.stdout).to.not.match(/cluster\[0\]\.\w+ will be|will be destroyed/);
    const applied = await stack.run('apply');
    expect(applied.code, applied.stderr + applied.stdout).to.equal(0);
    const state = await readState(stack.folder);
    expect(Object.keys(state.resources).sort()).to.deep.equal(['cluster[0].key', 'cluster[0].web', 'cluster[1].key', 'cluster[1].web']);
    expect(state.resources['cluster[0].web'].id).to.equal(before.resources['cluster.web'].id);
    expect(state.resources['cluster[0].key'].id).to.equal(before.resources['cluster.key'].id);
    // One more order (cluster[1]'s VM), none again for the existing VM, and nothing deleted.
    expect(creates()).to.have.length(2);
    expect(creates()[1].account_id).to.not.equal(before.resources['cluster.web'].id);
    expect(writes(stack.cloud.requests().slice(requests)).filter((request) => request.startsWith('DELETE'))).to.deep.equal([]);
    const again = await stack.run('plan', 'stack.yaml', '--detailed-exitcode');
    expect(again.code, again.stdout + again.stderr).to.equal(0);
  });
});
