/**
 * The lite and lite pro resource modules (src/resources/lite) driven
 * directly against an in-process simulator: create, wait, read, in-place
 * operations, delete and list of every type, the shape of every data
 * source, and the catalogue's coverage of the lite / lite pro types (docs/spec-notes.md).
 * Run: npx mocha --no-config --import=tsx test/unit/resources-lite.test.ts
 */
import { expect } from 'chai';
import type { Attributes } from '../../src/core/types.js';
import type { DataSourceType, ResourceType } from '../../src/resources/attribute.js';
import { catalogue, lookupDataSourceType, lookupResourceType, lookupType } from '../../src/resources/index.js';
import { existingIds } from '../../src/engine/reconcile/index.js';
import { useSimulatorApi } from '../support/simulator.js';

const PASSWORD = 'Sup3rSecretPw';

function resource(name: string): ResourceType {
  const type = lookupResourceType(name);
  if (!type) throw new Error(`no resource type ${name}`);
  return type;
}

function dataSource(name: string): DataSourceType {
  const type = lookupDataSourceType(name);
  if (!type) throw new Error(`no data source ${name}`);
  return type;
}

/** The inputs as the engine passes them: the attribute table's defaults, then the given values. */
function withDefaults(type: ResourceType, given: Attributes): Attributes {
  const inputs: Attributes = {};
  for (const [name, attribute] of Object.entries(type.attributes)) {
    if (attribute.mode === 'optional' && attribute.default !== undefined) inputs[name] = attribute.default;
  }
  return { ...inputs, ...given };
}

describe('lite and lite pro resource modules against the simulator', function () {
  this.timeout(30_000);
  const cloud = useSimulatorApi();
  const { context } = cloud;

  /** Creates, waits for and reads a resource; returns its id and read attributes. */
  async function provision(typeName: string, given: Attributes): Promise<{ id: string; created: Attributes; read: Attributes }> {
    const type = resource(typeName);
    const result = await type.create(context(), withDefaults(type, given));
    await type.waitUntilReady?.(context(), result.id);
    const read = await type.read(context(), result.id, undefined);
    expect(read, `${typeName} ${result.id} read after create`).to.not.equal(null);
    return { id: result.id, created: result.attributes, read: read as Attributes };
  }

  const lastOrder = () => cloud.sim.ledger().at(-1);

  // A lite VM (and its keypair) shared by the snapshot, restore and disk tests.
  let liteProductId: number;
  let liteKeypairId: number;
  let liteVmId: string;

  before(async () => {
    const products = (await dataSource('cloud_lite_products').read(context(), {})).products as Array<{ product_id: number }>;
    liteProductId = products[0]!.product_id;
    const oss = (await dataSource('cloud_lite_os_list').read(context(), { product_id: liteProductId })).oss as Array<{ name: string }>;
    const key = await resource('cloud_lite_keypair').create(context(), { name: 'lite-key' });
    liteKeypairId = Number(key.id);
    const vm = await provision('cloud_lite_vm', {
      product_id: liteProductId,
      cycle: 'm',
      select_os: oss[0]!.name,
      keypair_id: liteKeypairId,
      ssh_and_console_user: 'deployer',
      console_password: PASSWORD,
      vm_name: 'source-vm-01',
    });
    liteVmId = vm.id;
  });

  describe('cloud_lite_pro_vm and cloud_lite_pro_keypair', () => {
    it('creates a lite pro VM with a lite pro keypair and reads it back', async () => {
      const products = (await dataSource('cloud_lite_pro_products').read(context(), {})).products as Array<{ product_id: number }>;
      const productId = products[0]!.product_id;
      const oss = (await dataSource('cloud_lite_pro_os_list').read(context(), { product_id: productId })).oss as Array<{ name: string }>;
      const keypair = resource('cloud_lite_pro_keypair');
      expect(keypair.keypairPool).to.equal('lite_pro');
      const key = await keypair.create(context(), { name: 'pro-key' });
      expect(key.attributes.private_key).to.be.a('string').and.not.equal('');

      const vm = await provision('lite_pro_vm', {
        product_id: productId,
        cycle: 'm',
        select_os: oss[0]!.name,
        keypair_id: Number(key.id),
        ssh_and_console_user: 'deployer',
        console_password: PASSWORD,
        vm_name: 'pro-server-01',
      });
      expect(vm.created.order_id).to.be.a('string').and.not.equal('');
      expect(vm.read).to.include({
        id: vm.id,
        status: 'Active',
        product_id: productId,
        keypair_id: Number(key.id),
        vm_name: 'pro-server-01',
      });
      expect(lastOrder()).to.include({ operation: 'lite-pro.create', path: '/v1/lite-pros', account_id: vm.id });
      expect(lookupType('cloud:index:LiteProVm')?.type).to.equal('cloud_lite_pro_vm');
    });
  });

  describe('cloud_lite_snapshot', () => {
    it('creates a snapshot (paid), waits for Active, reads name/description/VM and deletes it', async () => {
      const snapshot = resource('cloud_lite_snapshot');
      const created = await snapshot.create(
        context(),
        withDefaults(snapshot, { lite_account_id: Number(liteVmId), cycle: 'm', description: 'before upgrade' }),
      );
      expect(lastOrder()).to.deep.include({
        operation: 'lite.snapshot-create',
        path: `/v1/lites/accounts/${liteVmId}/snapshot`,
        account_id: created.id,
        body: { cycle: 'm', name: 'snapshot-name', description: 'before upgrade', pay_invoice_with_cc: 'yes' },
      });
      expect(created.attributes.order_id).to.be.a('string').and.not.equal('');
      await snapshot.waitUntilReady!(context(), created.id);
      const read = await snapshot.read(context(), created.id, undefined);
      expect(read).to.deep.equal({
        id: created.id,
        status: 'Active',
        name: 'snapshot-name',
        description: 'before upgrade',
        lite_account_id: Number(liteVmId),
      });

      await snapshot.delete(context(), created.id, read!);
      expect(await snapshot.read(context(), created.id, read!)).to.equal(null);
      await snapshot.delete(context(), created.id, read!); // already gone: a 404 counts as deleted
    });

    it('every input recreates; timeouts are create and delete', () => {
      const snapshot = resource('cloud_lite_snapshot');
      for (const [name, attribute] of Object.entries(snapshot.attributes)) {
        if (attribute.mode === 'computed' || name === 'timeouts') continue;
        expect(attribute.policy, name).to.deep.equal({ kind: 'replace' });
      }
      expect(snapshot.attributes.pay_with_credit_card?.writeOnly).to.equal(true);
      expect(snapshot.attributes.name?.default).to.equal('snapshot-name');
      expect(Object.keys(snapshot.attributes.timeouts?.fields ?? {})).to.deep.equal(['create', 'delete']);
      expect(resource('cloud_lite_pro_snapshot').attributes).to.have.all.keys(Object.keys(snapshot.attributes));
    });
  });

  describe('cloud_lite_vm_from_snapshot', () => {
    it('restores a snapshot into a new VM; deleting the VM leaves the snapshot alive', async () => {
      const snap = await provision('cloud_lite_snapshot', { lite_account_id: Number(liteVmId), cycle: 'm', name: 'restore-src' });
      const restored = await provision('cloud_lite_vm_from_snapshot', {
        snapshot_id: Number(snap.id),
        product_id: liteProductId,
        cycle: 'm',
        keypair_id: liteKeypairId,
        name: 'restored-01',
        ssh_and_console_user: 'deployer',
        console_password: PASSWORD,
      });
      const order = lastOrder()!;
      expect(order).to.include({
        operation: 'lite.snapshot-create-vm',
        path: `/v1/lites/snapshots/accounts/${snap.id}/create`,
        account_id: restored.id,
      });
      expect(order.body).to.include({
        name: 'restored-01',
        product_id: liteProductId,
        keypair_id: liteKeypairId,
        pay_invoice_with_cc: 'yes',
      });
      expect(order.body).to.not.have.property('vm_name');
      expect(order.body).to.not.have.property('snapshot_id');
      // Read = the lite Account's status only (issue 10, case 2): nothing that forces a replace is read back.
      expect(restored.read).to.deep.equal({ id: restored.id, status: 'Active' });

      const type = resource('cloud_lite_vm_from_snapshot');
      const seen = cloud.sim.requests().length;
      await type.delete(context(), restored.id, restored.read);
      expect(await type.read(context(), restored.id, restored.read)).to.equal(null);
      const snapshotAfter = await resource('cloud_lite_snapshot').read(context(), snap.id, snap.read);
      expect(snapshotAfter).to.include({ id: snap.id, status: 'Active' });
      const deletes = cloud.sim
        .requests()
        .slice(seen)
        .filter((request) => request.method === 'DELETE');
      expect(deletes.map((request) => request.path)).to.deep.equal([`/v1/lites/${restored.id}`]);
    });

    it('every input recreates, and the lite pro group has no such type', () => {
      const type = resource('cloud_lite_vm_from_snapshot');
      for (const [name, attribute] of Object.entries(type.attributes)) {
        if (attribute.mode === 'computed' || name === 'timeouts') continue;
        expect(attribute.policy, name).to.deep.equal({ kind: 'replace' });
      }
      expect(type.attributes.console_password).to.include({ sensitive: true, writeOnly: true });
      expect(type.attributes.keypair_id?.keypairPool).to.equal('lite');
      expect(lookupType('cloud_lite_pro_vm_from_snapshot')).to.equal(undefined);
    });
  });

  describe('cloud_lite_disk and cloud_lite_pro_disk', () => {
    let diskId: string;

    it('creates a lite disk with the default size (60 GB) and reads it', async () => {
      const disks = (await dataSource('cloud_lite_disk_products').read(context(), {})).products as Array<{ product_id: number }>;
      const disk = await provision('cloud_lite_disk', { product_id: disks[0]!.product_id, cycle: 'm', lite_account_id: Number(liteVmId) });
      diskId = disk.id;
      expect(lastOrder()).to.deep.include({
        operation: 'lite.disk-create',
        path: '/v1/lites/disks',
        account_id: disk.id,
        body: {
          product_id: disks[0]!.product_id,
          cycle: 'm',
          lite_account_id: Number(liteVmId),
          service_name: 'service-name',
          size: 60,
          pay_invoice_with_cc: 'yes',
        },
      });
      expect(disk.read).to.include({
        id: disk.id,
        status: 'Active',
        size: 60,
        service_name: 'service-name',
        product_id: disks[0]!.product_id,
        lite_account_id: Number(liteVmId),
      });
      expect(JSON.parse(String(disk.read.raw))).to.include({ size: 60 });
    });

    it('upgrades 60 → 100 GB by sending additional_size 40, then waits; an equal size sends nothing', async () => {
      const type = resource('cloud_lite_disk');
      const inputs = withDefaults(type, { size: 100 });
      const before = cloud.sim.ledger().length;
      const result = await type.operations.upgrade_size!(context(), diskId, { value: 100, before: 60, inputs });
      expect(result).to.deep.equal({ wait: true });
      expect(cloud.sim.ledger()).to.have.length(before + 1);
      expect(lastOrder()).to.deep.include({
        method: 'PUT',
        operation: 'lite.disk-upgrade',
        path: `/v1/lites/disks/accounts/${diskId}`,
        body: { additional_size: 40, pay_invoice_with_cc: 'yes' },
      });
      await type.waitUntilReady!(context(), diskId);
      expect(await type.read(context(), diskId, undefined)).to.include({ size: 100, status: 'Active' });

      expect(await type.operations.upgrade_size!(context(), diskId, { value: 100, before: 100, inputs })).to.deep.equal({ wait: false });
      expect(cloud.sim.ledger()).to.have.length(before + 1);
    });

    it('size is grow-only with the group minimum; the lite pro disk defaults to and accepts 30 GB', async () => {
      const liteSize = resource('cloud_lite_disk').attributes.size!;
      expect(liteSize).to.deep.include({
        default: 60,
        unit: 'GB',
        policy: { kind: 'grow', operation: 'upgrade_size' },
        constraints: { minimum: 60 },
      });
      const proType = resource('cloud_lite_pro_disk');
      expect(proType.attributes.size).to.deep.include({ default: 30, constraints: { minimum: 30 } });
      expect(proType.paidOperations).to.deep.equal(['upgrade_size']);

      const proVm = (await resource('cloud_lite_pro_vm').list!(context()))[0]!;
      const products = (await dataSource('cloud_lite_pro_disk_products').read(context(), {})).products as Array<{ product_id: number }>;
      const disk = await provision('cloud_lite_pro_disk', {
        product_id: products[0]!.product_id,
        cycle: 'm',
        lite_account_id: Number(proVm.id),
      });
      expect(disk.read).to.include({ size: 30, status: 'Active' });
      expect(lastOrder()).to.include({ operation: 'lite-pro.disk-create', path: '/v1/lite-pros/disks' });
    });

    it('deletes a disk; read then answers null', async () => {
      const type = resource('cloud_lite_disk');
      await type.delete(context(), diskId, {});
      expect(await type.read(context(), diskId, undefined)).to.equal(null);
      expect(
        cloud.sim
          .requests()
          .filter((request) => request.method === 'DELETE')
          .at(-1)?.path,
      ).to.equal(`/v1/lites/disks/${diskId}`);
    });
  });

  describe('list()', () => {
    it('every lite-style resource type lists its live resources, mapped like read, without Terminated ones', async () => {
      const lists: Record<string, Array<{ id: string; attributes: Attributes }>> = {};
      for (const entry of catalogue.values()) {
        if (entry.kind !== 'resource' || !entry.type.startsWith('cloud_lite')) continue;
        expect(entry.list, `${entry.type}.list`).to.be.a('function');
        lists[entry.type] = await entry.list!(context());
        for (const item of lists[entry.type]!) {
          expect(item.attributes.id, entry.type).to.equal(item.id);
          expect(item.attributes.status ?? 'n/a', entry.type).to.not.equal('Terminated');
        }
      }
      const ids = (type: string) => lists[type]!.map((item) => item.id);

      expect(ids('cloud_lite_keypair')).to.include(String(liteKeypairId));
      expect(lists.cloud_lite_keypair!.find((item) => item.id === String(liteKeypairId))?.attributes).to.include({
        name: 'lite-key',
        keypair_id: liteKeypairId,
      });
      expect(lists.cloud_lite_pro_keypair).to.have.length(1);

      const vm = lists.cloud_lite_vm!.find((item) => item.id === liteVmId);
      expect(vm?.attributes).to.include({
        status: 'Active',
        vm_name: 'source-vm-01',
        keypair_id: liteKeypairId,
        product_id: liteProductId,
        ssh_and_console_user: 'deployer',
        cycle: 'm',
      });
      expect(lists.cloud_lite_pro_vm).to.have.length(1);

      // The restored VM was deleted (Terminated): gone from both VM lists.
      expect(lists.cloud_lite_vm_from_snapshot!.map((item) => item.id)).to.deep.equal(ids('cloud_lite_vm'));

      // One snapshot deleted, one alive; one lite disk deleted, one pro disk alive.
      expect(lists.cloud_lite_snapshot).to.have.length(1);
      expect(lists.cloud_lite_snapshot![0]!.attributes).to.include({
        name: 'restore-src',
        lite_account_id: Number(liteVmId),
        status: 'Active',
      });
      expect(lists.cloud_lite_pro_snapshot).to.deep.equal([]);
      expect(lists.cloud_lite_disk).to.deep.equal([]);
      expect(lists.cloud_lite_pro_disk).to.have.length(1);
      expect(lists.cloud_lite_pro_disk![0]!.attributes).to.include({ size: 30 });

      // What an apply records as existing before its first create of a type: the same ids, Terminated left out,
      // taken from the list's items without mapping them where the type reads by listing.
      for (const [type, listed] of Object.entries(lists)) {
        expect(await existingIds(resource(type), context()), type).to.deep.equal(listed.map((item) => item.id));
      }
    });
  });

  describe('data sources', () => {
    for (const [prefix, group] of [
      ['cloud_lite', '/lites'],
      ['cloud_lite_pro', '/lite-pros'],
    ] as const) {
      it(`${prefix}: change-package and storage-upgrade options export only raw JSON of the opaque object`, async () => {
        const vms = await resource(`${prefix}_vm`).list!(context());
        const accountId = Number(vms[0]!.id);
        const changePackage = dataSource(`${prefix}_change_package_options`);
        expect(Object.keys(changePackage.attributes)).to.deep.equal(['account_id', 'raw']);
        expect(changePackage.attributes.account_id).to.include({ type: 'int64', mode: 'required' });
        const packages = await changePackage.read(context(), { account_id: accountId });
        expect(Object.keys(packages)).to.deep.equal(['raw']);
        expect(JSON.parse(String(packages.raw))).to.include.keys('packages', 'current');

        const storage = dataSource(`${prefix}_storage_upgrade_options`);
        expect(Object.keys(storage.attributes)).to.deep.equal(['account_id', 'raw']);
        const options = await storage.read(context(), { account_id: accountId });
        expect(Object.keys(options)).to.deep.equal(['raw']);
        expect(JSON.parse(String(options.raw))).to.include.keys('current_disk_size', 'price_per_gb');
        expect(cloud.sim.requests().some((request) => request.path === `/v1${group}/accounts/${accountId}/storage`)).to.equal(true);
      });

      it(`${prefix}: disk and snapshot products are lists with product ids`, async () => {
        const disks = await dataSource(`${prefix}_disk_products`).read(context(), {});
        expect(Object.keys(disks)).to.deep.equal(['products']);
        expect(disks.products).to.be.an('array').that.is.not.empty;
        expect((disks.products as Array<Record<string, unknown>>)[0]).to.include.keys('product_id', 'name');

        const snapshots = await dataSource(`${prefix}_snapshot_products`).read(context(), {});
        expect(Object.keys(snapshots)).to.deep.equal(['products']);
        expect((snapshots.products as Array<Record<string, unknown>>)[0]).to.include.keys('product_id', 'name', 'billing', 'options');
      });

      it(`${prefix}: products, OS list and IP availability keep their shapes`, async () => {
        const products = (await dataSource(`${prefix}_products`).read(context(), {})).products as Array<{ product_id: number }>;
        expect(products[0]).to.include.keys('product_id', 'name', 'description', 'category_id', 'category_name', 'options', 'billing');
        const oss = (await dataSource(`${prefix}_os_list`).read(context(), { product_id: products[0]!.product_id })).oss as Array<
          Record<string, unknown>
        >;
        expect(oss[0]).to.include.keys('vmid', 'node', 'name', 'maxmem', 'maxcpu');
        const ip = await dataSource(`${prefix}_ip_availability`).read(context(), { product_id: products[0]!.product_id });
        expect(ip.available).to.be.a('boolean');
      });
    }
  });
});

describe('the catalogue covers every lite and lite pro type (docs/spec-notes.md)', () => {
  const resources = [
    'cloud_lite_vm',
    'cloud_lite_keypair',
    'cloud_lite_snapshot',
    'cloud_lite_vm_from_snapshot',
    'cloud_lite_disk',
    'cloud_lite_pro_vm',
    'cloud_lite_pro_keypair',
    'cloud_lite_pro_snapshot',
    'cloud_lite_pro_disk',
  ];
  const dataSources = [
    'cloud_lite_products',
    'cloud_lite_os_list',
    'cloud_lite_change_package_options',
    'cloud_lite_storage_upgrade_options',
    'cloud_lite_ip_availability',
    'cloud_lite_pro_products',
    'cloud_lite_pro_os_list',
    'cloud_lite_pro_change_package_options',
    'cloud_lite_pro_storage_upgrade_options',
    'cloud_lite_pro_ip_availability',
    'cloud_lite_disk_products',
    'cloud_lite_snapshot_products',
    'cloud_lite_pro_disk_products',
    'cloud_lite_pro_snapshot_products',
  ];

  it('has each resource type and data source, findable by type, alias and token', () => {
    for (const name of resources) {
      const entry = catalogue.get(name);
      expect(entry?.kind, name).to.equal('resource');
      expect(lookupType(name.replace(/^cloud_/, ''))).to.equal(entry);
      expect(lookupType(entry!.token)).to.equal(entry);
    }
    for (const name of dataSources) {
      const entry = catalogue.get(name);
      expect(entry?.kind, name).to.equal('data');
      expect(lookupType(name.replace(/^cloud_/, ''))).to.equal(entry);
      expect(lookupType(entry!.token)).to.equal(entry);
    }
  });

  it('lite pro VM mirrors the lite VM without migrate_to_pro and with the lite pro keypair pool', () => {
    const liteVm = resource('cloud_lite_vm');
    const proVm = resource('cloud_lite_pro_vm');
    expect(proVm.token).to.equal('cloud:index:LiteProVm');
    expect(Object.keys(proVm.attributes)).to.deep.equal(Object.keys(liteVm.attributes).filter((name) => name !== 'migrate_to_pro'));
    expect(proVm.attributes.keypair_id?.keypairPool).to.equal('lite_pro');
    expect(proVm.attributes.cycle?.policy?.kind).to.equal('reject');
  });

  it('every attribute of every lite-style entry has a sentence as its description', () => {
    for (const entry of catalogue.values()) {
      if (!entry.type.startsWith('cloud_lite')) continue;
      expect(entry.description, entry.type).to.match(/^[A-Z`].*\.$/);
      const check = (path: string, attribute: { description: string; fields?: Record<string, { description: string }> }) => {
        expect(attribute.description, path).to.match(/^[A-Z`].{8,}\.$/s);
        for (const [name, field] of Object.entries(attribute.fields ?? {})) check(`${path}.${name}`, field);
      };
      for (const [name, attribute] of Object.entries(entry.attributes)) check(`${entry.type}.${name}`, attribute);
    }
  });
});
