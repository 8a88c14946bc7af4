/**
 * Discovery for `cloudctl import --all` (Engine.generateImports): every
 * account of every resource type, through the types' list endpoints,
 * minus what the workspace's state manages already. Read-only: no order,
 * no state write. Which types are listed is data: every resource type of
 * the catalogue with a `list`, except a type whose accounts are another
 * type's kind (`accountKind`: a VM restored from a snapshot is an ordinary
 * lite VM account, listed once, as `cloud_lite_vm`).
 */
import type { Attributes } from '../../core/types.js';
import type { Catalogue } from '../../manifest/catalogue.js';
import { accountKey, accountKind } from '../../resources/accounts.js';
import { listAccounts, type ListedAccount } from '../../resources/adoption.js';
import type { OperationContext, ResourceType } from '../../resources/attribute.js';
import type { StateDocument } from '../../state/document.js';
import { mergeAttributes } from '../attributes.js';
import type { Neighbour, NeighbourAccounts } from './neighbours.js';

/** What {@link discoverAccounts} lists. */
export interface DiscoveryOptions {
  /** Type names (any spelling) to list; empty or absent: every type. */
  types?: readonly string[];
  /** Adopt accounts awaiting payment too (default: report them only). */
  includePending?: boolean;
  /**
   * Other local state files (paths relative to the engine's directory) whose accounts are left out and listed
   * apart, as those of the backend's other workspaces always are (`--exclude-state`, repeatable).
   */
  excludeStates?: readonly string[];
}

/** One account to adopt. */
export interface DiscoveredResource {
  type: ResourceType;
  account: ListedAccount;
  /** The attributes an import of it would record (the type's merge of what the list reports). */
  attributes: Attributes;
}

/** What discovery found. */
export interface Discovery {
  /** The accounts to adopt, by type in catalogue order, then by id. */
  resources: DiscoveredResource[];
  /** The types listed (canonical names). */
  types: string[];
  /** Accounts the lists report `Terminated`, left out, by type (types with none omitted). */
  terminated: Record<string, number>;
  /** Accounts awaiting payment: adopted only with `includePending`. */
  pending: Array<{ type: string; id: string; adopted: boolean }>;
  /** Accounts the state manages already (left out), with their addresses. */
  managed: Array<{ type: string; id: string; address: string }>;
  /** Accounts another workspace of the backend, or an `excludeStates` file, manages (left out): who, and its address there. */
  managedElsewhere: Array<{ type: string; id: string; address: string; managedBy: Neighbour }>;
}

/** The resource types discovery lists: those named (any spelling), else every listable type that names its own kind of account. */
export function discoverableTypes(catalogue: Catalogue, names: readonly string[] = []): ResourceType[] {
  const listable = catalogue
    .entries()
    .filter(
      (entry): entry is ResourceType => entry.kind === 'resource' && entry.list !== undefined && accountKind(entry.type) === entry.type,
    );
  if (names.length === 0) return listable;
  const wanted = new Set<string>();
  for (const name of names) {
    const type = catalogue.resource(name);
    if (!type) throw new Error(`--type ${name}: unknown resource type (examples: lite_vm, cloud_lite_vm, cloud:index:LiteVm)`);
    if (!listable.includes(type))
      throw new Error(
        `--type ${name}: ${type.type} accounts are listed as ${accountKind(type.type)} (the API does not tell them apart); give --type ${accountKind(type.type)}`,
      );
    wanted.add(type.type);
  }
  return listable.filter((type) => wanted.has(type.type));
}

/** Sorts ids numerically where they are numbers (`2` before `10`), composite ids part by part. */
function byId(a: string, b: string): number {
  const left = a.split(':').map(Number);
  const right = b.split(':').map(Number);
  for (let index = 0; index < Math.max(left.length, right.length); index++) {
    const difference = (left[index] ?? 0) - (right[index] ?? 0);
    if (difference !== 0 && !Number.isNaN(difference)) return difference;
  }
  return a.localeCompare(b);
}

/**
 * Lists every account of the discoverable types (in parallel, one list per
 * type; the assignment type also reads each IP's assigns), leaving out
 * `Terminated` ones (counted), those the state manages (by account, any
 * address), those `neighbours` manage (another workspace, another state
 * file: listed apart), and those awaiting payment unless `includePending` (reported).
 * Endpoints: each type's list (GET). Errors: an unknown `--type`; the API's.
 */
export async function discoverAccounts(
  catalogue: Catalogue,
  context: OperationContext,
  state: StateDocument,
  options: DiscoveryOptions = {},
  neighbours: NeighbourAccounts = new Map(),
): Promise<Discovery> {
  const types = discoverableTypes(catalogue, options.types);
  const listings = await Promise.all(types.map((type) => listAccounts(type, context)));
  const held = new Map<string, string>();
  for (const [address, resource] of Object.entries(state.resources)) held.set(accountKey(resource.type, resource.id), address);
  const discovery: Discovery = {
    resources: [],
    types: types.map((type) => type.type),
    terminated: {},
    pending: [],
    managed: [],
    managedElsewhere: [],
  };
  types.forEach((type, index) => {
    const listing = listings[index];
    if (listing.terminated > 0) discovery.terminated[type.type] = listing.terminated;
    for (const account of [...listing.accounts].sort((a, b) => byId(a.id, b.id))) {
      const address = held.get(accountKey(type.type, account.id));
      if (address !== undefined) {
        discovery.managed.push({ type: type.type, id: account.id, address });
        continue;
      }
      const elsewhere = neighbours.get(accountKey(type.type, account.id));
      if (elsewhere !== undefined) {
        discovery.managedElsewhere.push({ type: type.type, id: account.id, address: elsewhere.address, managedBy: elsewhere.neighbour });
        continue;
      }
      if (account.awaitingPayment) {
        discovery.pending.push({ type: type.type, id: account.id, adopted: options.includePending === true });
        if (!options.includePending) continue;
      }
      discovery.resources.push({ type, account, attributes: mergeAttributes(type, undefined, account.attributes) });
    }
  });
  return discovery;
}
