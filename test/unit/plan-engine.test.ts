/**
 * The planner around the diff: --target selection, deferred data source
 * reads, masking of sensitive values in plan documents, redaction of the
 * manifest source, re-reading sensitive data sources at apply, recording a
 * refresh in state, and the DOT graph.
 */
import { expect } from 'chai';
import { rm } from 'node:fs/promises';
import { tempFolder } from '../temp-folders.js';
import { join } from 'node:path';
import { parse } from 'yaml';
import { defaultCatalogue, loadManifestFromSource, type LoadedManifest } from '../../src/manifest/index.js';
import { createPlan, rereadSensitiveDataSources, selectTargets } from '../../src/engine/planning/index.js';
import { maskPlan, planHasChanges, redactSource } from '../../src/plan/index.js';

/** The manifest's source with its sensitive literals redacted. */
const redactManifestSource = (loaded: LoadedManifest) => redactSource(loaded.manifest.source, loaded.sensitiveLiterals);
import { MASK as SENSITIVE_MASK, maskValue } from '../../src/core/mask.js';
import { diffResource } from '../../src/engine/diff.js';
import { recordRefresh, refreshState } from '../../src/engine/refresh.js';
import { Scope } from '../../src/engine/scope.js';
import { unknown } from '../../src/core/types.js';
import { type ResourceState, type StateDocument } from '../../src/state/document.js';
import { type PlanDocument } from '../../src/plan/document.js';
import type { OperationContext } from '../../src/resources/attribute.js';
import { openLocalState } from '../../src/state/index.js';
import { renderDot } from '../../src/cli/commands/graph.js';
import { dependencyGraph } from '../../src/engine/dependency-graph.js';
import { renderPlan } from '../../src/cli/views/plan.js';
import { changeReasonSentences } from '../../src/cli/views/reasons.js';
import { createStyle } from '../../src/cli/views/style.js';
import { fakeApi } from '../fixtures/plans/harness.js';
import { PLAIN_DIFF, planDocumentOf } from '../support/catalogue.js';
import { CATALOGUE_DATA_SOURCES, FIRST_PRODUCT, liteKeypair, liteVm } from '../fixtures/lite-stack.js';

const PRODUCTS = [
  { product_id: 1547, name: 'Lite S1' },
  { product_id: 1548, name: 'Lite S2' },
];
const OSS = [{ vmid: 9001, name: 'ubuntu-22.04' }];

function api(calls: string[] = [], extra: Record<string, unknown> = {}) {
  return fakeApi(
    {
      'GET /lites/products': PRODUCTS,
      'GET /lites/products/1547/oss': OSS,
      'GET /lites/products/1548/oss': OSS,
      'GET /lites/products/1547/ip-availability': { available: true },
      ...extra,
    },
    calls,
  );
}

function contextOf(client = api()): () => OperationContext {
  return () => ({ api: client, pollIntervalSeconds: 0.01, deadline: Date.now() + 5000 });
}

const MANIFEST = `variables:
  console_password: { env: PW, sensitive: true }
${CATALOGUE_DATA_SOURCES}resources:
${liteKeypair('key', 'deploy-key')}${liteKeypair('extra', 'extra-key')}${liteVm('web', undefined, FIRST_PRODUCT)}outputs:
  web_id: \${web.id}
  extra_id: \${extra.id}
`;

function load(source = MANIFEST, env: Record<string, string> = { PW: 'Sup3rSecretPw' }): LoadedManifest {
  return loadManifestFromSource(source, 'm.yaml', { env });
}

function keypair(id: string, name: string, dependencies: string[] = []): ResourceState {
  return {
    type: 'cloud_lite_keypair',
    id,
    attributes: { id, name, keypair_id: Number(id), public_key: 'ssh-ed25519 AAAA', private_key: 'PRIVATE' },
    dependencies,
  };
}

function stateOf(resources: Record<string, ResourceState> = {}): StateDocument {
  return { format_version: 1, lineage: 'l-1', serial: 4, resources, outputs: {} };
}

describe('plan: --target selection', () => {
  const { manifest } = load();

  it('selects the targets and everything they depend on, data sources included', () => {
    const selection = selectTargets(manifest, stateOf(), ['web'], 'apply');
    expect([...selection.selected].sort()).to.deep.equal(['data.os', 'data.products', 'key', 'web']);
    expect(selectTargets(manifest, stateOf(), ['extra'], 'apply').selected).to.deep.equal(new Set(['extra']));
    expect(selection.diagnostics).to.deep.equal([]);
  });

  it('a target only the state holds is a delete; an unknown one is an error with a suggestion', () => {
    const selection = selectTargets(manifest, stateOf({ old: keypair('2002', 'old') }), ['old', 'wbe'], 'apply');
    expect([...selection.orphans]).to.deep.equal(['old']);
    expect(selection.diagnostics.map((diagnostic) => diagnostic.message)).to.deep.equal([
      '--target wbe: no resource "wbe" in m.yaml or the state; did you mean "web"?',
    ]);
  });

  it('destroy --target refuses to leave a dependent behind, and names it', () => {
    const state = stateOf({
      key: keypair('2001', 'deploy-key'),
      web: { ...keypair('100001', 'x'), type: 'cloud_lite_vm', dependencies: ['key'] },
    });
    expect(selectTargets(manifest, state, ['key'], 'destroy').diagnostics.map((diagnostic) => diagnostic.message)).to.deep.equal([
      '--target key: web depends on it and would be left behind; add --target web to destroy it too',
    ]);
    expect(selectTargets(manifest, state, ['key', 'web'], 'destroy').diagnostics).to.deep.equal([]);
  });

  /** Plans the manifest against `state` in `mode`, with `--target` for each of `targets`. */
  const planTargets = (state: StateDocument, mode: 'apply' | 'destroy', targets: string[], contextFor: () => OperationContext) =>
    createPlan({ loaded: load(), catalogue: defaultCatalogue, state, mode, replace: [], targets, contextFor });

  it('plans only the selection: no reads outside it, no delete of an untargeted orphan, outputs it can evaluate', async () => {
    const calls: string[] = [];
    const state = stateOf({ old: keypair('2002', 'old'), gone: keypair('2003', 'gone') });
    const { plan } = await planTargets(state, 'apply', ['extra', 'gone'], contextOf(api(calls)));
    expect(plan.changes.map((change) => `${change.action} ${change.address}`)).to.deep.equal(['delete gone', 'create extra']);
    expect(plan.changes[0].reasonCodes).to.deep.equal([{ code: 'delete_because_not_in_manifest', targeted: true }]);
    expect(changeReasonSentences(plan.changes[0])).to.deep.equal(['not in the manifest any more, and targeted with --target gone']);
    expect(calls).to.deep.equal([]);
    expect(Object.keys(plan.outputs)).to.deep.equal(['extra_id']);
    expect(plan.targets).to.deep.equal(['extra', 'gone']);
  });

  it('destroy --target deletes only the targets', async () => {
    const state = stateOf({ key: keypair('2001', 'deploy-key'), extra: keypair('2004', 'extra-key') });
    const { plan } = await planTargets(state, 'destroy', ['extra'], contextOf());
    expect(plan.changes.map((change) => `${change.action} ${change.address}: ${changeReasonSentences(change).join('')}`)).to.deep.equal([
      'delete extra: destroy requested with --target extra',
    ]);
    expect(plan.changes[0].reasonCodes).to.deep.equal([{ code: 'delete_by_request', targeted: true }]);
  });
});

describe('plan: data sources read during apply', () => {
  const source = `${MANIFEST}data2:`.replace('data2:', '').replace(
    'resources:\n',
    `  ip:
    type: cloud_lite_ip_availability
    properties: { product_id: "\${data.products.products[0].product_id}" }
    depends_on: [web]
resources:
`,
  );

  it('a data source that depends_on a resource with changes is read during apply, saying why', async () => {
    const calls: string[] = [];
    const { plan } = await createPlan({
      loaded: load(source),
      catalogue: defaultCatalogue,
      state: stateOf(),
      mode: 'apply',
      replace: [],
      contextFor: contextOf(api(calls)),
    });
    const read = plan.changes.find((change) => change.address === 'data.ip')!;
    expect(read.action).to.equal('read');
    expect(read.reasonCodes).to.deep.equal([{ code: 'read_because_dependency_pending', dependency: 'web' }]);
    expect(changeReasonSentences(read)).to.deep.equal(['depends on web, which has changes to apply: read during apply']);
    expect(read.attributes.map((attribute) => attribute.name)).to.deep.equal(['product_id', 'available', 'raw']);
    expect(calls).to.not.include('GET /lites/products/1547/ip-availability');
    expect(planHasChanges(plan)).to.equal(true);
  });
});

describe('plan: no sensitive value in a plan document', () => {
  it('maskValue keeps unknowns and absent values, masks the rest (inside lists and objects with unknowns too)', () => {
    expect(maskValue('s3cret')).to.equal(SENSITIVE_MASK);
    expect(maskValue(null)).to.equal(SENSITIVE_MASK);
    expect(maskValue(undefined)).to.equal(undefined);
    expect(maskValue(unknown('web.id'))).to.deep.equal(unknown('web.id'));
    expect(maskValue(['a', unknown('x.y')])).to.deep.equal([SENSITIVE_MASK, unknown('x.y')]);
  });

  it('the plan of a create holds neither the password nor a sensitive variable; maskPlan is idempotent', async () => {
    const { plan, scope } = await createPlan({
      loaded: load(),
      catalogue: defaultCatalogue,
      state: stateOf(),
      mode: 'apply',
      replace: [],
      contextFor: contextOf(),
    });
    const text = JSON.stringify(plan);
    expect(text).to.not.include('Sup3rSecretPw');
    const password = plan.changes
      .find((change) => change.address === 'web')!
      .attributes.find((attribute) => attribute.name === 'console_password')!;
    expect(password).to.include({ after: SENSITIVE_MASK, sensitive: true });
    expect(JSON.stringify(maskPlan(plan))).to.equal(text);
    // The scope keeps the real value for apply.
    const web = load().manifest.resources.web;
    expect(scope.inputsOf(web).inputs.console_password.value).to.equal('Sup3rSecretPw');
    // The change is masked where it is made, the same object in the plan and in the planning (not copied by maskPlan),
    // and what an expression reads of the planned resource is the real value.
    const reading = load(MANIFEST.replace('outputs:\n', 'outputs:\n  password: ${web.console_password}\n'));
    const read = await createPlan({
      loaded: reading,
      catalogue: defaultCatalogue,
      state: stateOf(),
      mode: 'apply',
      replace: [],
      contextFor: contextOf(),
    });
    const change = read.plan.changes.find((each) => each.address === 'web')!;
    expect(maskPlan(read.plan).changes.find((each) => each.address === 'web')).to.equal(change);
    expect(read.plan.outputs.password).to.deep.include({ value: SENSITIVE_MASK, sensitive: true });
    expect(read.scope.outputs(reading.manifest).password).to.deep.equal({ value: 'Sup3rSecretPw', sensitive: true });
  });

  it('a data source read with a sensitive input is stored masked, listed, and read again at apply', async () => {
    const source = MANIFEST.replace('"${data.products.products[0].product_id}"', '"${var.product}"')
      .replace('variables:\n', 'variables:\n  product: { env: PRODUCT, sensitive: true }\n')
      .replace('  extra_id: ${extra.id}\n', '  extra_id: ${extra.id}\n  os_product: ${data.os.product_id}\n');
    const loaded = load(source, { PW: 'Sup3rSecretPw', PRODUCT: '1548' });
    const { plan } = await createPlan({
      loaded,
      catalogue: defaultCatalogue,
      state: stateOf(),
      mode: 'apply',
      replace: [],
      contextFor: contextOf(),
    });
    expect(plan.data_sources['data.os'].product_id).to.equal(SENSITIVE_MASK);
    expect(plan.data_sources['data.os'].oss).to.deep.equal(OSS);
    expect(plan.sensitive_data_sources).to.deep.equal(['data.os']);
    expect(plan.outputs.os_product).to.deep.include({ value: SENSITIVE_MASK, sensitive: true });
    // Apply: the scope from the saved plan, then the re-read.
    const calls: string[] = [];
    const scope = new Scope(loaded, defaultCatalogue);
    for (const [address, results] of Object.entries(plan.data_sources)) scope.setData(address, results);
    await rereadSensitiveDataSources(plan, loaded.manifest, scope, contextOf(api(calls)));
    expect(calls).to.deep.equal(['GET /lites/products/1548/oss']);
    expect(scope.outputs(loaded.manifest).os_product.value).to.equal(1548);
  });

  it('redacts sensitive literals from the kept source (any spelling, block scalars, variable defaults, outputs), keeping references', () => {
    const source = `variables:
  fallback: { default: VarSecret1, sensitive: true }
  plain: { default: not-secret }
resources:
  key:
    type: cloud_lite_keypair
    properties: { name: deploy-key }
  web:
    type: lite_vm
    properties:
      productId: 1547
      select_os: ubuntu-22.04
      keypair_id: \${key.keypair_id}
      ssh_and_console_user: deployer
      consolePassword: |-
        LiteralSecret1
      cycle: m
  other:
    type: lite_vm
    properties:
      product_id: 1547
      select_os: ubuntu-22.04
      keypair_id: \${key.keypair_id}
      ssh_and_console_user: deployer
      console_password: \${var.fallback}
      cycle: m
outputs:
  hidden: { value: "OutputSecret1", sensitive: true }
  shown: not-secret-either
`;
    const loaded = loadManifestFromSource(source, 'm.yaml', { env: {} });
    const { source: redacted, redacted: changed } = redactManifestSource(loaded);
    expect(changed).to.equal(true);
    for (const secret of ['VarSecret1', 'LiteralSecret1', 'OutputSecret1']) expect(redacted).to.not.include(secret);
    for (const kept of ['not-secret', 'console_password: ${var.fallback}', 'not-secret-either']) expect(redacted).to.include(kept);
    const document = parse(redacted);
    expect(document.resources.web.properties.consolePassword).to.equal(SENSITIVE_MASK);
    expect(document.variables.fallback.default).to.equal(SENSITIVE_MASK);
    expect(document.outputs.hidden.value).to.equal(SENSITIVE_MASK);
    expect(redactManifestSource(load())).to.deep.equal({ source: MANIFEST, redacted: false });
  });

  it('redacts ranges given in any order, twice (an alias), nested or sharing a start as it always did', () => {
    // The former redaction: ranges made unique, replaced one by one from the end, each keeping the blanks ending it.
    const former = (source: string, ranges: Array<[number, number]>) => {
      const unique = [...new Map(ranges.map((range) => [`${range[0]}:${range[1]}`, range])).values()];
      let text = source;
      for (const [start, end] of [...unique].sort((a, b) => a[0] - b[0]).sort((a, b) => b[0] - a[0]))
        text = `${text.slice(0, start)}"${SENSITIVE_MASK}"${/\s*$/.exec(text.slice(start, end))![0]}${text.slice(end)}`;
      return text;
    };
    const source = 'a: s3cret\nb: |\n  two\n  lines\n\nc: x  \nd: tail';
    const cases: Array<Array<[number, number]>> = [
      [
        [34, 38],
        [3, 9],
      ],
      [
        [3, 9],
        [3, 9],
        [13, 31],
      ],
      [
        [13, 31],
        [3, 9],
        [34, 38],
        [13, 31],
      ],
      [
        [3, 9],
        [3, 6],
      ],
      [
        [3, 9],
        [5, 12],
      ],
      [[0, 44]],
    ];
    for (const ranges of cases) expect(redactSource(source, ranges)).to.deep.equal({ source: former(source, ranges), redacted: true });
  });
});

describe('plan: refresh-only and recording a refresh', () => {
  let folder: string;
  beforeEach(async () => {
    folder = await tempFolder('cloudctl-plan-');
  });
  afterEach(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('a refresh-only plan has no changes and counts its drift', async () => {
    const plan = (
      await createPlan({
        loaded: load(),
        catalogue: defaultCatalogue,
        state: stateOf(),
        mode: 'refresh-only',
        replace: [],
        contextFor: contextOf(),
      })
    ).plan;
    expect(plan.changes).to.deep.equal([]);
    expect(planHasChanges(plan)).to.equal(false);
    const drifted: PlanDocument = { ...plan, drift: { changed: [], deleted: ['key'] } };
    expect(planHasChanges(drifted)).to.equal(true);
  });

  it('refresh keeps an order not yet Active that the API does not report; recordRefresh writes what changed and forgets what is gone', async () => {
    const keypairs = [{ keypair_id: 2001, name: 'renamed-key', public_key: 'ssh-ed25519 AAAA' }];
    const client = api([], { 'GET /lites/keypairs/': keypairs, 'GET /lites/accounts/100009': null });
    const pending: ResourceState = {
      type: 'cloud_lite_vm',
      id: '100009',
      attributes: { id: '100009' },
      dependencies: [],
      pending_create: true,
    };
    const state = stateOf({ key: keypair('2001', 'deploy-key'), gone: keypair('2003', 'gone'), web: pending });
    const refresh = await refreshState(state, { catalogue: defaultCatalogue, contextFor: contextOf(client), parallelism: 2 });
    expect(refresh.gone).to.deep.equal(['gone']);
    expect(refresh.resources.web).to.deep.equal(pending);
    expect(refresh.drift.map((entry) => `${entry.address}.${entry.attribute}: ${entry.before} -> ${entry.after}`)).to.deep.equal([
      'key.name: deploy-key -> renamed-key',
    ]);

    const local = await openLocalState(join(folder, 'state.json'));
    try {
      for (const [address, resource] of Object.entries(state.resources)) await local.store.setResource(address, resource);
      const serial = local.store.serial;
      expect(await recordRefresh(local.store, refresh)).to.deep.equal(['gone', 'key']);
      expect(local.store.addresses()).to.deep.equal(['key', 'web']);
      expect(local.store.resource('key')!.attributes.name).to.equal('renamed-key');
      expect(local.store.resource('key')!.attributes.private_key).to.equal('PRIVATE');
      expect(local.store.serial).to.equal(serial + 1);
      expect(await recordRefresh(local.store, refresh)).to.deep.equal([]);
      expect(local.store.serial).to.equal(serial + 1);
    } finally {
      await local.close();
    }
  });
});

describe('plan: local inputs absent from state', () => {
  const type = defaultCatalogue.resource('cloud_lite_vm')!;
  const diff = (attributes: Record<string, unknown>) =>
    diffResource({
      address: 'web',
      type,
      prior: { type: type.type, id: '1', attributes: attributes as never, dependencies: [] },
      desired: { timeouts: { value: { create: '30m' }, sensitive: false } },
      ...PLAIN_DIFF,
    }).change;

  it('on a resource cloudctl created (inputs it was not given recorded as null), setting one is a change stored in state only', () => {
    const change = diff({ id: '1', vm_name: 'server-name', description: '', pay_with_credit_card: true, timeouts: null });
    expect(change.action).to.equal('update');
    expect(change.reasonCodes).to.deep.equal([{ code: 'update_stored_in_state_only', attribute: 'timeouts', cause: 'changed' }]);
    expect(changeReasonSentences(change)).to.deep.equal(['timeouts changed: stored in state only, no call']);
    expect(change.operations).to.deep.equal([]);
  });

  it("after an import (the input unknown: absent) the manifest's values are adopted without a change", () => {
    expect(diff({ id: '1', vm_name: 'server-name', description: '' }).action).to.equal('noop');
  });
});

describe('plan text: long strings', () => {
  const plan = (action: 'update' | 'create', before: string | undefined, after: string): PlanDocument =>
    planDocumentOf(
      [
        {
          address: 'thing',
          type: 'fake_thing',
          mode: 'resource',
          action,
          reasonCodes: [{ code: 'replace_by_request' }],
          operations: [],
          paidOrders: 0,
          dependsOn: [],
          attributes: [{ name: 'script', before, after, sensitive: false, reasonCode: { code: 'calls_operation', operation: 'reload' } }],
          id: '7',
        },
      ],
      'l',
    );

  it('shows a multi-line change as a line diff, unchanged lines kept for context', () => {
    const text = renderPlan(plan('update', 'line one\nline two\nline three\n', 'line one\nline 2\nline three\n'), createStyle(false));
    expect(text).to.include(
      [
        '      ~ script = <<-EOT  # calls reload',
        '            line one',
        '          - line two',
        '          + line 2',
        '            line three',
        '        EOT',
      ].join('\n'),
    );
  });

  it('shows a new multi-line value as a heredoc', () => {
    const text = renderPlan(plan('create', undefined, 'a\nb\n'), createStyle(false));
    expect(text).to.include(['      + script = <<-EOT  # calls reload', '          a', '          b', '        EOT'].join('\n'));
  });
});

describe('graph: DOT', () => {
  it('one node per block with its type, edges from dependent to dependency, depends_on dashed', () => {
    const dot = renderDot(
      dependencyGraph(
        load(MANIFEST.replace('    properties: { name: extra-key }\n', '    properties: { name: extra-key }\n    depends_on: [key]\n'))
          .manifest,
      ),
    );
    expect(dot.split('\n')[0]).to.equal('digraph cloudctl {');
    expect(dot).to.include('"web" [label = "web\\ncloud_lite_vm", shape = box];');
    expect(dot).to.include('"data.os" [label = "data.os\\ncloud_lite_os_list", shape = ellipse];');
    expect(dot).to.include('"web" -> "key";');
    expect(dot).to.include('"web" -> "data.os";');
    expect(dot).to.include('"data.os" -> "data.products";');
    expect(dot).to.include('"extra" -> "key" [style = dashed, label = "depends_on"];');
    expect(dot.trimEnd().endsWith('}')).to.equal(true);
  });
});
