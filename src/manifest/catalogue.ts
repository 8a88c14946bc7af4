/**
 * The resource catalogue as the layers above `src/resources` see it: the
 * manifest front end (parse, validate, schema) and the engine (plan, apply,
 * refresh, reconcile, scope) are handed a {@link Catalogue} instead of
 * looking types up globally, as Terraform hands providers to its context.
 * The real one wraps `src/resources/index.ts` ({@link defaultCatalogue}, which
 * the CLI passes); tests pass small fake ones ({@link catalogueOf}).
 */
import type { CatalogueEntry, DataSourceType, ResourceType } from '../resources/attribute.js';
import { catalogue, lookupType, typeSpellings } from '../resources/index.js';

/** Type look-up, by any accepted spelling (canonical name, alias or Pulumi token). */
export interface Catalogue {
  /** Finds a type of either kind; `undefined` when unknown. */
  lookup(name: string): CatalogueEntry | undefined;
  /** Finds a resource type; `undefined` when unknown or a data source. */
  resource(name: string): ResourceType | undefined;
  /** Finds a data source type; `undefined` when unknown or a resource. */
  dataSource(name: string): DataSourceType | undefined;
  /** Every accepted spelling of the given kind (for "did you mean"). */
  spellings(kind: 'resource' | 'data'): string[];
  /** Every entry, in catalogue order. */
  entries(): CatalogueEntry[];
}

/** The name the manifest layer has used for {@link Catalogue}; the same interface. */
export type CatalogueView = Catalogue;

/** Builds a catalogue from a spelling look-up (the two typed look-ups derive from it). */
function catalogueFrom(
  lookup: (name: string) => CatalogueEntry | undefined,
  spellings: Catalogue['spellings'],
  entries: () => CatalogueEntry[],
): Catalogue {
  return {
    lookup,
    resource: (name) => {
      const entry = lookup(name);
      return entry?.kind === 'resource' ? entry : undefined;
    },
    dataSource: (name) => {
      const entry = lookup(name);
      return entry?.kind === 'data' ? entry : undefined;
    },
    spellings,
    entries,
  };
}

/** The real catalogue of `src/resources/index.ts`. */
export const defaultCatalogue: Catalogue = catalogueFrom(lookupType, typeSpellings, () => [...catalogue.values()]);

/**
 * Builds a catalogue from a list of entries (tests, or a subset of the
 * catalogue). Spellings are each entry's canonical name, token and aliases.
 */
export function catalogueOf(entries: CatalogueEntry[]): Catalogue {
  const spellings = new Map<string, CatalogueEntry>();
  for (const entry of entries) for (const name of [entry.type, entry.token, ...entry.aliases]) spellings.set(name, entry);
  return catalogueFrom(
    (name) => spellings.get(name),
    (kind) => [...spellings.entries()].filter(([, entry]) => entry.kind === kind).map(([name]) => name),
    () => [...entries],
  );
}
