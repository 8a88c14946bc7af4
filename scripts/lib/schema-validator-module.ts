/**
 * The generator of the manifest validator compiled ahead of time: ajv's
 * standalone code for the catalogue's schema, written by the build into
 * `dist/manifest/schema-validator.generated.json` (`VALIDATOR_FILE` of
 * src/manifest/schema-validator.ts, which reads it at run time). Used by
 * scripts/generate-schema.ts and by the tests; never by the CLI.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { defaultCatalogue, type CatalogueView } from '../../src/manifest/catalogue.js';
import { manifestSchema } from '../../src/manifest/schema.js';
import {
  codeCachePathOf,
  SCHEMA_AJV_OPTIONS,
  schemaFingerprint,
  schemaValidatorCodeCache,
  VALIDATOR_FILE,
  type PrecompiledSchemaValidator,
} from '../../src/manifest/schema-validator.js';

const require = createRequire(import.meta.url);

/**
 * The generated validator of a catalogue: its fingerprint
 * (`schemaFingerprint`) and ajv's standalone code (CommonJS flavour, one
 * statement per line) of the schema compiled with `SCHEMA_AJV_OPTIONS`,
 * which `instantiateSchemaValidator` turns into the function as ajv's own
 * compile does with the code it generates. Deterministic for a given
 * catalogue and ajv version; 0.5 to 1.5 s (an ajv compile).
 * Errors: throws when ajv's standalone output is not shaped as expected (an
 * ajv upgrade to look at).
 */
export function renderSchemaValidator(catalogue: CatalogueView = defaultCatalogue): PrecompiledSchemaValidator {
  const { Ajv } = require('ajv') as typeof import('ajv');
  const standaloneCode = require('ajv/dist/standalone/index.js') as typeof import('ajv/dist/standalone/index.js').default;
  const ajv = new Ajv({ ...SCHEMA_AJV_OPTIONS, code: { source: true, lines: true } });
  const validate = ajv.compile(manifestSchema(catalogue));
  const name = String(validate.source?.validateName);
  const code = standaloneCode(ajv, validate);
  const head = `"use strict";\nmodule.exports = ${name};\nmodule.exports.default = ${name};\n`;
  if (!/^validate\d+$/.test(name) || !code.startsWith(head)) {
    throw new Error(
      `ajv's standalone code does not start as expected (${JSON.stringify(code.slice(0, 80))}); update renderSchemaValidator`,
    );
  }
  return {
    generated:
      'by scripts/generate-schema.ts (npm run build) from the resource catalogue: ajv standalone code of the manifest schema. Do not edit.',
    fingerprint: schemaFingerprint(catalogue),
    code: code.trimEnd(),
  };
}

/**
 * Writes the generated validator ({@link renderSchemaValidator}) as JSON to
 * `path` (default `VALIDATOR_FILE`), making its folder if needed.
 * Errors: rejects with the file system's error, or what the render throws.
 */
export async function writeSchemaValidator(path: string = VALIDATOR_FILE, catalogue: CatalogueView = defaultCatalogue): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const rendered = renderSchemaValidator(catalogue);
  await writeFile(path, `${JSON.stringify(rendered)}\n`);
  await writeFile(codeCachePathOf(path), schemaValidatorCodeCache(rendered.code));
}
