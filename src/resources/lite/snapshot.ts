/**
 * `cloud_lite_snapshot` (and, through the same factory,
 * `cloud_lite_pro_snapshot`): a paid snapshot of one VM, billed as its own
 * account. Every input is create-only: any change recreates the snapshot.
 * Endpoints: docs/api/lite.md "Snapshots".
 */
import { snapshotPrice } from '../price.js';
import type { LiteGroupRoutes } from '../../api/routes.js';
import { parseId, pickFirst, toInt } from '../../api/parse.js';
import { waitUntilActive } from '../../api/poll.js';
import type { Attributes } from '../../core/types.js';
import type { Attribute, ResourceType } from '../attribute.js';
import {
  NAME_6_16, bodyOf, computed, cycleAttribute, memoised, payField, payWithCreditCard, promocodeAttribute, timeoutsAttribute,
} from '../common.js';
import { extraDetails, listLive, listMapped, orderResult, sameId, statusText } from './shared.js';
import { LITE_FAILURE_STATUSES } from './vm.js';

/** What differs between the lite and lite pro snapshot types. */
export interface LiteSnapshotGroup {
  type: string;
  token: string;
  aliases: string[];
  routes: LiteGroupRoutes;
  /** Human product name for descriptions: `lite` / `lite pro`. */
  product: string;
}

const replace = { kind: 'replace' as const };

/**
 * Maps a SnapshotAccount (`{account_id, status, extra_details: {name,
 * description, region}}`, plus `lite_account_id` when the API sends it) to
 * attributes. Values the API leaves out are left out (state keeps them).
 */
export function snapshotAttributes(item: Record<string, unknown>): Attributes {
  const extra = extraDetails(item);
  const id = parseId(pickFirst(item, ['account_id', 'id']), 'snapshot account_id');
  const attributes: Attributes = { id, status: statusText(item) };
  const name = pickFirst(extra, ['name']) ?? pickFirst(item, ['name']);
  if (typeof name === 'string') attributes.name = name;
  const description = pickFirst(extra, ['description']) ?? pickFirst(item, ['description']);
  if (typeof description === 'string') attributes.description = description;
  const vm = toInt(pickFirst(item, ['lite_account_id']) ?? pickFirst(extra, ['lite_account_id']));
  if (vm !== null) attributes.lite_account_id = vm;
  return attributes;
}

/** Builds the snapshot type of one lite-style group. */
export function liteSnapshotType(group: LiteSnapshotGroup): ResourceType {
  const { routes } = group;
  const snapshots = routes.snapshots;

  const attributes: Record<string, Attribute> = {
    id: computed('string', 'Account id of the snapshot, also its import id.'),
    lite_account_id: {
      type: 'int64', mode: 'required',
      description: `Account id of the ${group.product} VM to snapshot. A change recreates the snapshot.`,
      policy: replace,
    },
    cycle: cycleAttribute(replace),
    name: {
      type: 'string', mode: 'optional', default: 'snapshot-name',
      description: 'Snapshot name, 6 to 16 letters, digits, hyphens or periods. A change recreates the snapshot.',
      policy: replace,
      constraints: NAME_6_16,
    },
    description: {
      type: 'string', mode: 'optional', default: '',
      description: 'Free-text description of the snapshot. A change recreates the snapshot.',
      policy: replace,
    },
    pay_with_credit_card: {
      ...payWithCreditCard,
      description: 'Pay the snapshot order\'s invoice with the card on file; `false` leaves it unpaid and the snapshot `Pending`. A change recreates the snapshot.',
      policy: replace,
      writeOnly: true,
    },
    promocode: { ...promocodeAttribute(replace), description: 'Promotion code for the snapshot order. A change recreates the snapshot.' },
    status: computed('string', 'Account status of the snapshot as the API reports it, such as `Active` or `Pending`.'),
    order_id: computed('string', 'Invoice order id of the snapshot order.'),
    timeouts: timeoutsAttribute({ create: '20m', delete: '10m' }),
  };

  return {
    kind: 'resource',
    price: snapshotPrice(snapshots.products),
    type: group.type,
    token: group.token,
    aliases: group.aliases,
    description: `A paid snapshot of one ${group.product} VM, billed as its own account. Ordering it waits until it is \`Active\`; any change recreates it.`,
    attributes,
    operationOrder: [],
    paidOperations: [],
    paidCreate: true,
    timeouts: { create: 1200, delete: 600 },
    importId: 'numeric snapshot account id',
    parseImportId: (text) => parseId(text, 'snapshot account id'),

    /** POST {prefix}/accounts/{lite_account_id}/snapshot (paid) → BillingRef of the snapshot account. */
    async create(context, inputs) {
      const path = snapshots.create(String(inputs.lite_account_id));
      const body = { ...bodyOf(inputs, ['cycle', 'name', 'description', 'promocode']), ...payField(inputs) };
      return orderResult(await context.api.post(path, body, { paid: true, signal: context.signal }), `POST ${path}`);
    },

    /** Polls GET {prefix}/snapshots/accounts/{id} until `Active`. */
    async waitUntilReady(context, id) {
      await waitUntilActive(context, { path: snapshots.account(id), failureStatuses: LITE_FAILURE_STATUSES, what: `${group.product} snapshot ${id}` });
    },

    /**
     * Finds the snapshot in GET {prefix}/snapshots/accounts (listed once per
     * refresh, see `memoised`); absent or `Terminated` is gone.
     */
    async read(context, id) {
      for (const item of await memoised(context, `GET ${snapshots.accounts} live`, () => listLive(context, snapshots.accounts))) {
        if (sameId(pickFirst(item, ['account_id', 'id']), id)) return snapshotAttributes(item);
      }
      return null;
    },

    operations: {},

    /** DELETE {prefix}/snapshots/{id}; 404 counts as deleted. */
    async delete(context, id) {
      await context.api.delete(snapshots.delete(id), { notFoundAsNull: true, signal: context.signal });
    },

    /** GET {prefix}/snapshots/accounts: every snapshot that is not `Terminated`. */
    async list(context) {
      return listMapped(context, snapshots.accounts, snapshotAttributes);
    },
  };
}
