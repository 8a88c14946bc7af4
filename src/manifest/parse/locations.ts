/**
 * Where the walker's nodes are (parse/walker.ts): locations and node infos
 * of a manifest's text, computed at once from a position-keeping tree, or
 * on first read from a fast tree (syntax/fast-yaml.ts), whose lazy
 * locations keep a node's id rather than the node or the walker.
 */
import type { SourceLocation } from '../../core/types.js';
import { isAlias, isScalar, type SourceTree, type TreeNode, type TreePair } from '../syntax/source-tree.js';

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
 * A {@link NodeInfo} of a fast tree: its range computed on first read (an
 * enumerable getter, like a {@link FastTreeLocation}'s). It keeps the node's id
 * and where to find it again, not the walker (whose notes would then live
 * as long as any one of these) nor the node (which would keep the tree).
 */
export class LazyNodeInfo implements NodeInfo {
  declare key?: SourceLocation;
  value: SourceLocation;
  declare written?: string;
  /** Where the node is found again (kept rather than a closure per node: thousands are made). */
  #positions: Positions;
  /** The node's id (`SourceTree.nodeById`). */
  #node: number;

  constructor(info: Omit<NodeInfo, 'range'>, positions: Positions, node: number) {
    if (info.key !== undefined) this.key = info.key;
    this.value = info.value;
    if (info.written !== undefined) this.written = info.written;
    this.#positions = positions;
    this.#node = node;
  }

  get range(): [number, number] | undefined {
    return rangeOfNode(this.#positions.node(this.#node));
  }
}

/** Follows an alias (`*anchor`) to the node it stands for (resolved once by `readYaml`). */
export function derefNode(node: unknown): TreeNode | null {
  if (isAlias(node)) return node.target ?? null;
  return (node as TreeNode | null) ?? null;
}

/** {@link Walker.rangeOf}. */
export function rangeOfNode(node: unknown): [number, number] | undefined {
  const target = derefNode(node);
  const range = target?.range;
  if (!range) return undefined;
  if (isScalar(target) && (target.value === null || target.value === undefined)) return undefined;
  return [range[0], range[1]];
}

/**
 * What a location of a text is computed from: the file's name, its text,
 * its lines and, on a fast tree, how to find a node again by its id. The
 * lazy locations of a fast tree keep this, not the walker nor the tree: a
 * location lives as long as the manifest, the walker's notes (the source
 * map) only as long as a diagnostic or a redaction needs them, and the
 * tree only as long as the walk (a manifest of 100,000 resources has some
 * 1,300,000 nodes).
 */
export class Positions {
  readonly #linePosition: SourceTree['linePosition'];
  readonly #nodeById: SourceTree['nodeById'];

  constructor(
    readonly file: string,
    readonly source: string,
    tree: SourceTree,
  ) {
    this.#linePosition = tree.linePosition;
    this.#nodeById = tree.nodeById;
  }

  at(offset: number): SourceLocation {
    const { line, column } = this.#linePosition(offset);
    return { file: this.file, line, column };
  }

  /** The node numbered `id` of a fast tree (`null` for -1). */
  node(id: number): TreeNode | null {
    return id < 0 || !this.#nodeById ? null : this.#nodeById(id);
  }
}
Object.defineProperty(LazyNodeInfo.prototype, 'range', {
  ...Object.getOwnPropertyDescriptor(LazyNodeInfo.prototype, 'range'),
  enumerable: true,
});

/**
 * A location of a fast tree, computed when first read (then kept): `line`
 * and `column` are enumerable getters of the class (a deep comparison and
 * `for...in` see them), `toJSON` writes all three, `file` is its own (a
 * spread copies `file` only, so locations are passed as they are). Made
 * for one kind of place each (a key, a value, the text's start, a place in
 * a string) so that it keeps only what that kind needs: a manifest of
 * 100,000 resources keeps some 1,200,000 locations for the whole run, and
 * each field less is 10 MB less for the collector to copy.
 */
abstract class FastTreeLocation implements SourceLocation {
  #known: SourceLocation | undefined;

  constructor(readonly file: string) {}

  /** Computes the location (called once, on first read). */
  protected abstract locate(): SourceLocation;

  #resolve(): SourceLocation {
    return (this.#known ??= this.locate());
  }

  get line(): number {
    return this.#resolve().line;
  }

  get column(): number {
    return this.#resolve().column;
  }

  toJSON(): SourceLocation {
    return { file: this.file, line: this.line, column: this.column };
  }
}
for (const name of ['line', 'column']) {
  Object.defineProperty(FastTreeLocation.prototype, name, {
    ...Object.getOwnPropertyDescriptor(FastTreeLocation.prototype, name),
    enumerable: true,
  });
}

/** Where the key node numbered `node` starts ({@link Walker.keyAt}). */
export class KeyLocation extends FastTreeLocation {
  readonly #positions: Positions;
  readonly #node: number;

  constructor(positions: Positions, node: number) {
    super(positions.file);
    this.#positions = positions;
    this.#node = node;
  }

  protected locate(): SourceLocation {
    return keyLocationById(this.#positions, this.#node);
  }
}

/** Where the value node numbered `node` starts, `fallback` when it is empty ({@link Walker.valueAt}). */
export class ValueLocation extends FastTreeLocation {
  readonly #positions: Positions;
  readonly #node: number;
  readonly #fallback: SourceLocation;

  constructor(positions: Positions, node: number, fallback: SourceLocation) {
    super(positions.file);
    this.#positions = positions;
    this.#node = node;
    this.#fallback = fallback;
  }

  protected locate(): SourceLocation {
    return valueLocationById(this.#positions, this.#node, this.#fallback);
  }
}

/** Where the text starts ({@link Walker.textStart}). */
export class TextStartLocation extends FastTreeLocation {
  readonly #positions: Positions;

  constructor(positions: Positions) {
    super(positions.file);
    this.#positions = positions;
  }

  protected locate(): SourceLocation {
    return textStartOf(this.#positions);
  }
}

/**
 * The location of `value[offset]` in the string scalar numbered `node`
 * ({@link Walker.locator}): kept with the string itself rather than a
 * shared state object, which the string's one reference (the commonest
 * value) paid for alone.
 */
export class StringLocation extends FastTreeLocation {
  readonly #positions: Positions;
  readonly #node: number;
  readonly #value: string;
  readonly #offset: number;

  constructor(positions: Positions, node: number, value: string, offset: number) {
    super(positions.file);
    this.#positions = positions;
    this.#node = node;
    this.#value = value;
    this.#offset = offset;
  }

  protected locate(): SourceLocation {
    return exactLocator(this.#positions, this.#positions.node(this.#node), this.#value)(this.#offset);
  }
}

/** Where a value node starts ({@link Walker.valueAt}); `fallback` (the key) when the value is empty or absent. */
export function valueLocation(walker: Positions, node: unknown, fallback: SourceLocation): SourceLocation {
  const range = (node as TreeNode | null)?.range;
  if (!range) return fallback;
  if (isScalar(node) && node.value === null && range[0] === range[1]) return fallback;
  return walker.at(range[0]);
}

/** {@link valueLocation} of the node numbered `id` of a fast tree. */
function valueLocationById(walker: Positions, id: number, fallback: SourceLocation): SourceLocation {
  return valueLocation(walker, walker.node(id), fallback);
}

/** Where the text starts ({@link Walker.textStart}). */
function textStartOf(walker: Positions): SourceLocation {
  return walker.at(0);
}

/** Where the key of a pair starts ({@link Walker.keyAt}). */
export function keyLocation(walker: Positions, pair: TreePair): SourceLocation {
  return keyNodeLocation(walker, pair.key);
}

/** Where a key node starts (the start of the text without one). */
function keyNodeLocation(walker: Positions, key: TreeNode | null): SourceLocation {
  const range = key?.range;
  return range ? walker.at(range[0]) : walker.at(0);
}

/** {@link keyLocation} of a pair whose key is the node numbered `id` of a fast tree. */
function keyLocationById(walker: Positions, id: number): SourceLocation {
  return keyNodeLocation(walker, walker.node(id));
}

/**
 * {@link Walker.locator} from the node's range: exact when the scalar is
 * written on one line (plain or quoted, without escapes between the `${`
 * and the character), else the node's start.
 */
export function exactLocator(walker: Positions, node: TreeNode | null, value: string): (offset: number) => SourceLocation {
  const range = node?.range;
  const start = range ? walker.at(range[0]) : walker.at(0);
  if (!range) return () => start;
  const raw = walker.source.slice(range[0], range[1]);
  if (raw.includes('\n')) return () => start;
  return (offset: number) => {
    const dollar = value.lastIndexOf('${', offset);
    let nth = 0;
    for (let i = value.indexOf('${'); i >= 0 && i < dollar; i = value.indexOf('${', i + 1)) nth++;
    let position = raw.indexOf('${');
    for (let k = 0; k < nth && position >= 0; k++) position = raw.indexOf('${', position + 1);
    return position >= 0 && dollar >= 0 ? walker.at(range[0] + position + (offset - dollar)) : start;
  };
}
