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
 * made of it. `check/validate.ts` uses it when the file is there and its
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
import { Script } from 'node:vm';
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
export function instantiateSchemaValidator(code: string, codeCache?: Buffer): ValidateFunction {
  return runValidatorScript(validatorScript(code, codeCache));
}

/**
 * Where the build writes V8's code cache of the validator at `path`
 * (`<path without .json>.v8-cache`): what V8 compiled of it, so a CLI
 * process need not parse its 0.7 MB again (about half its start-up cost).
 */
export function codeCachePathOf(path: string): string {
  return path.replace(/\.json$/, '') + '.v8-cache';
}

/**
 * The standalone code as a script whose value is a function of `module`,
 * `exports` and `require` (as ajv's own compile wraps the code it
 * generates), with V8's `codeCache` of it when given (V8 ignores a cache made
 * by another V8 version or from other code, and compiles as usual).
 */
function validatorScript(code: string, codeCache?: Buffer): Script {
  return new Script(`(function (module, exports, require) {\n${code}\n})`, {
    filename: 'schema-validator.generated.js',
    ...(codeCache ? { cachedData: codeCache } : {}),
  });
}

function runValidatorScript(script: Script): ValidateFunction {
  const module: { exports: unknown } = { exports: {} };
  (script.runInThisContext() as (module: unknown, exports: unknown, require: NodeJS.Require) => void)(module, module.exports, require);
  return module.exports as ValidateFunction;
}

/**
 * V8's code cache of the validator made of `code` (see
 * {@link codeCachePathOf}), taken after one validation so the functions it
 * compiled are in it. For the build; valid for the Node version that makes it.
 */
export function schemaValidatorCodeCache(code: string): Buffer {
  const script = validatorScript(code);
  runValidatorScript(script)({});
  return script.createCachedData();
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
  let codeCache: Buffer | undefined;
  try {
    codeCache = readFileSync(codeCachePathOf(path));
  } catch {
    codeCache = undefined; // compiled as usual
  }
  try {
    return instantiateSchemaValidator(stored.code, codeCache);
  } catch {
    return undefined;
  }
}
