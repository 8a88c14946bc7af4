/**
 * `cloud_lite_vm_from_snapshot`: restores a lite snapshot into a new lite VM
 * (a new paid account). Every input is create-only and recreates the VM.
 * The result is an ordinary lite VM: it is read through the lite account and
 * deleted with `DELETE /lites/{id}`; the snapshot is never touched.
 * Endpoints: docs/api/lite.md ("VM from snapshot", "VMs").
 */
import type { Attributes } from '../../core/types.js';
import type { Attribute, ResourceType } from '../attribute.js';
import { CONSOLE_PASSWORD, NAME_6_16, computed, cycleAttribute, payWithCreditCard, promocodeAttribute } from '../attribute-blocks.js';
import { defineResource, numericImportId, paidOrder } from '../define.js';
import { vmPrice } from '../price.js';
import { toInt } from '../../api/parse.js';
import {
  accountIdOf,
  accountListRead,
  deleteIgnoringNotFound,
  extraDetails,
  listLive,
  readLiveAccount,
  statusOf,
} from '../account-replies.js';
import { waitLiteActive, type LiteGroup } from './group.js';

const replace = { kind: 'replace' as const };

/**
 * Maps the restored VM's Account to attributes: `id` and `status` only. The
 * contract reads a restored VM for its status alone; `product_id`,
 * `keypair_id`, `name` and `description` (each of which forces a replace)
 * are never read back (`readBack: 'never'`), so a reply that words them
 * otherwise cannot plan a destroy and a new paid restore.
 */
export function restoredVmAttributes(account: Record<string, unknown>): Attributes {
  return { id: accountIdOf(account, 'account_id'), status: statusOf(account) };
}

/**
 * A restored VM as its group's account list shows it, for reconciling a
 * restore order: `id` and `status`, plus what the list reports of
 * `product_id`, `keypair_id` (`extra_details.sshkey_id`, non-zero) and `name`
 * (`extra_details.name`, non-empty). These are evidence that tells
 * candidates apart, never read into state (`readBack: 'never'`).
 */
export function restoredVmListing(account: Record<string, unknown>): Attributes {
  const extra = extraDetails(account);
  const attributes = restoredVmAttributes(account);
  const productId = toInt(account.product_id);
  if (productId) attributes.product_id = productId;
  const keypairId = toInt(extra.sshkey_id);
  if (keypairId) attributes.keypair_id = keypairId;
  if (typeof extra.name === 'string' && extra.name !== '') attributes.name = extra.name;
  return attributes;
}

/** Builds the VM-from-snapshot type. */
export function vmFromSnapshotType(group: LiteGroup): ResourceType {
  const { routes } = group;
  const recreates = 'A change recreates the VM.';

  const attributes: Record<string, Attribute> = {
    id: computed('string', 'Account id of the restored VM, also its import id.'),
    snapshot_id: {
      type: 'int64',
      mode: 'required',
      references: { type: `${group.prefix}_snapshot`, attribute: 'id' },
      writeOnly: true,
      description: `Account id of the ${group.product} snapshot to restore from. ${recreates} The snapshot itself is never deleted.`,
      policy: replace,
    },
    product_id: {
      type: 'int64',
      mode: 'required',
      readBack: 'never',
      readBackReason:
        "The contract and both reference providers read a restored VM's status only; the restored account may report another product, and a change forces a replace (a new paid restore every plan).",
      description: `Product (package) of the new VM from the ${group.product} products catalog. ${recreates} Never read back (the contract reads a restored VM's status only).`,
      policy: replace,
    },
    cycle: cycleAttribute(replace),
    keypair_id: {
      type: 'int64',
      mode: 'required',
      keypairPool: group.pool,
      readBack: 'never',
      readBackReason:
        'Not read by the contract or either reference provider after a restore; a reported difference would force a replace (a new paid restore).',
      description: `Keypair of the new VM, from the ${group.product} pool. ${recreates} Never read back.`,
      policy: replace,
    },
    name: {
      type: 'string',
      mode: 'required',
      namesResource: true,
      readBack: 'never',
      readBackReason:
        "Not read by the contract or either reference provider after a restore (the account may report the snapshot's or an empty name); a change forces a replace.",
      description: `Name of the new VM, 6 to 16 letters, digits, hyphens or periods. ${recreates} Never read back.`,
      policy: replace,
      constraints: NAME_6_16,
    },
    ssh_and_console_user: {
      type: 'string',
      mode: 'required',
      writeOnly: true,
      description: `User for SSH and the console: 6 to 32 letters, digits, hyphens or periods. ${recreates}`,
      policy: replace,
      constraints: { minLength: 6, maxLength: 32, pattern: '^[A-Za-z0-9.-]+$', patternDescription: 'letters, digits, hyphens and periods' },
    },
    console_password: {
      type: 'string',
      mode: 'required',
      sensitive: true,
      writeOnly: true,
      description: `Console password: at least 8 letters and digits with an upper-case letter, a lower-case letter and a digit; never read back. ${recreates}`,
      policy: replace,
      constraints: CONSOLE_PASSWORD,
    },
    description: {
      type: 'string',
      mode: 'optional',
      default: '',
      readBack: 'never',
      readBackReason: 'Not read by the contract or either reference provider after a restore; a change forces a replace.',
      description: `Free-text description of the new VM. ${recreates} Never read back.`,
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
  };

  return defineResource({
    price: vmPrice(routes.products),
    type: `${group.prefix}_vm_from_snapshot`,
    description: `A new ${group.product} VM restored from a snapshot (a paid order). Ordering it waits until it is \`Active\`; any change recreates it. Deleting it deletes the new VM only, never the snapshot.`,
    attributes,
    timeouts: { create: 1200, delete: 600 },
    ...numericImportId('account id', 'numeric account id of the restored VM'),

    /** POST {prefix}/snapshots/accounts/{snapshot_id}/create (the VM name key is `name`) → BillingRef of the new VM. */
    create: paidOrder({
      path: (inputs) => routes.snapshots.createVm(String(inputs.snapshot_id)),
      fields: ['product_id', 'cycle', 'keypair_id', 'name', 'description', 'ssh_and_console_user', 'console_password', 'promocode'],
    }),

    /** Polls GET {prefix}/accounts/{id} until `Active`. */
    waitUntilReady: (context, id) => waitLiteActive(context, routes.account(id), `${group.product} VM ${id} (from snapshot)`),

    /** GET {prefix}/accounts/{id}; 404 or `Terminated` is gone. */
    async read(context, id) {
      const account = await readLiveAccount(context, routes.account(id));
      return account === null ? null : restoredVmAttributes(account);
    },

    /** DELETE {prefix}/{id} (the restored VM only, never the snapshot); 404 counts as deleted. */
    delete: (context, id) => deleteIgnoringNotFound(context, routes.deleteVm(id)),

    /**
     * GET {prefix}/accounts: every VM account that is not `Terminated`. The
     * API does not say which snapshot a VM came from, so every live VM of
     * the group is listed (without `snapshot_id`), mapped by `restoredVmListing`.
     */
    list: (context) => listLive(context, routes.accounts, restoredVmListing),

    /** Refresh: GET {prefix}/accounts once (shared with the group's VMs); GET {prefix}/accounts/{id} to confirm one the list lacks. */
    refreshByList: accountListRead({ list: routes.accounts, one: routes.account, attributes: (account) => restoredVmAttributes(account) }),
  });
}
