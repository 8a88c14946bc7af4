/**
 * `cloud_lite_disk` (and, through the same factory, `cloud_lite_pro_disk`):
 * an extra disk attached to one VM, billed as its own account. `size` is
 * grow-only and an upgrade sends the increment (`additional_size`), not the
 * absolute size; every other input recreates the disk.
 * Endpoints: docs/api/lite.md "Disks".
 */
import { pickFirst, rawJson, toInt } from '../../api/parse.js';
import type { Attributes } from '../../core/types.js';
import type { Attribute, ResourceType } from '../attribute.js';
import { NAME_6_16, computed, cycleAttribute, payField, payWithCreditCard, promocodeAttribute, rawAttribute } from '../attribute-blocks.js';
import { defineResource, numericImportId, paidOrder } from '../define.js';
import { perGbPrice } from '../price.js';
import {
  accountIdOf,
  accountListRead,
  deleteIgnoringNotFound,
  listLive,
  readLiveAccount,
  statusOf,
  waitUntilActiveBy,
} from '../account-replies.js';
import { liteReadiness, type LiteGroup } from './group.js';
import { cycleCode } from '../adoption.js';

const replace = { kind: 'replace' as const };

/**
 * Maps a disk account (`status`/`state`, name under `service_name`/`name`/
 * `label`, size under `size`/`disk_size` as a number or numeric string) to
 * attributes. Values the API leaves out are left out (state keeps them).
 */
export function diskAttributes(disk: Record<string, unknown>): Attributes {
  const attributes: Attributes = { id: accountIdOf(disk, 'disk account_id'), status: statusOf(disk), raw: rawJson(disk) };
  const size = toInt(pickFirst(disk, ['size', 'disk_size']));
  if (size !== null) attributes.size = size;
  const name = pickFirst(disk, ['service_name', 'name', 'label']);
  if (typeof name === 'string') attributes.service_name = name;
  const productId = toInt(disk.product_id);
  if (productId !== null) attributes.product_id = productId;
  const vm = toInt(disk.lite_account_id);
  if (vm !== null) attributes.lite_account_id = vm;
  // The create-only cycle, in the billing system's words: taken by an import only (refresh keeps what was sent).
  const cycle = cycleCode(disk.billingcycle);
  if (cycle !== undefined) attributes.cycle = cycle;
  return attributes;
}

/** Builds the disk type of one lite-style group. */
export function liteDiskType(group: LiteGroup): ResourceType {
  const disks = group.routes.disks;
  const minimumSize = group.diskMinimumSize;
  const type = `${group.prefix}_disk`;
  const recreates = 'A change recreates the disk.';

  const attributes: Record<string, Attribute> = {
    id: computed('string', 'Account id of the disk, also its import id.'),
    product_id: {
      type: 'int64',
      mode: 'required',
      readBack: 'informational',
      readBackReason:
        "The contract's disk account does not carry the product; no reference tool reads it, and a change forces a replace (a new paid disk).",
      description: `Disk product from GET ${disks.products} (the \`${group.prefix}_disk_products\` data source). ${recreates} Read back as information only (the contract's disk account does not carry it): a different reported value is shown, never a replace.`,
      policy: replace,
    },
    cycle: cycleAttribute(replace),
    lite_account_id: {
      type: 'int64',
      mode: 'required',
      references: { type: `${group.prefix}_vm`, attribute: 'id' },
      readBack: 'informational',
      readBackReason: "The disk account's link to its VM is unpublished (key and type vary); a change forces a replace.",
      description: `Account id of the ${group.product} VM the disk is attached to. ${recreates} Read back as information only (the contract's disk account does not carry it): a different reported value is shown, never a replace.`,
      policy: replace,
    },
    service_name: {
      type: 'string',
      mode: 'optional',
      namesResource: true,
      default: 'service-name',
      description: `Disk name, 6 to 16 letters, digits, hyphens or periods. ${recreates}`,
      policy: replace,
      constraints: NAME_6_16,
    },
    size: {
      type: 'int64',
      mode: 'optional',
      default: minimumSize,
      unit: 'GB',
      description: `Disk size in GB, at least ${minimumSize}; grow-only. An increase places a paid upgrade order for the difference.`,
      policy: { kind: 'grow', operation: 'upgrade_size' },
      constraints: { minimum: minimumSize },
    },
    promocode: { ...promocodeAttribute(replace), description: `Promotion code for the disk order. ${recreates}` },
    pay_with_credit_card: payWithCreditCard,
    status: computed('string', 'Account status of the disk as the API reports it, such as `Active` or `Pending`.'),
    order_id: computed('string', 'Invoice order id of the disk order.'),
    raw: rawAttribute,
  };

  const readiness = liteReadiness(disks.account, (id) => `${group.product} disk ${id}`);
  return defineResource({
    price: perGbPrice(disks.products, 'size', minimumSize),
    type,
    description: `An extra disk attached to one ${group.product} VM, billed as its own account. Ordering it waits until it is \`Active\`; \`size\` grows in place, other changes recreate it.`,
    attributes,
    timeouts: { create: 1200, update: 1200, delete: 600 },
    ...numericImportId('disk account id'),

    /** POST {prefix}/disks; id from `account_id` (else `id`), `order_id` (else `orderid`). */
    create: paidOrder({
      path: () => disks.create,
      fields: ['product_id', 'cycle', 'lite_account_id', 'service_name', 'size', 'promocode'],
      omitWhenZero: ['size'],
    }),

    /** Polls GET {prefix}/disks/accounts/{id} until `Active`. */
    waitUntilReady: waitUntilActiveBy(readiness),

    /** GET {prefix}/disks/accounts/{id}; 404 or `Terminated` is gone. */
    async read(context, id) {
      const disk = await readLiveAccount(context, disks.account(id));
      return disk === null ? null : diskAttributes(disk);
    },

    operations: {
      upgrade_size: {
        paid: true,
        /**
         * PUT {prefix}/disks/accounts/{id} `{additional_size: new - old, pay_invoice_with_cc}`.
         * An equal size sends nothing; when the old size is unknown it is
         * read from the API first.
         */
        run: async (context, id, { value, before, inputs }) => {
          const target = toInt(value);
          if (target === null) throw new Error(`${type} ${id}: size must be a whole number of GB`);
          let current = toInt(before);
          if (current === null) {
            const disk = await readLiveAccount(context, disks.account(id));
            current = disk === null ? null : toInt(pickFirst(disk, ['size', 'disk_size']));
            if (current === null) throw new Error(`${type} ${id}: the current size is unknown, so the increment cannot be computed`);
          }
          const additional = target - current;
          if (additional < 0) throw new Error(`${type} ${id}: size can only grow (from ${current} GB to ${target} GB requested)`);
          if (additional === 0) return { wait: false };
          await context.api.put(
            disks.account(id),
            { additional_size: additional, ...payField(inputs) },
            { paid: true, signal: context.signal },
          );
          return { wait: true };
        },
      },
    },

    /** DELETE {prefix}/disks/{id}; 404 counts as deleted. */
    delete: (context, id) => deleteIgnoringNotFound(context, disks.delete(id)),

    /** GET {prefix}/disks/accounts: every disk that is not `Terminated`. */
    list: (context) => listLive(context, disks.accounts, diskAttributes),

    /** Refresh: GET {prefix}/disks/accounts once; GET {prefix}/disks/accounts/{id} to confirm one the list lacks. */
    refreshByList: accountListRead({ list: disks.accounts, one: disks.account, attributes: (disk) => diskAttributes(disk), readiness }),
  });
}
