/**
 * `file(path)` calls read their file when the manifest is loaded, never
 * later: every `file` call of the manifest (resource and data source
 * properties, outputs; nested calls too) gets the file's text on the call
 * (`CallExpression.fileText`), which the function then returns. The path
 * is relative to the manifest's folder and must be known at load time (a
 * string, or built from variables); a file is read at most
 * {@link MAX_FILE_BYTES} bytes long.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { isAbsolute, resolve, sep } from 'node:path';
import type { Diagnostic, Value } from '../../core/types.js';
import type { CallExpression, Expression, Manifest } from '../types.js';
import { isCallPart, referencesOf } from '../parse/expressions.js';
import { childrenOf, isOperatorExpression } from '../parse/expression-tree.js';
import { evaluate, type ResolveRoot } from '../evaluate/expressions.js';
import { blocksOf } from '../block-list.js';

/**
 * True when `path` ends with a path separator (`stack.yaml/`), so names a
 * folder, never a file. `path.resolve` drops such a separator, so a
 * trailing slash would otherwise read the file before it: every path that
 * must name a file (the manifest, var files, `file()`) is checked with this
 * before it is resolved.
 */
export function namesFolder(path: string): boolean {
  return path.endsWith('/') || path.endsWith(sep);
}

/** The most bytes `file()` reads (public keys are a few hundred). */
export const MAX_FILE_BYTES = 65_536;

/** Every call inside `expression` (nested ones after the call holding them). */
export function callsOf(expression: Expression): CallExpression[] {
  return collectCalls(expression, []);
}

/** Adds the calls inside `expression` to `into` (in {@link callsOf} order) and returns it. */
function collectCalls(expression: Expression, into: CallExpression[]): CallExpression[] {
  switch (expression.kind) {
    case 'call':
      into.push(expression);
      for (const argument of expression.arguments) collectCalls(argument, into);
      break;
    case 'template':
      for (const part of expression.parts) if (typeof part !== 'string' && isCallPart(part)) collectCalls(part, into);
      break;
    case 'list':
      for (const item of expression.items) collectCalls(item, into);
      break;
    case 'object':
      for (const entry of Object.values(expression.entries)) collectCalls(entry, into);
      break;
    default:
      if (isOperatorExpression(expression)) for (const child of childrenOf(expression)) collectCalls(child, into);
  }
  return into;
}

/**
 * Resolves `var.*` references (and `${workspace}`) from the values known at
 * load time; any other reference resolves `undefined` (known only while planning).
 */
export function variableRoots(variables: Record<string, Value>, sensitive: ReadonlySet<string>): ResolveRoot {
  return (reference) =>
    reference.root === 'var' && Object.hasOwn(variables, reference.name)
      ? { value: variables[reference.name], sensitive: sensitive.has(reference.name) }
      : undefined;
}

/**
 * Every function call of a manifest: in the properties of data sources,
 * then of resources, then in outputs, nested calls after the call holding
 * them.
 */
export function manifestCalls(manifest: Manifest): CallExpression[] {
  const calls: CallExpression[] = [];
  const collect = (expression: Expression) => {
    if (expression.kind !== 'literal' && expression.kind !== 'reference') collectCalls(expression, calls);
  };
  for (const section of [manifest.data, manifest.resources]) {
    for (const block of blocksOf(section)) for (const expression of Object.values(block.properties)) collect(expression);
  }
  for (const output of Object.values(manifest.outputs)) collect(output.value);
  return calls;
}

/**
 * Reads the file of every `file(path)` call of `manifest` from `folder`
 * (the manifest's folder) and keeps its text on the call. `variables` are
 * the resolved values (`sensitive` their sensitive names): a path built from
 * a sensitive variable is never shown. `hashes` receives the SHA-256 of each
 * file read, by path as written (not for a path from a sensitive variable). Returns the diagnostics, each at the
 * call's `file` name: a path that is not known at load time (it refers to a
 * resource or data source), a path that is not a string, a missing or
 * unreadable file, a file over {@link MAX_FILE_BYTES}. Never throws.
 */
export function readFileCalls(
  manifest: Manifest,
  folder: string,
  variables: Record<string, Value>,
  sensitive: ReadonlySet<string>,
  hashes: Record<string, string> = {},
): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const resolveRoot = variableRoots(variables, sensitive);
  for (const call of manifestCalls(manifest)) {
    if (call.name !== 'file' || call.arguments.length !== 1) continue;
    const fail = (message: string) => diagnostics.push({ severity: 'error', code: 'file_unreadable', message, location: call.location });
    const argument = call.arguments[0];
    const late = referencesOf(argument).find((reference) => reference.root !== 'var');
    if (late) {
      fail(`file(): the path must be known when the manifest is loaded (a string or variables), but it uses \${${late.text}}`);
      continue;
    }
    const evaluation = evaluate(argument, resolveRoot);
    if (evaluation.diagnostics.length > 0) continue; // reported by the variables' checks
    const path = evaluation.value;
    if (typeof path !== 'string') continue; // a type error, reported with the call's other checks
    const shown = evaluation.sensitive ? 'file()' : `file(${JSON.stringify(path)})`;
    const full = isAbsolute(path) ? path : resolve(folder, path);
    if (namesFolder(path)) {
      fail(`${shown}: not a file (the path ends with "${path.slice(-1)}")`);
      continue;
    }
    try {
      const stat = statSync(full);
      if (!stat.isFile()) {
        fail(`${shown}: not a file`);
        continue;
      }
      if (stat.size > MAX_FILE_BYTES) {
        fail(`${shown}: the file has ${stat.size} bytes, more than the ${MAX_FILE_BYTES} file() reads`);
        continue;
      }
      call.fileText = readFileSync(full, 'utf8');
      if (!evaluation.sensitive) hashes[path] = createHash('sha256').update(call.fileText).digest('hex');
    } catch (cause) {
      const code = (cause as NodeJS.ErrnoException).code;
      const why = code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : (cause as Error).message;
      fail(`${shown}: ${why} (paths are relative to the manifest's folder)`);
    }
  }
  return diagnostics;
}
