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

/** What a {@link FastTreeLocation} locates, kept in the low bits of its code (the node's id in the others). */
const KEY = 0;
/** The value node's start, the key numbered just before it when the value is empty (a mapping's pair: the commonest value). */
const VALUE_AFTER_KEY = 1;
/** The first `${` of a string scalar (a plain reference: the commonest string). */
const STRING_START = 2;
/** The start of the text. */
const TEXT_START = 3;
/** How many codes a node id is multiplied by. */
const KINDS = 4;

/**
 * A location of a fast tree, computed each time it is read (from the node
 * found again by id: `Positions.node`, then the line index): `file`, `line`
 * and `column` are enumerable getters of the class (a deep comparison and
 * `for...in` see them; a spread copies none of them, so locations are
 * passed as they are), `toJSON` writes all three. A manifest of 100,000
 * resources keeps some 1,200,000 locations for the whole run, most of them
 * never read, so each keeps as little as it can: what finds its text and
 * node again, and one number (the node's id and what it locates), 40
 * bytes. The rarer kinds (a value whose fallback is not the key just
 * before it, a place inside a string) are subclasses with a field more.
 */
export class FastTreeLocation implements SourceLocation {
  readonly #positions: Positions;
  /** The node's id × {@link KINDS} + what is located ({@link KEY}, {@link VALUE_AFTER_KEY}, ...). */
  readonly #code: number;

  constructor(positions: Positions, node: number, kind: number) {
    this.#positions = positions;
    this.#code = node * KINDS + kind;
  }

  /** What the location is computed from (a getter: a field would be enumerable, and copied by a spread). */
  protected get positions(): Positions {
    return this.#positions;
  }

  /** The node's id (-1: none). */
  protected get node(): number {
    return Math.floor(this.#code / KINDS);
  }

  /** Computes the location (on every read: it is not kept). */
  protected locate(): SourceLocation {
    const kind = ((this.#code % KINDS) + KINDS) % KINDS;
    const positions = this.#positions;
    switch (kind) {
      case KEY:
        return keyLocationById(positions, this.node);
      case VALUE_AFTER_KEY:
        return valueLocationById(positions, this.node, keyLocationById(positions, this.node - 1));
      case STRING_START:
        return stringLocationById(positions, this.node, 0);
      default:
        return textStartOf(positions);
    }
  }

  /** Whether this is the location of the key numbered `node` of `positions`' text. */
  isKey(positions: Positions, node: number): boolean {
    return this.#positions === positions && this.#code === node * KINDS + KEY;
  }

  get file(): string {
    return this.#positions.file;
  }

  get line(): number {
    return this.locate().line;
  }

  get column(): number {
    return this.locate().column;
  }

  toJSON(): SourceLocation {
    const { line, column } = this.locate();
    return { file: this.file, line, column };
  }
}
for (const name of ['file', 'line', 'column']) {
  Object.defineProperty(FastTreeLocation.prototype, name, {
    ...Object.getOwnPropertyDescriptor(FastTreeLocation.prototype, name),
    enumerable: true,
  });
}

/** Where the key node numbered `node` starts ({@link Walker.keyAt}). */
export function keyLocationOf(positions: Positions, node: number): SourceLocation {
  return new FastTreeLocation(positions, node, KEY);
}

/** Where the value node numbered `node` starts, `fallback` when it is empty ({@link Walker.valueAt}). */
export function valueLocationOf(positions: Positions, node: number, fallback: SourceLocation): SourceLocation {
  // The commonest case, the value of a mapping's pair whose key is the node before it: no field for the fallback.
  if (fallback instanceof FastTreeLocation && node > 0 && fallback.isKey(positions, node - 1))
    return new FastTreeLocation(positions, node, VALUE_AFTER_KEY);
  return new ValueLocation(positions, node, fallback);
}

/** Where the text starts ({@link Walker.textStart}). */
export function textStartLocationOf(positions: Positions): SourceLocation {
  return new FastTreeLocation(positions, 0, TEXT_START);
}

/**
 * The location of `value[offset]` in the string scalar numbered `node`
 * ({@link Walker.locator}), the scalar's value being read from the node
 * found again (not kept: a manifest's strings are slices of the text
 * js-yaml read, which one kept string keeps whole).
 */
export function stringLocationOf(positions: Positions, node: number, offset: number): SourceLocation {
  return offset === 0 ? new FastTreeLocation(positions, node, STRING_START) : new StringLocation(positions, node, offset);
}

/** A value's location whose fallback is not the key just before it. */
class ValueLocation extends FastTreeLocation {
  readonly #fallback: SourceLocation;

  constructor(positions: Positions, node: number, fallback: SourceLocation) {
    super(positions, node, VALUE_AFTER_KEY);
    this.#fallback = fallback;
  }

  protected override locate(): SourceLocation {
    return valueLocationById(this.positions, this.node, this.#fallback);
  }
}

/** A place after the first character of a string scalar. */
class StringLocation extends FastTreeLocation {
  readonly #offset: number;

  constructor(positions: Positions, node: number, offset: number) {
    super(positions, node, STRING_START);
    this.#offset = offset;
  }

  protected override locate(): SourceLocation {
    return stringLocationById(this.positions, this.node, this.#offset);
  }
}

/** The location of `value[offset]` of the string scalar numbered `id` ({@link exactLocator}). */
function stringLocationById(positions: Positions, id: number, offset: number): SourceLocation {
  const node = positions.node(id);
  const value = isScalar(node) && typeof node.value === 'string' ? node.value : '';
  return exactLocator(positions, node, value)(offset);
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
