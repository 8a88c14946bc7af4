/**
 * The automation API (src/engine/engine.ts, the package's root export): a
 * program drives plan, apply (of a plan and of a manifest), refresh,
 * destroy, import, outputs, state and cost through `Engine`, against a test
 * simulator (and once the embedded one), receives typed events, gets typed
 * errors (DiagnosticError with located diagnostics, StalePlanError,
 * StateLockedError), and no secret (console password, private key, API
 * token) ever appears in an event. Nothing is printed: the process's
 * streams stay untouched.
 *
 * Run: npx mocha --no-config --import=tsx --require test/temp-folders.ts test/integration/engine-api.test.ts
 */
import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DiagnosticError, Engine, StalePlanError, StateLockedError, type EngineEvent, type EngineOptions } from '../../src/index.js';
import { FileJournal, openLocalState } from '../../src/state/index.js';
import { catalogueOf } from '../../src/manifest/catalogue.js';
import type { RunningSimulator } from '../../src/sim/index.js';
import { cliEnvironment, startCloud, tempFolder, TEST_TOKEN, write } from './helpers.js';
import { liteKeypair, liteVm, passwordVariable } from '../fixtures/lite-stack.js';

const PASSWORD = 'Eng1neSecretPassw0rd';

const keyStack = (name: string) => `variables:
  env: { default: prod }
resources:
${liteKeypair('key', `"${name}-\${var.env}"`)}outputs:
  key_name: \${key.name}
`;

describe('integration: the automation API (Engine)', function () {
  this.timeout(60_000);
  let cloud: RunningSimulator;
  before(async () => {
    cloud = await startCloud();
  });
  after(async () => {
    await cloud.close();
  });

  /** An engine on a new temp folder (or `folder`) against the test cloud, its events collected in `events`. */
  async function open(folder?: string, options: EngineOptions = {}) {
    const directory = folder ?? (await tempFolder('cloudctl-engine-'));
    const events: EngineEvent[] = [];
    const engine = await Engine.open({
      directory,
      env: cliEnvironment({ CLOUDCTL_BASE_URL: cloud.url, TEST_CONSOLE_PASSWORD: PASSWORD }),
      onEvent: (event) => events.push(event),
      ...options,
    });
    return { engine, events, directory };
  }

  it('plans (the plan document with changes), applies the plan with progress events, and records the outputs once', async () => {
    const { engine, events, directory } = await open();
    await write(directory, 'stack.yaml', keyStack('api'));
    try {
      const plan = await engine.plan('stack.yaml', { variables: { env: 'dev' } });
      expect(plan.format_version).to.equal(1);
      expect(plan.changes.map((change) => [change.address, change.action])).to.deep.equal([['key', 'create']]);
      expect(events.map((event) => event.type)).to.include('planned');
      const mine: string[] = [];
      const result = await engine.apply(plan, { onEvent: (event) => mine.push(event.type) });
      expect(result.status).to.equal('applied');
      expect(result.done).to.deep.equal([{ address: 'key', action: 'create' }]);
      expect(result.outputs).to.deep.equal({ key_name: { value: 'api-dev', sensitive: false } });
      expect(mine).to.include.members(['started', 'finished']);
      expect(await engine.outputs()).to.deep.equal({ key_name: { value: 'api-dev', sensitive: false } });
      const state = await engine.state();
      expect(state.resources.key.attributes.name).to.equal('api-dev');
      // Planned again: nothing to change.
      const again = await engine.apply('stack.yaml', { variables: { env: 'dev' } });
      expect(again.status).to.equal('no-changes');
    } finally {
      await engine.close();
    }
  });

  it('tells a failed postcondition by a failed event with its code, and the result lists the block as failed', async () => {
    const { engine, events, directory } = await open();
    await write(
      directory,
      'stack.yaml',
      `resources:
${liteKeypair('key', 'checked-key', "    lifecycle:\n      postcondition: [{ condition: '${self.keypair_id < 0}', message: 'id ${self.keypair_id}' }]\n")}`,
    );
    try {
      const result = await engine.apply('stack.yaml');
      expect(result.status).to.equal('incomplete');
      expect(result.failed.map((entry) => entry.address)).to.deep.equal(['key']);
      const failed = events.find((event) => event.type === 'failed');
      expect(failed).to.deep.include({ type: 'failed', address: 'key', code: 'postcondition_failed' });
      expect(failed && 'message' in failed ? failed.message : '').to.match(/^stack\.yaml:6:39: key: postcondition failed: id \d+$/);
    } finally {
      await engine.close();
    }
  });

  it('applies a manifest after approve (declined: cancelled, nothing ordered), destroys it, and refreshes', async () => {
    const { engine, directory } = await open();
    await write(directory, 'stack.yaml', keyStack('approve'));
    try {
      const seen: string[] = [];
      const declined = await engine.apply('stack.yaml', { approve: (plan) => (seen.push(plan.mode), false) });
      expect(declined.status).to.equal('cancelled');
      expect(seen).to.deep.equal(['apply']);
      expect((await engine.state()).resources).to.deep.equal({});
      const applied = await engine.apply('stack.yaml', { approve: () => true });
      expect(applied.status).to.equal('applied');
      const refreshed = await engine.refresh('stack.yaml');
      expect(refreshed.drift).to.equal(undefined);
      expect(refreshed.plan.mode).to.equal('refresh-only');
      const destroyed = await engine.destroy('stack.yaml');
      expect(destroyed.status).to.equal('applied');
      expect(destroyed.done).to.deep.equal([{ address: 'key', action: 'delete' }]);
      expect((await engine.state()).resources).to.deep.equal({});
      expect(await engine.outputs()).to.deep.equal({});
    } finally {
      await engine.close();
    }
  });

  it('imports an existing resource into another workspace folder, its sensitive attributes masked', async () => {
    const first = await open();
    await write(first.directory, 'stack.yaml', keyStack('import'));
    const applied = await first.engine.apply('stack.yaml');
    const id = (await first.engine.state()).resources.key.id;
    await first.engine.close();
    expect(applied.status).to.equal('applied');
    const second = await open();
    try {
      const imported = await second.engine.import('lite_keypair', 'adopted', id);
      expect(imported).to.include({ type: 'cloud_lite_keypair', address: 'adopted', id });
      expect(imported.attributes.name).to.equal('import-prod');
      expect((await second.engine.state()).resources.adopted.id).to.equal(id);
      const cost = await second.engine.cost();
      expect(cost).to.have.keys('resources', 'monthlyTotal', 'currency', 'partial');
    } finally {
      await second.engine.close();
    }
  });

  it('throws typed errors: DiagnosticError with located diagnostics, StalePlanError, StateLockedError', async () => {
    const { engine, directory } = await open();
    await write(directory, 'bad.yaml', 'resources:\n  key:\n    type: cloud_lite_keypair\n    properties: { name: 12, bogus: 1 }\n');
    await write(directory, 'stack.yaml', keyStack('typed'));
    try {
      const bad = await engine.plan('bad.yaml').catch((error: unknown) => error);
      expect(bad).to.be.instanceOf(DiagnosticError);
      const diagnostics = (bad as DiagnosticError).diagnostics;
      expect(diagnostics.length).to.be.greaterThan(0);
      expect(diagnostics[0]!.location).to.include({ file: 'bad.yaml' });

      const plan = await engine.plan('stack.yaml');
      await engine.apply('stack.yaml');
      const stale = await engine.apply(plan).catch((error: unknown) => error);
      expect(stale).to.be.instanceOf(StalePlanError);
      expect((stale as Error).message).to.match(/^stale plan: the plan was made against state serial/);

      const held = await openLocalState(join(directory, '.cloudctl/state.json'), { lock: { command: 'test holds the lock' } });
      try {
        const locked = await engine.plan('stack.yaml').catch((error: unknown) => error);
        expect(locked).to.be.instanceOf(StateLockedError);
      } finally {
        await held.close();
      }
    } finally {
      await engine.close();
    }
  });

  it('sends no secret in any event (console password, private key, API token) and prints nothing', async () => {
    const directory = await tempFolder('cloudctl-engine-secrets-');
    await write(
      directory,
      'stack.yaml',
      `${passwordVariable()}resources:\n${liteKeypair('key', 'secret-key')}${liteVm('web', 'engine-web')}`,
    );
    const written: string[] = [];
    const stdout = process.stdout.write.bind(process.stdout);
    const stderr = process.stderr.write.bind(process.stderr);
    const { engine, events } = await open(directory);
    // Nothing the engine does may write on the process's streams (mocha's own output is written after the test).
    process.stdout.write = ((chunk: string) => (written.push(String(chunk)), true)) as typeof process.stdout.write;
    process.stderr.write = ((chunk: string) => (written.push(String(chunk)), true)) as typeof process.stderr.write;
    let stateText: string;
    try {
      const result = await engine.apply('stack.yaml');
      expect(result.status).to.equal('applied');
      stateText = await readFile(join(directory, '.cloudctl/state.json'), 'utf8');
    } finally {
      process.stdout.write = stdout;
      process.stderr.write = stderr;
      await engine.close();
    }
    expect(written).to.deep.equal([]);
    const privateKey = JSON.parse(stateText).resources.key.attributes.private_key as string;
    expect(privateKey).to.be.a('string').with.length.greaterThan(20);
    const text = JSON.stringify(events);
    expect(events.map((event) => event.type)).to.include.members(['planned', 'started', 'finished']);
    for (const secret of [PASSWORD, privateKey, TEST_TOKEN]) expect(text).to.not.include(secret);
  });

  it('is handed its catalogue: with one that lacks the keypair type, the manifest names an unknown type', async () => {
    const { engine, directory } = await open(undefined, { catalogue: catalogueOf([]) });
    await write(directory, 'stack.yaml', keyStack('fake'));
    try {
      const error = await engine.plan('stack.yaml').catch((caught: unknown) => caught);
      expect(error).to.be.instanceOf(DiagnosticError);
      expect((error as DiagnosticError).message).to.include('cloud_lite_keypair');
    } finally {
      await engine.close();
    }
  });

  it('reconciles an unfinished order first, as reconcile events, on its clock (no wait for the grace period once it is past)', async () => {
    const folder = await tempFolder('cloudctl-engine-reconcile-');
    await write(folder, 'stack.yaml', keyStack('reconcile'));
    const journal = new FileJournal(join(folder, '.cloudctl', 'journal.jsonl'));
    await journal.recordIntent({
      address: 'key',
      type: 'cloud_lite_keypair',
      operation: 'create',
      inputs: { name: 'never-ordered' },
      match: { name: 'never-ordered' },
    });
    await journal.close();
    // An hour on: the order's 30 s grace is long past, so "not found" is final at once.
    const { engine, events } = await open(folder, { now: () => Date.now() + 3_600_000 });
    try {
      await engine.plan('stack.yaml');
    } finally {
      await engine.close();
    }
    const reconciled = events.filter((event) => event.type === 'reconcile');
    expect(reconciled).to.have.length(1);
    expect(reconciled[0]).to.include({ outcome: 'abandoned', address: 'key', resourceType: 'cloud_lite_keypair', operation: 'create' });
    expect(JSON.stringify(reconciled)).to.not.include('"inputs"');
  });

  it('starts the embedded simulator when no base URL is configured, and says so by an event, not on stderr', async () => {
    const directory = await tempFolder('cloudctl-engine-embedded-');
    await write(directory, 'stack.yaml', keyStack('embedded'));
    const events: EngineEvent[] = [];
    const engine = await Engine.open({ directory, env: cliEnvironment({ CLOUDCTL_API_KEY: undefined }) });
    try {
      const plan = await engine.plan('stack.yaml', { onEvent: (event) => events.push(event) });
      expect(plan.changes).to.have.length(1);
    } finally {
      await engine.close();
    }
    expect(events[0]).to.include({ type: 'simulator', dataPath: join('.cloudctl', 'simulator.json') });
  });
});
