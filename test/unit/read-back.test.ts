/**
 * Read-back declared per attribute (issue 10, cases 2, 3, 4, 5 and 9): each
 * case feeds one exact reply, within the contract's uncertainty, to the
 * resource module's read, then refresh (the generic merge,
 * src/engine/attributes.ts) and the planner (src/engine/diff.ts), and
 * asserts that no paid call, replace or plan error follows, that the state
 * keeps what cloudctl sent, and that the refresh says so (its notes).
 * Run: npx mocha --no-config --import=tsx test/unit/read-back.test.ts
 */
import { expect } from 'chai';
import type { ApiClient } from '../../src/api/types.js';
import type { Attributes } from '../../src/core/types.js';
import type { ResourceState, StateDocument } from '../../src/state/document.js';
import { diffResource, type DesiredInput } from '../../src/engine/diff.js';
import { mergeAttributes } from '../../src/engine/attributes.js';
import { holdUnshown, keepPending } from '../../src/engine/held.js';
import { refreshState, type RefreshResult } from '../../src/engine/refresh.js';
import { findCreated, identityFields, matchesFields } from '../../src/engine/reconcile/index.js';
import { defaultCatalogue } from '../../src/manifest/catalogue.js';
import { readBackOf, type OperationContext, type ResourceType } from '../../src/resources/attribute.js';
import { NULL_LIST_ATTEMPTS, UnknownListError, canonicalKey, canonicalKeys, getList } from '../../src/resources/account-replies.js';
import { catalogue, lookupDataSourceType } from '../../src/resources/index.js';
import { renderDrift } from '../../src/cli/views/drift.js';
import { describeAttribute } from '../../src/engine/doctor.js';
import { PLAIN_DIFF, resource } from '../support/catalogue.js';

/** A context whose API answers GET `path` with `replies[path]` (the unwrapped envelope), and 404s anything else. */
function contextWith(replies: Record<string, unknown>): OperationContext {
  const get = async (path: string, options?: { notFoundAsNull?: boolean }) => {
    if (Object.hasOwn(replies, path)) return replies[path];
    if (options?.notFoundAsNull) return null;
    throw new Error(`404 ${path}`);
  };
  return { api: { get } as unknown as ApiClient, pollIntervalSeconds: 0.01, deadline: Date.now() + 10_000 };
}

/** Refreshes one resource `thing` of `typeName` in state with `attributes`, against `replies`. */
function refreshOne(typeName: string, id: string, attributes: Attributes, replies: Record<string, unknown>): Promise<RefreshResult> {
  return refreshResources({ thing: { type: typeName, id, attributes: { ...attributes, id }, dependencies: [] } }, replies);
}

/** Refreshes the state holding `resources` against `replies`; `options` adds refresh options (clock, list lag). */
function refreshResources(
  resources: Record<string, ResourceState>,
  replies: Record<string, unknown>,
  options: { now?: () => number; listLagSeconds?: number } = {},
): Promise<RefreshResult> {
  const state: StateDocument = { format_version: 1, lineage: 'test', serial: 1, outputs: {}, resources };
  return refreshState(state, { catalogue: defaultCatalogue, contextFor: () => contextWith(replies), parallelism: 1, ...options });
}

/** {@link refreshOne} of a resource whose state holds the manifest `inputs` and status `Active`. */
function refreshActive(typeName: string, id: string, inputs: Attributes, replies: Record<string, unknown>): Promise<RefreshResult> {
  return refreshOne(typeName, id, { ...inputs, status: 'Active' }, replies);
}

/** The manifest inputs of a lite VM `web-01` (cases 4 and 5). */
const VM_INPUTS = {
  product_id: 1547,
  select_os: 'ubuntu-22',
  keypair_id: 2001,
  cycle: 'm',
  vm_name: 'web-01',
  ssh_and_console_user: 'deployer',
  console_password: 'Sup3rSecretPw',
};

/** Plans `thing` with the manifest `inputs` against the refreshed state. */
function planAgainst(typeName: string, refreshed: RefreshResult, inputs: Attributes) {
  const desired: Record<string, DesiredInput> = {};
  for (const [name, value] of Object.entries(inputs)) desired[name] = { value, sensitive: false };
  return diffResource({
    address: 'thing',
    type: resource(typeName),
    desired,
    prior: refreshed.resources.thing as ResourceState,
    ...PLAIN_DIFF,
    drifted: new Set(refreshed.drift.filter((entry) => entry.address === 'thing').map((entry) => entry.attribute)),
  });
}

/** Asserts a plan is a noop without diagnostics. */
function expectNoop(result: ReturnType<typeof planAgainst>): void {
  expect(result.diagnostics, JSON.stringify(result.diagnostics)).to.deep.equal([]);
  expect(result.change.action, JSON.stringify(result.change.reasonCodes)).to.equal('noop');
  expect(result.change.paidOrders).to.equal(0);
}

const plain = { bold: (text: string) => text, red: (text: string) => text, yellow: (text: string) => text } as never;

describe('read-back declared per attribute', () => {
  it('every resource attribute carries its read-back, and write-only and local inputs are never read', () => {
    for (const type of [...catalogue.values()].filter((entry): entry is ResourceType => entry.kind === 'resource')) {
      for (const [name, attribute] of Object.entries(type.attributes)) {
        expect(attribute.readBack, `${type.type}.${name}`).to.be.oneOf(['authoritative', 'informational', 'never']);
        if (attribute.writeOnly || attribute.policy?.kind === 'local')
          expect(readBackOf(attribute), `${type.type}.${name}`).to.equal('never');
        if (attribute.mode === 'computed') expect(readBackOf(attribute), `${type.type}.${name}`).to.equal('authoritative');
      }
    }
  });

  describe('case 2: cloud_lite_vm_from_snapshot reads status only', () => {
    const inputs = {
      snapshot_id: 300,
      product_id: 1547,
      cycle: 'm',
      keypair_id: 2001,
      name: 'restored-01',
      ssh_and_console_user: 'deployer',
      console_password: 'Sup3rSecretPw',
      description: 'mine',
    };
    // An Account whose product, keypair, name and description all differ from what was ordered.
    const reply = {
      account_id: '100005',
      status: 'Active',
      product_id: 9999,
      product_name: 'Lite XL',
      description: 'A product description',
      extra_details: { name: 'other-name', sshkey_id: 7777, description: 'their words' },
    };

    it('the read maps id and status only', async () => {
      const read = await resource('cloud_lite_vm_from_snapshot').read(
        contextWith({ '/lites/accounts/100005': reply }),
        '100005',
        undefined,
      );
      expect(read).to.deep.equal({ id: '100005', status: 'Active' });
    });

    it('refresh keeps the ordered values and the plan neither replaces nor pays', async () => {
      const refreshed = await refreshActive('cloud_lite_vm_from_snapshot', '100005', inputs, { '/lites/accounts/100005': reply });
      expect(refreshed.drift).to.deep.equal([]);
      expect(refreshed.resources.thing!.attributes).to.include({
        product_id: 1547,
        keypair_id: 2001,
        name: 'restored-01',
        description: 'mine',
      });
      expectNoop(planAgainst('cloud_lite_vm_from_snapshot', refreshed, inputs));
    });

    it('reconciliation does not match on values that are never read, but uses what a listing reports to break a tie', async () => {
      const type = resource('cloud_lite_vm_from_snapshot');
      const match = { product_id: 1548, keypair_id: 2001, name: 'restored-01', description: 'mine', cycle: 'm' };
      expect(identityFields(type, match)).to.deep.equal({});
      const store = { claimed: () => false } as never; // a state that holds no account
      const accounts = [
        { account_id: '100001', status: 'Active', product_id: 1547, extra_details: { name: 'web-server-01', sshkey_id: 2001 } },
        { account_id: '100004', status: 'Active', product_id: 1548, extra_details: { name: 'restored-01', sshkey_id: 2001 } },
      ];
      const found = await findCreated(type, contextWith({ '/lites/accounts': accounts }), { match }, store);
      expect(found.map((item) => item.id)).to.deep.equal(['100004']);
      // Evidence that rules every candidate out (a reply that words the name otherwise) keeps them all: ambiguous, never "not placed".
      const renamed = accounts.map((account) => ({ ...account, extra_details: { ...account.extra_details, name: 'other-name' } }));
      const all = await findCreated(type, contextWith({ '/lites/accounts': renamed }), { match }, store);
      expect(all.map((item) => item.id)).to.deep.equal(['100001', '100004']);
    });
  });

  describe('case 3: empty names and descriptions are not observed values', () => {
    it('a snapshot whose extra_details name and description come back "" keeps them; no replace', async () => {
      const inputs = { lite_account_id: 100001, cycle: 'm', name: 'snap-nightly', description: 'before upgrade' };
      const reply = [{ account_id: '100010', status: 'Active', extra_details: { name: '', description: '', region: 'eu' } }];
      const refreshed = await refreshActive('cloud_lite_snapshot', '100010', inputs, { '/lites/snapshots/accounts': reply });
      expect(refreshed.drift).to.deep.equal([]);
      expect(refreshed.resources.thing!.attributes).to.include({ name: 'snap-nightly', description: 'before upgrade' });
      expect(refreshed.notes?.map((note) => [note.attribute, note.kind])).to.deep.equal([
        ['description', 'not_reported'],
        ['name', 'not_reported'],
      ]);
      expectNoop(planAgainst('cloud_lite_snapshot', refreshed, inputs));
    });

    it('a disk whose service_name comes back "" keeps it; no replace', async () => {
      const inputs = { product_id: 41, cycle: 'm', lite_account_id: 100001, service_name: 'data-disk1', size: 20 };
      // product_id and lite_account_id are informational (the contract's disk account does not carry them): another value changes nothing.
      const reply = { account_id: '100020', status: 'Active', service_name: '', size: '20', product_id: 42, lite_account_id: 100009 };
      const refreshed = await refreshActive('cloud_lite_disk', '100020', inputs, { '/lites/disks/accounts/100020': reply });
      expect(refreshed.resources.thing!.attributes).to.include({ service_name: 'data-disk1', product_id: 41, lite_account_id: 100001 });
      expectNoop(planAgainst('cloud_lite_disk', refreshed, inputs));
    });

    it('keypairs whose name comes back "" (or missing) keep it; no replace', async () => {
      const lite = await refreshOne(
        'cloud_lite_keypair',
        '2001',
        { name: 'deploy-key', keypair_id: 2001, public_key: 'ssh-ed25519 AAAA x' },
        { '/lites/keypairs/': [{ keypair_id: 2001, name: '', public_key: 'ssh-ed25519 AAAA x' }] },
      );
      expect(lite.resources.thing!.attributes.name).to.equal('deploy-key');
      expectNoop(planAgainst('cloud_lite_keypair', lite, { name: 'deploy-key' }));
      const metal = await refreshOne(
        'cloud_baremetal_keypair',
        '3001',
        { name: 'metal-key', keypair_id: 3001, public_key: 'ssh-ed25519 BBBB y' },
        { '/baremetals/keypairs/': [{ id: 3001, public_key: 'ssh-ed25519 BBBB y' }] },
      );
      expect(metal.resources.thing!.attributes.name).to.equal('metal-key');
      expectNoop(planAgainst('cloud_baremetal_keypair', metal, { name: 'metal-key' }));
    });

    it('reconciliation does not hold an empty listed name against the order', () => {
      const type = resource('cloud_lite_snapshot');
      expect(
        matchesFields(identityFields(type, { name: 'snap-nightly', lite_account_id: 100001 }), { name: '', lite_account_id: 100001 }),
      ).to.equal(true);
    });
  });

  describe('case 4: product ids and sizes the API omits or nobody reads', () => {
    const vmInputs = VM_INPUTS;
    const vmReply = {
      account_id: '100001',
      status: 'Active',
      product_name: 'Lite S',
      extra_details: { name: 'web-01', sshkey_id: 2001, disk_size: '25' },
    };

    it('a lite VM reply without product_id keeps the ordered product: no paid change-package after the create', () => {
      const type = resource('cloud_lite_vm');
      const read = { id: '100001', status: 'Active', product_id: null };
      const afterCreate = mergeAttributes(type, { ...vmInputs, id: '100001' }, read, vmInputs);
      expect(afterCreate.product_id).to.equal(1547);
    });

    it('a lite VM reply without product_id keeps the prior on every plan, and the refresh notes it', async () => {
      const refreshed = await refreshOne(
        'cloud_lite_vm',
        '100001',
        { ...vmInputs, status: 'Active' },
        { '/lites/accounts/100001': vmReply },
      );
      expect(refreshed.resources.thing!.attributes.product_id).to.equal(1547);
      expect(refreshed.drift.map((entry) => entry.attribute)).to.not.include('product_id');
      expect(refreshed.notes).to.deep.include({
        address: 'thing',
        attribute: 'product_id',
        kind: 'not_reported',
        kept: 1547,
        sensitive: false,
      });
      expect(renderDrift({ changed: [], deleted: [], notes: refreshed.notes }, plain)).to.include(
        'thing.product_id: not reported by the API (missing, null or empty); keeping 1547',
      );
      expectNoop(planAgainst('cloud_lite_vm', refreshed, vmInputs));
    });

    it('an additional IP reporting another product_id is informational: no replace', async () => {
      const inputs = { product_id: 11, cycle: 'm', region: 'wjv-1' };
      const refreshed = await refreshActive('cloud_baremetal_additional_ip', '500001', inputs, {
        '/baremetal-additional-ips/500001': { account_id: '500001', status: 'Active', product_id: 12, ip_address: '203.0.113.7' },
      });
      expect(refreshed.resources.thing!.attributes.product_id).to.equal(11);
      expect(refreshed.notes).to.deep.equal([
        { address: 'thing', attribute: 'product_id', kind: 'informational_differs', kept: 11, observed: 12, sensitive: false },
      ]);
      expectNoop(planAgainst('cloud_baremetal_additional_ip', refreshed, inputs));
    });

    it('an elastic storage reporting another product_id and size is informational: no paid change-package or upgrade', async () => {
      const inputs = { product_id: 21, cycle: 'm', storage_name: 'vol-a', metal_account_id: 400001, size: 100 };
      const refreshed = await refreshActive('cloud_baremetal_elastic_storage', '600001', inputs, {
        '/baremetal-elastic-storages/600001': { account_id: '600001', status: 'Active', product_id: 22, size: '50' },
      });
      expect(refreshed.resources.thing!.attributes).to.include({ product_id: 21, size: 100 });
      expectNoop(planAgainst('cloud_baremetal_elastic_storage', refreshed, inputs));
      // A manifest change is still planned against what cloudctl sent.
      const grown = planAgainst('cloud_baremetal_elastic_storage', refreshed, { ...inputs, size: 200 });
      expect(grown.change.operations.map((operation) => operation.name)).to.deep.equal(['upgrade_size']);
    });
  });

  describe('case 5: a lite VM description is not the top-level account description', () => {
    const inputs = { ...VM_INPUTS, description: 'frontend' };

    /** Refreshes the VM against an account reply holding `topLevel` and `extra_details` with `details`. */
    const refreshVm = (details: Record<string, unknown>, topLevel: Record<string, unknown> = {}) =>
      refreshOne(
        'cloud_lite_vm',
        '100001',
        { ...inputs, status: 'Active' },
        {
          '/lites/accounts/100001': {
            account_id: '100001',
            status: 'Active',
            product_id: 1547,
            ...topLevel,
            extra_details: { name: 'web-01', sshkey_id: 2001, ...details },
          },
        },
      );

    it("the product's description at the top level is not read; no plan error", async () => {
      const refreshed = await refreshVm({}, { description: '2 vCPU, 4 GB RAM' });
      expect(refreshed.resources.thing!.attributes.description).to.equal('frontend');
      expectNoop(planAgainst('cloud_lite_vm', refreshed, inputs));
    });

    it('extra_details.description that differs is informational: shown, no plan error', async () => {
      const refreshed = await refreshVm({ description: 'edited in the panel' });
      expect(refreshed.resources.thing!.attributes.description).to.equal('frontend');
      expect(refreshed.notes).to.deep.include({
        address: 'thing',
        attribute: 'description',
        kind: 'informational_differs',
        kept: 'frontend',
        observed: 'edited in the panel',
        sensitive: false,
      });
      expectNoop(planAgainst('cloud_lite_vm', refreshed, inputs));
    });

    it('a manifest change of the description is still a plan error', async () => {
      const refreshed = await refreshVm({ description: 'frontend' });
      const result = planAgainst('cloud_lite_vm', refreshed, { ...inputs, description: 'backend' });
      expect(result.diagnostics.map((diagnostic) => diagnostic.code)).to.deep.equal(['change_rejected']);
    });
  });

  describe('case 9: a list reply { "data": null } is unknown, not empty', () => {
    const nullList = { success: true, code: 200, data: null };

    it('snapshots and keypairs stay in state unchanged, not deleted outside cloudctl', async () => {
      const snapshot = await refreshOne(
        'cloud_lite_snapshot',
        '100010',
        { lite_account_id: 100001, cycle: 'm', name: 'snap-nightly', description: '', status: 'Active' },
        { '/lites/snapshots/accounts': nullList },
      );
      expect(snapshot.gone).to.deep.equal([]);
      expect(snapshot.resources.thing!.attributes).to.include({ name: 'snap-nightly', status: 'Active' });
      for (const [typeName, path] of [
        ['cloud_lite_keypair', '/lites/keypairs/'],
        ['cloud_lite_pro_keypair', '/lite-pros/keypairs/'],
        ['cloud_baremetal_keypair', '/baremetals/keypairs/'],
      ] as const) {
        const keypair = await refreshOne(
          typeName,
          '2001',
          { name: 'deploy-key', keypair_id: 2001, public_key: 'ssh-ed25519 AAAA x', private_key: 'PRIVATE' },
          { [path]: nullList },
        );
        expect(keypair.gone, typeName).to.deep.equal([]);
        expect(keypair.resources.thing!.attributes, typeName).to.include({
          name: 'deploy-key',
          public_key: 'ssh-ed25519 AAAA x',
          private_key: 'PRIVATE',
        });
      }
    });

    it('a list (what reconciliation looks in) rejects with UnknownListError instead of answering "none"', async () => {
      const context = contextWith({ '/lites/snapshots/accounts': nullList, '/lites/keypairs/': nullList, '/lites/accounts': nullList });
      for (const typeName of ['cloud_lite_snapshot', 'cloud_lite_keypair', 'cloud_lite_vm']) {
        let failure: unknown;
        try {
          await resource(typeName).list!(context);
        } catch (error) {
          failure = error;
        }
        expect(failure, typeName).to.be.instanceOf(UnknownListError);
      }
    });

    it('a snapshot a lagging list does not show yet is read by id, not taken for deleted', async () => {
      const snapshot = await refreshOne(
        'cloud_lite_snapshot',
        '100010',
        { lite_account_id: 100001, cycle: 'm', name: 'snap-nightly', status: 'Pending' },
        {
          '/lites/snapshots/accounts': [],
          '/lites/snapshots/accounts/100010': { account_id: '100010', status: 'Active', extra_details: { name: 'snap-nightly' } },
        },
      );
      expect(snapshot.gone).to.deep.equal([]);
      expect(snapshot.resources.thing!.attributes.status).to.equal('Active');
    });

    it('an empty list (and a 404 by id) still means gone', async () => {
      const snapshot = await refreshOne(
        'cloud_lite_snapshot',
        '100010',
        { lite_account_id: 100001, cycle: 'm', name: 'snap-nightly', status: 'Active' },
        { '/lites/snapshots/accounts': [] },
      );
      expect(snapshot.gone).to.deep.equal(['thing']);
    });
  });

  describe('cloudctl doctor names the read-back class of each affected attribute', () => {
    it('authoritative, informational and never', () => {
      expect(describeAttribute('cloud_lite_vm.product_id')).to.equal(
        'cloud_lite_vm.product_id (update:change_package, paid; read-back authoritative)',
      );
      expect(describeAttribute('cloud_lite_vm.description')).to.equal('cloud_lite_vm.description (reject; read-back informational)');
      expect(describeAttribute('cloud_baremetal_elastic_storage.size')).to.equal(
        'cloud_baremetal_elastic_storage.size (grow:upgrade_size, paid; read-back informational)',
      );
      expect(describeAttribute('cloud_lite_vm_from_snapshot.name')).to.equal(
        'cloud_lite_vm_from_snapshot.name (replace, paid; read-back never)',
      );
      expect(describeAttribute('cloud_lite_snapshot.name')).to.equal('cloud_lite_snapshot.name (replace, paid; read-back authoritative)');
    });
  });

  describe('tolerant parsers (key-case and null-lists variants)', () => {
    it("keys in another case read as the contract's snake_case; a canonical key wins", () => {
      expect(['Product_id', 'PRODUCT_ID', 'productId', 'product_id', '_links', 'Extra_details'].map(canonicalKey)).to.deep.equal([
        'product_id',
        'product_id',
        'product_id',
        'product_id',
        '_links',
        'extra_details',
      ]);
      expect(canonicalKeys([{ Account_id: '1', STATUS: 'Active', extra_details: { sshKeyId: 5 } }])).to.deep.equal([
        { account_id: '1', status: 'Active', extra_details: { ssh_key_id: 5 } },
      ]);
      expect(canonicalKeys({ product_id: 1, Product_id: 2 })).to.deep.equal({ product_id: 1 });
    });

    it('canonicalKeys returns a reply already in snake_case as it is, and copies only what it recases', () => {
      const canonical = [{ account_id: '1', extra_details: { ssh_key_id: 5 } }];
      expect(canonicalKeys(canonical)).to.equal(canonical);
      const shared = { ssh_key_id: 5 };
      const mixed = [
        { account_id: '1', extra_details: shared },
        { Account_id: '2', extra_details: shared },
      ];
      const out = canonicalKeys(mixed) as Array<Record<string, unknown>>;
      expect(out).to.not.equal(mixed);
      expect(out[0]).to.equal(mixed[0]);
      expect(out[1]).to.deep.equal({ account_id: '2', extra_details: { ssh_key_id: 5 } });
      expect(mixed[1]).to.have.property('Account_id');
    });

    it('a null list is asked for again (NULL_LIST_ATTEMPTS, 8 times in all), then is UnknownListError', async () => {
      const replies: unknown[] = [{ success: true, code: 200, data: null }, [{ Product_id: 1547 }]];
      const asked: string[] = [];
      const context = {
        api: { get: async (path: string) => (asked.push(path), replies.shift()) } as unknown as ApiClient,
        pollIntervalSeconds: 0,
        deadline: Date.now() + 1000,
      };
      expect(await getList(context, '/lites/products')).to.deep.equal([{ product_id: 1547 }]);
      expect(asked).to.deep.equal(['/lites/products', '/lites/products']);
      let failure: unknown;
      asked.length = 0;
      replies.push(...Array.from({ length: NULL_LIST_ATTEMPTS }, () => ({ success: true, code: 200, data: null })), [{ product_id: 1 }]);
      try {
        await getList(context, '/lites/products');
      } catch (error) {
        failure = error;
      }
      expect(failure).to.be.instanceOf(UnknownListError);
      expect(NULL_LIST_ATTEMPTS).to.equal(8);
      expect(asked, 'a list that stays null is asked for 8 times, no more').to.have.length(8);
    });
  });

  describe('property-test causes (the exact replies the variant profile sent)', () => {
    /** The `lagging-lists` reply of GET /lites/keypairs/ right after a create: the new keypair 2002 is not listed yet. */
    const lagging = [{ keypair_id: 2001, name: 'other-key', public_key: 'ssh-ed25519 AAAA other' }];
    const created = '2026-11-23T18:00:00.000Z';

    /** The keypair 2002 as its create recorded it (`unlisted`: its create time). */
    const keypair = (attributes: Attributes): Record<string, ResourceState> => ({
      key: { type: 'cloud_lite_keypair', id: '2002', attributes: { id: '2002', ...attributes }, dependencies: [], unlisted: created },
    });
    const refreshKeypair = (now: number, listLagSeconds?: number) =>
      refreshResources(
        keypair({ name: 'deploy-key', keypair_id: 2002, public_key: 'ssh-ed25519 BBBB new', private_key: 'PRIVATE' }),
        { '/lites/keypairs/': lagging },
        { now: () => now, ...(listLagSeconds === undefined ? {} : { listLagSeconds }) },
      );

    it('a keypair missing from a lagging list within the list lag after its create is kept, and the refresh says so', async () => {
      const refreshed = await refreshKeypair(Date.parse(created) + 2_000);
      expect(refreshed.gone).to.deep.equal([]);
      expect(refreshed.resources.key!.attributes).to.include({ keypair_id: 2002, private_key: 'PRIVATE' });
      expect(refreshed.notes).to.deep.equal([{ address: 'key', attribute: 'id', kind: 'not_listed', kept: '2002', sensitive: false }]);
      expect(renderDrift({ changed: [], deleted: [], notes: refreshed.notes }, plain)).to.include(
        'key: not in its list yet (lists may lag behind a create; it has no GET by id); keeping id "2002"',
      );
    });

    it('keypairs whose pool list stays null are kept as they are (unknown: not gone, no drift), read from one list either way', async () => {
      const keys = {
        a: {
          type: 'cloud_lite_keypair',
          id: '2001',
          attributes: { id: '2001', name: 'a', keypair_id: 2001, public_key: 'ssh-ed25519 A' },
          dependencies: [],
        },
        b: {
          type: 'cloud_lite_keypair',
          id: '2002',
          attributes: { id: '2002', name: 'b', keypair_id: 2002, public_key: 'ssh-ed25519 B' },
          dependencies: [],
        },
      };
      const unknown = await refreshResources(keys, { '/lites/keypairs/': { success: true, code: 200, data: null } });
      expect(unknown.gone).to.deep.equal([]);
      expect(unknown.drift).to.deep.equal([]);
      expect(unknown.resources.a).to.equal(keys.a);
      const listed = await refreshResources(keys, { '/lites/keypairs/': [{ keypair_id: 2002, name: 'b', public_key: 'ssh-ed25519 B' }] });
      expect(listed.gone).to.deep.equal(['a']);
      expect(listed.resources.b, "unchanged: the state's own entry").to.equal(keys.b);
    });

    it("a refresh that finds nothing changed returns the state's own resources (no copy); one that finds a change copies them", async () => {
      const key = {
        type: 'cloud_lite_keypair',
        id: '2001',
        attributes: { id: '2001', name: 'a', keypair_id: 2001, public_key: 'ssh-ed25519 A' },
        dependencies: [],
      };
      const resources = { a: key };
      const same = await refreshResources(resources, {
        '/lites/keypairs/': [{ keypair_id: 2001, name: 'a', public_key: 'ssh-ed25519 A' }],
      });
      expect(same.resources).to.equal(resources);
      const renamed = await refreshResources(resources, {
        '/lites/keypairs/': [{ keypair_id: 2001, name: 'z', public_key: 'ssh-ed25519 A' }],
      });
      expect(renamed.resources).to.not.equal(resources);
      expect(renamed.resources.a!.attributes.name).to.equal('z');
      expect(resources.a.attributes.name, 'the state is not written to').to.equal('a');
    });

    it('after the list lag (default 30 s, or CLOUDCTL_LIST_LAG) a keypair missing from its list is gone', async () => {
      expect((await refreshKeypair(Date.parse(created) + 31_000)).gone).to.deep.equal(['key']);
      expect((await refreshKeypair(Date.parse(created) + 2_000, 0)).gone).to.deep.equal(['key']);
    });

    it('a keypair found in its list after the lag loses its mark; within the lag the mark stays (lists lag unsteadily)', async () => {
      const listed = [...lagging, { keypair_id: 2002, name: 'deploy-key', public_key: 'ssh-ed25519 BBBB new' }];
      const read = (now: number) => refreshResources(keypair({ name: 'deploy-key' }), { '/lites/keypairs/': listed }, { now: () => now });
      expect((await read(Date.parse(created) + 1_000)).resources.key!.unlisted).to.equal(created);
      expect((await read(Date.parse(created) + 60_000)).resources.key!.unlisted).to.equal(undefined);
    });

    it('a create left unfinished (Suspended while waiting) whose Active read leaves disk_size out ("") stays pending_create: apply resumes and converges it', async () => {
      // GET /lites/accounts/100002 after the failed wait: Active, `extra_details.disk_size` omitted (omit-optional-keys).
      const reply = {
        account_id: '100002',
        status: 'Active',
        product_id: 1548,
        extra_details: { name: 'gen-vm-60-1', sshkey_id: 2001, ciuser: 'deployer' },
        last_invoice: { id: 700002, status: 'Paid', invoice_type: 'New Order' },
      };
      const refresh = (read: unknown) =>
        refreshResources(
          {
            vm1: {
              type: 'cloud_lite_vm',
              id: '100002',
              // What the order recorded: the inputs, disk_size 160 asked for, never seen.
              attributes: { id: '100002', product_id: 1548, vm_name: 'gen-vm-60-1', keypair_id: 2001, disk_size: 160 },
              dependencies: [],
              pending_create: true,
            },
          },
          { '/lites/accounts/100002': read },
        );
      expect((await refresh(reply)).resources.vm1!.pending_create).to.equal(true);
      const reported = await refresh({ ...reply, extra_details: { ...reply.extra_details, disk_size: '80' } });
      expect(reported.resources.vm1!.pending_create, 'reported: the planner converges from the value read').to.equal(undefined);
      expect(reported.resources.vm1!.attributes.disk_size).to.equal(80);
    });

    it('GET /baremetals/openvpn without any config key (omit-optional-keys) reads config as null, never an error', async () => {
      const source = lookupDataSourceType('cloud_baremetal_openvpn')!;
      const reply = {
        uuid: 'sim-0a1b2c3d',
        updated_at: '2026-11-23T18:00:00.000Z',
        _links: { self: '/v1/baremetals/openvpn' },
        meta: null,
      };
      const read = await source.read(contextWith({ '/baremetals/openvpn': reply }), {});
      expect(read.config).to.equal(null);
      expect(JSON.parse(read.raw as string)).to.deep.equal(reply);
      const empty = await source.read(contextWith({ '/baremetals/openvpn': { config: '' } }), {});
      expect(empty.config).to.equal(null);
    });

    it('a paid storage upgrade whose read-back leaves disk_size out ("" from empty-strings) is held pending, so the next read of the old size is no drift', () => {
      const type = resource('cloud_lite_vm');
      // GET /lites/accounts/100001 right after PUT .../storage, `extra_details.disk_size` sent as "".
      const reply = {
        account_id: '100001',
        status: 'Active',
        product_id: 1548,
        extra_details: { name: 'app-server-01', sshkey_id: 2001, disk_size: '' },
        last_invoice: { id: 700003, status: 'Paid', invoice_type: 'Upgrade' },
      };
      const read = type.refreshByList!.attributes(reply, '100001', undefined);
      expect(read.disk_size).to.equal(undefined);
      const order = { operation: 'storage_upgrade', attribute: 'disk_size', value: 100, time: created };
      const held = holdUnshown(
        [{ ...order, authoritative: readBackOf(type.attributes.disk_size!) === 'authoritative' }],
        read,
        { disk_size: 100 },
        undefined,
      );
      expect(held.attributes.disk_size).to.equal(100);
      expect(held.pending?.disk_size).to.include({ operation: 'storage_upgrade', value: 100 });
      const prior: ResourceState = {
        type: type.type,
        id: '100001',
        attributes: held.attributes,
        dependencies: [],
        pending_operations: held.pending,
      };
      // The next read shows the old 80 GB (the upgrade held while its invoice is open): kept, no drift.
      const later = type.refreshByList!.attributes(
        { ...reply, extra_details: { ...reply.extra_details, disk_size: '80' } },
        '100001',
        undefined,
      );
      expect(keepPending(prior, later, mergeAttributes(type, prior.attributes, later)).attributes.disk_size).to.equal(100);
    });
  });
});
