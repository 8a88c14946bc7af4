/**
 * The manifest's JSON Schema compiled into a validator, ahead of time.
 *
 * Compiling the schema with ajv costs 0.5 to 1.5 s, which every CLI process
 * that loads a manifest used to pay: ajv generates JavaScript from the schema
 * (the slow part), then makes a function of it. `npm run schema`
 * (scripts/generate-schema.ts) does the generating once, with ajv's
 * standalone code, and writes the code to `schema-validator.generated.ts`
 * (checked in, like `schemas/manifest.schema.json`, and checked fresh the
 * same way by `npm run schema -- --check`); at run time only the function is
 * made of it. `validate.ts` uses it when its fingerprint matches the schema
 * of the running catalogue, and compiles at run time otherwise (another
 * catalogue, as tests pass, or a generated file left stale by a catalogue
 * change).
 *
 * Nothing here loads ajv until a compile or a render needs it.
 */
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Options, ValidateFunction } from 'ajv';
import { defaultCatalogue, type CatalogueView } from './catalogue.js';
import { manifestSchema, SCHEMA_COMMAND } from './schema.js';

const require = createRequire(import.meta.url);

/** The ajv options the manifest schema is compiled with (at run time and ahead of time alike). */
export const SCHEMA_AJV_OPTIONS: Readonly<Options> = Object.freeze({ allErrors: true, strict: true, strictRequired: false, allowUnionTypes: true });

/**
 * Where the generated validator lives in the source tree
 * (`<project>/src/manifest/schema-validator.generated.ts`; the path is
 * the same whether this module runs from `src/` or from `dist/`).
 */
export const VALIDATOR_FILE = fileURLToPath(new URL('../../src/manifest/schema-validator.generated.ts', import.meta.url));

/**
 * A hex SHA-256 of what a validator is compiled from: the ajv options and
 * the catalogue's schema ({@link manifestSchema}). The generated module
 * records the fingerprint it was made from; equal fingerprints mean the same
 * validator. A few milliseconds. Never throws.
 */
export function schemaFingerprint(catalogue: CatalogueView = defaultCatalogue): string {
  return createHash('sha256').update(JSON.stringify({ ajv: SCHEMA_AJV_OPTIONS, schema: manifestSchema(catalogue) })).digest('hex');
}

/**
 * Compiles the catalogue's schema with ajv now (0.5 to 1.5 s for the real
 * catalogue; loads ajv on first use). Errors: throws what ajv throws for a
 * schema it refuses (strict mode), which the catalogue's tests rule out.
 */
export function compileSchemaValidator(catalogue: CatalogueView = defaultCatalogue): ValidateFunction {
  const { Ajv } = require('ajv') as typeof import('ajv');
  return new Ajv({ ...SCHEMA_AJV_OPTIONS }).compile(manifestSchema(catalogue));
}

/**
 * The text of the generated validator module for a catalogue. It exports
 * `fingerprint` ({@link schemaFingerprint}) and `code`: ajv's standalone
 * code (CommonJS flavour, one statement per line) of the schema compiled with
 * {@link SCHEMA_AJV_OPTIONS}, kept as a string that
 * {@link instantiateSchemaValidator} turns into the function, as ajv's own
 * compile does with the code it generates. (As a string, the 0.7 MB of
 * code costs tsc nothing; as TypeScript source it added 5 to 9 s to every
 * build.) Deterministic for a given catalogue and ajv version.
 * Errors: throws when ajv's standalone output is not shaped as expected (an
 * ajv upgrade to look at).
 */
export function renderSchemaValidatorModule(catalogue: CatalogueView = defaultCatalogue): string {
  const { Ajv } = require('ajv') as typeof import('ajv');
  const standaloneCode = require('ajv/dist/standalone/index.js') as typeof import('ajv/dist/standalone/index.js').default;
  const ajv = new Ajv({ ...SCHEMA_AJV_OPTIONS, code: { source: true, lines: true } });
  const validate = ajv.compile(manifestSchema(catalogue));
  const name = String(validate.source?.validateName);
  const code = standaloneCode(ajv, validate);
  const head = `"use strict";\nmodule.exports = ${name};\nmodule.exports.default = ${name};\n`;
  if (!/^validate\d+$/.test(name) || !code.startsWith(head)) {
    throw new Error(`ajv's standalone code does not start as expected (${JSON.stringify(code.slice(0, 80))}); update renderSchemaValidatorModule`);
  }
  const literal = code.trimEnd().replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${');
  return [
    '/**',
    ' * The manifest JSON Schema validator, compiled ahead of time: ajv standalone',
    ' * code generated from the resource catalogue by scripts/generate-schema.ts',
    ' * and turned into a function by `instantiateSchemaValidator`',
    ` * (schema-validator.ts). Do not edit; run ${SCHEMA_COMMAND}.`,
    ' */',
    '',
    '/** What `code` was compiled from (`schemaFingerprint`). */',
    `export const fingerprint = ${JSON.stringify(schemaFingerprint(catalogue))};`,
    '',
    '/** ajv standalone code (CommonJS: sets `module.exports`; requires ajv\'s run-time helpers). */',
    `export const code = \`${literal}\`;`,
    '',
  ].join('\n');
}

/**
 * Turns the code of a generated validator module (`code`, see
 * {@link renderSchemaValidatorModule}) into the validator: an ajv
 * `ValidateFunction`, with the same checks and the same `errors` as a
 * run-time compile. A few milliseconds; V8 compiles the function lazily.
 * Errors: throws a `SyntaxError` for code that is not JavaScript.
 */
export function instantiateSchemaValidator(code: string): ValidateFunction {
  const module: { exports: unknown } = { exports: {} };
  // ajv's own compile makes its function from its generated code the same way.
  new Function('module', 'exports', 'require', code)(module, module.exports, require);
  return module.exports as ValidateFunction;
}

/**
 * Writes the generated validator module ({@link renderSchemaValidatorModule};
 * default path {@link VALIDATOR_FILE}). Errors: rejects with the file
 * system's error, or what the render throws.
 */
export async function writeSchemaValidatorModule(path: string = VALIDATOR_FILE, catalogue: CatalogueView = defaultCatalogue): Promise<void> {
  await writeFile(path, renderSchemaValidatorModule(catalogue));
}

/**
 * Checks that the generated validator module matches the catalogue (and the
 * installed ajv). Resolves `{ current: true }`, or `{ current: false, message }`
 * where the message says how to regenerate it (also when the file is missing).
 * Errors: rejects only with what the render throws.
 */
export async function checkSchemaValidatorFile(path: string = VALIDATOR_FILE, catalogue: CatalogueView = defaultCatalogue): Promise<{ current: boolean; message?: string }> {
  let actual: string;
  try {
    actual = await readFile(path, 'utf8');
  } catch {
    return { current: false, message: `${path} is missing; run ${SCHEMA_COMMAND}` };
  }
  if (actual === renderSchemaValidatorModule(catalogue)) return { current: true };
  return { current: false, message: `${path} is out of date with the resource catalogue (or ajv); run ${SCHEMA_COMMAND}` };
}
