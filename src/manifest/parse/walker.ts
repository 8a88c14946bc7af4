/**
 * The walker of a manifest's YAML tree (syntax/source-tree.ts): it reads
 * nodes as values and expressions, collects diagnostics (within the
 * limit of errors described) and the source map from normalised JSON
 * pointers to positions, which the section parsers of this folder fill.
 */
import type { Diagnostic, DiagnosticCode, SourceLocation, Value } from '../../core/types.js';
import type { Expression } from '../types.js';
import type { CatalogueView } from '../catalogue.js';
import { describeKind, literalValue, locatedReference, parseStringExpression, sharedPlainReference } from './expressions.js';
import { didYouMean } from '../suggest.js';
import { DiagnosticLimit } from '../limit.js';
import { isMap, isScalar, isSeq, nodeId, plainValue, type SourceTree, type TreeNode, type TreePair } from '../syntax/source-tree.js';
import {
  derefNode,
  exactLocator,
  keyLocation,
  keyLocationOf,
  LazyNodeInfo,
  type NodeInfo,
  Positions,
  rangeOfNode,
  stringLocationOf,
  textStartLocationOf,
  valueLocation,
  valueLocationOf,
} from './locations.js';

export type { NodeInfo } from './locations.js';

/**
 * The normalised manifest as plain data (what the JSON Schema is checked
 * against) and the position of every node by JSON pointer into that data,
 * e.g. `/resources/web/properties/product_id`.
 */
export interface ManifestSourceMap {
  file: string;
  /** Normalised data: canonical type names, snake_case attribute and block keys. */
  data: Record<string, unknown>;
  /**
   * A folder manifest's (folder.ts): the normalised data of each of its
   * files, in order. `data`'s `resources` and `data` sections are merged
   * from them when first read; a check that needs only each block's own
   * data may read these instead (check/input-names.ts).
   */
  fileData?: ReadonlyArray<Record<string, unknown>>;
  nodes: Map<string, NodeInfo>;
  /**
   * The node at the path `segments` (`['variables', 'password', 'default']`):
   * `nodes.get(jsonPointer(segments))`, without making every pointer when
   * only a few nodes are looked up (what a redaction does).
   */
  nodeAt(segments: Array<string | number>): NodeInfo | undefined;
}

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

/** Walks the YAML tree, collecting declarations, diagnostics and the source map (the section parsers of this folder use it). */
export class Walker {
  readonly diagnostics: Diagnostic[] = [];
  /**
   * What {@link note} was given, until {@link nodes} is first read (JSON
   * pointers are made then): the pointers and their infos, in two arrays
   * rather than a pair each (a manifest of 10,000 resources notes 70,000).
   */
  #notedPointers: Array<Array<string | number> | string> = [];
  #notedInfos: NodeInfo[] = [];
  #nodes: Map<string, NodeInfo> | undefined;
  /** What locations are computed from (kept by the lazy ones instead of this walker). */
  readonly #positions: Positions;

  constructor(
    readonly source: string,
    readonly file: string,
    public tree: SourceTree,
    readonly catalogue: CatalogueView,
    /** The errors the walk may describe; past it {@link Walker.error} only counts. */
    readonly limit: DiagnosticLimit = new DiagnosticLimit(),
    /**
     * Whether {@link note} records anything: a fast-read walk that may be
     * the last one does not (parse/manifest.ts walks the text again for
     * its source map when one is asked for), since the notes of a valid
     * manifest are never read and were some 20 objects per resource.
     */
    readonly recordNotes = true,
  ) {
    this.#positions = new Positions(file, source, tree);
  }

  at(offset: number): SourceLocation {
    return this.#positions.at(offset);
  }

  /** Where the text starts (line 1, column 1): on a fast tree when first read, without indexing the lines of the text before. */
  textStart(): SourceLocation {
    return this.tree.lazyRanges ? textStartLocationOf(this.#positions) : this.at(0);
  }

  /**
   * Lets the tree go once the walk is done: the source map (which keeps
   * this walker) then holds the notes, not the tree, whose nodes a fast
   * tree finds again by id when a range is asked for.
   */
  releaseTree(): void {
    this.tree = { ...this.tree, root: null };
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
    return derefNode(node);
  }

  /** Position of a value node; `fallback` (the key) when the value is empty or absent. */
  valueAt(node: unknown, fallback: SourceLocation): SourceLocation {
    return this.tree.lazyRanges ? valueLocationOf(this.#positions, nodeId(node), fallback) : valueLocation(this.#positions, node, fallback);
  }

  /** The `[start, end)` offsets of a value node ({@link NodeInfo.range}); `undefined` when empty or null. */
  rangeOf(node: unknown): [number, number] | undefined {
    return rangeOfNode(node);
  }

  /**
   * Records where the node at `pointer` of the normalised manifest is (its
   * segments, or the JSON pointer): `info` and the range of `node`
   * ({@link rangeOf}), computed on first read on a fast tree.
   */
  note(pointer: Array<string | number> | string, info: Omit<NodeInfo, 'range'>, node: unknown): void {
    if (!this.recordNotes) return;
    const noted = this.tree.lazyRanges
      ? new LazyNodeInfo(info, this.#positions, nodeId(this.deref(node)))
      : { ...info, range: this.rangeOf(node) };
    if (this.#nodes) this.#nodes.set(typeof pointer === 'string' ? pointer : jsonPointer(pointer), noted);
    else {
      // Kept as a copy of its exact length: `[...base, key]` leaves room for 16 more segments, for the whole run.
      this.#notedPointers.push(typeof pointer === 'string' ? pointer : pointer.slice());
      this.#notedInfos.push(noted);
    }
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
    for (let index = 0; index < this.#notedPointers.length; index++) {
      const noted = this.#notedPointers[index]!;
      if (
        typeof noted === 'string'
          ? noted === pointer
          : noted.length === texts.length && noted.every((segment, at) => String(segment) === texts[at])
      )
        return this.#notedInfos[index];
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
      const pointers = this.#notedPointers;
      for (let index = 0; index < pointers.length; index++) {
        const pointer = pointers[index]!;
        this.#nodes.set(typeof pointer === 'string' ? pointer : jsonPointer(pointer), this.#notedInfos[index]!);
      }
      this.#notedPointers = [];
      this.#notedInfos = [];
    }
    return this.#nodes;
  }

  keyAt(pair: TreePair): SourceLocation {
    return this.tree.lazyRanges ? keyLocationOf(this.#positions, nodeId(pair.key)) : keyLocation(this.#positions, pair);
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
    if (!this.tree.lazyRanges) return exactLocator(this.#positions, node, value);
    const positions = this.#positions;
    const id = nodeId(node);
    return (offset) => stringLocationOf(positions, id, offset);
  }

  /** {@link locator}`(node, value)(0)`: where the string's first `${` is. */
  private stringStart(node: TreeNode, value: string): SourceLocation {
    return this.tree.lazyRanges ? stringLocationOf(this.#positions, nodeId(node), 0) : this.locator(node, value)(0);
  }

  /**
   * {@link keyAt} of the key numbered `id` of a fast tree (a walk of
   * js-yaml's data, syntax/fast-yaml.ts `RawMapping`, which makes no node).
   */
  keyAtId(id: number): SourceLocation {
    return keyLocationOf(this.#positions, id);
  }

  /**
   * {@link expression} of the scalar `value` numbered `id` of a fast tree
   * (`fallback`: where its key is): what `expression` makes of that node,
   * without the node.
   */
  scalarExpression(value: string | number | boolean | null, id: number, fallback: SourceLocation): Expression {
    const positions = this.#positions;
    const location = valueLocationOf(positions, id, fallback);
    if (typeof value !== 'string') return { kind: 'literal', value, location };
    // The commonest value, one plain reference (`${kp_00012.id}`): as parseStringExpression reads it, without a locator function.
    const shared = sharedPlainReference(value);
    if (shared) return { kind: 'reference', reference: locatedReference(shared, stringLocationOf(positions, id, 0)), location };
    // Text without `{` is a literal: no locator made for it.
    const locate = value.includes('{') ? (offset: number) => stringLocationOf(positions, id, offset) : undefined;
    const parsed = parseStringExpression(value, location, locate);
    if (parsed.diagnostics.length > 0) this.diagnostics.push(...parsed.diagnostics);
    return parsed.expression;
  }

  /**
   * Builds the expression of a value node. Strings are parsed for `${...}`;
   * lists and mappings become `list` / `object` expressions, collapsed to one
   * `literal` when they contain no reference.
   */
  expression(node: unknown, fallback: SourceLocation): Expression {
    const resolved = this.deref(node);
    if (isScalar(resolved) && this.tree.lazyRanges) return this.scalarExpression(resolved.value, nodeId(resolved), fallback);
    const location = this.valueAt(resolved, fallback);
    if (resolved === null) return { kind: 'literal', value: null, location };
    if (isScalar(resolved)) {
      if (typeof resolved.value === 'string') {
        // The commonest value, one plain reference (`${kp_00012.id}`): as parseStringExpression reads it, without a locator function.
        const shared = sharedPlainReference(resolved.value);
        if (shared) return { kind: 'reference', reference: locatedReference(shared, this.stringStart(resolved, resolved.value)), location };
        // Text without `{` is a literal: no locator made for it.
        const locate = resolved.value.includes('{') ? this.locator(resolved, resolved.value) : undefined;
        const parsed = parseStringExpression(resolved.value, location, locate);
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
