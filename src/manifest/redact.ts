/**
 * Where a manifest's text holds secrets: the offsets of the values written
 * as literals for sensitive inputs, found once at load time from the parse's
 * source map (so a plan never parses the manifest again to redact the copy
 * of the source it keeps; see `redactManifestSource` in `../plan.ts`).
 */
import type { Manifest } from './types.js';
import type { CatalogueEntry } from '../resources/attribute.js';
import { defaultCatalogue, type CatalogueView } from './catalogue.js';
import type { ManifestSourceMap, NodeInfo } from './parse/walker.js';
import { blocksOf } from './block-list.js';

/** The names of the attributes of a catalogue entry marked sensitive, worked out once per entry. */
function sensitiveAttributes(entry: CatalogueEntry): ReadonlySet<string> {
  let names = sensitiveAttributesOf.get(entry);
  if (!names) {
    names = new Set(Object.keys(entry.attributes).filter((name) => entry.attributes[name].sensitive));
    sensitiveAttributesOf.set(entry, names);
  }
  return names;
}

const sensitiveAttributesOf = new WeakMap<CatalogueEntry, ReadonlySet<string>>();

/**
 * The `[start, end)` offsets in `manifest.source` of every value a plan
 * document must not show, in this order (each section in source order):
 *
 * - the `default` of each sensitive variable;
 * - in resources, then data sources, each property of an attribute the
 *   catalogue marks sensitive, written as a literal or a template (a lone
 *   `${...}` reference holds no secret);
 * - the `value` of each output declared sensitive, unless a lone reference.
 *
 * Empty and null values are left out. An alias counts as the node it stands
 * for (that node's text is the one redacted). `sourceMap` is the one
 * `parseManifest` made of the same text (its `NodeInfo.range`s);
 * `catalogue` says which attributes are sensitive (default: the real one,
 * which is the one plans use). Usually returns an empty list. Never throws.
 */
export function sensitiveLiteralRanges(
  manifest: Manifest,
  sourceMap: ManifestSourceMap,
  catalogue: CatalogueView = defaultCatalogue,
): Array<[number, number]> {
  return rangesOf(sensitiveLiteralSegments(manifest, catalogue).map((segments) => sourceMap.nodeAt(segments)));
}

/** The `[start, end)` ranges of `nodes` that have one, in order (each range a copy). */
export function rangesOf(nodes: ReadonlyArray<NodeInfo | undefined>): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  for (const node of nodes) {
    const range = node?.range;
    if (range) ranges.push([range[0], range[1]]);
  }
  return ranges;
}

/**
 * The paths in the source map (`['variables', 'password', 'default']`) of
 * the values {@link sensitiveLiteralRanges} gives the ranges of, in its
 * order; found from the manifest alone (nothing is located). Never throws.
 */
export function sensitiveLiteralSegments(manifest: Manifest, catalogue: CatalogueView = defaultCatalogue): string[][] {
  const found: string[][] = [];
  for (const [name, variable] of Object.entries(manifest.variables)) {
    if (variable.sensitive) found.push(['variables', name, 'default']);
  }
  for (const kind of ['resources', 'data'] as const) {
    for (const block of blocksOf(kind === 'resources' ? manifest.resources : manifest.data)) {
      const type = catalogue.lookup(block.type);
      const sensitive = type ? sensitiveAttributes(type) : undefined;
      if (!sensitive || sensitive.size === 0) continue;
      for (const attribute of Object.keys(block.properties)) {
        if (!sensitive.has(attribute) || block.properties[attribute].kind === 'reference') continue;
        found.push([kind, block.name, 'properties', attribute]);
      }
    }
  }
  for (const [name, output] of Object.entries(manifest.outputs)) {
    if (output.sensitive && output.value.kind !== 'reference') found.push(['outputs', name, 'value']);
  }
  return found;
}
