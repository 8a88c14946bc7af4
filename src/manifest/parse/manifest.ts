/**
 * Parsing a manifest: YAML text → {@link Manifest} with canonical type names
 * and snake_case attribute names, plus a source map from normalised JSON
 * pointers to YAML positions (for validation messages).
 *
 * Locations (1-based line and column) follow one rule: a diagnostic about a
 * key (unknown key, both spellings, a block) points at the key; a diagnostic
 * about a value (wrong shape, wrong type, a bad literal) points at the value
 * node; a reference points at its `${` (see {@link parseManifest}).
 *
 * This module checks the manifest's skeleton (sections, block keys, shapes,
 * names, `depends_on` syntax, `lifecycle`, variables, outputs, provider).
 * Everything that needs the catalogue's attribute tables or the whole
 * manifest (unknown types, attributes, references, cycles) is
 * `validate.ts`'s job.
 */
import { snakeCase } from '../../resources/attribute.js';
import { parseDuration } from '../../core/duration.js';
import type {
  BackendConfig,
  BlockDeclaration,
  BudgetConfig,
  Diagnostic,
  DiagnosticCode,
  Expression,
  Lifecycle,
  Manifest,
  ModuleDeclaration,
  OutputDeclaration,
  ProviderConfig,
  SourceLocation,
  Value,
  VariableDeclaration,
  VariableType,
  VariableValidation,
} from '../../core/types.js';
import { defaultCatalogue, type CatalogueView } from '../catalogue.js';
import { describeKind, literalValue, parseStringExpression } from './expressions.js';
import { didYouMean } from '../suggest.js';
import { DiagnosticLimit } from '../limit.js';
import { readYaml, treeOfDocument } from '../syntax/yaml.js';
import { readYamlFast } from '../syntax/fast-yaml.js';
import { isAlias, isMap, isScalar, isSeq, LazyLocation, plainValue, type SourceTree, type TreeNode, type TreePair } from '../syntax/source-tree.js';
import { parseAddressBlocks } from '../check/moves.js';

/** Where one normalised manifest node is written: its key (if it has one) and its value. */
export interface NodeInfo {
  /** The key's position (absent for list items). */
  key?: SourceLocation;
  /** The value node's position (the key's position when the value is empty). */
  value: SourceLocation;
  /** The key as the user wrote it (e.g. `productId` for `/resources/web/properties/product_id`). */
  written?: string;
  /**
   * `[start, end)` offsets in the source of the value node's text (an alias
   * resolved to the node it stands for, whose text starts after its anchor;
   * a block scalar's takes its line breaks along); absent when the value is
   * empty or null. What plan documents redact sensitive literals from.
   */
  range?: [number, number];
}

/**
 * The normalised manifest as plain data (what the JSON Schema is checked
 * against) and the position of every node by JSON pointer into that data,
 * e.g. `/resources/web/properties/product_id`.
 */
export interface ManifestSourceMap {
  file: string;
  /** Normalised data: canonical type names, snake_case attribute and block keys. */
  data: Record<string, unknown>;
  nodes: Map<string, NodeInfo>;
  /**
   * The node at the path `segments` (`['variables', 'password', 'default']`):
   * `nodes.get(jsonPointer(segments))`, without making every pointer when
   * only a few nodes are looked up (what a redaction does).
   */
  nodeAt(segments: Array<string | number>): NodeInfo | undefined;
}

/** Options of {@link parseManifest}. */
export interface ParseOptions {
  /** Catalogue used to normalise type spellings (default: the real one). */
  catalogue?: CatalogueView;
  /**
   * `position-keeping` reads the text with the yaml library only, skipping
   * the fast reader (fast-yaml.ts), which is otherwise tried first; tests
   * compare the two.
   */
  reader?: 'fast' | 'position-keeping';
  /**
   * The errors the walk may describe (shared with the steps after it);
   * past the limit they are counted only (default: a limit of its own).
   */
  limit?: DiagnosticLimit;
}

/** Result of {@link parseManifest}. */
export interface ParseResult {
  manifest: Manifest;
  /** Syntax and shape errors, in source order. */
  diagnostics: Diagnostic[];
  sourceMap: ManifestSourceMap;
  /**
   * True when the text could not be read as a manifest at all (YAML syntax,
   * size, depth, aliases, unsupported values): `diagnostics` says why, the
   * manifest is empty, and nothing else is worth checking.
   */
  stopped: boolean;
}

/** Top-level sections, in the order they are listed in messages. */
export const TOP_LEVEL_KEYS = ['provider', 'variables', 'data', 'resources', 'outputs', 'budget', 'backend', 'moved', 'import'] as const;
/** Keys of a resource block. */
export const RESOURCE_KEYS = ['type', 'properties', 'depends_on', 'lifecycle', 'count', 'for_each'] as const;
/** Keys of a module block (an entry under `resources:` with `module:`). */
export const MODULE_KEYS = ['module', 'inputs', 'depends_on', 'count', 'for_each'] as const;
/** Keys of a data source block. */
export const DATA_KEYS = ['type', 'properties', 'depends_on', 'count', 'for_each'] as const;
/** Keys of a variable declaration. */
export const VARIABLE_KEYS = ['env', 'default', 'type', 'validation', 'sensitive', 'description'] as const;
/** The types a variable may declare. */
export const VARIABLE_TYPES = ['string', 'number', 'bool', 'list', 'map'] as const;
/** Keys of the long form of an output. */
export const OUTPUT_KEYS = ['value', 'sensitive', 'description'] as const;
/** Keys of `provider:` (snake_case; camelCase accepted). */
export const PROVIDER_KEYS = ['base_url', 'poll_interval'] as const;
/** Keys of `budget:` (snake_case; camelCase accepted). */
export const BUDGET_KEYS = ['monthly_limit', 'max_orders_per_apply'] as const;
/** Keys of `backend:`. */
export const BACKEND_KEYS = ['url', 'schema'] as const;
/** Keys of `lifecycle:` (snake_case; camelCase accepted). */
export const LIFECYCLE_KEYS = ['prevent_destroy', 'ignore_changes'] as const;

/** Names of resources, data sources, variables and outputs. */
export const NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_-]*$/;
/** An environment variable name. */
export const ENV_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Resource names that would make references ambiguous (`${module.cluster.x}` reads a module's output). */
const RESERVED_RESOURCE_NAMES = ['data', 'var', 'module'];

/** JSON pointer (RFC 6901) of the given path segments: `['resources', 'web']` → `/resources/web`. */
export function jsonPointer(segments: Array<string | number>): string {
  let pointer = '';
  for (const segment of segments) {
    const text = String(segment);
    pointer += /[~/]/.test(text) ? `/${text.replace(/~/g, '~0').replace(/\//g, '~1')}` : `/${text}`;
  }
  return pointer;
}

/**
 * An empty record without a prototype: every key is data, so names such as
 * `__proto__`, `constructor` or `toString` are stored and looked up like any
 * other (a plain `{}` drops the first and finds the others in it already).
 * Every record of a parsed manifest keyed by a name written in the manifest
 * is one of these. Made as `{}` whose prototype is then removed, not with
 * `Object.create(null)`, which V8 makes a dictionary from the start: a
 * block's few properties then stay in fast mode, where `Object.values` and
 * `Object.keys` are several times cheaper (every pass of the load and of the
 * plan walks thousands of these). A record given many keys still becomes a
 * dictionary, as V8 decides.
 */
export function record<T>(): Record<string, T> {
  return Object.setPrototypeOf({}, null) as Record<string, T>;
}

/** An empty manifest for `path`. */
function emptyManifest(path: string, source: string): Manifest {
  return { path, source, variables: record(), data: record(), resources: record(), outputs: record(), provider: {} };
}

/** A {@link NodeInfo} of a fast tree: its range computed on first read (an enumerable getter, like {@link LazyLocation}'s). */
class LazyNodeInfo implements NodeInfo {
  declare key?: SourceLocation;
  value: SourceLocation;
  declare written?: string;
  /** The walker and the node whose range this is (kept rather than a closure per node: thousands are made). */
  #walker: Walker;
  #node: unknown;

  constructor(info: Omit<NodeInfo, 'range'>, walker: Walker, node: unknown) {
    if (info.key !== undefined) this.key = info.key;
    this.value = info.value;
    if (info.written !== undefined) this.written = info.written;
    this.#walker = walker;
    this.#node = node;
  }

  get range(): [number, number] | undefined {
    return this.#walker.rangeOf(this.#node);
  }
}
Object.defineProperty(LazyNodeInfo.prototype, 'range', {
  ...Object.getOwnPropertyDescriptor(LazyNodeInfo.prototype, 'range'),
  enumerable: true,
});

/** Where a value node starts ({@link Walker.valueAt}); `fallback` (the key) when the value is empty or absent. */
function valueLocation(walker: Walker, node: unknown, fallback: SourceLocation): SourceLocation {
  const range = (node as TreeNode | null)?.range;
  if (!range) return fallback;
  if (isScalar(node) && node.value === null && range[0] === range[1]) return fallback;
  return walker.at(range[0]);
}

/** Where the key of a pair starts ({@link Walker.keyAt}). */
function keyLocation(walker: Walker, pair: TreePair): SourceLocation {
  const range = pair.key?.range;
  return range ? walker.at(range[0]) : walker.at(0);
}

/** Walks the YAML tree, collecting declarations, diagnostics and the source map (also used by moves.ts). */
export class Walker {
  readonly diagnostics: Diagnostic[] = [];
  /** What {@link note} was given, until {@link nodes} is first read (JSON pointers are made then). */
  #noted: Array<[Array<string | number> | string, NodeInfo]> = [];
  #nodes: Map<string, NodeInfo> | undefined;

  constructor(
    readonly source: string,
    readonly file: string,
    readonly tree: SourceTree,
    readonly catalogue: CatalogueView,
    /** The errors the walk may describe; past it {@link Walker.error} only counts. */
    readonly limit: DiagnosticLimit = new DiagnosticLimit(),
  ) {}

  at(offset: number): SourceLocation {
    const { line, column } = this.tree.linePosition(offset);
    return { file: this.file, line, column };
  }

  /**
   * A location from `compute`: at once on a tree with exact ranges, on
   * first read on a fast tree (fast-yaml.ts), whose ranges cost the
   * position-keeping parse.
   */
  located(compute: () => SourceLocation): SourceLocation {
    return this.tree.lazyRanges ? new LazyLocation(this.file, compute) : compute();
  }

  /**
   * `compute(this, first, second)`, like {@link located}: for the locations
   * made per node (keys and values), without a closure per location.
   */
  #locatedBy<A, B>(compute: (walker: Walker, first: A, second: B) => SourceLocation, first: A, second: B): SourceLocation {
    return this.tree.lazyRanges ? new LazyLocation(this.file, compute, this as Walker, first, second) : compute(this, first, second);
  }

  /**
   * Records an error; `code` says what kind (see `DiagnosticCode`). Past
   * the walk's {@link Walker.limit} it is only counted; a message costly to
   * write (a suggestion) is given as a function, called only below it.
   */
  error(message: string | (() => string), location: SourceLocation, code?: DiagnosticCode): void {
    if (!this.limit.admit()) return;
    const text = typeof message === 'string' ? message : message();
    this.diagnostics.push({ severity: 'error', ...(code ? { code } : {}), message: text, location });
  }

  /** Follows aliases (`*anchor`) to the node they stand for (resolved once by `readYaml`). */
  deref(node: unknown): TreeNode | null {
    if (isAlias(node)) return node.target ?? null;
    return (node as TreeNode | null) ?? null;
  }

  /** Position of a value node; `fallback` (the key) when the value is empty or absent. */
  valueAt(node: unknown, fallback: SourceLocation): SourceLocation {
    return this.#locatedBy(valueLocation, node, fallback);
  }

  /** The `[start, end)` offsets of a value node ({@link NodeInfo.range}); `undefined` when empty or null. */
  rangeOf(node: unknown): [number, number] | undefined {
    const target = this.deref(node);
    const range = target?.range;
    if (!range) return undefined;
    if (isScalar(target) && (target.value === null || target.value === undefined)) return undefined;
    return [range[0], range[1]];
  }

  /**
   * Records where the node at `pointer` of the normalised manifest is (its
   * segments, or the JSON pointer): `info` and the range of `node`
   * ({@link rangeOf}), computed on first read on a fast tree.
   */
  note(pointer: Array<string | number> | string, info: Omit<NodeInfo, 'range'>, node: unknown): void {
    const noted = this.tree.lazyRanges ? new LazyNodeInfo(info, this, node) : { ...info, range: this.rangeOf(node) };
    if (this.#nodes) this.#nodes.set(typeof pointer === 'string' ? pointer : jsonPointer(pointer), noted);
    else this.#noted.push([pointer, noted]);
  }

  /** Lookups made by {@link nodeAt} before the source map was made. */
  #lookups = 0;

  /**
   * The node noted at the path `segments`: from the source map once it is
   * made; before that, found among the notes (a few lookups cost less than
   * making every pointer; the map is made at the ninth).
   */
  nodeAt(segments: Array<string | number>): NodeInfo | undefined {
    if (this.#nodes || ++this.#lookups > 8) return this.nodes.get(jsonPointer(segments));
    const pointer = jsonPointer(segments);
    const texts = segments.map(String);
    for (const [noted, info] of this.#noted) {
      if (
        typeof noted === 'string'
          ? noted === pointer
          : noted.length === texts.length && noted.every((segment, index) => String(segment) === texts[index])
      )
        return info;
    }
    return undefined;
  }

  /**
   * Where every node of the normalised manifest is, by JSON pointer
   * (`/resources/web/properties/product_id`): the source map. Made on first
   * read, which only a diagnostic or a redaction needs.
   */
  get nodes(): Map<string, NodeInfo> {
    if (!this.#nodes) {
      this.#nodes = new Map();
      for (const [pointer, info] of this.#noted) this.#nodes.set(typeof pointer === 'string' ? pointer : jsonPointer(pointer), info);
      this.#noted = [];
    }
    return this.#nodes;
  }

  keyAt(pair: TreePair): SourceLocation {
    return this.#locatedBy(keyLocation, pair, undefined);
  }

  /** The key of a pair as a string (keys that are not scalars are reported and skipped). */
  keyOf(pair: TreePair, subject: string): string | undefined {
    const key = this.deref(pair.key);
    if (isScalar(key) && (typeof key.value === 'string' || typeof key.value === 'number' || typeof key.value === 'boolean'))
      return String(key.value);
    this.error(
      `${subject}: keys must be plain names, got ${isSeq(key) ? 'a list' : isMap(key) ? 'a mapping' : 'an empty key'}`,
      this.keyAt(pair),
      'invalid_key',
    );
    return undefined;
  }

  /** Describes a node's kind for messages. */
  kindOf(node: unknown): string {
    const resolved = this.deref(node);
    if (isSeq(resolved)) return 'a list';
    if (isMap(resolved)) return 'a mapping';
    if (isScalar(resolved)) return describeKind(resolved.value);
    return 'null';
  }

  /**
   * Plain data of a node (aliases resolved; mappings are records without a
   * prototype, see {@link record}). `readYaml` has bounded the expansion and
   * the depth, and ruled out cycles and values that are not plain data.
   */
  toJS(node: unknown): Value {
    return plainValue(this.deref(node));
  }

  /**
   * The pairs of a mapping node; an empty value counts as an empty mapping.
   * Anything else is reported (`<subject>: expected <what>, got a list`).
   */
  pairsOf(node: unknown, subject: string, where: SourceLocation, what = 'a mapping'): TreePair[] | undefined {
    const resolved = this.deref(node);
    if (resolved === null || (isScalar(resolved) && resolved.value === null)) return [];
    if (isMap(resolved)) return resolved.items as TreePair[];
    this.error(`${subject}: expected ${what}, got ${this.kindOf(resolved)}`, this.valueAt(resolved, where), 'wrong_kind');
    return undefined;
  }

  unknownKey(key: string, subject: string, allowed: readonly string[], where: SourceLocation): void {
    const hint = () => didYouMean(key, allowed) || `; expected one of ${allowed.join(', ')}`;
    this.error(() => `unknown key "${key}" in ${subject}${hint()}`, where, 'unknown_key');
  }

  /**
   * Location of the `${` at `offset` of a string scalar's value, or of a
   * character after it (a function name inside `${...}`, counted from that
   * `${`): exact when the scalar is written on one line (plain or quoted,
   * without escapes between the `${` and the character), else the node start.
   */
  locator(node: TreeNode, value: string): (offset: number) => SourceLocation {
    const exact = (): ((offset: number) => SourceLocation) => {
      const range = node.range;
      const start = range ? this.at(range[0]) : this.at(0);
      if (!range) return () => start;
      const raw = this.source.slice(range[0], range[1]);
      if (raw.includes('\n')) return () => start;
      return (offset: number) => {
        const dollar = value.lastIndexOf('${', offset);
        let nth = 0;
        for (let i = value.indexOf('${'); i >= 0 && i < dollar; i = value.indexOf('${', i + 1)) nth++;
        let position = raw.indexOf('${');
        for (let k = 0; k < nth && position >= 0; k++) position = raw.indexOf('${', position + 1);
        return position >= 0 && dollar >= 0 ? this.at(range[0] + position + (offset - dollar)) : start;
      };
    };
    if (!this.tree.lazyRanges) return exact();
    let known: ((offset: number) => SourceLocation) | undefined;
    return (offset) => this.located(() => (known ??= exact())(offset));
  }

  /**
   * Builds the expression of a value node. Strings are parsed for `${...}`;
   * lists and mappings become `list` / `object` expressions, collapsed to one
   * `literal` when they contain no reference.
   */
  expression(node: unknown, fallback: SourceLocation): Expression {
    const resolved = this.deref(node);
    const location = this.valueAt(resolved, fallback);
    if (resolved === null) return { kind: 'literal', value: null, location };
    if (isScalar(resolved)) {
      if (typeof resolved.value === 'string') {
        const parsed = parseStringExpression(resolved.value, location, this.locator(resolved, resolved.value));
        this.diagnostics.push(...parsed.diagnostics);
        return parsed.expression;
      }
      return { kind: 'literal', value: this.toJS(resolved), location };
    }
    let expression: Expression;
    if (isSeq(resolved)) {
      expression = { kind: 'list', items: resolved.items.map((item) => this.expression(item, location)), location };
    } else if (isMap(resolved)) {
      const entries = record<Expression>();
      for (const pair of resolved.items as TreePair[]) {
        const key = this.keyOf(pair, 'a mapping value');
        if (key === undefined) continue;
        entries[key] = this.expression(pair.value, this.keyAt(pair));
      }
      expression = { kind: 'object', entries, location };
    } else {
      return { kind: 'literal', value: this.toJS(resolved), location };
    }
    const literal = literalValue(expression);
    return literal === undefined ? expression : { kind: 'literal', value: literal, location };
  }
}

/**
 * Parses manifest text. `path` is used as `file` in every location, exactly
 * as given.
 *
 * - The text is read by `readYaml` (yaml.ts): YAML syntax errors, duplicate
 *   keys, undefined or cyclic aliases, alias bombs, too deep nesting, a
 *   manifest too long, unsupported YAML versions, tags and values become
 *   diagnostics at their exact position; the manifest is then returned
 *   empty and `stopped` (nothing else is checked).
 * - Every record keyed by a name of the manifest has no prototype
 *   ({@link record}): any name is data.
 * - Type names are normalised to canonical names when the catalogue knows
 *   them (`lite_vm`, `cloud:index:LiteVm` → `cloud_lite_vm`); unknown names
 *   are kept as written for `validateManifest` to report.
 * - Attribute, block, `lifecycle` and `provider` keys are normalised to
 *   snake_case; giving both spellings of one attribute is an error at the
 *   second key (`resources.web: both "productId" and "product_id" are
 *   given; use one spelling`) and the second is dropped.
 * - Unknown keys, wrong shapes, bad names and bad `depends_on` addresses are
 *   errors; the offending part is left out of the manifest.
 * - Expression locations are the value node's start; a reference's location
 *   is its `${` when the scalar is written on one line, else the value node's
 *   start.
 *
 * Never throws; the manifest is always usable (possibly partial).
 */
export function parseManifest(source: string, path: string, options: ParseOptions = {}): ParseResult {
  const fast = options.reader === 'position-keeping' ? undefined : readYamlFast(source, path);
  if (fast) {
    // A limit of 0: any error is only counted (no suggestion, no location), since the walk below describes them.
    const counted = new DiagnosticLimit(0);
    const walked = walkManifest(source, path, fast, [], { ...options, limit: counted });
    // Anything to report is reported from the position-keeping parse, as it always was.
    if (walked.diagnostics.length === 0 && counted.notDescribed === 0) return walked;
  }
  const read = readYaml(source, path);
  const readable = read.document && !read.diagnostics.some((diagnostic) => diagnostic.severity === 'error');
  return walkManifest(source, path, readable ? treeOfDocument(read.document!) : undefined, read.diagnostics, options);
}

/**
 * Builds the manifest from `tree` (`undefined`: the text could not be read;
 * `read` says why), after the diagnostics of reading it (`read`).
 */
function walkManifest(source: string, path: string, tree: SourceTree | undefined, read: Diagnostic[], options: ParseOptions): ParseResult {
  const manifest = emptyManifest(path, source);
  const data = record<unknown>();
  const walker = new Walker(
    source,
    path,
    tree ?? { root: null, linePosition: () => ({ line: 1, column: 1 }), lazyRanges: false },
    options.catalogue ?? defaultCatalogue,
    options.limit,
  );
  const result: ParseResult = {
    manifest,
    diagnostics: walker.diagnostics,
    sourceMap: {
      file: path,
      data,
      get nodes() {
        return walker.nodes;
      },
      nodeAt: (segments) => walker.nodeAt(segments),
    },
    stopped: false,
  };
  walker.diagnostics.push(...read);
  if (!tree) {
    result.stopped = true;
    return result;
  }

  const top = walker.deref(tree.root);
  const start = walker.at(0);
  walker.note('', { value: start }, top);
  if (top === null || (isScalar(top) && top.value === null)) {
    walker.error(`the manifest is empty: expected a mapping with ${TOP_LEVEL_KEYS.join(', ')}`, start, 'manifest_shape');
    return result;
  }
  if (!isMap(top)) {
    walker.error(
      `the manifest must be a mapping with ${TOP_LEVEL_KEYS.join(', ')}, got ${walker.kindOf(top)}`,
      walker.valueAt(top, start),
      'manifest_shape',
    );
    return result;
  }

  for (const pair of top.items as TreePair[]) {
    const key = walker.keyOf(pair, 'the manifest');
    if (key === undefined) continue;
    const keyAt = walker.keyAt(pair);
    walker.note([key], { key: keyAt, value: walker.valueAt(pair.value, keyAt), written: key }, pair.value);
    switch (key) {
      case 'provider':
        parseProvider(walker, pair, manifest, data);
        break;
      case 'variables':
        parseVariables(walker, pair, manifest, data);
        break;
      case 'data':
      case 'resources':
        parseBlocks(walker, pair, key, manifest, data);
        break;
      case 'outputs':
        parseOutputs(walker, pair, manifest, data);
        break;
      case 'budget':
        parseBudget(walker, pair, manifest, data);
        break;
      case 'backend':
        parseBackend(walker, pair, manifest, data);
        break;
      case 'moved':
      case 'import':
        parseAddressBlocks(walker, pair, key, manifest, data);
        break;
      default: {
        const hint = () => didYouMean(key, TOP_LEVEL_KEYS) || `; expected one of ${TOP_LEVEL_KEYS.join(', ')}`;
        walker.error(() => `unknown top-level key "${key}"${hint()}`, keyAt, 'unknown_key');
      }
    }
  }
  return result;
}

/**
 * Reads one option of a settings section: checks `value` (reporting any
 * problem at `valueAt`), stores it in the section's `config` and returns
 * what the normalised document keeps; `undefined` when it is invalid.
 */
type OptionReader<C> = (walker: Walker, value: unknown, valueAt: SourceLocation, config: C) => unknown;

/**
 * Reads a settings section (`budget:`, `backend:`, `provider:`): a mapping
 * of options, each read by its reader in `readers` under `keyOf` its
 * written key (`snakeCase` unless given). The section's config holds its
 * location and what the readers store; `data[name]` (the normalised
 * document) what they return; an unknown key is reported naming `keys`.
 */
function readSettings<C extends { location?: SourceLocation }>(
  walker: Walker,
  section: TreePair,
  name: 'budget' | 'backend' | 'provider',
  data: Record<string, unknown>,
  keys: readonly string[],
  readers: Record<string, OptionReader<C>>,
  keyOf: (written: string) => string = snakeCase,
): C {
  const keyAt = walker.keyAt(section);
  const config = { location: keyAt } as C;
  const pairs = walker.pairsOf(section.value, name, keyAt);
  if (!pairs) return config;
  const normalised = record<unknown>();
  data[name] = normalised;
  for (const pair of pairs) {
    const written = walker.keyOf(pair, name);
    if (written === undefined) continue;
    const key = keyOf(written);
    const at = walker.keyAt(pair);
    const valueAt = walker.valueAt(pair.value, at);
    walker.note([name, key], { key: at, value: valueAt, written }, pair.value);
    const value = walker.toJS(pair.value);
    const reader = Object.hasOwn(readers, key) ? readers[key] : undefined;
    if (!reader) {
      walker.unknownKey(written, name, keys, at);
      continue;
    }
    const kept = reader(walker, value, valueAt, config);
    if (kept !== undefined) normalised[key] = kept;
  }
  return config;
}

/** How a value a setting refuses is quoted in the message: a string in quotes, a number as is, else its kind. */
function describeGiven(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : typeof value === 'number' ? String(value) : describeKind(value);
}

/**
 * `budget.<key>`: a whole number of at least `least` (`what` says what it
 * counts), kept by `store`; else `undefined` (reported).
 */
function budgetCount(
  key: string,
  least: number,
  what: string,
  store: (budget: BudgetConfig, count: number) => void,
): OptionReader<BudgetConfig> {
  return (walker, value, valueAt, budget) => {
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < least) {
      walker.error(`budget.${key}: expected a whole number ${what}, got ${describeGiven(value)}`, valueAt, 'invalid_value');
      return undefined;
    }
    store(budget, value);
    return value;
  };
}

/** `budget:` — `monthly_limit` (integer > 0) and `max_orders_per_apply` (integer >= 0), both optional. */
function parseBudget(walker: Walker, section: TreePair, manifest: Manifest, data: Record<string, unknown>): void {
  manifest.budget = readSettings<BudgetConfig>(walker, section, 'budget', data, BUDGET_KEYS, {
    monthly_limit: budgetCount('monthly_limit', 1, 'above 0 (in the account currency)', (budget, count) => (budget.monthlyLimit = count)),
    max_orders_per_apply: budgetCount(
      'max_orders_per_apply',
      0,
      'of orders, 0 or more',
      (budget, count) => (budget.maxOrdersPerApply = count),
    ),
  });
}

/** A non-empty text for `backend.<key>`, else `undefined` (reported). */
function backendText(walker: Walker, key: string, value: unknown, valueAt: SourceLocation): string | undefined {
  if (typeof value === 'string' && value !== '') return value;
  walker.error(`backend.${key}: expected a text, got ${describeKind(value)}`, valueAt, 'invalid_value');
  return undefined;
}

/** `backend.schema`: a schema name (letters, digits and _), else `undefined` (reported). */
const backendSchema: OptionReader<BackendConfig> = (walker, value, valueAt, backend) => {
  const text = backendText(walker, 'schema', value, valueAt);
  if (text === undefined) return undefined;
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(text)) {
    walker.error(`backend.schema: "${text}" is not a schema name (letters, digits and _)`, valueAt, 'invalid_value');
    return undefined;
  }
  return (backend.schema = text);
};

/** `backend.url`: `local` or a postgres URL without a password, else `undefined` (reported). */
const backendUrl: OptionReader<BackendConfig> = (walker, value, valueAt, backend) => {
  const text = backendText(walker, 'url', value, valueAt);
  if (text === undefined) return undefined;
  if (text !== 'local') {
    let parsed: URL | undefined;
    try {
      parsed = new URL(text);
    } catch {
      parsed = undefined;
    }
    if (!parsed || (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:')) {
      walker.error('backend.url: expected postgres://user@host:port/database or "local"', valueAt, 'invalid_value');
      return undefined;
    }
    if (parsed.password !== '') {
      walker.error(
        'backend.url: the manifest holds no secret: leave the password out of the URL and set PGPASSWORD',
        valueAt,
        'invalid_value',
      );
      return undefined;
    }
  }
  return (backend.url = text);
};

/**
 * `backend:` — `url` (`postgres://user@host:port/database` or `local`) and
 * `schema`, both strings, keys as written. A password in the URL is an
 * error: the manifest is shared and committed, the password comes from PGPASSWORD.
 */
function parseBackend(walker: Walker, section: TreePair, manifest: Manifest, data: Record<string, unknown>): void {
  manifest.backend = readSettings<BackendConfig>(
    walker,
    section,
    'backend',
    data,
    BACKEND_KEYS,
    { url: backendUrl, schema: backendSchema },
    (written) => written,
  );
}

/** `provider.base_url`: an http or https URL, else `undefined` (reported). */
const providerBaseUrl: OptionReader<ProviderConfig> = (walker, value, valueAt, provider) => {
  let ok = typeof value === 'string';
  if (ok) {
    try {
      const url = new URL(value as string);
      ok = url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      ok = false;
    }
  }
  if (!ok) {
    walker.error(
      `provider.base_url: expected an http or https URL, got ${typeof value === 'string' ? JSON.stringify(value) : describeKind(value)}`,
      valueAt,
      'invalid_value',
    );
    return undefined;
  }
  provider.baseUrl = value as string;
  return value;
};

/** `provider.poll_interval`: positive seconds or a duration (`2s`); the normalised document keeps it as written. */
const providerPollInterval: OptionReader<ProviderConfig> = (walker, value, valueAt, provider) => {
  let seconds: number | undefined;
  try {
    seconds = typeof value === 'number' || typeof value === 'string' ? parseDuration(value) : undefined;
  } catch {
    seconds = undefined;
  }
  if (seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) {
    walker.error(
      `provider.poll_interval: expected a positive number of seconds or a duration such as "2s", got ${describeGiven(value)}`,
      valueAt,
      'invalid_value',
    );
    return undefined;
  }
  provider.pollIntervalSeconds = seconds;
  return value;
};

/** `provider:` — `base_url` and `poll_interval`, both optional. */
function parseProvider(walker: Walker, section: TreePair, manifest: Manifest, data: Record<string, unknown>): void {
  manifest.provider = readSettings<ProviderConfig>(walker, section, 'provider', data, PROVIDER_KEYS, {
    base_url: providerBaseUrl,
    poll_interval: providerPollInterval,
  });
}

/** Checks a declaration name; reports and resolves false when it is not usable. */
function checkName(walker: Walker, name: string, what: string, at: SourceLocation): boolean {
  if (!NAME_PATTERN.test(name)) {
    walker.error(`invalid ${what} name "${name}": use letters, digits, "_" and "-", starting with a letter or "_"`, at, 'invalid_name');
    return false;
  }
  if (name === '__proto__') {
    walker.error(
      `invalid ${what} name "__proto__": it is reserved (state, plans and outputs are JSON objects, where "__proto__" is not an ordinary key); choose another name`,
      at,
    );
    return false;
  }
  return true;
}

function parseVariables(walker: Walker, section: TreePair, manifest: Manifest, data: Record<string, unknown>): void {
  const pairs = walker.pairsOf(section.value, 'variables', walker.keyAt(section));
  if (!pairs) return;
  const normalised = record<unknown>();
  data.variables = normalised;
  for (const pair of pairs) {
    const name = walker.keyOf(pair, 'variables');
    if (name === undefined) continue;
    const at = walker.keyAt(pair);
    const subject = `variables.${name}`;
    walker.note(['variables', name], { key: at, value: walker.valueAt(pair.value, at), written: name }, pair.value);
    if (!checkName(walker, name, 'variable', at)) continue;
    const fields = walker.pairsOf(pair.value, subject, at, `a mapping with ${VARIABLE_KEYS.join(', ')}`);
    if (!fields) continue;
    const declaration: VariableDeclaration = { name, sensitive: false, location: at };
    const plain = record<unknown>();
    let ok = true;
    for (const field of fields) {
      const key = walker.keyOf(field, subject);
      if (key === undefined) continue;
      const keyAt = walker.keyAt(field);
      const valueAt = walker.valueAt(field.value, keyAt);
      walker.note(['variables', name, key], { key: keyAt, value: valueAt, written: key }, field.value);
      const value = walker.toJS(field.value);
      switch (key) {
        case 'env':
          if (typeof value !== 'string' || !ENV_PATTERN.test(value)) {
            walker.error(
              `${subject}.env: expected an environment variable name such as CONSOLE_PASSWORD, got ${typeof value === 'string' ? JSON.stringify(value) : describeKind(value)}`,
              valueAt,
              'invalid_value',
            );
            ok = false;
          } else declaration.env = value;
          break;
        case 'default':
          if (
            JSON.stringify(value)
              .replace(/\$\$\{/g, '')
              .includes('${')
          ) {
            walker.error(`${subject}.default: a default cannot contain a reference`, valueAt, 'reference_in_default');
            ok = false;
          } else {
            declaration.default = value;
            declaration.defaultLocation = valueAt;
          }
          break;
        case 'type':
        case 'validation':
          if (!parseVariableField(walker, declaration, key, field.value, valueAt)) ok = false;
          break;
        case 'sensitive':
          if (typeof value !== 'boolean') {
            walker.error(`${subject}.sensitive: expected a boolean, got ${describeKind(value)}`, valueAt, 'wrong_kind');
            ok = false;
          } else declaration.sensitive = value;
          break;
        case 'description':
          if (typeof value !== 'string') {
            walker.error(`${subject}.description: expected a string, got ${describeKind(value)}`, valueAt, 'wrong_kind');
            ok = false;
          } else declaration.description = value;
          break;
        default:
          walker.unknownKey(key, subject, VARIABLE_KEYS, keyAt);
          ok = false;
          continue;
      }
      plain[key] = value;
    }
    normalised[name] = plain;
    if (ok) manifest.variables[name] = declaration;
  }
}

/**
 * Reads a variable's `type` (one of {@link VARIABLE_TYPES}) or `validation`
 * (`pattern`, a regular expression; `allowed`, a list of values; `message`)
 * into `declaration`. Resolves false after reporting a bad value at it.
 */
function parseVariableField(
  walker: Walker,
  declaration: VariableDeclaration,
  key: 'type' | 'validation',
  node: unknown,
  valueAt: SourceLocation,
): boolean {
  const subject = `variables.${declaration.name}.${key}`;
  const value = walker.toJS(node);
  if (key === 'type') {
    if (typeof value !== 'string' || !(VARIABLE_TYPES as readonly string[]).includes(value)) {
      walker.error(
        `${subject}: expected one of ${VARIABLE_TYPES.join(', ')}, got ${typeof value === 'string' ? JSON.stringify(value) : describeKind(value)}${typeof value === 'string' ? didYouMean(value, VARIABLE_TYPES) : ''}`,
        valueAt,
        'invalid_value',
      );
      return false;
    }
    declaration.type = value as VariableType;
    return true;
  }
  const fields = walker.pairsOf(node, subject, valueAt, 'a mapping with pattern, allowed, message');
  if (!fields) return false;
  const validation: VariableValidation = { location: valueAt };
  let ok = true;
  for (const field of fields) {
    const name = walker.keyOf(field, subject);
    if (name === undefined) continue;
    const at = walker.valueAt(field.value, walker.keyAt(field));
    const fieldValue = walker.toJS(field.value);
    if (name === 'pattern' && typeof fieldValue === 'string') {
      try {
        new RegExp(fieldValue, 'u');
        validation.pattern = fieldValue;
      } catch (error) {
        walker.error(`${subject}.pattern: not a regular expression: ${(error as Error).message}`, at, 'invalid_value');
        ok = false;
      }
    } else if (name === 'allowed' && Array.isArray(fieldValue) && fieldValue.length > 0) validation.allowed = fieldValue;
    else if (name === 'message' && typeof fieldValue === 'string') validation.message = fieldValue;
    else if (name === 'pattern' || name === 'allowed' || name === 'message') {
      const expected = name === 'allowed' ? 'a list of values' : 'a string';
      walker.error(`${subject}.${name}: expected ${expected}, got ${describeKind(fieldValue)}`, at, 'wrong_kind');
      ok = false;
    } else {
      walker.unknownKey(name, subject, ['pattern', 'allowed', 'message'], walker.keyAt(field));
      ok = false;
    }
  }
  if (ok && validation.pattern === undefined && validation.allowed === undefined) {
    walker.error(`${subject}: give a pattern or allowed values`, valueAt, 'missing_value');
    return false;
  }
  if (ok) declaration.validation = validation;
  return ok;
}

function parseBlocks(
  walker: Walker,
  section: TreePair,
  kind: 'data' | 'resources',
  manifest: Manifest,
  data: Record<string, unknown>,
): void {
  const pairs = walker.pairsOf(section.value, kind, walker.keyAt(section));
  if (!pairs) return;
  const normalised = record<unknown>();
  data[kind] = normalised;
  for (const pair of pairs) {
    const name = walker.keyOf(pair, kind);
    if (name === undefined) continue;
    const at = walker.keyAt(pair);
    const what = kind === 'data' ? 'data source' : 'resource';
    if (!checkName(walker, name, what, at)) continue;
    if (kind === 'resources' && RESERVED_RESOURCE_NAMES.includes(name)) {
      walker.error(`invalid resource name "${name}": "data", "var" and "module" are reserved for references`, at, 'invalid_name');
      continue;
    }
    if (kind === 'resources' && isModuleBlock(walker, pair)) {
      const module = parseModuleBlock(walker, pair, name, at);
      if (module) (manifest.modules ??= record())[name] = module;
      continue;
    }
    const block = parseBlock(walker, pair, kind, name, at);
    if (!block) continue;
    normalised[name] = block.data;
    if (kind === 'data') manifest.data[name] = block.declaration;
    else manifest.resources[name] = block.declaration;
  }
}

function parseBlock(
  walker: Walker,
  pair: TreePair,
  kind: 'data' | 'resources',
  name: string,
  at: SourceLocation,
): { declaration: BlockDeclaration; data: Record<string, unknown> } | undefined {
  const subject = `${kind}.${name}`;
  const base = [kind, name];
  walker.note(base, { key: at, value: walker.valueAt(pair.value, at), written: name }, pair.value);
  const allowed = kind === 'data' ? DATA_KEYS : RESOURCE_KEYS;
  const fields = walker.pairsOf(pair.value, subject, at, 'a mapping with "type" and "properties"');
  if (!fields) return undefined;
  const declaration: BlockDeclaration = {
    address: kind === 'data' ? `data.${name}` : name,
    name,
    type: '',
    properties: record(),
    propertyLocations: record(),
    dependsOn: [],
    lifecycle: { preventDestroy: false, ignoreChanges: [] },
    location: at,
  };
  const data = record<unknown>();
  let hasType = false;
  for (const field of fields) {
    const written = walker.keyOf(field, subject);
    if (written === undefined) continue;
    const key = snakeCase(written);
    const keyAt = walker.keyAt(field);
    const valueAt = walker.valueAt(field.value, keyAt);
    walker.note([...base, key], { key: keyAt, value: valueAt, written }, field.value);
    switch (key) {
      case 'type': {
        const value = walker.toJS(field.value);
        if (typeof value !== 'string' || value === '') {
          walker.error(
            `${subject}.type: expected a type name such as "cloud_lite_vm", got ${typeof value === 'string' ? 'an empty string' : describeKind(value)}`,
            valueAt,
            'invalid_value',
          );
          return undefined;
        }
        hasType = true;
        declaration.type = walker.catalogue.lookup(value)?.type ?? value;
        data.type = declaration.type;
        break;
      }
      case 'properties': {
        const properties = walker.pairsOf(field.value, `${subject}.properties`, keyAt);
        if (!properties) break;
        const plain = record<unknown>();
        const writtenAs = record<string>();
        for (const property of properties) {
          const writtenName = walker.keyOf(property, `${subject}.properties`);
          if (writtenName === undefined) continue;
          const attribute = snakeCase(writtenName);
          const propertyAt = walker.keyAt(property);
          if (writtenAs[attribute] !== undefined) {
            walker.error(
              `${subject}: both "${writtenAs[attribute]}" and "${writtenName}" are given; use one spelling`,
              propertyAt,
              'duplicate_spelling',
            );
            continue;
          }
          writtenAs[attribute] = writtenName;
          const expression = walker.expression(property.value, propertyAt);
          declaration.properties[attribute] = expression;
          declaration.propertyLocations[attribute] = propertyAt;
          walker.note(
            [...base, 'properties', attribute],
            { key: propertyAt, value: expression.location, written: writtenName },
            property.value,
          );
          plain[attribute] = walker.toJS(property.value);
        }
        data.properties = plain;
        break;
      }
      case 'depends_on': {
        const dependsOn = parseDependsOn(walker, field, subject, base, valueAt);
        if (!dependsOn) break;
        declaration.dependsOn = dependsOn.entries;
        data.depends_on = dependsOn.data;
        break;
      }
      case 'count':
      case 'for_each': {
        const other = key === 'count' ? declaration.forEach : declaration.count;
        if (other) {
          walker.error(`${subject}: "count" and "for_each" cannot both be given; use one`, keyAt, 'repetition_invalid');
          break;
        }
        const expression = walker.expression(field.value, keyAt);
        if (key === 'count') declaration.count = expression;
        else declaration.forEach = expression;
        data[key] = walker.toJS(field.value);
        break;
      }
      case 'lifecycle':
        if (kind === 'data') {
          walker.error(`unknown key "${written}" in ${subject}; a data source takes ${DATA_KEYS.join(', ')}`, keyAt, 'unknown_key');
          break;
        }
        {
          const lifecycle = parseLifecycle(walker, field, subject, base, keyAt);
          if (lifecycle) {
            declaration.lifecycle = lifecycle.lifecycle;
            data.lifecycle = lifecycle.data;
          }
        }
        break;
      default:
        walker.unknownKey(written, subject, allowed, keyAt);
    }
  }
  if (!hasType) {
    walker.error(`${subject}: missing "type"`, at, 'missing_type');
    return undefined;
  }
  return { declaration, data };
}

/**
 * A `depends_on` list: the valid entries (resource names, `data.name`) and
 * the plain data; `undefined` when empty or not a list (reported).
 */
function parseDependsOn(
  walker: Walker,
  field: TreePair,
  subject: string,
  base: Array<string | number>,
  valueAt: SourceLocation,
): { entries: BlockDeclaration['dependsOn']; data: unknown[] } | undefined {
  const node = walker.deref(field.value);
  if (node === null || (isScalar(node) && node.value === null)) return undefined;
  if (!isSeq(node)) {
    walker.error(
      `${subject}.depends_on: expected a list of addresses such as [web, data.ubuntu], got ${walker.kindOf(node)}`,
      valueAt,
      'wrong_kind',
    );
    return undefined;
  }
  const entries: BlockDeclaration['dependsOn'] = [];
  const plain: unknown[] = [];
  node.items.forEach((item, index) => {
    const value = walker.toJS(item);
    const itemAt = walker.valueAt(item, valueAt);
    walker.note([...base, 'depends_on', index], { value: itemAt }, item);
    plain.push(value);
    if (typeof value !== 'string' || !/^(data\.)?[A-Za-z_][A-Za-z0-9_-]*$/.test(value)) {
      const shown = typeof value === 'string' ? `"${value}"` : describeKind(value);
      walker.error(
        `${subject}.depends_on: ${shown} is not an address; write a resource name such as "web" or a data source as "data.ubuntu"`,
        itemAt,
        'invalid_value',
      );
      return;
    }
    entries.push({ address: value, location: itemAt });
  });
  return { entries, data: plain };
}

/** Whether a `resources:` entry is a module block (a mapping with a `module` key). */
function isModuleBlock(walker: Walker, pair: TreePair): boolean {
  const node = walker.deref(pair.value);
  return (
    isMap(node) &&
    (node.items as TreePair[]).some((item) => {
      const key = walker.deref(item.key);
      return isScalar(key) && key.value === 'module';
    })
  );
}

/**
 * A module block (`module: ./web.yaml`, `inputs:`, `depends_on:`): its path
 * must be a non-empty string; inputs are expressions of the manifest naming
 * the module. The module file itself is read when the manifest is loaded
 * (src/manifest/modules.ts). Recorded in the source map at
 * `/resources/<name>` (so `depends_on: [<name>]` finds it) but not in the
 * normalised data the schema checks.
 */
function parseModuleBlock(walker: Walker, pair: TreePair, name: string, at: SourceLocation): ModuleDeclaration | undefined {
  const subject = `resources.${name}`;
  const base = ['resources', name];
  walker.note(base, { key: at, value: walker.valueAt(pair.value, at), written: name }, pair.value);
  const module: ModuleDeclaration = {
    address: name,
    name,
    source: '',
    sourceLocation: at,
    inputs: record(),
    inputLocations: record(),
    dependsOn: [],
    location: at,
  };
  let ok = true;
  for (const field of walker.pairsOf(pair.value, subject, at) ?? []) {
    const written = walker.keyOf(field, subject);
    if (written === undefined) continue;
    const keyAt = walker.keyAt(field);
    const valueAt = walker.valueAt(field.value, keyAt);
    if (written === 'module') {
      const value = walker.toJS(field.value);
      module.sourceLocation = valueAt;
      if (typeof value !== 'string' || value.trim() === '') {
        walker.error(
          `${subject}.module: expected a path such as "./modules/web.yaml", got ${describeKind(value)}`,
          valueAt,
          'invalid_value',
        );
        ok = false;
      } else module.source = value;
    } else if (written === 'inputs') {
      for (const input of walker.pairsOf(field.value, `${subject}.inputs`, keyAt) ?? []) {
        const inputName = walker.keyOf(input, `${subject}.inputs`);
        if (inputName === undefined) continue;
        const inputAt = walker.keyAt(input);
        module.inputs[inputName] = walker.expression(input.value, inputAt);
        module.inputLocations[inputName] = inputAt;
        walker.note(
          jsonPointer([...base, 'inputs', inputName]),
          { key: inputAt, value: module.inputs[inputName].location, written: inputName },
          input.value,
        );
      }
    } else if (written === 'depends_on' || written === 'dependsOn') {
      module.dependsOn = parseDependsOn(walker, field, subject, base, valueAt)?.entries ?? [];
    } else if (written === 'count' || written === 'for_each' || written === 'forEach') {
      // Expanded into module instances (cluster[0], cluster["eu"]) when loading (src/manifest/module-repetition.ts).
      if (module.count || module.forEach) {
        walker.error(`${subject}: "count" and "for_each" cannot both be given; use one`, keyAt, 'repetition_invalid');
        continue;
      }
      const expression = walker.expression(field.value, keyAt);
      if (written === 'count') module.count = expression;
      else module.forEach = expression;
    } else {
      walker.unknownKey(written, `${subject} (a module block)`, MODULE_KEYS, keyAt);
    }
  }
  return ok ? module : undefined;
}

function parseLifecycle(
  walker: Walker,
  field: TreePair,
  subject: string,
  base: Array<string | number>,
  at: SourceLocation,
): { lifecycle: Lifecycle; data: Record<string, unknown> } | undefined {
  const lifecycleSubject = `${subject}.lifecycle`;
  const pairs = walker.pairsOf(field.value, lifecycleSubject, at);
  if (!pairs) return undefined;
  const lifecycle: Lifecycle = { preventDestroy: false, ignoreChanges: [] };
  const data = record<unknown>();
  for (const pair of pairs) {
    const written = walker.keyOf(pair, lifecycleSubject);
    if (written === undefined) continue;
    const key = snakeCase(written);
    const keyAt = walker.keyAt(pair);
    const valueAt = walker.valueAt(pair.value, keyAt);
    walker.note([...base, 'lifecycle', key], { key: keyAt, value: valueAt, written }, pair.value);
    if (key === 'prevent_destroy') {
      const value = walker.toJS(pair.value);
      if (typeof value !== 'boolean') {
        walker.error(`${lifecycleSubject}.prevent_destroy: expected a boolean, got ${describeKind(value)}`, valueAt, 'wrong_kind');
        continue;
      }
      lifecycle.preventDestroy = value;
      data.prevent_destroy = value;
    } else if (key === 'ignore_changes') {
      const node = walker.deref(pair.value);
      if (isScalar(node) && node.value === 'all') {
        lifecycle.ignoreChanges = 'all';
        data.ignore_changes = 'all';
        continue;
      }
      if (!isSeq(node)) {
        walker.error(
          `${lifecycleSubject}.ignore_changes: expected a list of attribute names or "all", got ${walker.kindOf(node)}`,
          valueAt,
          'wrong_kind',
        );
        continue;
      }
      const names: string[] = [];
      for (const item of node.items) {
        const value = walker.toJS(item);
        const itemAt = walker.valueAt(item, valueAt);
        if (typeof value !== 'string' || value === '') {
          walker.error(`${lifecycleSubject}.ignore_changes: expected an attribute name, got ${describeKind(value)}`, itemAt, 'wrong_kind');
          continue;
        }
        walker.note([...base, 'lifecycle', 'ignore_changes', names.length], { value: itemAt, written: value }, item);
        names.push(snakeCase(value));
      }
      lifecycle.ignoreChanges = names;
      data.ignore_changes = names;
    } else {
      walker.unknownKey(written, lifecycleSubject, LIFECYCLE_KEYS, keyAt);
    }
  }
  return { lifecycle, data };
}

function parseOutputs(walker: Walker, section: TreePair, manifest: Manifest, data: Record<string, unknown>): void {
  const pairs = walker.pairsOf(section.value, 'outputs', walker.keyAt(section));
  if (!pairs) return;
  const normalised = record<unknown>();
  data.outputs = normalised;
  for (const pair of pairs) {
    const name = walker.keyOf(pair, 'outputs');
    if (name === undefined) continue;
    const at = walker.keyAt(pair);
    const subject = `outputs.${name}`;
    walker.note(['outputs', name], { key: at, value: walker.valueAt(pair.value, at), written: name }, pair.value);
    if (!checkName(walker, name, 'output', at)) continue;
    const node = walker.deref(pair.value);
    const longForm =
      isMap(node) &&
      (node.items as TreePair[]).some((item) => {
        const key = walker.deref(item.key);
        return isScalar(key) && key.value === 'value';
      });
    const declaration: OutputDeclaration = { name, value: { kind: 'literal', value: null, location: at }, sensitive: false, location: at };
    if (!longForm) {
      if (node === null || (isScalar(node) && node.value === null)) {
        walker.error(`${subject}: expected a value such as "\${web.id}", got null`, walker.valueAt(node, at), 'missing_value');
        continue;
      }
      declaration.value = walker.expression(node, at);
      normalised[name] = walker.toJS(node);
      manifest.outputs[name] = declaration;
      continue;
    }
    let ok = true;
    const plain = record<unknown>();
    for (const field of (node as { items: TreePair[] }).items) {
      const key = walker.keyOf(field, subject);
      if (key === undefined) continue;
      const keyAt = walker.keyAt(field);
      const valueAt = walker.valueAt(field.value, keyAt);
      walker.note(['outputs', name, key], { key: keyAt, value: valueAt, written: key }, field.value);
      const value = walker.toJS(field.value);
      if (key === 'value') {
        declaration.value = walker.expression(field.value, keyAt);
      } else if (key === 'sensitive') {
        if (typeof value !== 'boolean') {
          walker.error(`${subject}.sensitive: expected a boolean, got ${describeKind(value)}`, valueAt, 'wrong_kind');
          ok = false;
          continue;
        }
        declaration.sensitive = value;
      } else if (key === 'description') {
        if (typeof value !== 'string') {
          walker.error(`${subject}.description: expected a string, got ${describeKind(value)}`, valueAt, 'wrong_kind');
          ok = false;
          continue;
        }
      } else {
        walker.unknownKey(key, subject, OUTPUT_KEYS, keyAt);
        ok = false;
        continue;
      }
      plain[key] = value;
    }
    normalised[name] = plain;
    if (ok) manifest.outputs[name] = declaration;
  }
}
