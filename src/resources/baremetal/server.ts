/**
 * `cloud_baremetal`: orders a dedicated bare-metal server, waits for
 * `Active`, and manages its label, power state, resets and OS rebuilds in
 * place. Every other input is create-only and a change to it is rejected
 * (docs/design.md "Resource definitions are data": servers reject, with the way out in the hint).
 * Endpoints: docs/api/baremetal.md "Servers" (paths in `baremetal` of routes.ts).
 */
import { baremetal, wire } from '../../api/routes.js';
import { pickFirst, toInt } from '../../api/parse.js';
import type { Attributes } from '../../core/types.js';
import type { Attribute, OperationContext, ResourceType } from '../attribute.js';
import {
  BAREMETAL_CYCLES,
  computed,
  cycleAttribute,
  payWithCreditCard,
  promocodeAttribute,
  rawAttribute,
  triggerInput,
} from '../attribute-blocks.js';
import { defineResource, paidOrder, requestOperation } from '../define.js';
import { flatPrice } from '../price.js';
import { accountIdOf, readLiveAccount, text } from '../account-replies.js';
import { accountLifecycle, commonAccountAttributes, ipAddressOf, setImportedCycle, setInt } from './account-fields.js';

/** Power states `power_state` accepts. */
export const BAREMETAL_POWER_STATES = ['on', 'off'];

/** Default OS image of a new server. */
export const BAREMETAL_DEFAULT_OS = 'ubuntu-22';

const RECREATE = 'to recreate the server on purpose run `cloudctl apply --replace ADDRESS`';
const reject = (hint: string): Attribute['policy'] => ({ kind: 'reject', hint });

/** The attribute table of `cloud_baremetal` (docs/spec-notes.md "Bare-metal server", docs/api/policies.md); `timeouts` is added by `defineResource`. */
export const baremetalAttributes: Record<string, Attribute> = {
  id: computed('string', "The server's account id; equals `account_id` and is the import id."),
  product_id: {
    type: 'int64',
    mode: 'required',
    description: 'Product (server model) from the `cloud_baremetal_products` catalog. Create-only: there is no resize operation.',
    policy: reject(`there is no resize operation; ${RECREATE}`),
    constraints: { minimum: 1 },
  },
  cycle: cycleAttribute(reject(`the billing cycle cannot be changed in place; ${RECREATE}`), BAREMETAL_CYCLES),
  select_os: {
    type: 'string',
    mode: 'optional',
    default: BAREMETAL_DEFAULT_OS,
    writeOnly: true,
    description:
      'OS image installed at order time. Create-only: install another OS with `rebuild_os`. Refresh keeps the ordered value, so a rebuild does not make it drift; an import takes it from the service.',
    policy: reject(`to install another OS set \`rebuild_os\` (valid values from \`cloud_baremetal_rebuild_os_list\`); ${RECREATE}`),
  },
  keypair_id: {
    type: 'int64',
    mode: 'required',
    keypairPool: 'baremetal',
    writeOnly: true,
    description:
      'SSH keypair from the bare-metal pool (`cloud_baremetal_keypair`) installed at order time. Create-only. Refresh keeps the ordered value; an import takes it from the service when reported.',
    policy: reject(RECREATE),
  },
  label: {
    namesResource: true,
    type: 'string',
    mode: 'required',
    description: 'Display name of the server, 1 to 16 characters. The only input updated in place.',
    policy: { kind: 'update', operation: 'label' },
    constraints: { minLength: 1, maxLength: 16 },
  },
  public_ip: {
    type: 'int64',
    mode: 'optional',
    default: 1,
    writeOnly: true,
    description: 'Number of public IPv4 addresses ordered with the server. Create-only; the API never returns it.',
    policy: reject(`add addresses with \`cloud_baremetal_additional_ip\`; ${RECREATE}`),
    constraints: { minimum: 1 },
  },
  promocode: promocodeAttribute(reject(RECREATE)),
  pay_with_credit_card: payWithCreditCard,
  power_state: {
    type: 'string',
    mode: 'optional',
    description: 'Desired power state, `on` or `off`. The power operation is called only when it differs from the observed state.',
    policy: { kind: 'desired', operation: 'power' },
    constraints: { enum: BAREMETAL_POWER_STATES },
  },
  reset_trigger: triggerInput(
    'One-shot hardware reset: a new non-empty value resets the server once; removing the value does nothing.',
    'reset',
  ),
  rebuild_os: triggerInput(
    'One-shot destructive OS reinstall with this image; a changed value fires it again and removing it does nothing. Valid values come from `cloud_baremetal_rebuild_os_list`.',
    'rebuild',
    { allowedValues: { dataSource: 'cloud_baremetal_rebuild_os_list', argument: 'account_id', field: 'oss' } },
  ),
  status: computed('string', 'The account status as the service reports it, such as `Pending` or `Active`.'),
  order_id: computed('string', 'The invoice order id of the create order.'),
  ip_address: computed('string', 'The primary public IPv4 address of the server.'),
  created_at: computed('string', 'The time the server was ordered, as the service reports it.'),
  raw: rawAttribute,
};

/**
 * Maps a bare-metal account object (GET /baremetals/accounts/{id}) to
 * attributes. `cycle` is a create-only input the account reports in its own
 * words; it is taken only when `prior` does not know it (an import).
 * `select_os` is never read back: after a rebuild the installed OS is not
 * what was ordered.
 */
export function baremetalAccountAttributes(account: Record<string, unknown>, prior: Attributes | undefined): Attributes {
  const attributes: Attributes = {
    id: accountIdOf(account, 'account_id'),
    ...commonAccountAttributes(account),
    ip_address: ipAddressOf(account),
  };
  const label = pickFirst(account, ['label', 'name']);
  if (label !== undefined) attributes.label = text(label);
  setInt(attributes, 'product_id', account, ['product_id']);
  const keypairId = toInt(pickFirst(account, [...wire.keypairIdAlternatives.filter((key) => key !== 'id')]));
  if (keypairId !== null && keypairId > 0) attributes.keypair_id = keypairId;
  const orderId = pickFirst(account, [...wire.orderIdAlternatives]);
  if (orderId !== undefined) attributes.order_id = text(orderId);
  setImportedCycle(attributes, account, prior);
  return attributes;
}

/**
 * The observed power state (`on`/`off`) from GET /baremetals/accounts/{id}/state,
 * best-effort: `undefined` when the call fails (still provisioning) or the
 * answer holds no known state.
 */
export async function readPowerState(context: OperationContext, id: string): Promise<string | undefined> {
  let reply: unknown;
  try {
    reply = await context.api.get(baremetal.powerState(id), { signal: context.signal });
  } catch {
    return undefined;
  }
  const state = (typeof reply === 'string' ? reply : text(pickFirst(reply, ['state', 'status', 'power']))).trim().toLowerCase();
  if (state === 'on' || state === 'running' || state === 'active') return 'on';
  if (state === 'off' || state === 'stopped' || state === 'shutdown') return 'off';
  return undefined;
}

/** `cloud_baremetal` (token `cloud:index:Baremetal`, alias `baremetal`). */
export const baremetalServerType: ResourceType = defineResource({
  price: flatPrice(baremetal.products),
  type: 'cloud_baremetal',
  description:
    'A dedicated bare-metal server. Ordering it places a paid order and waits until it is `Active`; label, power state, reset and OS rebuild are managed in place.',
  attributes: baremetalAttributes,
  timeouts: { create: 1200, update: 1200, delete: 600 },

  /** POST /baremetals {product_id, cycle, select_os, keypair_id, label, public_ip (always sent, default 1), promocode, pay_invoice_with_cc}. */
  create: paidOrder({
    path: () => baremetal.create,
    fields: ['product_id', 'cycle', 'select_os', 'keypair_id', 'label', 'promocode'],
    extra: (inputs) => ({ public_ip: typeof inputs.public_ip === 'number' ? inputs.public_ip : 1 }),
  }),

  /**
   * Polls GET /baremetals/accounts/{id} until `Active`; DELETE
   * /baremetals/{id} (no waiting); the list and refresh read GET
   * /baremetals/accounts, refresh with the power state GET (best-effort)
   * only for a server whose `power_state` is set or referenced (see
   * `accountLifecycle`). `read` follows: it adds the power state.
   */
  ...accountLifecycle({
    what: 'bare-metal server',
    list: baremetal.accounts,
    one: baremetal.account,
    remove: baremetal.server,
    attributes: baremetalAccountAttributes,
    detailAttributes: ['power_state'],
    async detail(context, id): Promise<Attributes> {
      const power = await readPowerState(context, id);
      return power === undefined ? {} : { power_state: power };
    },
  }),

  /** GET /baremetals/accounts/{id} (404 or `Terminated` → null), then, best-effort, GET .../state for `power_state`. */
  async read(context, id, prior) {
    const account = await readLiveAccount(context, baremetal.account(id));
    if (account === null) return null;
    const attributes = baremetalAccountAttributes(account, prior);
    attributes.id = id;
    const power = await readPowerState(context, id);
    if (power !== undefined) attributes.power_state = power;
    return attributes;
  },

  operations: {
    /** PUT /baremetals/{id} {label}; the reply may be a primitive. */
    label: requestOperation({ paid: false, method: 'put', path: baremetal.server, body: (value) => ({ label: value }), wait: false }),
    /** PUT /baremetals/accounts/{id}/state/{on|off}. */
    power: requestOperation({ paid: false, method: 'put', path: (id, value) => baremetal.setPowerState(id, String(value)), wait: false }),
    /** PUT /baremetals/accounts/{id}/state/reset. */
    reset: requestOperation({ paid: false, method: 'put', path: (id) => baremetal.setPowerState(id, 'reset'), wait: false }),
    /** PUT /baremetals/{id}/rebuild {os}; the engine then waits for `Active`. */
    rebuild: requestOperation({ paid: false, method: 'put', path: baremetal.rebuild, body: (value) => ({ os: value }), wait: true }),
  },
});
