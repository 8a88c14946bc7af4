/**
 * `cloud_lite_vm` (and, through the same factory, `cloud_lite_pro_vm`): orders
 * a KVM VPS, waits for `Active`, and manages name, keypair, package, storage,
 * power state, OS rebuild and (lite only) migration to lite pro in place.
 * Endpoints: docs/api/lite.md "VMs".
 */
import { wire } from '../../api/routes.js';
import { asRecord, rawJson, toInt } from '../../api/parse.js';
import type { Attributes, Value } from '../../core/types.js';
import type { Attribute, ResourceType } from '../attribute.js';
import {
  CONSOLE_PASSWORD,
  NAME_6_16,
  computed,
  cycleAttribute,
  payWithCreditCard,
  promocodeAttribute,
  rawAttribute,
} from '../attribute-blocks.js';
import { defineResource, numericImportId, paidOrder, requestOperation, type ResourceDeclaration } from '../define.js';
import { vmPrice } from '../price.js';
import {
  accountIdOf,
  accountListRead,
  deleteIgnoringNotFound,
  extraDetails,
  listLive,
  readLiveAccount,
  text,
  waitUntilActiveBy,
} from '../account-replies.js';
import { liteReadiness, type LiteGroup } from './group.js';

/** Power actions a lite VM accepts (`power_state`). */
export const LITE_POWER_STATES = ['start', 'stop', 'suspend', 'resume', 'shutdown'];

/**
 * Maps the hypervisor state of `vm-details` to a `power_state` value,
 * keeping the user's own word when it means the same thing (`resume` and
 * `start` both mean running). Resolves `undefined` when unknown.
 */
export function observedPowerState(hypervisorStatus: unknown, prior: Value | undefined): string | undefined {
  const status = typeof hypervisorStatus === 'string' ? hypervisorStatus.toLowerCase() : '';
  const keep = (...same: string[]) => (typeof prior === 'string' && same.includes(prior) ? prior : same[0]);
  if (status === 'running') return keep('start', 'resume');
  if (status === 'stopped' || status === 'shutdown') return keep('stop', 'shutdown');
  if (status === 'paused' || status === 'suspended') return 'suspend';
  return undefined;
}

/** Maps a lite-style Account object (and optional VmDetails) to attributes. */
export function accountAttributes(
  account: Record<string, unknown>,
  details: Record<string, unknown> | null,
  prior: Attributes | undefined,
): Attributes {
  const extra = extraDetails(account);
  const attributes: Attributes = {
    id: accountIdOf(account, 'account_id'),
    status: text(account.status),
    product_id: toInt(account.product_id),
    product_name: text(account.product_name),
    // The VM's own description lives in `extra_details`; the top-level
    // `description` is grouped with the product's fields (it may be the
    // product's text), so it is never taken for the VM's.
    description: text(extra.description),
    billingcycle: text(account.billingcycle),
    next_due: text(account.next_due),
    recurring_amount: toInt(account.recurring_amount),
    region: text(extra.region),
    region_label: text(extra.region_label),
    ciuser: text(extra.ciuser),
    cipassword: text(extra.cipassword),
    osname: text(extra.osname),
    last_invoice: (account.last_invoice && typeof account.last_invoice === 'object' ? account.last_invoice : null) as Value,
    raw: rawJson(account),
  };
  const keypairId = toInt(extra.sshkey_id);
  if (keypairId) attributes.keypair_id = keypairId;
  const diskSize = toInt(extra.disk_size);
  if (diskSize !== null) attributes.disk_size = diskSize;
  if (typeof extra.name === 'string' && extra.name !== '') attributes.vm_name = extra.name;
  // select_os is what was ordered; after a rebuild the installed OS differs on
  // purpose, so it is never read back (import suggests `osname` instead).
  // The user and the cycle cannot change, so the API's words for them fill an
  // import, and never override what cloudctl sent.
  if (prior?.ssh_and_console_user === undefined && typeof extra.ciuser === 'string' && extra.ciuser !== '')
    attributes.ssh_and_console_user = extra.ciuser;
  const cycle = CYCLE_CODES[String(account.billingcycle ?? '').toLowerCase()];
  if (prior?.cycle === undefined && cycle) attributes.cycle = cycle;
  if (details) Object.assign(attributes, vmDetailAttributes(details, prior));
  return attributes;
}

/** The attributes only `vm-details` carries: the usage figures and, when known, `power_state`. */
export const VM_DETAIL_ATTRIBUTES = ['uptime', 'maxdisk', 'maxmem', 'mem', 'cpus', 'power_state'];

/** Maps a VmDetails object to the attributes of {@link VM_DETAIL_ATTRIBUTES} (`power_state` only when known). */
export function vmDetailAttributes(details: Record<string, unknown>, prior: Attributes | undefined): Attributes {
  const attributes: Attributes = {};
  for (const key of ['uptime', 'maxdisk', 'maxmem', 'mem', 'cpus']) attributes[key] = toInt(details[key]);
  const power = observedPowerState(details.status, prior?.power_state);
  if (power !== undefined) attributes.power_state = power;
  return attributes;
}

/** The billing system's names of the cycle codes (`Monthly` is `m`). */
const CYCLE_CODES: Record<string, string> = {
  monthly: 'm',
  annually: 'a',
  quarterly: 'q',
  'semi-annually': 's',
  biennially: 'b',
  triennially: 't',
  p4: 'p4',
  p5: 'p5',
};

/** Why a create-only input cannot change: how to recreate the VM on purpose. */
const RECREATE = 'to recreate the VM on purpose run `cloudctl apply --replace ADDRESS`';

/** A create-only input's policy: a change is a plan error saying `way` out. */
const reject = (way: string) => ({ kind: 'reject' as const, hint: way });

/** The account id and the console credentials, create-only (the same in every lite-style group). */
const ACCESS_ATTRIBUTES: Record<string, Attribute> = {
  id: computed('string', 'Account id of the VM, also its import id.'),
  ssh_and_console_user: {
    type: 'string',
    mode: 'required',
    writeOnly: true,
    description: 'User for SSH and the console: 6 to 32 letters, digits, hyphens or periods. Create-only.',
    policy: reject(RECREATE),
    constraints: { minLength: 6, maxLength: 32, pattern: '^[A-Za-z0-9.-]+$', patternDescription: 'letters, digits, hyphens and periods' },
  },
  console_password: {
    type: 'string',
    mode: 'required',
    sensitive: true,
    writeOnly: true,
    description:
      'Console password: at least 8 letters and digits with an upper-case letter, a lower-case letter and a digit. Create-only; never read back.',
    policy: reject(RECREATE),
    constraints: CONSOLE_PASSWORD,
  },
};

/**
 * The inputs naming what `group` offers: a product of its catalogue, an
 * image of its OS list, a keypair of its pool.
 */
function catalogueAttributes(group: LiteGroup): Record<string, Attribute> {
  return {
    product_id: {
      type: 'int64',
      mode: 'required',
      description: `Product (package) from the ${group.product} products catalog. A change places a paid change-package order.`,
      policy: { kind: 'update', operation: 'change_package' },
    },
    select_os: {
      type: 'string',
      mode: 'required',
      writeOnly: true,
      description: `OS image name from the ${group.product} OS list. Create-only: change the OS with \`rebuild_os\`.`,
      importFrom: 'osname',
      policy: reject(`to install another OS set \`rebuild_os\`; ${RECREATE}`),
    },
    keypair_id: {
      type: 'int64',
      mode: 'required',
      keypairPool: group.pool,
      description: `Keypair from the ${group.product} pool. A change calls change-keypair.`,
      policy: { kind: 'update', operation: 'change_keypair' },
    },
  };
}

/** The VM's settings: cycle, name, description, payment, power, OS rebuild and disk size. */
const SETTING_ATTRIBUTES: Record<string, Attribute> = {
  cycle: cycleAttribute(reject(RECREATE)),
  vm_name: {
    type: 'string',
    mode: 'optional',
    namesResource: true,
    default: 'server-name',
    description: 'VM name, 6 to 16 letters, digits, hyphens or periods. Updated in place.',
    policy: { kind: 'update', operation: 'rename' },
    constraints: NAME_6_16,
  },
  description: {
    type: 'string',
    mode: 'optional',
    default: '',
    readBack: 'informational',
    readBackReason:
      "The contract groups the top-level `description` with the product's fields (it may be the product's text); the VM's own sits in `extra_details`, unpublished. Create-only (`reject`): a misread would fail every plan.",
    description:
      "Free-text description of the VM. Create-only. Read back as information only (from `extra_details.description`, never the top-level `description`, which the contract groups with the product's fields): a different reported value is shown, never a plan error.",
    policy: reject(RECREATE),
  },
  pay_with_credit_card: payWithCreditCard,
  promocode: promocodeAttribute(reject(RECREATE)),
  power_state: {
    type: 'string',
    mode: 'optional',
    description: `Desired power state: ${LITE_POWER_STATES.map((state) => `\`${state}\``).join(', ')}. The API is called only when it differs from the observed state.`,
    policy: { kind: 'desired', operation: 'power' },
    constraints: { enum: LITE_POWER_STATES },
  },
  rebuild_os: {
    type: 'string',
    mode: 'optional',
    writeOnly: true,
    description: 'One-shot destructive OS reinstall with this image; a changed value fires it again, removing it does nothing.',
    policy: { kind: 'trigger', operation: 'rebuild' },
  },
  disk_size: {
    type: 'int64',
    mode: 'optional',
    unit: 'GB',
    description: 'Absolute disk size target in GB; grow-only. An increase places a paid storage upgrade.',
    policy: { kind: 'grow', operation: 'storage_upgrade' },
    constraints: { minimum: 1 },
  },
};

/** What the API reports about the VM (its account, hypervisor figures and billing), never set. */
const REPORTED_ATTRIBUTES: Record<string, Attribute> = {
  status: computed('string', 'Account status: `Active`, `Pending`, `Suspended` or `Terminated`.'),
  order_id: computed('string', 'Invoice order id of the create order.'),
  uptime: computed('int64', 'Time since the VM last started, in seconds.', { unit: 'seconds' }),
  maxdisk: computed('int64', 'Disk capacity as the hypervisor reports it, in bytes.', { unit: 'bytes' }),
  maxmem: computed('int64', 'Memory capacity as the hypervisor reports it, in bytes.', { unit: 'bytes' }),
  mem: computed('int64', 'Memory in use as the hypervisor reports it, in bytes.', { unit: 'bytes' }),
  cpus: computed('int64', 'Number of vCPUs of the VM.'),
  ciuser: computed('string', 'Cloud-init user the VM was provisioned with.'),
  cipassword: computed('string', 'Cloud-init password the VM was provisioned with.', { sensitive: true }),
  osname: computed('string', 'Name of the installed OS image.'),
  region: computed('string', 'Code of the region the VM runs in.'),
  region_label: computed('string', 'Human name of the region the VM runs in.'),
  next_due: computed('string', 'Next billing date (`YYYY-MM-DD`).'),
  recurring_amount: computed('int64', 'Amount billed every cycle, in the account currency.'),
  billingcycle: computed('string', 'Billing cycle as the billing system names it.'),
  product_name: computed('string', 'Name of the product the VM is on.'),
  last_invoice: computed('block', 'Last invoice: `id`, `paid_id`, `status`, `date`, `duedate`, `paybefore`, `datepaid`, `invoice_type`.'),
  raw: rawAttribute,
};

/** `migrate_to_pro`, of the lite group only: a one-shot paid migration whose VM becomes a `cloud_lite_pro_vm`. */
const MIGRATE_TO_PRO: Attribute = {
  type: 'string',
  mode: 'optional',
  writeOnly: true,
  description: 'One-shot paid migration to lite pro; the value is the lite pro `product_id`.',
  policy: {
    kind: 'trigger',
    operation: 'migrate_to_pro',
    becomes: 'cloud_lite_pro_vm',
    // The lite pro account the VM became: the same id, else the target product and the VM's name.
    becomesFound: { valueAs: 'product_id', same: ['vm_name'] },
  },
  constraints: { pattern: '^[0-9]+$', patternDescription: 'a lite pro product id' },
};

/** The attribute table of `group`'s VM type, in the order the docs list it. */
function liteVmAttributes(group: LiteGroup): Record<string, Attribute> {
  return {
    ...ACCESS_ATTRIBUTES,
    ...catalogueAttributes(group),
    ...SETTING_ATTRIBUTES,
    ...REPORTED_ATTRIBUTES,
    ...(group.migrateToPro ? { migrate_to_pro: MIGRATE_TO_PRO } : {}),
  };
}

/** The VM's in-place operations, in the order they run when several are planned (each named by an attribute's policy). */
function liteVmOperations(group: LiteGroup): ResourceDeclaration['operations'] {
  const { routes } = group;
  return {
    /** PUT .../change-vm-name {name} */
    rename: requestOperation({ paid: false, method: 'put', path: routes.rename, body: (value) => ({ name: value }), wait: false }),
    /** PUT .../keypair {keypair_id} */
    change_keypair: requestOperation({
      paid: false,
      method: 'put',
      path: routes.keypair,
      body: (value) => ({ keypair_id: value }),
      wait: false,
    }),
    /** POST .../change-package {new_product_id, pay_invoice_with_cc} */
    change_package: requestOperation({
      paid: true,
      method: 'post',
      path: routes.changePackage,
      body: (value) => ({ [wire.newProductId]: value }),
      wait: true,
    }),
    /** PUT .../storage {disk_size: new total GB, pay_invoice_with_cc} */
    storage_upgrade: requestOperation({
      paid: true,
      method: 'put',
      path: routes.storage,
      body: (value) => ({ disk_size: value }),
      wait: true,
    }),
    /** PUT .../vm-state/{state} */
    power: requestOperation({ paid: false, method: 'put', path: (id, value) => routes.vmState(id, String(value)), wait: false }),
    /** PUT .../rebuild {select_os} */
    rebuild: requestOperation({ paid: false, method: 'put', path: routes.rebuild, body: (value) => ({ select_os: value }), wait: true }),
    ...(group.migrateToPro
      ? {
          /** POST /lites/accounts/{id}/migrate-to-pro {litepro_product_id, pay_invoice_with_cc} */
          migrate_to_pro: requestOperation({
            paid: true,
            method: 'post',
            path: routes.migrateToPro,
            body: (value) => ({ [wire.liteProProductId]: Number(value) }),
            wait: true,
          }),
        }
      : {}),
  };
}

/** Builds the VM type of one lite-style group. */
export function liteVmType(group: LiteGroup): ResourceType {
  const { routes } = group;
  const readiness = liteReadiness(routes.account, (id) => `${group.product} VM ${id}`);
  return defineResource({
    price: vmPrice(routes.products),
    type: `${group.prefix}_vm`,
    description: `A ${group.product} KVM VPS. Ordering it places a paid order and waits until it is \`Active\`.`,
    attributes: liteVmAttributes(group),
    timeouts: { create: 1200, update: 1200, delete: 600 },
    ...numericImportId('account id'),

    /** POST {prefix} → BillingRef. */
    create: paidOrder({
      path: () => routes.create,
      fields: [
        'product_id',
        'cycle',
        'select_os',
        'keypair_id',
        'vm_name',
        'description',
        'ssh_and_console_user',
        'console_password',
        'promocode',
      ],
    }),

    /** Polls GET {prefix}/accounts/{id} until `Active`. */
    waitUntilReady: waitUntilActiveBy(readiness),

    /** GET {prefix}/accounts/{id} (404 or `Terminated` is gone) and, best-effort, .../vm-details. */
    async read(context, id, prior) {
      const account = await readLiveAccount(context, routes.account(id));
      if (account === null) return null;
      let details: Record<string, unknown> | null = null;
      try {
        details = asRecord(await context.api.get(routes.vmDetails(id), { signal: context.signal }), 'vm-details');
      } catch {
        details = null; // provisioning or down: keep the old values
      }
      return accountAttributes(account, details, prior);
    },

    operations: liteVmOperations(group),

    /** DELETE {prefix}/{id}; 404 counts as deleted. */
    delete: (context, id) => deleteIgnoringNotFound(context, routes.deleteVm(id)),

    /** GET {prefix}/accounts: every VM that is not `Terminated`, mapped like `read` (without vm-details). */
    list: (context) => listLive(context, routes.accounts, (account) => accountAttributes(account, null, undefined)),

    /**
     * Refresh: GET {prefix}/accounts once, GET {prefix}/accounts/{id} to
     * confirm one the list lacks, and GET .../vm-details (best-effort) only
     * for a VM whose plan needs one of its attributes (`power_state` set,
     * or a usage figure referenced).
     */
    refreshByList: accountListRead({
      list: routes.accounts,
      one: routes.account,
      attributes: (account, _id, prior) => accountAttributes(account, null, prior),
      detailAttributes: VM_DETAIL_ATTRIBUTES,
      readiness,
      async detail(context, id, prior) {
        try {
          return vmDetailAttributes(asRecord(await context.api.get(routes.vmDetails(id), { signal: context.signal }), 'vm-details'), prior);
        } catch {
          return {}; // provisioning or down: keep the old values
        }
      },
    }),
  });
}
