/**
 * A manifest written as a folder (src/manifest/folder.ts, `loadManifest` of a
 * folder): the files' sections merged into one manifest, test and var files
 * left out, a name declared in two files an error naming both, every
 * diagnostic at its own file's line and column, the source map's ranges
 * (what a plan redacts) moved into the merged source.
 */
import { expect } from 'chai';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { tempFolder } from '../temp-folders.js';
import { isManifestFileName, loadManifest, parseManifest, validateManifest, type LoadedManifest } from '../../src/manifest/index.js';
import { mergeParses, readManifestFolder, wholeTextOf } from '../../src/manifest/folder.js';
import { DiagnosticError, formatDiagnostic } from '../../src/core/types.js';
import { liteKeypair, liteVm, passwordVariable } from '../fixtures/lite-stack.js';
import { redactSource } from '../../src/plan/redact.js';

/** Writes `files` (name → text) into `stack/` of a new temp folder and loads `stack` (as given). */
async function loadFolder(files: Record<string, string>, given = 'stack'): Promise<LoadedManifest> {
  const folder = await tempFolder('cloudctl-folder-');
  await mkdir(join(folder, 'stack'));
  for (const [name, text] of Object.entries(files)) await writeFile(join(folder, 'stack', name), text);
  return loadManifest(given, { cwd: folder, env: { TEST_CONSOLE_PASSWORD: 'Folder1Password' } });
}

/** The `file:line:col: message` lines of a folder load that must fail. */
async function errorsOf(files: Record<string, string>): Promise<string[]> {
  try {
    await loadFolder(files);
  } catch (error) {
    if (error instanceof DiagnosticError) return error.diagnostics.map(formatDiagnostic);
    throw error;
  }
  throw new Error('expected the load to fail');
}

describe('manifest: a folder of manifest files', () => {
  it('tells manifest files from test files, var files and hidden files', () => {
    expect(['a.yaml', 'b.yml', 'main.yaml'].every(isManifestFileName)).to.equal(true);
    expect(['a.test.yaml', 'prod.vars.yaml', 'prod.vars.yml', '.hidden.yaml', 'notes.txt'].some(isManifestFileName)).to.equal(false);
  });

  it('merges the sections of every file, references crossing files, into one manifest at stack/*.yaml', async () => {
    const loaded = await loadFolder({
      'variables.yaml': passwordVariable(),
      'keys.yaml': `resources:\n${liteKeypair('key', 'folder-key')}`,
      'vms.yaml': `resources:\n${liteVm('web', 'folder-web')}outputs:\n  web_id: \${web.id}\n`,
      'prod.vars.yaml': 'not_a_manifest: true\n',
      'smoke.test.yaml': 'run: [\n',
      'empty.yaml': '\n',
    });
    expect(loaded.manifest.path).to.equal(join('stack', '*.yaml'));
    expect(Object.keys(loaded.manifest.resources).sort()).to.deep.equal(['key', 'web']);
    expect(Object.keys(loaded.manifest.variables)).to.deep.equal(['console_password']);
    expect(Object.keys(loaded.manifest.outputs)).to.deep.equal(['web_id']);
    expect(loaded.manifest.resources.web.location.file).to.equal(join('stack', 'vms.yaml'));
    expect(loaded.manifest.resources.key.location.file).to.equal(join('stack', 'keys.yaml'));
    expect(loaded.graph.hasEdge('key', 'web') || loaded.graph.hasEdge('web', 'key')).to.equal(true);
    // Files in name order, each one's text in the merged source at its length.
    expect(loaded.parts!.map((part) => part.path)).to.deep.equal(
      ['empty.yaml', 'keys.yaml', 'variables.yaml', 'vms.yaml'].map((name) => join('stack', name)),
    );
    expect(loaded.parts!.reduce((sum, part) => sum + part.length, 0)).to.equal(loaded.manifest.source.length);
  });

  it('merges locals, removed blocks and module blocks declared in any file of the folder', async () => {
    const folder = await tempFolder('cloudctl-folder-');
    await mkdir(join(folder, 'stack', 'keys'), { recursive: true });
    await writeFile(join(folder, 'stack', 'keys', 'main.yaml'), `variables:\n  name: {}\nresources:\n${liteKeypair('key', 'module-key')}`);
    await writeFile(join(folder, 'stack', 'locals.yaml'), 'locals:\n  prefix: folder\n');
    await writeFile(
      join(folder, 'stack', 'modules.yaml'),
      'resources:\n  cluster:\n    module: ./keys\n    inputs: { name: "${local.prefix}-key" }\n',
    );
    await writeFile(join(folder, 'stack', 'removed.yaml'), 'removed:\n  - { from: old_key, lifecycle: { destroy: false } }\n');
    await writeFile(join(folder, 'stack', 'outputs.yaml'), 'outputs:\n  prefix: ${local.prefix}\n');
    const loaded = await loadManifest('stack', { cwd: folder, env: {} });
    expect(Object.keys(loaded.manifest.locals ?? {})).to.deep.equal(['prefix']);
    expect(Object.keys(loaded.manifest.resources)).to.deep.equal(['cluster.key']);
    expect(loaded.manifest.removed?.map((block) => [block.from, block.destroy])).to.deep.equal([['old_key', false]]);
    const errors = await errorsOf({ 'a.yaml': 'locals:\n  x: 1\n', 'b.yaml': 'locals:\n  x: 2\n' });
    expect(errors).to.deep.equal([
      'stack/b.yaml:2:3: locals.x is declared in both stack/a.yaml:2:3 and stack/b.yaml:2:3; declare it in one file of the folder',
    ]);
  });

  it('reads the folder given with a trailing separator the same way', async () => {
    const loaded = await loadFolder({ 'main.yaml': `resources:\n${liteKeypair('key', 'folder-key')}` }, 'stack/');
    expect(Object.keys(loaded.manifest.resources)).to.deep.equal(['key']);
  });

  it('refuses a name declared in two files, naming both at their line and column', async () => {
    const errors = await errorsOf({
      'a.yaml': `resources:\n${liteKeypair('key', 'one')}`,
      'b.yaml': `variables:\n  size: { default: 1 }\nresources:\n${liteKeypair('key', 'two')}`,
      'c.yaml': 'variables:\n  size: { default: 2 }\nprovider: { base_url: "http://127.0.0.1:1" }\n',
      'd.yaml': 'provider: { base_url: "http://127.0.0.1:2" }\n',
    });
    expect(errors).to.deep.equal([
      'stack/b.yaml:4:3: resources.key is declared in both stack/a.yaml:2:3 and stack/b.yaml:4:3; declare it in one file of the folder',
      'stack/c.yaml:2:3: variables.size is declared in both stack/b.yaml:2:3 and stack/c.yaml:2:3; declare it in one file of the folder',
      'stack/d.yaml:1:1: provider: is declared in both stack/c.yaml:3:1 and stack/d.yaml:1:1; declare it in one file of the folder',
    ]);
  });

  it('reports each problem at its own file, line and column, parse and validation alike', async () => {
    const errors = await errorsOf({
      'a.yaml': `resources:\n${liteKeypair('key', 'one')}  other:\n    type: cloud_lite_keypair\n    properties: { name: x, colour: blue }\n`,
      'b.yaml': 'outputs:\n  id: ${missing.id}\n',
      'c.yaml': 'variables:\n  x: { defaultt: 1 }\n',
    });
    expect(errors).to.have.length(3);
    expect(errors[0]).to.match(/^stack\/a\.yaml:7:28: unknown attribute "colour" in resources\.other/);
    expect(errors[1]).to.match(/^stack\/b\.yaml:2:7: .*missing/);
    expect(errors[2]).to.match(/^stack\/c\.yaml:2:8: .*defaultt/);
  });

  it("merges the blocks' normalised data when first read, as the files give it, and validates the same from the files' own data", () => {
    const files: Record<string, string> = {
      'a.yaml': `resources:\n${liteKeypair('key', 'one')}  other: { type: cloud_lite_keypair, properties: { name: x } }\n`,
      'b.yaml': `data:\n  os: { type: cloud_lite_os_list }\nresources:\n${liteKeypair('key2', 'two')}  mod:\n    module: ./m.yaml\n`,
      'c.yaml': `resources:\n  key: { type: cloud_lite_vm, properties: { vm_name: v } }\n  third: { type: cloud_lite_keypair, properties: { name: y, colour: blue } }\n`,
      'd.yaml': 'resources:\n  fourth: { type: cloud_lite_keypair }\n  mod: { type: cloud_lite_keypair, properties: { name: z } }\n',
    };
    const parses = Object.entries(files).map(([name, source]) => ({
      part: { path: `stack/${name}`, source },
      parsed: parseManifest(source, `stack/${name}`),
    }));
    const merged = mergeParses(parses, 'stack/*.yaml');
    // What the merge made at once before: each name's data from the first file declaring it, in file order.
    const eager: Record<string, Record<string, unknown>> = { resources: {}, data: {} };
    for (const { parsed } of parses)
      for (const section of ['data', 'resources'] as const)
        for (const [name, value] of Object.entries((parsed.sourceMap.data[section] ?? {}) as Record<string, unknown>))
          if (
            !(name in eager[section]!) &&
            !(section === 'resources' && Object.values(parses).some(({ parsed: p }) => p.manifest.modules?.[name]))
          )
            eager[section]![name] = value;
    expect(Object.keys(merged.sourceMap.data)).to.deep.equal(['resources', 'data']);
    expect(JSON.parse(JSON.stringify(merged.sourceMap.data))).to.deep.equal(JSON.parse(JSON.stringify(eager)));
    expect(merged.sourceMap.fileData).to.have.length(4);
    // Validation proves the schema silent from the files' data, or runs it on the merged data: the same diagnostics either way.
    const fromFiles = validateManifest(merged.manifest, merged.sourceMap);
    const fromMerged = validateManifest(merged.manifest, { ...merged.sourceMap, fileData: undefined });
    expect(fromFiles.map((diagnostic) => diagnostic.message)).to.include(
      'unknown attribute "colour" in resources.third (cloud_lite_keypair)',
    );
    expect(fromFiles).to.deep.equal(fromMerged);
  });

  it('finds sensitive literals of any file at their offset in the merged source', async () => {
    const loaded = await loadFolder({
      'a.yaml': `resources:\n${liteKeypair('key', 'one')}`,
      'b.yaml': 'variables:\n  secret: { default: TopSecret1, sensitive: true }\n',
    });
    const redacted = redactSource(loaded.manifest.source, loaded.sensitiveLiterals);
    expect(redacted.redacted).to.equal(true);
    expect(redacted.source).to.not.include('TopSecret1');
    expect(redacted.source.length - loaded.manifest.source.length).to.equal('"(sensitive)"'.length - 'TopSecret1'.length);
  });

  it('refuses a folder without manifest files, saying which files count', async () => {
    const errors = await errorsOf({ 'smoke.test.yaml': 'x: 1\n' });
    expect(errors).to.deep.equal([
      'cannot read manifest "stack/*.yaml": the folder has no manifest file (*.yaml, not *.test.yaml nor *.vars.yaml)',
    ]);
  });

  it('reads the files as each one read as UTF-8, in name order, whether all ASCII (read at once) or not', async () => {
    const folder = await tempFolder('cloudctl-folder-read-');
    const ascii = { 'b.yaml': 'resources: {}\n', 'a.yaml': '# plain\nvariables: {}\n', 'c.yaml': '' };
    const mixed = { ...ascii, 'd.yaml': '# caf\u00e9 \u2713\nlocals: {}\n' };
    for (const [name, files] of Object.entries({ ascii, mixed })) {
      await mkdir(join(folder, name));
      for (const [file, text] of Object.entries(files)) await writeFile(join(folder, name, file), text);
      const parts = await readManifestFolder(name, join(folder, name));
      const expected = await Promise.all(
        Object.keys(files)
          .sort()
          .map(async (file) => ({ path: join(name, file), source: await readFile(join(folder, name, file), 'utf8') })),
      );
      expect(parts).to.deep.equal(expected);
      expect(wholeTextOf(parts)).to.equal(expected.map((part) => part.source).join(''));
      // A part changed after the read: the parts are joined as they are now.
      parts[0] = { ...parts[0]!, source: '# changed\n' };
      expect(wholeTextOf(parts)).to.equal(['# changed\n', ...expected.slice(1).map((part) => part.source)].join(''));
    }
  });
});
