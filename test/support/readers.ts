/**
 * Comparing the two YAML readers of a manifest (src/manifest/syntax/fast-yaml.ts
 * and the position-keeping yaml.ts): the same manifest, source map,
 * diagnostics and locations from both, through the parse and the whole
 * load (validation, variables, repetition, modules).
 */
import { expect } from 'chai';
import { loadManifestFromSource, parseManifest, type LoadOptions, type ParseResult } from '../../src/manifest/index.js';
import { readYamlFast } from '../../src/manifest/syntax/fast-yaml.js';
import { DiagnosticError } from '../../src/core/types.js';

/** Everything a parse says, as plain data (lazy locations and ranges read). */
function parsed(result: ParseResult): unknown {
  return JSON.parse(
    JSON.stringify({
      manifest: result.manifest,
      diagnostics: result.diagnostics,
      data: result.sourceMap.data,
      nodes: [...result.sourceMap.nodes].map(([pointer, info]) => [pointer, info.key, info.value, info.written, info.range]),
      stopped: result.stopped,
    }),
  );
}

/** What a load says: its diagnostics (errors thrown, or warnings) and the manifest's locations, as plain data. */
function loaded(source: string, path: string, options: LoadOptions): unknown {
  try {
    const result = loadManifestFromSource(source, path, options);
    return JSON.parse(JSON.stringify({ warnings: result.warnings, manifest: result.manifest, sensitive: result.sensitiveLiterals }));
  } catch (error) {
    if (error instanceof DiagnosticError) return JSON.parse(JSON.stringify({ errors: error.diagnostics }));
    throw error;
  }
}

/**
 * Asserts that the fast reader and the position-keeping reader make the
 * same of `source`; resolves whether the fast reader took the text.
 */
export function expectReadersAgree(source: string, path: string, options: LoadOptions = {}): boolean {
  const fastTook = readYamlFast(source, path) !== undefined;
  expect(parsed(parseManifest(source, path, { catalogue: options.catalogue })), `parse of ${path}`).to.deep.equal(
    parsed(parseManifest(source, path, { catalogue: options.catalogue, reader: 'position-keeping' })),
  );
  expect(loaded(source, path, options), `load of ${path}`).to.deep.equal(loaded(source, path, { ...options, reader: 'position-keeping' }));
  return fastTook;
}
