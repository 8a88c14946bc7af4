/**
 * The resource contract (src/resources/define.ts) and the wire helpers both
 * groups share (src/resources/wire.ts), against a recording fake API: what
 * the builder derives, what it refuses, and the one behaviour the lite and
 * bare-metal copies of the helpers now share.
 */
import { expect } from 'chai';
import { parseId } from '../../src/api/parse.js';
import type { ApiClient, RequestOptions } from '../../src/api/types.js';
import type { Attribute, OperationContext, ResourceType } from '../../src/resources/attribute.js';
import {
  defineDataSource,
  defineResource,
  durationText,
  numericImportId,
  paidOrder,
  requestOperation,
  type ResourceDeclaration,
} from '../../src/resources/define.js';
import { catalogue, lookupResourceType } from '../../src/resources/index.js';
import { isTerminated, keypairAttributes, listLive } from '../../src/resources/account-replies.js';

/** One request the fake API saw. */
interface Call {
  method: string;
  path: string;
  body?: unknown;
  options?: RequestOptions;
}

/** A fake API answering GETs from `replies` (by path; absent → 404 as null) and recording every call. */
function fakeApi(
  replies: Record<string, unknown> = {},
  answer: unknown = { account_id: '41', order_id: 'o-9' },
): { api: ApiClient; calls: Call[] } {
  const calls: Call[] = [];
  const api: ApiClient = {
    async get(path, options) {
      calls.push({ method: 'GET', path, options });
      return path in replies ? replies[path] : null;
    },
    async post(path, body, options) {
      calls.push({ method: 'POST', path, body, options });
      return answer;
    },
    async put(path, body, options) {
      calls.push({ method: 'PUT', path, body, options });
      return answer;
    },
    async delete(path, options) {
      calls.push({ method: 'DELETE', path, options });
      return null;
    },
    async close() {},
  };
  return { api, calls };
}

function contextOf(api: ApiClient): OperationContext {
  return { api, pollIntervalSeconds: 0, deadline: Date.now() + 60_000 };
}

const replace = { kind: 'replace' as const };

/** A small fake type: one paid grow operation and one free rename, declared in that order. */
function fakeDeclaration(overrides: Partial<ResourceDeclaration> = {}): ResourceDeclaration {
  return {
    type: 'cloud_example_widget',
    description: 'A widget.',
    attributes: {
      id: { type: 'string', mode: 'computed', description: 'Id.' },
      size: { type: 'int64', mode: 'optional', description: 'Size.', policy: { kind: 'grow', operation: 'grow_size' } },
      label: { type: 'string', mode: 'optional', description: 'Label.', policy: { kind: 'update', operation: 'rename' } },
      region: { type: 'string', mode: 'required', description: 'Region.', policy: replace },
    },
    timeouts: { create: 1200, update: 90, delete: 3600 },
    ...numericImportId('widget id'),
    create: paidOrder({ path: () => '/widgets', fields: ['region', 'size'], omitWhenZero: ['size'] }),
    read: async () => null,
    operations: {
      grow_size: requestOperation({
        paid: true,
        method: 'put',
        path: (id) => `/widgets/${id}`,
        body: (value) => ({ size: value }),
        wait: true,
      }),
      rename: requestOperation({
        paid: false,
        method: 'put',
        path: (id) => `/widgets/${id}/name`,
        body: (value) => ({ name: value }),
        wait: false,
      }),
    },
    delete: async () => {},
    ...overrides,
  };
}

describe('defineResource', () => {
  it('derives the engine-facing fields from one declaration', () => {
    const type = defineResource(fakeDeclaration());
    expect(type.kind).to.equal('resource');
    expect(type.token).to.equal('cloud:index:ExampleWidget');
    expect(type.aliases).to.deep.equal(['example_widget']);
    expect(type.operationOrder).to.deep.equal(['grow_size', 'rename']);
    expect(type.paidOperations).to.deep.equal(['grow_size']);
    expect(type.paidCreate).to.equal(true);
    expect(type.timeouts).to.deep.equal({ create: 1200, update: 90, delete: 3600 });
    expect(Object.keys(type.operations)).to.deep.equal(['grow_size', 'rename']);
    expect(type.importId).to.equal('numeric widget id');
    expect(type.parseImportId!(' 0042 ')).to.equal('42');
  });

  it('adds the timeouts attribute last, one field per declared limit, with its default as a duration', () => {
    const type = defineResource(fakeDeclaration());
    expect(Object.keys(type.attributes).at(-1)).to.equal('timeouts');
    const timeouts = type.attributes.timeouts as Attribute;
    expect(timeouts.policy).to.deep.equal({ kind: 'local' });
    expect(timeouts.description).to.equal('Per-operation time limits (create, update, delete).');
    expect(Object.keys(timeouts.fields!)).to.deep.equal(['create', 'update', 'delete']);
    expect(timeouts.fields!.create!.description).to.contain('(default `20m`)');
    expect(timeouts.fields!.update!.description).to.contain('(default `90s`)');
    expect(timeouts.fields!.delete!.description).to.contain('(default `1h`)');
  });

  it('gives a type without time limits no timeouts attribute', () => {
    const type = defineResource(fakeDeclaration({ timeouts: undefined }));
    expect(type.attributes).to.not.have.property('timeouts');
    expect(type.timeouts).to.deep.equal({});
  });

  it('refuses a policy whose operation is not declared', () => {
    const declaration = fakeDeclaration({ operations: { grow_size: fakeDeclaration().operations!.grow_size! } });
    expect(() => defineResource(declaration)).to.throw('cloud_example_widget.label: operation "rename" is not declared');
  });

  it('refuses an operation no attribute fires', () => {
    const operations = {
      ...fakeDeclaration().operations,
      orphan: requestOperation({ paid: false, method: 'put', path: () => '/x', wait: false }),
    };
    expect(() => defineResource(fakeDeclaration({ operations }))).to.throw(
      'operation "orphan" is declared but no attribute policy fires it',
    );
  });

  it('refuses a timeouts attribute written by hand', () => {
    const attributes = { ...fakeDeclaration().attributes, timeouts: { type: 'block', mode: 'optional', description: 'x' } as Attribute };
    expect(() => defineResource(fakeDeclaration({ attributes }))).to.throw(/timeouts attribute is derived/);
  });

  it('formats durations as the manifest writes them', () => {
    expect([durationText(1200), durationText(600), durationText(7200), durationText(45)]).to.deep.equal(['20m', '10m', '2h', '45s']);
  });
});

describe('defineDataSource', () => {
  it('derives the token and both aliases from the type name', () => {
    const source = defineDataSource({ type: 'cloud_lite_pro_os_list', description: 'x.', attributes: {}, read: async () => ({}) });
    expect(source.kind).to.equal('data');
    expect(source.token).to.equal('cloud:index:liteProOsList');
    expect(source.aliases).to.deep.equal(['lite_pro_os_list', 'getLiteProOsList']);
  });
});

describe('declaration helpers', () => {
  it('paidOrder posts the named inputs with pay_invoice_with_cc as a paid call and keeps order_id', async () => {
    const { api, calls } = fakeApi();
    const type = defineResource(fakeDeclaration());
    const result = await type.create(contextOf(api), { region: 'eu', size: 0, label: 'not sent' });
    expect(result).to.deep.equal({ id: '41', attributes: { order_id: 'o-9' } });
    expect(calls).to.have.length(1);
    expect(calls[0]).to.deep.include({ method: 'POST', path: '/widgets', body: { region: 'eu', pay_invoice_with_cc: 'yes' } });
    expect(calls[0]!.options?.paid).to.equal(true);
  });

  it('paidOrder without keepOrderId returns no attributes, and a reply without an id is an error', async () => {
    const create = paidOrder({ path: () => '/things', fields: [], keepOrderId: false });
    expect(await create.run(contextOf(fakeApi().api), {})).to.deep.equal({ id: '41', attributes: {} });
    let error: unknown;
    try {
      await create.run(contextOf(fakeApi({}, { order_id: 'o-1' }).api), {});
    } catch (caught) {
      error = caught;
    }
    expect(String(error)).to.contain('account_id of the reply of POST /things');
  });

  it('requestOperation marks paid calls and adds pay_invoice_with_cc to them only (left out when not paying by card)', async () => {
    const { api, calls } = fakeApi();
    const type = defineResource(fakeDeclaration());
    const inputs = { pay_with_credit_card: true };
    expect(await type.operations.grow_size!(contextOf(api), '7', { value: 90, before: 60, inputs })).to.deep.equal({ wait: true });
    expect(await type.operations.rename!(contextOf(api), '7', { value: 'new', before: 'old', inputs })).to.deep.equal({ wait: false });
    expect(calls.map(({ method, path, body, options }) => ({ method, path, body, paid: options?.paid }))).to.deep.equal([
      { method: 'PUT', path: '/widgets/7', body: { size: 90, pay_invoice_with_cc: 'yes' }, paid: true },
      { method: 'PUT', path: '/widgets/7/name', body: { name: 'new' }, paid: undefined },
    ]);
    calls.length = 0;
    await type.operations.grow_size!(contextOf(api), '7', { value: 120, before: 90, inputs: { pay_with_credit_card: false } });
    expect(calls[0]!.body).to.deep.equal({ size: 120 });
  });
});

describe('the catalogue keeps the contract', () => {
  const resources = [...catalogue.values()].filter((entry): entry is ResourceType => entry.kind === 'resource');

  it('every resource: operations in run order, paid ones among them, a timeouts field per limit', () => {
    for (const type of resources) {
      expect(Object.keys(type.operations), type.type).to.deep.equal(type.operationOrder);
      for (const name of type.paidOperations) expect(type.operationOrder, type.type).to.include(name);
      const fields = Object.keys(type.attributes.timeouts?.fields ?? {});
      expect(fields, type.type).to.deep.equal(Object.keys(type.timeouts));
    }
  });

  it('every entry: the token and aliases follow from the type name', () => {
    for (const entry of catalogue.values()) {
      const short = entry.type.replace(/^cloud_/, '');
      expect(entry.aliases[0], entry.type).to.equal(short);
      const stem = short
        .split('_')
        .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
        .join('');
      expect(entry.token, entry.type).to.equal(
        `cloud:index:${entry.kind === 'resource' ? stem : stem.charAt(0).toLowerCase() + stem.slice(1)}`,
      );
    }
  });

  it('the lite pro VM declares no migrate_to_pro operation (it has no attribute to fire it)', () => {
    expect(lookupResourceType('cloud_lite_pro_vm')!.operationOrder).to.not.include('migrate_to_pro');
    expect(lookupResourceType('cloud_lite_vm')!.operationOrder.at(-1)).to.equal('migrate_to_pro');
    expect(lookupResourceType('cloud_lite_vm')!.paidOperations).to.deep.equal(['change_package', 'storage_upgrade', 'migrate_to_pro']);
  });
});

describe('wire helpers shared by both groups', () => {
  it('isTerminated reads status, else state, in any case and with blanks around', () => {
    expect(isTerminated({ status: 'Terminated' })).to.equal(true);
    expect(isTerminated({ state: ' terminated ' })).to.equal(true);
    expect(isTerminated({ status: 'Active', state: 'terminated' })).to.equal(false);
    expect(isTerminated({})).to.equal(false);
  });

  it('a lite-style read treats a status with blanks around `Terminated` as gone, as the bare-metal group did', async () => {
    const { api } = fakeApi({ '/lites/disks/accounts/5': { account_id: '5', status: ' Terminated ' } });
    expect(await lookupResourceType('cloud_lite_disk')!.read(contextOf(api), '5', undefined)).to.equal(null);
  });

  it('listLive skips non-objects, Terminated items and items without a usable id instead of failing the list', async () => {
    const { api } = fakeApi({
      '/things': [
        'text',
        { id: 'abc', status: 'Active' },
        { account_id: 3, status: 'Terminated' },
        { account_id: '0007', status: 'Active' },
      ],
    });
    const listed = await listLive(contextOf(api), '/things', (item) => ({
      id: parseId(item.account_id ?? item.id, 'id'),
      status: String(item.status),
    }));
    expect(listed).to.deep.equal([{ id: '7', attributes: { id: '7', status: 'Active' }, item: { account_id: '0007', status: 'Active' } }]);
    expect(listed.terminated, 'the Terminated items are counted (import --all reports them)').to.equal(1);
  });

  it('a lite VM list skips an account whose id is malformed (it used to fail the whole list)', async () => {
    const { api } = fakeApi({
      '/lites/accounts': [
        { account_id: 'abc', status: 'Active' },
        { account_id: '12', status: 'Active' },
      ],
    });
    const listed = await lookupResourceType('cloud_lite_vm')!.list!(contextOf(api));
    expect(listed.map((item) => item.id)).to.deep.equal(['12']);
  });

  it('keypair lists of both pools skip items without a numeric id and find ids written with leading zeros', async () => {
    for (const [type, path] of [
      ['cloud_lite_keypair', '/lites/keypairs/'],
      ['cloud_baremetal_keypair', '/baremetals/keypairs/'],
    ] as const) {
      const { api } = fakeApi({
        [path]: [
          { keypair_id: 'x1', name: 'bad' },
          { sshkey_id: '0042', name: 'key-01', public_key: 'ssh-ed25519 AAAA c' },
        ],
      });
      const keypair = lookupResourceType(type)!;
      const listed = await keypair.list!(contextOf(api));
      expect(
        listed.map((item) => item.id),
        type,
      ).to.deep.equal(['42']);
      const read = await keypair.read(contextOf(api), '42', undefined);
      expect(read, type).to.deep.include({ id: '42', keypair_id: 42, name: 'key-01', public_key: 'ssh-ed25519 AAAA c' });
    }
  });

  it('keypairAttributes takes (id, item, prior) and keeps the prior spelling of the same key', () => {
    const item = { name: 'k', public_key: 'ssh-ed25519 AAAA c' };
    expect(keypairAttributes('9', item, { public_key: 'ssh-ed25519  AAAA c\n' }).public_key).to.equal('ssh-ed25519  AAAA c\n');
    expect(keypairAttributes('9', item, { public_key: 'ssh-ed25519 BBBB c' }).public_key).to.equal('ssh-ed25519 AAAA c');
    expect(keypairAttributes('9', {}, undefined)).to.deep.equal({ id: '9', keypair_id: 9, name: '', public_key: '' });
  });
});
