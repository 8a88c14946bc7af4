/**
 * What the language server reads of a workspace's state: the addresses it
 * holds (a rename adds a `moved:` entry for them) and each resource's id
 * and plain attributes (a code action turns a hard-coded id into a
 * reference). Read through the state store as `cloudctl state list` reads
 * it: no lock taken, nothing written, no API call; sensitive attributes
 * (the catalogue's, and those marked in state) are left out, and an
 * error's message is the state layer's (which never holds a secret).
 */
import type { Value } from '../core/types.js';
import { catalogueSensitivity } from '../state/index.js';
import { openWorkspaceState, resolveWorkspace, type BackendBlock } from '../state/workspace.js';

/** A resource of the state as the language server sees it. */
export interface StateResource {
  /** Its address: `web`, `web[0]`, `cluster.web`. */
  address: string;
  type: string;
  id: string;
  /** Its attributes, sensitive ones left out. */
  attributes: Record<string, Value>;
}

/** Where to read a state from. */
export interface StateSource {
  /** The folder `cloudctl` runs in (the workspace's root folder): `.cloudctl/` is found there. */
  cwd: string;
  /** The environment (CLOUDCTL_WORKSPACE, CLOUDCTL_BACKEND, PG*, CLOUDCTL_STATE_PASSPHRASE). */
  env: Readonly<Record<string, string | undefined>>;
  /** The manifest's `backend:` block, when it has one. */
  backend?: BackendBlock;
}

/** What reading a state found: its resources (none when there is no state yet), or why it could not be read. */
export type StateRead = { resources: StateResource[] } | { error: string };

/**
 * The resources of the state the CLI would use in `source.cwd` (the
 * workspace selected there, the backend the environment or the manifest
 * names), without taking its lock. A state that does not exist yet has no
 * resources; one that cannot be read (a missing workspace, a damaged
 * state, an unreachable database, a missing passphrase) resolves with
 * `error` saying why (a rename then refuses rather than leave the money
 * unguarded). Never rejects.
 */
export async function readStateResources(source: StateSource): Promise<StateRead> {
  let opened: Awaited<ReturnType<typeof openWorkspaceState>> | undefined;
  try {
    const workspace = resolveWorkspace({}, { cwd: source.cwd, env: source.env });
    opened = await openWorkspaceState(workspace, source.env, { block: source.backend });
    const resources: StateResource[] = [];
    for (const address of opened.store.addresses()) {
      const resource = opened.store.resource(address)!;
      const marked = new Set(resource.sensitive_attributes ?? []);
      const attributes: Record<string, Value> = {};
      for (const [name, value] of Object.entries(resource.attributes)) {
        if (!marked.has(name) && !catalogueSensitivity(resource.type, name)) attributes[name] = value as Value;
      }
      resources.push({ address, type: resource.type, id: resource.id, attributes });
    }
    return { resources };
  } catch (error) {
    return { error: (error as Error).message };
  } finally {
    await opened?.close().catch(() => undefined);
  }
}
