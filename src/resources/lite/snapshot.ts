/**
 * `cloud_lite_snapshot` (and, through the same factory,
 * `cloud_lite_pro_snapshot`): a paid snapshot of one VM, billed as its own
 * account. Every input is create-only: any change recreates the snapshot.
 * Endpoints: docs/api/lite.md "Snapshots".
 */
import { pickFirst, toInt } from '../../api/parse.js';
import type { Attributes } from '../../core/types.js';
import type { Attribute, ResourceType } from '../attribute.js';
import { NAME_6_16, computed, cycleAttribute, memoised, payWithCreditCard, promocodeAttribute } from '../attribute-blocks.js';
import { defineResource, numericImportId, paidOrder } from '../define.js';
import { snapshotPrice } from '../price.js';
import {
  UnknownListError,
  accountIdOf,
  deleteIgnoringNotFound,
  extraDetails,
  listLive,
  liveItems,
  readLiveAccount,
  sameId,
  statusOf,
  unknownRead,
} from '../account-replies.js';
import { waitLiteActive, type LiteGroup } from './group.js';

const replace = { kind: 'replace' as const };

/**
 * Maps a SnapshotAccount (`{account_id, status, extra_details: {name,
 * description, region}}`, plus `lite_account_id` when the API sends it) to
 * attributes. Values the API leaves out are left out (state keeps them).
 */
export function snapshotAttributes(item: Record<string, unknown>): Attributes {
  const extra = extraDetails(item);
  const attributes: Attributes = { id: accountIdOf(item, 'snapshot account_id'), status: statusOf(item) };
  const name = pickFirst(extra, ['name']) ?? pickFirst(item, ['name']);
  if (typeof name === 'string') attributes.name = name;
  const description = pickFirst(extra, ['description']) ?? pickFirst(item, ['description']);
  if (typeof description === 'string') attributes.description = description;
  const vm = toInt(pickFirst(item, ['lite_account_id']) ?? pickFirst(extra, ['lite_account_id']));
  if (vm !== null) attributes.lite_account_id = vm;
  return attributes;
}

/** Builds the snapshot type of one lite-style group. */
export function liteSnapshotType(group: LiteGroup): ResourceType {
  const snapshots = group.routes.snapshots;

  const attributes: Record<string, Attribute> = {
    id: computed('string', 'Account id of the snapshot, also its import id.'),
    lite_account_id: {
      type: 'int64',
      mode: 'required',
      references: { type: `${group.prefix}_vm`, attribute: 'id' },
      readBack: 'informational',
      readBackReason:
        "The snapshot account's link to its VM is unpublished (key and type vary); a change forces a replace (a new paid snapshot).",
      description: `Account id of the ${group.product} VM to snapshot. A change recreates the snapshot. Read back as information only (the contract's snapshot account does not carry it): a different reported value is shown, never a replace.`,
      policy: replace,
    },
    cycle: cycleAttribute(replace),
    name: {
      type: 'string',
      mode: 'optional',
      namesResource: true,
      default: 'snapshot-name',
      description: 'Snapshot name, 6 to 16 letters, digits, hyphens or periods. A change recreates the snapshot.',
      policy: replace,
      constraints: NAME_6_16,
    },
    description: {
      type: 'string',
      mode: 'optional',
      default: '',
      description: 'Free-text description of the snapshot. A change recreates the snapshot.',
      policy: replace,
    },
    pay_with_credit_card: {
      ...payWithCreditCard,
      description:
        "Pay the snapshot order's invoice with the card on file; `false` leaves it unpaid and the snapshot `Pending`. A change recreates the snapshot.",
      policy: replace,
      writeOnly: true,
    },
    promocode: { ...promocodeAttribute(replace), description: 'Promotion code for the snapshot order. A change recreates the snapshot.' },
    status: computed('string', 'Account status of the snapshot as the API reports it, such as `Active` or `Pending`.'),
    order_id: computed('string', 'Invoice order id of the snapshot order.'),
  };

  return defineResource({
    price: snapshotPrice(snapshots.products),
    type: `${group.prefix}_snapshot`,
    description: `A paid snapshot of one ${group.product} VM, billed as its own account. Ordering it waits until it is \`Active\`; any change recreates it.`,
    attributes,
    timeouts: { create: 1200, delete: 600 },
    ...numericImportId('snapshot account id'),

    /** POST {prefix}/accounts/{lite_account_id}/snapshot → BillingRef of the snapshot account. */
    create: paidOrder({
      path: (inputs) => snapshots.create(String(inputs.lite_account_id)),
      fields: ['cycle', 'name', 'description', 'promocode'],
    }),

    /** Polls GET {prefix}/snapshots/accounts/{id} until `Active`. */
    waitUntilReady: (context, id) => waitLiteActive(context, snapshots.account(id), `${group.product} snapshot ${id}`),

    /**
     * Finds the snapshot in GET {prefix}/snapshots/accounts (listed once per
     * refresh, see `memoised`); a snapshot absent from it is read with GET
     * {prefix}/snapshots/accounts/{id} (lists may lag behind a create), and
     * 404 or `Terminated` there is gone; a null list is unknown (the id
     * alone: the state is kept).
     */
    async read(context, id) {
      let items;
      try {
        items = await memoised(context, `GET ${snapshots.accounts} live`, () => liveItems(context, snapshots.accounts));
      } catch (error) {
        if (error instanceof UnknownListError) return unknownRead(id);
        throw error;
      }
      for (const item of items) {
        if (sameId(pickFirst(item, ['account_id', 'id']), id)) return snapshotAttributes(item);
      }
      // A list may lag behind a create: absence is confirmed by the snapshot's own GET (404 or `Terminated` is gone).
      const account = await readLiveAccount(context, snapshots.account(id));
      return account === null ? null : snapshotAttributes(account);
    },

    /** DELETE {prefix}/snapshots/{id}; 404 counts as deleted. */
    delete: (context, id) => deleteIgnoringNotFound(context, snapshots.delete(id)),

    /** GET {prefix}/snapshots/accounts: every snapshot that is not `Terminated`. */
    list: (context) => listLive(context, snapshots.accounts, snapshotAttributes),
  });
}
