/**
 * Issue 24's fault model for the property test: every paid path × every
 * fault kind × where the fault falls in the run, and every paid path ×
 * every reply key the contract does not promise for its shape, as one
 * enumerable table of cases ({@link FAULT_CASES}, {@link OMISSION_CASES}),
 * each run by {@link runCase} against its own simulator (profile `strict`:
 * the case's fault or omission is the only thing bent), with the money
 * invariants checked after every apply and every plan:
 *
 * - I1, one account per address: no two addresses in state hold the same
 *   account id of the same account kind (`cloud_lite_vm` and
 *   `cloud_lite_vm_from_snapshot` are one kind, lite VMs);
 * - I2, paid calls from observed values only: no plan proposes a paid
 *   in-place order or a replace whose attribute's "before" is null or not
 *   reported, unless the case's step changed that input itself; and no
 *   apply places an in-place paid order on an account state held that the
 *   plan made just before it did not propose (the ledger); a plan sends
 *   nothing but GETs;
 * - I3, deletes only for what an address owns: every DELETE the request
 *   log shows for an apply names an id exactly one address held in state
 *   before it (or one the apply itself ordered, held by none);
 * - I4, unknown outcomes settle in the run: each step converges within
 *   {@link MAX_APPLIES_PER_STEP} applies (the counts are reported), the
 *   faulted step of a fault case in its first apply unless the output
 *   names real ambiguity, and the plan after the last step proposes
 *   nothing; a step that never sends the order its case faults is
 *   reported too (`not reached`: the user's change was dropped), unless
 *   its plan refused that paid change and said why (the
 *   `paid_change_unobserved` warning: the API never reported the value
 *   it would change, I2);
 * - after the last step, the target is replaced on purpose (`apply
 *   --replace target`: issue 24 case 1 went on that way), with the same
 *   checks;
 * - no order placed twice, no orphan (ledger and request log:
 *   money-figures.ts; an orphan the output reports is not counted), no
 *   secret in any output (the console password, the API token, a private
 *   key).
 */
import type { FaultKind, OmittedKey, RunningSimulator } from '../../src/sim/index.js';
import { cli, readState, startCloud, tempFolder, TEST_TOKEN, write } from './helpers.js';
import { moneyFigures } from './money-figures.js';

/** The fault kinds of the model: the ways a paid call's outcome can be unknown (or, for 429, refused). */
export const MODEL_FAULT_KINDS = ['429', '500', '503', 'reset', 'lost-response', 'timeout'] as const satisfies readonly FaultKind[];
/** One fault kind of the model. */
export type ModelFaultKind = (typeof MODEL_FAULT_KINDS)[number];

/**
 * Where the faulted order falls in its run:
 * - `first`: the first order of its type in the run (its sources, if any,
 *   exist from an earlier run);
 * - `sibling`: after a sibling of the same type was ordered in the same run
 *   (the faulted resource `depends_on` the sibling; the second matching
 *   request is faulted);
 * - `source`: after its source (the VM of a snapshot or disk, the snapshot
 *   and VM of a restore, the server of an IP or storage) was created in the
 *   same run; for a storage upgrade, the VM it grows is created in the run.
 */
export const POSITIONS = ['first', 'sibling', 'source'] as const;
/** One position of {@link POSITIONS}. */
export type Position = (typeof POSITIONS)[number];

/**
 * The request timeout of a `timeout` case (`CLOUDCTL_REQUEST_TIMEOUT`): the
 * simulator holds the faulted request's reply until the client gives up, so
 * this is what such a case waits (instead of the default 30 s). Long enough
 * that no other request of the case times out on a busy machine.
 */
export const TIMEOUT_CASE_REQUEST_TIMEOUT = '2';

/** The password every case's VMs get: it must appear in no output. */
export const CASE_PASSWORD = 'FaultModel2026x';

/**
 * Applies per step before a case counts as not converging (I4). The
 * faulted step of a fault case must also settle in its first apply (I4:
 * an unknown outcome is reconciled in the run; only real ambiguity, which
 * the output must name, may stop it): that is checked apart, so the table
 * can tell a run stopped by the fault (2 applies) from one that never
 * converges (more).
 */
export const MAX_APPLIES_PER_STEP = 2;

/** Reply shapes whose keys the contract does not promise (docs/api/README.md "What is not published"), with the route regex of their replies and the keys cloudctl reads from them. */
export const SHAPES = {
  'lite account': {
    routes: '^GET /lites/accounts(/:id)?$',
    keys: ['product_id', 'extra_details.disk_size', 'extra_details.sshkey_id', 'extra_details.name'],
  },
  'lite pro account': {
    routes: '^GET /lite-pros/accounts(/:id)?$',
    keys: ['product_id', 'extra_details.disk_size', 'extra_details.sshkey_id', 'extra_details.name'],
  },
  'snapshot account': {
    routes: '^GET /(lites|lite-pros)/snapshots/accounts(/:id)?$',
    keys: ['extra_details.name', 'extra_details.description'],
  },
  'disk account': { routes: '^GET /(lites|lite-pros)/disks/accounts(/:id)?$', keys: ['size', 'service_name'] },
  'bare-metal account': { routes: '^GET /baremetals/accounts(/:id)?$', keys: ['product_id', 'label', 'ip_address'] },
  'additional IP account': { routes: '^GET /baremetal-additional-ips(/:id)?$', keys: ['product_id', 'ip_address'] },
  'elastic storage account': { routes: '^GET /baremetal-elastic-storages(/:id)?$', keys: ['product_id', 'size', 'storage_name'] },
} as const satisfies Record<string, { routes: string; keys: readonly string[] }>;
/** One shape of {@link SHAPES}. */
export type Shape = keyof typeof SHAPES;

// ---------------------------------------------------------------------------
// Manifest blocks (literal product ids: the simulator's catalogue, seed-independent).

/** Options of one resource block. */
interface Block {
  product?: number;
  dependsOn?: string[];
  [key: string]: unknown;
}

/** The name a resource gets from its address: `fmodel-` and the address, dashed (6 to 16 characters). */
const named = (address: string) => `fmodel-${address.replace(/_/g, '-')}`.slice(0, 16);
const dependsOn = (block: Block) => (block.dependsOn?.length ? [`    depends_on: [${block.dependsOn.join(', ')}]`] : []);
const resource = (address: string, type: string, properties: Array<string | false>, block: Block = {}) =>
  [
    `  ${address}:`,
    `    type: ${type}`,
    '    properties:',
    ...properties.filter((line): line is string => line !== false).map((line) => `      ${line}`),
    ...dependsOn(block),
  ].join('\n');

const keypair = (address: string, type: string) => `  ${address}: { type: ${type}, properties: { name: ${named(address)} } }`;
const vmLines = (keypairAddress: string) => [
  `keypair_id: \${${keypairAddress}.keypair_id}`,
  'ssh_and_console_user: deployer',
  'console_password: ${var.console_password}',
  'cycle: m',
];

/** The blocks a case's manifests are made of. */
const blocks = {
  liteKey: (address = 'key') => keypair(address, 'cloud_lite_keypair'),
  proKey: (address = 'pkey') => keypair(address, 'cloud_lite_pro_keypair'),
  metalKey: (address = 'mkey') => keypair(address, 'cloud_baremetal_keypair'),
  liteVm: (address: string, block: Block & { disk?: number; migrate?: number } = {}) =>
    resource(
      address,
      'cloud_lite_vm',
      [
        `product_id: ${block.product ?? 1548}`,
        'select_os: ubuntu-22.04',
        ...vmLines('key'),
        `vm_name: ${named(address)}`,
        block.disk !== undefined && `disk_size: ${block.disk}`,
        block.migrate !== undefined && `migrate_to_pro: "${block.migrate}"`,
      ],
      block,
    ),
  proVm: (address: string, block: Block & { disk?: number } = {}) =>
    resource(
      address,
      'cloud_lite_pro_vm',
      [
        `product_id: ${block.product ?? 2101}`,
        'select_os: ubuntu-22.04',
        ...vmLines('pkey'),
        `vm_name: ${named(address)}`,
        block.disk !== undefined && `disk_size: ${block.disk}`,
      ],
      block,
    ),
  metal: (address: string, block: Block = {}) =>
    resource(
      address,
      'cloud_baremetal',
      [`product_id: ${block.product ?? 3001}`, 'cycle: m', 'keypair_id: ${mkey.keypair_id}', `label: ${named(address)}`],
      block,
    ),
  ip: (address: string, block: Block = {}) =>
    resource(address, 'cloud_baremetal_additional_ip', [`product_id: ${block.product ?? 4001}`, 'cycle: m'], block),
  assignment: (address: string, ipAddress: string, metalAddress: string) =>
    resource(address, 'cloud_baremetal_additional_ip_assignment', [
      `additional_ip_id: \${${ipAddress}.id}`,
      `metal_account_id: \${${metalAddress}.id}`,
    ]),
  storage: (address: string, block: Block & { metal: string; size?: number }) =>
    resource(
      address,
      'cloud_baremetal_elastic_storage',
      [
        `product_id: ${block.product ?? 5001}`,
        'cycle: m',
        `storage_name: ${named(address)}`,
        `metal_account_id: \${${block.metal}.id}`,
        `size: ${block.size ?? 100}`,
      ],
      block,
    ),
  disk: (address: string, block: Block & { pro?: boolean; vm: string; size?: number }) =>
    resource(
      address,
      block.pro ? 'cloud_lite_pro_disk' : 'cloud_lite_disk',
      [
        `product_id: ${block.product ?? (block.pro ? 2301 : 1701)}`,
        'cycle: m',
        `lite_account_id: \${${block.vm}.id}`,
        `service_name: ${named(address)}`,
        `size: ${block.size ?? (block.pro ? 30 : 60)}`,
      ],
      block,
    ),
  snapshot: (address: string, block: Block & { pro?: boolean; vm: string }) =>
    resource(
      address,
      block.pro ? 'cloud_lite_pro_snapshot' : 'cloud_lite_snapshot',
      [`lite_account_id: \${${block.vm}.id}`, 'cycle: m', `name: ${named(address)}`],
      block,
    ),
  restore: (address: string, block: Block & { snapshot: string }) =>
    resource(
      address,
      'cloud_lite_vm_from_snapshot',
      [
        `snapshot_id: \${${block.snapshot}.id}`,
        `product_id: ${block.product ?? 1547}`,
        'cycle: m',
        'keypair_id: ${key_r.keypair_id}',
        `name: ${named(address)}`,
        'ssh_and_console_user: deployer',
        'console_password: ${var.console_password}',
      ],
      block,
    ),
};

/** A whole manifest from resource blocks. */
export function manifest(resources: string[]): string {
  return ['variables:', `  console_password: { default: ${CASE_PASSWORD}, sensitive: true }`, 'resources:', ...resources, ''].join('\n');
}

// ---------------------------------------------------------------------------
// Paid paths.

/** One step of a case: the resources of the manifest, and the inputs it changes on existing addresses (`address.attribute`). */
export interface Step {
  resources: string[];
  changes?: string[];
}

/** A paid path: an order the model faults, with the steps that reach it from each position. */
export interface PaidPath {
  /** `type.operation`, e.g. `cloud_lite_vm.change_package`. */
  name: string;
  /** Regex of the request to fault (tested by the simulator against `METHOD /path`). */
  route: string;
  /** The reply shape of the account the order creates or changes (its keys are left out by the omission cases). */
  shape: Shape;
  /** The steps of each supported position; the last step is the faulted one. */
  steps: Partial<Record<Position, Step[]>>;
  /** False when `target` cannot be replaced after the case (a migrated lite VM is never replaced again). */
  replace?: false;
}

const b = blocks;
const liteBase = [b.liteKey()];
const proBase = [b.proKey()];
const metalBase = [b.metalKey()];

/** A create path: `first` (sources from an earlier run, or none), `sibling` (a twin ordered first) and, with a source, `source` (created in the run). */
function createPath(
  name: string,
  route: string,
  shape: Shape,
  base: string[],
  sources: string[],
  target: (address: string, dependsOn?: string[]) => string,
): PaidPath {
  const steps: PaidPath['steps'] = {
    first: sources.length
      ? [{ resources: [...base, ...sources] }, { resources: [...base, ...sources, target('target')] }]
      : [{ resources: [...base, target('target')] }],
    sibling: [
      ...(sources.length ? [{ resources: [...base, ...sources] }] : []),
      { resources: [...base, ...sources, target('twin'), target('target', ['twin'])] },
    ],
  };
  if (sources.length) steps.source = [{ resources: base }, { resources: [...base, ...sources, target('target')] }];
  return { name, route, shape, steps };
}

/** An in-place path: the account made in a first run, changed (and faulted) in the second; `sibling`: a twin changed first. */
function inPlacePath(
  name: string,
  route: string,
  shape: Shape,
  base: string[],
  before: (address: string, dependsOn?: string[]) => string[],
  after: (address: string, dependsOn?: string[]) => string[],
  changed: string,
  source?: Step[],
): PaidPath {
  const steps: PaidPath['steps'] = {
    first: [{ resources: [...base, ...before('target')] }, { resources: [...base, ...after('target')], changes: [`target.${changed}`] }],
    sibling: [
      { resources: [...base, ...before('twin'), ...before('target')] },
      { resources: [...base, ...after('twin'), ...after('target', ['twin'])], changes: [`twin.${changed}`, `target.${changed}`] },
    ],
  };
  if (source) steps.source = source;
  return { name, route, shape, steps };
}

const ID = '[0-9]+';

/** Every paid path of the model. */
export const PAID_PATHS: readonly PaidPath[] = [
  createPath('cloud_lite_vm.create', '^POST /lites$', 'lite account', liteBase, [], (a, d) => b.liteVm(a, { dependsOn: d })),
  createPath('cloud_lite_pro_vm.create', '^POST /lite-pros$', 'lite pro account', proBase, [], (a, d) => b.proVm(a, { dependsOn: d })),
  createPath('cloud_baremetal.create', '^POST /baremetals$', 'bare-metal account', metalBase, [], (a, d) => b.metal(a, { dependsOn: d })),
  createPath(
    'cloud_baremetal_additional_ip.create',
    '^POST /baremetal-additional-ips$',
    'additional IP account',
    metalBase,
    [b.metal('server')],
    (a, d) => [b.ip(a, { dependsOn: [...(d ?? []), 'server'] }), b.assignment(`${a}_on_server`, a, 'server')].join('\n'),
  ),
  createPath(
    'cloud_baremetal_elastic_storage.create',
    '^POST /baremetal-elastic-storages$',
    'elastic storage account',
    metalBase,
    [b.metal('server')],
    (a, d) => b.storage(a, { metal: 'server', dependsOn: d }),
  ),
  createPath('cloud_lite_disk.create', '^POST /lites/disks$', 'disk account', liteBase, [b.liteVm('vm')], (a, d) =>
    b.disk(a, { vm: 'vm', dependsOn: d }),
  ),
  createPath('cloud_lite_pro_disk.create', '^POST /lite-pros/disks$', 'disk account', proBase, [b.proVm('vm')], (a, d) =>
    b.disk(a, { pro: true, vm: 'vm', dependsOn: d }),
  ),
  createPath(
    'cloud_lite_snapshot.create',
    `^POST /lites/accounts/${ID}/snapshot$`,
    'snapshot account',
    liteBase,
    [b.liteVm('vm')],
    (a, d) => b.snapshot(a, { vm: 'vm', dependsOn: d }),
  ),
  createPath(
    'cloud_lite_pro_snapshot.create',
    `^POST /lite-pros/accounts/${ID}/snapshot$`,
    'snapshot account',
    proBase,
    [b.proVm('vm')],
    (a, d) => b.snapshot(a, { pro: true, vm: 'vm', dependsOn: d }),
  ),
  // Issue 24 case 1: the restore's keypair is its own (key_r); its source VM vm_a is a lite VM like the restore.
  createPath(
    'cloud_lite_vm_from_snapshot.create',
    `^POST /lites/snapshots/accounts/${ID}/create$`,
    'lite account',
    [b.liteKey(), b.liteKey('key_r')],
    [b.liteVm('vm_a', { product: 1547 }), b.snapshot('snap', { vm: 'vm_a' })],
    (a, d) => b.restore(a, { snapshot: 'snap', dependsOn: d }),
  ),
  inPlacePath(
    'cloud_lite_vm.change_package',
    `^POST /lites/accounts/${ID}/change-package$`,
    'lite account',
    liteBase,
    (a, d) => [b.liteVm(a, { product: 1548, dependsOn: d })],
    (a, d) => [b.liteVm(a, { product: 1549, dependsOn: d })],
    'product_id',
  ),
  inPlacePath(
    'cloud_lite_pro_vm.change_package',
    `^POST /lite-pros/accounts/${ID}/change-package$`,
    'lite pro account',
    proBase,
    (a, d) => [b.proVm(a, { product: 2101, dependsOn: d })],
    (a, d) => [b.proVm(a, { product: 2102, dependsOn: d })],
    'product_id',
  ),
  inPlacePath(
    'cloud_lite_vm.storage_upgrade',
    `^PUT /lites/accounts/${ID}/storage$`,
    'lite account',
    liteBase,
    (a, d) => [b.liteVm(a, { dependsOn: d })],
    (a, d) => [b.liteVm(a, { disk: 120, dependsOn: d })],
    'disk_size',
    [{ resources: liteBase }, { resources: [...liteBase, b.liteVm('target', { disk: 120 })] }],
  ),
  inPlacePath(
    'cloud_lite_pro_vm.storage_upgrade',
    `^PUT /lite-pros/accounts/${ID}/storage$`,
    'lite pro account',
    proBase,
    (a, d) => [b.proVm(a, { dependsOn: d })],
    (a, d) => [b.proVm(a, { disk: 80, dependsOn: d })],
    'disk_size',
    [{ resources: proBase }, { resources: [...proBase, b.proVm('target', { disk: 80 })] }],
  ),
  inPlacePath(
    'cloud_lite_disk.grow',
    `^PUT /lites/disks/accounts/${ID}$`,
    'disk account',
    [...liteBase, b.liteVm('vm')],
    (a, d) => [b.disk(a, { vm: 'vm', size: 60, dependsOn: d })],
    (a, d) => [b.disk(a, { vm: 'vm', size: 80, dependsOn: d })],
    'size',
  ),
  inPlacePath(
    'cloud_lite_pro_disk.grow',
    `^PUT /lite-pros/disks/accounts/${ID}$`,
    'disk account',
    [...proBase, b.proVm('vm')],
    (a, d) => [b.disk(a, { pro: true, vm: 'vm', size: 30, dependsOn: d })],
    (a, d) => [b.disk(a, { pro: true, vm: 'vm', size: 50, dependsOn: d })],
    'size',
  ),
  inPlacePath(
    'cloud_baremetal_elastic_storage.grow',
    `^PUT /baremetal-elastic-storages/${ID}$`,
    'elastic storage account',
    [...metalBase, b.metal('server')],
    (a, d) => [b.storage(a, { metal: 'server', size: 100, dependsOn: d })],
    (a, d) => [b.storage(a, { metal: 'server', size: 150, dependsOn: d })],
    'size',
  ),
  inPlacePath(
    'cloud_baremetal_elastic_storage.change_package',
    `^POST /baremetal-elastic-storages/${ID}$`,
    'elastic storage account',
    [...metalBase, b.metal('server')],
    (a, d) => [b.storage(a, { metal: 'server', product: 5001, dependsOn: d })],
    (a, d) => [b.storage(a, { metal: 'server', product: 5002, dependsOn: d })],
    'product_id',
  ),
  {
    ...inPlacePath(
      'cloud_lite_vm.migrate_to_pro',
      `^POST /lites/accounts/${ID}/migrate-to-pro$`,
      'lite account',
      liteBase,
      (a, d) => [b.liteVm(a, { product: 1547, dependsOn: d })],
      (a, d) => [b.liteVm(a, { product: 1547, migrate: 2101, dependsOn: d })],
      'migrate_to_pro',
    ),
    replace: false,
  },
];

// ---------------------------------------------------------------------------
// The case table.

/** One case of the model. */
export interface FaultCase {
  /** Stable id: `path/position/kind` or `path/omit:shape.key/fault`. */
  id: string;
  path: PaidPath;
  position: Position;
  /** The fault on the path's order, if any. */
  kind?: ModelFaultKind;
  /** The reply key left out of every reply of the path's shape, if any. */
  omit?: { shape: Shape; key: string };
}

/** Every paid path × every supported position × every fault kind, in a stable order. */
export const FAULT_CASES: readonly FaultCase[] = PAID_PATHS.flatMap((path) =>
  POSITIONS.filter((position) => path.steps[position]).flatMap((position) =>
    MODEL_FAULT_KINDS.map((kind): FaultCase => ({ id: `${path.name}/${position}/${kind}`, path, position, kind })),
  ),
);

/** Every paid path × every unpromised key of its shape, without a fault and with a lost response (reconciled by listing), at position `first`. */
export const OMISSION_CASES: readonly FaultCase[] = PAID_PATHS.flatMap((path) =>
  SHAPES[path.shape].keys.flatMap((key) =>
    ([undefined, 'lost-response'] as const).map((kind): FaultCase => ({
      id: `${path.name}/omit:${path.shape}.${key}/${kind ?? 'no fault'}`,
      path,
      position: 'first',
      ...(kind ? { kind } : {}),
      omit: { shape: path.shape, key },
    })),
  ),
);

/** Every case, fault cases first. */
export const ALL_CASES: readonly FaultCase[] = [...FAULT_CASES, ...OMISSION_CASES];

/**
 * The cases `npm test` runs (a few seconds): issue 24's two cases (the
 * restore faulted 503 after its snapshot and VM were made in the run; a
 * lite VM create with `product_id` left out of lite accounts), then every
 * fault kind in every position, spread over the paths (a timeout case waits
 * {@link TIMEOUT_CASE_REQUEST_TIMEOUT} s), and two more omitted keys.
 */
export const BRIEF_CASE_IDS: readonly string[] = [
  'cloud_lite_vm_from_snapshot.create/source/503',
  'cloud_lite_vm.create/omit:lite account.product_id/no fault',
  'cloud_lite_vm.create/first/lost-response',
  'cloud_lite_vm.change_package/sibling/500',
  'cloud_lite_snapshot.create/source/reset',
  'cloud_baremetal_elastic_storage.grow/first/503',
  'cloud_lite_disk.create/sibling/429',
  'cloud_lite_pro_vm.storage_upgrade/source/500',
  'cloud_baremetal_additional_ip.create/source/lost-response',
  'cloud_lite_vm.migrate_to_pro/sibling/reset',
  'cloud_lite_vm.create/first/timeout',
  'cloud_lite_disk.grow/sibling/timeout',
  'cloud_baremetal_elastic_storage.change_package/omit:elastic storage account.product_id/no fault',
  'cloud_lite_disk.grow/omit:disk account.size/no fault',
];

// ---------------------------------------------------------------------------
// Running a case.

/** What one case found. */
export interface CaseResult {
  id: string;
  /** Every broken invariant, each a line naming the step, the run and the check (I1, I2, I3, I4, duplicate, orphan, secret, harness). */
  violations: string[];
  /** Applies each step took (its last one exit 0 when the step converged). */
  applies: number[];
  /** The fault was injected (false: the case never reached its order; a harness bug, reported as a violation). */
  injected: boolean;
  /** Wall time, seconds. */
  seconds: number;
  /** Each run of the case: the command, its exit code and its output (for `PROPERTY_DEBUG`). */
  transcript: string[];
}

/** The account kind of a resource type: lite VMs made either way are one kind. */
export function accountKind(type: string): string {
  return type === 'cloud_lite_vm_from_snapshot' ? 'cloud_lite_vm' : type;
}

/** The account kind and id a DELETE request path names, or undefined for a path that deletes no account (an IP unassignment). */
export function deletedAccount(path: string): { kind: string; id: string } | undefined {
  const rel = path.replace(/^\/v1/, '');
  const rules: Array<[RegExp, string]> = [
    [/^\/lites\/(\d+)$/, 'cloud_lite_vm'],
    [/^\/lite-pros\/(\d+)$/, 'cloud_lite_pro_vm'],
    [/^\/lites\/snapshots\/(\d+)$/, 'cloud_lite_snapshot'],
    [/^\/lite-pros\/snapshots\/(\d+)$/, 'cloud_lite_pro_snapshot'],
    [/^\/lites\/disks\/(\d+)$/, 'cloud_lite_disk'],
    [/^\/lite-pros\/disks\/(\d+)$/, 'cloud_lite_pro_disk'],
    [/^\/lites\/keypairs\/(\d+)$/, 'cloud_lite_keypair'],
    [/^\/lite-pros\/keypairs\/(\d+)$/, 'cloud_lite_pro_keypair'],
    [/^\/baremetals\/keypairs\/(\d+)$/, 'cloud_baremetal_keypair'],
    [/^\/baremetals\/(\d+)$/, 'cloud_baremetal'],
    [/^\/baremetal-additional-ips\/(\d+)$/, 'cloud_baremetal_additional_ip'],
    [/^\/baremetal-elastic-storages\/(\d+)$/, 'cloud_baremetal_elastic_storage'],
  ];
  for (const [pattern, kind] of rules) {
    const match = pattern.exec(rel);
    if (match) return { kind, id: match[1] as string };
  }
  return undefined;
}

/** State resources as `address → { kind, id }` ({} when there is no state yet). */
async function holdings(folder: string): Promise<Map<string, { kind: string; id: string; type: string }>> {
  let state: { resources?: Record<string, { type: string; id: string }> };
  try {
    state = await readState(folder);
  } catch {
    return new Map();
  }
  return new Map(
    Object.entries(state.resources ?? {}).map(([address, entry]) => [
      address,
      { kind: accountKind(entry.type), id: String(entry.id), type: entry.type },
    ]),
  );
}

/** I1: the pairs of addresses holding the same account of the same kind. */
export function sharedAccounts(held: Map<string, { kind: string; id: string }>): string[] {
  const byAccount = new Map<string, string[]>();
  for (const [address, { kind, id }] of held) byAccount.set(`${kind} ${id}`, [...(byAccount.get(`${kind} ${id}`) ?? []), address]);
  return [...byAccount]
    .filter(([, addresses]) => addresses.length > 1)
    .map(([account, addresses]) => `${account} held by ${addresses.join(' and ')}`);
}

/** One change of a plan document (the fields the checks read). */
export interface PlannedChange {
  address: string;
  action: string;
  paidOrders: number;
  operations: Array<{ name: string; attribute: string; paid: boolean }>;
  attributes: Array<{ name: string; before?: unknown; after?: unknown; reasonCode?: { code: string; operation?: string } }>;
}

/** I2: paid in-place orders and replaces a plan proposes from a "before" the API never reported (null or absent), for inputs the step did not change. */
export function unreportedPaidChanges(changes: PlannedChange[], changedInputs: ReadonlySet<string>): string[] {
  const found: string[] = [];
  for (const change of changes) {
    if (change.action !== 'update' && change.action !== 'replace') continue;
    const paidOperations = new Set(change.operations.filter((operation) => operation.paid).map((operation) => operation.name));
    for (const attribute of change.attributes) {
      const code = attribute.reasonCode?.code;
      const paid =
        (code === 'forces_replacement' && change.action === 'replace') ||
        (attribute.reasonCode?.operation !== undefined && paidOperations.has(attribute.reasonCode.operation));
      const unreported = attribute.before === undefined || attribute.before === null || attribute.before === '';
      if (!paid || !unreported || JSON.stringify(attribute.before) === JSON.stringify(attribute.after)) continue;
      if (changedInputs.has(`${change.address}.${attribute.name}`)) continue;
      found.push(
        `${change.address}: ${change.action} ${attribute.name} ${JSON.stringify(attribute.before ?? null)} -> ${JSON.stringify(attribute.after)} (${attribute.reasonCode?.operation ?? code})`,
      );
    }
  }
  return found;
}

/**
 * I2 on the ledger: the in-place paid orders an apply placed (every ledger
 * operation but the creates) on an account that state held before it, for
 * which the plan made just before the apply proposed no paid change of the
 * address holding it. (Orders on accounts the apply itself created are the
 * create's own follow-ups, such as a storage upgrade to the asked size.)
 */
export function unplannedPaidOrders(
  orders: Array<{ operation: string; account_id: string | number }>,
  before: Map<string, { kind: string; id: string }>,
  plan: PlannedChange[],
): string[] {
  const paidChanges = new Set(plan.filter((change) => change.paidOrders > 0 && change.action !== 'create').map((change) => change.address));
  const found: string[] = [];
  for (const order of orders) {
    if (/create(-vm)?$/.test(order.operation)) continue;
    const holders = [...before].filter(([, held]) => held.id === String(order.account_id)).map(([address]) => address);
    if (holders.length === 0 || holders.some((address) => paidChanges.has(address))) continue;
    found.push(
      `${order.operation} on account ${order.account_id} (${holders.join(', ')}), which the plan before the apply did not propose`,
    );
  }
  return found;
}

/** What a plan after convergence proposes (anything but noop and read). */
const proposed = (changes: PlannedChange[]) =>
  changes
    .filter((change) => change.action !== 'noop' && change.action !== 'read')
    .map(
      (change) =>
        `${change.address}: ${change.action} (${change.attributes
          .filter((attribute) => JSON.stringify(attribute.before) !== JSON.stringify(attribute.after))
          .map((attribute) => `${attribute.name} ${JSON.stringify(attribute.before ?? null)} -> ${JSON.stringify(attribute.after)}`)
          .join(', ')})`,
    );

/** The last lines of a run's output, for a violation message. */
const tail = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .slice(-3)
    .join(' | ')
    .slice(0, 400);

/** An apply's output that says an unknown outcome is really ambiguous (I4: only that may stop the run). */
const AMBIGUOUS = /ambiguous/i;

/** Output lines that report an account to the user (left behind, ambiguous): such an account is not an orphan. */
const REPORTED = /orphan|not (?:in|recorded in) state|ambiguous|left behind|by hand|cloudctl import/i;

/**
 * Runs one case in a fresh workspace against its own simulator: each step
 * planned (`plan --json`) and applied until an apply exits 0 (at most
 * {@link MAX_APPLIES_PER_STEP}), the fault armed for the last step only
 * (`rate: 1`, the step's n-th matching request, once), the checks of the
 * module comment after every plan and apply, and a last plan that must
 * propose nothing.
 */
export async function runCase(testCase: FaultCase, options: { provisioningSeconds?: number } = {}): Promise<CaseResult> {
  const started = Date.now();
  const omitKeys: OmittedKey[] = testCase.omit ? [{ routes: SHAPES[testCase.omit.shape].routes, key: testCase.omit.key }] : [];
  const cloud: RunningSimulator = await startCloud({ provisioningSeconds: options.provisioningSeconds ?? 0.05, omitKeys });
  const result: CaseResult = {
    id: testCase.id,
    violations: [],
    applies: [],
    injected: testCase.kind === undefined,
    seconds: 0,
    transcript: [],
  };
  const outputs: string[] = [];
  try {
    const folder = await tempFolder('cloudctl-faultmodel-');
    // A timeout case waits for the client's request timeout: a short one (CLOUDCTL_REQUEST_TIMEOUT), so it costs a second, not 30.
    const env = {
      CLOUDCTL_BASE_URL: cloud.url,
      CLOUDCTL_RECONCILE_GRACE: '0s',
      ...(testCase.kind === 'timeout' ? { CLOUDCTL_REQUEST_TIMEOUT: TIMEOUT_CASE_REQUEST_TIMEOUT } : {}),
    };
    const steps = testCase.path.steps[testCase.position] as Step[];
    const run = async (args: string[]) => {
      const done = await cli(args, { cwd: folder, env });
      outputs.push(done.stdout, done.stderr);
      result.transcript.push(
        `$ cloudctl ${args.join(' ')} (exit ${done.code})\n${args.includes('--json') ? done.stderr : done.stdout + done.stderr}`,
      );
      return done;
    };
    const violation = (line: string) => result.violations.push(line);
    const checkI1 = async (where: string) => {
      for (const line of sharedAccounts(await holdings(folder))) violation(`I1 after ${where}: ${line}`);
    };
    /**
     * Runs an apply, then checks I3 on the DELETEs it sent (each for an id
     * exactly one address held before it, or one it ordered itself) and, given
     * the plan made just before it, I2 on its orders ({@link unplannedPaidOrders}).
     */
    const applyChecked = async (args: string[], where: string, plan?: PlannedChange[]) => {
      const before = await holdings(folder);
      const ordered = new Set(cloud.ledger().map((entry) => String(entry.account_id)));
      const seen = cloud.requests().length;
      const orders = cloud.ledger().length;
      const applied = await run(args);
      if (plan)
        for (const line of unplannedPaidOrders(cloud.ledger().slice(orders), before, plan)) violation(`I2 (ledger) in ${where}: ${line}`);
      const orderedNow = new Set(
        cloud
          .ledger()
          .map((entry) => String(entry.account_id))
          .filter((id) => !ordered.has(id)),
      );
      for (const request of cloud.requests().slice(seen)) {
        if (request.method !== 'DELETE') continue;
        const account = deletedAccount(request.path);
        if (!account) continue;
        const holders = [...before].filter(([, held]) => held.kind === account.kind && held.id === account.id).map(([address]) => address);
        const ownNew = holders.length === 0 && orderedNow.has(account.id);
        if (holders.length !== 1 && !ownNew)
          violation(
            `I3 in ${where}: DELETE ${request.path} for ${account.kind} ${account.id}, held by ${holders.length ? holders.join(' and ') : 'no address'} in state`,
          );
      }
      return applied;
    };
    /** Runs `plan --json`: a plan reads only, so any request but a GET it sends is a violation (no order, no delete). */
    const plan = async (where: string) => {
      const seen = cloud.requests().length;
      const planned = await run(['plan', 'stack.yaml', '--json']);
      for (const request of cloud.requests().slice(seen))
        if (request.method !== 'GET') violation(`plan writes: ${where} sent ${request.method} ${request.path}`);
      return planned;
    };
    /** The plan must propose nothing (I4: converged), and I1 holds after it. */
    const checkConverged = async (after: string) => {
      const planned = await plan(`the plan after ${after}`);
      if (planned.code !== 0) violation(`plan after ${after} failed: ${tail(planned.stderr + '\n' + planned.stdout)}`);
      else
        for (const line of proposed((JSON.parse(planned.stdout) as { changes: PlannedChange[] }).changes))
          violation(`I4: the plan after ${after} proposes ${line}`);
      await checkI1(`the plan after ${after}`);
    };
    let lastStepStart = 0;
    /** The last step's plans said why its paid change is not planned (I2: the API never reported the value it would change). */
    let refusedUnobserved = false;
    for (const [index, step] of steps.entries()) {
      const faulted = index === steps.length - 1;
      if (faulted) lastStepStart = cloud.requests().length;
      const name = `step ${index + 1}/${steps.length}`;
      await write(folder, 'stack.yaml', manifest(step.resources));
      if (faulted && testCase.kind)
        cloud.setFaults({
          rate: 1,
          kinds: [testCase.kind],
          paths: testCase.path.route,
          skip: testCase.position === 'sibling' ? 1 : 0,
          times: 1,
        });
      const changed = new Set(step.changes ?? []);
      let applies = 0;
      let converged = false;
      while (!converged && applies < MAX_APPLIES_PER_STEP) {
        applies++;
        const where = `${name} apply ${applies}`;
        const planned = await plan(`the plan before ${where}`);
        let planDocument: PlannedChange[] | undefined;
        if (planned.code !== 0) violation(`plan before ${where} failed: ${tail(planned.stderr + '\n' + planned.stdout)}`);
        else {
          const document = JSON.parse(planned.stdout) as { changes: PlannedChange[]; warnings?: Array<{ code: string }> };
          planDocument = document.changes;
          if (faulted && (document.warnings ?? []).some((warning) => warning.code === 'paid_change_unobserved')) refusedUnobserved = true;
          for (const line of unreportedPaidChanges(planDocument, changed)) violation(`I2 in the plan before ${where}: ${line}`);
        }
        await checkI1(`the plan before ${where}`);
        const applied = await applyChecked(['apply', 'stack.yaml', '--auto-approve'], where, planDocument);
        await checkI1(where);
        if (applied.code === 0) converged = true;
        else if (applies === 1 && faulted && testCase.kind && !testCase.omit && !AMBIGUOUS.test(applied.stdout + applied.stderr))
          violation(
            `I4: the ${testCase.kind} on ${testCase.path.route} did not settle in its run (apply 1 exited ${applied.code}): ${tail(applied.stderr + '\n' + applied.stdout)}`,
          );
        if (!converged && applies === MAX_APPLIES_PER_STEP)
          violation(`I4: ${name} did not converge in ${MAX_APPLIES_PER_STEP} applies: ${tail(applied.stderr + '\n' + applied.stdout)}`);
      }
      result.applies.push(applies);
      if (faulted && testCase.kind) {
        result.injected = cloud.requests().some((request) => request.faulted === testCase.kind);
        cloud.setFaults(undefined);
      }
      if (!converged) break;
    }
    const converged = result.applies.length === steps.length && !result.violations.some((line) => /^I4: .* did not converge/.test(line));
    if (converged) await checkConverged('the last apply');
    const route = new RegExp(testCase.path.route);
    const reached = cloud
      .requests()
      .slice(lastStepStart)
      .some((request) => route.test(`${request.method} ${request.path.replace(/^\/v1/, '')}`));
    // A paid change the plan refused, saying why (the API never reported the value it changes: I2), is not dropped silently.
    if ((!result.injected || !reached) && converged && !refusedUnobserved)
      violation(
        `not reached: the last step never sent the paid order of its path (${testCase.path.route})${testCase.kind ? `, so the ${testCase.kind} was never injected` : ''}: the step's change was dropped`,
      );
    if (converged && testCase.path.replace !== false) {
      // Issue 24 case 1 went on: a later replace of the restore destroyed the VM it had adopted. Replace the target on purpose (no fault).
      const where = 'the replace step (apply --replace target)';
      // Like any step it may take up to MAX_APPLIES_PER_STEP applies; the later ones plain (a second --replace would replace again).
      let replaced = await applyChecked(['apply', 'stack.yaml', '--auto-approve', '--replace', 'target'], `${where}, apply 1`);
      await checkI1(`${where}, apply 1`);
      for (let applies = 2; replaced.code !== 0 && applies <= MAX_APPLIES_PER_STEP; applies++) {
        replaced = await applyChecked(['apply', 'stack.yaml', '--auto-approve'], `${where}, apply ${applies}`);
        await checkI1(`${where}, apply ${applies}`);
      }
      if (replaced.code !== 0)
        violation(`${where} did not converge in ${MAX_APPLIES_PER_STEP} applies: ${tail(replaced.stderr + '\n' + replaced.stdout)}`);
      else await checkConverged(where);
    }
    const held = await holdings(folder);
    const money = moneyFigures(
      cloud.ledger(),
      cloud.requests(),
      [...held.values()].map((entry) => entry.id),
    );
    const text = outputs.join('\n');
    const reported = (id: string) => text.split('\n').some((line) => new RegExp(`\\b${id}\\b`).test(line) && REPORTED.test(line));
    for (const line of money.duplicates) violation(`duplicate: ${line}`);
    for (const line of money.orphans) if (!reported(line.replace(/^.* account /, ''))) violation(`orphan: ${line}`);
    for (const secret of [CASE_PASSWORD, TEST_TOKEN])
      if (text.includes(secret)) violation(`secret: ${secret === TEST_TOKEN ? 'the API token' : 'the console password'} in the output`);
    if (/PRIVATE KEY-----/.test(text)) violation('secret: a private key in the output');
  } catch (error) {
    result.violations.push(`harness: ${(error as Error).stack ?? String(error)}`);
  } finally {
    await cloud.close();
    result.seconds = (Date.now() - started) / 1000;
  }
  return result;
}

/** Runs `cases` with at most `concurrency` at once (timeout cases, which mostly wait for the request timeout, in a pool of their own as wide), in table order of results. */
export async function runCases(
  cases: readonly FaultCase[],
  concurrency: number,
  onDone?: (result: CaseResult) => void,
): Promise<CaseResult[]> {
  const results = new Array<CaseResult>(cases.length);
  const pool = async (indexes: number[], width: number) => {
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(width, indexes.length) }, async () => {
        while (next < indexes.length) {
          const index = indexes[next++] as number;
          results[index] = await runCase(cases[index] as FaultCase);
          onDone?.(results[index] as CaseResult);
        }
      }),
    );
  };
  const indexes = cases.map((_, index) => index);
  const waiting = indexes.filter((index) => cases[index]?.kind === 'timeout');
  const busy = indexes.filter((index) => cases[index]?.kind !== 'timeout');
  await Promise.all([pool(busy, concurrency), pool(waiting, concurrency)]);
  return results;
}
