import { expect } from 'chai';
import { diffResource, type DesiredInput } from '../../src/engine/diff.js';
import type { ResourceType } from '../../src/resources/attribute.js';
import type { Attributes } from '../../src/core/types.js';
import type { ResourceState } from '../../src/state/document.js';
import { unknown } from '../../src/core/types.js';
import { fakeTypeHead, INERT_TYPE_OPERATIONS, secretInput } from '../support/catalogue.js';

/** A fake type with one attribute per policy. */
const fake: ResourceType = {
  ...fakeTypeHead('fake_thing', {
    recreate_me: { type: 'string', mode: 'required', description: '', policy: { kind: 'replace' } },
    label: { type: 'string', mode: 'optional', description: '', policy: { kind: 'update', operation: 'relabel' } },
    size: { type: 'int64', mode: 'optional', unit: 'GB', description: '', policy: { kind: 'grow', operation: 'upgrade' } },
    rebuild: { type: 'string', mode: 'optional', description: '', policy: { kind: 'trigger', operation: 'rebuild' } },
    power: { type: 'string', mode: 'optional', description: '', policy: { kind: 'desired', operation: 'power' } },
    fixed: {
      type: 'string',
      mode: 'optional',
      description: '',
      policy: { kind: 'reject', hint: 'run `cloudctl apply --replace ADDRESS`' },
    },
    billing: { type: 'bool', mode: 'optional', description: '', policy: { kind: 'local' } },
    secret: secretInput('required', '', 'recreate'),
    status: { type: 'string', mode: 'computed', description: '' },
  }),
  operationOrder: ['relabel', 'upgrade', 'power', 'rebuild'],
  paidOperations: ['upgrade'],
  paidCreate: true,
  ...INERT_TYPE_OPERATIONS,
};

/** The inputs the prior state was created with. */
const priorInputs = {
  recreate_me: 'a',
  label: 'one',
  size: 60,
  rebuild: 'ubuntu',
  power: 'start',
  fixed: 'x',
  billing: true,
  secret: 'S3cretValue',
};
const priorAttributes: Attributes = { id: '7', ...priorInputs, status: 'Active' };
const prior: ResourceState = { type: 'fake_thing', id: '7', attributes: priorAttributes, dependencies: [] };

/** The manifest as it matches the prior state exactly. */
function desiredFrom(overrides: Record<string, unknown> = {}, removed: string[] = []): Record<string, DesiredInput> {
  const values: Record<string, unknown> = { ...priorInputs, ...overrides };
  const desired: Record<string, DesiredInput> = {};
  for (const [name, value] of Object.entries(values))
    if (!removed.includes(name)) desired[name] = { value: value as never, sensitive: false };
  return desired;
}

function plan(
  desired: Record<string, DesiredInput>,
  options: { prior?: ResourceState; forceReplace?: boolean; preventDestroy?: boolean; ignore?: string[] | 'all' } = {},
) {
  return diffResource({
    address: 'thing',
    type: fake,
    desired,
    prior: 'prior' in options ? options.prior : prior,
    lifecycle: { preventDestroy: options.preventDestroy ?? false, ignoreChanges: options.ignore ?? [] },
    forceReplace: options.forceReplace ?? false,
    locations: { fixed: { file: 'm.yaml', line: 9, column: 7 }, size: { file: 'm.yaml', line: 5, column: 7 } },
    blockLocation: { file: 'm.yaml', line: 2, column: 3 },
    dependsOn: [],
  });
}

describe('planner: every policy against no change, a change and removal', () => {
  it('plans a create (one paid order) without prior state, with computed values unknown', () => {
    const { change, diagnostics } = plan(desiredFrom(), { prior: undefined });
    expect(diagnostics).to.deep.equal([]);
    expect(change.action).to.equal('create');
    expect(change.paidOrders).to.equal(1);
    expect(change.attributes.find((attribute) => attribute.name === 'status')?.after).to.deep.equal(unknown('thing.status'));
    expect(change.attributes.find((attribute) => attribute.name === 'secret')?.sensitive).to.equal(true);
  });

  it('plans nothing when nothing changed', () => {
    const { change, diagnostics } = plan(desiredFrom());
    expect(diagnostics).to.deep.equal([]);
    expect(change.action).to.equal('noop');
    expect(change.operations).to.deep.equal([]);
  });

  const table: Array<{
    policy: string;
    attribute: string;
    to: unknown;
    expect: { action: string; operations?: string[]; paid?: number; error?: string };
  }> = [
    { policy: 'replace', attribute: 'recreate_me', to: 'b', expect: { action: 'replace', paid: 1 } },
    { policy: 'update', attribute: 'label', to: 'two', expect: { action: 'update', operations: ['relabel'], paid: 0 } },
    { policy: 'grow (up)', attribute: 'size', to: 80, expect: { action: 'update', operations: ['upgrade'], paid: 1 } },
    {
      policy: 'grow (down)',
      attribute: 'size',
      to: 40,
      expect: { action: 'noop', error: 'm.yaml:5:7: thing.size: cannot shrink from 60 GB to 40 GB; size only grows' },
    },
    { policy: 'trigger', attribute: 'rebuild', to: 'debian', expect: { action: 'update', operations: ['rebuild'], paid: 0 } },
    { policy: 'desired', attribute: 'power', to: 'stop', expect: { action: 'update', operations: ['power'], paid: 0 } },
    {
      policy: 'reject',
      attribute: 'fixed',
      to: 'y',
      expect: {
        action: 'noop',
        error:
          'm.yaml:9:7: thing.fixed: cannot change from "x" to "y": fake_thing does not change fixed in place; run `cloudctl apply --replace thing`',
      },
    },
    { policy: 'local', attribute: 'billing', to: false, expect: { action: 'update', operations: [], paid: 0 } },
  ];

  for (const row of table) {
    it(`${row.policy}: a change of ${row.attribute} plans ${row.expect.action}${row.expect.error ? ' and an error' : ''}`, () => {
      const { change, diagnostics } = plan(desiredFrom({ [row.attribute]: row.to }));
      expect(change.action).to.equal(row.expect.action);
      if (row.expect.operations) expect(change.operations.map((operation) => operation.name)).to.deep.equal(row.expect.operations);
      if (row.expect.paid !== undefined) expect(change.paidOrders).to.equal(row.expect.paid);
      if (row.expect.error) {
        expect(
          diagnostics.map(
            (diagnostic) =>
              `${diagnostic.location?.file}:${diagnostic.location?.line}:${diagnostic.location?.column}: ${diagnostic.message}`,
          ),
        ).to.deep.equal([row.expect.error]);
      } else {
        expect(diagnostics).to.deep.equal([]);
        expect(change.reasonCodes.length).to.be.greaterThan(0);
      }
    });
  }

  for (const name of ['recreate_me', 'label', 'size', 'rebuild', 'power', 'fixed', 'billing']) {
    it(`removing ${name} from the manifest plans ${name === 'billing' ? 'nothing (no default)' : 'nothing'}`, () => {
      const { change, diagnostics } = plan(desiredFrom({}, [name]));
      expect(diagnostics).to.deep.equal([]);
      expect(change.action).to.equal('noop');
    });
  }

  it('a trigger set back to the same value does not fire again; an empty trigger does nothing', () => {
    expect(plan(desiredFrom({ rebuild: 'ubuntu' })).change.action).to.equal('noop');
    expect(plan(desiredFrom({ rebuild: '' })).change.action).to.equal('noop');
  });

  it("orders operations by the type's operation order and counts paid ones", () => {
    const { change } = plan(desiredFrom({ rebuild: 'debian', size: 100, label: 'two', power: 'stop' }));
    expect(change.operations.map((operation) => operation.name)).to.deep.equal(['relabel', 'upgrade', 'power', 'rebuild']);
    expect(change.paidOrders).to.equal(1);
  });

  it('an unknown value for an update attribute plans the update; for a replace attribute, a replace', () => {
    expect(plan(desiredFrom({ label: unknown('other.name') })).change.action).to.equal('update');
    expect(plan(desiredFrom({ recreate_me: unknown('other.name') })).change.action).to.equal('replace');
  });

  it('--replace replaces even with no change, and lets a reject attribute change with it', () => {
    expect(plan(desiredFrom(), { forceReplace: true }).change.action).to.equal('replace');
    const { change, diagnostics } = plan(desiredFrom({ fixed: 'y' }), { forceReplace: true });
    expect(change.action).to.equal('replace');
    expect(diagnostics).to.deep.equal([]);
  });

  it('prevent_destroy makes a replace a plan error naming the address and the reason', () => {
    const { diagnostics } = plan(desiredFrom({ recreate_me: 'b' }), { preventDestroy: true });
    expect(diagnostics.map((diagnostic) => diagnostic.message)).to.deep.equal([
      'thing: lifecycle.prevent_destroy forbids replacing it (recreate_me forces replacement)',
    ]);
  });

  it('ignore_changes skips listed attributes, or all of them', () => {
    expect(plan(desiredFrom({ label: 'two' }), { ignore: ['label'] }).change.action).to.equal('noop');
    expect(plan(desiredFrom({ label: 'two', recreate_me: 'z' }), { ignore: 'all' }).change.action).to.equal('noop');
  });

  it('a write-only input the state does not know (after an import) is adopted without a change', () => {
    const imported: ResourceState = { ...prior, attributes: { ...priorAttributes, secret: undefined as never } };
    delete imported.attributes.secret;
    const { change, diagnostics } = plan(desiredFrom({ secret: 'Other1234' }), { prior: imported });
    expect(diagnostics).to.deep.equal([]);
    expect(change.action).to.equal('noop');
  });

  it('sensitive values are never in a reject message', () => {
    const { diagnostics } = plan(desiredFrom({ secret: 'NewSecret99' }));
    expect(diagnostics).to.have.length(1);
    expect(diagnostics[0].message).to.not.include('NewSecret99').and.to.not.include('S3cretValue');
    expect(diagnostics[0].message).to.include('(sensitive)');
  });

  it('a resource whose create never reached Active resumes waiting and orders nothing', () => {
    const { change } = plan(desiredFrom(), { prior: { ...prior, pending_create: true } });
    expect(change.action).to.equal('create');
    expect(change.paidOrders).to.equal(0);
    expect(change.reasonCodes[0]).to.deep.equal({ code: 'create_resumes_pending_order', id: prior.id });
  });
});
