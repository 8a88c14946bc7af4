/**
 * The CLI starts at once (issue 15): each command loads only what it uses.
 * `--version` and `--help` load commander and not the simulator, the HTTP
 * client, the manifest pipeline, the engine or the state backends;
 * `validate` loads the manifest pipeline but none of the others. The
 * modules a process loads are the point, so the built binary runs in its
 * own process, preloaded with a hook that logs every module it loads
 * (test/fixtures/module-log/). Needs `npm run build`.
 */
import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { CLI, cliEnvironment, tempFolder } from './helpers.js';

const RECORDER = resolve('test/fixtures/module-log/record.mjs');

/** The modules (ES module URLs and CommonJS paths) a run of the built CLI with `args` loads. */
async function modulesLoadedBy(args: string[]): Promise<string[]> {
  const log = join(await tempFolder(), 'modules.log');
  await new Promise<void>((done, fail) => {
    execFile(
      process.execPath,
      ['--import', RECORDER, CLI, ...args],
      { env: cliEnvironment({ CLOUDCTL_MODULE_LOG: log }) },
      (error, stdout, stderr) => (error ? fail(new Error(`${error.message}\n${stderr}`)) : done()),
    );
  });
  return (await readFile(log, 'utf8')).split('\n').filter(Boolean);
}

/** What a module path shows for each heavy part of cloudctl. */
const HEAVY = {
  simulator: /\/dist\/sim\//,
  'HTTP client': /\/dist\/api\/client\.js$|\/node_modules\/undici\//,
  engine: /\/dist\/engine\//,
  'state backends': /\/dist\/state\/(index|local|postgres|store|journal)\.js$|\/node_modules\/(pg|lowdb)\//,
  'manifest pipeline': /\/dist\/manifest\//,
  'yaml library': /\/node_modules\/yaml\//,
  'ajv compiler': /\/node_modules\/ajv\/dist\/(ajv|core)\.js$/,
  'graph rendering': /\/node_modules\/(@viz-js|playwright-core)\//,
} as const;

function heavyPartsIn(modules: string[]): string[] {
  return Object.entries(HEAVY)
    .filter(([, pattern]) => modules.some((module) => pattern.test(module)))
    .map(([part]) => part);
}

describe('integration: the CLI loads only what a command uses', function () {
  this.timeout(60_000);

  for (const args of [['--version'], ['--help'], ['plan', '--help']]) {
    it(`cloudctl ${args.join(' ')} loads commander and none of the heavy parts`, async () => {
      const modules = await modulesLoadedBy(args);
      expect(modules.some((module) => module.includes('/node_modules/commander/'))).to.be.true;
      expect(heavyPartsIn(modules)).to.deep.equal([]);
    });
  }

  it('cloudctl validate loads the manifest pipeline, and not the simulator, the HTTP client, the engine, the state or the yaml library', async () => {
    const modules = await modulesLoadedBy(['validate', resolve('examples/quickstart.yaml')]);
    expect(heavyPartsIn(modules)).to.deep.equal(['manifest pipeline']);
    expect(modules.some((module) => module.includes('/node_modules/js-yaml/'))).to.be.true;
  });
});
