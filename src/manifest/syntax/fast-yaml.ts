/**
 * The fast reader of manifest YAML, for the common case: a valid manifest
 * written with plain YAML (mappings, lists, plain and quoted scalars, block
 * scalars, comments). js-yaml reads it in a fraction of the time the yaml
 * library takes to build its position-keeping document (70 ms against
 * 1.2 s for a 5,000-resource manifest), and the walker gets a
 * {@link SourceTree} whose node ranges are computed on first use: by the
 * position-keeping parse of the same text (yaml.ts), once, followed by the
 * node's path. A manifest with nothing to report never pays for it; one
 * with a diagnostic gets the exact `file:line:col` the position-keeping
 * reader gives.
 *
 * The fast reader answers only where both readers mean the same thing, and
 * leaves the text to the position-keeping reader (returns `undefined`)
 * otherwise:
 * - text it does not take at all: tabs, carriage returns, a byte-order mark,
 *   control characters, directives (`%YAML`), document markers other than a
 *   first `---`, anchors, aliases and tags (`&`, `*`, `!` where a node may
 *   start; `[*]` is a splat, not an alias), explicit keys (`?`), merge keys
 *   (`<<`), collections as keys (`]:` or `}:`), text longer or deeper than
 *   yaml.ts's bounds;
 * - anything js-yaml refuses or warns about (syntax, duplicate keys, a second
 *   document);
 * - a mapping with a key `null` (js-yaml's reading of an empty key, which
 *   the walker reports) or a key that is an array index (`0`, `12`: a
 *   JavaScript object lists those first, losing the source order).
 *
 * Plain scalars are resolved by the YAML 1.2 core schema exactly as the
 * yaml library resolves them (the same patterns, the same conversions), so
 * `0o17`, `0x1F`, `1e3`, `.inf`, `True` and `~` mean the same in both.
 */
import { load } from 'js-yaml';
import { CORE_SCHEMA } from './core-schema.js';
import { entryLines, sourceLines, takes, topLevelEntries, type SourceLine } from './source-lines.js';
import { sameData } from '../../core/equal.js';
import type { SourceTree, TreeNode, TreePair, TreeRange } from './source-tree.js';
import { lineIndex, plainValue } from './source-tree.js';
import { readYaml, treeOfDocument } from './yaml.js';

/** A key that is an array index (a JavaScript object lists those first). */
const ARRAY_INDEX = /^(?:0|[1-9][0-9]*)$/;

/**
 * How many ranges of a text are looked for in its lines alone
 * ({@link RangeSource.scalarInEntry}: two js-yaml reads of an entry each):
 * enough for the sensitive literals a plan redacts; a text asked for more
 * (diagnostics, the language server) is read by entries with the
 * position-keeping parse, each entry's parse kept for its other nodes.
 */
const SCALARS_FOUND_ALONE = 8;

/** Thrown while building the tree when the text is left to the position-keeping reader. */
class LeftToPositionKeeping extends Error {}

/** Where a fast node sits: under which parent, at which index, as a key, a value or a list item. */
type Role = 'root' | 'key' | 'value' | 'item';

/**
 * How often the position-keeping parse ran for fast trees in this process:
 * on parts of a text (an entry's or a section's lines) and on whole texts.
 * Tests and benchmarks read it to show that a valid manifest is read once.
 */
export const rangeParses = { parts: 0, wholeTexts: 0 };

/**
 * The text a fast tree was read from, and the ranges of its nodes on
 * demand. A range is the range of the node at the same path in the yaml
 * library's position-keeping tree, parsed from as little text as possible:
 * the lines of the node's entry in a section (`resources.web`), else of
 * its section (`variables`), else the whole text. A part is used only when
 * it reads as exactly one entry with the expected key and the same data as
 * the fast reader found there (so a cut in the wrong place is never used),
 * and the offsets in a part are those in the text (parts start at a line
 * start and the text has no directives, anchors or tags a part could miss).
 */
class RangeSource {
  /** Offsets of the lines that start top-level entries. */
  private topLevel: number[] | undefined;
  /** The lines of a top-level entry, by the offset where it starts. */
  private readonly sectionLines = new Map<number, SourceLine[]>();
  /** Position-keeping trees of parts of the text, by `start:end` (`null`: the part did not read as expected). */
  private readonly parts = new Map<string, TreeNode | null>();
  /** How many ranges {@link scalarInEntry} was asked for (it answers the first {@link SCALARS_FOUND_ALONE}). */
  private scalarsTried = 0;
  /** The id the next node built gets (ids count the nodes in the order {@link build} makes them). */
  nextId = 0;
  /** While the tree is made again ({@link nodeById}): every node built, by id. */
  collected: FastNode[] | undefined;
  /** The tree made again, its nodes by id (made on the first {@link nodeById}). */
  private byId: FastNode[] | undefined;

  constructor(
    readonly source: string,
    readonly file: string,
  ) {}

  /**
   * The node numbered `id` of the tree read from this text. The tree the
   * walker read is not kept (a location keeps a node's id, not the node):
   * the first call reads the text again with js-yaml and builds the same
   * tree (the same text gives the same nodes in the same order), which is
   * kept for the next calls. Only a location or range that is read pays for it.
   */
  nodeById(id: number): TreeNode | null {
    if (!this.byId) {
      const nodes: FastNode[] = [];
      this.collected = nodes;
      this.nextId = 0;
      build(load(this.source, { schema: CORE_SCHEMA }) ?? null, this, null, 0, ROOT);
      this.collected = undefined;
      this.byId = nodes;
    }
    return (this.byId[id] as unknown as TreeNode | undefined) ?? null;
  }

  /** The range of `node`. */
  rangeOf(node: FastNode): TreeRange | undefined {
    const path: FastNode[] = [];
    for (let step: FastNode | null = node; step; step = step.parent) path.unshift(step);
    // A few ranges (the sensitive literals a plan redacts) without the yaml library; past them, the parses of entries (kept, one per entry) answer.
    if (this.scalarsTried < SCALARS_FOUND_ALONE) {
      this.scalarsTried++;
      const found = this.scalarInEntry(path);
      if (found) return found;
    }
    // path[0] is the root, path[1] the key or value of a top-level entry (`resources`), path[2] that of an entry under it (`web`).
    for (const depth of [2, 1]) {
      if (path.length <= depth) continue;
      const found = this.inPart(path, depth);
      if (found) return this.follow(found.tree, path, depth, found.offset);
    }
    return this.follow(this.part(0, this.source.length, undefined), path, 1, -1);
  }

  /**
   * The position-keeping tree of the lines of the entry `path[depth]` is
   * the key or value of (depth 1: a top-level entry; 2: an entry of a
   * top-level entry's block mapping), as a one-pair mapping, with the
   * offset of its first line in the text; `undefined` when those lines
   * cannot be told apart or do not read as that entry.
   */
  private inPart(path: FastNode[], depth: number): { tree: TreeNode; offset: number } | undefined {
    const lines = this.entryText(path, depth);
    if (!lines) return undefined;
    const tree = this.part(lines.start, lines.end, path[depth]!);
    return tree ? { tree, offset: lines.start } : undefined;
  }

  /**
   * The offsets `[start, end)` of the lines of the entry `path[depth]` is
   * the key or value of (depth 1: a top-level entry; 2: an entry of a
   * top-level entry's block mapping); `undefined` when they cannot be told apart.
   */
  private entryText(path: FastNode[], depth: number): { start: number; end: number } | undefined {
    const topLevel = (this.topLevel ??= topLevelEntries(this.source));
    const section = path[1]!.index;
    let start = topLevel[section];
    if (start === undefined) return undefined;
    let end = topLevel[section + 1] ?? this.source.length;
    if (depth >= 2) {
      let lines = this.sectionLines.get(start);
      if (!lines) this.sectionLines.set(start, (lines = sourceLines(this.source, start, end)));
      const entries = entryLines(lines);
      const entry = entries?.[path[2]!.index];
      if (entries === undefined || entry === undefined) return undefined;
      const next = entries[path[2]!.index + 1];
      start = lines[entry]!.start;
      if (next !== undefined) end = lines[next]!.start;
    }
    return { start, end };
  }

  /**
   * The range of a string scalar written on the line of its key
   * (`default: S3cret`, `{ default: "S3cret" }`) inside an entry of a
   * section (`variables.password`), found in the entry's lines without the
   * position-keeping parse (whose library takes a tenth of a second to
   * load, and a plan reads the range of each sensitive literal): the one
   * place where `key:` is followed by the value as written, plain or quoted
   * without escapes. The place is used only when proven: the entry's lines
   * read by js-yaml give the fast tree's data, and give it again with only
   * that value changed once the text there is replaced by another word. So
   * the range is the scalar's whole text, quotes included, as the
   * position-keeping reader's. `undefined` when anything is less plain.
   */
  private scalarInEntry(path: FastNode[]): TreeRange | undefined {
    const node = path[path.length - 1]!;
    const parent = node.parent;
    const value = node instanceof FastScalar ? node.value : undefined;
    if (path.length < 4 || node.role !== 'value' || !isFastMap(parent) || typeof value !== 'string') return undefined;
    if (value === '' || value.trim() !== value || /[\n'"\\#:{}[\],]/.test(value)) return undefined;
    const key = keyOfValue(node);
    if (typeof key !== 'string' || !/^[A-Za-z0-9_]+$/.test(key)) return undefined;
    const lines = this.entryText(path, 2);
    if (!lines) return undefined;
    const text = this.source.slice(lines.start, lines.end);
    let at = -1;
    for (const match of text.matchAll(new RegExp(`(?:^|[ {,])${key}: +`, 'gm'))) {
      if (at >= 0) return undefined;
      at = match.index + match[0].length;
    }
    if (at < 0) return undefined;
    const quote = text[at] === '"' || text[at] === "'" ? text[at]! : '';
    if (!text.startsWith(`${quote}${value}${quote}`, at)) return undefined;
    const length = value.length + 2 * quote.length;
    // The proof: the same data from the entry's lines, and only this value changed with another word in its place.
    const probe = 'cloudctl_range_probe';
    if (text.includes(probe)) return undefined;
    const entry = path[2]!;
    if (!isFastMap(path[1]) || entry.role !== 'value') return undefined;
    const expected = { [String(keyOfValue(entry))]: plainValue(entry as unknown as TreeNode) };
    const original = readQuietly(text);
    const changed = readQuietly(text.slice(0, at) + probe + text.slice(at + length));
    if (!sameData(original, expected) || !isRecord(changed)) return undefined;
    let holder: Record<string, unknown> | unknown[] = changed;
    for (let depth = 2; depth < path.length - 1; depth++) {
      const step = path[depth]!;
      const next: unknown = Array.isArray(holder) ? holder[step.index] : holder[String(keyOfValue(step))];
      if (!isRecord(next) && !Array.isArray(next)) return undefined;
      holder = next;
    }
    if (Array.isArray(holder) || holder[key] !== probe) return undefined;
    holder[key] = value;
    if (!sameData(changed, expected)) return undefined;
    return [lines.start + at, lines.start + at + length];
  }

  /**
   * The position-keeping tree of `source[start, end)`; with `entry` (a fast
   * node, key or value, of one mapping entry), a mapping whose one pair
   * stands for that entry, or `null`.
   */
  private part(start: number, end: number, entry: FastNode | undefined): TreeNode | null {
    const key = `${start}:${end}`;
    if (!this.parts.has(key)) {
      if (start === 0 && end === this.source.length) rangeParses.wholeTexts++;
      else rangeParses.parts++;
      const read = readYaml(this.source.slice(start, end), this.file);
      const failed = !read.document || read.diagnostics.some((diagnostic) => diagnostic.severity === 'error');
      let tree = failed ? null : treeOfDocument(read.document!).root;
      if (tree && entry) {
        const parent = entry.parent as FastMap;
        const pair = parent.items[entry.index]!;
        const only = tree.kind === 'map' && tree.items.length === 1 ? tree.items[0]! : undefined;
        const same =
          only !== undefined &&
          only.key?.kind === 'scalar' &&
          String(only.key.value) === (pair.key as FastScalar).value &&
          sameData(plainValue(only.value), plainValue(pair.value));
        if (!same) tree = null;
      }
      this.parts.set(key, tree);
    }
    return this.parts.get(key) ?? null;
  }

  /**
   * Follows `path` from `path[from]` down in `tree`: the whole text's
   * (`offset` -1), or a part's one-pair mapping starting at `offset` in the
   * text, where `path[from]` is in pair 0.
   */
  private follow(tree: TreeNode | null, path: FastNode[], from: number, offset: number): TreeRange | undefined {
    let target: TreeNode | null | undefined = tree;
    for (let index = from; index < path.length && target; index++) {
      const step = path[index]!;
      const position = index === from && offset >= 0 ? 0 : step.index;
      if (target.kind === 'map') {
        const pair: TreePair | undefined = target.items[position];
        target = step.role === 'key' ? pair?.key : pair?.value;
      } else if (target.kind === 'seq') target = target.items[position];
      else target = undefined;
    }
    const range = target?.range;
    return range && offset > 0 ? [range[0] + offset, range[1] + offset] : range;
  }
}

/** The key of the pair whose value is `node` (in a mapping); `undefined` for a list item. */
function keyOfValue(node: FastNode): string | number | boolean | null | undefined {
  return isFastMap(node.parent) ? (node.parent.items[node.index]?.key as FastScalar | undefined)?.value : undefined;
}

/** Whether `node` is a mapping of a fast tree (its pairs made at once, or when read: {@link FastRawMap}). */
function isFastMap(node: FastNode | null | undefined): node is FastMap {
  return node instanceof FastMap || node instanceof FastRawMap;
}

/** What js-yaml reads of `text` (the core schema), `undefined` when it refuses it. */
function readQuietly(text: string): unknown {
  try {
    return load(text, { schema: CORE_SCHEMA });
  } catch {
    return undefined;
  }
}

/** Whether `value` is a mapping read by js-yaml. */
function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The items of a collection until {@link build} sets them (never written to). */
const NO_ITEMS: never[] = [];

/** The code of each {@link Role} a node keeps in its {@link FastNode.slot}, and the role of each code. */
const ROOT = 0;
const KEY = 1;
const VALUE = 2;
const ITEM = 3;
const ROLES: readonly Role[] = ['root', 'key', 'value', 'item'];

/** The text each tree was read from, by its root: a node finds it through its parents (only a range, read rarely, needs it). */
const originOfRoot = new WeakMap<FastNode, RangeSource>();

/**
 * A node of a fast tree: where it sits, and its range on demand. It keeps
 * four fields (its parent, id, place and value or items): a manifest of
 * 100,000 resources makes some 1,300,000 nodes, alive for its file's walk;
 * its index, role, kind and text are found from them.
 */
abstract class FastNode {
  /** Its number in the tree (see {@link RangeSource.nodeById}). */
  readonly id: number;
  /** Its index under its parent and its role, in one number: index × 4 + the role's code. */
  readonly slot: number;

  constructor(
    origin: RangeSource,
    readonly parent: FastNode | null,
    index: number,
    role: number,
  ) {
    this.id = origin.nextId++;
    this.slot = index * 4 + role;
    if (parent === null) originOfRoot.set(this, origin);
    origin.collected?.push(this);
  }

  /** Its index among its parent's items (0 for the root). */
  get index(): number {
    return (this.slot - (this.slot % 4)) / 4;
  }

  get role(): Role {
    return ROLES[this.slot % 4]!;
  }

  /** The text the tree was read from. */
  get origin(): RangeSource {
    return originOfRoot.get(rootOf(this))!;
  }

  get range(): TreeRange | undefined {
    return this.origin.rangeOf(this);
  }
}

/** The root of the tree `node` is in. */
function rootOf(node: FastNode): FastNode {
  let root = node;
  while (root.parent) root = root.parent;
  return root;
}

/** Defines `kind` on a class's prototype (one property for every node of the class, not one per node). */
function kindOf(node: abstract new (...args: never[]) => FastNode, kind: TreeNode['kind']): void {
  Object.defineProperty(node.prototype, 'kind', { value: kind, enumerable: true });
}

class FastScalar extends FastNode {
  declare readonly kind: 'scalar';
  value: string | number | boolean | null = null;
}
kindOf(FastScalar, 'scalar');

/** Its items are set once by {@link build}, as an array of their exact length (pushing leaves room for 16 more: a manifest has thousands of small mappings). */
class FastMap extends FastNode {
  declare readonly kind: 'map';
  items: TreePair[] = NO_ITEMS;
}
kindOf(FastMap, 'map');

class FastSeq extends FastNode {
  declare readonly kind: 'seq';
  items: Array<TreeNode | null> = NO_ITEMS;
}
kindOf(FastSeq, 'seq');

/**
 * Throws when the walker must see a mapping key as written: a key `null`
 * (js-yaml's reading of an empty key, which the walker reports) or an array
 * index (`0`, `12`: a JavaScript object lists those first, losing the
 * source order). @throws LeftToPositionKeeping
 */
export function takeKey(key: string): void {
  const first = key.charCodeAt(0);
  if ((first >= 48 && first <= 57 && ARRAY_INDEX.test(key)) || key === 'null') throw new LeftToPositionKeeping();
}

/** Whether `error` is the fast reader leaving the text to the position-keeping one (thrown by {@link takeKey} or a {@link RawMapping}). */
export function leftToPositionKeeping(error: unknown): boolean {
  return error instanceof LeftToPositionKeeping;
}

/** Whether `value` is a mapping of js-yaml's data. */
function isDataMapping(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** How many fast nodes {@link build} makes of `value` (its keys checked by {@link takeKey}). @throws LeftToPositionKeeping */
function nodeCount(value: unknown): number {
  if (Array.isArray(value)) {
    let count = 1;
    for (const item of value) count += nodeCount(item);
    return count;
  }
  if (isDataMapping(value)) {
    let count = 1;
    for (const key of Object.keys(value)) {
      takeKey(key);
      count += 1 + nodeCount(value[key]);
    }
    return count;
  }
  if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return 1;
  throw new LeftToPositionKeeping();
}

/** The fast node of a js-yaml value. @throws LeftToPositionKeeping on a key the walker must see as written. */
function build(value: unknown, origin: RangeSource, parent: FastNode | null, index: number, role: number): TreeNode {
  if (Array.isArray(value)) {
    const node = new FastSeq(origin, parent, index, role);
    const items = new Array<TreeNode | null>(value.length);
    for (let item = 0; item < value.length; item++) items[item] = build(value[item], origin, node, item, ITEM);
    node.items = items;
    return node;
  }
  if (value !== null && typeof value === 'object') {
    const node = new FastMap(origin, parent, index, role);
    const keys = Object.keys(value);
    const items = new Array<TreePair>(keys.length);
    for (let pair = 0; pair < keys.length; pair++) {
      const key = keys[pair]!;
      takeKey(key);
      const keyNode = new FastScalar(origin, node, pair, KEY);
      keyNode.value = key;
      const child = (value as Record<string, unknown>)[key];
      // The blocks of a first read are walked from js-yaml's data (RawMapping): their nodes are made only where the walker asks.
      if (parent === null && origin.collected === undefined && (key === 'resources' || key === 'data') && isDataMapping(child)) {
        const raw = new FastRawMap(origin, node, pair, VALUE, child);
        // The ids of its nodes are left to its walk; the nodes after it are numbered as if they had been made (counted only when there are some).
        if (pair < keys.length - 1) origin.nextId = raw.id + nodeCount(child);
        items[pair] = { key: keyNode, value: raw };
        continue;
      }
      items[pair] = { key: keyNode, value: build(child, origin, node, pair, VALUE) };
    }
    node.items = items;
    return node;
  }
  if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    const node = new FastScalar(origin, parent, index, role);
    node.value = value;
    return node;
  }
  throw new LeftToPositionKeeping();
}

/**
 * A mapping of a fast tree read from js-yaml's data (the `resources:` and
 * `data:` sections of a first read, see {@link build}): its nodes are not
 * made, the walker reads the data ({@link RawMapping}) and numbers the
 * nodes as {@link build} would have, so that a location keeps the same id
 * the tree made again (`nodeById`) gives. A manifest of 100,000 resources
 * is some 1,300,000 nodes the walk then does not make. Its `items` are
 * made when read (the walk of a block it does not read from the data).
 */
class FastRawMap extends FastNode implements RawMapping {
  declare readonly kind: 'map';
  #items: TreePair[] | undefined;

  constructor(
    private readonly source: RangeSource,
    parent: FastNode,
    index: number,
    role: number,
    readonly data: Record<string, unknown>,
  ) {
    super(source, parent, index, role);
  }

  pair(index: number, key: string, keyId: number): { pair: TreePair; next: number } {
    const origin = this.source;
    const after = origin.nextId;
    origin.nextId = keyId;
    try {
      takeKey(key);
      const keyNode = new FastScalar(origin, this, index, KEY);
      keyNode.value = key;
      const pair = { key: keyNode, value: build(this.data[key], origin, this, index, VALUE) };
      return { pair, next: origin.nextId };
    } finally {
      origin.nextId = after;
    }
  }

  get items(): TreePair[] {
    if (!this.#items) {
      const items: TreePair[] = [];
      let next = this.id + 1;
      for (const key of Object.keys(this.data)) {
        const made = this.pair(items.length, key, next);
        items.push(made.pair);
        next = made.next;
      }
      this.#items = items;
    }
    return this.#items;
  }
}
kindOf(FastRawMap, 'map');

/**
 * A mapping the walker reads from js-yaml's data rather than from fast
 * nodes (syntax/fast-yaml.ts: a manifest's `resources:` and `data:` on a
 * first read). Its node is numbered `id`; its pairs follow in `data`'s key
 * order, each key numbered after the previous pair's last node, its value
 * right after its key, and so on down (the nodes of a value counted in
 * preorder, a key before its value), as the tree made again numbers them.
 */
export interface RawMapping {
  /** The mapping as js-yaml read it. */
  readonly data: Record<string, unknown>;
  /** The mapping node's number. */
  readonly id: number;
  /**
   * The fast nodes of the pair at `index` (key `key`, numbered `keyId`),
   * and the number of the node after them. @throws LeftToPositionKeeping
   * (see {@link leftToPositionKeeping}) on a key the walker must see as written.
   */
  pair(index: number, key: string, keyId: number): { pair: TreePair; next: number };
}

/** `node` as a {@link RawMapping} when it is one. */
export function rawMappingOf(node: TreeNode | null): RawMapping | undefined {
  return node instanceof FastRawMap ? node : undefined;
}

/**
 * Reads `source` (a manifest's text; `file` names it in locations) with the
 * fast reader. Returns the tree, whose node ranges are computed on first
 * use, or `undefined` when the text is left to the position-keeping reader
 * (yaml.ts `readYaml`): something it does not take, or anything to report.
 * Never throws.
 */
export function readYamlFast(source: string, file: string): SourceTree | undefined {
  if (!takes(source)) return undefined;
  let data: unknown;
  let warned = false;
  try {
    data = load(source, { schema: CORE_SCHEMA, onWarning: () => (warned = true) });
  } catch {
    return undefined;
  }
  if (warned) return undefined;
  const origin = new RangeSource(source, file);
  let root: TreeNode;
  try {
    root = build(data ?? null, origin, null, 0, ROOT);
  } catch (error) {
    if (error instanceof LeftToPositionKeeping) return undefined;
    throw error;
  }
  return { root, linePosition: lineIndex(source), lazyRanges: true, nodeById: (id) => origin.nodeById(id) };
}
