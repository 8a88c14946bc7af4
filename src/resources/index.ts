/**
 * The catalogue: an explicit map from canonical type name to its
 * definition, and look-up by any accepted spelling (canonical name, short
 * alias such as `lite_vm`, or Pulumi token such as `cloud:index:LiteVm`).
 */
import type { CatalogueEntry, DataSourceType, ResourceType } from './attribute.js';
import { baremetalEntries } from './baremetal/index.js';
import { liteEntries } from './lite/index.js';

const entries: CatalogueEntry[] = [...liteEntries, ...baremetalEntries];

/** Every type by canonical name. */
export const catalogue: ReadonlyMap<string, CatalogueEntry> = new Map(entries.map((entry) => [entry.type, entry]));

const spellings = new Map<string, CatalogueEntry>();
for (const entry of entries) {
  for (const name of [entry.type, entry.token, ...entry.aliases]) spellings.set(name, entry);
}

/** Finds a type by any accepted spelling; `undefined` when unknown. */
export function lookupType(name: string): CatalogueEntry | undefined {
  return spellings.get(name);
}

/** Finds a resource type by any spelling; `undefined` when unknown or a data source. */
export function lookupResourceType(name: string): ResourceType | undefined {
  const entry = lookupType(name);
  return entry?.kind === 'resource' ? entry : undefined;
}

/** Finds a data source type by any spelling; `undefined` when unknown or a resource. */
export function lookupDataSourceType(name: string): DataSourceType | undefined {
  const entry = lookupType(name);
  return entry?.kind === 'data' ? entry : undefined;
}

/** Every accepted spelling of the given kind, for "did you mean" messages. */
export function typeSpellings(kind: 'resource' | 'data'): string[] {
  return [...spellings.entries()].filter(([, entry]) => entry.kind === kind).map(([name]) => name);
}
