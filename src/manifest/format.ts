/**
 * The canonical layout of manifest YAML (`cloudctl fmt`, and the language
 * server's formatting): the same data, comments, anchors, aliases and merge
 * keys, written in one order and one style. See docs/formatting.md.
 *
 * - Order: the top-level sections in {@link SECTION_ORDER}; inside a
 *   resource, data source or module block the keys of {@link BLOCK_ORDER}
 *   (Terraform's style guide: `type`, then `count`/`for_each`, the
 *   arguments, `lifecycle`, and `depends_on` last); a variable's, an
 *   output's, a `lifecycle`'s and a condition's keys likewise. In those
 *   mappings a merge key (`<<`) comes first, and a comment written before
 *   the first key stays at the top. Blocks, attributes and list items
 *   keep the order they are written in (it is the author's), and so do keys
 *   the order does not name, after those it names.
 * - Style: 2-space indentation, lists indented under their key, no line
 *   folding, one blank line at most where the author left some; a quoted
 *   string is double-quoted unless single quotes avoid escapes (a plain
 *   string stays plain, a block scalar stays a block scalar); flow
 *   mappings and lists stay flow.
 *
 * When an order would move an alias before its anchor (YAML requires the
 * anchor first), the mappings whose entries hold anchors or aliases keep
 * their order.
 * The result is checked to hold the same data as the input, and formatting
 * it again changes nothing.
 */
import type { Document, Node, Pair, YAMLMap } from 'yaml';
import type { Diagnostic } from '../core/types.js';
import { readYaml, yamlLibrary } from './syntax/yaml.js';
import { sameData } from '../core/equal.js';

/** The top-level sections, in the order they are written: settings, inputs, reads, resources, address blocks, outputs. */
export const SECTION_ORDER: readonly string[] = [
  'backend',
  'provider',
  'budget',
  'variables',
  'locals',
  'data',
  'resources',
  'moved',
  'import',
  'removed',
  'outputs',
];

/**
 * The keys of a resource, data source or module block, in order (both
 * spellings of each): what it is, how many, its arguments, its lifecycle,
 * what it waits for.
 */
export const BLOCK_ORDER: readonly string[] = [
  'type',
  'module',
  'count',
  'for_each',
  'forEach',
  'properties',
  'inputs',
  'lifecycle',
  'depends_on',
  'dependsOn',
];

/** A variable's keys, in Terraform's order (type, description, default, then the rest). */
const VARIABLE_ORDER = ['type', 'description', 'default', 'env', 'sensitive', 'validation'];
/** An output's keys (when written as a mapping). */
const OUTPUT_ORDER = ['description', 'value', 'sensitive'];
/** A `lifecycle`'s keys, in the order of Terraform's documentation. */
const LIFECYCLE_ORDER = [
  'create_before_destroy',
  'createBeforeDestroy',
  'prevent_destroy',
  'preventDestroy',
  'ignore_changes',
  'ignoreChanges',
  'replace_triggered_by',
  'replaceTriggeredBy',
  'precondition',
  'postcondition',
];
/** A condition's and a variable validation's keys. */
const CONDITION_ORDER = ['condition', 'pattern', 'allowed', 'message'];

/** Result of {@link formatManifest}. */
export interface FormatResult {
  /** The formatted text; absent when the text could not be read (then `diagnostics` says why). */
  text?: string;
  /** True when `text` differs from the input. */
  changed: boolean;
  /** YAML errors at `file:line:col` (the text is then left as it is). */
  diagnostics: Diagnostic[];
}

/**
 * Formats manifest text (`file` names it in diagnostics). A text that is
 * not valid YAML, or breaks the limits the loader enforces, gives its
 * diagnostics and no text. Throws only when the formatted text would not
 * hold the same data (a bug: nothing may be written then).
 */
export function formatManifest(source: string, file: string): FormatResult {
  const read = readYaml(source, file);
  const errors = read.diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
  if (!read.document || errors.length > 0) return { changed: false, diagnostics: errors };
  const before = read.document.doc.toJS({ maxAliasCount: -1 }) as unknown;
  const hasErrors = (result: ReturnType<typeof readYaml>) =>
    !result.document || result.diagnostics.some((item) => item.severity === 'error');
  let text = renderOrdered(read.document.doc.clone());
  let after = text === undefined ? undefined : readYaml(text, file);
  if (text === undefined || !after || hasErrors(after)) {
    // The full order put an alias before its anchor: the mappings holding them keep their order.
    text = render(reorder(read.document.doc, false));
    after = readYaml(text, file);
    if (hasErrors(after)) throw new Error(`internal error: the formatted ${file} is not valid YAML`);
  }
  if (!sameData(before as never, after.document!.doc.toJS({ maxAliasCount: -1 }) as never)) {
    throw new Error(`internal error: the formatted ${file} would not hold the same data`);
  }
  return { text, changed: text !== source, diagnostics: [] };
}

/** The document as text in the canonical style (quoting normalised first). */
function render(doc: Document): string {
  const { visit } = yamlLibrary();
  visit(doc, {
    Scalar(_key, node) {
      if (typeof node.value !== 'string' || (node.type !== 'QUOTE_DOUBLE' && node.type !== 'QUOTE_SINGLE')) return;
      // Control characters and line breaks need double quotes' escapes: left as written.
      if ([...node.value].some((character) => character < ' ' || character === '\u007f')) return;
      node.type = node.value.includes('"') && !node.value.includes("'") ? 'QUOTE_SINGLE' : 'QUOTE_DOUBLE';
    },
  });
  return doc.toString({ indent: 2, indentSeq: true, lineWidth: 0, minContentWidth: 0, flowCollectionPadding: true });
}

/** Orders the document's mappings (see the module comment); `withAnchors` false leaves mappings holding anchors or aliases as written. */
function reorder(doc: Document, withAnchors: boolean): Document {
  const { isMap, isSeq } = yamlLibrary();
  const root = doc.contents;
  if (!isMap(root)) return doc;
  const ordered = (map: YAMLMap, order: readonly string[]) => {
    if (withAnchors || !map.items.some((pair) => holdsAnchors(pair.key) || holdsAnchors(pair.value))) sortPairs(map, order);
  };
  ordered(root, SECTION_ORDER);
  // One blank line before each section but the first.
  root.items.forEach((pair, index) => {
    if (index > 0 && isNodeKey(pair)) pair.key.spaceBefore = true;
  });
  const entries = (section: string): Node[] => {
    const value = root.get(section, true);
    return isMap(value) ? value.items.map((pair) => pair.value as Node) : [];
  };
  for (const block of [...entries('resources'), ...entries('data')]) {
    if (!isMap(block)) continue;
    ordered(block, BLOCK_ORDER);
    const lifecycle = block.get('lifecycle', true);
    if (!isMap(lifecycle)) continue;
    ordered(lifecycle, LIFECYCLE_ORDER);
    for (const kind of ['precondition', 'postcondition']) {
      const conditions = lifecycle.get(kind, true);
      const list = isSeq(conditions) ? conditions.items : [conditions];
      for (const condition of list) if (isMap(condition)) ordered(condition, CONDITION_ORDER);
    }
  }
  for (const variable of entries('variables')) {
    if (!isMap(variable)) continue;
    ordered(variable, VARIABLE_ORDER);
    const validation = variable.get('validation', true);
    for (const rule of isSeq(validation) ? validation.items : [validation]) if (isMap(rule)) ordered(rule, CONDITION_ORDER);
  }
  for (const output of entries('outputs')) if (isMap(output)) ordered(output, OUTPUT_ORDER);
  return doc;
}

/** True when the pair's key is a node (it may carry `spaceBefore`). */
function isNodeKey(pair: Pair): pair is Pair<Node> {
  return yamlLibrary().isNode(pair.key);
}

/** The key of a pair as text (`<<` for a merge key); undefined for a key that is not a scalar. */
function keyText(pair: Pair): string | undefined {
  const { isScalar } = yamlLibrary();
  if (!isScalar(pair.key)) return undefined;
  const value = pair.key.value;
  return typeof value === 'symbol' ? '<<' : String(value);
}

/**
 * Sorts a mapping's pairs: a merge key first, then the keys `order` names
 * in its order, then the others as written (a stable sort). A comment
 * written before the first pair stays at the top of the mapping.
 */
function sortPairs(map: YAMLMap, order: readonly string[]): void {
  const first = map.items[0]?.key;
  if (isNodeKey(map.items[0] ?? { key: null }) && (first as Node).commentBefore) {
    const comment = (first as Node).commentBefore!;
    map.commentBefore = map.commentBefore ? `${map.commentBefore}\n${comment}` : comment;
    (first as Node).commentBefore = undefined;
  }
  const rank = (pair: Pair): number => {
    const key = keyText(pair);
    if (key === '<<') return -1;
    const index = key === undefined ? -1 : order.indexOf(key);
    return index < 0 ? order.length : index;
  };
  const sorted = map.items.map((pair, index) => ({ pair, index, rank: rank(pair) }));
  sorted.sort((a, b) => a.rank - b.rank || a.index - b.index);
  map.items = sorted.map((entry) => entry.pair);
  // A mapping starts right under its key: no blank line before its first pair.
  const head = map.items[0];
  if (head && isNodeKey(head)) head.key.spaceBefore = false;
}

/** True when a node or anything inside it has an anchor or is an alias. */
function holdsAnchors(node: unknown): boolean {
  const { visit, isNode } = yamlLibrary();
  if (!isNode(node)) return false;
  let found = false;
  visit(node, {
    Alias() {
      found = true;
      return visit.BREAK;
    },
    Node(_key, inner) {
      if ((inner as { anchor?: string }).anchor) {
        found = true;
        return visit.BREAK;
      }
      return undefined;
    },
  });
  return found;
}

/**
 * The document in full canonical order, or `undefined` when the yaml
 * library refuses to write it (an alias before its anchor).
 */
function renderOrdered(doc: Document): string | undefined {
  try {
    return render(reorder(doc, true));
  } catch (error) {
    if (error instanceof Error && /alias/i.test(error.message)) return undefined;
    throw error;
  }
}
