/**
 * Variable values: from the environment variable named by `env` (which wins),
 * else from `default`.
 */
import type { Diagnostic, Manifest, Value } from '../core/types.js';
import { describeKind } from './expressions.js';

/** Result of {@link resolveVariables}. */
export interface ResolvedVariables {
  /** Value of every variable that has one. */
  values: Record<string, Value>;
  /** Names of variables declared `sensitive: true`. */
  sensitive: Set<string>;
  /** Errors at the variable's declaration (its key). */
  diagnostics: Diagnostic[];
}

/**
 * Converts an environment string to the kind of the default: a number
 * (`Number`, finite), a boolean (`true`/`false`, any case), a list or mapping
 * (JSON of that kind); a string or no default keeps the string. Resolves
 * `undefined` when the text does not parse.
 */
export function coerceEnvValue(text: string, like: Value | undefined): Value | undefined {
  if (like === undefined || like === null || typeof like === 'string') return text;
  if (typeof like === 'number') {
    const trimmed = text.trim();
    const number = Number(trimmed);
    return trimmed === '' || !Number.isFinite(number) ? undefined : number;
  }
  if (typeof like === 'boolean') {
    const lower = text.trim().toLowerCase();
    return lower === 'true' ? true : lower === 'false' ? false : undefined;
  }
  try {
    const parsed = JSON.parse(text) as Value;
    if (Array.isArray(like) ? Array.isArray(parsed) : parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed))
      return parsed;
  } catch {
    // fall through
  }
  return undefined;
}

/**
 * Resolves every declared variable. Errors (each at the declaration):
 *
 * - `variable "console_password" has no value: set the environment variable CONSOLE_PASSWORD`
 *   (with `env` and no default, when the environment lacks it);
 * - `variable "x" has no value: give it a default or an env`;
 * - `variable "n" expects a number like its default 3: environment variable N is "abc"`
 *   (the value is not shown for a sensitive variable).
 *
 * An environment variable set to the empty string counts as set.
 */
export function resolveVariables(manifest: Manifest, env: NodeJS.ProcessEnv | Record<string, string | undefined>): ResolvedVariables {
  const values = Object.create(null) as Record<string, Value>;
  const sensitive = new Set<string>();
  const diagnostics: Diagnostic[] = [];
  for (const declaration of Object.values(manifest.variables)) {
    if (declaration.sensitive) sensitive.add(declaration.name);
    const fromEnv = declaration.env !== undefined ? env[declaration.env] : undefined;
    if (fromEnv !== undefined) {
      const value = coerceEnvValue(fromEnv, declaration.default);
      if (value === undefined) {
        const shown = declaration.sensitive ? 'does not parse' : `is ${JSON.stringify(fromEnv)}`;
        const like = declaration.sensitive ? '' : ` like its default ${JSON.stringify(declaration.default)}`;
        diagnostics.push({
          severity: 'error',
          code: 'variable_invalid',
          message: `variable "${declaration.name}" expects ${describeKind(declaration.default)}${like}: environment variable ${declaration.env} ${shown}`,
          location: declaration.location,
        });
        continue;
      }
      values[declaration.name] = value;
      continue;
    }
    if (declaration.default !== undefined) {
      values[declaration.name] = declaration.default;
      continue;
    }
    diagnostics.push({
      severity: 'error',
      code: 'variable_unset',
      message:
        declaration.env !== undefined
          ? `variable "${declaration.name}" has no value: set the environment variable ${declaration.env}`
          : `variable "${declaration.name}" has no value: give it a default or an env`,
      location: declaration.location,
    });
  }
  return { values, sensitive, diagnostics };
}
