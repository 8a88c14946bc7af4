/**
 * Data sources of the lite-style groups (docs/api/lite.md "Catalogues",
 * "VMs", "Snapshots", "Disks"): products, OS list, IP availability, change-package and
 * storage-upgrade options of a VM, snapshot products and disk products.
 * One factory serves both groups (`cloud_lite_*` and `cloud_lite_pro_*`).
 */
import { asRecord, rawJson } from '../../api/parse.js';
import type { Attributes, Value } from '../../core/types.js';
import type { Attribute, DataSourceType, OperationContext } from '../attribute.js';
import { computed } from '../attribute-blocks.js';
import { defineDataSource } from '../define.js';
import type { LiteGroup } from './group.js';
import { getList } from '../account-replies.js';

/** Fields of a Plan (VM products and snapshot products). */
const planFields: Record<string, Attribute> = {
  product_id: computed('int64', 'Product id, the value to give as `product_id`.'),
  name: computed('string', 'Product name as the catalog shows it.'),
  description: computed('string', 'Product description as the catalog shows it.'),
  category_id: computed('int64', 'Id of the catalog category the product belongs to.'),
  category_name: computed('string', 'Name of the catalog category the product belongs to.'),
  options: computed('block', 'Product options: `type`, `cores`, `memory` (in MB) and `allow_downgrade` (0 or 1).'),
  billing: computed('list', 'Billing entries, each with `label`, `cycle`, `price` and optional per-component price steps.'),
};

const osFields: Record<string, Attribute> = {
  vmid: computed('int64', 'Hypervisor template id of the image; it is never a resource id.'),
  node: computed('string', 'Hypervisor node that holds the template.'),
  name: computed('string', 'Image name, the value to give as `select_os` or `rebuild_os`.'),
  maxmem: computed('int64', 'Memory of the template in MB.', { unit: 'MB' }),
  maxcpu: computed('int64', 'Number of vCPUs of the template.'),
};

const diskProductFields: Record<string, Attribute> = {
  product_id: computed('int64', "Disk product id, the value to give as the disk's `product_id`."),
  name: computed('string', 'Disk product name as the catalog shows it.'),
  description: computed('string', 'Disk product description as the catalog shows it.'),
};

const productIdArgument: Attribute = {
  type: 'int64',
  mode: 'required',
  description: 'Id of the product to look up, from the products data source.',
};

/** A data source that GETs a list and exports it under `field`. */
function listSource(
  group: LiteGroup,
  suffix: string,
  path: string,
  description: string,
  field: string,
  fieldDescription: string,
  fields: Record<string, Attribute>,
): DataSourceType {
  return defineDataSource({
    type: `${group.prefix}_${suffix}`,
    description: `${description} (GET ${path}).`,
    attributes: { [field]: computed('list', fieldDescription, { fields }) },
    async read(context) {
      const items = await getList(context, path);
      return { [field]: items as Value[] };
    },
  });
}

/** A data source that GETs an opaque object of one VM (by `account_id`) and exports it only as `raw` JSON. */
function vmOptionsSource(
  group: LiteGroup,
  suffix: string,
  pathOf: (id: string) => string,
  description: string,
  rawDescription: string,
): DataSourceType {
  return defineDataSource({
    type: `${group.prefix}_${suffix}`,
    description: `${description} (GET ${pathOf('{account_id}')}).`,
    attributes: {
      account_id: { type: 'int64', mode: 'required', description: `Account id of the ${group.product} VM the options are for.` },
      raw: computed('string', rawDescription),
    },
    async read(context: OperationContext, args: Attributes) {
      const path = pathOf(String(args.account_id));
      const data = asRecord(await context.api.get(path, { signal: context.signal }), `GET ${path}`);
      return { raw: rawJson(data) };
    },
  });
}

/**
 * Every data source of one lite-style group: `<prefix>_products`,
 * `<prefix>_os_list`, `<prefix>_ip_availability`,
 * `<prefix>_change_package_options`, `<prefix>_storage_upgrade_options`,
 * `<prefix>_snapshot_products` and `<prefix>_disk_products`.
 */
export function liteDataSources(group: LiteGroup): DataSourceType[] {
  const { routes } = group;
  return [
    listSource(
      group,
      'products',
      routes.products,
      `The ${group.product} VM products catalog`,
      'products',
      `The ${group.product} VM products; each \`product_id\` feeds a VM's \`product_id\`.`,
      planFields,
    ),
    defineDataSource({
      type: `${group.prefix}_os_list`,
      description: `OS images available for one ${group.product} product (GET ${routes.oss('{product_id}')}).`,
      attributes: {
        product_id: productIdArgument,
        oss: computed('list', 'The OS images offered for the product; each `name` feeds `select_os`.', { fields: osFields }),
      },
      async read(context, args) {
        const items = await getList(context, routes.oss(String(args.product_id)), 'OS list');
        return { oss: items as Value[] };
      },
    }),
    defineDataSource({
      type: `${group.prefix}_ip_availability`,
      description: `Public-IP availability for one ${group.product} product (GET ${routes.ipAvailability('{product_id}')}).`,
      attributes: {
        product_id: productIdArgument,
        available: computed('bool', 'True when a public IP is available for the product.'),
        raw: computed('string', 'The API response as JSON text.'),
      },
      async read(context, args) {
        const data = asRecord(
          await context.api.get(routes.ipAvailability(String(args.product_id)), { signal: context.signal }),
          'IP availability',
        );
        return { available: data.available === true || data.available === 1 || data.available === 'true', raw: rawJson(data) };
      },
    }),
    vmOptionsSource(
      group,
      'change_package_options',
      (id) => routes.changePackage(id),
      `Target packages and prices for changing the package of one ${group.product} VM`,
      'The change-package options as JSON text (the API publishes no schema), secrets masked.',
    ),
    vmOptionsSource(
      group,
      'storage_upgrade_options',
      (id) => routes.storage(id),
      `Per-GB storage upgrade pricing of one ${group.product} VM`,
      'The storage upgrade options as JSON text (the API publishes no schema), secrets masked.',
    ),
    listSource(
      group,
      'snapshot_products',
      routes.snapshots.products,
      `The ${group.product} snapshot products catalog`,
      'products',
      `The ${group.product} snapshot products, with the same fields as the VM products.`,
      planFields,
    ),
    listSource(
      group,
      'disk_products',
      routes.disks.products,
      `The ${group.product} extra-disk products catalog`,
      'products',
      `The ${group.product} disk products as the API returns them (no published schema); each \`product_id\` feeds a disk's \`product_id\`.`,
      diskProductFields,
    ),
  ];
}
