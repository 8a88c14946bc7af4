/**
 * Plan reasons and diagnostics as codes: the engine writes codes with their
 * parameters (`ChangeReason`, `AttributeReason`, `DiagnosticCode`), the CLI
 * view src/cli/views/reasons.ts renders the English, written plans carry
 * both, sensitive values never reach either, and the codes follow
 * schemas/plan.schema.json.
 */
import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import { Ajv } from 'ajv';
import { diffResource, type DesiredInput } from '../../src/engine/diff.js';
import { createPlan } from '../../src/engine/planning/index.js';
import { maskPlan } from '../../src/plan/mask.js';
import { loadManifest, loadManifestFromSource } from '../../src/manifest/index.js';
import { defaultCatalogue } from '../../src/manifest/catalogue.js';
import {
  changeReasonSentences,
  renderAttributeReason,
  renderChangeReason,
  renderPlanJson,
  withReasonSentences,
} from '../../src/cli/views/reasons.js';
import { renderPlan } from '../../src/cli/views/plan.js';
import { createStyle } from '../../src/cli/views/style.js';
import type { ResourceType } from '../../src/resources/attribute.js';
import { DiagnosticError, unknown, type Diagnostic } from '../../src/core/types.js';
import { type ResourceState, type StateDocument } from '../../src/state/document.js';
import { type AttributeReason, type Change, type ChangeReason, type PlanDocument } from '../../src/plan/document.js';
import { INERT_TYPE_OPERATIONS, planDocumentOf, plannedChange } from '../support/catalogue.js';

const change = { address: 'web', type: 'cloud_lite_vm' };

/** Every change reason code, with parameters, and the sentence it reads as. */
/** power_state observed `start`, wanted `stop`; `drifted` when it changed outside cloudctl. */
const powerStateDiffers = (drifted: boolean): ChangeReason => ({
  code: 'update_because_observed_differs',
  attribute: 'power_state',
  operation: 'power',
  paid: false,
  observed: 'start',
  wanted: 'stop',
  drifted,
  sensitive: false,
});

const CHANGE_REASONS: Array<[ChangeReason, string]> = [
  [{ code: 'create_because_not_in_state', paid: true }, 'not in state: places a paid order'],
  [{ code: 'create_because_not_in_state', paid: false }, 'not in state: creates it'],
  [{ code: 'create_because_deleted_outside', paid: true }, 'deleted outside cloudctl (404 or Terminated): places a new paid order'],
  [{ code: 'create_because_deleted_outside', paid: false }, 'deleted outside cloudctl (404 or Terminated): creates it again'],
  [
    { code: 'create_resumes_pending_order', id: '100001' },
    'the order was placed earlier (id 100001) and is not Active yet: waits for it, orders nothing',
  ],
  [
    { code: 'create_awaiting_payment', id: '100001', invoice_id: 700001, amount: 75000, due_date: '2026-11-23' },
    'awaiting payment: the order (id 100001) was placed unpaid; invoice 700001, amount 75000, due 2026-11-23 is open. Orders nothing; apply continues once it is paid',
  ],
  [
    {
      code: 'update_awaiting_payment',
      id: '100001',
      operation: 'change_package',
      attribute: 'product_id',
      invoice_id: 700002,
      amount: 45000,
      due_date: '2026-11-23',
    },
    'awaiting payment: change_package (product_id) was ordered unpaid on id 100001; invoice 700002, amount 45000, due 2026-11-23 is open. Orders nothing; its other changes wait, and apply continues once it is paid',
  ],
  [
    { code: 'update_resumes_paid_order', id: '100001', operation: 'change_package', attribute: 'product_id' },
    'change_package (product_id) was ordered unpaid and is paid now: waits for it to show, orders nothing for it',
  ],
  [
    { code: 'create_followed_by_operation', attribute: 'disk_size', operation: 'storage_upgrade', paid: true },
    'disk_size is set: if the new resource has less, storage_upgrade follows the order (a paid order)',
  ],
  [{ code: 'replace_by_request' }, 'replacement requested with --replace web'],
  [{ code: 'replace_because_attribute_forces', attribute: 'select_os' }, 'select_os forces replacement'],
  [{ code: 'replace_destroys_first', id: '7', paid: true }, 'destroys cloud_lite_vm 7 first, then places a paid order for the new one'],
  [{ code: 'replace_destroys_first', id: '7', paid: false }, 'destroys cloud_lite_vm 7 first, then creates the new one'],
  [
    { code: 'update_calls_operation', attribute: 'vm_name', operation: 'rename', paid: false, cause: 'changed' },
    'vm_name changed: calls rename',
  ],
  [
    { code: 'update_calls_operation', attribute: 'product_id', operation: 'change_package', paid: true, cause: 'changed_outside' },
    'product_id was changed outside cloudctl: change_package places a paid order',
  ],
  [
    {
      code: 'update_calls_operation',
      attribute: 'vm_name',
      operation: 'rename',
      paid: false,
      cause: 'known_after_apply',
      waits_for: 'key.name',
    },
    'vm_name is known only after apply (key.name) and may change: calls rename',
  ],
  [
    {
      code: 'update_grows',
      attribute: 'disk_size',
      operation: 'storage_upgrade',
      paid: true,
      before: 60,
      after: 120,
      sensitive: false,
      unit: 'GB',
    },
    'disk_size grows from 60 GB to 120 GB: storage_upgrade places a paid order',
  ],
  [
    {
      code: 'update_grows',
      attribute: 'disk_size',
      operation: 'storage_upgrade',
      paid: true,
      before: 60,
      after: unknown('other.size'),
      sensitive: false,
      unit: 'GB',
    },
    'disk_size is known only after apply (other.size) and may change: storage_upgrade places a paid order',
  ],
  [powerStateDiffers(false), 'power_state is "start", the manifest wants "stop": calls power'],
  [powerStateDiffers(true), 'power_state is "start" (changed outside cloudctl), the manifest wants "stop": calls power'],
  [
    { code: 'trigger_fires', attribute: 'rebuild_os', operation: 'rebuild', paid: false, value: 'debian-12', sensitive: false },
    'rebuild_os set to "debian-12": fires rebuild once',
  ],
  [
    { code: 'trigger_fires', attribute: 'rebuild_os', operation: 'rebuild', paid: true, value: unknown('data.os.name'), sensitive: false },
    'rebuild_os is known only after apply (data.os.name) and may change: fires rebuild once, a paid order',
  ],
  [{ code: 'update_stored_in_state_only', attribute: 'timeouts', cause: 'changed' }, 'timeouts changed: stored in state only, no call'],
  [{ code: 'delete_because_not_in_manifest', targeted: false }, 'not in the manifest any more'],
  [{ code: 'delete_because_not_in_manifest', targeted: true }, 'not in the manifest any more, and targeted with --target web'],
  [{ code: 'delete_because_count_index_gone', count: 2 }, 'count is now 2'],
  [{ code: 'delete_because_for_each_key_gone', key: 'eu' }, '"eu" is no longer in for_each'],
  [{ code: 'delete_because_repetition_changed', block: 'web' }, 'web changed between one instance and count/for_each instances'],
  [{ code: 'delete_by_request', targeted: false }, 'destroy requested'],
  [{ code: 'delete_by_request', targeted: true }, 'destroy requested with --target web'],
  [
    { code: 'read_because_inputs_unknown', attribute: 'product_id', waits_for: 'web.id' },
    'its inputs are known only after apply (product_id waits for web.id): read during apply',
  ],
  [{ code: 'read_because_dependency_pending', dependency: 'web' }, 'depends on web, which has changes to apply: read during apply'],
];

const ALL_CODES: Array<ChangeReason['code']> = [
  'create_because_not_in_state',
  'create_because_deleted_outside',
  'create_resumes_pending_order',
  'create_awaiting_payment',
  'update_awaiting_payment',
  'update_resumes_paid_order',
  'create_followed_by_operation',
  'replace_by_request',
  'replace_because_attribute_forces',
  'replace_destroys_first',
  'update_calls_operation',
  'update_grows',
  'update_because_observed_differs',
  'trigger_fires',
  'update_stored_in_state_only',
  'delete_because_not_in_manifest',
  'delete_because_count_index_gone',
  'delete_because_for_each_key_gone',
  'delete_because_repetition_changed',
  'delete_by_request',
  'read_because_inputs_unknown',
  'read_because_dependency_pending',
];

/** A fake type with a sensitive attribute for every policy that shows values. */
const secretive: ResourceType = {
  kind: 'resource',
  type: 'fake_secretive',
  token: 'cloud:index:FakeSecretive',
  aliases: [],
  description: 'test type',
  attributes: {
    id: { type: 'string', mode: 'computed', description: '' },
    quota: {
      type: 'int64',
      mode: 'optional',
      unit: 'GB',
      sensitive: true,
      description: '',
      policy: { kind: 'grow', operation: 'grow_quota' },
    },
    passphrase: { type: 'string', mode: 'optional', sensitive: true, description: '', policy: { kind: 'trigger', operation: 'rekey' } },
    mood: { type: 'string', mode: 'optional', sensitive: true, description: '', policy: { kind: 'desired', operation: 'soothe' } },
  },
  operationOrder: ['grow_quota', 'rekey', 'soothe'],
  paidOperations: ['grow_quota'],
  paidCreate: false,
  ...INERT_TYPE_OPERATIONS,
};

function secretiveChange(): Change {
  const prior: ResourceState = {
    type: 'fake_secretive',
    id: '3',
    attributes: { id: '3', quota: 71, passphrase: 'OldPass11', mood: 'Grumpy42' },
    dependencies: [],
  };
  const desired: Record<string, DesiredInput> = {
    quota: { value: 93, sensitive: false },
    passphrase: { value: 'NewPass22', sensitive: false },
    mood: { value: 'Serene77', sensitive: false },
  };
  return plannedChange('vault', secretive, desired, prior);
}

/** The keys of a written change without cost or id, in the order of the schema. */
const WRITTEN_CHANGE_KEYS = [
  'address',
  'type',
  'mode',
  'action',
  'reasons',
  'reasonCodes',
  'attributes',
  'operations',
  'paidOrders',
  'dependsOn',
];

describe('plan reasons as codes (src/cli/views/reasons.ts)', () => {
  it('renders every change reason code as its sentence', () => {
    expect(new Set(CHANGE_REASONS.map(([reason]) => reason.code))).to.deep.equal(new Set(ALL_CODES));
    for (const [reason, sentence] of CHANGE_REASONS) expect(renderChangeReason(reason, change), reason.code).to.equal(sentence);
  });

  it("renders every attribute reason code as its note, from the attribute's own values", () => {
    const rows: Array<[AttributeReason, string]> = [
      [{ code: 'forces_replacement' }, 'forces replacement'],
      [{ code: 'changes_with_replacement' }, 'changes with the requested replacement'],
      [{ code: 'calls_operation', operation: 'rename' }, 'calls rename'],
      [{ code: 'grows', operation: 'storage_upgrade', unit: 'GB' }, 'grows from 60 GB to 120 GB'],
      [{ code: 'fires_once', operation: 'rebuild' }, 'fires rebuild once'],
      [{ code: 'observed_differs', operation: 'power' }, 'observed 60, wanted 120: calls power'],
      [{ code: 'stored_in_state_only' }, 'stored in state only'],
    ];
    for (const [reason, note] of rows) expect(renderAttributeReason(reason, { before: 60, after: 120, sensitive: false })).to.equal(note);
    expect(renderAttributeReason({ code: 'grows', operation: 'x', unit: 'GB' }, { before: 60, after: 120, sensitive: true })).to.equal(
      'grows from (sensitive) to (sensitive)',
    );
  });

  it('the diff writes codes with parameters, no English', () => {
    const change = secretiveChange();
    expect(change.reasons).to.equal(undefined);
    expect(change.reasonCodes.map((reason) => reason.code)).to.deep.equal([
      'update_grows',
      'trigger_fires',
      'update_because_observed_differs',
    ]);
    expect(change.attributes.map((attribute) => `${attribute.name}: ${attribute.reasonCode?.code}`)).to.deep.equal([
      'quota: grows',
      'passphrase: fires_once',
      'mood: observed_differs',
    ]);
    for (const attribute of change.attributes) expect(attribute).to.not.have.property('reason');
  });

  it('a plan document masks sensitive values inside reasons, and the sentences show (sensitive)', () => {
    const plan = maskPlan(planDocumentOf([secretiveChange()]));
    const json = renderPlanJson(plan);
    for (const secret of ['71', '93', 'OldPass11', 'NewPass22', 'Grumpy42', 'Serene77']) expect(json).to.not.include(secret);
    expect(changeReasonSentences(plan.changes[0])).to.deep.equal([
      'quota grows from (sensitive) to (sensitive): grow_quota places a paid order',
      'passphrase set to (sensitive): fires rekey once',
      'mood is (sensitive), the manifest wants (sensitive): calls soothe',
    ]);
    // Masking twice (show --json masks plan files again) changes nothing.
    expect(maskPlan(plan)).to.deep.equal(plan);
  });

  it('a written plan has the English next to the codes, keys in schema order, and follows the schema', async () => {
    const schema = JSON.parse(await readFile(new URL('../../schemas/plan.schema.json', import.meta.url), 'utf8'));
    const validate = new Ajv({ allErrors: true, strict: true }).compile(schema);
    const changes: Change[] = CHANGE_REASONS.map(([reason], index) => ({
      address: `r${index}`,
      type: 'cloud_lite_vm',
      mode: 'resource',
      action: 'update',
      reasonCodes: [reason],
      attributes: [
        { name: 'vm_name', before: 'a', after: 'b', sensitive: false, reasonCode: { code: 'calls_operation', operation: 'rename' } },
      ],
      operations: [],
      paidOrders: 0,
      dependsOn: [],
    }));
    const written = JSON.parse(renderPlanJson(maskPlan(planDocumentOf(changes)))) as PlanDocument;
    expect(validate(written), JSON.stringify(validate.errors, null, 2)).to.equal(true);
    expect(Object.keys(written.changes[0])).to.deep.equal(WRITTEN_CHANGE_KEYS);
    expect(Object.keys(written.changes[0].attributes[0])).to.deep.equal(['name', 'before', 'after', 'sensitive', 'reason', 'reasonCode']);
    // The sentences name the change's own address (r0, r1, ...).
    expect(written.changes.map((entry) => entry.reasons![0])).to.deep.equal(
      CHANGE_REASONS.map(([, sentence], index) => sentence.replace(/--(target|replace) web/, `--$1 r${index}`)),
    );
    expect(validate({ ...written, changes: [{ ...written.changes[0], reasonCodes: [{ code: 'made_up' }] }] })).to.equal(false);
  });

  it('a written create keeps its other fields in their order and its attributes as they are', () => {
    const attributes = [
      { name: 'id', before: undefined, after: { $unknown: 'web.id' }, sensitive: false },
      { name: 'vm_name', before: undefined, after: 'web', sensitive: false },
    ];
    const reasonCodes: Change['reasonCodes'] = [{ code: 'create_because_not_in_state', paid: true }];
    const create = { address: 'web', type: 'cloud_lite_vm', mode: 'resource', action: 'create', reasonCodes, attributes } as const;
    const cost = { cycle: 'm', before: 0, after: 75000, due_now: 75000 };
    const change: Change = { ...create, operations: [], paidOrders: 1, dependsOn: ['kp'], cost };
    const written = JSON.parse(renderPlanJson(planDocumentOf([change]))) as PlanDocument;
    expect(Object.keys(written.changes[0])).to.deep.equal([...WRITTEN_CHANGE_KEYS, 'cost']);
    expect(written.changes[0].reasons).to.deep.equal(['not in state: places a paid order']);
    expect(written.changes[0].attributes).to.deep.equal([
      { name: 'id', after: { $unknown: 'web.id' }, sensitive: false },
      { name: 'vm_name', after: 'web', sensitive: false },
    ]);
  });

  it('a plan saved before codes existed is shown with its sentences as written', () => {
    const legacy = {
      address: 'web',
      type: 'cloud_lite_vm',
      mode: 'resource',
      action: 'update',
      reasons: ['vm_name changed: calls rename'],
      attributes: [{ name: 'vm_name', before: 'a', after: 'b', sensitive: false, reason: 'calls rename' }],
      operations: [],
      paidOrders: 0,
      id: '1',
      dependsOn: [],
    } as unknown as Change;
    const text = renderPlan(planDocumentOf([legacy]), createStyle(false));
    expect(text).to.include('  #   vm_name changed: calls rename\n');
    expect(text).to.include('~ vm_name = "a" -> "b"  # calls rename');
    const written = withReasonSentences(planDocumentOf([legacy])).changes[0];
    expect(written.reasons).to.deep.equal(['vm_name changed: calls rename']);
    expect(written).to.not.have.property('reasonCodes');
    expect(written.attributes[0].reason).to.equal('calls rename');
  });

  it('plan reasons carry data: a replace by request, a delete of an orphan, a read waiting for an unknown', async () => {
    const source = `resources:
  key:
    type: cloud_lite_keypair
    properties: { name: deploy-key }
data:
  oss:
    type: cloud_lite_os_list
    properties: { product_id: "\${key.keypair_id}" }
`;
    const keypair = (id: string, name: string): ResourceState => ({
      type: 'cloud_lite_keypair',
      id,
      attributes: { id, keypair_id: Number(id), name, public_key: 'ssh-ed25519 AAAA' },
      dependencies: [],
    });
    const state: StateDocument = {
      format_version: 1,
      lineage: 'l',
      serial: 1,
      resources: { key: keypair('2001', 'deploy-key'), old: keypair('2002', 'old') },
      outputs: {},
    };
    const contextFor = () => {
      throw new Error('no API call expected');
    };
    const { plan } = await createPlan({
      loaded: loadManifestFromSource(source, 'm.yaml', { env: {} }),
      catalogue: defaultCatalogue,
      state,
      mode: 'apply',
      replace: ['key'],
      contextFor,
    });
    const codes = Object.fromEntries(plan.changes.map((entry) => [entry.address, entry.reasonCodes]));
    expect(codes.old).to.deep.equal([{ code: 'delete_because_not_in_manifest', targeted: false }]);
    expect(codes.key).to.deep.equal([{ code: 'replace_by_request' }, { code: 'replace_destroys_first', id: '2001', paid: false }]);
    expect(codes['data.oss']).to.deep.equal([
      { code: 'read_because_inputs_unknown', attribute: 'product_id', waits_for: 'key.keypair_id' },
    ]);
  });
});

describe('diagnostics as codes', () => {
  const dir = 'test/fixtures/manifests/bad';
  async function codesOf(load: () => Promise<unknown> | unknown): Promise<Array<Diagnostic['code']>> {
    try {
      await load();
    } catch (error) {
      if (error instanceof DiagnosticError) return error.diagnostics.map((diagnostic) => diagnostic.code);
      throw error;
    }
    throw new Error('expected a DiagnosticError');
  }

  const fixtures: Record<string, string[]> = {
    'broken-yaml.yaml': ['yaml_syntax', 'yaml_syntax'],
    'unknown-type.yaml': ['unknown_type'],
    'unknown-attribute.yaml': ['unknown_attribute'],
    'missing-required.yaml': ['missing_required'],
    'short-vm-name.yaml': ['constraint_violation'],
    'password-without-digit.yaml': ['constraint_violation'],
    'cycle.yaml': ['cycle'],
    'both-spellings.yaml': ['duplicate_spelling'],
    'computed-set.yaml': ['computed_attribute_set'],
  };
  for (const [file, codes] of Object.entries(fixtures)) {
    it(`${file}: ${codes.join(', ')}`, async () => {
      expect(await codesOf(() => loadManifest(`${dir}/${file}`, { env: {} }))).to.deep.equal(codes);
    });
  }

  it('wrong types, unknown references and depends_on targets, unset variables', async () => {
    expect(await codesOf(() => loadManifest(`${dir}/wrong-type.yaml`, { env: {} }))).to.include('type_mismatch');
    expect(await codesOf(() => loadManifest(`${dir}/unknown-reference.yaml`, { env: {} }))).to.include('reference_unknown');
    expect(await codesOf(() => loadManifest(`${dir}/unknown-depends-on.yaml`, { env: {} }))).to.include('unknown_dependency');
    const unset = 'variables:\n  password: { env: PW_NOT_SET }\nresources: {}\n';
    expect(await codesOf(() => loadManifestFromSource(unset, 'm.yaml', { env: {} }))).to.deep.equal(['variable_unset']);
    expect(await codesOf(() => loadManifest(`${dir}/does-not-exist.yaml`))).to.deep.equal(['manifest_unreadable']);
  });

  it('plan errors: a rejected change, a shrink, prevent_destroy, unknown --replace and --target', async () => {
    const fake: ResourceType = {
      ...secretive,
      attributes: {
        id: { type: 'string', mode: 'computed', description: '' },
        size: { type: 'int64', mode: 'optional', description: '', policy: { kind: 'grow', operation: 'upgrade' } },
        zone: { type: 'string', mode: 'optional', description: '', policy: { kind: 'reject', hint: 'replace it' } },
        image: { type: 'string', mode: 'optional', description: '', policy: { kind: 'replace' } },
      },
    };
    const prior: ResourceState = { type: fake.type, id: '5', attributes: { id: '5', size: 100, zone: 'a', image: 'x' }, dependencies: [] };
    const desired = (values: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(values).map(([name, value]) => [name, { value: value as never, sensitive: false }]));
    const diff = (values: Record<string, unknown>, preventDestroy = false) =>
      diffResource({
        address: 'box',
        type: fake,
        desired: desired(values),
        prior,
        lifecycle: { preventDestroy, ignoreChanges: [] },
        forceReplace: false,
        locations: {},
        dependsOn: [],
      }).diagnostics.map((diagnostic) => diagnostic.code);
    expect(diff({ size: 50, zone: 'b' })).to.deep.equal(['shrink_rejected', 'change_rejected']);
    expect(diff({ image: 'y' }, true)).to.deep.equal(['prevent_destroy']);

    const loaded = loadManifestFromSource('resources:\n  key:\n    type: cloud_lite_keypair\n    properties: { name: k }\n', 'm.yaml', {
      env: {},
    });
    const state: StateDocument = { format_version: 1, lineage: 'l', serial: 0, resources: {}, outputs: {} };
    const contextFor = () => {
      throw new Error('no API call expected');
    };
    expect(
      await codesOf(() =>
        createPlan({ loaded, catalogue: defaultCatalogue, state, mode: 'apply', replace: ['nope', 'key'], targets: ['ghost'], contextFor }),
      ),
    ).to.deep.equal(['replace_unknown', 'replace_not_in_state', 'target_unknown']);
  });

  it('formatDiagnostic output is unchanged by the code', async () => {
    const error = (await loadManifest(`${dir}/unknown-type.yaml`, { env: {} }).catch((caught: unknown) => caught)) as DiagnosticError;
    expect(error.diagnostics[0].code).to.equal('unknown_type');
    expect(error.message).to.equal(
      `${dir}/unknown-type.yaml:3:11: unknown type "cloud_lite_vmm" for resources.web; did you mean "cloud_lite_vm"?`,
    );
  });
});
