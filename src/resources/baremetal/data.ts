/**
 * Data sources of the bare-metal group: the server catalog, the rebuild-OS
 * list of one server, the account's OpenVPN configuration, and the catalogs
 * of additional IPs (products, regions) and elastic storage (products).
 * Endpoints: docs/api/baremetal.md, additional-ips.md, elastic-storage.md. `defineDataSource` derives
 * the naming of both groups from the canonical `cloud_<x>`: short alias
 * `<x>`, Pulumi function `get<X>` and token `cloud:index:<camelCase x>`.
 */
import { additionalIp, baremetal, elasticStorage, wire } from '../../api/routes.js';
import { isRecord, parseId, rawJson } from '../../api/parse.js';
import { MASK } from '../../core/mask.js';
import type { Attributes, Value } from '../../core/types.js';
import type { DataSourceType } from '../attribute.js';
import { computed, rawAttribute } from '../attribute-blocks.js';
import { defineDataSource } from '../define.js';
import { productFields, productItem, stringItems } from './account-fields.js';
import { getList } from '../account-replies.js';

/** Keys an object item of the rebuild-OS list may hold its OS name under. */
const OS_NAME_KEYS = ['name', 'os', 'label', 'value'] as const;
/** Keys an object item of the regions list may hold its region code under. */
const REGION_KEYS = ['region', 'code', 'name', 'value', 'id'] as const;

/**
 * A products data source over an untyped catalog list: `cloud_<x>_products`,
 * whose `product_id` values feed the resource type `cloud_<x>`.
 */
function productsSource(type: string, path: string, what: string): DataSourceType {
  const feeds = type.replace(/_products$/, '');
  return defineDataSource({
    type,
    description: `The ${what} catalog (GET ${path}). Its \`product_id\` values feed \`product_id\` of \`${feeds}\`.`,
    attributes: {
      products: computed('list', `The ${what} products, each with \`product_id\`, \`name\`, \`description\` and \`raw\`.`, {
        fields: productFields,
      }),
    },
    /** GET {path}: each item mapped leniently (see `productItem`). */
    async read(context) {
      return { products: (await getList(context, path)).map(productItem) };
    },
  });
}

/** `cloud_baremetal_products`: GET /baremetals/products. */
export const baremetalProductsSource = productsSource('cloud_baremetal_products', baremetal.products, 'bare-metal server');

/** `cloud_baremetal_rebuild_os_list`: GET /baremetals/{account_id}/rebuild/oss. */
export const rebuildOsListSource: DataSourceType = defineDataSource({
  type: 'cloud_baremetal_rebuild_os_list',
  description: `The OS images one bare-metal server can be rebuilt with (GET ${baremetal.rebuildOss('{account_id}')}); they are the valid values of \`rebuild_os\`.`,
  attributes: {
    account_id: { type: 'int64', mode: 'required', description: 'Account id of the bare-metal server.', constraints: { minimum: 1 } },
    oss: computed('list', 'The OS image names, the valid values of `rebuild_os`.'),
    raw: rawAttribute,
  },
  /** GET /baremetals/{account_id}/rebuild/oss: strings, or objects holding the name under `name` / `os` / `label` / `value`. */
  async read(context, args) {
    const id = parseId(args.account_id, 'account_id');
    const items = await getList(context, baremetal.rebuildOss(id));
    return { oss: stringItems(items, OS_NAME_KEYS), raw: rawJson(items) };
  },
});

/** `cloud_baremetal_openvpn`: GET /baremetals/openvpn. */
export const openvpnSource: DataSourceType = defineDataSource({
  type: 'cloud_baremetal_openvpn',
  description: `The account's out-of-band OpenVPN access configuration (GET ${baremetal.openvpn}).`,
  attributes: {
    config: computed(
      'string',
      "The OpenVPN client configuration text; it grants access to the servers' management network. `null` when the reply carries it under none of the keys tried.",
      {
        sensitive: true,
      },
    ),
    raw: rawAttribute,
  },
  /**
   * GET /baremetals/openvpn: the text under the first of `config`, `openvpn`,
   * `config_file`, `ovpn`, `content`, `data`; a bare string reply is the
   * configuration itself. None found (or only empty ones) gives `config: null`
   * (not reported), never an error: the key is unpublished, and a read must
   * not fail on an optional key.
   */
  async read(context) {
    const reply = await context.api.get(baremetal.openvpn, { signal: context.signal });
    let config: unknown = reply;
    if (isRecord(reply)) {
      config = undefined;
      for (const key of wire.openvpnConfigAlternatives) {
        if (typeof reply[key] === 'string' && reply[key] !== '') {
          config = reply[key];
          break;
        }
      }
    }
    // The key is unpublished and optional keys may be left out: a reply
    // without the text is no error, the configuration is `null` (not reported).
    const found = typeof config === 'string' && config !== '' ? config : null;
    // The whole reply is the secret: mask the configuration text itself, not only secret keys.
    const raw = isRecord(reply)
      ? rawJson(Object.fromEntries(Object.entries(reply).map(([key, value]) => [key, found !== null && value === found ? MASK : value])))
      : JSON.stringify(MASK);
    return { config: found, raw } satisfies Attributes;
  },
});

/** `cloud_baremetal_additional_ip_products`: GET /baremetal-additional-ips/products. */
export const additionalIpProductsSource = productsSource('cloud_baremetal_additional_ip_products', additionalIp.products, 'additional IP');

/** `cloud_baremetal_additional_ip_regions`: GET /baremetal-additional-ips/regions. */
export const additionalIpRegionsSource: DataSourceType = defineDataSource({
  type: 'cloud_baremetal_additional_ip_regions',
  description: `The regions additional IPs can be ordered in (GET ${additionalIp.regions}).`,
  attributes: {
    regions: computed('list', 'The region codes, the valid values of `region` of `cloud_baremetal_additional_ip`.'),
  },
  /** GET /baremetal-additional-ips/regions: strings, or objects holding the code under `region` / `code` / `name` / `value` / `id`. */
  async read(context) {
    return { regions: stringItems(await getList(context, additionalIp.regions), REGION_KEYS) as Value[] };
  },
});

/** `cloud_baremetal_elastic_storage_products`: GET /baremetal-elastic-storages/products. */
export const elasticStorageProductsSource = productsSource(
  'cloud_baremetal_elastic_storage_products',
  elasticStorage.products,
  'elastic storage',
);

/** Every bare-metal data source. */
export const baremetalDataSources: DataSourceType[] = [
  baremetalProductsSource,
  rebuildOsListSource,
  openvpnSource,
  additionalIpProductsSource,
  additionalIpRegionsSource,
  elasticStorageProductsSource,
];
