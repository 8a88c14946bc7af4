/**
 * The YAML tree the manifest walker reads (parse/walker.ts and the section parsers): mappings,
 * lists, scalars and aliases, each with the `[start, end)` offsets of its
 * text in the source. Two readers make it:
 *
 * - yaml.ts ({@link treeOfDocument}): from the yaml library's document, which
 *   keeps every position (the position-keeping parse: used when the text
 *   has something to report, or uses YAML features the fast reader leaves
 *   to it);
 * - fast-yaml.ts: from js-yaml's plain data, for the common, valid case. Its
 *   nodes know their path only; their `range` is computed on first use, by
 *   the position-keeping parse of the lines of the node's entry (once per
 *   entry), so a diagnostic's `file:line:col` is the same whichever reader
 *   made the tree.
 *
 * `range` is read only to build a location or a redaction range, never to
 * decide what a manifest means.
 */
import type { Value } from '../../core/types.js';

/** `[start, end)` offsets in the source of a node's text. */
export type TreeRange = readonly [start: number, end: number];

/** A scalar: a string, number, boolean or null (empty). */
export interface TreeScalar {
  readonly kind: 'scalar';
  readonly value: string | number | boolean | null;
  /** Where its text is; `undefined` when unknown. For an empty value, `start === end`. */
  readonly range: TreeRange | undefined;
}

/** A mapping: its pairs in source order. */
export interface TreeMap {
  readonly kind: 'map';
  readonly items: TreePair[];
  readonly range: TreeRange | undefined;
}

/** A list: its items in source order. */
export interface TreeSeq {
  readonly kind: 'seq';
  readonly items: Array<TreeNode | null>;
  readonly range: TreeRange | undefined;
}

/** An alias (`*name`); `target` is the node it stands for, `undefined` when no anchor of that name comes before it. */
export interface TreeAlias {
  readonly kind: 'alias';
  /** The anchor's name. */
  readonly source: string;
  readonly target: TreeNode | undefined;
  readonly range: TreeRange | undefined;
}

/** One node of the tree. */
export type TreeNode = TreeScalar | TreeMap | TreeSeq | TreeAlias;

/** One `key: value` of a mapping; an absent key or value is `null`. */
export interface TreePair {
  readonly key: TreeNode | null;
  readonly value: TreeNode | null;
}

/** Whether `node` is a scalar. */
export function isScalar(node: unknown): node is TreeScalar {
  return (node as TreeNode | null)?.kind === 'scalar';
}

/** Whether `node` is a mapping. */
export function isMap(node: unknown): node is TreeMap {
  return (node as TreeNode | null)?.kind === 'map';
}

/** Whether `node` is a list. */
export function isSeq(node: unknown): node is TreeSeq {
  return (node as TreeNode | null)?.kind === 'seq';
}

/** Whether `node` is an alias. */
export function isAlias(node: unknown): node is TreeAlias {
  return (node as TreeNode | null)?.kind === 'alias';
}

/** A tree as the walker receives it, with how to turn offsets into positions. */
export interface SourceTree {
  /** The document's top node (`null` for an empty document). */
  root: TreeNode | null;
  /** 1-based line and column of an offset of the source. */
  linePosition(offset: number): { line: number; column: number };
  /**
   * True when node ranges are computed on first use (fast-yaml.ts): the
   * walker then makes its locations lazy too, so a valid manifest never
   * pays for the position-keeping parse.
   */
  lazyRanges: boolean;
  /**
   * On a tree with lazy ranges: the node numbered `id` (a node's `id`
   * field, see {@link nodeId}), found in the same tree read again, so that
   * what keeps a node's place need not keep the tree.
   */
  nodeById?: (id: number) => TreeNode | null;
}

/** The number of a node of a tree with lazy ranges (`SourceTree.nodeById` finds it again); -1 for `null` or a node without one. */
export function nodeId(node: unknown): number {
  const id = (node as { id?: unknown } | null)?.id;
  return typeof id === 'number' ? id : -1;
}

/** Plain data of a tree node (aliases followed); mappings are records without a prototype. */
export function plainValue(node: TreeNode | null): Value {
  if (node === null) return null;
  switch (node.kind) {
    case 'scalar':
      return node.value;
    case 'alias':
      return node.target ? plainValue(node.target) : null;
    case 'seq':
      return node.items.map((item) => plainValue(item));
    case 'map': {
      const entries = Object.create(null) as Record<string, Value>;
      for (const pair of node.items) {
        const key = pair.key?.kind === 'alias' ? (pair.key.target ?? null) : pair.key;
        entries[key?.kind === 'scalar' ? String(key.value) : JSON.stringify(plainValue(key))] = plainValue(pair.value);
      }
      return entries;
    }
  }
}

/**
 * Line and column of offsets, from the text alone: the offsets where lines
 * start are found once (on first use), then each position is a binary
 * search. Lines end at `\n` only, as the yaml library counts them for the
 * texts the fast reader accepts (no `\r`).
 */
export function lineIndex(source: string): (offset: number) => { line: number; column: number } {
  let starts: number[] | undefined;
  return (offset) => {
    if (!starts) {
      starts = [0];
      for (let index = source.indexOf('\n'); index >= 0; index = source.indexOf('\n', index + 1)) starts.push(index + 1);
    }
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - starts[low]! + 1 };
  };
}
