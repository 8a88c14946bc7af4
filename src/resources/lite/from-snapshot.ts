/**
 * `cloud_lite_vm_from_snapshot`: restores a lite snapshot into a new lite VM
 * (a new paid account). Every input is create-only and recreates the VM.
 * The result is an ordinary lite VM: it is read through the lite account and
 * deleted with `DELETE /lites/{id}`; the snapshot is never touched.
 * Endpoints: docs/api/lite.md ("VM from snapshot", "VMs").
 */
import { vmPrice } from '../price.js';
import type { LiteGroupRoutes } from '../../api/routes.js';
import { asRecord, parseId, pickFirst, toInt } from '../../api/parse.js';
import { waitUntilActive } from '../../api/poll.js';
import type { Attributes } from '../../core/types.js';
import type { Attribute, KeypairPool, ResourceType } from '../attribute.js';
import {
  CONSOLE_PASSWORD, NAME_6_16, bodyOf, computed, cycleAttribute, payField, payWithCreditCard, promocodeAttribute, timeoutsAttribute,
} from '../common.js';
import { extraDetails, isTerminated, listMapped, orderResult, statusText } from './shared.js';
import { LITE_FAILURE_STATUSES } from './vm.js';

/** Naming and routes of the VM-from-snapshot type (lite only, docs/spec-notes.md "Resource types"). */
export interface VmFromSnapshotGroup {
  type: string;
  token: string;
  aliases: string[];
  routes: LiteGroupRoutes;
  /** The keypair pool of the new VM. */
  pool: KeypairPool;
  /** Human product name for descriptions: `lite`. */
  product: string;
}

const replace = { kind: 'replace' as const };

/**
 * Maps the restored VM's Account to attributes: `status`, `product_id`,
 * `keypair_id` (from `extra_details.sshkey_id` when non-zero), `name` (from
 * `extra_details.name` when non-empty) and `description`.
 */
export function restoredVmAttributes(account: Record<string, unknown>): Attributes {
  const extra = extraDetails(account);
  const id = parseId(pickFirst(account, ['account_id', 'id']), 'account_id');
  const attributes: Attributes = { id, status: statusText(account) };
  const productId = toInt(account.product_id);
  if (productId !== null) attributes.product_id = productId;
  const keypairId = toInt(extra.sshkey_id);
  if (keypairId) attributes.keypair_id = keypairId;
  if (typeof extra.name === 'string' && extra.name !== '') attributes.name = extra.name;
  const description = account.description ?? extra.description;
  if (typeof description === 'string') attributes.description = description;
  return attributes;
}

/** Builds the VM-from-snapshot type. */
export function vmFromSnapshotType(group: VmFromSnapshotGroup): ResourceType {
  const { routes } = group;
  const recreates = 'A change recreates the VM.';

  const attributes: Record<string, Attribute> = {
    id: computed('string', 'Account id of the restored VM, also its import id.'),
    snapshot_id: {
      type: 'int64', mode: 'required', writeOnly: true,
      description: `Account id of the ${group.product} snapshot to restore from. ${recreates} The snapshot itself is never deleted.`,
      policy: replace,
    },
    product_id: {
      type: 'int64', mode: 'required',
      description: `Product (package) of the new VM from the ${group.product} products catalog. ${recreates}`,
      policy: replace,
    },
    cycle: cycleAttribute(replace),
    keypair_id: {
      type: 'int64', mode: 'required', keypairPool: group.pool,
      description: `Keypair of the new VM, from the ${group.product} pool. ${recreates}`,
      policy: replace,
    },
    name: {
      type: 'string', mode: 'required',
      description: `Name of the new VM, 6 to 16 letters, digits, hyphens or periods. ${recreates}`,
      policy: replace,
      constraints: NAME_6_16,
    },
    ssh_and_console_user: {
      type: 'string', mode: 'required', writeOnly: true,
      description: `User for SSH and the console: 6 to 32 letters, digits, hyphens or periods. ${recreates}`,
      policy: replace,
      constraints: { minLength: 6, maxLength: 32, pattern: '^[A-Za-z0-9.-]+$', patternDescription: 'letters, digits, hyphens and periods' },
    },
    console_password: {
      type: 'string', mode: 'required', sensitive: true, writeOnly: true,
      description: `Console password: at least 8 letters and digits with an upper-case letter, a lower-case letter and a digit; never read back. ${recreates}`,
      policy: replace,
      constraints: CONSOLE_PASSWORD,
    },
    description: {
      type: 'string', mode: 'optional', default: '',
      description: `Free-text description of the new VM. ${recreates}`,
      policy: replace,
    },
    promocode: { ...promocodeAttribute(replace), description: `Promotion code for the restore order. ${recreates}` },
    pay_with_credit_card: {
      ...payWithCreditCard,
      description: `Pay the restore order's invoice with the card on file; \`false\` leaves it unpaid and the VM \`Pending\`. ${recreates}`,
      policy: replace,
      writeOnly: true,
    },
    status: computed('string', 'Account status of the restored VM: `Active`, `Pending`, `Suspended` or `Terminated`.'),
    order_id: computed('string', 'Invoice order id of the restore order.'),
    timeouts: timeoutsAttribute({ create: '20m', delete: '10m' }),
  };

  return {
    kind: 'resource',
    price: vmPrice(routes.products),
    type: group.type,
    token: group.token,
    aliases: group.aliases,
    description: `A new ${group.product} VM restored from a snapshot (a paid order). Ordering it waits until it is \`Active\`; any change recreates it. Deleting it deletes the new VM only, never the snapshot.`,
    attributes,
    operationOrder: [],
    paidOperations: [],
    paidCreate: true,
    timeouts: { create: 1200, delete: 600 },
    importId: 'numeric account id of the restored VM',
    parseImportId: (text) => parseId(text, 'account id'),

    /** POST {prefix}/snapshots/accounts/{snapshot_id}/create (paid; the VM name key is `name`) → BillingRef of the new VM. */
    async create(context, inputs) {
      const path = routes.snapshots.createVm(String(inputs.snapshot_id));
      const body = {
        ...bodyOf(inputs, ['product_id', 'cycle', 'keypair_id', 'name', 'description', 'ssh_and_console_user', 'console_password', 'promocode']),
        ...payField(inputs),
      };
      return orderResult(await context.api.post(path, body, { paid: true, signal: context.signal }), `POST ${path}`);
    },

    /** Polls GET {prefix}/accounts/{id} until `Active`. */
    async waitUntilReady(context, id) {
      await waitUntilActive(context, { path: routes.account(id), failureStatuses: LITE_FAILURE_STATUSES, what: `${group.product} VM ${id} (from snapshot)` });
    },

    /** GET {prefix}/accounts/{id}; 404 or `Terminated` is gone. */
    async read(context, id) {
      const body = await context.api.get(routes.account(id), { notFoundAsNull: true, signal: context.signal });
      if (body === null) return null;
      const account = asRecord(body, `GET ${routes.account(id)}`);
      return isTerminated(account) ? null : restoredVmAttributes(account);
    },

    operations: {},

    /** DELETE {prefix}/{id} (the restored VM only, never the snapshot); 404 counts as deleted. */
    async delete(context, id) {
      await context.api.delete(routes.deleteVm(id), { notFoundAsNull: true, signal: context.signal });
    },

    /**
     * GET {prefix}/accounts: every VM account that is not `Terminated`. The
     * API does not say which snapshot a VM came from, so every live VM of
     * the group is listed (without `snapshot_id`).
     */
    async list(context) {
      return listMapped(context, routes.accounts, restoredVmAttributes);
    },
  };
}
