/**
 * `cloud_baremetal_additional_ip`: a floating public IPv4 ordered on its own
 * (paid) and attached to a server afterwards with
 * `cloud_baremetal_additional_ip_assignment`. No update exists: every input
 * recreates it. Endpoints: docs/api/additional-ips.md (paths in `additionalIp` of routes.ts).
 */
import { additionalIp } from '../../api/routes.js';
import { pickFirst } from '../../api/parse.js';
import type { Attributes } from '../../core/types.js';
import type { ResourceType } from '../attribute.js';
import { BAREMETAL_CYCLES, computed, cycleAttribute, payWithCreditCard, promocodeAttribute, rawAttribute } from '../attribute-blocks.js';
import { defineResource, paidOrder } from '../define.js';
import { flatPrice } from '../price.js';
import { accountIdOf, text } from '../account-replies.js';
import { accountLifecycle, commonAccountAttributes, ipAddressOf, setImportedCycle, setInt } from './account-fields.js';

/** Region of a new additional IP when the manifest names none. */
export const ADDITIONAL_IP_DEFAULT_REGION = 'wjv-1';

/**
 * Maps an additional-IP account object (GET /baremetal-additional-ips/{id})
 * to attributes; `cycle` only when `prior` does not know it (an import).
 */
export function additionalIpAttributes(account: Record<string, unknown>, prior: Attributes | undefined): Attributes {
  const attributes: Attributes = {
    id: accountIdOf(account, 'account_id'),
    ...commonAccountAttributes(account),
    ip_address: ipAddressOf(account),
  };
  setInt(attributes, 'product_id', account, ['product_id']);
  const region = pickFirst(account, ['region']);
  if (region !== undefined && text(region) !== '') attributes.region = text(region);
  setImportedCycle(attributes, account, prior);
  return attributes;
}

/** `cloud_baremetal_additional_ip` (token `cloud:index:BaremetalAdditionalIp`, alias `baremetal_additional_ip`). */
export const additionalIpType: ResourceType = defineResource({
  price: flatPrice(additionalIp.products),
  type: 'cloud_baremetal_additional_ip',
  description:
    'An additional (floating) public IPv4 address, ordered independently of any server. Ordering it places a paid order and waits until it is `Active`.',
  attributes: {
    id: computed('string', "The additional IP's account id; equals `account_id` and is the import id."),
    product_id: {
      type: 'int64',
      mode: 'required',
      readBack: 'informational',
      readBackReason: "No reference tool reads an additional IP's product back, and a change forces a replace (a new paid IP).",
      description:
        'Product from the `cloud_baremetal_additional_ip_products` catalog. Changing it recreates the address. Read back as information only (no reference tool reads it): a different reported value is shown, never a replace.',
      policy: { kind: 'replace' },
      constraints: { minimum: 1 },
    },
    cycle: cycleAttribute({ kind: 'replace' }, BAREMETAL_CYCLES),
    region: {
      type: 'string',
      mode: 'optional',
      default: ADDITIONAL_IP_DEFAULT_REGION,
      writeOnly: true,
      description:
        'Region of the address, one of `cloud_baremetal_additional_ip_regions`. Changing it recreates the address. Refresh keeps the value cloudctl sent; an import takes it from the service when reported.',
      policy: { kind: 'replace' },
    },
    promocode: promocodeAttribute({ kind: 'replace' }),
    pay_with_credit_card: payWithCreditCard,
    status: computed('string', 'The account status as the service reports it, such as `Pending` or `Active`.'),
    ip_address: computed('string', 'The public IPv4 address.', { namesResource: true }),
    created_at: computed('string', 'The time the address was ordered, as the service reports it.'),
    raw: rawAttribute,
  },
  timeouts: { create: 1200, delete: 600 },

  /** POST /baremetal-additional-ips {product_id, cycle, region, promocode, pay_invoice_with_cc}. */
  create: paidOrder({ path: () => additionalIp.collection, fields: ['product_id', 'cycle', 'region', 'promocode'], keepOrderId: false }),

  /**
   * Polls GET /baremetal-additional-ips/{id} until `Active`; GET and DELETE
   * /baremetal-additional-ips/{id}; the list and refresh read the collection
   * root GET /baremetal-additional-ips (see `accountLifecycle`).
   */
  ...accountLifecycle({
    what: 'additional IP',
    list: additionalIp.collection,
    one: additionalIp.one,
    attributes: additionalIpAttributes,
  }),
});
