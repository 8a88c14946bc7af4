/**
 * The simulator's seeded catalogues: lite and lite pro plans (product
 * shape in docs/api/envelope-and-errors.md), OS images, snapshot and disk products, bare-metal SKUs,
 * additional-IP products and regions, elastic storage products.
 * Product ids and prices are fixed; the seed drives IP availability and the
 * hypervisor node names. Prices are integers in IDR (every billing entry
 * carries `currency: "IDR"`). {@link recurringAmount} prices an account from
 * the catalogue as the wire shows it, so a client reading the products can
 * arrive at the same figure the account reports as `recurring_amount`.
 */
import { seededRng } from './random.js';

/** The two lite-style API groups. */
export type Group = 'lite' | 'lite-pro';

/** Billing cycle codes of lite / lite pro orders. */
export const LITE_CYCLES = ['m', 'a', 'q', 's', 'b', 't', 'p4', 'p5'] as const;
/** Billing cycle codes of bare-metal, additional IP and elastic storage orders. */
export const METAL_CYCLES = ['m', 'a'] as const;

/** Months covered by each cycle code. */
export const CYCLE_MONTHS: Readonly<Record<string, number>> = { m: 1, q: 3, s: 6, a: 12, b: 24, t: 36, p4: 48, p5: 60 };

/** Account `billingcycle` value of each cycle code (`p4`/`p5` are kept as is). */
export const CYCLE_LABELS: Readonly<Record<string, string>> = {
  m: 'Monthly',
  q: 'Quarterly',
  s: 'Semi-Annually',
  a: 'Annually',
  b: 'Biennially',
  t: 'Triennially',
  p4: 'p4',
  p5: 'p5',
};

/** Currency of every price of the simulator's catalogue. */
export const CURRENCY = 'IDR';

const CYCLE_DISCOUNT: Readonly<Record<string, number>> = { m: 1, q: 1, s: 0.97, a: 0.9, b: 0.85, t: 0.8, p4: 0.75, p5: 0.7 };
const PLAN_BILLING_LABELS: Readonly<Record<string, string>> = { ...CYCLE_LABELS, p4: '4 Years', p5: '5 Years' };

/** Price (IDR, integer) of `monthly` for one whole `cycle`, with the long-cycle discount, rounded to 1000. */
export function cyclePrice(monthly: number, cycle: string): number {
  const months = CYCLE_MONTHS[cycle] ?? 1;
  const discount = CYCLE_DISCOUNT[cycle] ?? 1;
  return Math.round((monthly * months * discount) / 1000) * 1000;
}

/** docs/api/envelope-and-errors.md "Shared reply shapes", product: lite / lite pro products and snapshot products. */
export interface Plan {
  product_id: number;
  name: string;
  description: string;
  category_id: number;
  category_name: string;
  options: { type: string; cores: number; memory: number; allow_downgrade: number };
  billing: Array<{
    label: string;
    cycle: string;
    price: number;
    /** ISO 4217 code of `price` (a simulator extension; the contract names no currency field). */
    currency: string;
    components: null | Array<{ label: string; field: string; prices: Array<{ qty_min: number; qty_max: number; price: number }> }>;
  }>;
}

/** docs/api/envelope-and-errors.md "Shared reply shapes", OS image; `name` is the `select_os` value. */
export interface OsImage {
  vmid: number;
  node: string;
  name: string;
  maxmem: number;
  maxcpu: number;
}

/** A lite / lite pro VM product with the simulator's internal extras. */
export interface VmProduct {
  plan: Plan;
  /** Disk (GB) a new VM of this product gets. */
  baseDisk: number;
  /** Monthly price, IDR. */
  monthly: number;
  /** Monthly price of one extra GB of VM storage, IDR. */
  perGbMonthly: number;
  region: string;
  regionLabel: string;
  oss: OsImage[];
  ipAvailable: boolean;
}

/** A lite / lite pro extra-disk product (opaque on the wire). */
export interface DiskProduct {
  product_id: number;
  name: string;
  description: string;
  /** GB. */
  min_size: number;
  /** GB. */
  max_size: number;
  /** Monthly IDR per GB. */
  price_per_gb: number;
  billing: Array<{ label: string; cycle: string; price_per_gb: number; currency: string }>;
}

/** Catalogue of one lite-style group. */
export interface GroupCatalog {
  group: Group;
  categoryId: number;
  categoryName: string;
  products: VmProduct[];
  snapshotProducts: Plan[];
  /** Monthly IDR of each snapshot product, by product id. */
  snapshotMonthly: Record<number, number>;
  diskProducts: DiskProduct[];
  /** Minimum extra-disk size (GB): 60 lite, 30 lite pro. */
  minDisk: number;
  /** Largest VM disk (GB) a storage upgrade may reach. */
  maxVmDisk: number;
}

/** A bare-metal SKU (opaque on the wire) plus its OS list. */
export interface BaremetalProduct {
  product_id: number;
  name: string;
  description: string;
  category: string;
  cpu: string;
  cores: number;
  memory_gb: number;
  storage: string;
  network: string;
  region: string;
  billing: Array<{ label: string; cycle: string; price: number; currency: string }>;
  oss: string[];
}

/** An additional-IP or elastic-storage product (opaque on the wire). */
export interface SimpleProduct {
  product_id: number;
  name: string;
  description: string;
  /** Additional IPs: `price` per cycle. Elastic storage: `price_per_gb` per cycle instead. */
  billing: Array<{ label: string; cycle: string; price?: number; price_per_gb?: number; currency: string }>;
  /** Elastic storage only: size bounds (GB) and per-GB monthly price. */
  min_size?: number;
  max_size?: number;
  price_per_gb?: number;
}

/** Everything the simulator sells. */
export interface Catalog {
  lite: GroupCatalog;
  litePro: GroupCatalog;
  baremetalProducts: BaremetalProduct[];
  /** `GET /baremetals/states`. */
  baremetalStates: string[];
  ipProducts: SimpleProduct[];
  /** `GET /baremetal-additional-ips/regions`; the first is the default. */
  ipRegions: string[];
  storageProducts: SimpleProduct[];
}

interface VmSpec {
  id: number;
  name: string;
  cores: number;
  memory: number;
  disk: number;
  monthly: number;
  allowDowngrade: number;
  extraOs: string[];
  components: boolean;
}

const LINUX_IMAGES = ['ubuntu-22.04', 'ubuntu-24.04', 'debian-12', 'rocky-9', 'almalinux-9'];
const TEMPLATE_VMIDS: Record<string, number> = {
  'ubuntu-22.04': 9001,
  'ubuntu-24.04': 9002,
  'debian-12': 9003,
  'rocky-9': 9004,
  'almalinux-9': 9005,
  'centos-stream-9': 9006,
  'windows-server-2022': 9010,
};

/**
 * Price steps of a VM's `disk_size` (its total GB) for one cycle: the plan's
 * own disk is included (priced 0), each further GB up to 500 at the per-GB
 * rate, beyond that at 80 % of it.
 */
function diskSteps(storage: { baseDisk: number; perGbMonthly: number }, cycle: string): PriceStep[] {
  const perGb = cyclePrice(storage.perGbMonthly * 1000, cycle) / 1000;
  return [
    { qty_min: 1, qty_max: storage.baseDisk, price: 0 },
    { qty_min: storage.baseDisk + 1, qty_max: 500, price: perGb },
    { qty_min: 501, qty_max: 2000, price: Math.round(perGb * 0.8) },
  ];
}

function plan(
  id: number,
  name: string,
  description: string,
  category: [number, string],
  options: Plan['options'],
  monthly: number,
  storage: { baseDisk: number; perGbMonthly: number } | null,
): Plan {
  return {
    product_id: id,
    name,
    description,
    category_id: category[0],
    category_name: category[1],
    options,
    billing: LITE_CYCLES.map((cycle) => ({
      label: PLAN_BILLING_LABELS[cycle] ?? cycle,
      cycle,
      price: cyclePrice(monthly, cycle),
      currency: CURRENCY,
      components: storage === null ? null : [{ label: 'Disk (GB)', field: 'disk_size', prices: diskSteps(storage, cycle) }],
    })),
  };
}

function groupCatalog(
  group: Group,
  rng: () => number,
  specs: VmSpec[],
  region: [string, string],
  category: [number, string],
  snapshot: { id: number; name: string; monthly: number; category: [number, string] },
  disks: Array<{ id: number; name: string; description: string; perGb: number }>,
  minDisk: number,
  perGbMonthly: number,
): GroupCatalog {
  const nodePrefix = region[0].replace('-', '');
  const products = specs.map((s, i): VmProduct => {
    const kind = group === 'lite' ? 'shared vCPU, SSD' : 'dedicated vCPU, NVMe SSD';
    const description = `${s.cores} vCPU (${kind}), ${s.memory / 1024} GB RAM, ${s.disk} GB disk`;
    const osNames = [...LINUX_IMAGES, ...s.extraOs];
    return {
      plan: plan(
        s.id,
        s.name,
        description,
        category,
        {
          type: group === 'lite' ? 'kvm-lite' : 'kvm-lite-pro',
          cores: s.cores,
          memory: s.memory,
          allow_downgrade: s.allowDowngrade,
        },
        s.monthly,
        s.components ? { baseDisk: s.disk, perGbMonthly } : null,
      ),
      baseDisk: s.disk,
      monthly: s.monthly,
      perGbMonthly,
      region: region[0],
      regionLabel: region[1],
      oss: osNames.map((name) => ({
        vmid: TEMPLATE_VMIDS[name] ?? 9099,
        node: `${nodePrefix}-pve-${String(1 + Math.floor(rng() * 6)).padStart(2, '0')}`,
        name,
        maxmem: s.memory,
        maxcpu: s.cores,
      })),
      ipAvailable: i === 0 || rng() > 0.25,
    };
  });
  return {
    group,
    categoryId: category[0],
    categoryName: category[1],
    products,
    snapshotProducts: [
      plan(
        snapshot.id,
        snapshot.name,
        'Point-in-time snapshot of one VM disk, kept until deleted',
        snapshot.category,
        { type: 'snapshot', cores: 0, memory: 0, allow_downgrade: 0 },
        snapshot.monthly,
        null,
      ),
    ],
    snapshotMonthly: { [snapshot.id]: snapshot.monthly },
    diskProducts: disks.map((d) => ({
      product_id: d.id,
      name: d.name,
      description: d.description,
      min_size: minDisk,
      max_size: 2000,
      price_per_gb: d.perGb,
      billing: LITE_CYCLES.map((cycle) => ({
        label: CYCLE_LABELS[cycle] ?? cycle,
        cycle,
        price_per_gb: cyclePrice(d.perGb * 1000, cycle) / 1000,
        currency: CURRENCY,
      })),
    })),
    minDisk,
    maxVmDisk: 2000,
  };
}

function metalBilling(monthly: number): Array<{ label: string; cycle: string; price: number; currency: string }> {
  return METAL_CYCLES.map((cycle) => ({
    label: CYCLE_LABELS[cycle] ?? cycle,
    cycle,
    price: cyclePrice(monthly, cycle),
    currency: CURRENCY,
  }));
}

function perGbBilling(monthlyPerGb: number): Array<{ label: string; cycle: string; price_per_gb: number; currency: string }> {
  return METAL_CYCLES.map((cycle) => ({
    label: CYCLE_LABELS[cycle] ?? cycle,
    cycle,
    price_per_gb: cyclePrice(monthlyPerGb * 1000, cycle) / 1000,
    currency: CURRENCY,
  }));
}

/** Builds the catalogue for `seed` (same seed, same catalogue). */
export function buildCatalog(seed: number): Catalog {
  const rng = seededRng(seed ^ 0x5eed);
  const lite = groupCatalog(
    'lite',
    rng,
    [
      { id: 1547, name: 'Lite S1', cores: 1, memory: 1024, disk: 60, monthly: 75000, allowDowngrade: 1, extraOs: [], components: false },
      { id: 1548, name: 'Lite S2', cores: 1, memory: 2048, disk: 80, monthly: 120000, allowDowngrade: 1, extraOs: [], components: true },
      { id: 1549, name: 'Lite M1', cores: 2, memory: 4096, disk: 120, monthly: 220000, allowDowngrade: 1, extraOs: [], components: true },
      {
        id: 1550,
        name: 'Lite L1',
        cores: 4,
        memory: 8192,
        disk: 160,
        monthly: 420000,
        allowDowngrade: 0,
        extraOs: ['centos-stream-9'],
        components: true,
      },
    ],
    ['wjv-1', 'West Java 1'],
    [11, 'Lite VPS'],
    { id: 1601, name: 'Lite Snapshot', monthly: 15000, category: [13, 'Lite Snapshot'] },
    [
      { id: 1701, name: 'Lite Extra Disk', description: 'Extra SSD block disk for one lite VM', perGb: 1500 },
      { id: 1702, name: 'Lite Extra Disk NVMe', description: 'Extra NVMe block disk for one lite VM', perGb: 2500 },
    ],
    60,
    1500,
  );
  const litePro = groupCatalog(
    'lite-pro',
    rng,
    [
      {
        id: 2101,
        name: 'Lite Pro C2',
        cores: 2,
        memory: 4096,
        disk: 40,
        monthly: 350000,
        allowDowngrade: 1,
        extraOs: [],
        components: true,
      },
      {
        id: 2102,
        name: 'Lite Pro C4',
        cores: 4,
        memory: 8192,
        disk: 80,
        monthly: 650000,
        allowDowngrade: 1,
        extraOs: ['windows-server-2022'],
        components: true,
      },
      {
        id: 2103,
        name: 'Lite Pro C8',
        cores: 8,
        memory: 16384,
        disk: 160,
        monthly: 1250000,
        allowDowngrade: 1,
        extraOs: ['windows-server-2022'],
        components: true,
      },
      {
        id: 2104,
        name: 'Lite Pro C16',
        cores: 16,
        memory: 32768,
        disk: 320,
        monthly: 2400000,
        allowDowngrade: 1,
        extraOs: ['windows-server-2022'],
        components: false,
      },
    ],
    ['jkt-1', 'Jakarta 1'],
    [12, 'Lite Pro VPS'],
    { id: 2201, name: 'Lite Pro Snapshot', monthly: 25000, category: [14, 'Lite Pro Snapshot'] },
    [
      { id: 2301, name: 'Lite Pro Extra Disk', description: 'Extra NVMe block disk for one lite pro VM', perGb: 2500 },
      { id: 2302, name: 'Lite Pro Extra Disk HA', description: 'Replicated NVMe block disk for one lite pro VM', perGb: 4000 },
    ],
    30,
    2500,
  );
  const metalOs = ['ubuntu-22', 'ubuntu-24', 'debian-12', 'rocky-9', 'almalinux-9', 'centos7-base'];
  const baremetalProducts: BaremetalProduct[] = [
    ['m3.small.x86', 'Intel Xeon E-2278G', 8, 32, '2 x 480 GB SSD', 2_500_000, false],
    ['c3.medium.x86', 'AMD EPYC 7402P', 24, 64, '2 x 960 GB NVMe', 4_200_000, true],
    ['m3.large.x86', 'AMD EPYC 7502P', 32, 256, '2 x 3.8 TB NVMe', 7_800_000, true],
    ['s3.xlarge.x86', '2 x Intel Xeon Silver 4214', 24, 192, '12 x 8 TB HDD + 2 x 960 GB SSD', 6_900_000, false],
  ].map(([name, cpu, cores, mem, storage, monthly, windows], i) => ({
    product_id: 3001 + i,
    name: name as string,
    description: `${cpu as string}, ${cores as number} cores, ${mem as number} GB RAM, ${storage as string}, 2 x 10 Gbps`,
    category: 'Bare Metal',
    cpu: cpu as string,
    cores: cores as number,
    memory_gb: mem as number,
    storage: storage as string,
    network: '2 x 10 Gbps',
    region: 'wjv-1',
    billing: metalBilling(monthly as number),
    oss: windows ? [...metalOs, 'windows-2022'] : [...metalOs],
  }));
  return {
    lite,
    litePro,
    baremetalProducts,
    baremetalStates: ['on', 'off', 'reset'],
    ipProducts: [
      { product_id: 4001, name: 'Additional IPv4', description: 'One floating public IPv4 address', billing: metalBilling(50_000) },
      {
        product_id: 4002,
        name: 'Additional IPv4 DDoS',
        description: 'One floating public IPv4 address with DDoS scrubbing',
        billing: metalBilling(150_000),
      },
    ],
    ipRegions: ['wjv-1', 'jkt-1', 'sgp-1'],
    storageProducts: [
      {
        product_id: 5001,
        name: 'es.standard',
        description: 'Elastic block storage, SSD, 3 replicas',
        billing: perGbBilling(1_000),
        min_size: 10,
        max_size: 16384,
        price_per_gb: 1_000,
      },
      {
        product_id: 5002,
        name: 'es.performance',
        description: 'Elastic block storage, NVMe, 3 replicas',
        billing: perGbBilling(2_000),
        min_size: 10,
        max_size: 16384,
        price_per_gb: 2_000,
      },
    ],
  };
}

/** The catalogue of a lite-style group. */
export function groupOf(catalog: Catalog, group: Group): GroupCatalog {
  return group === 'lite' ? catalog.lite : catalog.litePro;
}

/** A VM product of the group by id, or undefined. */
export function findVmProduct(catalog: Catalog, group: Group, productId: number): VmProduct | undefined {
  return groupOf(catalog, group).products.find((p) => p.plan.product_id === productId);
}

/** One price step of a component: `price` per unit for units `qty_min`..`qty_max` (inclusive). */
export interface PriceStep {
  qty_min: number;
  qty_max: number;
  price: number;
}

/**
 * Price of `quantity` units over graduated steps: each unit is priced at
 * the step it falls in (units `qty_min`..`qty_max` of a step at its
 * price). Undefined when a unit falls in no step.
 */
export function stepPrice(steps: readonly PriceStep[], quantity: number): number | undefined {
  let total = 0;
  let counted = 0;
  for (const step of [...steps].sort((a, b) => a.qty_min - b.qty_min)) {
    const units = Math.max(0, Math.min(quantity, step.qty_max) - step.qty_min + 1);
    total += units * step.price;
    counted += units;
  }
  return counted === quantity ? total : undefined;
}

/** What {@link recurringAmount} prices: the kind of account, its group (lite-style kinds) and attributes. */
export type PricedAccount =
  | { kind: 'vm'; group: Group; product_id: number; disk_size: number }
  | { kind: 'snapshot'; group: Group; product_id: number }
  | { kind: 'disk'; group: Group; product_id: number; size: number }
  | { kind: 'baremetal' | 'additional-ip'; product_id: number }
  | { kind: 'elastic-storage'; product_id: number; size: number };

/**
 * Amount (IDR, integer) an account is billed every `cycle`, from the
 * catalogue's billing entries: a VM is its plan's price plus its disk
 * through the `disk_size` component's steps over its total size (the plan's
 * own disk priced 0); a plan that lists no component bills the storage above
 * its base disk at the product's monthly per-GB rate, which the wire does
 * not show (a client cannot price it);
 * a disk or elastic storage volume is `price_per_gb` times its size; the
 * others are their product's price. Undefined for an unknown product or cycle.
 */
export function recurringAmount(catalog: Catalog, account: PricedAccount, cycle: string): number | undefined {
  switch (account.kind) {
    case 'vm': {
      const product = findVmProduct(catalog, account.group, account.product_id);
      const entry = product?.plan.billing.find((b) => b.cycle === cycle);
      if (!product || !entry) return undefined;
      const component = entry.components?.find((c) => c.field === 'disk_size');
      const extra = Math.max(0, account.disk_size - product.baseDisk);
      const storage = component ? stepPrice(component.prices, account.disk_size) : cyclePrice(product.perGbMonthly * extra, cycle);
      return storage === undefined ? undefined : entry.price + storage;
    }
    case 'snapshot':
      return groupOf(catalog, account.group)
        .snapshotProducts.find((p) => p.product_id === account.product_id)
        ?.billing.find((b) => b.cycle === cycle)?.price;
    case 'disk': {
      const perGb = groupOf(catalog, account.group)
        .diskProducts.find((p) => p.product_id === account.product_id)
        ?.billing.find((b) => b.cycle === cycle)?.price_per_gb;
      return perGb === undefined ? undefined : perGb * account.size;
    }
    case 'baremetal':
      return catalog.baremetalProducts.find((p) => p.product_id === account.product_id)?.billing.find((b) => b.cycle === cycle)?.price;
    case 'additional-ip':
      return catalog.ipProducts.find((p) => p.product_id === account.product_id)?.billing.find((b) => b.cycle === cycle)?.price;
    case 'elastic-storage': {
      const perGb = catalog.storageProducts
        .find((p) => p.product_id === account.product_id)
        ?.billing.find((b) => b.cycle === cycle)?.price_per_gb;
      return perGb === undefined ? undefined : perGb * account.size;
    }
  }
}
