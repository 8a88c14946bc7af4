/**
 * Unit tests of the bare-metal group's resource modules
 * (src/resources/baremetal/**), each driven directly against the in-process
 * simulator: create → waitUntilReady → read, every in-place operation,
 * list, delete, import ids, and the data sources' shapes.
 * Run: npx mocha --no-config --import=tsx test/unit/resources-baremetal.test.ts
 */
import { expect } from 'chai';
import { ResourceFailedError } from '../../src/api/errors.js';
import type { Attributes } from '../../src/core/types.js';
import type { CatalogueEntry, DataSourceType, ResourceType } from '../../src/resources/attribute.js';
import { additionalIpType } from '../../src/resources/baremetal/additional-ip.js';
import { assignmentType, parseAssignmentId } from '../../src/resources/baremetal/assignment.js';
import {
  additionalIpProductsSource,
  additionalIpRegionsSource,
  baremetalProductsSource,
  elasticStorageProductsSource,
  openvpnSource,
  rebuildOsListSource,
} from '../../src/resources/baremetal/data.js';
import { elasticStorageType } from '../../src/resources/baremetal/elastic-storage.js';
import { baremetalEntries } from '../../src/resources/baremetal/index.js';
import { baremetalKeypairType } from '../../src/resources/baremetal/keypair.js';
import { baremetalServerType } from '../../src/resources/baremetal/server.js';
import { generateEd25519 } from '../../src/sim/keys.js';
import { useSimulatorApi } from '../support/simulator.js';

describe('bare-metal resources (against the simulator)', function () {
  this.timeout(30_000);

  const cloud = useSimulatorApi();
  const { context } = cloud;

  /** Creates a resource, waits for it and reads it back, as the engine does. */
  async function createAndRead(type: ResourceType, inputs: Attributes): Promise<{ id: string; created: Attributes; read: Attributes }> {
    const created = await type.create(context(), inputs);
    if (type.waitUntilReady) await type.waitUntilReady(context(), created.id);
    const read = await type.read(context(), created.id, { ...inputs, ...created.attributes });
    expect(read, `${type.type} ${created.id} read back`).to.not.equal(null);
    return { id: created.id, created: created.attributes, read: read! };
  }

  /** Runs an operation and, when it asks for it, waits like the engine. */
  async function operate(
    type: ResourceType,
    name: string,
    id: string,
    value: Attributes[string],
    before: Attributes[string],
    inputs: Attributes,
  ): Promise<{ wait: boolean }> {
    const result = await type.operations[name]!(context(), id, { value, before, inputs });
    if (result.wait && type.waitUntilReady) await type.waitUntilReady(context(), id);
    return result;
  }

  const lastOrder = (operation: string) =>
    cloud.sim
      .ledger()
      .filter((entry) => entry.operation === operation)
      .at(-1);

  // Shared fixtures, built in order by the tests below.
  let productId = 0;
  let keypairId = 0;
  let serverId = '';
  let serverInputs: Attributes = {};
  let ipId = '';

  describe('catalogue entries', () => {
    it('exports every type of the spec (docs/spec-notes.md) with its token and short alias', () => {
      const byType = new Map(baremetalEntries.map((entry) => [entry.type, entry]));
      // Each row: the alias (the type is `cloud_<alias>`), the name in the token `cloud:index:<name>`, the kind.
      const rows: Array<[string, string, 'resource' | 'data']> = [
        ['baremetal', 'Baremetal', 'resource'],
        ['baremetal_keypair', 'BaremetalKeypair', 'resource'],
        ['baremetal_additional_ip', 'BaremetalAdditionalIp', 'resource'],
        ['baremetal_additional_ip_assignment', 'BaremetalAdditionalIpAssignment', 'resource'],
        ['baremetal_elastic_storage', 'BaremetalElasticStorage', 'resource'],
        ['baremetal_products', 'baremetalProducts', 'data'],
        ['baremetal_rebuild_os_list', 'baremetalRebuildOsList', 'data'],
        ['baremetal_openvpn', 'baremetalOpenvpn', 'data'],
        ['baremetal_additional_ip_products', 'baremetalAdditionalIpProducts', 'data'],
        ['baremetal_additional_ip_regions', 'baremetalAdditionalIpRegions', 'data'],
        ['baremetal_elastic_storage_products', 'baremetalElasticStorageProducts', 'data'],
      ];
      const expected = rows.map(([alias, name, kind]) => [`cloud_${alias}`, `cloud:index:${name}`, alias, kind] as const);
      for (const [type, token, alias, kind] of expected) {
        const entry = byType.get(type);
        expect(entry, type).to.not.equal(undefined);
        expect(entry!.token, type).to.equal(token);
        expect(entry!.aliases, type).to.include(alias);
        expect(entry!.kind, type).to.equal(kind);
      }
    });

    it('describes every attribute with a sentence, and every resource can list', () => {
      const check = (entry: CatalogueEntry, name: string, description: string) => {
        expect(description, `${entry.type}.${name}`).to.match(/^[A-Z`].*[.)]$/s);
      };
      for (const entry of baremetalEntries) {
        expect(entry.description).to.match(/\.$/);
        for (const [name, attribute] of Object.entries(entry.attributes)) {
          check(entry, name, attribute.description);
          for (const [field, sub] of Object.entries(attribute.fields ?? {})) check(entry, `${name}.${field}`, sub.description);
          if (attribute.mode === 'computed' || entry.kind === 'data') expect(attribute.policy, `${entry.type}.${name}`).to.equal(undefined);
          else expect(attribute.policy, `${entry.type}.${name}`).to.not.equal(undefined);
        }
        if (entry.kind === 'resource') {
          expect(entry.list, `${entry.type}.list`).to.be.a('function');
          for (const operation of entry.operationOrder)
            expect(entry.operations[operation], `${entry.type}.${operation}`).to.be.a('function');
          expect(Object.keys(entry.operations).sort()).to.deep.equal([...entry.operationOrder].sort());
        }
      }
    });

    it('gives the server the policies of docs/api/policies.md and docs/design.md', () => {
      const a = baremetalServerType.attributes;
      for (const name of ['product_id', 'cycle', 'select_os', 'keypair_id', 'public_ip', 'promocode']) {
        expect(a[name]!.policy!.kind, name).to.equal('reject');
        expect((a[name]!.policy as { hint: string }).hint, name).to.contain('cloudctl apply --replace ADDRESS');
      }
      expect((a.select_os!.policy as { hint: string }).hint).to.contain('rebuild_os');
      expect(a.select_os!.default).to.equal('ubuntu-22');
      expect(a.public_ip!.default).to.equal(1);
      expect(a.keypair_id!.keypairPool).to.equal('baremetal');
      expect(a.promocode!.writeOnly).to.equal(true);
      expect(a.label!.policy).to.deep.equal({ kind: 'update', operation: 'label' });
      expect(a.label!.constraints!.maxLength).to.equal(16);
      expect(a.pay_with_credit_card!.policy).to.deep.equal({ kind: 'local' });
      expect(a.power_state!.policy).to.deep.equal({ kind: 'desired', operation: 'power' });
      expect(a.power_state!.constraints!.enum).to.deep.equal(['on', 'off']);
      expect(a.reset_trigger!.policy).to.deep.equal({ kind: 'trigger', operation: 'reset' });
      expect(a.reset_trigger!.writeOnly).to.equal(true);
      expect(a.rebuild_os!.policy).to.deep.equal({ kind: 'trigger', operation: 'rebuild' });
      expect(a.rebuild_os!.writeOnly).to.equal(true);
      expect(a.rebuild_os!.allowedValues).to.deep.equal({
        dataSource: 'cloud_baremetal_rebuild_os_list',
        argument: 'account_id',
        field: 'oss',
      });
      for (const name of ['status', 'order_id', 'ip_address', 'created_at', 'raw']) expect(a[name]!.mode, name).to.equal('computed');
      expect(a.raw!.sensitive).to.equal(true);
      expect(Object.keys(a.timeouts!.fields!)).to.deep.equal(['create', 'update', 'delete']);
      expect(baremetalServerType.operationOrder).to.deep.equal(['label', 'power', 'reset', 'rebuild']);
      expect(baremetalServerType.paidCreate).to.equal(true);
      expect(baremetalServerType.parseImportId!('0042')).to.equal('42');
      expect(() => baremetalServerType.parseImportId!('web')).to.throw(/account id/);
    });

    it('gives storage, IPs, assignments and keypairs their policies', () => {
      const s = elasticStorageType.attributes;
      expect(s.product_id!.policy).to.deep.equal({ kind: 'update', operation: 'change_package' });
      expect(s.size!.policy).to.deep.equal({ kind: 'grow', operation: 'upgrade_size' });
      expect(s.size!.default).to.equal(100);
      expect(s.size!.unit).to.equal('GB');
      for (const name of ['cycle', 'storage_name', 'metal_account_id', 'promocode'])
        expect(s[name]!.policy!.kind, name).to.equal('replace');
      expect(Object.keys(s.timeouts!.fields!)).to.deep.equal(['create', 'update', 'delete']);
      expect(elasticStorageType.operationOrder).to.deep.equal(['upgrade_size', 'change_package']);
      expect(elasticStorageType.paidOperations).to.have.members(['upgrade_size', 'change_package']);

      const ip = additionalIpType.attributes;
      for (const name of ['product_id', 'cycle', 'region', 'promocode']) expect(ip[name]!.policy!.kind, name).to.equal('replace');
      expect(ip.region!.default).to.equal('wjv-1');
      expect(ip.cycle!.constraints!.enum).to.deep.equal(['m', 'a']);
      expect(ip.pay_with_credit_card!.policy!.kind).to.equal('local');
      expect(Object.keys(ip.timeouts!.fields!)).to.deep.equal(['create', 'delete']);

      const asg = assignmentType.attributes;
      expect(asg.additional_ip_id!.policy!.kind).to.equal('replace');
      expect(asg.metal_account_id!.policy!.kind).to.equal('replace');
      expect(assignmentType.paidCreate).to.equal(false);
      expect(assignmentType.waitUntilReady).to.equal(undefined);

      const kp = baremetalKeypairType.attributes;
      expect(baremetalKeypairType.keypairPool).to.equal('baremetal');
      expect(kp.name!.policy!.kind).to.equal('replace');
      expect(kp.public_key!.mode).to.equal('optional');
      expect(kp.public_key!.policy!.kind).to.equal('replace');
      expect(kp.private_key).to.include({ mode: 'computed', sensitive: true, keepFromCreate: true });
      expect(kp.raw!.sensitive).to.equal(true);
    });

    it('marks the OpenVPN config and raw sensitive', () => {
      expect(openvpnSource.attributes.config).to.include({ type: 'string', mode: 'computed', sensitive: true });
      expect(openvpnSource.attributes.raw!.sensitive).to.equal(true);
    });
  });

  describe('catalog data sources', () => {
    it('cloud_baremetal_products returns product_id, name, description and raw', async () => {
      const { products } = await baremetalProductsSource.read(context(), {});
      expect(products).to.be.an('array').that.is.not.empty;
      const first = (products as Array<Record<string, unknown>>)[0]!;
      expect(Object.keys(first).sort()).to.deep.equal(['description', 'name', 'product_id', 'raw']);
      expect(first.product_id).to.be.a('number');
      expect(first.name).to.equal('m3.small.x86');
      expect(JSON.parse(first.raw as string)).to.include({ product_id: first.product_id });
      productId = first.product_id as number;
    });

    it('the additional-IP and storage products, and the regions', async () => {
      for (const source of [additionalIpProductsSource, elasticStorageProductsSource] as DataSourceType[]) {
        const { products } = await source.read(context(), {});
        const items = products as Array<Record<string, unknown>>;
        expect(items.length, source.type).to.be.greaterThan(0);
        for (const item of items) {
          expect(item.product_id, source.type).to.be.a('number');
          expect(item.name, source.type).to.be.a('string').that.is.not.empty;
          expect(item.raw, source.type).to.be.a('string');
        }
      }
      const { regions } = await additionalIpRegionsSource.read(context(), {});
      expect(regions).to.deep.equal(['wjv-1', 'jkt-1', 'sgp-1']);
    });

    it('cloud_baremetal_openvpn returns the config text, masked in raw', async () => {
      const result = await openvpnSource.read(context(), {});
      expect(result.config).to.be.a('string').and.to.contain('client');
      expect(result.raw).to.be.a('string').and.not.to.contain('BEGIN CERTIFICATE');
    });
  });

  describe('cloud_baremetal_keypair', () => {
    it('generates a pair server-side: private key returned once, read back from the list', async () => {
      const created = await baremetalKeypairType.create(context(), { name: 'deploy-key' });
      expect(created.id).to.match(/^\d+$/);
      expect(created.attributes).to.include({ id: created.id, keypair_id: Number(created.id), name: 'deploy-key' });
      expect(created.attributes.private_key).to.be.a('string').and.to.contain('PRIVATE KEY');
      expect(created.attributes.public_key).to.match(/^ssh-ed25519 /);
      expect(created.attributes.raw).to.not.contain('PRIVATE KEY');

      const read = await baremetalKeypairType.read(context(), created.id, created.attributes);
      expect(read).to.include({
        id: created.id,
        keypair_id: Number(created.id),
        name: 'deploy-key',
        public_key: created.attributes.public_key,
      });
      expect(read).to.not.have.property('private_key');
      keypairId = Number(created.id);
    });

    it('imports a given public key: no private key, the given spelling kept', async () => {
      const publicKey = `${generateEd25519('imported').public_key}\n`; // a YAML block scalar ends in a newline
      const created = await baremetalKeypairType.create(context(), { name: 'imported-key', public_key: publicKey });
      expect(created.attributes).to.not.have.property('private_key');
      expect(created.attributes.public_key).to.equal(publicKey);
      const read = await baremetalKeypairType.read(context(), created.id, {
        name: 'imported-key',
        public_key: publicKey,
        ...created.attributes,
      });
      expect(read!.public_key).to.equal(publicKey);
      // An import of the keypair (no prior) takes the service's spelling.
      const imported = await baremetalKeypairType.read(context(), created.id, undefined);
      expect(imported!.public_key).to.equal(publicKey.trim());

      const listed = await baremetalKeypairType.list!(context());
      expect(listed.map((item) => item.id)).to.include.members([String(keypairId), created.id]);

      await baremetalKeypairType.delete(context(), created.id, created.attributes);
      expect(await baremetalKeypairType.read(context(), created.id, created.attributes)).to.equal(null);
      await baremetalKeypairType.delete(context(), created.id, created.attributes); // 404 is fine
    });
  });

  describe('cloud_baremetal', () => {
    it('orders a server, waits for Active and reads it back', async () => {
      serverInputs = {
        product_id: productId,
        cycle: 'm',
        select_os: 'ubuntu-22',
        keypair_id: keypairId,
        label: 'web-01',
        public_ip: 1,
        pay_with_credit_card: true,
      };
      const created = await baremetalServerType.create(context(), serverInputs);
      expect(created.id).to.match(/^\d+$/);
      expect(created.attributes.order_id).to.be.a('string').that.is.not.empty;
      const order = lastOrder('baremetal.create')!;
      expect(order.account_id).to.equal(created.id);
      // Every input goes on the wire under its own name, except the card flag.
      const { pay_with_credit_card: _card, ...sentAsIs } = serverInputs;
      expect(order.body).to.deep.include({ ...sentAsIs, pay_invoice_with_cc: 'yes' });

      // Right after the order it is Pending, and read says so.
      const pending = await baremetalServerType.read(context(), created.id, serverInputs);
      expect(pending!.status).to.equal('Pending');

      await baremetalServerType.waitUntilReady!(context(), created.id);
      const read = await baremetalServerType.read(context(), created.id, { ...serverInputs, ...created.attributes });
      expect(read).to.include({
        id: created.id,
        status: 'Active',
        label: 'web-01',
        product_id: productId,
        keypair_id: keypairId,
        power_state: 'on',
      });
      expect(read!.ip_address).to.match(/^\d+\.\d+\.\d+\.\d+$/);
      expect(read!.created_at).to.be.a('string').that.is.not.empty;
      expect(read!.order_id).to.equal(created.attributes.order_id);
      expect(read).to.not.have.property('select_os'); // known from state: never taken from the API
      expect(read!.raw).to.be.a('string');
      serverId = created.id;
    });

    it('never reads select_os back, even on import (the installed OS may have been rebuilt)', async () => {
      const read = await baremetalServerType.read(context(), serverId, undefined);
      expect(read).to.include({ label: 'web-01', keypair_id: keypairId });
      expect(read).to.not.have.property('select_os');
    });

    it('updates the label in place', async () => {
      const result = await operate(baremetalServerType, 'label', serverId, 'web-renamed', 'web-01', {
        ...serverInputs,
        label: 'web-renamed',
      });
      expect(result.wait).to.equal(false);
      const read = await baremetalServerType.read(context(), serverId, serverInputs);
      expect(read!.label).to.equal('web-renamed');
    });

    it('powers off and on, reading the state back', async () => {
      expect((await operate(baremetalServerType, 'power', serverId, 'off', 'on', serverInputs)).wait).to.equal(false);
      expect((await baremetalServerType.read(context(), serverId, serverInputs))!.power_state).to.equal('off');
      await operate(baremetalServerType, 'power', serverId, 'on', 'off', serverInputs);
      expect((await baremetalServerType.read(context(), serverId, serverInputs))!.power_state).to.equal('on');
    });

    it('resets', async () => {
      await operate(baremetalServerType, 'power', serverId, 'off', 'on', serverInputs);
      const result = await operate(baremetalServerType, 'reset', serverId, 'r1', null, serverInputs);
      expect(result.wait).to.equal(false);
      const paths = cloud.sim.requests().map((request) => `${request.method} ${request.path}`);
      expect(paths).to.include(`PUT /v1/baremetals/accounts/${serverId}/state/reset`);
      expect((await baremetalServerType.read(context(), serverId, serverInputs))!.power_state).to.equal('on');
    });

    it('rebuilds with an OS from the rebuild OS list, then waits for Active', async () => {
      const { oss, raw } = await rebuildOsListSource.read(context(), { account_id: Number(serverId) });
      expect(oss).to.be.an('array').that.includes('debian-12');
      for (const os of oss as unknown[]) expect(os).to.be.a('string');
      expect(raw).to.be.a('string');

      const result = await baremetalServerType.operations.rebuild!(context(), serverId, {
        value: 'debian-12',
        before: null,
        inputs: { ...serverInputs, rebuild_os: 'debian-12' },
      });
      expect(result.wait).to.equal(true);
      expect((await baremetalServerType.read(context(), serverId, serverInputs))!.status).to.equal('Pending');
      await baremetalServerType.waitUntilReady!(context(), serverId);
      const read = await baremetalServerType.read(context(), serverId, serverInputs);
      expect(read!.status).to.equal('Active');
      expect(read).to.not.have.property('select_os');
      expect(JSON.parse(read!.raw as string).select_os).to.equal('debian-12');
    });

    it('rejects an OS the rebuild list does not offer', async () => {
      let error: unknown;
      try {
        await baremetalServerType.operations.rebuild!(context(), serverId, { value: 'plan9', before: null, inputs: serverInputs });
      } catch (caught) {
        error = caught;
      }
      expect(error).to.be.instanceOf(Error);
      expect((error as Error).message).to.match(/os must be one of/);
    });

    it('lists the live servers', async () => {
      const listed = await baremetalServerType.list!(context());
      const mine = listed.find((item) => item.id === serverId);
      expect(mine).to.not.equal(undefined);
      expect(mine!.attributes).to.include({ product_id: productId, label: 'web-renamed', keypair_id: keypairId });
    });
  });

  describe('cloud_baremetal_additional_ip and its assignment', () => {
    it('orders an additional IP and waits for Active', async () => {
      const { products } = await additionalIpProductsSource.read(context(), {});
      const inputs: Attributes = {
        product_id: (products as Array<Record<string, unknown>>)[0]!.product_id as number,
        cycle: 'a',
        region: 'jkt-1',
      };
      const { id, read } = await createAndRead(additionalIpType, inputs);
      expect(read).to.include({ id, status: 'Active', region: 'jkt-1', product_id: inputs.product_id });
      expect(read.ip_address).to.match(/^\d+\.\d+\.\d+\.\d+$/);
      expect(read.created_at).to.be.a('string').that.is.not.empty;
      expect(lastOrder('additional-ip.create')!.body).to.deep.include({ cycle: 'a', region: 'jkt-1', pay_invoice_with_cc: 'yes' });
      expect((await additionalIpType.list!(context())).map((item) => item.id)).to.include(id);
      ipId = id;
    });

    it('parses import ids of exactly <metal>:<ip>', () => {
      expect(assignmentType.parseImportId!('100001:100002')).to.equal('100001:100002');
      expect(assignmentType.parseImportId!('007:8')).to.equal('7:8');
      for (const bad of ['100001', '100001:', ':2', 'a:b', '1:2:3', ' 1:2', '1 : 2', '-1:2', '']) {
        expect(() => assignmentType.parseImportId!(bad), bad).to.throw(/expected <metal_account_id>:<additional_ip_id>/);
      }
      expect(parseAssignmentId('12:34')).to.deep.equal({ metal: '12', ip: '34' });
    });

    it('assigns with a composite id (server first), reads, lists and unassigns', async () => {
      const inputs = { additional_ip_id: Number(ipId), metal_account_id: Number(serverId) };
      const created = await assignmentType.create(context(), inputs);
      expect(created.id).to.equal(`${serverId}:${ipId}`);
      expect(cloud.sim.ledger().filter((entry) => entry.path.includes('/assigns'))).to.have.length(0); // not an order

      // As after `cloudctl import`: no prior, inputs come from the id.
      const read = await assignmentType.read(context(), created.id, undefined);
      expect(read).to.include({ id: created.id, additional_ip_id: Number(ipId), metal_account_id: Number(serverId), status: 'assigned' });

      const listed = await assignmentType.list!(context());
      expect(listed.map((item) => item.id)).to.include(created.id);

      await assignmentType.delete(context(), created.id, read!);
      expect(await assignmentType.read(context(), created.id, read!)).to.equal(null);
      await assignmentType.delete(context(), created.id, read!); // 404 counts as unassigned
      expect((await assignmentType.list!(context())).map((item) => item.id)).to.not.include(created.id);
    });

    it('deletes the additional IP', async () => {
      await additionalIpType.delete(context(), ipId, {});
      expect(await additionalIpType.read(context(), ipId, {})).to.equal(null);
      await additionalIpType.delete(context(), ipId, {});
      expect((await additionalIpType.list!(context())).map((item) => item.id)).to.not.include(ipId);
    });
  });

  describe('cloud_baremetal_elastic_storage', () => {
    let storageId = '';
    let inputs: Attributes = {};

    it('orders a volume bound to the server with the default size', async () => {
      inputs = {
        product_id: 5001,
        cycle: 'm',
        storage_name: 'data-volume',
        metal_account_id: Number(serverId),
        size: 100,
        pay_with_credit_card: true,
      };
      const { id, read } = await createAndRead(elasticStorageType, inputs);
      expect(read).to.include({
        id,
        status: 'Active',
        product_id: 5001,
        size: 100,
        storage_name: 'data-volume',
        metal_account_id: Number(serverId),
      });
      expect(read.created_at).to.be.a('string').that.is.not.empty;
      expect(lastOrder('elastic-storage.create')!.body).to.deep.include({
        size: 100,
        metal_account_id: Number(serverId),
        pay_invoice_with_cc: 'yes',
      });
      storageId = id;
    });

    it('grows by sending the new total size (paid), then waits', async () => {
      const result = await operate(elasticStorageType, 'upgrade_size', storageId, 150, 100, { ...inputs, size: 150 });
      expect(result.wait).to.equal(true);
      const order = lastOrder('elastic-storage.upgrade')!;
      expect(order.account_id).to.equal(storageId);
      expect(order.body).to.deep.include({ size: 150, pay_invoice_with_cc: 'yes' });
      const read = await elasticStorageType.read(context(), storageId, inputs);
      expect(read).to.include({ size: 150, status: 'Active' });
    });

    it('changes the package (paid), honouring pay_with_credit_card, then waits', async () => {
      const result = await operate(elasticStorageType, 'change_package', storageId, 5002, 5001, { ...inputs, product_id: 5002 });
      expect(result.wait).to.equal(true);
      expect(lastOrder('elastic-storage.change-package')!.body).to.deep.include({ new_product_id: 5002, pay_invoice_with_cc: 'yes' });
      const read = await elasticStorageType.read(context(), storageId, inputs);
      expect(read).to.include({ product_id: 5002, status: 'Active' });
    });

    it('lists and deletes the volume', async () => {
      expect((await elasticStorageType.list!(context())).map((item) => item.id)).to.include(storageId);
      await elasticStorageType.delete(context(), storageId, inputs);
      expect(await elasticStorageType.read(context(), storageId, inputs)).to.equal(null);
      await elasticStorageType.delete(context(), storageId, inputs);
      expect((await elasticStorageType.list!(context())).map((item) => item.id)).to.not.include(storageId);
    });
  });

  describe('deleting the server', () => {
    it('reads null afterwards (Terminated counts as gone) and drops it from the list', async () => {
      await baremetalServerType.delete(context(), serverId, serverInputs);
      expect(await baremetalServerType.read(context(), serverId, serverInputs)).to.equal(null);
      await baremetalServerType.delete(context(), serverId, serverInputs); // 404 counts as deleted
      expect((await baremetalServerType.list!(context())).map((item) => item.id)).to.not.include(serverId);
    });

    it('a wait on a terminated server fails at once', async () => {
      let error: unknown;
      try {
        await baremetalServerType.waitUntilReady!(context(), serverId);
      } catch (caught) {
        error = caught;
      }
      expect(error).to.be.instanceOf(ResourceFailedError);
    });

    it('an unknown id reads null', async () => {
      expect(await baremetalServerType.read(context(), '999999', undefined)).to.equal(null);
      expect(await elasticStorageType.read(context(), '999999', undefined)).to.equal(null);
      expect(await additionalIpType.read(context(), '999999', undefined)).to.equal(null);
      expect(await baremetalKeypairType.read(context(), '999999', undefined)).to.equal(null);
    });
  });
});
