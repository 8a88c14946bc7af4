/**
 * The manifest `cloudctl import --all` writes (src/engine/adoption/manifest.ts),
 * from discovered accounts of the real catalogue's types: names (valid,
 * unique, independent of list order), references from the attribute tables,
 * defaults left out, variables for what no reply carries, the zero-change
 * mark, no secret; and the wire facts of src/resources/adoption.ts.
 */
import { expect } from 'chai';
import { parse } from 'yaml';
import { defaultCatalogue } from '../../src/manifest/index.js';
import type { Attributes } from '../../src/core/types.js';
import { adoptionManifest, nameFromText } from '../../src/engine/adoption/manifest.js';
import type { DiscoveredResource } from '../../src/engine/adoption/discover.js';
import { discoverableTypes } from '../../src/engine/adoption/discover.js';
import { awaitsPayment, cycleCode } from '../../src/resources/adoption.js';

/** A discovered account of `type` with `attributes` (as an import would record them). */
function account(type: string, id: string, attributes: Attributes): DiscoveredResource {
  const resourceType = defaultCatalogue.resource(type)!;
  return {
    type: resourceType,
    account: { id, attributes, status: 'Active', awaitingPayment: false, recurringAmount: 1000, cycle: 'm' },
    attributes: { id, ...attributes },
  };
}

const key = account('cloud_lite_keypair', '2001', { name: 'team-key', keypair_id: 2001, public_key: 'ssh-ed25519 AAAA team' });
const vm = (id: string, name: string, extra: Attributes = {}) =>
  account('cloud_lite_vm', id, {
    ssh_and_console_user: 'deployer',
    product_id: 1547,
    osname: 'ubuntu-22.04',
    keypair_id: 2001,
    cycle: 'm',
    vm_name: name,
    description: '',
    cipassword: 'Secret123Value',
    disk_size: 60,
    ...extra,
  });

describe('import --all: the generated manifest', () => {
  it('names blocks from their own names; a name two accounts share gets each its id, whatever the list order', () => {
    const resources = [key, vm('100001', 'web-01'), vm('100002', 'web-01'), vm('100003', '1st.server'), vm('100004', 'data')];
    const names = adoptionManifest(resources, defaultCatalogue).resources.map((resource) => resource.address);
    expect(names).to.deep.equal(['team_key', 'web_01_100001', 'web_01_100002', 'lite_vm_1st_server', 'lite_vm_data']);
    const reversed = adoptionManifest([...resources].reverse(), defaultCatalogue).resources.map((resource) => resource.address);
    expect([...reversed].sort()).to.deep.equal([...names].sort());
    expect(nameFromText('Web Server #1')).to.equal('web_server_1');
  });

  it('never reuses an address the state holds', () => {
    const { resources } = adoptionManifest([vm('100001', 'web')], defaultCatalogue, new Set(['web']));
    expect(resources[0].address).to.equal('web_100001');
  });

  it('writes references between adopted resources from the tables, ids for the others, and leaves defaults out', () => {
    const disk = account('cloud_lite_disk', '100010', {
      product_id: 1701,
      cycle: 'm',
      lite_account_id: 100001,
      service_name: 'data-disk',
      size: 60,
    });
    const orphan = account('cloud_lite_disk', '100011', {
      product_id: 1701,
      cycle: 'm',
      lite_account_id: 999,
      service_name: 'other-disk',
      size: 90,
    });
    const { text } = adoptionManifest([key, vm('100001', 'web-01'), disk, orphan], defaultCatalogue);
    const manifest = parse(text);
    expect(manifest.resources.web_01.properties.keypair_id).to.equal('${team_key.keypair_id}');
    expect(manifest.resources.web_01.properties.select_os).to.equal('ubuntu-22.04');
    expect(manifest.resources.web_01.properties).to.not.have.any.keys('description', 'pay_with_credit_card', 'timeouts');
    expect(manifest.resources.data_disk.properties).to.deep.equal({
      product_id: 1701,
      cycle: 'm',
      lite_account_id: '${web_01.id}',
      service_name: 'data-disk',
    });
    expect(manifest.resources.other_disk.properties.lite_account_id).to.equal(999);
    expect(manifest.import).to.deep.include({ to: 'data_disk', id: '100010' });
    expect(text).to.include('id: "100010"');
  });

  it('makes the secrets sensitive variables and writes no secret; an authoritative input no reply carries marks the block', () => {
    const unreported = vm('100002', 'db-server', { product_id: null });
    const result = adoptionManifest([key, vm('100001', 'web-01'), unreported], defaultCatalogue);
    expect(result.text).to.not.include('Secret123Value');
    const manifest = parse(result.text);
    expect(manifest.variables.web_01_console_password).to.deep.equal({
      env: 'WEB_01_CONSOLE_PASSWORD',
      sensitive: true,
      description: 'console_password of web_01 (cloud_lite_vm 100001)',
    });
    expect(manifest.resources.db_server.properties.product_id).to.equal('${var.db_server_product_id}');
    expect(manifest.variables.db_server_product_id).to.include({ type: 'number', env: 'DB_SERVER_PRODUCT_ID' });
    expect(result.resources.find((resource) => resource.address === 'db_server')!.notZeroChange).to.deep.equal([
      'product_id is not reported by the API',
    ]);
    expect(result.resources.find((resource) => resource.address === 'web_01')!.notZeroChange).to.deep.equal([]);
    expect(result.text).to.include('# NOT ZERO-CHANGE: product_id is not reported by the API');
  });

  it('lists each kind of account once: a VM restored from a snapshot is listed as a lite VM', () => {
    const types = discoverableTypes(defaultCatalogue).map((type) => type.type);
    expect(types).to.include('cloud_lite_vm');
    expect(types).to.not.include('cloud_lite_vm_from_snapshot');
    expect(() => discoverableTypes(defaultCatalogue, ['lite_vm_from_snapshot'])).to.throw('give --type cloud_lite_vm');
    expect(() => discoverableTypes(defaultCatalogue, ['nope'])).to.throw('unknown resource type');
  });

  it('reads the billing words: cycles and awaiting payment', () => {
    expect(cycleCode('Monthly')).to.equal('m');
    expect(cycleCode(' Semi-Annually ')).to.equal('s');
    expect(cycleCode('Fortnightly')).to.equal(undefined);
    expect(awaitsPayment({ status: 'Pending', last_invoice: { status: 'Unpaid' } })).to.equal(true);
    expect(awaitsPayment({ status: 'Pending', last_invoice: { status: 'Paid' } }), 'provisioning, paid').to.equal(false);
    expect(awaitsPayment({ status: 'Pending' }), 'no invoice: Pending').to.equal(true);
    expect(awaitsPayment({ status: 'Active' })).to.equal(false);
  });
});
