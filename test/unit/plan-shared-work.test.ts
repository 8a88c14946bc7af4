/**
 * What the plan of thousands of resources shares instead of redoing, kept
 * correct: the graph's dependency order (worked out once per state of the
 * graph), manifest records (null prototype, made in V8's fast mode),
 * masking (a change with nothing to mask is not copied; one with a secret
 * is, and the plan it came from keeps its values), the plan text (one
 * string per change) and input checks (sensitivity worked out only for a
 * value that fails), records of keys known at run time (made from one
 * template per list of keys), and the parts of a create every create of
 * a resource not in state shares (frozen, so a change made to one throws).
 */
import { expect } from 'chai';
import { DependencyGraph, reverseTopologicalOrder, topologicalOrder } from '../../src/manifest/graph.js';
import { record } from '../../src/manifest/parse/walker.js';
import { loadManifestFromSource } from '../../src/manifest/index.js';
import { maskPlan } from '../../src/plan/mask.js';
import { Scope } from '../../src/engine/scope.js';
import { defaultCatalogue } from '../../src/manifest/catalogue.js';
import { renderPlan } from '../../src/cli/views/plan.js';
import { createStyle } from '../../src/cli/views/style.js';
import { unknown } from '../../src/core/types.js';
import { type Change } from '../../src/plan/document.js';
import { planDocumentOf } from '../support/catalogue.js';
import { RecordMaker } from '../../src/engine/records.js';
import { beginPlanSharing, diffResource } from '../../src/engine/diff.js';

/** A create of `address` with one sensitive attribute holding `secret` (a known value) or an unknown one. */
function createWith(address: string, secret: string | undefined): Change {
  return {
    address,
    type: 'cloud_lite_keypair',
    mode: 'resource',
    action: 'create',
    reasonCodes: [{ code: 'create_because_not_in_state', paid: false }],
    attributes: [
      { name: 'name', before: undefined, after: address, sensitive: false },
      { name: 'private_key', before: undefined, after: secret ?? unknown(`${address}.private_key`), sensitive: true },
    ],
    operations: [],
    paidOrders: 0,
    dependsOn: [],
  };
}

describe('work a large plan shares', () => {
  it('the dependency order follows nodes and edges added after it was first asked for, and each caller gets its own array', () => {
    const graph = new DependencyGraph();
    graph.setNode('a').setNode('b');
    expect(topologicalOrder(graph)).to.deep.equal(['a', 'b']);
    graph.setEdge('b', 'a');
    expect(topologicalOrder(graph)).to.deep.equal(['b', 'a']);
    expect(reverseTopologicalOrder(graph)).to.deep.equal(['a', 'b']);
    expect(topologicalOrder(graph)).to.deep.equal(['b', 'a']);
    graph.setNode('c');
    expect(topologicalOrder(graph)).to.deep.equal(['b', 'a', 'c']);
    graph.setEdge('a', 'b');
    expect(graph.dependenciesFirst()).to.equal(undefined);
  });

  it('a manifest record has no prototype: __proto__ and constructor are data', () => {
    const names = record<number>();
    names['__proto__'] = 1;
    names.constructor = 2 as never;
    expect(Object.getPrototypeOf(names)).to.equal(null);
    expect(Object.keys(names)).to.deep.equal(['__proto__', 'constructor']);
    expect(names['__proto__']).to.equal(1);
    expect(names.toString).to.equal(undefined);
  });

  it('masking copies only the changes holding a secret, and leaves the plan it masks as it was', () => {
    const plan = planDocumentOf([createWith('pending', undefined), createWith('known', 'Secret-Key-1')]);
    const masked = maskPlan(plan);
    expect(masked.changes[0]).to.equal(plan.changes[0]);
    expect(masked.changes[1]).to.not.equal(plan.changes[1]);
    expect(masked.changes[1].attributes[0]).to.equal(plan.changes[1].attributes[0]);
    expect(masked.changes[1].attributes[1].after).to.equal('(sensitive)');
    expect(plan.changes[1].attributes[1].after).to.equal('Secret-Key-1');
    expect(JSON.stringify(masked)).to.not.include('Secret-Key-1');
    const withoutCodes = { ...createWith('old', 'Secret-Key-2'), reasonCodes: undefined as never };
    delete (withoutCodes as Partial<Change>).reasonCodes;
    expect(maskPlan(planDocumentOf([withoutCodes])).changes[0]).to.not.have.property('reasonCodes');
    expect(maskPlan(masked)).to.deep.equal(masked);
  });

  it('the plan text is the changes one after the other, a blank line between them', () => {
    const text = renderPlan(
      maskPlan(planDocumentOf([createWith('one', undefined), createWith('two', 'Secret-Key-3')])),
      createStyle(false),
    );
    expect(text).to.include(
      [
        '  # one will be created',
        '  #   not in state: creates it',
        '  + resource "cloud_lite_keypair" "one" {',
        '      + name        = "one"',
        '      + private_key = (known after apply)',
        '    }',
        '',
        '  # two will be created',
      ].join('\n'),
    );
    expect(text).to.include('      + private_key = (sensitive)\n    }\n\nPlan: 2 to add, 0 to change, 0 to destroy. 0 paid orders.');
    expect(text).to.not.include('Secret-Key-3');
  });

  it('an input that fails its check is shown unless it comes from a sensitive source; one that passes reports nothing', () => {
    const loaded = loadManifestFromSource(
      [
        'variables:',
        '  secret_size: { default: 60, sensitive: true }',
        '  size: { default: 60 }',
        'resources:',
        '  hidden: { type: cloud_lite_disk, properties: { product_id: 1701, cycle: m, lite_account_id: 7, service_name: disk-01, size: "${var.secret_size}" } }',
        '  shown: { type: cloud_lite_disk, properties: { product_id: 1701, cycle: m, lite_account_id: 7, service_name: disk-02, size: "${var.size}" } }',
      ].join('\n'),
      'm.yaml',
      { env: {} },
    );
    const scope = new Scope(loaded, defaultCatalogue);
    const type = defaultCatalogue.resource('cloud_lite_disk')!;
    const check = (address: string, size: number) => scope.checkInputs(type, loaded.manifest.resources[address], { size });
    expect(check('hidden', 60)).to.deep.equal([]);
    const hidden = check('hidden', 60.5).map((diagnostic) => diagnostic.message);
    expect(hidden).to.have.length(1);
    expect(hidden[0]).to.include('resources.hidden.size').and.not.include('60.5');
    const shown = check('shown', 60.5).map((diagnostic) => diagnostic.message);
    expect(shown).to.have.length(1);
    expect(shown[0]).to.include('resources.shown.size').and.include('60.5');
  });

  it('a record made from a template holds its keys in the order first added, each with its last value, apart from others', () => {
    const maker = new RecordMaker();
    const make = (entries: Array<[string, unknown]>) => {
      for (const [key, value] of entries) maker.add(key, value);
      return maker.make<unknown>();
    };
    const keys = Array.from({ length: 30 }, (_, index) => `key_${index}`);
    const first = make(keys.map((key, index) => [key, index]));
    const second = make(keys.map((key) => [key, `${key}!`]));
    expect(Object.keys(first)).to.deep.equal(keys);
    expect(first.key_29).to.equal(29);
    expect(second.key_29).to.equal('key_29!');
    first.key_0 = 'changed';
    expect(make(keys.map((key, index) => [key, index])).key_0).to.equal(0);
    expect(
      make([
        ['b', 1],
        ['a', 2],
        ['b', 3],
      ]),
    ).to.deep.equal({ b: 3, a: 2 });
    expect(
      Object.keys(
        make([
          ['b', 1],
          ['a', 2],
          ['b', 3],
        ]),
      ),
    ).to.deep.equal(['b', 'a']);
    expect(make([])).to.deep.equal({});
    const proto = make([['__proto__', { x: 1 }]]);
    expect(Object.hasOwn(proto, '__proto__')).to.equal(false);
  });

  it('creates of resources not in state share their first reason and empty operations, frozen: changing them throws', () => {
    const type = defaultCatalogue.resource('cloud_lite_keypair')!;
    const create = (address: string) =>
      diffResource({
        address,
        type,
        desired: { name: { value: address, sensitive: false } },
        prior: undefined,
        lifecycle: { preventDestroy: false, ignoreChanges: [] },
        forceReplace: false,
        locations: {},
        dependsOn: [],
      }).change;
    const [one, two] = [create('kp_1'), create('kp_2')];
    expect(one.reasonCodes).to.equal(two.reasonCodes);
    expect(one.reasonCodes).to.deep.equal([{ code: 'create_because_not_in_state', paid: false }]);
    expect(one.operations).to.equal(two.operations).and.deep.equal([]);
    expect(() => one.reasonCodes.push({ code: 'replace_by_request' })).to.throw(TypeError);
    expect(() => one.operations.push({ name: 'rename', attribute: 'name', paid: false })).to.throw(TypeError);
    expect(() => Object.assign(one.reasonCodes[0], { paid: true })).to.throw(TypeError);
    // Each its own list of attributes, of its own size, and its own unknown markers.
    expect(one.attributes).to.not.equal(two.attributes);
    expect(one.attributes.map((attribute) => attribute.name)).to.deep.equal(['id', 'name', 'keypair_id', 'public_key', 'private_key']);
    expect(one.attributes[0].after).to.deep.equal(unknown('kp_1.id'));
    expect(two.attributes[0].after).to.deep.equal(unknown('kp_2.id'));
  });

  it('an input a create writes with the value and sensitivity of the create before shares its attribute change, frozen', () => {
    const type = defaultCatalogue.resource('cloud_lite_disk')!;
    const create = (address: string, size: number, sensitive = false) =>
      diffResource({
        address,
        type,
        desired: {
          product_id: { value: 1701, sensitive: false },
          cycle: { value: 'm', sensitive: false },
          lite_account_id: { value: unknown('vm.id'), sensitive: false },
          service_name: { value: address, sensitive: false },
          size: { value: size, sensitive },
        },
        prior: undefined,
        lifecycle: { preventDestroy: false, ignoreChanges: [] },
        forceReplace: false,
        locations: {},
        dependsOn: [],
      }).change.attributes;
    const named = (attributes: Change['attributes'], name: string) => attributes.find((attribute) => attribute.name === name)!;
    const [one, two, three, four] = [create('d_1', 60), create('d_2', 60), create('d_3', 80), create('d_4', 80, true)];
    expect(named(two, 'cycle')).to.equal(named(one, 'cycle')).and.deep.equal({ name: 'cycle', after: 'm', sensitive: false });
    expect(named(two, 'size')).to.equal(named(one, 'size'));
    expect(Object.isFrozen(named(one, 'size'))).to.equal(true);
    expect(() => Object.assign(named(one, 'size'), { after: 1 })).to.throw(TypeError);
    // Another value, another sensitivity, a value that is not a primitive: an attribute change of its own.
    expect(named(three, 'size')).to.not.equal(named(two, 'size'));
    expect(named(three, 'size')).to.deep.equal({ name: 'size', after: 80, sensitive: false });
    expect(named(four, 'size')).to.not.equal(named(three, 'size'));
    expect(named(four, 'size')).to.deep.equal({ name: 'size', after: '(sensitive)', sensitive: true });
    expect(named(two, 'lite_account_id')).to.not.equal(named(one, 'lite_account_id'));
    expect(named(two, 'service_name')).to.deep.equal({ name: 'service_name', after: 'd_2', sensitive: false });
    // A plan begun since shares nothing made for an earlier one: what it holds is its own to alter.
    beginPlanSharing();
    const next = named(create('d_5', 80), 'cycle');
    expect(next).to.not.equal(named(one, 'cycle'));
    expect(Object.isFrozen(next)).to.equal(false);
  });
});
