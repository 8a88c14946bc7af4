/**
 * The cost of a plan (issue 13): price hooks over product listings,
 * per-change figures and totals, `(price unknown)` never guessed, money
 * formatting.
 */
import { expect } from 'chai';
import { graduatedPrice, vmPrice, perGbPrice, flatPrice } from '../../src/resources/price.js';
import { monthly, pricePlan } from '../../src/engine/cost.js';
import { changeCostSentence, costSummaryLine, formatMoney } from '../../src/cli/views/cost.js';
import { defaultCatalogue } from '../../src/manifest/index.js';
import type { StateDocument } from '../../src/state/document.js';
import type { Change, PlanDocument } from '../../src/plan/document.js';
import type { ProductListings } from '../../src/resources/attribute.js';
import { tempFolder } from '../temp-folders.js';
import { join } from 'node:path';
import { FileJournal } from '../../src/state/index.js';
import { journalOverride } from '../../src/engine/budget-guard.js';
import { loadManifestFromSource } from '../../src/manifest/index.js';
import { type DiagnosticError } from '../../src/core/types.js';

const products = [
  {
    product_id: 1548,
    name: 'Lite S2',
    options: { type: 'kvm-lite', cores: 1, memory: 2048, allow_downgrade: 1 },
    billing: [
      {
        cycle: 'm',
        price: 120000,
        currency: 'IDR',
        components: [
          {
            label: 'Disk (GB)',
            field: 'disk_size',
            prices: [
              { qty_min: 1, qty_max: 80, price: 0 },
              { qty_min: 81, qty_max: 500, price: 1500 },
              { qty_min: 501, qty_max: 2000, price: 1200 },
            ],
          },
        ],
      },
      { cycle: 'a', price: 1296000, currency: 'IDR', components: null },
    ],
  },
];
const listings = (answers: Record<string, unknown[]>): ProductListings => ({
  async list(path) {
    if (!answers[path]) throw new Error(`no listing ${path}`);
    return answers[path] as Array<Record<string, unknown>>;
  },
});

describe('cost', () => {
  it('prices graduated steps unit by unit and refuses quantities outside every step', () => {
    const steps = products[0]!.billing[0]!.components![0]!.prices;
    expect(graduatedPrice(steps, 0)).to.equal(0);
    expect(graduatedPrice(steps, 80)).to.equal(0);
    expect(graduatedPrice(steps, 100)).to.equal(30000);
    expect(graduatedPrice(steps, 600)).to.equal(420 * 1500 + 100 * 1200);
    expect(graduatedPrice(steps, 2500)).to.equal(undefined);
    expect(graduatedPrice(steps.slice(1), 100), 'steps that leave GB 1-80 unpriced price no 100 GB disk').to.equal(undefined);
  });

  it("a VM is its plan price plus its disk through the disk_size component's steps; without them (price unknown)", async () => {
    const hook = vmPrice('/lites/products');
    const source = listings({ '/lites/products': products });
    expect(await hook(source, { product_id: 1548, cycle: 'm' })).to.deep.equal({ cycle: 'm', recurring: 120000, currency: 'IDR' });
    expect(await hook(source, { product_id: 1548, cycle: 'm', disk_size: 80 })).to.deep.include({ recurring: 120000 });
    expect(await hook(source, { product_id: 1548, cycle: 'm', disk_size: 100 })).to.deep.include({ recurring: 150000 });
    const annual = await hook(source, { product_id: 1548, cycle: 'a', disk_size: 100 });
    expect(annual.recurring).to.equal(null);
    expect(annual.unknownReason).to.equal('product 1548 gives no disk_size price steps for cycle a');
    const beyond = await hook(source, { product_id: 1548, cycle: 'm', disk_size: 2500 });
    expect(beyond).to.deep.include({ recurring: null, unknownReason: 'product 1548 gives no price for a 2500 GB disk' });
    expect((await hook(source, { product_id: 1548, cycle: 'q' })).unknownReason).to.match(/no price for cycle q/);
    expect((await hook(source, { product_id: { $unknown: 'data.p.id' }, cycle: 'm' })).recurring).to.equal(null);
  });

  it('per-GB and flat products', async () => {
    const source = listings({
      '/d': [{ product_id: 1, billing: [{ cycle: 'm', price_per_gb: 1500 }] }],
      '/f': [{ product_id: 2, billing: [{ cycle: 'a', price: 540000, currency: 'IDR' }] }],
    });
    expect(await perGbPrice('/d', 'size', 60)(source, { product_id: 1, cycle: 'm' })).to.deep.equal({ cycle: 'm', recurring: 90000 });
    expect(await flatPrice('/f')(source, { product_id: 2, cycle: 'a' })).to.deep.equal({ cycle: 'a', recurring: 540000, currency: 'IDR' });
    expect(monthly(540000, 'a')).to.equal(45000);
    expect(monthly(null, 'a')).to.equal(null);
  });

  it('prices a plan: creates, paid grow, destroy; an unreadable listing makes the total partial', async () => {
    const state: StateDocument = {
      format_version: 1,
      lineage: 'l',
      serial: 1,
      outputs: {},
      resources: {
        old: {
          type: 'cloud_lite_vm',
          id: '1',
          dependencies: [],
          attributes: { product_id: 1548, cycle: 'm', disk_size: 80, recurring_amount: 120000 },
        },
        grow: {
          type: 'cloud_lite_vm',
          id: '2',
          dependencies: [],
          attributes: { product_id: 1548, cycle: 'm', disk_size: 80, recurring_amount: 120000 },
        },
        metal: { type: 'cloud_baremetal_additional_ip', id: '3', dependencies: [], attributes: { product_id: 4001, cycle: 'm' } },
      },
    };
    const change = (address: string, action: Change['action'], paidOrders: number, attributes: Change['attributes'] = []): Change => ({
      address,
      type: 'cloud_lite_vm',
      mode: 'resource',
      action,
      reasonCodes: [],
      attributes,
      operations: [],
      paidOrders,
      dependsOn: [],
    });
    const plan = {
      mode: 'apply',
      changes: [
        change('old', 'delete', 0),
        change('grow', 'update', 1, [{ name: 'disk_size', before: 80, after: 100, sensitive: false }]),
        change('new', 'create', 1, [
          { name: 'product_id', before: undefined, after: 1548, sensitive: false },
          { name: 'cycle', before: undefined, after: 'm', sensitive: false },
        ]),
        { ...change('metal', 'noop', 0), type: 'cloud_baremetal_additional_ip' },
        change('also_new', 'create', 1, [
          { name: 'product_id', before: undefined, after: 1548, sensitive: false },
          { name: 'cycle', before: undefined, after: 'm', sensitive: false },
        ]),
      ],
    } as unknown as PlanDocument;
    await pricePlan(plan, state, { catalogue: defaultCatalogue, listings: listings({ '/lites/products': products }) });
    expect(plan.changes[0]!.cost).to.deep.equal({ cycle: 'm', before: 120000, after: 0, due_now: 0 });
    expect(plan.changes[1]!.cost).to.deep.equal({ cycle: 'm', before: 120000, after: 150000, due_now: 30000 });
    expect(plan.changes[2]!.cost).to.deep.equal({ cycle: 'm', before: 0, after: 120000, due_now: 120000 });
    expect(plan.changes[3]!.cost).to.equal(undefined);
    expect(plan.changes[4]!.cost).to.deep.equal(plan.changes[2]!.cost);
    expect(plan.cost).to.deep.equal({
      currency: 'IDR',
      monthly_before: 240000,
      monthly_after: 390000,
      orders: 3,
      due_now: 270000,
      unknown: ['metal'],
      partial: true,
    });
    expect(costSummaryLine(plan.cost!)).to.equal(
      'Cost: +Rp 150.000 per month (from Rp 240.000 to Rp 390.000); 3 orders due now: Rp 270.000. Partial: (price unknown) for metal; the totals leave it out.',
    );
    expect(changeCostSentence('update', plan.changes[1]!.cost!, 'IDR')).to.equal(
      '+Rp 30.000 per month (from Rp 120.000 to Rp 150.000), due now Rp 30.000',
    );
    expect(changeCostSentence('delete', plan.changes[0]!.cost!, 'IDR')).to.equal('stops billing Rp 120.000 per month');
  });

  it('new creates priced with one remembered quote share one cost, frozen (no reader changes a cost)', async () => {
    const create = (address: string): Change => ({
      address,
      type: 'cloud_lite_vm',
      mode: 'resource',
      action: 'create',
      reasonCodes: [],
      attributes: [
        { name: 'product_id', before: undefined, after: 1548, sensitive: false },
        { name: 'cycle', before: undefined, after: 'm', sensitive: false },
      ],
      operations: [],
      paidOrders: 1,
      dependsOn: [],
    });
    // More than one batch of addresses: the second batch finds the quote remembered.
    const changes = Array.from({ length: 1200 }, (_, index) => create(`vm_${index}`));
    const plan = { mode: 'apply', changes } as unknown as PlanDocument;
    const state: StateDocument = { format_version: 1, lineage: 'l', serial: 1, outputs: {}, resources: {} };
    await pricePlan(plan, state, { catalogue: defaultCatalogue, listings: listings({ '/lites/products': products }) });
    const last = changes.at(-1)!.cost!;
    expect(last).to.deep.equal({ cycle: 'm', before: 0, after: 120000, due_now: 120000 });
    expect(Object.isFrozen(last)).to.equal(true);
    expect(changes.filter((change) => change.cost === last).length).to.be.greaterThan(200);
    expect(plan.cost).to.include({ monthly_after: 1200 * 120000, due_now: 1200 * 120000, orders: 1200 });
  });

  it('formats money per currency code', () => {
    expect(formatMoney(1550000, 'IDR')).to.equal('Rp 1.550.000');
    expect(formatMoney(350000, 'IDR', true)).to.equal('+Rp 350.000');
    expect(formatMoney(-75000, 'IDR')).to.equal('-Rp 75.000');
    expect(formatMoney(1234, 'XYZ')).to.equal('XYZ 1,234');
    expect(formatMoney(1234, null)).to.equal('1,234');
  });

  it('journal compaction keeps the --allow-over-budget record and drops finished calls', async () => {
    const journal = new FileJournal(join(await tempFolder('cost-journal-'), 'journal.jsonl'));
    const call = await journal.recordIntent({ address: 'web', type: 'cloud_lite_vm', operation: 'create', inputs: {}, match: {} });
    await journal.recordResult(call, { outcome: 'ok', id: '1' });
    await journalOverride(journal, ['the plan would bill Rp 278.000 per month']);
    await journal.compact();
    const entries = await journal.entries();
    expect(entries.map((entry) => (entry.kind === 'intent' ? entry.operation : entry.kind))).to.deep.equal(['allow_over_budget', 'result']);
    expect(await journal.unfinished()).to.deep.equal([]);
  });

  it('the manifest budget block: whole numbers, known keys', () => {
    const base = 'resources: {}\n';
    const loaded = loadManifestFromSource(`${base}budget:\n  monthly_limit: 2000000\n  maxOrdersPerApply: 3\n`, 'm.yaml', { env: {} });
    expect(loaded.manifest.budget).to.include({ monthlyLimit: 2000000, maxOrdersPerApply: 3 });
    const bad = (text: string) => {
      try {
        loadManifestFromSource(`${base}${text}`, 'm.yaml', { env: {} });
      } catch (error) {
        return (error as DiagnosticError).diagnostics.map((diagnostic) => diagnostic.message).join('\n');
      }
      return '';
    };
    expect(bad('budget:\n  monthly_limit: 0\n')).to.include('budget.monthly_limit: expected a whole number above 0');
    expect(bad('budget:\n  monthly_limit: "lots"\n')).to.include('budget.monthly_limit');
    expect(bad('budget:\n  montly_limit: 5\n')).to.match(/montly_limit/);
  });
});
