/**
 * The build's bundling step (`npm run build`, before the type check, which
 * emits the declarations): bundles the CLI with esbuild from src/cli/main.ts
 * (and the library from src/index.ts) into dist/, ES modules split
 * into chunks, so a process compiles a handful of files instead of resolving
 * and compiling each of some eighty modules (issue 15: `validate` under
 * 0.3 s, `--version` within 2× of bare Node).
 *
 * What it writes (dist/ is emptied first, so no file of an older build
 * stays behind):
 * - dist/cli/main.js: the entry point (`bin`, src/cli/entry.ts): answers
 *   `--version` and `--help` with commander's text, written in at build time
 *   (scripts/lib/fast-output.ts, esbuild's `define`), and loads
 *   dist/cli/program.js for anything else;
 * - dist/cli/program.js: the program (src/cli/main.ts), with commander and
 *   what `program()` needs to parse arguments, and nothing more;
 * - dist/index.js: the library's entry (the package's root export,
 *   src/index.ts: the engine's front door), sharing chunks with the CLI;
 *   its type declarations are emitted by `tsc -p tsconfig.lib.json` into
 *   dist/types/ after this step;
 * - dist/testing/crash-child.js: the process `cloudctl test` runs a
 *   crashing step in (killed with SIGKILL; src/testing/crash-child.ts);
 * - dist/chunks/NAME-HASH.js: one chunk per command module main.ts loads
 *   lazily (src/cli/commands/lazy.ts: `--version` and `--help` load none of
 *   them), and the chunks of code they share;
 * - a source map beside each (`*.js.map`; Node reads them only under
 *   `--enable-source-maps`; without it a stack trace points into the
 *   unminified chunk, whose `// src/...` comments name each module);
 * - {@link BUNDLE_METAFILE}: esbuild's metafile, which source modules each
 *   output file holds (test/integration/startup.test.ts reads it).
 *
 * The chunks sit two folders below the project (dist/chunks/), as the
 * modules of src/ do, so paths made from `import.meta.url`
 * (`../../dist/manifest/...`, `../../schemas/...`) mean the same file in
 * both. Packages are bundled (commander, js-yaml and the small pure ones),
 * except {@link EXTERNAL_PACKAGES}, which Node loads from node_modules when
 * (and only when) a command needs them.
 *
 * Run by scripts/bundle-cli.ts (`npx tsx scripts/bundle-cli.ts`).
 */
import { build } from 'esbuild';
import { chmodSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { fastOutput } from './fast-output.js';

/**
 * Packages left out of the bundle: large, native or loaded only by a few
 * commands (the PostgreSQL client, the HTTP client, the position-keeping
 * YAML parser, the schema compiler, graph rendering, JUnit XML for `test --junit`,
 * the language server's protocol for `lsp`).
 */
export const EXTERNAL_PACKAGES: readonly string[] = [
  'pg',
  'undici',
  'yaml',
  'ajv',
  '@viz-js/viz',
  'playwright-core',
  'junit-report-builder',
  'vscode-languageserver',
  'vscode-languageserver-textdocument',
];

/** The project's root folder (absolute, with a trailing slash). */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Where the bundle's esbuild metafile is written: `<project>/dist/bundle.meta.json`. */
export const BUNDLE_METAFILE = `${ROOT}dist/bundle.meta.json`;

/**
 * Empties dist/, bundles the CLI into it (see the file's comment) and makes
 * dist/cli/main.js executable. Resolves with each output file (relative to
 * the project) and its size in bytes. Errors: rejects with esbuild's errors
 * (a module or package it cannot resolve, a syntax error).
 */
export async function bundleCli(): Promise<Array<{ file: string; bytes: number }>> {
  const fast = await fastOutput();
  rmSync(`${ROOT}dist`, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: [
      { in: 'src/cli/entry.ts', out: 'cli/main' },
      { in: 'src/cli/main.ts', out: 'cli/program' },
      { in: 'src/index.ts', out: 'index' },
      { in: 'src/testing/crash-child.ts', out: 'testing/crash-child' },
    ],
    outdir: 'dist',
    define: { CLOUDCTL_FAST_OUTPUT: JSON.stringify(JSON.stringify(fast)) },
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external: EXTERNAL_PACKAGES.flatMap((name) => [name, `${name}/*`]),
    // Bundled CommonJS packages (commander) call `require` for Node's built-in modules.
    banner: {
      js: "import { createRequire as __bundleCreateRequire } from 'node:module'; const require = __bundleCreateRequire(import.meta.url);",
    },
    sourcemap: 'linked',
    sourcesContent: false,
    metafile: true,
    logLevel: 'warning',
  });
  writeFileSync(BUNDLE_METAFILE, JSON.stringify(result.metafile));
  chmodSync(`${ROOT}dist/cli/main.js`, 0o755); // npm links bin entries, but a direct run of dist/cli/main.js needs the bit
  return Object.entries(result.metafile.outputs)
    .filter(([file]) => file.endsWith('.js'))
    .map(([file, output]) => ({ file, bytes: output.bytes }));
}
