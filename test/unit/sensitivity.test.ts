/**
 * Masking in one place (src/core/mask.ts) and sensitivity that follows
 * values (issue 16.4): through expressions (src/engine/scope.ts), into the
 * plan document, into state marks and the journal (src/engine/marks.ts),
 * through encryption at rest; and the mark of a value lost at create
 * (issue 16.2).
 */
import { expect } from 'chai';
import { readFile, rm } from 'node:fs/promises';
import { tempFolder } from '../temp-folders.js';
import { join } from 'node:path';
import {
  MASK,
  isMask,
  isSecretKey,
  maskAttributes,
  maskInputs,
  maskSecretPairsInText,
  maskSecrets,
  secretLiterals,
} from '../../src/core/mask.js';
import type { Value } from '../../src/core/types.js';
import type { ResourceState, StateDocument } from '../../src/state/document.js';
import { createPlan } from '../../src/engine/planning/index.js';
import { adoptedState } from '../../src/engine/reconcile/index.js';
import { echoesOfSecrets, lostValueWarnings, markResources, maskingJournal, resourceMarker } from '../../src/engine/marks.js';
import { Scope } from '../../src/engine/scope.js';
import { refreshState } from '../../src/engine/refresh.js';
import { loadManifestFromSource, type LoadedManifest } from '../../src/manifest/index.js';
import type { OperationContext } from '../../src/resources/attribute.js';
import { lookupResourceType } from '../../src/resources/index.js';
import { defaultCatalogue } from '../../src/manifest/catalogue.js';
import {
  catalogueSensitivity,
  EncryptingBackend,
  LocalBackend,
  StateStore,
  stateDocumentProblems,
  type Journal,
  type JournalIntent,
} from '../../src/state/index.js';
import { fakeApi } from '../fixtures/plans/harness.js';
import { liteKeypair, liteVm } from '../fixtures/lite-stack.js';

const SECRET = 'N0teSecretValue';

const MANIFEST = `variables:
  note: { env: NOTE, sensitive: true }
  plain: { default: hello }
resources:
${liteKeypair('key', 'deploy-key')}${liteVm('web', 'web-01', { consolePassword: 'Aa1NotARealOne9', properties: '      description: ${var.note}\n' })}  copy:
    type: cloud_lite_keypair
    properties: { name: "copy-\${web.description}" }
  deeper:
    type: cloud_lite_keypair
    properties: { name: "\${copy.name}-again" }
  plain:
    type: cloud_lite_keypair
    properties: { name: "\${var.plain}-\${web.vm_name}" }
outputs:
  description: \${web.description}
  in_a_list: ["\${deeper.name}"]
  in_an_object: { name: "\${copy.name}" }
  vm_name: \${web.vm_name}
  plain_name: \${plain.name}
`;

function load(source = MANIFEST): LoadedManifest {
  return loadManifestFromSource(source, 'm.yaml', { env: { NOTE: SECRET } });
}

function contextOf(): () => OperationContext {
  const client = fakeApi({ 'GET /lites/products': [{ product_id: 1547, name: 'Lite S1' }] }, []);
  return () => ({ api: client, pollIntervalSeconds: 0.01, deadline: Date.now() + 5000 });
}

function emptyState(resources: Record<string, ResourceState> = {}): StateDocument {
  return { format_version: 1, lineage: '5b8f0f1e-0b8a-4c55-9b7e-3f1f3c7e9a10', serial: 1, resources, outputs: {} };
}

function vm(attributes: Record<string, Value>, marks?: string[]): ResourceState {
  return {
    type: 'cloud_lite_vm',
    id: '100001',
    dependencies: [],
    attributes: {
      id: '100001',
      vm_name: 'web-01',
      product_id: 1547,
      select_os: 'ubuntu-22.04',
      keypair_id: 2001,
      ssh_and_console_user: 'deployer',
      cycle: 'm',
      ...attributes,
    },
    ...(marks ? { sensitive_attributes: marks } : {}),
  };
}

describe('masking: one module (src/core/mask.ts)', () => {
  it('one mask, and the earlier `***` still read as a mask', () => {
    expect(MASK).to.equal('(sensitive)');
    expect(isMask('(sensitive)')).to.equal(true);
    expect(isMask('***')).to.equal(true);
    expect(isMask('secret')).to.equal(false);
    expect(isMask(null)).to.equal(false);
  });

  it("one secret-key rule: the API names, the journal's words as endings, any case, - read as _", () => {
    for (const key of [
      'cipassword',
      'Console_Password',
      'root_password',
      'client_secret',
      'access_token',
      'api_key',
      'x-api-key',
      'aws_credentials',
      'config',
      'PEM',
      'private',
    ]) {
      expect(isSecretKey(key), key).to.equal(true);
    }
    for (const key of ['password_hint', 'tokens', 'public_key', 'configoptions', 'private_ip', 'description'])
      expect(isSecretKey(key), key).to.equal(false);
  });

  it('masks JSON by key (empty and null values stay), text pairs, attributes by name, journal inputs by type', () => {
    expect(maskSecrets({ a: { client_secret: 's', token: '', password: null }, list: [{ api_key: 'k' }] })).to.deep.equal({
      a: { client_secret: MASK, token: '', password: null },
      list: [{ api_key: MASK }],
    });
    expect(maskSecretPairsInText('user=bob&root_password=abc&password_hint=x')).to.equal(`user=bob&root_password=${MASK}&password_hint=x`);
    expect(maskAttributes({ a: 'x', b: 'y', c: null }, new Set(['b', 'c']))).to.deep.equal({ a: 'x', b: MASK, c: MASK });
    expect(maskAttributes({ a: 'x', b: 'y' }, (name) => name === 'a')).to.deep.equal({ a: MASK, b: 'y' });
    expect(
      maskInputs({ console_password: 'pw', vm_name: 'v', nested: { token: 't' } }, (name) => name === 'console_password'),
    ).to.deep.equal({ console_password: MASK, vm_name: 'v', nested: { token: MASK } });
    expect(secretLiterals(['a', 7, { b: ['c', true] }, null])).to.deep.equal(['a', '7', 'c', 'true']);
  });
});

describe('sensitivity follows values through expressions (Scope)', () => {
  it('a sensitive variable in a non-secret attribute makes it, and everything derived from it, sensitive', () => {
    const scope = new Scope(load(), defaultCatalogue);
    expect(scope.attributeSensitive('web', 'description')).to.equal(true);
    expect(scope.attributeSensitive('copy', 'name'), 'a template over it').to.equal(true);
    expect(scope.attributeSensitive('deeper', 'name'), 'two hops away').to.equal(true);
    expect(scope.attributeSensitive('web', 'vm_name')).to.equal(false);
    expect(scope.attributeSensitive('plain', 'name')).to.equal(false);
    expect(scope.attributeSensitive('web', 'console_password'), 'the catalogue says so').to.equal(true);
    expect(scope.sensitiveInputs('web'), 'catalogue-sensitive inputs are not listed').to.deep.equal(['description']);
    expect(scope.sensitiveInputs('plain')).to.deep.equal([]);
  });

  it('outputs and inputs evaluated over them are sensitive; others are not', () => {
    const loaded = load();
    const scope = new Scope(loaded, defaultCatalogue);
    scope.setResource('web', { description: SECRET, vm_name: 'web-01' });
    scope.setResource('copy', { name: `copy-${SECRET}` });
    scope.setResource('deeper', { name: `copy-${SECRET}-again` });
    scope.setResource('plain', { name: 'hello-web-01' });
    const outputs = scope.outputs(loaded.manifest);
    for (const name of ['description', 'in_a_list', 'in_an_object']) expect(outputs[name]?.sensitive, name).to.equal(true);
    for (const name of ['vm_name', 'plain_name']) expect(outputs[name]?.sensitive, name).to.equal(false);
    expect(scope.inputsOf(loaded.manifest.resources.copy!).inputs.name).to.deep.equal({ value: `copy-${SECRET}`, sensitive: true });
  });

  it('a value from a sensitive source that breaks a constraint is not shown in the diagnostic', () => {
    const source = MANIFEST.replace('ssh_and_console_user: deployer', 'ssh_and_console_user: "${var.note}"');
    const loaded = load(source);
    const scope = new Scope(loaded, defaultCatalogue);
    const problems = scope.checkInputs(lookupResourceType('cloud_lite_vm')!, loaded.manifest.resources.web!, {
      ssh_and_console_user: `${SECRET} with blanks`,
    });
    // Without the sensitivity the message ends `, got "N0teSecretValue with blanks"`.
    expect(problems.map((problem) => problem.message)).to.deep.equal([
      'resources.web.ssh_and_console_user: must contain only letters, digits, hyphens and periods',
    ]);
  });

  it('a mark in state makes an attribute sensitive whatever the manifest says now', () => {
    const source = MANIFEST.replace('description: ${var.note}', 'description: now-plain');
    const scope = new Scope(load(source), defaultCatalogue);
    expect(scope.attributeSensitive('copy', 'name')).to.equal(false);
    scope.setResourceState('web', vm({ description: SECRET }, ['description']));
    expect(scope.attributeSensitive('web', 'description')).to.equal(true);
    expect(scope.attributeSensitive('copy', 'name'), 'the memo is dropped when marks change').to.equal(true);
  });
});

describe('sensitivity follows values into the plan document', () => {
  it('the plan masks the derived attribute of another resource and the outputs: the secret is nowhere in it', async () => {
    const { plan } = await createPlan({
      loaded: load(),
      catalogue: defaultCatalogue,
      state: emptyState(),
      mode: 'apply',
      replace: [],
      contextFor: contextOf(),
    });
    expect(JSON.stringify(plan)).to.not.include(SECRET);
    const name = plan.changes.find((change) => change.address === 'copy')!.attributes.find((attribute) => attribute.name === 'name')!;
    expect(name).to.include({ after: MASK, sensitive: true });
    expect(plan.outputs.description).to.deep.include({ sensitive: true });
    expect(plan.outputs.plain_name).to.deep.include({ sensitive: false });
  });

  it('a marked value in state is masked on both sides of a change and in drift, even when the manifest no longer marks it', async () => {
    // A VM's description does not change in place: the refusal shows neither side.
    const source = MANIFEST.replace('description: ${var.note}', 'description: now-plain');
    const state = emptyState({ web: vm({ description: SECRET }, ['description']) });
    const refused = await createPlan({
      loaded: load(source),
      catalogue: defaultCatalogue,
      state,
      mode: 'apply',
      replace: [],
      contextFor: contextOf(),
    }).then(
      () => undefined,
      (error: Error) => error,
    );
    expect(refused?.message).to.include('web.description: cannot change from (sensitive) to (sensitive)');
    expect(refused?.message).to.not.include(SECRET);
    // With --replace the change is planned: its before is masked.
    const { plan } = await createPlan({
      loaded: load(source),
      catalogue: defaultCatalogue,
      state,
      mode: 'apply',
      replace: ['web'],
      contextFor: contextOf(),
    });
    expect(JSON.stringify(plan)).to.not.include(SECRET);
    const description = plan.changes
      .find((change) => change.address === 'web')!
      .attributes.find((attribute) => attribute.name === 'description')!;
    expect(description).to.include({ before: MASK, sensitive: true });

    // Drift: the API reports another value than the marked one in state.
    const refresh = {
      resources: state.resources,
      gone: [],
      drift: [{ address: 'web', attribute: 'description', before: SECRET, after: 'changed', sensitive: false }],
    };
    const { plan: drifted } = await createPlan({
      loaded: load(),
      catalogue: defaultCatalogue,
      state,
      mode: 'refresh-only',
      replace: [],
      refresh,
      contextFor: contextOf(),
    });
    expect(drifted.drift!.changed[0]).to.include({ before: MASK, after: MASK, sensitive: true });
  });

  it('refresh marks drift of an attribute the state marks sensitive', async () => {
    const client = fakeApi(
      {
        'GET /lites/accounts/100001': {
          account_id: '100001',
          status: 'Active',
          product_id: 1547,
          description: 'changed outside',
          extra_details: { name: 'changed-outside', description: 'changed outside' },
        },
      },
      [],
    );
    const state = emptyState({ web: vm({ vm_name: SECRET, description: SECRET }, ['vm_name', 'description']) });
    const result = await refreshState(state, {
      catalogue: defaultCatalogue,
      contextFor: () => ({ api: client, pollIntervalSeconds: 0.01, deadline: Date.now() + 5000 }),
      parallelism: 1,
    });
    const entry = result.drift.find((item) => item.attribute === 'vm_name');
    expect(entry, JSON.stringify(result.drift)).to.not.equal(undefined);
    expect(entry!.sensitive).to.equal(true);
    // The description is informational (issue 10): a read-back note, sensitive, without either value.
    const note = result.notes?.find((item) => item.attribute === 'description');
    expect(note).to.deep.equal({
      address: 'web',
      attribute: 'description',
      kind: 'informational_differs',
      kept: null,
      observed: null,
      sensitive: true,
    });
    expect(JSON.stringify(result.notes)).to.not.include(SECRET);
  });
});

describe('marks written with each resource (src/engine/marks.ts)', () => {
  const marker = () => resourceMarker(new Scope(load(), defaultCatalogue));

  it('marks the inputs from a sensitive source and the values echoing a secret input; nothing else', () => {
    const written = marker()('web', vm({ description: SECRET, osname: 'ubuntu', ciuser: 'deployer' }), undefined);
    expect(written.sensitive_attributes).to.deep.equal(['description']);
    const key = marker()(
      'copy',
      {
        type: 'cloud_lite_keypair',
        id: '2002',
        dependencies: [],
        attributes: { id: '2002', name: `copy-${SECRET}`, public_key: `ssh-ed25519 AAAA copy-${SECRET}`, private_key: 'PEM' },
      },
      undefined,
    );
    expect(key.sensitive_attributes).to.deep.equal(['name', 'public_key']);
    expect(
      echoesOfSecrets(lookupResourceType('cloud_lite_vm'), { console_password: 'Pw-123456', ciuser: 'Pw-123456', vm_name: 'x' }, new Set()),
    ).to.deep.equal(['ciuser']);
  });

  it('a mark stays while its value stays, and goes when the value changes (and the manifest no longer marks it)', () => {
    const annotate = resourceMarker(
      new Scope(load(MANIFEST.replace('description: ${var.note}', 'description: now-plain')), defaultCatalogue),
    );
    const previous = vm({ description: SECRET }, ['description']);
    expect(annotate('web', vm({ description: SECRET, status: 'Active' }), previous).sensitive_attributes).to.deep.equal(['description']);
    expect(annotate('web', vm({ description: 'now-plain' }), previous)).to.not.have.property('sensitive_attributes');
  });

  it('a resource first written without the value only its create returns is marked lost; imports and later writes are not', () => {
    const annotate = marker();
    const adopted: ResourceState = {
      type: 'cloud_lite_keypair',
      id: '2001',
      dependencies: [],
      attributes: { id: '2001', name: 'deploy-key', keypair_id: 2001, public_key: 'ssh-ed25519 AAAA' },
    };
    const lost = annotate('key', adopted, undefined);
    expect(lost.lost_at_create).to.deep.equal(['private_key']);
    expect(
      annotate('key', { ...adopted, attributes: { ...adopted.attributes, public_key: 'read again' } }, lost).lost_at_create,
      'kept by later writes',
    ).to.deep.equal(['private_key']);
    const created = annotate('key', { ...adopted, attributes: { ...adopted.attributes, private_key: 'PEM' } }, undefined);
    expect(created).to.not.have.property('lost_at_create');
    expect(annotate('key', adopted, adopted), 'a resource already in state (an import) is not marked later').to.not.have.property(
      'lost_at_create',
    );
    expect(lostValueWarnings(emptyState({ key: lost }), [])).to.deep.equal([
      { code: 'value_lost_at_create', address: 'key', attributes: ['private_key'] },
    ]);
    const replacing = {
      address: 'key',
      type: 'cloud_lite_keypair',
      mode: 'resource' as const,
      action: 'replace' as const,
      reasons: [],
      reasonCodes: [],
      attributes: [],
      operations: [],
      paidOrders: 0,
      dependsOn: [],
    };
    expect(lostValueWarnings(emptyState({ key: lost }), [replacing]), 'the way out is under way').to.deep.equal([]);
  });

  it('reconciliation marks an adopted keypair without its private key', () => {
    const type = lookupResourceType('cloud_lite_keypair')!;
    const state = adoptedState(
      type,
      '2001',
      { id: '2001', name: 'k', keypair_id: 2001, public_key: 'ssh-ed25519 AAAA' },
      { name: 'k' },
      [],
    );
    expect(state.lost_at_create).to.deep.equal(['private_key']);
    expect(stateDocumentProblems(emptyState({ key: state }))).to.deep.equal([]);
    expect(stateDocumentProblems(emptyState({ key: { ...state, lost_at_create: 'private_key' as unknown as string[] } }))).to.deep.equal([
      'resources.key.lost_at_create must be a list of attribute names',
    ]);
  });

  it('the store writes the marks with the values, and markResources marks a state written before marks existed', async () => {
    const dir = await tempFolder('cloudctl-marks-');
    try {
      const store = await StateStore.open(new LocalBackend({ statePath: join(dir, 'state.json') }));
      await store.setResource('web', vm({ description: SECRET }));
      expect(store.resource('web')).to.not.have.property('sensitive_attributes');
      await markResources(store, marker());
      expect(store.resource('web')!.sensitive_attributes).to.deep.equal(['description']);
      await store.setResource('copy', {
        type: 'cloud_lite_keypair',
        id: '2002',
        dependencies: [],
        attributes: { id: '2002', name: `copy-${SECRET}`, private_key: 'PEM' },
      });
      expect(store.resource('copy')!.sensitive_attributes).to.deep.equal(['name']);
      await store.checkpoint();
      const stored = JSON.parse(await readFile(join(dir, 'state.json'), 'utf8'));
      expect(stored.resources.web.sensitive_attributes).to.deep.equal(['description']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('encryption at rest covers the marked attributes', async () => {
    const dir = await tempFolder('cloudctl-marks-');
    try {
      const statePath = join(dir, 'state.json');
      const backend = new EncryptingBackend(new LocalBackend({ statePath }), {
        passphrase: 'pass phrase',
        sensitive: catalogueSensitivity,
        cost: { n: 1024, r: 8, p: 1 },
      });
      await backend.write(emptyState({ web: vm({ description: SECRET }, ['description']) }));
      const text = await readFile(statePath, 'utf8');
      expect(text).to.not.include(SECRET);
      expect(JSON.parse(text).resources.web.attributes.vm_name).to.equal('web-01');
      expect((await backend.read())!.resources.web!.attributes.description).to.equal(SECRET);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('the journal masks inputs from a sensitive source, and delegates everything else', async () => {
    const recorded: Array<Omit<JournalIntent, 'kind' | 'intent_id' | 'time'>> = [];
    const inner: Journal = {
      recordIntent: async (intent) => {
        recorded.push(intent);
        return 'id-1';
      },
      recordListing: () => ({ listingId: 'l-1', written: Promise.resolve() }),
      recordResult: async () => undefined,
      unfinished: async () => [],
      compact: async () => undefined,
    };
    const scope = new Scope(load(), defaultCatalogue);
    const journal = maskingJournal(inner, (address) => scope.sensitiveInputs(address));
    expect(
      await journal.recordIntent({
        address: 'copy',
        type: 'cloud_lite_keypair',
        operation: 'create',
        inputs: { name: `copy-${SECRET}` },
        match: { name: `copy-${SECRET}` },
      }),
    ).to.equal('id-1');
    await journal.recordIntent({
      address: 'plain',
      type: 'cloud_lite_keypair',
      operation: 'create',
      inputs: { name: 'hello-web-01' },
      match: {},
    });
    expect(recorded.map((intent) => intent.inputs)).to.deep.equal([{ name: MASK }, { name: 'hello-web-01' }]);
    expect(recorded[0]!.match).to.deep.equal({ name: MASK });
    expect(journal.recordListing('t', []).listingId).to.equal('l-1');
  });
});
