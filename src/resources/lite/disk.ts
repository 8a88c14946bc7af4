/**
 * `cloud_lite_disk` (and, through the same factory, `cloud_lite_pro_disk`):
 * an extra disk attached to one VM, billed as its own account. `size` is
 * grow-only and an upgrade sends the increment (`additional_size`), not the
 * absolute size; every other input recreates the disk.
 * Endpoints: docs/api/lite.md "Disks".
 */
import { perGbPrice } from '../price.js';
import type { LiteGroupRoutes } from '../../api/routes.js';
import { asRecord, parseId, pickFirst, rawJson, toInt } from '../../api/parse.js';
import { waitUntilActive } from '../../api/poll.js';
import type { Attributes, Value } from '../../core/types.js';
import type { Attribute, OperationContext, ResourceType } from '../attribute.js';
import {
  NAME_6_16, bodyOf, computed, cycleAttribute, payField, payWithCreditCard, promocodeAttribute, rawAttribute, timeoutsAttribute,
} from '../common.js';
import { isTerminated, listMapped, orderResult, statusText } from './shared.js';
import { LITE_FAILURE_STATUSES } from './vm.js';

/** What differs between the lite and lite pro disk types. */
export interface LiteDiskGroup {
  type: string;
  token: string;
  aliases: string[];
  routes: LiteGroupRoutes;
  /** Human product name for descriptions: `lite` / `lite pro`. */
  product: string;
  /** The disk products data source that feeds `product_id`, e.g. `cloud_lite_disk_products`. */
  productsDataSource: string;
  /** Default and minimum size in GB (60 lite, 30 lite pro). */
  minimumSize: number;
}

const replace = { kind: 'replace' as const };

/**
 * Maps a disk account (`status`/`state`, name under `service_name`/`name`/
 * `label`, size under `size`/`disk_size` as a number or numeric string) to
 * attributes. Values the API leaves out are left out (state keeps them).
 */
export function diskAttributes(disk: Record<string, unknown>): Attributes {
  const id = parseId(pickFirst(disk, ['account_id', 'id']), 'disk account_id');
  const attributes: Attributes = { id, status: statusText(disk), raw: rawJson(disk) };
  const size = toInt(pickFirst(disk, ['size', 'disk_size']));
  if (size !== null) attributes.size = size;
  const name = pickFirst(disk, ['service_name', 'name', 'label']);
  if (typeof name === 'string') attributes.service_name = name;
  const productId = toInt(disk.product_id);
  if (productId !== null) attributes.product_id = productId;
  const vm = toInt(disk.lite_account_id);
  if (vm !== null) attributes.lite_account_id = vm;
  return attributes;
}

/** Builds the disk type of one lite-style group. */
export function liteDiskType(group: LiteDiskGroup): ResourceType {
  const { routes } = group;
  const disks = routes.disks;
  const recreates = 'A change recreates the disk.';

  const attributes: Record<string, Attribute> = {
    id: computed('string', 'Account id of the disk, also its import id.'),
    product_id: {
      type: 'int64', mode: 'required',
      description: `Disk product from GET ${disks.products} (the \`${group.productsDataSource}\` data source). ${recreates}`,
      policy: replace,
    },
    cycle: cycleAttribute(replace),
    lite_account_id: {
      type: 'int64', mode: 'required',
      description: `Account id of the ${group.product} VM the disk is attached to. ${recreates}`,
      policy: replace,
    },
    service_name: {
      type: 'string', mode: 'optional', default: 'service-name',
      description: `Disk name, 6 to 16 letters, digits, hyphens or periods. ${recreates}`,
      policy: replace,
      constraints: NAME_6_16,
    },
    size: {
      type: 'int64', mode: 'optional', default: group.minimumSize, unit: 'GB',
      description: `Disk size in GB, at least ${group.minimumSize}; grow-only. An increase places a paid upgrade order for the difference.`,
      policy: { kind: 'grow', operation: 'upgrade_size' },
      constraints: { minimum: group.minimumSize },
    },
    promocode: { ...promocodeAttribute(replace), description: `Promotion code for the disk order. ${recreates}` },
    pay_with_credit_card: payWithCreditCard,
    status: computed('string', 'Account status of the disk as the API reports it, such as `Active` or `Pending`.'),
    order_id: computed('string', 'Invoice order id of the disk order.'),
    raw: rawAttribute,
    timeouts: timeoutsAttribute({ create: '20m', update: '20m', delete: '10m' }),
  };

  const wait = async (context: OperationContext, id: string): Promise<void> => {
    await waitUntilActive(context, { path: disks.account(id), failureStatuses: LITE_FAILURE_STATUSES, what: `${group.product} disk ${id}` });
  };

  /** GET {prefix}/disks/accounts/{id}: the disk object, or `null` when 404 or `Terminated`. */
  const fetch = async (context: OperationContext, id: string): Promise<Record<string, unknown> | null> => {
    const body = await context.api.get(disks.account(id), { notFoundAsNull: true, signal: context.signal });
    if (body === null) return null;
    const disk = asRecord(body, `GET ${disks.account(id)}`);
    return isTerminated(disk) ? null : disk;
  };

  return {
    kind: 'resource',
    price: perGbPrice(disks.products, 'size', group.minimumSize),
    type: group.type,
    token: group.token,
    aliases: group.aliases,
    description: `An extra disk attached to one ${group.product} VM, billed as its own account. Ordering it waits until it is \`Active\`; \`size\` grows in place, other changes recreate it.`,
    attributes,
    operationOrder: ['upgrade_size'],
    paidOperations: ['upgrade_size'],
    paidCreate: true,
    timeouts: { create: 1200, update: 1200, delete: 600 },
    importId: 'numeric disk account id',
    parseImportId: (text) => parseId(text, 'disk account id'),

    /** POST {prefix}/disks (paid); id from `account_id` (else `id`), `order_id` (else `orderid`). */
    async create(context, inputs) {
      const body: Record<string, Value> = {
        ...bodyOf(inputs, ['product_id', 'cycle', 'lite_account_id', 'service_name', 'size', 'promocode']),
        ...payField(inputs),
      };
      if (body.size === 0) delete body.size;
      return orderResult(await context.api.post(disks.create, body, { paid: true, signal: context.signal }), `POST ${disks.create}`);
    },

    /** Polls GET {prefix}/disks/accounts/{id} until `Active`. */
    waitUntilReady: wait,

    /** GET {prefix}/disks/accounts/{id}; 404 or `Terminated` is gone. */
    async read(context, id) {
      const disk = await fetch(context, id);
      return disk === null ? null : diskAttributes(disk);
    },

    operations: {
      /**
       * PUT {prefix}/disks/accounts/{id} `{additional_size: new - old, pay_invoice_with_cc}`
       * (paid). An equal size sends nothing; when the old size is unknown it
       * is read from the API first.
       */
      upgrade_size: async (context, id, { value, before, inputs }) => {
        const target = toInt(value);
        if (target === null) throw new Error(`${group.type} ${id}: size must be a whole number of GB`);
        let current = toInt(before);
        if (current === null) {
          const disk = await fetch(context, id);
          current = disk === null ? null : toInt(pickFirst(disk, ['size', 'disk_size']));
          if (current === null) throw new Error(`${group.type} ${id}: the current size is unknown, so the increment cannot be computed`);
        }
        const additional = target - current;
        if (additional < 0) throw new Error(`${group.type} ${id}: size can only grow (from ${current} GB to ${target} GB requested)`);
        if (additional === 0) return { wait: false };
        await context.api.put(disks.account(id), { additional_size: additional, ...payField(inputs) }, { paid: true, signal: context.signal });
        return { wait: true };
      },
    },

    /** DELETE {prefix}/disks/{id}; 404 counts as deleted. */
    async delete(context, id) {
      await context.api.delete(disks.delete(id), { notFoundAsNull: true, signal: context.signal });
    },

    /** GET {prefix}/disks/accounts: every disk that is not `Terminated`. */
    async list(context) {
      return listMapped(context, disks.accounts, diskAttributes);
    },
  };
}
