/**
 * Reading `--var-file FILE`: a YAML mapping of variable name → value, read
 * within the bounds of syntax/yaml.ts (size, nesting, aliases). Every value keeps
 * its position in the file, so a value the variable refuses is reported at
 * `FILE:line:col`.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { namesFolder } from './files.js';
import type { Node, Pair } from 'yaml';
import type { Diagnostic, Value } from '../../core/types.js';
import { describeKind } from '../parse/expressions.js';
import type { VariableFileValue } from './variables.js';
import { readYaml, yamlLibrary } from '../syntax/yaml.js';

/** Result of {@link readVariableFile}. */
export interface VariableFile {
  /** Values by variable name (a record without prototype: every name is data). */
  values: Record<string, VariableFileValue>;
  /** Errors, at their position in the file (or without one when the file cannot be read). */
  diagnostics: Diagnostic[];
}

/**
 * Reads the var file at `path` (relative to `cwd`; locations keep `path` as
 * given), with `readText` first when given (an editor's unsaved text; its
 * `undefined` reads the disk). Errors: a file that cannot be read (`cannot read var file "x.yaml":
 * no such file`), YAML errors, a document that is not a mapping, keys that
 * are not names; a path ending with a separator (`x.yaml/`) is refused
 * before anything is read. Never throws.
 */
export function readVariableFile(path: string, cwd: string, readText?: (absolutePath: string) => string | undefined): VariableFile {
  const values = Object.create(null) as Record<string, VariableFileValue>;
  const diagnostics: Diagnostic[] = [];
  let source: string;
  const refusal = (why: string): VariableFile => ({
    values,
    diagnostics: [{ severity: 'error', code: 'manifest_unreadable', message: `cannot read var file "${path}": ${why}` }],
  });
  if (namesFolder(path)) return refusal(`the path ends with "${path.slice(-1)}"; give the file's name`);
  try {
    const absolute = resolve(cwd, path);
    source = readText?.(absolute) ?? readFileSync(absolute, 'utf8');
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code;
    return refusal(code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : (cause as Error).message);
  }
  const read = readYaml(source, path);
  diagnostics.push(...read.diagnostics);
  if (!read.document || read.diagnostics.some((diagnostic) => diagnostic.severity === 'error')) return { values, diagnostics };
  const { doc, lines } = read.document;
  const { isMap, isScalar } = yamlLibrary();
  const at = (node: unknown) => {
    const offset = (node as Node | null)?.range?.[0] ?? 0;
    const { line, col } = lines.linePos(offset);
    return { file: path, line, column: col };
  };
  const top = doc.contents;
  if (top === null || (isScalar(top) && top.value === null)) return { values, diagnostics };
  if (!isMap(top)) {
    diagnostics.push({
      severity: 'error',
      code: 'manifest_shape',
      message: `a var file must be a mapping of variable names to values, got ${describeKind(doc.toJS())}`,
      location: at(top),
    });
    return { values, diagnostics };
  }
  for (const pair of top.items as Pair[]) {
    const key = isScalar(pair.key) ? pair.key.value : undefined;
    if (typeof key !== 'string' || !/^[A-Za-z_][A-Za-z0-9_-]*$/.test(key)) {
      diagnostics.push({ severity: 'error', code: 'invalid_key', message: 'var file keys must be variable names', location: at(pair.key) });
      continue;
    }
    const node = pair.value as Node | null;
    const value = (node && typeof node.toJS === 'function' ? node.toJS(doc) : null) as Value;
    values[key] = { value, location: node?.range ? at(node) : at(pair.key), keyLocation: at(pair.key) };
  }
  return { values, diagnostics };
}
