/**
 * Variable values. Precedence, highest first:
 *
 * 1. (applying a saved plan) the value the plan was made with, for every
 *    variable that is not sensitive;
 * 2. `--var name=value` (repeatable; the last one given wins);
 * 3. `--var-file FILE` (repeatable; a later file wins over an earlier one);
 * 4. the environment variable `CLOUDCTL_VAR_<name>`;
 * 5. the environment variable the declaration names in `env:`;
 * 6. the declaration's `default:`.
 *
 * Text (`--var`, the environment) is converted to the declared `type`
 * (`number`, `bool`, `list` and `map` as JSON or YAML flow text such as
 * `[a, b]` or `{eu: 2}`); without a `type`, to the kind of the default, as
 * before types existed. Values from YAML (var files, the default) must be of
 * the declared type (a number or boolean is accepted for a string). Then the
 * declaration's `validation` (a `pattern` or `allowed` values) is checked.
 * Errors point at the value's source: its position in a var file or in the
 * manifest (the default), else the declaration, naming `--var x`,
 * `CLOUDCTL_VAR_x` or the environment variable. A sensitive variable's value
 * is never shown in a message.
 */
import { sameData } from '../../core/equal.js';
import type { Diagnostic, SourceLocation, Value } from '../../core/types.js';
import type { Manifest, VariableDeclaration, VariableType, VariableValidation } from '../types.js';
import { describeKind, referencesOf } from '../parse/expressions.js';
import { evaluate } from '../evaluate/expressions.js';
import { anchoredPattern } from '../schema.js';
import { didYouMean } from '../suggest.js';
import { readYaml } from '../syntax/yaml.js';

/** Prefix of the environment variables that give variable values: `CLOUDCTL_VAR_region`. */
export const VARIABLE_ENV_PREFIX = 'CLOUDCTL_VAR_';

/** A value read from a var file, with where it is written. */
export interface VariableFileValue {
  value: Value;
  location: SourceLocation;
  /** Where its name is written (a name no variable has is reported there). */
  keyLocation?: SourceLocation;
}

/** Values given from outside the manifest (see the module comment for their precedence). */
export interface VariableInputs {
  /** `--var` arguments as given (`name=value`), in order. */
  assignments?: string[];
  /** The var files' values, each file by variable name, in the order given (var-files.ts reads them). */
  files?: Array<Record<string, VariableFileValue>>;
  /** The non-sensitive values a saved plan was made with (set when applying it). */
  saved?: Record<string, Value>;
}

/** Result of {@link resolveVariables}. */
export interface ResolvedVariables {
  /** Value of every variable that has one. */
  values: Record<string, Value>;
  /** Names of variables declared `sensitive: true`. */
  sensitive: Set<string>;
  /** Errors at the variable's declaration (its key), or at the value's position in a var file or the default. */
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
  if (typeof like === 'number') return coerceText(text, 'number');
  if (typeof like === 'boolean') return coerceText(text, 'bool');
  try {
    const parsed = JSON.parse(text) as Value;
    if (Array.isArray(like) ? Array.isArray(parsed) : parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed))
      return parsed;
  } catch {
    // fall through
  }
  return undefined;
}

/** The kind of a value as a variable type names it, or `undefined` for null. */
function typeOf(value: Value): VariableType | undefined {
  if (value === null) return undefined;
  if (Array.isArray(value)) return 'list';
  if (typeof value === 'object') return 'map';
  if (typeof value === 'boolean') return 'bool';
  return typeof value as 'string' | 'number';
}

/** `a string`, `a number`, `a boolean`, `a list`, `a mapping`. */
function describeType(type: VariableType): string {
  return { string: 'a string', number: 'a number', bool: 'a boolean', list: 'a list', map: 'a mapping' }[type];
}

/**
 * Converts text (`--var`, the environment) to `type`: a number (finite), a
 * boolean (`true`/`false`, any case), a list or mapping written as JSON or
 * YAML flow text; a string stays as it is. Resolves `undefined` when the
 * text does not parse as the type.
 */
export function coerceText(text: string, type: VariableType): Value | undefined {
  switch (type) {
    case 'string':
      return text;
    case 'number': {
      const trimmed = text.trim();
      const number = Number(trimmed);
      return trimmed === '' || !Number.isFinite(number) ? undefined : number;
    }
    case 'bool': {
      const lower = text.trim().toLowerCase();
      return lower === 'true' ? true : lower === 'false' ? false : undefined;
    }
    case 'list':
    case 'map': {
      const read = readYaml(text, 'value');
      if (!read.document || read.diagnostics.some((diagnostic) => diagnostic.severity === 'error')) return undefined;
      const value = read.document.doc.toJS() as Value;
      return value !== null && typeOf(value) === type ? value : undefined;
    }
  }
}

/** A YAML value (var file, default, saved plan) as `type`: numbers and booleans become text for a string; `undefined` when of another kind. */
function conform(value: Value, type: VariableType | undefined): Value | undefined {
  if (type === undefined) return value;
  if (type === 'string' && (typeof value === 'number' || typeof value === 'boolean')) return String(value);
  return typeOf(value) === type ? value : undefined;
}

/** Where one value came from. */
interface Source {
  /** `--var region`, `CLOUDCTL_VAR_region`, `environment variable REGION`, `the var file`, `the default`. */
  label: string;
  /** Set for text sources. */
  text?: string;
  /** Set for YAML sources. */
  value?: Value;
  /** Where the value is written (var files, the default). */
  location?: SourceLocation;
  /** Set for values from a saved plan. */
  saved?: boolean;
}

/** Splits `--var` arguments into texts by name (the last wins); reports malformed ones and names not declared. */
function assignmentsByName(assignments: string[], manifest: Manifest, diagnostics: Diagnostic[]): Map<string, string> {
  const byName = new Map<string, string>();
  for (const assignment of assignments) {
    const equals = assignment.indexOf('=');
    const name = equals < 0 ? assignment : assignment.slice(0, equals);
    if (equals <= 0) {
      diagnostics.push({
        severity: 'error',
        code: 'invalid_value',
        message: `--var ${JSON.stringify(name)}: expected NAME=VALUE, like --var region=eu`,
      });
      continue;
    }
    if (!Object.hasOwn(manifest.variables, name)) {
      diagnostics.push({
        severity: 'error',
        code: 'unknown_variable',
        message: `--var ${name}: no variable "${name}" is declared in ${manifest.path}${didYouMean(name, Object.keys(manifest.variables))}`,
      });
      continue;
    }
    byName.set(name, assignment.slice(equals + 1));
  }
  return byName;
}

/** Merges var files (a later file wins) and reports names not declared, at their position. */
function fileValuesByName(
  files: Array<Record<string, VariableFileValue>>,
  manifest: Manifest,
  diagnostics: Diagnostic[],
): Map<string, VariableFileValue> {
  const byName = new Map<string, VariableFileValue>();
  for (const file of files) {
    for (const [name, entry] of Object.entries(file)) {
      if (!Object.hasOwn(manifest.variables, name)) {
        diagnostics.push({
          severity: 'error',
          code: 'unknown_variable',
          message: `no variable "${name}" is declared in ${manifest.path}${didYouMean(name, Object.keys(manifest.variables))}`,
          location: entry.keyLocation ?? entry.location,
        });
        continue;
      }
      byName.set(name, entry);
    }
  }
  return byName;
}

/** The value of one source as the declaration's type, or the diagnostic saying why not. */
function valueOf(declaration: VariableDeclaration, source: Source): { value: Value } | { diagnostic: Diagnostic } {
  const { name, sensitive, type } = declaration;
  if (source.text !== undefined) {
    const value = type ? coerceText(source.text, type) : coerceEnvValue(source.text, declaration.default);
    if (value !== undefined) return { value };
    const expected = type ? describeType(type) : describeKind(declaration.default);
    const like = sensitive || type ? '' : ` like its default ${JSON.stringify(declaration.default)}`;
    const shown = sensitive ? 'does not parse' : `is ${JSON.stringify(source.text)}`;
    return {
      diagnostic: {
        severity: 'error',
        code: 'variable_invalid',
        message: `variable "${name}" expects ${expected}${like}: ${source.label} ${shown}`,
        location: declaration.location,
      },
    };
  }
  const value = conform(source.value as Value, type);
  if (value !== undefined) return { value };
  const got = sensitive ? describeKind(source.value) : `${describeKind(source.value)} (${JSON.stringify(source.value)})`;
  return {
    diagnostic: {
      severity: 'error',
      code: 'variable_invalid',
      message: `variable "${name}" is of type ${type}: ${source.label} gives ${got}`,
      location: source.location ?? declaration.location,
    },
  };
}

/**
 * The diagnostic of a value one of the declaration's validations refuses
 * (the first, in the order written), or `undefined`. A `condition` is
 * evaluated with the value as `var.NAME` (the only variable it may read):
 * false refuses it with the validation's message; anything but a boolean
 * is an error at the condition.
 */
function validationProblem(declaration: VariableDeclaration, source: Source, value: Value): Diagnostic | undefined {
  for (const validation of declaration.validations ?? []) {
    const problem = refusal(declaration, validation, source, value);
    if (problem) return problem;
  }
  return undefined;
}

function refusal(declaration: VariableDeclaration, validation: VariableValidation, source: Source, value: Value): Diagnostic | undefined {
  let rule: string | undefined;
  if (validation.pattern !== undefined) {
    const text = typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined;
    if (text === undefined || !new RegExp(anchoredPattern(validation.pattern), 'u').test(text)) rule = `must match ${validation.pattern}`;
  }
  if (rule === undefined && validation.allowed !== undefined && !validation.allowed.some((allowed) => sameData(allowed, value))) {
    rule = `must be one of ${validation.allowed.map((allowed) => JSON.stringify(allowed)).join(', ')}`;
  }
  if (rule === undefined && validation.condition !== undefined) {
    const condition = validation.condition;
    const other = referencesOf(condition).find((reference) => reference.root !== 'var' || reference.name !== declaration.name);
    if (other) {
      return {
        severity: 'error',
        code: 'invalid_value',
        message: `variables.${declaration.name}.validation: a condition may refer only to var.${declaration.name}, not "\${${other.text}}"`,
        location: other.location,
      };
    }
    const evaluation = evaluate(condition, () => ({ value, sensitive: declaration.sensitive }));
    if (evaluation.diagnostics.length > 0) return evaluation.diagnostics[0];
    if (typeof evaluation.value !== 'boolean') {
      return {
        severity: 'error',
        code: 'type_mismatch',
        message: `variables.${declaration.name}.validation: the condition must be true or false, got ${describeKind(evaluation.value)}`,
        location: condition.location,
      };
    }
    if (!evaluation.value) rule = 'is refused by its validation condition';
  }
  if (rule === undefined) return undefined;
  const given = declaration.sensitive ? `the value from ${source.label}` : `${JSON.stringify(value)} from ${source.label}`;
  return {
    severity: 'error',
    code: 'variable_validation',
    message: `variable "${declaration.name}": ${given} ${validation.message ? `is refused: ${validation.message}` : rule}`,
    location: source.location ?? (validation.condition ? validation.location : declaration.location),
  };
}

/**
 * Resolves every declared variable from `inputs`, `env` and the defaults
 * (see the module comment for the precedence). Errors:
 *
 * - `variable "console_password" has no value: set the environment variable CONSOLE_PASSWORD`
 *   (with `env` and no default, when nothing gives it);
 * - `variable "x" has no value: give it with --var x=VALUE, a var file, CLOUDCTL_VAR_x, an env or a default`;
 * - `variable "n" expects a number like its default 3: environment variable N is "abc"`
 *   (the value is not shown for a sensitive variable);
 * - `variable "n" is of type number: the var file gives a string ("three")`, at the file's value;
 * - `variable "region": "mars" from --var region must be one of "eu", "us"` (validation);
 * - `--var nmae: no variable "nmae" is declared in m.yaml; did you mean "name"?`,
 *   and the same at a var file's key;
 * - a saved plan's variable given another value with `--var` or a var file.
 *
 * An environment variable set to the empty string counts as set.
 */
export function resolveVariables(
  manifest: Manifest,
  env: NodeJS.ProcessEnv | Record<string, string | undefined>,
  inputs: VariableInputs = {},
): ResolvedVariables {
  const values = Object.create(null) as Record<string, Value>;
  const sensitive = new Set<string>();
  const diagnostics: Diagnostic[] = [];
  const assignments = assignmentsByName(inputs.assignments ?? [], manifest, diagnostics);
  const fileValues = fileValuesByName(inputs.files ?? [], manifest, diagnostics);
  for (const declaration of Object.values(manifest.variables)) {
    const { name } = declaration;
    if (declaration.sensitive) sensitive.add(name);
    const sources: Source[] = [];
    if (inputs.saved && !declaration.sensitive && Object.hasOwn(inputs.saved, name))
      sources.push({ label: 'the saved plan', value: inputs.saved[name], saved: true });
    const assigned = assignments.get(name);
    if (assigned !== undefined) sources.push({ label: `--var ${name}`, text: assigned });
    const file = fileValues.get(name);
    if (file) sources.push({ label: 'the var file', value: file.value, location: file.location });
    const prefixed = env[`${VARIABLE_ENV_PREFIX}${name}`];
    if (prefixed !== undefined) sources.push({ label: `${VARIABLE_ENV_PREFIX}${name}`, text: prefixed });
    const fromEnv = declaration.env !== undefined ? env[declaration.env] : undefined;
    if (fromEnv !== undefined) sources.push({ label: `environment variable ${declaration.env}`, text: fromEnv });
    if (declaration.default !== undefined)
      sources.push({ label: 'the default', value: declaration.default, location: declaration.defaultLocation });
    const source = sources[0];
    if (!source) {
      diagnostics.push(unset(declaration, inputs.saved !== undefined));
      continue;
    }
    const result = valueOf(declaration, source);
    if ('diagnostic' in result) {
      diagnostics.push(result.diagnostic);
      continue;
    }
    if (source.saved) {
      // A saved plan is applied with the values it was made with: another value on the command line is a mistake.
      const given = sources.filter((other) => other.label === `--var ${name}` || other.label === 'the var file');
      for (const other of given) {
        const otherValue = valueOf(declaration, other);
        if ('value' in otherValue && !sameData(otherValue.value, result.value)) {
          diagnostics.push({
            severity: 'error',
            code: 'variable_invalid',
            message: `variable "${name}": the saved plan was made with ${JSON.stringify(result.value)}, but ${other.label} gives ${JSON.stringify(otherValue.value)}; run 'cloudctl plan' again to use it`,
            ...(other.location ? { location: other.location } : {}),
          });
        }
      }
    }
    const problem = validationProblem(declaration, source, result.value);
    if (problem) {
      diagnostics.push(problem);
      continue;
    }
    values[name] = result.value;
  }
  return { values, sensitive, diagnostics };
}

/** The "has no value" error of `declaration` (`savedPlan`: while applying a saved plan, which keeps no sensitive value). */
function unset(declaration: VariableDeclaration, savedPlan: boolean): Diagnostic {
  const { name } = declaration;
  const ways = `--var ${name}=VALUE, a var file, ${VARIABLE_ENV_PREFIX}${name}`;
  let message =
    declaration.env !== undefined
      ? `variable "${name}" has no value: set the environment variable ${declaration.env}`
      : `variable "${name}" has no value: give it with ${ways}, an env or a default`;
  if (savedPlan && declaration.sensitive)
    message = `variable "${name}" has no value: it is sensitive, so the saved plan does not keep it; give it again when applying (${ways}${declaration.env ? ` or ${declaration.env}` : ''})`;
  return { severity: 'error', code: 'variable_unset', message, location: declaration.location };
}
