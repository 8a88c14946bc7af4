/**
 * What `cloudctl doctor` checks (the front door's `Engine.doctor`): a
 * read-only check of the configured API and token, for a user about to
 * point cloudctl at a real account. It lists the catalogues, OS lists,
 * keypair pools and existing accounts of every group (lite, lite pro, bare
 * metal, additional IPs, elastic storage) and checks each reply against the
 * shapes cloudctl's resource modules read (src/resources, with the lenient
 * parsing of src/api/parse.ts): every field that is missing, empty, of
 * another type or unknown is reported with the attributes it feeds and their
 * policies, taken from the attribute tables. The CLI prints the report
 * (src/cli/views/doctor.ts).
 *
 * It only ever sends GETs: nothing is ordered, changed or deleted.
 */
import { policyFacts, policyOperation } from '../resources/policies.js';
import { wire, additionalIp, baremetal, elasticStorage, lite, litePro, type LiteGroupRoutes } from '../api/routes.js';
import { isRecord, pickFirst, toInt } from '../api/parse.js';
import type { ApiClient } from '../api/types.js';
import { lookupResourceType } from '../resources/index.js';
import { readBackOf } from '../resources/attribute.js';

/** One thing the doctor found in a reply. */
export interface DoctorFinding {
  /** `problem`: a field cloudctl relies on (an id, a status, an input a plan compares); `note`: a value only shown. */
  severity: 'problem' | 'note';
  /** What holds the field: `lite account 100003`, or the request. */
  subject: string;
  /** What is off: `product_id missing`, `size is a string, not an integer`. */
  message: string;
  /** Attributes fed by the field, with their policy: `cloud_lite_vm.product_id (update:change_package, paid)`. */
  affects: string[];
}

/** One request the doctor made and what it found. */
export interface DoctorProbe {
  /** Human name: `lite accounts`. */
  title: string;
  /** `GET /lites/accounts`. */
  request: string;
  /** Objects in the reply. */
  count: number;
  findings: DoctorFinding[];
  /** Keys present in the reply that cloudctl neither reads nor knows from the contract (dotted for nested ones). */
  unknown: string[];
}

/** Where the doctor looked. */
export interface DoctorTarget {
  baseUrl: string;
  /** True for the embedded simulator (no base URL configured). */
  embedded: boolean;
  /** Whether a token was configured (never its value). */
  token: boolean;
}

/** What a field must be for the parsers to read it. */
type FieldKind = 'id' | 'int' | 'string' | 'object' | 'status';

/** One field cloudctl reads from a reply object. */
interface FieldCheck {
  /** Keys the parser accepts, first is the contract's; `a.b` reads `b` inside object `a`. */
  keys: readonly string[];
  kind: FieldKind;
  /** True when `""` / `null` / `0` is as bad as missing (the parser then keeps the prior value, or reads nothing). */
  nonEmpty?: boolean;
  /** Attributes the field feeds, as `type.attribute`. */
  feeds: readonly string[];
}

/** The shape of the objects of one kind of reply. */
interface Shape {
  /** How an object is named in findings, e.g. `lite account`. */
  what: string;
  fields: readonly FieldCheck[];
  /** Keys the contract names that cloudctl does not read (not reported as unknown). */
  ignored: readonly string[];
}

const STATUSES = ['active', 'pending', 'suspended', 'terminated', 'error', 'failed'];

const f = (keys: string | readonly string[], kind: FieldKind, feeds: readonly string[] = [], nonEmpty = false): FieldCheck => ({
  keys: typeof keys === 'string' ? [keys] : keys,
  kind,
  feeds,
  nonEmpty,
});

/**
 * The shape of an account object of resource type `type` (named `what`):
 * its id and status (under any of the wire's names), then `fields`;
 * `ignored` as in {@link Shape}.
 */
function accountShape(type: string, what: string, ignored: readonly string[], fields: readonly FieldCheck[]): Shape {
  return {
    what,
    fields: [f(wire.accountIdAlternatives, 'id', [`${type}.id`]), f(wire.statusAlternatives, 'status', [`${type}.status`]), ...fields],
    ignored,
  };
}

/** The Account of a lite-style VM, as `accountAttributes` (src/resources/lite/vm.ts) reads it. */
function vmAccountShape(type: string, fromSnapshot: string | undefined, what: string): Shape {
  const also = (attribute: string) => (fromSnapshot ? [`${fromSnapshot}.${attribute}`] : []);
  return {
    what,
    fields: [
      // A VM restored from a snapshot is read for its id and status only.
      f(wire.accountIdAlternatives, 'id', [`${type}.id`, ...also('id')]),
      f('status', 'status', [`${type}.status`, ...also('status')]),
      f('product_id', 'int', [`${type}.product_id`], true),
      // The VM's own description; the top-level one is grouped with the product's fields and not read.
      f('extra_details.description', 'string', [`${type}.description`]),
      f('extra_details', 'object', [`${type}.vm_name`, `${type}.keypair_id`, `${type}.disk_size`]),
      f('extra_details.sshkey_id', 'int', [`${type}.keypair_id`], true),
      f('extra_details.disk_size', 'int', [`${type}.disk_size`], true),
      f('extra_details.name', 'string', [`${type}.vm_name`], true),
      f('extra_details.osname', 'string', [`${type}.osname`]),
      f('extra_details.region', 'string', [`${type}.region`]),
      f('extra_details.region_label', 'string', [`${type}.region_label`]),
      f('extra_details.ciuser', 'string', [`${type}.ciuser`]),
      f('extra_details.cipassword', 'string', [`${type}.cipassword`]),
      f('product_name', 'string', [`${type}.product_name`]),
      f('billingcycle', 'string', [`${type}.billingcycle`]),
      f('next_due', 'string', [`${type}.next_due`]),
      f('recurring_amount', 'int', [`${type}.recurring_amount`]),
      f('last_invoice', 'object', [`${type}.last_invoice`]),
    ],
    ignored: [
      'domain',
      'date_created',
      'category_id',
      'category_name',
      'description',
      'extra_details.tenant_id',
      'extra_details.sshkeys',
      'extra_details.ip_address',
      'extra_details.migrated_to_pro',
    ],
  };
}

function snapshotShape(type: string, what: string): Shape {
  const fields = [
    f(['extra_details.name', 'name'], 'string', [`${type}.name`], true),
    f(['extra_details.description', 'description'], 'string', [`${type}.description`]),
    f(['lite_account_id', 'extra_details.lite_account_id'], 'int', [`${type}.lite_account_id`], true),
  ];
  return accountShape(type, what, ['extra_details', 'extra_details.region'], fields);
}

function diskShape(type: string, what: string): Shape {
  const fields = [
    f(['size', 'disk_size'], 'int', [`${type}.size`], true),
    f(['service_name', 'name', 'label'], 'string', [`${type}.service_name`], true),
    f('product_id', 'int', [`${type}.product_id`], true),
    f('lite_account_id', 'int', [`${type}.lite_account_id`], true),
  ];
  return accountShape(type, what, ['date_created', 'order_id'], fields);
}

const keypairShape = (type: string, what: string): Shape => ({
  what,
  fields: [
    f(wire.keypairIdAlternatives, 'id', [`${type}.id`, `${type}.keypair_id`]),
    f('name', 'string', [`${type}.name`], true),
    f(wire.publicKeyAlternatives, 'string', [`${type}.public_key`], true),
  ],
  ignored: [],
});

const planShape = (dataSource: string, what: string): Shape => ({
  what,
  fields: [
    f('product_id', 'id', [`${dataSource}.products`]),
    f('name', 'string', [`${dataSource}.products`], true),
    f('options', 'object', [`${dataSource}.products`]),
  ],
  ignored: [
    'description',
    'category_id',
    'category_name',
    'billing',
    'options.type',
    'options.cores',
    'options.memory',
    'options.allow_downgrade',
  ],
});

const osShape = (dataSource: string, what: string): Shape => ({
  what,
  fields: [f('name', 'string', [`${dataSource}.oss`], true)],
  ignored: ['vmid', 'node', 'maxmem', 'maxcpu'],
});

const opaqueProductShape = (dataSource: string, what: string): Shape => ({
  what,
  fields: [
    f(['product_id', 'id'], 'id', [`${dataSource}.products`]),
    f(['name', 'product_name', 'label'], 'string', [`${dataSource}.products`]),
  ],
  ignored: ['*'],
});

const baremetalShape = accountShape(
  'cloud_baremetal',
  'bare-metal server',
  ['select_os', 'os', 'cycle', 'billingcycle'],
  [
    f(['label', 'name'], 'string', ['cloud_baremetal.label'], true),
    f('product_id', 'int', ['cloud_baremetal.product_id'], true),
    f(['keypair_id', 'sshkey_id'], 'int', ['cloud_baremetal.keypair_id']),
    f(wire.ipAlternatives, 'string', ['cloud_baremetal.ip_address']),
    f(wire.createdAlternatives, 'string', ['cloud_baremetal.created_at']),
    f(wire.orderIdAlternatives, 'string', ['cloud_baremetal.order_id']),
  ],
);

/**
 * The shape of a bare-metal add-on account of resource type `type` (an
 * additional IP, an elastic storage): id, status, `fields`, then its
 * creation time; its billing cycle is not read.
 */
function addOnAccountShape(type: string, what: string, fields: readonly FieldCheck[]): Shape {
  return accountShape(type, what, ['cycle', 'billingcycle'], [...fields, f(wire.createdAlternatives, 'string', [`${type}.created_at`])]);
}

const additionalIpShape = addOnAccountShape('cloud_baremetal_additional_ip', 'additional IP', [
  f('product_id', 'int', ['cloud_baremetal_additional_ip.product_id'], true),
  f('region', 'string', ['cloud_baremetal_additional_ip.region'], true),
  f(wire.ipAlternatives, 'string', ['cloud_baremetal_additional_ip.ip_address'], true),
]);

const elasticStorageShape = addOnAccountShape('cloud_baremetal_elastic_storage', 'elastic storage', [
  f('product_id', 'int', ['cloud_baremetal_elastic_storage.product_id'], true),
  f('size', 'int', ['cloud_baremetal_elastic_storage.size'], true),
  f(['storage_name', 'name'], 'string', ['cloud_baremetal_elastic_storage.storage_name'], true),
  f('metal_account_id', 'int', ['cloud_baremetal_elastic_storage.metal_account_id'], true),
]);

/**
 * `type.attribute (policy[, paid]; read-back CLASS)` from the attribute
 * tables: what a wrong value of that attribute would make a plan do, and
 * how its read-back is declared (`Attribute.readBack`): `authoritative` (a
 * missing, null or empty value keeps the last known one), `informational`
 * (shown, never acted on) or `never` (not read). `update:OP` names the
 * in-place operation; `paid` marks a policy that places an order.
 */
export function describeAttribute(reference: string): string {
  const [typeName, attribute] = reference.split('.') as [string, string];
  const type = lookupResourceType(typeName);
  const definition = type?.attributes[attribute];
  if (!type || !definition) return reference;
  const policy = definition.policy;
  if (attribute === 'id') return `${reference} (the id cloudctl tracks it by)`;
  if (attribute === 'status') return `${reference} (waits for Active; Terminated reads as gone)`;
  if (definition.mode === 'computed' || !policy) return `${reference} (computed, shown only)`;
  const readBack = `; read-back ${readBackOf(definition)}`;
  const operation = policyOperation(policy);
  if (operation === undefined) {
    const paid = policyFacts(policy)?.replacesOrRejects && policy.kind !== 'reject' && type.paidCreate ? ', paid' : '';
    return `${reference} (${policy.kind}${paid}${readBack})`;
  }
  const paid = type.paidOperations.includes(operation) ? ', paid' : '';
  return `${reference} (${policy.kind}:${operation}${paid}${readBack})`;
}

/** True when a field feeds an input attribute read back authoritatively, or is an id or status: a wrong value there misleads a plan. */
function relied(field: FieldCheck): boolean {
  if (field.kind === 'id' || field.kind === 'status') return true;
  return field.feeds.some((reference) => {
    const [typeName, attribute] = reference.split('.') as [string, string];
    const definition = lookupResourceType(typeName)?.attributes[attribute];
    // An input read back as information only (or not at all) never drives a plan: a wrong value there is a note.
    return definition === undefined ? true : definition.mode !== 'computed' && readBackOf(definition) === 'authoritative';
  });
}

/** The value under a dotted key (`extra_details.name`), and whether it is there at all. */
function lookUp(object: Record<string, unknown>, key: string): { present: boolean; value: unknown } {
  let current: unknown = object;
  for (const part of key.split('.')) {
    if (!isRecord(current) || !(part in current)) return { present: false, value: undefined };
    current = current[part];
  }
  return { present: true, value: current };
}

/** A key of `object` (at the same nesting) that spells `key` in another case or without underscores, if any. */
function otherCase(object: Record<string, unknown>, key: string): string | undefined {
  const parts = key.split('.');
  const last = parts.pop() as string;
  const parent = parts.length > 0 ? lookUp(object, parts.join('.')).value : object;
  if (!isRecord(parent)) return undefined;
  const plain = (name: string) => name.toLowerCase().replace(/_/g, '');
  return Object.keys(parent).find((candidate) => candidate !== last && plain(candidate) === plain(last));
}

/** Why `value` is off for `field`, or undefined when it reads fine. */
function problemOf(field: FieldCheck, value: unknown): string | undefined {
  if (value === null || value === '')
    return field.nonEmpty || field.kind === 'id' || field.kind === 'status' ? `is ${value === null ? 'null' : 'empty'}` : undefined;
  switch (field.kind) {
    case 'id':
      return (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) ||
        (typeof value === 'string' && /^\s*\d+\s*$/.test(value))
        ? undefined
        : `is ${typeName(value)}, not a numeric id`;
    case 'int': {
      const number = toInt(value);
      if (number === null) return `is ${typeName(value)}, not an integer`;
      return field.nonEmpty && number === 0 ? 'is 0' : undefined;
    }
    case 'string':
      return typeof value === 'string' ? undefined : `is ${typeName(value)}, not a string`;
    case 'object':
      return isRecord(value) ? undefined : `is ${typeName(value)}, not an object`;
    case 'status':
      if (typeof value !== 'string') return `is ${typeName(value)}, not a status`;
      return STATUSES.includes(value.trim().toLowerCase())
        ? undefined
        : `is "${value}", not a status cloudctl knows (${STATUSES.join(', ')})`;
  }
}

function typeName(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (value === null) return 'null';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** Checks one object against `shape`; findings name it `label`. */
function checkObject(shape: Shape, object: Record<string, unknown>, label: string, unknown: Set<string>): DoctorFinding[] {
  const findings: DoctorFinding[] = [];
  for (const field of shape.fields) {
    const found = field.keys
      .map((key) => ({ key, ...lookUp(object, key) }))
      .find((candidate) => candidate.present && candidate.value !== undefined);
    const affects = field.feeds.map(describeAttribute);
    const severity = relied(field) ? 'problem' : 'note';
    if (!found) {
      const recased = otherCase(object, field.keys[0] as string);
      const hint = recased ? ` (the reply has "${recased}": the same name in another case)` : '';
      findings.push({ severity, subject: label, message: `${field.keys[0]} missing${hint}`, affects });
      continue;
    }
    const problem = problemOf(field, found.value);
    if (problem) findings.push({ severity, subject: label, message: `${found.key} ${problem}`, affects });
  }
  if (shape.ignored.includes('*')) return findings;
  const known = new Set([...shape.fields.flatMap((field) => field.keys), ...shape.ignored]);
  const walk = (value: Record<string, unknown>, prefix: string) => {
    for (const [key, item] of Object.entries(value)) {
      const path = `${prefix}${key}`;
      if (!known.has(path)) unknown.add(path);
      else if (isRecord(item) && [...known].some((name) => name.startsWith(`${path}.`))) walk(item, `${path}.`);
    }
  };
  walk(object, '');
  return findings;
}

/** The label of a listed object: `<what> <id>`, or `<what> #<n>` when it has no readable id. */
function labelOf(shape: Shape, object: Record<string, unknown>, index: number): string {
  const idField = shape.fields.find((field) => field.kind === 'id');
  const id = idField ? pickFirst(object, idField.keys) : undefined;
  return typeof id === 'string' || typeof id === 'number' ? `${shape.what} ${id}` : `${shape.what} #${index + 1}`;
}

/** GETs `path` and checks the reply as a list of `shape` objects. */
async function probeList(
  api: ApiClient,
  title: string,
  path: string,
  shape: Shape,
): Promise<DoctorProbe & { items: Array<Record<string, unknown>> }> {
  const probe = {
    title,
    request: `GET ${path}`,
    count: 0,
    findings: [] as DoctorFinding[],
    unknown: [] as string[],
    items: [] as Array<Record<string, unknown>>,
  };
  let reply: unknown;
  try {
    reply = await api.get(path);
  } catch (error) {
    probe.findings.push({ severity: 'problem', subject: `GET ${path}`, message: (error as Error).message, affects: [] });
    return probe;
  }
  if (!Array.isArray(reply)) {
    const shown = isRecord(reply) && 'success' in reply && reply.data === null ? 'null' : typeName(reply);
    probe.findings.push({
      severity: 'problem',
      subject: `GET ${path}`,
      message: `the list is ${shown}, not an array (cloudctl would read it as empty: what it manages there would look deleted)`,
      affects: [],
    });
    return probe;
  }
  probe.count = reply.length;
  const unknown = new Set<string>();
  reply.forEach((item, index) => {
    if (!isRecord(item)) {
      probe.findings.push({
        severity: 'problem',
        subject: `${shape.what} #${index + 1}`,
        message: `is ${typeName(item)}, not an object`,
        affects: [],
      });
      return;
    }
    probe.items.push(item);
    probe.findings.push(...checkObject(shape, item, labelOf(shape, item, index), unknown));
  });
  probe.unknown = [...unknown].sort();
  return probe;
}

/** GETs one object and checks it against `shape`. */
async function probeOne(api: ApiClient, title: string, path: string, shape: Shape, label: string): Promise<DoctorProbe> {
  const probe: DoctorProbe = { title, request: `GET ${path}`, count: 1, findings: [], unknown: [] };
  try {
    const reply = await api.get(path);
    if (!isRecord(reply))
      probe.findings.push({ severity: 'problem', subject: label, message: `is ${typeName(reply)}, not an object`, affects: [] });
    else {
      const unknown = new Set<string>();
      probe.findings.push(...checkObject(shape, reply, label, unknown));
      probe.unknown = [...unknown].sort();
    }
  } catch (error) {
    probe.findings.push({ severity: 'problem', subject: `GET ${path}`, message: (error as Error).message, affects: [] });
  }
  return probe;
}

/** The probes of one lite-style group: products, the first product's OS list, keypairs, VMs (list and first one), snapshots, disks. */
async function liteProbes(api: ApiClient, routes: LiteGroupRoutes, name: 'lite' | 'lite pro'): Promise<DoctorProbe[]> {
  const stem = name === 'lite' ? 'cloud_lite' : 'cloud_lite_pro';
  const probes: DoctorProbe[] = [];
  const products = await probeList(api, `${name} products`, routes.products, planShape(`${stem}_products`, `${name} product`));
  probes.push(products);
  const firstProduct = toInt(products.items[0]?.product_id);
  if (firstProduct !== null)
    probes.push(
      await probeList(
        api,
        `${name} OS list (product ${firstProduct})`,
        routes.oss(firstProduct),
        osShape(`${stem}_os_list`, `${name} OS image`),
      ),
    );
  probes.push(await probeList(api, `${name} keypairs`, routes.keypairs.collection, keypairShape(`${stem}_keypair`, `${name} keypair`)));
  const vmShape = vmAccountShape(`${stem}_vm`, name === 'lite' ? 'cloud_lite_vm_from_snapshot' : undefined, `${name} account`);
  const accounts = await probeList(api, `${name} accounts`, routes.accounts, vmShape);
  probes.push(accounts);
  const first = accounts.items.find((item) => pickFirst(item, wire.accountIdAlternatives) !== undefined);
  if (first) {
    const id = String(pickFirst(first, wire.accountIdAlternatives));
    if (/^\d+$/.test(id)) probes.push(await probeOne(api, `${name} account ${id}`, routes.account(id), vmShape, `${name} account ${id}`));
  }
  probes.push(await probeList(api, `${name} snapshots`, routes.snapshots.accounts, snapshotShape(`${stem}_snapshot`, `${name} snapshot`)));
  probes.push(await probeList(api, `${name} disks`, routes.disks.accounts, diskShape(`${stem}_disk`, `${name} disk`)));
  return probes;
}

/** The list probes of the bare-metal group, in order: title, list endpoint, the shape of an item. */
function baremetalLists(): Array<[title: string, path: string, shape: Shape]> {
  return [
    ['bare-metal products', baremetal.products, opaqueProductShape('cloud_baremetal_products', 'bare-metal product')],
    ['bare-metal keypairs', baremetal.keypairs.collection, keypairShape('cloud_baremetal_keypair', 'bare-metal keypair')],
    ['bare-metal servers', baremetal.accounts, baremetalShape],
    [
      'additional IP products',
      additionalIp.products,
      opaqueProductShape('cloud_baremetal_additional_ip_products', 'additional IP product'),
    ],
    ['additional IPs', additionalIp.collection, additionalIpShape],
    [
      'elastic storage products',
      elasticStorage.products,
      opaqueProductShape('cloud_baremetal_elastic_storage_products', 'elastic storage product'),
    ],
    ['elastic storages', elasticStorage.collection, elasticStorageShape],
  ];
}

/** Runs every probe, in a fixed order (lite, lite pro, bare metal). Only GETs. */
export async function runDoctor(api: ApiClient): Promise<DoctorProbe[]> {
  const probes = [...(await liteProbes(api, lite, 'lite')), ...(await liteProbes(api, litePro, 'lite pro'))];
  for (const [title, path, shape] of baremetalLists()) probes.push(await probeList(api, title, path, shape));
  return probes.map(({ title, request, count, findings, unknown }) => ({ title, request, count, findings, unknown }));
}

/** What `Engine.doctor` found: each probe, and where it looked. */
export interface DoctorResult {
  probes: DoctorProbe[];
  target: DoctorTarget;
}

/** Runs the probes over `connection` (see {@link runDoctor}); `token`: whether one is configured (never its value). */
export async function doctorOver(
  connection: { api: ApiClient; baseUrl: string; embedded: boolean },
  token: boolean,
): Promise<DoctorResult> {
  return { probes: await runDoctor(connection.api), target: { baseUrl: connection.baseUrl, embedded: connection.embedded, token } };
}
