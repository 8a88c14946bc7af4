/**
 * `--exclude` and glob patterns in `--target` / `--exclude` (issue 34)
 * against the simulator: an excluded resource and what depends on it are
 * left out of plan and apply (the plan says which, and why), in a destroy
 * what the excluded need is kept; `web[*]`, `disk_*` and `module.app.*`
 * patterns; refresh and the automation API take the same options; every
 * plan document stays valid against schemas/plan.schema.json.
 */
import { expect } from 'chai';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { cliEnvironment, readState, useStack, write, writes } from './helpers.js';
import { liteKeypair } from '../fixtures/lite-stack.js';
import { Engine } from '../../src/engine/engine.js';

/** Keypairs only (free, quick): `base`, `web[0..1]` that depend on it, `disk_a`, `disk_b`, and a module `app` with one. */
const manifest = `resources:
${liteKeypair('base', 'base-key')}  web:
    type: cloud_lite_keypair
    count: 2
    properties: { name: "web-\${count.index}-\${base.keypair_id}" }
${liteKeypair('disk_a', 'disk-a-key')}${liteKeypair('disk_b', 'disk-b-key')}  app:
    module: ./app
`;
const appModule = `resources:\n${liteKeypair('inner', 'inner-key')}`;

describe('integration: --exclude and target patterns', function () {
  this.timeout(120_000);
  const stack = useStack({ manifest });
  let validate: ReturnType<Ajv['compile']>;
  const planJson = async (...args: string[]) => {
    const result = await stack.run('plan', 'stack.yaml', '--json', ...args);
    expect(result.code, result.stderr).to.equal(0);
    const document = JSON.parse(result.stdout);
    expect(validate(document), JSON.stringify(validate.errors)).to.equal(true);
    return document;
  };
  const creates = (document: { changes: Array<{ address: string; action: string }> }, action = 'create') =>
    document.changes
      .filter((change) => change.action === action)
      .map((change) => change.address)
      .sort();

  before(async () => {
    await mkdir(join(stack.folder, 'app'));
    await write(stack.folder, 'app/main.yaml', appModule);
    validate = new Ajv({ allErrors: true, strict: true }).compile(JSON.parse(await readFile('schemas/plan.schema.json', 'utf8')));
  });

  it('plan: --exclude leaves out the resource and its dependents and says which; patterns select instances, prefixes and modules', async () => {
    const excluded = await planJson('--exclude', 'base');
    expect(creates(excluded)).to.deep.equal(['app.inner', 'disk_a', 'disk_b']);
    expect(excluded.excluded).to.deep.equal([
      { address: 'base', pattern: 'base' },
      { address: 'web[0]', dependency: 'base' },
      { address: 'web[1]', dependency: 'base' },
    ]);
    const text = await stack.run('plan', 'stack.yaml', '--exclude', 'base', '--no-color');
    expect(text.stdout).to.include('Note: --exclude base left out base,');
    expect(text.stdout).to.include('web[0] (depends on base), web[1] (depends on base)');

    expect(creates(await planJson('--target', 'web[*]'))).to.deep.equal(['base', 'web[0]', 'web[1]']);
    expect(creates(await planJson('--target', 'disk_*'))).to.deep.equal(['disk_a', 'disk_b']);
    expect(creates(await planJson('--target', 'module.app.*'))).to.deep.equal(['app.inner']);
    expect(creates(await planJson('--exclude', 'disk_*', '--exclude', 'app.*'))).to.deep.equal(['base', 'web[0]', 'web[1]']);
    const unknown = await stack.run('plan', 'stack.yaml', '--exclude', 'nothing_*');
    expect(unknown.code).to.equal(1);
    expect(unknown.stderr).to.include('--exclude nothing_*: no resource matches "nothing_*"');
  });

  it('apply and destroy honour --exclude (a destroy keeps what the excluded need); refresh and the automation API take it too', async () => {
    const requests = stack.cloud.requests().length;
    const applied = await stack.run('apply', 'stack.yaml', '--exclude', 'web[1]', '--auto-approve');
    expect(applied.code, applied.stderr + applied.stdout).to.equal(0);
    expect(Object.keys((await readState(stack.folder)).resources).sort()).to.deep.equal([
      'app.inner',
      'base',
      'disk_a',
      'disk_b',
      'web[0]',
    ]);
    expect(writes(stack.cloud.requests().slice(requests)).filter((call) => call.startsWith('POST'))).to.have.length(5);

    const refreshed = await stack.run('refresh', 'stack.yaml', '--exclude', 'disk_*');
    expect(refreshed.code, refreshed.stderr).to.equal(0);

    const destroy = await planJson('--destroy', '--exclude', 'web[0]');
    expect(creates(destroy, 'delete')).to.deep.equal(['app.inner', 'disk_a', 'disk_b']);
    expect(destroy.excluded).to.deep.include({ address: 'base', dependency: 'web[0]' });

    const engine = await Engine.open({ directory: stack.folder, env: cliEnvironment(stack.env) });
    try {
      const plan = await engine.plan('stack.yaml', { exclude: ['base'], target: ['web[*]', 'disk_a'] });
      expect(plan.changes.filter((change) => change.action !== 'noop').map((change) => change.address)).to.deep.equal([]);
      expect(plan.excluded?.map((entry) => entry.address)).to.deep.equal(['base', 'web[0]', 'web[1]']);
      const destroyed = await engine.destroy('stack.yaml', { exclude: ['web[0]'] });
      expect(destroyed.status, JSON.stringify(destroyed)).to.not.equal('failed');
    } finally {
      await engine.close();
    }
    expect(Object.keys((await readState(stack.folder)).resources).sort()).to.deep.equal(['base', 'web[0]']);
  });
});
