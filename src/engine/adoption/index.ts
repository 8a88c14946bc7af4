/**
 * `cloudctl import --all` (Engine.generateImports): discovery (./discover.ts)
 * and the manifest it writes (./manifest.ts), read-only like `doctor`: the
 * state is read without a lock and never written, and only list endpoints
 * are called.
 */
import type { Catalogue } from '../../manifest/catalogue.js';
import type { StateDocument } from '../../state/document.js';
import type { Connection } from '../connection.js';
import { discoverAccounts, type Discovery, type DiscoveryOptions } from './discover.js';
import { adoptionManifest, type AdoptedResource, type AdoptionVariable } from './manifest.js';

export type { DiscoveryOptions } from './discover.js';
export type { AdoptedResource, AdoptionVariable } from './manifest.js';

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
  /** What the adopted accounts are billed every cycle, summed per cycle code (those the lists price). */
  recurring: Record<string, number>;
}

/**
 * Lists every account (see `discoverAccounts`) and writes the manifest that
 * adopts them. `state`: the workspace's state document (read only).
 * Endpoints: each type's list (GET). Errors: an unknown `--type`; the API's.
 */
export async function generateImports(
  catalogue: Catalogue,
  connection: Connection,
  state: StateDocument,
  options: DiscoveryOptions,
): Promise<AdoptionResult> {
  const discovery = await discoverAccounts(catalogue, connection.context(), state, options);
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
    recurring,
  };
}
