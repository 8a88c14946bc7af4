/**
 * Data sources of the lite-style groups: products, OS list and IP
 * availability (ENDPOINTS.md sections 11 and 16).
 */
import type { LiteGroupRoutes } from '../../api/routes.js';
import { asArray, asRecord, rawJson } from '../../api/parse.js';
import type { Value } from '../../engine/types.js';
import type { Attribute, DataSourceType } from '../attribute.js';
import { computed } from '../common.js';

/** Naming of one lite-style group's data sources. */
export interface LiteDataGroup {
  /** `cloud_lite` or `cloud_lite_pro`. */
  prefix: string;
  /** Pulumi function stem: `lite` or `litePro`. */
  functionStem: string;
  product: string;
  routes: LiteGroupRoutes;
}

const productFields: Record<string, Attribute> = {
  product_id: computed('int64', 'Product id (feeds `product_id`).'),
  name: computed('string', 'Product name.'),
  description: computed('string', 'Description.'),
  category_id: computed('int64', 'Category id.'),
  category_name: computed('string', 'Category name.'),
  options: computed('block', '`type`, `cores`, `memory` (MB), `allow_downgrade`.'),
  billing: computed('list', 'Billing entries: `label`, `cycle`, `price` and per-component price steps.'),
};

const osFields: Record<string, Attribute> = {
  vmid: computed('int64', 'Hypervisor template id.'),
  node: computed('string', 'Node.'),
  name: computed('string', 'Image name (feeds `select_os` and `rebuild_os`).'),
  maxmem: computed('int64', 'Memory of the template.'),
  maxcpu: computed('int64', 'vCPUs of the template.'),
};

const productIdArgument: Attribute = { type: 'int64', mode: 'required', description: 'Product id.' };

/** `<prefix>_products`, `<prefix>_os_list`, `<prefix>_ip_availability`. */
export function liteDataSources(group: LiteDataGroup): DataSourceType[] {
  const { routes } = group;
  const capital = group.functionStem.charAt(0).toUpperCase() + group.functionStem.slice(1);
  return [
    {
      kind: 'data',
      type: `${group.prefix}_products`,
      token: `cloud:index:${group.functionStem}Products`,
      aliases: [`${group.prefix.replace(/^cloud_/, '')}_products`, `get${capital}Products`],
      description: `The ${group.product} products catalog (GET ${routes.products}).`,
      attributes: {
        products: computed('list', 'Products.', { fields: productFields }),
      },
      async read(context) {
        const items = asArray(await context.api.get(routes.products, { signal: context.signal }), `GET ${routes.products}`);
        return { products: items as Value[] };
      },
    },
    {
      kind: 'data',
      type: `${group.prefix}_os_list`,
      token: `cloud:index:${group.functionStem}OsList`,
      aliases: [`${group.prefix.replace(/^cloud_/, '')}_os_list`, `get${capital}OsList`],
      description: `OS images available for one ${group.product} product (GET ${routes.oss('{product_id}')}).`,
      attributes: {
        product_id: productIdArgument,
        oss: computed('list', 'OS images.', { fields: osFields }),
      },
      async read(context, args) {
        const items = asArray(await context.api.get(routes.oss(String(args.product_id)), { signal: context.signal }), 'OS list');
        return { oss: items as Value[] };
      },
    },
    {
      kind: 'data',
      type: `${group.prefix}_ip_availability`,
      token: `cloud:index:${group.functionStem}IpAvailability`,
      aliases: [`${group.prefix.replace(/^cloud_/, '')}_ip_availability`, `get${capital}IpAvailability`],
      description: `Public-IP availability for one ${group.product} product (GET ${routes.ipAvailability('{product_id}')}).`,
      attributes: {
        product_id: productIdArgument,
        available: computed('bool', 'True when a public IP is available.'),
        raw: computed('string', 'The API response as JSON.'),
      },
      async read(context, args) {
        const data = asRecord(await context.api.get(routes.ipAvailability(String(args.product_id)), { signal: context.signal }), 'IP availability');
        return { available: data.available === true || data.available === 1 || data.available === 'true', raw: rawJson(data) };
      },
    },
  ];
}
