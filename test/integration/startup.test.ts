/**
 * The CLI starts at once (issues 15 and 29): each command loads only what
 * it uses. `cloudctl --version` and `cloudctl --help` are answered by the
 * binary's entry (src/cli/entry.ts) with the text the build took from
 * commander, loading nothing else, and that text is commander's at every
 * terminal width; a command's help (`plan --help`) loads commander and not
 * the simulator, the HTTP client, the manifest pipeline, the engine or the
 * state backends;
 * `validate` loads the manifest pipeline but none of the others. The
 * modules a process loads are the point, so the built binary runs in its
 * own process, preloaded with a hook that logs every file it loads
 * (test/fixtures/module-log/). The binary is bundled (scripts/lib/bundle.ts):
 * it loads chunks, and the build's metafile says which source modules and
 * bundled packages each chunk holds. Needs `npm run build`.
 */
import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Metafile } from 'esbuild';
import { BUNDLE_METAFILE } from '../../scripts/lib/bundle.js';
import { commanderOutput } from '../../scripts/lib/fast-output.js';
import { CLI, cliEnvironment, spawnCli, tempFolder } from './helpers.js';

const RECORDER = resolve('test/fixtures/module-log/record.mjs');
const TTY_COLUMNS = resolve('test/fixtures/tty-columns.mjs');

/**
 * The modules a run of the built CLI with `args` loads: the source modules
 * (`src/...`) and bundled packages (`node_modules/NAME/...`) of each
 * chunk it loads, as the build's metafile lists them, and every other file
 * (packages left out of the bundle) by its path.
 */
async function modulesLoadedBy(args: string[]): Promise<string[]> {
  const metafile = JSON.parse(await readFile(BUNDLE_METAFILE, 'utf8')) as Metafile;
  const project = resolve(dirname(BUNDLE_METAFILE), '..'); // the metafile's paths are relative to it
  const chunks = new Map(Object.entries(metafile.outputs).map(([file, output]) => [join(project, file), Object.keys(output.inputs)]));
  return (await filesLoadedBy(args)).flatMap((file) => {
    const path = file.startsWith('file:') ? fileURLToPath(file) : file;
    if (path.startsWith(join(project, 'dist')) && !chunks.has(path)) throw new Error(`${path} is not in ${BUNDLE_METAFILE}`);
    return chunks.get(path) ?? [path];
  });
}

/** The files (ES module URLs and CommonJS paths) a run of the built CLI with `args` loads. */
async function filesLoadedBy(args: string[]): Promise<string[]> {
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
  simulator: /^src\/sim\//,
  'HTTP client': /^src\/api\/client\.ts$|(^|\/)node_modules\/undici\//,
  // The engine's light front-door modules (where a workspace lives; loading a manifest) are not the engine.
  engine: /^src\/engine\/(?!(workspace-paths|manifests)\.ts$)/,
  'state backends': /^src\/state\/(index|backends|store|journal|(local|postgres)\/[a-z-]+)\.ts$|(^|\/)node_modules\/(pg|lowdb)\//,
  'manifest pipeline': /^src\/manifest\//,
  'yaml library': /(^|\/)node_modules\/yaml\//,
  'ajv compiler': /(^|\/)node_modules\/ajv\/dist\/(ajv|core)\.js$/,
  'graph rendering': /(^|\/)node_modules\/(@viz-js|playwright-core)\//,
} as const;

function heavyPartsIn(modules: string[]): string[] {
  return Object.entries(HEAVY)
    .filter(([, pattern]) => modules.some((module) => pattern.test(module)))
    .map(([part]) => part);
}

describe('integration: the CLI loads only what a command uses', function () {
  this.timeout(60_000);

  for (const args of [['--version'], ['-V'], ['--help'], ['-h']]) {
    it(`cloudctl ${args.join(' ')} is answered by the entry alone, loading no other module`, async () => {
      expect(await modulesLoadedBy(args)).to.deep.equal(['src/cli/entry.ts']);
    });
  }

  it('the entry answers --version and --help with exactly what commander prints, as a pipe and as terminals 40 to 400 columns wide', async () => {
    for (const args of [['--version'], ['-V'], ['--help'], ['-h']]) {
      const result = await spawnCli(args, { cwd: process.cwd() });
      expect(result.code).to.equal(0);
      expect(result.stdout, args.join(' ')).to.equal(await commanderOutput(args));
    }
    // As a terminal: 80 columns and wide ones from the entry, the widths in between from the program; all must be commander's text.
    for (const columns of [40, 80, 100, 120, 150, 173, 174, 200, 400]) {
      const result = await new Promise<string>((done, fail) => {
        execFile(
          process.execPath,
          ['--import', TTY_COLUMNS, CLI, '--help'],
          { env: cliEnvironment({ CLOUDCTL_TEST_COLUMNS: String(columns) }) },
          (error, stdout, stderr) => (error ? fail(new Error(`${error.message}\n${stderr}`)) : done(stdout)),
        );
      });
      expect(result, `--help at ${columns} columns`).to.equal(await commanderOutput(['--help'], columns));
    }
  });

  for (const args of [
    ['plan', '--help'],
    ['--no-color', '--help'],
  ]) {
    it(`cloudctl ${args.join(' ')} loads commander and none of the heavy parts`, async () => {
      const modules = await modulesLoadedBy(args);
      expect(modules).to.include('src/cli/main.ts');
      expect(modules.some((module) => /(^|\/)node_modules\/commander\//.test(module))).to.be.true;
      expect(heavyPartsIn(modules)).to.deep.equal([]);
    });
  }

  it('cloudctl validate loads the manifest pipeline, and not the simulator, the HTTP client, the engine, the state or the yaml library', async () => {
    const modules = await modulesLoadedBy(['validate', resolve('examples/quickstart.yaml')]);
    expect(heavyPartsIn(modules)).to.deep.equal(['manifest pipeline']);
    expect(modules).to.include.members(['src/cli/commands/validate.ts', 'src/manifest/index.ts', 'src/resources/index.ts']);
    expect(modules.some((module) => /(^|\/)node_modules\/js-yaml\//.test(module))).to.be.true;
  });
});
