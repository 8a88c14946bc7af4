/**
 * `cloudctl import --all` (Engine.generateImports): discovery (./discover.ts)
 * and the manifest it writes (./manifest.ts), read-only like `doctor`: the
 * state is read without a lock and never written, and only list endpoints
 * are called.
 */
import type { Catalogue } from '../../manifest/catalogue.js';
import type { StateDocument } from '../../state/document.js';
import type { Connection } from '../connection.js';
import { discoverAccounts, type DiscoveredResource, type Discovery, type DiscoveryOptions } from './discover.js';
import { adoptionManifest, type AdoptedResource, type AdoptionVariable } from './manifest.js';
import { neighbourAccounts } from './neighbours.js';
import { productListings, quote } from '../cost.js';
import type { WorkspacePaths } from '../../state/workspace.js';

export type { DiscoveryOptions } from './discover.js';
export type { AdoptedResource, AdoptionVariable } from './manifest.js';
export type { Neighbour } from './neighbours.js';

/** What {@link generateImports} returns: the manifest to write and what it holds. */
export interface AdoptionResult {
  /** The manifest YAML (resource blocks, variables, `import:` blocks); nothing secret in it. */
  manifest: string;
  /** The adopted resources, in the manifest's order. */
  resources: AdoptedResource[];
  /** The variables the manifest declares (inputs no reply carries). */
  variables: AdoptionVariable[];
  /** The types listed (canonical names). */
  types: string[];
  /** `Terminated` accounts left out, by type. */
  terminated: Record<string, number>;
  /** Accounts awaiting payment (`adopted`: with `includePending`). */
  pending: Discovery['pending'];
  /** Accounts the state manages already (left out). */
  managed: Discovery['managed'];
  /** Accounts the backend's other workspaces, or the `excludeStates` files, manage (left out), with who manages them. */
  managedElsewhere: Discovery['managedElsewhere'];
  /** What the adopted accounts are billed every cycle, summed per cycle code (those the lists price). */
  recurring: Record<string, number>;
  /** The currency of `recurring` (ISO 4217, from the adopted types' product lists); `null` when unknown or mixed. */
  currency: string | null;
}

/**
 * The currency the adopted accounts are billed in: the product list of each
 * adopted type names it (one list read per type; a list that cannot be read
 * says nothing). `null` when none says, or they disagree.
 * Endpoints: the adopted types' product lists (GET).
 */
async function currencyOf(catalogue: Catalogue, connection: Connection, resources: DiscoveredResource[]): Promise<string | null> {
  const listings = productListings(() => connection.context());
  const oneOfEach = new Map(resources.map((resource) => [resource.type.type, resource]));
  const currencies = new Set<string>();
  for (const resource of oneOfEach.values()) {
    const found = await quote({ catalogue, listings }, resource.type, resource.attributes);
    if (found?.currency) currencies.add(found.currency);
  }
  return currencies.size === 1 ? [...currencies][0] : null;
}

/**
 * Lists every account (see `discoverAccounts`) and writes the manifest that
 * adopts them. `state`: the workspace's state document (read only);
 * `workspace`: where it lives, whose neighbours (neighbours.ts) are read too.
 * Endpoints: each type's list (GET). Errors: an unknown `--type`; a
 * neighbour that cannot be read; the API's.
 */
export async function generateImports(
  catalogue: Catalogue,
  connection: Connection,
  state: StateDocument,
  options: DiscoveryOptions,
  workspace: { paths: WorkspacePaths; env: Readonly<Record<string, string | undefined>> },
): Promise<AdoptionResult> {
  const neighbours = await neighbourAccounts(workspace.paths, workspace.env, options.excludeStates);
  const discovery = await discoverAccounts(catalogue, connection.context(), state, options, neighbours);
  const manifest = adoptionManifest(discovery.resources, catalogue, new Set(Object.keys(state.resources)));
  const recurring: Record<string, number> = {};
  for (const resource of manifest.resources)
    if (resource.recurringAmount !== null && resource.cycle)
      recurring[resource.cycle] = (recurring[resource.cycle] ?? 0) + resource.recurringAmount;
  return {
    manifest: manifest.text,
    resources: manifest.resources,
    variables: manifest.variables,
    types: discovery.types,
    terminated: discovery.terminated,
    pending: discovery.pending,
    managed: discovery.managed,
    managedElsewhere: discovery.managedElsewhere,
    recurring,
    currency: Object.keys(recurring).length > 0 ? await currencyOf(catalogue, connection, discovery.resources) : null,
  };
}
