/**
 * Reading manifest YAML safely: the document's size, nesting depth and
 * number of aliases are bounded before the yaml library builds a tree (its
 * parser slows down with depth and its composer recurses), and the tree is
 * checked once before
 * anything walks it: every alias resolves to an anchor written before it
 * (undefined aliases are errors, not `null`), no alias is part of the node it
 * names (a cycle), aliases add a bounded number of values (a "billion
 * laughs" is refused in milliseconds instead of being expanded), and only
 * plain data is used (no `!!omap`, `!!set`, `!!pairs`, timestamps or binary
 * values). Unsupported `%YAML` versions are errors.
 *
 * Merge keys (`<<: *base`, `<<: [*first, *second]`) are read as YAML 1.1
 * defines them (https://yaml.org/type/merge.html), in YAML 1.2 documents
 * too: the merged mappings' pairs are added to the mapping unless it has
 * the key already; a key written in the mapping wins over a merged one, and
 * an earlier mapping of a merge list over a later one. The tree
 * ({@link treeOfDocument}) holds the merged pairs themselves, so a merged
 * value's location is in the anchored mapping it comes from. A merge's
 * value must be a mapping, an alias of one or a list of those; a mapping
 * merged into itself is refused.
 *
 * Every problem is a located diagnostic (`file:line:col`). Aliases are
 * resolved here once, in one pass over the document
 * ({@link YamlDocument.aliases}); the yaml library's own `Alias.resolve`
 * walks the whole document at every call.
 */
import { createRequire } from 'node:module';
import type { Alias, Document, LineCounter, Node, YAMLParseError } from 'yaml';
import type { Diagnostic, SourceLocation } from '../../core/types.js';
import type { SourceTree, TreeNode, TreePair } from './source-tree.js';

/** The yaml library's module. */
export type YamlLibrary = typeof import('yaml');
let library: YamlLibrary | undefined;

/**
 * The yaml library, loaded on first use (synchronously, through `require`:
 * it is a CommonJS package). A valid manifest is read by fast-yaml.ts and
 * never loads it, which keeps `cloudctl validate` and `plan` from paying
 * for its 74 modules at start-up.
 */
export function yamlLibrary(): YamlLibrary {
  return (library ??= createRequire(import.meta.url)('yaml') as YamlLibrary);
}

/** The longest manifest read, in characters (about 10 MB; a 5,000-resource manifest is about 1 MB). */
export const MAX_MANIFEST_CHARACTERS = 10_000_000;
/** How deep mappings and lists may nest (the top-level mapping is level 1; real manifests use fewer than 10). */
export const MAX_NESTING_DEPTH = 64;
/** How many values aliases may add to a manifest in all, once expanded. */
export const MAX_ALIAS_VALUES = 100_000;
/** How many aliases a manifest may hold (checked on the lexer's tokens, before the slower parse). */
export const MAX_ALIASES = 50_000;

/** A parsed YAML document and what {@link readYaml} found out about it. */
export interface YamlDocument {
  doc: Document;
  lines: LineCounter;
  /** Every alias of the document and the node it stands for (the last anchor of its name written before it). */
  aliases: Map<Alias, Node>;
}

/** Result of {@link readYaml}. */
export interface YamlReadResult {
  /** The document; absent when reading stopped before the yaml library was given the text (size, depth). */
  document?: YamlDocument;
  /** Errors and warnings, in source order. Any error means the document must not be used. */
  diagnostics: Diagnostic[];
}

/** `1,234,567`. */
function count(value: number): string {
  return value.toLocaleString('en-US');
}

/** Line and column (1-based) of `offset` in `source`, without a LineCounter. */
function locate(source: string, offset: number, file: string): SourceLocation {
  let line = 1;
  let lineStart = 0;
  for (let index = source.indexOf('\n'); index >= 0 && index < offset; index = source.indexOf('\n', index + 1)) {
    line++;
    lineStart = index + 1;
  }
  return { file, line, column: offset - lineStart + 1 };
}

/**
 * An upper bound of the nesting depth, from the characters alone (linear,
 * no allocation): flow brackets opened and not closed, plus twice the
 * deepest indentation, plus the `- ` and `? ` indicators of one line. Real
 * manifests stay far below {@link MAX_NESTING_DEPTH}, so the lexer's scan
 * ({@link lexicalExcess}) only runs for suspicious text.
 */
export function nestingUpperBound(source: string): number {
  let flow = 0;
  let deepestFlow = 0;
  let deepestBlock = 0;
  const length = source.length;
  // Line by line: the indentation, then the line's characters (the bound of a line is taken once, at its end: its indicators only grow).
  for (let start = 0; start < length;) {
    let index = start;
    while (index < length && source.charCodeAt(index) === 32) index++;
    const indent = index - start;
    let indicators = 0;
    let content = false;
    for (; index < length; index++) {
      const char = source.charCodeAt(index);
      if (char === 10) break;
      content = true;
      if (char === 91 || char === 123) {
        if (++flow > deepestFlow) deepestFlow = flow;
      } else if (char === 93 || char === 125) {
        if (flow > 0) flow--;
      } else if ((char === 45 || char === 63) && (index + 1 === length || source.charCodeAt(index + 1) <= 32)) indicators++;
    }
    if (content && 2 * indent + indicators > deepestBlock) deepestBlock = 2 * indent + indicators;
    start = index + 1;
  }
  return deepestFlow + deepestBlock + 2;
}

/**
 * The first place where the text goes beyond a bound, from the yaml
 * library's lexer (linear, and several times faster than its parser):
 * nesting deeper than {@link MAX_NESTING_DEPTH} (flow collections counted
 * exactly, block collections by indentation, one level per deeper
 * indentation in use, plus the `- ` and `? ` indicators of a line: never
 * more levels than the document has), or more than {@link MAX_ALIASES}
 * aliases. Resolves `undefined` when the text stays within both.
 */
function lexicalExcess(source: string): { offset: number; message: string } | undefined {
  const { CST, Lexer } = yamlLibrary();
  let offset = 0;
  let flow = 0;
  const indents: number[] = [];
  let lineIndent = 0;
  let lineStart = true;
  let indicators = 0;
  let aliases = 0;
  for (const token of new Lexer().lex(source)) {
    const type = CST.tokenType(token);
    const at = offset;
    // The lexer's control tokens (document start, flow end, scalar start) are not in the source.
    if (token !== CST.DOCUMENT && token !== CST.FLOW_END && token !== CST.SCALAR) offset += token.length;
    if (type === 'newline') {
      lineStart = true;
      lineIndent = 0;
      indicators = 0;
      continue;
    }
    if (type === 'space' || type === 'comment' || type === 'doc-mode' || type === 'byte-order-mark' || type === undefined) {
      if (type === 'space' && lineStart) lineIndent = token.length;
      continue;
    }
    if (lineStart && flow === 0) {
      while (indents.length > 0 && indents[indents.length - 1]! >= lineIndent) indents.pop();
      indents.push(lineIndent);
    }
    lineStart = false;
    if (type === 'flow-seq-start' || type === 'flow-map-start') flow++;
    else if ((type === 'flow-seq-end' || type === 'flow-map-end') && flow > 0) flow--;
    else if ((type === 'seq-item-ind' || type === 'explicit-key-ind') && flow === 0) indicators++;
    else if (type === 'alias' && ++aliases > MAX_ALIASES) {
      return { offset: at, message: `more than ${count(MAX_ALIASES)} aliases: a manifest this size is an alias bomb, not a manifest` };
    }
    if (indents.length + Math.max(0, indicators - 1) + flow > MAX_NESTING_DEPTH) {
      return { offset: at, message: `the manifest nests deeper than ${MAX_NESTING_DEPTH} levels of mappings and lists here` };
    }
  }
  return undefined;
}

/** How many `*` the text holds: an upper bound of its aliases. */
function asterisks(source: string): number {
  let found = 0;
  for (let index = source.indexOf('*'); index >= 0; index = source.indexOf('*', index + 1)) found++;
  return found;
}

/** The yaml library's tags of collections and scalars that are not plain data. */
const UNSUPPORTED_TAGS: Record<string, string> = {
  'tag:yaml.org,2002:omap': '"!!omap" (an ordered mapping) is not supported in a manifest: write a plain mapping',
  'tag:yaml.org,2002:pairs': '"!!pairs" is not supported in a manifest: write a plain mapping',
  'tag:yaml.org,2002:set': '"!!set" is not supported in a manifest: write a list',
  'tag:yaml.org,2002:binary': 'binary data ("!!binary") is not a manifest value: write a string',
  'tag:yaml.org,2002:timestamp': 'a timestamp is not a manifest value: quote it to write a string',
};

/** What a scalar's value is when it is not plain data; `undefined` when it is. */
function unsupportedScalar(value: unknown): string | undefined {
  if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return undefined;
  if (value instanceof Date) return 'a timestamp is not a manifest value: quote it to write a string';
  if (value instanceof Uint8Array) return 'binary data ("!!binary") is not a manifest value: write a string';
  return `${typeof value} values are not supported in a manifest`;
}

/** Whether `key` (a pair's key node of the yaml library) is a merge key: a plain `<<`, which the library reads as a symbol. */
function isMergeKey(key: unknown): boolean {
  const value = (key as { value?: unknown } | null)?.value;
  return typeof value === 'symbol' && value.description === '<<';
}

/** What the value of a merge key says it merges: one node, or the items of a list. */
function mergeSources(value: unknown): unknown[] {
  const { isSeq } = yamlLibrary();
  return isSeq(value) ? value.items : [value];
}

/**
 * Checks the tree of a document that parsed without errors: aliases
 * (defined, no cycle, bounded expansion), nesting depth once aliases are
 * expanded, tags and scalar kinds. Fills `aliases`. Stops at the first
 * alias problem (what follows it could not be measured); reports every
 * undefined alias and unsupported value.
 */
function checkTree(document: YamlDocument, file: string, diagnostics: Diagnostic[], mayHoldAliases: boolean): void {
  const { isAlias, isMap, isPair, isScalar, isSeq, visit } = yamlLibrary();
  const { doc, lines, aliases } = document;
  const at = (node: { range?: [number, number, number] | null }): SourceLocation => {
    const { line, col } = lines.linePos(node.range?.[0] ?? 0);
    return { file, line, column: col };
  };
  const error = (message: string, node: { range?: [number, number, number] | null }) =>
    diagnostics.push({
      severity: 'error',
      code: /alias|anchor/.test(message) ? 'yaml_alias' : 'yaml_unsupported',
      message,
      location: at(node),
    });

  // Anchors in document order: an alias stands for the last node anchored with its name before it.
  // (Without a `*` in the text there is no alias to resolve.)
  const anchors = new Map<string, Node>();
  if (mayHoldAliases)
    visit(doc, {
      Node(_, node) {
        if (isAlias(node)) {
          const target = anchors.get(node.source);
          if (target) aliases.set(node, target);
        } else if (node.anchor) {
          anchors.set(node.anchor, node);
        }
      },
    });

  /**
   * Whether the value of the merge key `key` may be merged: a mapping, an
   * alias of one (not of a mapping being read: a recursive merge) or a list
   * of those. Reports the first source that is not.
   */
  const checkMerge = (key: Node, value: unknown): boolean => {
    if (value === null || value === undefined || (isScalar(value) && value.value === null)) {
      error('a merge key ("<<") needs a value: an alias of a mapping (<<: *base), a mapping, or a list of those', key);
      return false;
    }
    for (const source of mergeSources(value)) {
      const target: unknown = isAlias(source) ? aliases.get(source) : source;
      if (isAlias(source) && !target) continue; // reported as an undefined alias by the walk
      if (isAlias(source) && open.has(target as Node)) {
        error(
          `merge key "<<: *${source.source}" merges a mapping into itself (a recursive merge): merge a mapping written outside this one`,
          source,
        );
        stopped = true;
        return false;
      }
      if (!isMap(target)) {
        const what = isSeq(target) ? 'a list' : 'a scalar';
        error(
          `a merge key ("<<") merges mappings, and this is ${what}: write an alias of a mapping (<<: *base), a mapping, or a list of those`,
          (source ?? key) as Node,
        );
        return false;
      }
    }
    return true;
  };

  /** Values a node stands for once aliases are expanded, and the collections nested in it (itself included). */
  interface Extent {
    size: number;
    depth: number;
  }
  const measured = new Map<Node, Extent>();
  const open = new Set<Node>();
  let added = 0;
  let stopped = false;
  const walk = (node: unknown, level: number): Extent => {
    if (stopped || node === null || node === undefined) return { size: 1, depth: 0 };
    if (isAlias(node)) {
      const target = aliases.get(node);
      if (!target) {
        error(`undefined alias "*${node.source}": no anchor "&${node.source}" is written before it`, node);
        return { size: 1, depth: 0 };
      }
      if (open.has(target)) {
        error(`alias "*${node.source}" is part of the node it stands for: its value would never end`, node);
        stopped = true;
        return { size: 1, depth: 0 };
      }
      const extent = measured.get(target) ?? { size: 1, depth: 0 };
      if (level + extent.depth > MAX_NESTING_DEPTH) {
        error(`alias "*${node.source}" nests the manifest deeper than ${MAX_NESTING_DEPTH} levels of mappings and lists`, node);
        stopped = true;
        return extent;
      }
      added += extent.size - 1;
      if (added > MAX_ALIAS_VALUES) {
        error(
          `alias "*${node.source}" brings the values added by aliases to ${count(added)}, more than the ${count(MAX_ALIAS_VALUES)} a manifest may hold (an alias bomb?)`,
          node,
        );
        stopped = true;
      }
      return extent;
    }
    if (isScalar(node)) {
      const problem = (node.tag && UNSUPPORTED_TAGS[node.tag]) || unsupportedScalar(node.value);
      if (problem) error(problem, node);
      return { size: 1, depth: 0 };
    }
    if (isMap(node) || isSeq(node)) {
      const problem = node.tag ? UNSUPPORTED_TAGS[node.tag] : undefined;
      if (problem) error(problem, node);
      if (level + 1 > MAX_NESTING_DEPTH) {
        error(`the manifest nests deeper than ${MAX_NESTING_DEPTH} levels of mappings and lists here`, node);
        stopped = true;
        return { size: 1, depth: 1 };
      }
      open.add(node);
      let size = 1;
      let depth = 0;
      for (const item of node.items as unknown[]) {
        if (isPair(item) && isMergeKey(item.key) && !checkMerge(item.key as Node, item.value)) continue;
        const parts = isPair(item) ? [item.key, item.value] : [item];
        for (const part of parts) {
          if (part === null || part === undefined || isMergeKey(part)) continue;
          const extent = walk(part, level + 1);
          size += extent.size;
          depth = Math.max(depth, extent.depth);
        }
      }
      open.delete(node);
      const extent = { size, depth: depth + 1 };
      measured.set(node, extent);
      return extent;
    }
    return { size: 1, depth: 0 };
  };
  walk(doc.contents, 0);
}

/**
 * Reads manifest text as one YAML document, within the limits of this
 * module (see the module comment). Syntax errors (and duplicate keys) are
 * `invalid YAML: ...` errors at their position; the other problems have
 * messages of their own. Never throws.
 */
export function readYaml(source: string, file: string): YamlReadResult {
  const { LineCounter, parseDocument } = yamlLibrary();
  const diagnostics: Diagnostic[] = [];
  if (source.length > MAX_MANIFEST_CHARACTERS) {
    diagnostics.push({
      severity: 'error',
      code: 'manifest_limit',
      message: `the manifest is ${count(source.length)} characters long; cloudctl reads manifests of at most ${count(MAX_MANIFEST_CHARACTERS)} characters`,
      location: locate(source, MAX_MANIFEST_CHARACTERS, file),
    });
    return { diagnostics };
  }
  const stars = asterisks(source);
  if (nestingUpperBound(source) > MAX_NESTING_DEPTH || stars > MAX_ALIASES) {
    const excess = lexicalExcess(source);
    if (excess) {
      diagnostics.push({
        severity: 'error',
        code: 'manifest_limit',
        message: excess.message,
        location: locate(source, excess.offset, file),
      });
      return { diagnostics };
    }
  }
  const lines = new LineCounter();
  // Duplicate keys are found by duplicateKeyErrors (one pass) rather than by
  // the library's `uniqueKeys: true`, which compares every key with every
  // earlier key of its map (quadratic: 5,000 resources cost 0.3 s more).
  // `merge: true`: a plain `<<` key is a merge key in YAML 1.2 documents too (the library's default only for 1.1).
  const doc = parseDocument(source, { lineCounter: lines, prettyErrors: false, uniqueKeys: false, merge: true });
  const document: YamlDocument = { doc, lines, aliases: new Map() };
  const at = (offset: number): SourceLocation => {
    const { line, col } = lines.linePos(offset);
    return { file, line, column: col };
  };
  const errors = [...doc.errors];
  for (const error of duplicateKeyErrors(doc)) {
    const index = errors.findIndex((other) => other.pos[0] > error.pos[0]);
    errors.splice(index < 0 ? errors.length : index, 0, error);
  }
  for (const error of errors) {
    const message = error.message
      .split('\n')[0]!
      .replace(/ at line \d+, column \d+:?$/, '')
      .replace(/:$/, '');
    if (error.code === 'MULTIPLE_DOCS') {
      diagnostics.push({
        severity: 'error',
        code: 'yaml_unsupported',
        message: 'invalid YAML: a manifest is one YAML document, and a second one starts here',
        location: at(error.pos[0]),
      });
    } else if (/Maximum call stack size exceeded/.test(message)) {
      diagnostics.push({
        severity: 'error',
        code: 'manifest_limit',
        message: `the manifest nests deeper than ${MAX_NESTING_DEPTH} levels of mappings and lists here`,
        location: at(error.pos[0]),
      });
    } else {
      diagnostics.push({
        severity: 'error',
        code: 'yaml_syntax',
        message: `invalid YAML: ${message}${colonInExpressionHint(source, error.pos[0])}`,
        location: at(error.pos[0]),
      });
    }
  }
  for (const warning of doc.warnings) {
    const message = warning.message.split('\n')[0]!;
    const version = /^Unsupported YAML version (.*)$/.exec(message);
    if (version) {
      diagnostics.push({
        severity: 'error',
        code: 'yaml_unsupported',
        message: `unsupported YAML version ${version[1]}: cloudctl reads YAML 1.2 and 1.1`,
        location: at(warning.pos[0]),
      });
    } else {
      diagnostics.push({ severity: 'warning', code: 'yaml_warning', message, location: at(warning.pos[0]) });
    }
  }
  if (!diagnostics.some((diagnostic) => diagnostic.severity === 'error')) checkTree(document, file, diagnostics, stars > 0);
  return { document, diagnostics };
}

/**
 * The hint for a YAML error on a line whose unquoted value holds a `${...}`
 * with ": " inside (`count: ${var.prod ? 3 : 1}`, `[for x in l : x]`):
 * YAML reads ": " in a plain value as a mapping, so the value must be
 * quoted. Empty for any other error.
 */
function colonInExpressionHint(source: string, offset: number): string {
  const lineStart = source.lastIndexOf('\n', offset - 1) + 1;
  const lineEnd = source.indexOf('\n', offset);
  const line = source.slice(lineStart, lineEnd < 0 ? source.length : lineEnd);
  if (!/:\s+\$\{.*:\s/.test(line)) return '';
  return `; a \${...} holding ": " must be quoted in YAML: write the value in single quotes, like '\${var.env == "prod" ? 3 : 1}'`;
}

/**
 * The errors the yaml library's `uniqueKeys: true` would report, in one
 * pass per map: a scalar key whose value equals (`===`) an earlier key's of
 * the same map is a `DUPLICATE_KEY` error at that key, in document order.
 */
function duplicateKeyErrors(doc: Document): YAMLParseError[] {
  const { isMap, isScalar, isSeq, YAMLParseError } = yamlLibrary();
  const errors: YAMLParseError[] = [];
  // A plain recursion over the collections (the library's generic `visit` costs several times more on large manifests).
  const walk = (node: unknown): void => {
    if (isSeq(node)) {
      for (const item of node.items) walk(item);
      return;
    }
    if (!isMap(node)) return;
    const seen = new Set<unknown>();
    for (const pair of node.items) {
      const key = pair.key;
      walk(key);
      walk(pair.value);
      if (!isScalar(key) || (typeof key.value === 'number' && Number.isNaN(key.value))) continue;
      if (!seen.has(key.value)) {
        seen.add(key.value);
        continue;
      }
      const at = key.range?.[0] ?? 0;
      errors.push(new YAMLParseError([at, at + 1], 'DUPLICATE_KEY', 'Map keys must be unique'));
    }
  };
  walk(doc.contents);
  return errors.sort((a, b) => a.pos[0] - b.pos[0]);
}

/**
 * The tree (source-tree.ts) of a document {@link readYaml} read without
 * errors: every node with its exact range, each alias pointing at the node
 * it stands for (the same tree node as where its anchor is).
 */
export function treeOfDocument(document: YamlDocument): SourceTree {
  const { isAlias, isMap, isScalar, isSeq } = yamlLibrary();
  const { aliases, lines } = document;
  const converted = new Map<unknown, TreeNode>();
  const rangeOf = (node: Node) => (node.range ? ([node.range[0], node.range[1]] as const) : undefined);
  const convert = (node: unknown): TreeNode | null => {
    if (node === null || node === undefined) return null;
    const known = converted.get(node);
    if (known) return known;
    let tree: TreeNode;
    if (isAlias(node)) {
      tree = { kind: 'alias', source: node.source, target: convert(aliases.get(node)) ?? undefined, range: rangeOf(node) };
    } else if (isMap(node)) {
      const items: TreePair[] = [];
      tree = { kind: 'map', items, range: rangeOf(node) };
      converted.set(node, tree);
      if (node.items.some((pair) => isMergeKey(pair.key))) mergedPairs(node.items, items, convert);
      else for (const pair of node.items) items.push({ key: convert(pair.key), value: convert(pair.value) });
    } else if (isSeq(node)) {
      const items: Array<TreeNode | null> = [];
      tree = { kind: 'seq', items, range: rangeOf(node) };
      converted.set(node, tree);
      for (const item of node.items) items.push(convert(item));
    } else {
      const value = isScalar(node) ? node.value : null;
      tree = {
        kind: 'scalar',
        value: typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : null,
        range: rangeOf(node as Node),
      };
    }
    converted.set(node, tree);
    return tree;
  };
  return {
    root: convert(document.doc.contents),
    linePosition: (offset) => {
      const { line, col } = lines.linePos(offset);
      return { line, column: col };
    },
    lazyRanges: false,
  };
}

/**
 * Fills `items` with the pairs of a mapping holding merge keys, in the
 * order js-yaml (the fast reader's parser) gives the keys of the same
 * mapping, so both readers list them alike: a pair written in the mapping
 * at its place, unless it overrides a merged key, which keeps the merged
 * key's place with the written value; at each `<<`, the pairs of each
 * merged mapping (already merged itself: its tree) whose key is not yet in
 * `items`. Keys compare as strings (`1` and `"1"` are one key, as in
 * js-yaml); a collection as a key is never merged over. `convert` is
 * {@link treeOfDocument}'s node conversion; the merge's value was checked
 * by `readYaml` (mappings, or aliases of mappings, or a list of those).
 */
function mergedPairs(pairs: Array<{ key: unknown; value: unknown }>, items: TreePair[], convert: (node: unknown) => TreeNode | null): void {
  /** Where each key's pair is in `items`, and whether it was merged (a written key may still override it). */
  const placed = new Map<string, { index: number; merged: boolean }>();
  const keyOf = (node: TreeNode | null): string | undefined => (node?.kind === 'scalar' ? String(node.value) : undefined);
  for (const pair of pairs) {
    if (!isMergeKey(pair.key)) {
      const written: TreePair = { key: convert(pair.key), value: convert(pair.value) };
      const key = keyOf(written.key);
      const earlier = key === undefined ? undefined : placed.get(key);
      if (earlier?.merged) {
        items[earlier.index] = written;
        earlier.merged = false;
        continue;
      }
      if (key !== undefined && !earlier) placed.set(key, { index: items.length, merged: false });
      items.push(written);
      continue;
    }
    for (const source of mergeSources(pair.value)) {
      let merged = convert(source);
      if (merged?.kind === 'alias') merged = merged.target ?? null;
      if (merged?.kind !== 'map') continue;
      for (const mergedPair of merged.items) {
        const key = keyOf(mergedPair.key);
        if (key === undefined || placed.has(key)) continue;
        placed.set(key, { index: items.length, merged: true });
        items.push(mergedPair);
      }
    }
  }
}
