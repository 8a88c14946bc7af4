/**
 * The stacks file (`cloudctl.stacks.yaml` by default; docs/stacks.md):
 * named stacks, each a manifest with its own state, and the `approve:`
 * rules and `budget:` of the whole. Read with the manifest's
 * position-keeping YAML reader (src/manifest/syntax/yaml.ts); the values
 * of `variables:` are parsed with the manifest's expression parser, so
 * `${stack.keys.outputs.keypair_id}` is an expression like any other. The
 * references between stacks make the graph of stacks (graphlib, as the
 * manifest's own graph); a reference to an unknown stack, or a cycle, is
 * an error at `file:line:col`.
 */
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { Graph, alg } from '@dagrejs/graphlib';
import { DiagnosticError, type Diagnostic, type SourceLocation } from '../core/types.js';
import { parseStringExpression, referencesOf } from '../manifest/index.js';
import { readYaml, treeOfDocument } from '../manifest/syntax/yaml.js';
import { isMap, isScalar, isSeq, plainValue, type TreeNode, type TreePair } from '../manifest/syntax/source-tree.js';
import { didYouMean } from '../manifest/suggest.js';
import type { Expression, Reference } from '../manifest/types.js';
import { parseRules, type ApprovalRule } from './rules.js';

/** The stacks file read when none is named. */
export const DEFAULT_STACKS_FILE = 'cloudctl.stacks.yaml';

/** A stack's name: as a manifest's block names. */
const STACK_NAME = /^[A-Za-z_][A-Za-z0-9_-]*$/;

/** A `budget:` of the stacks file (the total) or of one stack: amounts in the account currency, per month. */
export interface StacksBudget {
  monthlyLimit?: number;
  maxOrdersPerApply?: number;
  location: SourceLocation;
}

/** One variable of a stack: its expression (literal, or reading other stacks' outputs). */
export interface StackVariable {
  expression: Expression;
  /** The stacks whose outputs it reads. */
  reads: StackOutputReference[];
  location: SourceLocation;
}

/** `${stack.NAME.outputs.OUTPUT...}`, as read from a manifest expression. */
export interface StackOutputReference {
  stack: string;
  output: string;
  reference: Reference;
}

/** One stack of the file. */
export interface StackDeclaration {
  name: string;
  /** The manifest (a file, or a folder of manifest files), absolute. */
  manifest: string;
  /** The manifest as written, for messages. */
  manifestAsWritten: string;
  /** The workspace of the stack's state (default: `default`). */
  workspace?: string;
  /** Where its state lives (`postgres://...` or `local`); default local. */
  backend?: string;
  /** The state file of its default workspace, relative to the stacks file's folder: `.cloudctl/stacks/NAME/state.json` unless given. */
  state: string;
  variables: Record<string, StackVariable>;
  budget?: StacksBudget;
  /** The stacks it reads outputs of (its upstream), sorted. */
  needs: string[];
  location: SourceLocation;
}

/** The stacks file, read and checked. */
export interface StacksFile {
  /** Absolute path of the file. */
  path: string;
  /** Its folder: relative paths in it are read against this. */
  directory: string;
  /** The stacks, by name, in the order written. */
  stacks: Map<string, StackDeclaration>;
  /** Names in dependency order (every stack after the stacks it reads). */
  order: string[];
  approve: ApprovalRule[];
  budget?: StacksBudget;
}

/**
 * Reads `${stack.NAME.outputs.OUTPUT}` from a parsed reference. The
 * expression grammar reads it as a reference rooted at a block named
 * `stack`; this is the one place that knows that, so a grammar with a
 * `stack` root of its own changes this function only.
 */
export function stackOutputReference(reference: Reference): { stack?: string; output?: string; isStack: boolean } {
  if (reference.root !== 'resource' || reference.name !== 'stack') return { isStack: false };
  const [stack, outputs, output] = reference.path;
  return {
    isStack: true,
    stack: typeof stack === 'string' ? stack : undefined,
    output: outputs === 'outputs' && typeof output === 'string' ? output : undefined,
  };
}

/** Reads what a file of stacks says; every problem is gathered. */
class Reader {
  readonly diagnostics: Diagnostic[] = [];
  constructor(
    readonly file: string,
    private readonly position: (offset: number) => { line: number; column: number },
  ) {}

  at(node: TreeNode | null | undefined, fallback?: SourceLocation): SourceLocation {
    const start = node?.range?.[0];
    if (start === undefined) return fallback ?? { file: this.file, line: 1, column: 1 };
    return { file: this.file, ...this.position(start) };
  }

  error(message: string, location: SourceLocation, code: Diagnostic['code'] = 'invalid_value'): void {
    this.diagnostics.push({ severity: 'error', code, message, location });
  }

  /** The pairs of a mapping, or an error `what: expected a mapping`. */
  pairs(node: TreeNode | null, what: string, fallback: SourceLocation): TreePair[] {
    if (node === null) return [];
    if (!isMap(node)) {
      this.error(`${what}: expected a mapping`, this.at(node, fallback), 'wrong_kind');
      return [];
    }
    return node.items;
  }

  key(pair: TreePair): string {
    return isScalar(pair.key) ? String(pair.key.value) : JSON.stringify(plainValue(pair.key));
  }

  /** A manifest expression of a YAML value: strings are parsed (`${...}`), lists and mappings item by item. */
  expression(node: TreeNode | null, fallback: SourceLocation): Expression {
    const location = this.at(node, fallback);
    if (node === null) return { kind: 'literal', value: null, location };
    if (isScalar(node)) {
      if (typeof node.value !== 'string') return { kind: 'literal', value: node.value, location };
      const start = node.range?.[0];
      // Offsets inside a plain or quoted scalar: exact for plain ones, close for quoted ones.
      const quote = start !== undefined && node.range && node.range[1] - start !== node.value.length ? 1 : 0;
      const locate = (offset: number) => (start === undefined ? location : { file: this.file, ...this.position(start + quote + offset) });
      const parsed = parseStringExpression(node.value, location, locate);
      this.diagnostics.push(...parsed.diagnostics);
      return parsed.expression;
    }
    if (isSeq(node)) return { kind: 'list', items: node.items.map((item) => this.expression(item, location)), location };
    if (isMap(node)) {
      const entries = Object.create(null) as Record<string, Expression>;
      for (const pair of node.items) entries[this.key(pair)] = this.expression(pair.value, this.at(pair.key, location));
      return { kind: 'object', entries, location };
    }
    return { kind: 'literal', value: plainValue(node), location };
  }

  budget(node: TreeNode | null, what: string, fallback: SourceLocation): StacksBudget | undefined {
    const location = this.at(node, fallback);
    const budget: StacksBudget = { location };
    for (const pair of this.pairs(node, what, location)) {
      const key = this.key(pair);
      const value = plainValue(pair.value);
      const at = this.at(pair.value, this.at(pair.key, location));
      const whole = typeof value === 'number' && Number.isSafeInteger(value);
      if (key === 'monthly_limit') {
        if (whole && value > 0) budget.monthlyLimit = value;
        else this.error(`${what}.monthly_limit: expected a whole number above 0, got ${JSON.stringify(value)}`, at);
      } else if (key === 'max_orders_per_apply') {
        if (whole && value >= 0) budget.maxOrdersPerApply = value;
        else this.error(`${what}.max_orders_per_apply: expected a whole number of orders, 0 or more, got ${JSON.stringify(value)}`, at);
      } else
        this.error(
          `${what}: unknown key "${key}" (expected monthly_limit, max_orders_per_apply)${didYouMean(key, ['monthly_limit', 'max_orders_per_apply'])}`,
          this.at(pair.key, location),
          'unknown_key',
        );
    }
    return budget;
  }
}

const STACK_KEYS = ['manifest', 'workspace', 'backend', 'state', 'variables', 'budget'];

/** Reads one `stacks.NAME:` entry. */
function readStack(reader: Reader, directory: string, name: string, pair: TreePair): StackDeclaration | undefined {
  const location = reader.at(pair.key);
  if (!STACK_NAME.test(name)) {
    reader.error(`stacks.${name}: a stack name is letters, digits, "_" and "-", starting with a letter or "_"`, location, 'invalid_name');
    return undefined;
  }
  const declaration: Partial<StackDeclaration> & { variables: Record<string, StackVariable> } = { name, variables: {}, location };
  for (const entry of reader.pairs(pair.value, `stacks.${name}`, location)) {
    const key = reader.key(entry);
    const at = reader.at(entry.value, reader.at(entry.key, location));
    const text = (): string | undefined => {
      if (isScalar(entry.value) && typeof entry.value.value === 'string' && entry.value.value !== '') return entry.value.value;
      reader.error(`stacks.${name}.${key}: expected a non-empty string`, at, 'wrong_kind');
      return undefined;
    };
    if (key === 'manifest') {
      const value = text();
      if (value !== undefined) {
        declaration.manifest = resolve(directory, value);
        declaration.manifestAsWritten = value;
      }
    } else if (key === 'workspace') declaration.workspace = text();
    else if (key === 'backend') declaration.backend = text();
    else if (key === 'state') declaration.state = text();
    else if (key === 'budget') declaration.budget = reader.budget(entry.value, `stacks.${name}.budget`, at);
    else if (key === 'variables') {
      for (const variable of reader.pairs(entry.value, `stacks.${name}.variables`, at)) {
        const variableName = reader.key(variable);
        const variableAt = reader.at(variable.value, reader.at(variable.key, at));
        const expression = reader.expression(variable.value, variableAt);
        declaration.variables[variableName] = { expression, reads: [], location: variableAt };
      }
    } else
      reader.error(
        `stacks.${name}: unknown key "${key}" (expected ${STACK_KEYS.join(', ')})${didYouMean(key, STACK_KEYS)}`,
        reader.at(entry.key, location),
        'unknown_key',
      );
  }
  if (declaration.manifest === undefined) {
    reader.error(`stacks.${name}: "manifest" is required (the manifest file or folder of the stack)`, location, 'missing_required');
    return undefined;
  }
  declaration.state ??= join('.cloudctl', 'stacks', name, 'state.json');
  declaration.needs = [];
  return declaration as StackDeclaration;
}

/** Checks every `${stack.X.outputs.Y}` and fills `reads` and `needs`. */
function linkStacks(reader: Reader, stacks: Map<string, StackDeclaration>): void {
  for (const stack of stacks.values()) {
    const needs = new Set<string>();
    for (const variable of Object.values(stack.variables)) {
      for (const reference of referencesOf(variable.expression)) {
        const read = stackOutputReference(reference);
        if (!read.isStack) {
          reader.error(
            `stacks.${stack.name}: "\${${reference.text}}": a stacks file's variables read only other stacks' outputs, \${stack.NAME.outputs.OUTPUT}`,
            reference.location,
            'reference_unknown',
          );
          continue;
        }
        if (read.stack === undefined || !stacks.has(read.stack)) {
          const known = [...stacks.keys()];
          reader.error(
            `"\${${reference.text}}": no stack "${read.stack ?? ''}" in this file (stacks: ${known.join(', ')})${didYouMean(read.stack ?? '', known)}`,
            reference.location,
            'reference_unknown',
          );
          continue;
        }
        if (read.output === undefined) {
          reader.error(`"\${${reference.text}}": expected stack.${read.stack}.outputs.NAME`, reference.location, 'reference_invalid_path');
          continue;
        }
        needs.add(read.stack);
        variable.reads.push({ stack: read.stack, output: read.output, reference });
      }
    }
    stack.needs = [...needs].sort();
  }
}

/** The graph of stacks (an edge from each stack to the stacks reading it); a cycle is reported at a reference on it. */
function orderStacks(reader: Reader, stacks: Map<string, StackDeclaration>): string[] {
  const graph = new Graph();
  for (const name of stacks.keys()) graph.setNode(name);
  for (const stack of stacks.values()) for (const upstream of stack.needs) graph.setEdge(upstream, stack.name);
  const cycles = alg.findCycles(graph);
  for (const cycle of cycles) {
    const members = new Set(cycle);
    const first = [...stacks.values()].find((stack) => members.has(stack.name)) as StackDeclaration;
    const read = Object.values(first.variables)
      .flatMap((variable) => variable.reads)
      .find((entry) => members.has(entry.stack));
    const path = [...cycle].sort();
    reader.error(
      `stacks ${path.join(', ')} read each other's outputs in a cycle (${first.name} reads ${read?.stack ?? path[0]}); a stack can only read stacks applied before it`,
      read?.reference.location ?? first.location,
      'cycle',
    );
  }
  if (cycles.length > 0) return [];
  // Kahn's order, ties in the order written: predictable plans and outputs.
  const written = [...stacks.keys()];
  const order: string[] = [];
  const placed = new Set<string>();
  while (order.length < written.length) {
    const next = written.find(
      (name) => !placed.has(name) && (stacks.get(name) as StackDeclaration).needs.every((need) => placed.has(need)),
    );
    if (next === undefined) break;
    order.push(next);
    placed.add(next);
  }
  return order;
}

/**
 * Reads and checks a stacks file. Errors: DiagnosticError with every
 * problem at `file:line:col` (unreadable file, bad YAML, unknown keys, a
 * stack without a manifest, a reference to no stack, a cycle). Reads no
 * manifest and calls nothing.
 */
export async function readStacksFile(path: string): Promise<StacksFile> {
  const absolute = resolve(path);
  let source: string;
  try {
    source = await readFile(absolute, 'utf8');
  } catch (error) {
    const why = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message;
    throw new DiagnosticError([
      {
        severity: 'error',
        code: 'manifest_unreadable',
        message: `cannot read the stacks file: ${why}`,
        location: { file: path, line: 1, column: 1 },
      },
    ]);
  }
  const read = readYaml(source, path);
  const errors = read.diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
  if (errors.length > 0 || !read.document) throw new DiagnosticError(errors);
  const tree = treeOfDocument(read.document);
  const reader = new Reader(path, (offset) => tree.linePosition(offset));
  const top = reader.at(tree.root);
  const stacks = new Map<string, StackDeclaration>();
  let approve: ApprovalRule[] = [];
  let budget: StacksBudget | undefined;
  const directory = dirname(absolute);
  let sawStacks = false;
  for (const section of reader.pairs(tree.root, 'the stacks file', top)) {
    const key = reader.key(section);
    const at = reader.at(section.value, reader.at(section.key));
    if (key === 'stacks') {
      sawStacks = true;
      for (const pair of reader.pairs(section.value, 'stacks', at)) {
        const name = reader.key(pair);
        const stack = readStack(reader, directory, name, pair);
        if (stack) stacks.set(name, stack);
      }
    } else if (key === 'approve') approve = parseRules(reader, section.value, at);
    else if (key === 'budget') budget = reader.budget(section.value, 'budget', at);
    else
      reader.error(
        `unknown section "${key}" (expected stacks, approve, budget)${didYouMean(key, ['stacks', 'approve', 'budget'])}`,
        reader.at(section.key),
        'unknown_key',
      );
  }
  if (!sawStacks || stacks.size === 0)
    reader.error('the stacks file names no stack: expected "stacks:" with at least one entry', top, 'missing_required');
  linkStacks(reader, stacks);
  const order = reader.diagnostics.length === 0 ? orderStacks(reader, stacks) : [];
  for (const rule of approve) {
    if (rule.kind !== 'only') continue;
    for (const [index, name] of rule.stacks.entries())
      if (!stacks.has(name))
        reader.error(
          `approve: only: no stack "${name}"${didYouMean(name, stacks.keys())}`,
          rule.locations[index] ?? rule.location,
          'reference_unknown',
        );
  }
  if (reader.diagnostics.length > 0) throw new DiagnosticError(reader.diagnostics);
  return { path: absolute, directory, stacks, order, approve, ...(budget ? { budget } : {}) };
}
