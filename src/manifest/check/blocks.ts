/** Walking the resource and data blocks of a manifest whose type the catalogue knows (what the checks of this folder share). */
import type { CatalogueEntry } from '../../resources/attribute.js';
import type { BlockDeclaration, Manifest } from '../types.js';
import type { CatalogueView } from '../catalogue.js';
import { blocksOf } from '../block-list.js';

export function sectionOf(kind: 'resource' | 'data'): 'resources' | 'data' {
  return kind === 'resource' ? 'resources' : 'data';
}

/**
 * Calls `visit` with each data source, then each resource, of `manifest`
 * whose type the catalogue knows as that kind, with its catalogue entry.
 */
export function forEachCatalogueBlock(
  manifest: Manifest,
  catalogue: CatalogueView,
  visit: (block: BlockDeclaration, kind: 'resource' | 'data', entry: CatalogueEntry) => void,
): void {
  for (const kind of ['data', 'resource'] as const) {
    for (const block of blocksOf(kind === 'data' ? manifest.data : manifest.resources)) {
      const entry = catalogue.lookup(block.type);
      if (entry && entry.kind === kind) visit(block, kind, entry);
    }
  }
}
