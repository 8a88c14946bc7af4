/**
 * The manifest's JSON Schema compiled into a validator, ahead of time when
 * the build did it.
 *
 * Compiling the schema with ajv costs 0.5 to 1.5 s, which every CLI process
 * that loads a manifest used to pay: ajv generates JavaScript from the schema
 * (the slow part), then makes a function of it. `npm run build` runs
 * scripts/generate-schema.ts, which does the generating once, with ajv's
 * standalone code, and writes it into the build output
 * ({@link VALIDATOR_FILE}, never committed); at run time only the function is
 * made of it. `validate.ts` uses it when the file is there and its
 * fingerprint matches the schema of the running catalogue, and compiles at
 * run time otherwise (another catalogue, as tests pass; no build yet; or a
 * build older than the catalogue, as when tests run from `src/`).
 *
 * Nothing here loads ajv until a compile needs it.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Options, ValidateFunction } from 'ajv';
import { defaultCatalogue, type CatalogueView } from './catalogue.js';
import { manifestSchema } from './schema.js';

const require = createRequire(import.meta.url);

/** The ajv options the manifest schema is compiled with (at run time and ahead of time alike). */
export const SCHEMA_AJV_OPTIONS: Readonly<Options> = Object.freeze({
  allErrors: true,
  strict: true,
  strictRequired: false,
  allowUnionTypes: true,
});

/**
 * Where the build writes the validator compiled ahead of time:
 * `<project>/dist/manifest/schema-validator.generated.json`, a JSON object
 * `{ generated, fingerprint, code }` (see {@link PrecompiledSchemaValidator}).
 * The path is the same whether this module runs from `src/` or from `dist/`.
 */
export const VALIDATOR_FILE = fileURLToPath(new URL('../../dist/manifest/schema-validator.generated.json', import.meta.url));

/** The content of {@link VALIDATOR_FILE}. */
export interface PrecompiledSchemaValidator {
  /** Who wrote it (a "do not edit" note). */
  generated: string;
  /** What `code` was compiled from ({@link schemaFingerprint}). */
  fingerprint: string;
  /** ajv standalone code (CommonJS: sets `module.exports`; requires ajv's run-time helpers). */
  code: string;
}

/**
 * A hex SHA-256 of what a validator is compiled from: the ajv options and
 * the catalogue's schema ({@link manifestSchema}). The generated file
 * records the fingerprint it was made from; equal fingerprints mean the same
 * validator. A few milliseconds. Never throws.
 */
export function schemaFingerprint(catalogue: CatalogueView = defaultCatalogue): string {
  return createHash('sha256')
    .update(JSON.stringify({ ajv: SCHEMA_AJV_OPTIONS, schema: manifestSchema(catalogue) }))
    .digest('hex');
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
 * Turns ajv standalone code (the `code` of {@link PrecompiledSchemaValidator})
 * into the validator: an ajv `ValidateFunction`, with the same checks and
 * the same `errors` as a run-time compile. A few milliseconds; V8 compiles
 * the function lazily. Errors: throws a `SyntaxError` for code that is not
 * JavaScript.
 */
export function instantiateSchemaValidator(code: string): ValidateFunction {
  const module: { exports: unknown } = { exports: {} };
  // ajv's own compile makes its function from its generated code the same way.
  new Function('module', 'exports', 'require', code)(module, module.exports, require);
  return module.exports as ValidateFunction;
}

/**
 * The validator the build compiled ahead of time ({@link VALIDATOR_FILE}, or
 * `path`), when it is there, readable, and made from `catalogue`'s schema
 * (same {@link schemaFingerprint}); `undefined` otherwise, and the caller
 * compiles at run time. Never throws.
 */
export function precompiledSchemaValidator(
  catalogue: CatalogueView = defaultCatalogue,
  path: string = VALIDATOR_FILE,
): ValidateFunction | undefined {
  let stored: Partial<PrecompiledSchemaValidator>;
  try {
    stored = JSON.parse(readFileSync(path, 'utf8')) as Partial<PrecompiledSchemaValidator>;
  } catch {
    return undefined;
  }
  if (typeof stored?.code !== 'string' || stored.fingerprint !== schemaFingerprint(catalogue)) return undefined;
  try {
    return instantiateSchemaValidator(stored.code);
  } catch {
    return undefined;
  }
}
