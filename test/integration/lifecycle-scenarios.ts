/**
 * One scenario per resource type for the shared lifecycle suite. Each names
 * the other resources its subject needs (`setup`), the subject's inputs at
 * create, and a new value for every input whose change does something
 * (`changes`), or an explicit reason to skip it (`skip`). The suite fails when
 * an input that can change is neither changed nor skipped, so adding an
 * attribute to a type forces adding it here.
 */
import { generateKeyPairSync } from 'node:crypto';
import { expect } from 'chai';
import { lookupResourceType } from '../../src/resources/index.js';
import type { RunningSimulator } from '../../src/sim/index.js';
import { cli, readState, tempFolder, write, writes } from './helpers.js';

/** A YAML scalar or flow value, written as it goes in the manifest. */
export type Yaml = string;

/** How one type is exercised. */
export interface Scenario {
  type: string;
  /** `data:` entries (YAML lines under `data:`, indented by 2). */
  data?: string;
  /** `resources:` entries the subject needs (YAML, indented by 2). */
  setup?: string;
  /** The subject's inputs at create. */
  inputs: Record<string, Yaml>;
  /** A new value per changeable input. */
  changes: Record<string, Yaml>;
  /** For grow attributes: a value below the grown one (a plan error). */
  shrink?: Record<string, Yaml>;
  /** Inputs not exercised, with the reason. */
  skip?: Record<string, string>;
  /** Order in which changes are applied (default: as written). */
}

const PASSWORD = 'Lifecycle2026';

/** An OpenSSH ed25519 public key line, for keypair imports. */
export function publicKeyLine(comment: string): string {
  const { publicKey } = generateKeyPairSync('ed25519');
  const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32);
  const part = (buffer: Buffer) => Buffer.concat([Buffer.from([0, 0, 0, buffer.length]), buffer]);
  const blob = Buffer.concat([part(Buffer.from('ssh-ed25519')), part(raw)]);
  return `ssh-ed25519 ${blob.toString('base64')} ${comment}`;
}

const liteData = (prefix: string) => `  products: { type: ${prefix}_products }
  os:
    type: ${prefix}_os_list
    properties: { product_id: "\${data.products.products[0].product_id}" }
  disks: { type: ${prefix}_disk_products }
`;

const liteVm = (prefix: string, name: string, key: string, vmName: string) => `  ${name}:
    type: ${prefix}_vm
    properties:
      product_id: \${data.products.products[0].product_id}
      select_os: \${data.os.oss[0].name}
      keypair_id: \${${key}.keypair_id}
      ssh_and_console_user: deployer
      console_password: ${PASSWORD}
      cycle: m
      vm_name: ${vmName}
`;

const keypair = (prefix: string, name: string) => `  ${name}:
    type: ${prefix}_keypair
    properties: { name: ${name.replace(/_/g, '-')} }
`;

const unpaid =
  'false leaves the order unpaid, so the replacement would stay Pending; unpaid orders are covered by the simulator and timeout tests';

function vmScenario(prefix: 'cloud_lite' | 'cloud_lite_pro', products: [number, number], migrate: boolean): Scenario {
  const scenario: Scenario = {
    type: `${prefix}_vm`,
    data: liteData(prefix),
    setup: keypair(prefix, 'key_one') + keypair(prefix, 'key_two'),
    inputs: {
      product_id: String(products[0]),
      select_os: '${data.os.oss[0].name}',
      keypair_id: '${key_one.keypair_id}',
      ssh_and_console_user: 'deployer',
      console_password: PASSWORD,
      cycle: 'm',
      vm_name: 'life-vm-01',
    },
    changes: {
      vm_name: 'life-vm-02',
      keypair_id: '${key_two.keypair_id}',
      product_id: String(products[1]),
      disk_size: '200',
      rebuild_os: 'debian-12',
      ...(migrate ? { migrate_to_pro: '"2101"' } : {}),
      power_state: 'stop',
      timeouts: '{ create: "30m", update: "25m", delete: "5m" }',
      pay_with_credit_card: 'false',
      // create-only: each is a plan error with the way out
      ssh_and_console_user: 'operator',
      console_password: 'Another2026x',
      select_os: 'rocky-9',
      cycle: 'a',
      description: 'changed later',
      promocode: 'SPRING',
    },
    shrink: { disk_size: '150' },
  };
  return scenario;
}

function snapshotScenario(prefix: 'cloud_lite' | 'cloud_lite_pro'): Scenario {
  return {
    type: `${prefix}_snapshot`,
    data: liteData(prefix),
    setup:
      keypair(prefix, 'key_one') + liteVm(prefix, 'vm_one', 'key_one', 'snap-src-01') + liteVm(prefix, 'vm_two', 'key_one', 'snap-src-02'),
    inputs: { lite_account_id: '${vm_one.id}', cycle: 'm', name: 'life-snap-01' },
    changes: {
      name: 'life-snap-02',
      description: 'second generation',
      cycle: 'q',
      promocode: 'SPRING',
      lite_account_id: '${vm_two.id}',
      timeouts: '{ create: "30m" }',
    },
    skip: { pay_with_credit_card: unpaid },
  };
}

function diskScenario(prefix: 'cloud_lite' | 'cloud_lite_pro', minimum: number): Scenario {
  return {
    type: `${prefix}_disk`,
    data: liteData(prefix),
    setup:
      keypair(prefix, 'key_one') +
      liteVm(prefix, 'vm_one', 'key_one', 'disk-host-01') +
      liteVm(prefix, 'vm_two', 'key_one', 'disk-host-02'),
    inputs: { product_id: '${data.disks.products[0].product_id}', cycle: 'm', lite_account_id: '${vm_one.id}' },
    changes: {
      size: String(minimum + 40),
      pay_with_credit_card: 'false',
      timeouts: '{ update: "30m" }',
      service_name: 'life-disk-02',
      product_id: '${data.disks.products[1].product_id}',
      cycle: 'a',
      promocode: 'SPRING',
      lite_account_id: '${vm_two.id}',
    },
    shrink: { size: String(minimum + 20) },
  };
}

const metalKey = `  metal_key:
    type: cloud_baremetal_keypair
    properties: { name: life-metal }
`;
const metalServer = (name: string, label: string) => `  ${name}:
    type: cloud_baremetal
    properties:
      product_id: \${data.metal.products[0].product_id}
      cycle: m
      keypair_id: \${metal_key.keypair_id}
      label: ${label}
`;
const metalData = `  metal: { type: cloud_baremetal_products }
  ip_products: { type: cloud_baremetal_additional_ip_products }
  storage_products: { type: cloud_baremetal_elastic_storage_products }
`;
const metalIp = (name: string) => `  ${name}:
    type: cloud_baremetal_additional_ip
    properties: { product_id: "\${data.ip_products.products[0].product_id}", cycle: m }
`;

/** Every resource type's scenario. */
export function scenarios(): Scenario[] {
  return [
    { type: 'cloud_lite_keypair', inputs: { name: 'life-key-01' }, changes: { name: 'life-key-02' } },
    { type: 'cloud_lite_pro_keypair', inputs: { name: 'life-key-01' }, changes: { name: 'life-key-02' } },
    {
      type: 'cloud_baremetal_keypair',
      inputs: { name: 'life-key-01' },
      changes: { name: 'life-key-02', public_key: JSON.stringify(publicKeyLine('life@example')) },
    },
    vmScenario('cloud_lite', [1547, 1548], true),
    vmScenario('cloud_lite_pro', [2101, 2102], false),
    snapshotScenario('cloud_lite'),
    snapshotScenario('cloud_lite_pro'),
    diskScenario('cloud_lite', 60),
    diskScenario('cloud_lite_pro', 30),
    {
      type: 'cloud_lite_vm_from_snapshot',
      data: liteData('cloud_lite'),
      setup:
        keypair('cloud_lite', 'key_one') +
        keypair('cloud_lite', 'key_two') +
        liteVm('cloud_lite', 'origin', 'key_one', 'origin-vm-01') +
        `  origin_snap:
    type: cloud_lite_snapshot
    properties: { lite_account_id: "\${origin.id}", cycle: m, name: origin-snap-01 }
  origin_snap_two:
    type: cloud_lite_snapshot
    properties: { lite_account_id: "\${origin.id}", cycle: m, name: origin-snap-02 }
`,
      inputs: {
        snapshot_id: '${origin_snap.id}',
        product_id: '1547',
        cycle: 'm',
        keypair_id: '${key_one.keypair_id}',
        name: 'restored-01',
        ssh_and_console_user: 'deployer',
        console_password: PASSWORD,
      },
      changes: {
        name: 'restored-02',
        description: 'restored again',
        product_id: '1548',
        cycle: 'a',
        keypair_id: '${key_two.keypair_id}',
        ssh_and_console_user: 'operator',
        console_password: 'Another2026x',
        promocode: 'SPRING',
        snapshot_id: '${origin_snap_two.id}',
        timeouts: '{ create: "30m" }',
      },
      skip: { pay_with_credit_card: unpaid },
    },
    {
      type: 'cloud_baremetal',
      data: metalData,
      setup:
        metalKey +
        `  other_key:
    type: cloud_baremetal_keypair
    properties: { name: life-other }
`,
      inputs: {
        product_id: '${data.metal.products[0].product_id}',
        cycle: 'm',
        keypair_id: '${metal_key.keypair_id}',
        label: 'life-metal-01',
      },
      changes: {
        label: 'life-metal-02',
        reset_trigger: 'first-reset',
        rebuild_os: 'debian-12',
        power_state: '"off"',
        pay_with_credit_card: 'false',
        timeouts: '{ update: "30m" }',
        product_id: '${data.metal.products[1].product_id}',
        cycle: 'a',
        select_os: 'rocky-9',
        keypair_id: '${other_key.keypair_id}',
        public_ip: '2',
        promocode: 'SPRING',
      },
    },
    {
      type: 'cloud_baremetal_additional_ip',
      data: metalData,
      inputs: { product_id: '${data.ip_products.products[0].product_id}', cycle: 'm' },
      changes: {
        pay_with_credit_card: 'false',
        timeouts: '{ create: "30m" }',
        product_id: '${data.ip_products.products[1].product_id}',
        cycle: 'a',
        region: 'jkt-1',
        promocode: 'SPRING',
      },
    },
    {
      type: 'cloud_baremetal_additional_ip_assignment',
      data: metalData,
      setup:
        metalKey +
        metalServer('server_one', 'assign-host-1') +
        metalServer('server_two', 'assign-host-2') +
        metalIp('ip_one') +
        metalIp('ip_two'),
      inputs: { additional_ip_id: '${ip_one.id}', metal_account_id: '${server_one.id}' },
      changes: { metal_account_id: '${server_two.id}', additional_ip_id: '${ip_two.id}' },
    },
    {
      type: 'cloud_baremetal_elastic_storage',
      data: metalData,
      setup: metalKey + metalServer('server_one', 'storage-host-1') + metalServer('server_two', 'storage-host-2'),
      inputs: {
        product_id: '${data.storage_products.products[0].product_id}',
        cycle: 'm',
        storage_name: 'life-volume-01',
        metal_account_id: '${server_one.id}',
      },
      changes: {
        size: '300',
        product_id: '${data.storage_products.products[1].product_id}',
        pay_with_credit_card: 'false',
        timeouts: '{ update: "30m" }',
        cycle: 'a',
        storage_name: 'life-volume-02',
        metal_account_id: '${server_two.id}',
        promocode: 'SPRING',
      },
      shrink: { size: '200' },
    },
  ];
}

/** The manifest of a scenario with the subject's current inputs. */
export function scenarioManifest(scenario: Scenario, inputs: Record<string, Yaml>): string {
  const lines = ['data:', scenario.data ?? '  {}', 'resources:'];
  if (scenario.setup) lines.push(scenario.setup.replace(/\n$/, ''));
  lines.push('  subject:', `    type: ${scenario.type}`, '    properties:');
  for (const [name, value] of Object.entries(inputs)) lines.push(`      ${name}: ${value}`);
  return `${lines.join('\n').replace('data:\n  {}', 'data: {}')}\n`;
}

/**
 * Runs one scenario against `cloud`; `extraEnv` adds settings such as
 * CLOUDCTL_BACKEND (the same suite on PostgreSQL).
 */
export async function runScenario(cloud: RunningSimulator, scenario: Scenario, extraEnv: Record<string, string> = {}): Promise<void> {
  const type = lookupResourceType(scenario.type)!;
  const folder = await tempFolder();
  const env = { CLOUDCTL_BASE_URL: cloud.url, ...extraEnv };
  const run = (...args: string[]) => cli(args, { cwd: folder, env });
  const save = (inputs: Record<string, string>) => write(folder, 'stack.yaml', scenarioManifest(scenario, inputs));
  const step = (what: string, result: { code: number; stdout: string; stderr: string }) =>
    `${scenario.type}: ${what}\n${result.stdout}\n${result.stderr}`;
  const subjectId = async () => (await readState(folder, env)).resources.subject?.id as string | undefined;

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
  expect((await readState(folder, env)).resources).to.deep.equal({});
}
