/**
 * `cloud_baremetal_elastic_storage`: a block-storage volume bound for life to
 * one bare-metal server at order time (there is no re-attach). Its size grows
 * in place (a paid upgrade to a new total) and its package changes in place
 * (a paid change-package); every other input recreates it.
 * Endpoints: docs/api/elastic-storage.md (paths in `elasticStorage` of routes.ts).
 */
import { elasticStorage, wire } from '../../api/routes.js';
import { pickFirst, toInt } from '../../api/parse.js';
import type { Attributes } from '../../core/types.js';
import type { Attribute, ResourceType } from '../attribute.js';
import { BAREMETAL_CYCLES, computed, cycleAttribute, payWithCreditCard, promocodeAttribute, rawAttribute } from '../attribute-blocks.js';
import { defineResource, paidOrder, requestOperation } from '../define.js';
import { perGbPrice } from '../price.js';
import { accountIdOf, text } from '../account-replies.js';
import { accountLifecycle, commonAccountAttributes, setImportedCycle, setInt } from './account-fields.js';

/** Size of a new volume in GB when the manifest names none. */
export const ELASTIC_STORAGE_DEFAULT_SIZE = 100;

/**
 * Maps an elastic storage object (GET /baremetal-elastic-storages/{id}) to
 * attributes: `size` from `size` (number or numeric string, GB), the name
 * from `storage_name` / `name`, the server from `metal_account_id`, and
 * `cycle` only when `prior` does not know it (an import).
 */
export function elasticStorageAttributes(account: Record<string, unknown>, prior: Attributes | undefined): Attributes {
  const attributes: Attributes = { id: accountIdOf(account, 'account_id'), ...commonAccountAttributes(account) };
  setInt(attributes, 'product_id', account, ['product_id']);
  setInt(attributes, 'size', account, ['size']);
  const name = pickFirst(account, ['storage_name', 'name']);
  if (name !== undefined && text(name) !== '') attributes.storage_name = text(name);
  const metal = toInt(pickFirst(account, ['metal_account_id']));
  if (metal !== null && metal > 0) attributes.metal_account_id = metal;
  setImportedCycle(attributes, account, prior);
  return attributes;
}

/**
 * A positive integer input changed in place by a paid order (`policy`), read
 * back as information only: a different reported value is shown, never a
 * paid call.
 */
function paidInPlace(
  shape: Pick<Attribute, 'mode' | 'default' | 'unit'>,
  description: string,
  policy: Attribute['policy'],
  readBackReason: string,
): Attribute {
  return {
    type: 'int64',
    ...shape,
    readBack: 'informational',
    readBackReason,
    description: `${description} Read back as information only (no reference tool reads it): a different reported value is shown, never a paid call.`,
    policy,
    constraints: { minimum: 1 },
  };
}

/** `cloud_baremetal_elastic_storage` (token `cloud:index:BaremetalElasticStorage`, alias `baremetal_elastic_storage`). */
export const elasticStorageType: ResourceType = defineResource({
  price: perGbPrice(elasticStorage.products, 'size', ELASTIC_STORAGE_DEFAULT_SIZE),
  type: 'cloud_baremetal_elastic_storage',
  description:
    'An elastic block-storage volume bound permanently to one bare-metal server. Ordering it places a paid order and waits until it is `Active`; size growth and package changes are paid orders in place.',
  attributes: {
    id: computed('string', "The volume's account id; equals the storage `account_id` and is the import id."),
    product_id: paidInPlace(
      { mode: 'required' },
      'Product from the `cloud_baremetal_elastic_storage_products` catalog. A change places a paid change-package order.',
      { kind: 'update', operation: 'change_package' },
      "No reference tool reads an elastic storage's product back, and its change is a paid operation.",
    ),
    cycle: cycleAttribute({ kind: 'replace' }, BAREMETAL_CYCLES),
    storage_name: {
      namesResource: true,
      type: 'string',
      mode: 'required',
      writeOnly: true,
      description:
        'Name of the volume. Changing it recreates the volume. Refresh keeps the value cloudctl sent; an import takes it from the service when reported.',
      policy: { kind: 'replace' },
      constraints: { minLength: 1, maxLength: 64 },
    },
    metal_account_id: {
      references: { type: 'cloud_baremetal', attribute: 'id' },
      type: 'int64',
      mode: 'required',
      writeOnly: true,
      description:
        'Account id of the bare-metal server the volume is bound to. There is no re-attach operation: changing it recreates the volume. Refresh keeps the value cloudctl sent; an import takes it from the service when reported.',
      policy: { kind: 'replace' },
      constraints: { minimum: 1 },
    },
    size: paidInPlace(
      { mode: 'optional', default: ELASTIC_STORAGE_DEFAULT_SIZE, unit: 'GB' },
      'Total size of the volume in GB; grow-only. An increase places a paid upgrade to the new total size.',
      { kind: 'grow', operation: 'upgrade_size' },
      "No reference tool reads an elastic storage's size back (the reply's unit is unpublished), and growing it is a paid operation.",
    ),
    promocode: promocodeAttribute({ kind: 'replace' }),
    pay_with_credit_card: payWithCreditCard,
    status: computed('string', 'The account status as the service reports it, such as `Pending` or `Active`.'),
    created_at: computed('string', 'The time the volume was ordered, as the service reports it.'),
    raw: rawAttribute,
  },
  timeouts: { create: 1200, update: 1200, delete: 600 },

  /** POST /baremetal-elastic-storages {product_id, cycle, storage_name, metal_account_id, size, promocode, pay_invoice_with_cc}. */
  create: paidOrder({
    path: () => elasticStorage.collection,
    fields: ['product_id', 'cycle', 'storage_name', 'metal_account_id', 'size', 'promocode'],
    omitWhenZero: ['size'],
    keepOrderId: false,
  }),

  /**
   * Polls GET /baremetal-elastic-storages/{id} until `Active`; GET and DELETE
   * /baremetal-elastic-storages/{id}; the list and refresh read the
   * collection root GET /baremetal-elastic-storages (see `accountLifecycle`).
   */
  ...accountLifecycle({
    what: 'elastic storage',
    list: elasticStorage.collection,
    one: elasticStorage.one,
    attributes: elasticStorageAttributes,
  }),

  operations: {
    /** PUT /baremetal-elastic-storages/{id} {size: the NEW TOTAL in GB, pay_invoice_with_cc}; then wait for `Active`. */
    upgrade_size: requestOperation({ paid: true, method: 'put', path: elasticStorage.one, body: (value) => ({ size: value }), wait: true }),
    /** POST /baremetal-elastic-storages/{id} {new_product_id, pay_invoice_with_cc}; then wait for `Active`. */
    change_package: requestOperation({
      paid: true,
      method: 'post',
      path: elasticStorage.one,
      body: (value) => ({ [wire.newProductId]: value }),
      wait: true,
    }),
  },
});
