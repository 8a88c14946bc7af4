/**
 * The shared lifecycle suite (issue 3), run over every resource type of the
 * catalogue through the built binary: create; a no-change plan; every
 * in-place attribute changed; every trigger fired once; every grow, and the
 * shrink error; every reject and every replace attribute; import of the
 * created id with a no-change plan after it; destroy; and the ledger holding
 * exactly the orders expected, none twice. Data sources are read by every
 * scenario's manifest and by the data-source check at the end.
 */
import { expect } from 'chai';
import { catalogue, lookupResourceType } from '../../src/resources/index.js';
import type { RunningSimulator } from '../../src/sim/index.js';
import { cli, readState, startCloud, tempFolder, write, writes } from './helpers.js';
import { scenarioManifest, scenarios, type Scenario } from './lifecycle-scenarios.js';

describe('lifecycle suite over every catalogue entry', function () {
  this.timeout(300_000);
  let cloud: RunningSimulator;
  before(async () => {
    cloud = await startCloud({ provisioningSeconds: 0.15 });
  });
  after(async () => {
    await cloud?.close();
  });

  it('has a scenario for every resource type, exercising every input that can change', () => {
    const covered = new Set(scenarios().map((scenario) => scenario.type));
    for (const entry of catalogue.values()) {
      if (entry.kind !== 'resource') continue;
      expect(covered.has(entry.type), `no lifecycle scenario for ${entry.type}`).to.equal(true);
    }
    for (const scenario of scenarios()) {
      const type = lookupResourceType(scenario.type)!;
      for (const [name, attribute] of Object.entries(type.attributes)) {
        if (attribute.mode === 'computed' || !attribute.policy) continue;
        const exercised = name in scenario.changes || name in (scenario.skip ?? {});
        expect(exercised, `${scenario.type}.${name} (${attribute.policy.kind}) is neither changed nor skipped`).to.equal(true);
        if (attribute.policy.kind === 'grow') expect(scenario.shrink?.[name], `${scenario.type}.${name} needs a shrink value`).to.be.a('string');
      }
    }
  });

  for (const scenario of scenarios()) {
    it(`${scenario.type}: create, no-op, every change, import, destroy`, async () => {
      await runScenario(cloud, scenario);
    });
  }

  it('reads every data source type', async () => {
    const folder = await tempFolder();
    const env = { CLOUDCTL_BASE_URL: cloud.url };
    const lines = ['data:'];
    const outputs = ['outputs:'];
    for (const entry of catalogue.values()) {
      if (entry.kind !== 'data') continue;
      const name = entry.type.replace(/^cloud_/, '');
      const required = Object.entries(entry.attributes).filter(([, attribute]) => attribute.mode === 'required').map(([argument]) => argument);
      const args: string[] = [];
      for (const argument of required) {
        if (argument === 'product_id') args.push(`product_id: ${entry.type.startsWith('cloud_lite_pro') ? 2101 : 1547}`);
        else if (argument === 'account_id') args.push(`account_id: "\${${entry.type.startsWith('cloud_lite_pro') ? 'pro' : entry.type.startsWith('cloud_baremetal') ? 'metal' : 'lite'}.id}"`);
      }
      lines.push(`  ${name}:`, `    type: ${entry.type}`);
      if (args.length > 0) lines.push(`    properties: { ${args.join(', ')} }`);
      const first = Object.entries(entry.attributes).find(([, attribute]) => attribute.mode === 'computed')![0];
      outputs.push(`  ${name}: \${data.${name}.${first}}`);
    }
    const manifest = `${lines.join('\n')}
resources:
  lite_key: { type: cloud_lite_keypair, properties: { name: ds-lite } }
  lite:
    type: cloud_lite_vm
    properties: { product_id: 1547, select_os: ubuntu-22.04, keypair_id: "\${lite_key.keypair_id}", ssh_and_console_user: deployer, console_password: Lifecycle2026, cycle: m, vm_name: ds-lite-01 }
  pro_key: { type: cloud_lite_pro_keypair, properties: { name: ds-pro } }
  pro:
    type: cloud_lite_pro_vm
    properties: { product_id: 2101, select_os: ubuntu-22.04, keypair_id: "\${pro_key.keypair_id}", ssh_and_console_user: deployer, console_password: Lifecycle2026, cycle: m, vm_name: ds-pro-01 }
  metal_key: { type: cloud_baremetal_keypair, properties: { name: ds-metal } }
  metal:
    type: cloud_baremetal
    properties: { product_id: "\${data.baremetal_products.products[0].product_id}", cycle: m, keypair_id: "\${metal_key.keypair_id}", label: ds-metal }
${outputs.join('\n')}
`;
    await write(folder, 'data.yaml', manifest);
    const applied = await cli(['apply', 'data.yaml', '--auto-approve'], { cwd: folder, env });
    expect(applied.code, applied.stderr + applied.stdout).to.equal(0);
    const outputsJson = JSON.parse((await cli(['output', '--json'], { cwd: folder, env })).stdout) as Record<string, { value: unknown }>;
    for (const entry of catalogue.values()) {
      if (entry.kind !== 'data') continue;
      const output = outputsJson[entry.type.replace(/^cloud_/, '')];
      expect(output, entry.type).to.not.equal(undefined);
      expect(output.value, entry.type).to.not.equal(null);
    }
    const plan = await cli(['plan', 'data.yaml', '--detailed-exitcode'], { cwd: folder, env });
    expect(plan.code, plan.stdout + plan.stderr).to.equal(0);
    const destroyed = await cli(['destroy', 'data.yaml', '--auto-approve'], { cwd: folder, env });
    expect(destroyed.code, destroyed.stderr).to.equal(0);
  });

  it('never placed the same order twice', () => {
    const creates = cloud.ledger().filter((entry) => entry.operation.includes('create') || entry.method === 'POST' && /\/(lites|lite-pros|baremetals|baremetal-additional-ips|baremetal-elastic-storages|disks|snapshot)$/.test(entry.path));
    const ids = creates.map((entry) => entry.account_id);
    expect(new Set(ids).size, 'an account was ordered twice').to.equal(ids.length);
  });
});

async function runScenario(cloud: RunningSimulator, scenario: Scenario): Promise<void> {
  const type = lookupResourceType(scenario.type)!;
  const folder = await tempFolder();
  const env = { CLOUDCTL_BASE_URL: cloud.url };
  const run = (...args: string[]) => cli(args, { cwd: folder, env });
  const save = (inputs: Record<string, string>) => write(folder, 'stack.yaml', scenarioManifest(scenario, inputs));
  const step = (what: string, result: { code: number; stdout: string; stderr: string }) => `${scenario.type}: ${what}\n${result.stdout}\n${result.stderr}`;
  const subjectId = async () => (await readState(folder)).resources.subject?.id as string | undefined;

  let inputs = { ...scenario.inputs };
  await save(inputs);
  const created = await run('apply', 'stack.yaml', '--auto-approve');
  expect(created.code, step('create', created)).to.equal(0);
  expect(await subjectId(), `${scenario.type}: subject not in state`).to.be.a('string');
  const noop = await run('plan', 'stack.yaml', '--detailed-exitcode');
  expect(noop.code, step('plan after create', noop)).to.equal(0);

  for (const [name, value] of Object.entries(scenario.changes)) {
    const attribute = type.attributes[name];
    const policy = attribute.policy!;
    const next = { ...inputs, [name]: value };
    await save(next);
    const plan = await run('plan', 'stack.yaml', '--detailed-exitcode');
    if (policy.kind === 'reject') {
      expect(plan.code, step(`plan with ${name} changed (reject)`, plan)).to.equal(1);
      expect(plan.stderr).to.include(`subject.${name}: cannot change`);
      await save(inputs);
      continue;
    }
    expect(plan.code, step(`plan with ${name} changed (${policy.kind})`, plan)).to.equal(2);
    const requestsBefore = cloud.requests().length;
    const ledgerBefore = cloud.ledger().length;
    const idBefore = await subjectId();
    const applied = await run('apply', 'stack.yaml', '--auto-approve');
    expect(applied.code, step(`apply with ${name} changed`, applied)).to.equal(0);
    const calls = writes(cloud.requests().slice(requestsBefore));
    const orders = cloud.ledger().length - ledgerBefore;
    switch (policy.kind) {
      case 'replace':
        expect(plan.stdout, step(`plan of ${name}`, plan)).to.include('# subject must be replaced');
        expect(plan.stdout).to.include(`${name} forces replacement`);
        expect(await subjectId(), `${scenario.type}.${name}: a replace must give a new id`).to.not.equal(idBefore);
        expect(orders, `${scenario.type}.${name}: orders placed by the replace`).to.equal(type.paidCreate ? 1 : 0);
        break;
      case 'local':
        expect(plan.stdout).to.include('stored in state only');
        expect(calls, `${scenario.type}.${name}: a local change calls nothing`).to.deep.equal([]);
        break;
      default: {
        expect(plan.stdout, step(`plan of ${name}`, plan)).to.include('# subject will be updated in-place');
        const operation = (policy as { operation: string }).operation;
        expect(calls, `${scenario.type}.${name}: exactly one call for ${operation}`).to.have.length(1);
        expect(orders, `${scenario.type}.${name}: paid orders`).to.equal(type.paidOperations.includes(operation) ? 1 : 0);
        expect(await subjectId()).to.equal(idBefore);
      }
    }
    const again = await run('plan', 'stack.yaml', '--detailed-exitcode');
    expect(again.code, step(`plan after ${name} changed`, again)).to.equal(0);
    if (policy.kind === 'grow') {
      await save({ ...next, [name]: scenario.shrink![name] });
      const shrink = await run('plan', 'stack.yaml');
      expect(shrink.code, step(`shrink ${name}`, shrink)).to.equal(1);
      expect(shrink.stderr).to.include(`subject.${name}: cannot shrink`);
      await save(next);
    }
    if (policy.kind === 'local') {
      await save(inputs); // back to the original value, so later paid orders are paid
      const reverted = await run('apply', 'stack.yaml', '--auto-approve');
      expect(reverted.code, step(`revert ${name}`, reverted)).to.equal(0);
      continue;
    }
    inputs = next;
  }

  // Import the created id into a fresh address and plan: nothing to change.
  const id = (await subjectId())!;
  const removed = await run('state', 'rm', 'subject');
  expect(removed.code, step('state rm', removed)).to.equal(0);
  const imported = await run('import', `${scenario.type}.subject`, id);
  expect(imported.code, step('import', imported)).to.equal(0);
  const afterImport = await run('plan', 'stack.yaml', '--detailed-exitcode');
  expect(afterImport.code, step('plan after import', afterImport)).to.equal(0);

  const destroyed = await run('destroy', 'stack.yaml', '--auto-approve');
  expect(destroyed.code, step('destroy', destroyed)).to.equal(0);
  expect((await readState(folder)).resources).to.deep.equal({});
}
