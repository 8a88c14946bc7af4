/**
 * The view of the resource catalogue the manifest layer needs. The real one
 * wraps `src/resources/index.ts`; tests pass a fake one (e.g. to register a
 * keypair type of another pool).
 */
import type { CatalogueEntry } from '../resources/attribute.js';
import { catalogue, lookupType, typeSpellings } from '../resources/index.js';

/** Type look-up used by parse, validate and the schema generator. */
export interface CatalogueView {
  /** Finds a type by canonical name, alias or Pulumi token; `undefined` when unknown. */
  lookup(name: string): CatalogueEntry | undefined;
  /** Every accepted spelling of the given kind (for "did you mean"). */
  spellings(kind: 'resource' | 'data'): string[];
  /** Every entry, in catalogue order. */
  entries(): CatalogueEntry[];
}

/** The real catalogue of `src/resources/index.ts`. */
export const defaultCatalogue: CatalogueView = {
  lookup: lookupType,
  spellings: typeSpellings,
  entries: () => [...catalogue.values()],
};

/**
 * Builds a catalogue view from a list of entries (tests, or a subset of the
 * catalogue). Spellings are each entry's canonical name, token and aliases.
 */
export function catalogueOf(entries: CatalogueEntry[]): CatalogueView {
  const spellings = new Map<string, CatalogueEntry>();
  for (const entry of entries) for (const name of [entry.type, entry.token, ...entry.aliases]) spellings.set(name, entry);
  return {
    lookup: (name) => spellings.get(name),
    spellings: (kind) => [...spellings.entries()].filter(([, entry]) => entry.kind === kind).map(([name]) => name),
    entries: () => [...entries],
  };
}
