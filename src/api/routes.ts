/**
 * Every API path and wire field name cloudctl uses, in one module, following
 * docs/api/ (README.md lists the pages). Pointing cloudctl at a service that spells them
 * differently is a change to this file only. Ids in paths are decimal strings.
 */

const segment = (id: string | number): string => encodeURIComponent(String(id));

/** Wire field names that differ from attribute names. */
export const wire = {
  /** `"yes"`: pay the order's invoice with the card on file; left out (never `"no"`) not to pay. */
  payWithCard: 'pay_invoice_with_cc',
  newProductId: 'new_product_id',
  liteProProductId: 'litepro_product_id',
  keypairIdAlternatives: ['keypair_id', 'sshkey_id', 'id'],
  privateKeyAlternatives: ['private_key', 'private', 'secret_key', 'pem'],
  publicKeyAlternatives: ['public_key', 'publickey', 'pubkey'],
  accountIdAlternatives: ['account_id', 'id'],
  orderIdAlternatives: ['order_id', 'orderid'],
  statusAlternatives: ['status', 'state'],
  ipAlternatives: ['ip_address', 'ip', 'public_ip', 'ipv4'],
  createdAlternatives: ['created_at', 'date_created'],
  openvpnConfigAlternatives: ['config', 'openvpn', 'config_file', 'ovpn', 'content', 'data'],
} as const;

/** Paths of one keypair pool (`/lites/keypairs`, `/lite-pros/keypairs`, `/baremetals/keypairs`). */
export interface KeypairRoutes {
  /** GET list, POST generate (trailing slash on purpose). */
  collection: string;
  /** POST import `{name, public_key}`. */
  import: string;
  /** DELETE one. */
  one(id: string | number): string;
}

function keypairRoutes(prefix: string): KeypairRoutes {
  return {
    collection: `${prefix}/keypairs/`,
    import: `${prefix}/keypairs/import`,
    one: (id) => `${prefix}/keypairs/${segment(id)}`,
  };
}

/** Paths of a lite-style group (`/lites` or `/lite-pros`). */
export interface LiteGroupRoutes {
  prefix: string;
  /** POST create (order). */
  create: string;
  /** GET list of accounts (`?status=`). */
  accounts: string;
  account(id: string | number): string;
  vmDetails(id: string | number): string;
  /** DELETE the VM (no `/accounts`). */
  deleteVm(id: string | number): string;
  vmState(id: string | number, state: string): string;
  rebuild(id: string | number): string;
  rename(id: string | number): string;
  keypair(id: string | number): string;
  /** GET options, POST change. */
  changePackage(id: string | number): string;
  /** GET options, PUT upgrade `{disk_size}` (new total GB). */
  storage(id: string | number): string;
  migrateToProProducts(id: string | number): string;
  migrateToPro(id: string | number): string;
  products: string;
  product(productId: string | number): string;
  oss(productId: string | number): string;
  ipAvailability(productId: string | number): string;
  keypairs: KeypairRoutes;
  snapshots: {
    /** POST `{cycle, name, ...}` on the source VM. */
    create(vmId: string | number): string;
    accounts: string;
    account(id: string | number): string;
    delete(id: string | number): string;
    /** POST: new VM from the snapshot. */
    createVm(id: string | number): string;
    restore(id: string | number): string;
    products: string;
    product(productId: string | number): string;
  };
  disks: {
    create: string;
    accounts: string;
    /** GET one, PUT upgrade `{additional_size}` (increment GB). */
    account(id: string | number): string;
    delete(id: string | number): string;
    products: string;
    product(productId: string | number): string;
  };
}

function liteGroup(prefix: string): LiteGroupRoutes {
  return {
    prefix,
    create: prefix,
    accounts: `${prefix}/accounts`,
    account: (id) => `${prefix}/accounts/${segment(id)}`,
    vmDetails: (id) => `${prefix}/accounts/${segment(id)}/vm-details`,
    deleteVm: (id) => `${prefix}/${segment(id)}`,
    vmState: (id, state) => `${prefix}/accounts/${segment(id)}/vm-state/${segment(state)}`,
    rebuild: (id) => `${prefix}/accounts/${segment(id)}/rebuild`,
    rename: (id) => `${prefix}/accounts/${segment(id)}/change-vm-name`,
    keypair: (id) => `${prefix}/accounts/${segment(id)}/keypair`,
    changePackage: (id) => `${prefix}/accounts/${segment(id)}/change-package`,
    storage: (id) => `${prefix}/accounts/${segment(id)}/storage`,
    migrateToProProducts: (id) => `${prefix}/accounts/${segment(id)}/migrate-to-pro/products`,
    migrateToPro: (id) => `${prefix}/accounts/${segment(id)}/migrate-to-pro`,
    products: `${prefix}/products`,
    product: (productId) => `${prefix}/products/${segment(productId)}`,
    oss: (productId) => `${prefix}/products/${segment(productId)}/oss`,
    ipAvailability: (productId) => `${prefix}/products/${segment(productId)}/ip-availability`,
    keypairs: keypairRoutes(prefix),
    snapshots: {
      create: (vmId) => `${prefix}/accounts/${segment(vmId)}/snapshot`,
      accounts: `${prefix}/snapshots/accounts`,
      account: (id) => `${prefix}/snapshots/accounts/${segment(id)}`,
      delete: (id) => `${prefix}/snapshots/${segment(id)}`,
      createVm: (id) => `${prefix}/snapshots/accounts/${segment(id)}/create`,
      restore: (id) => `${prefix}/snapshots/accounts/${segment(id)}/restore`,
      products: `${prefix}/snapshots/products`,
      product: (productId) => `${prefix}/snapshots/products/${segment(productId)}`,
    },
    disks: {
      create: `${prefix}/disks`,
      accounts: `${prefix}/disks/accounts`,
      account: (id) => `${prefix}/disks/accounts/${segment(id)}`,
      delete: (id) => `${prefix}/disks/${segment(id)}`,
      products: `${prefix}/disks/products`,
      product: (productId) => `${prefix}/disks/products/${segment(productId)}`,
    },
  };
}

/** Lite KVM VPS group. */
export const lite = liteGroup('/lites');
/** Lite pro KVM VPS group (no migrate-to-pro). */
export const litePro = liteGroup('/lite-pros');

/** Bare-metal servers, their keypairs, catalog and OpenVPN. */
export const baremetal = {
  create: '/baremetals',
  accounts: '/baremetals/accounts',
  account: (id: string | number) => `/baremetals/accounts/${segment(id)}`,
  /** PUT `{label}`; DELETE. No `/accounts` level. */
  server: (id: string | number) => `/baremetals/${segment(id)}`,
  powerState: (id: string | number) => `/baremetals/accounts/${segment(id)}/state`,
  /** PUT, `state` is `on`, `off` or `reset`. */
  setPowerState: (id: string | number, state: string) => `/baremetals/accounts/${segment(id)}/state/${segment(state)}`,
  states: '/baremetals/states',
  /** PUT `{os}`. */
  rebuild: (id: string | number) => `/baremetals/${segment(id)}/rebuild`,
  rebuildOss: (id: string | number) => `/baremetals/${segment(id)}/rebuild/oss`,
  products: '/baremetals/products',
  product: (productId: string | number) => `/baremetals/products/${segment(productId)}`,
  productOss: (productId: string | number) => `/baremetals/products/${segment(productId)}/oss`,
  openvpn: '/baremetals/openvpn',
  keypairs: keypairRoutes('/baremetals'),
};

/** Additional (floating) IPs and their assignments to bare-metal servers. */
export const additionalIp = {
  /** GET list, POST order. */
  collection: '/baremetal-additional-ips',
  one: (id: string | number) => `/baremetal-additional-ips/${segment(id)}`,
  products: '/baremetal-additional-ips/products',
  product: (productId: string | number) => `/baremetal-additional-ips/products/${segment(productId)}`,
  regions: '/baremetal-additional-ips/regions',
  /** PUT `{metal_account_id}` to assign; GET the list. */
  assigns: (ipId: string | number) => `/baremetal-additional-ips/${segment(ipId)}/assigns`,
  /** GET one assignment; DELETE to unassign. */
  assign: (ipId: string | number, metalId: string | number) => `/baremetal-additional-ips/${segment(ipId)}/assigns/${segment(metalId)}`,
  byServer: (metalId: string | number) => `/baremetal-additional-ips/assignments-by-metal-account-id/${segment(metalId)}`,
};

/** Elastic storage bound to one bare-metal server. */
export const elasticStorage = {
  /** GET list, POST order. */
  collection: '/baremetal-elastic-storages',
  /** GET, PUT size upgrade (new total GB), POST change package, DELETE. */
  one: (id: string | number) => `/baremetal-elastic-storages/${segment(id)}`,
  products: '/baremetal-elastic-storages/products',
  product: (productId: string | number) => `/baremetal-elastic-storages/products/${segment(productId)}`,
};
