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
import { cli, tempFolder, useCloud, write } from './helpers.js';
import { runScenario, scenarios } from './lifecycle-scenarios.js';

describe('lifecycle suite over every catalogue entry', function () {
  this.timeout(300_000);
  const suite = useCloud({ provisioningSeconds: 0.15 });

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
        if (attribute.policy.kind === 'grow')
          expect(scenario.shrink?.[name], `${scenario.type}.${name} needs a shrink value`).to.be.a('string');
      }
    }
  });

  for (const scenario of scenarios()) {
    it(`${scenario.type}: create, no-op, every change, import, destroy`, async () => {
      await runScenario(suite.cloud, scenario);
    });
  }

  it('reads every data source type', async () => {
    const folder = await tempFolder();
    const env = { CLOUDCTL_BASE_URL: suite.cloud.url };
    const lines = ['data:'];
    const outputs = ['outputs:'];
    for (const entry of catalogue.values()) {
      if (entry.kind !== 'data') continue;
      const name = entry.type.replace(/^cloud_/, '');
      const required = Object.entries(entry.attributes)
        .filter(([, attribute]) => attribute.mode === 'required')
        .map(([argument]) => argument);
      const args: string[] = [];
      for (const argument of required) {
        if (argument === 'product_id') args.push(`product_id: ${entry.type.startsWith('cloud_lite_pro') ? 2101 : 1547}`);
        else if (argument === 'account_id')
          args.push(
            `account_id: "\${${entry.type.startsWith('cloud_lite_pro') ? 'pro' : entry.type.startsWith('cloud_baremetal') ? 'metal' : 'lite'}.id}"`,
          );
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
    const creates = suite.cloud
      .ledger()
      .filter(
        (entry) =>
          entry.operation.includes('create') ||
          (entry.method === 'POST' &&
            /\/(lites|lite-pros|baremetals|baremetal-additional-ips|baremetal-elastic-storages|disks|snapshot)$/.test(entry.path)),
      );
    const ids = creates.map((entry) => entry.account_id);
    expect(new Set(ids).size, 'an account was ordered twice').to.equal(ids.length);
  });
});
