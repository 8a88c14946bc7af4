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
 * check/'s job (check/validate.ts). The sections are parsed by the files
 * of this folder, one a section (resources.ts also reads `data:`;
 * moved.ts reads `moved:` and `import:`).
 */
import type { Diagnostic } from '../../core/types.js';
import type { Manifest } from '../types.js';
import { defaultCatalogue, type CatalogueView } from '../catalogue.js';
import { didYouMean } from '../suggest.js';
import { DiagnosticLimit } from '../limit.js';
import { readYaml, treeOfDocument } from '../syntax/yaml.js';
import { leftToPositionKeeping, readYamlFast } from '../syntax/fast-yaml.js';
import { isMap, isScalar, type SourceTree, type TreePair } from '../syntax/source-tree.js';
import { parseAddressBlocks } from './moved.js';
import { parseRemovedBlocks } from './removed.js';
import { type ManifestSourceMap, Walker, record } from './walker.js';
import { parseBudget } from './budget.js';
import { parseBackend } from './backend.js';
import { parseProvider } from './provider.js';
import { parseVariables } from './variables.js';
import { parseBlocks } from './resources.js';
import { parseLocals, parseOutputs } from './outputs.js';

/** Options of {@link parseManifest}. */
export interface ParseOptions {
  /** Catalogue used to normalise type spellings (default: the real one). */
  catalogue?: CatalogueView;
  /**
   * `position-keeping` reads the text with the yaml library only, skipping
   * the fast reader (syntax/fast-yaml.ts), which is otherwise tried first; tests
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
export const TOP_LEVEL_KEYS = [
  'provider',
  'variables',
  'locals',
  'data',
  'resources',
  'outputs',
  'budget',
  'backend',
  'moved',
  'import',
  'removed',
] as const;

/** An empty manifest for `path`. */
function emptyManifest(path: string, source: string): Manifest {
  return { path, source, variables: record(), data: record(), resources: record(), outputs: record(), provider: {} };
}

/**
 * Parses manifest text. `path` is used as `file` in every location, exactly
 * as given.
 *
 * - The text is read by `readYaml` (syntax/yaml.ts): YAML syntax errors, duplicate
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
    const walked = fastWalk(source, path, fast, options);
    if (walked) return walked;
  }
  const read = readYaml(source, path);
  const readable = read.document && !read.diagnostics.some((diagnostic) => diagnostic.severity === 'error');
  return walkManifest(source, path, readable ? treeOfDocument(read.document!) : undefined, read.diagnostics, options);
}

/**
 * The walk of a fast-read tree, without notes (its source map made on
 * demand); `undefined` when the text is to be read by the position-keeping
 * reader after all: the walk found something to report (which that
 * reader's tree reports with its positions, as it always did), or met
 * what the fast reader leaves to it (a key such as `null` or `0` in the
 * blocks it reads from js-yaml's data: syntax/fast-yaml.ts `RawMapping`).
 */
function fastWalk(source: string, path: string, fast: SourceTree, options: ParseOptions): ParseResult | undefined {
  // A limit of 0: any error is only counted (no suggestion, no location), since the walk of the other reader describes them.
  const counted = new DiagnosticLimit(0);
  let walked: ParseResult;
  try {
    walked = walkManifest(source, path, fast, [], { ...options, limit: counted }, false);
  } catch (error) {
    if (leftToPositionKeeping(error)) return undefined;
    throw error;
  }
  if (walked.diagnostics.length > 0 || counted.notDescribed > 0) return undefined;
  walked.sourceMap = sourceMapOnDemand(source, path, walked.sourceMap.data, fast.linePosition, fast.nodeById!, options);
  return walked;
}

/**
 * The source map of a fast-read manifest whose walk recorded no notes: its
 * `data` as walked, its nodes found by walking the same tree (read again,
 * `nodeById(0)` being its root) once more, with notes, when first asked
 * for (a diagnostic, a redaction, the language server). Takes what the
 * walk needs, not the tree, which is let go.
 */
function sourceMapOnDemand(
  source: string,
  path: string,
  data: Record<string, unknown>,
  linePosition: SourceTree['linePosition'],
  nodeById: NonNullable<SourceTree['nodeById']>,
  options: ParseOptions,
): ManifestSourceMap {
  let walked: ManifestSourceMap | undefined;
  const notes = () => {
    if (!walked) {
      const tree: SourceTree = { root: nodeById(0), linePosition, lazyRanges: true, nodeById };
      walked = walkManifest(source, path, tree, [], { ...options, limit: new DiagnosticLimit(0) }).sourceMap;
    }
    return walked;
  };
  return {
    file: path,
    data,
    get nodes() {
      return notes().nodes;
    },
    nodeAt: (segments) => notes().nodeAt(segments),
  };
}

/**
 * Builds the manifest from `tree` (`undefined`: the text could not be read;
 * `read` says why), after the diagnostics of reading it (`read`); `notes`:
 * whether the walker records the source map's nodes.
 */
function walkManifest(
  source: string,
  path: string,
  tree: SourceTree | undefined,
  read: Diagnostic[],
  options: ParseOptions,
  notes = true,
): ParseResult {
  const manifest = emptyManifest(path, source);
  const data = record<unknown>();
  const walker = new Walker(
    source,
    path,
    tree ?? { root: null, linePosition: () => ({ line: 1, column: 1 }), lazyRanges: false },
    options.catalogue ?? defaultCatalogue,
    options.limit,
    notes,
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
  walkSections(walker, tree, manifest, data);
  walker.releaseTree();
  return result;
}

/** Walks the top-level mapping of `tree` into `manifest` and the normalised `data`, section by section. */
function walkSections(walker: Walker, tree: SourceTree, manifest: Manifest, data: Record<string, unknown>): void {
  const top = walker.deref(tree.root);
  const start = walker.textStart();
  walker.note('', { value: start }, top);
  if (top === null || (isScalar(top) && top.value === null)) {
    walker.error(`the manifest is empty: expected a mapping with ${TOP_LEVEL_KEYS.join(', ')}`, start, 'manifest_shape');
    return;
  }
  if (!isMap(top)) {
    walker.error(
      `the manifest must be a mapping with ${TOP_LEVEL_KEYS.join(', ')}, got ${walker.kindOf(top)}`,
      walker.valueAt(top, start),
      'manifest_shape',
    );
    return;
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
      case 'locals':
        parseLocals(walker, pair, manifest, data);
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
      case 'removed':
        parseRemovedBlocks(walker, pair, manifest, data);
        break;
      default: {
        const hint = () => didYouMean(key, TOP_LEVEL_KEYS) || `; expected one of ${TOP_LEVEL_KEYS.join(', ')}`;
        walker.error(() => `unknown top-level key "${key}"${hint()}`, keyAt, 'unknown_key');
      }
    }
  }
}
