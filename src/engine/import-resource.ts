/**
 * `Engine.import` (engine.ts): adopts one existing resource into state at
 * an address, read by its id; nothing is ordered. The front door opens the
 * session (lock, connection, reconciliation); this checks the target and
 * records what the read returned.
 */
import { canonicalAddress } from '../core/address.js';
import type { Catalogue } from '../manifest/index.js';
import type { ResourceType } from '../resources/attribute.js';
import { mergeAttributes } from './attributes.js';
import type { ImportResult } from './engine-options.js';
import { importYaml } from './import-config.js';
import { maskedAttributes } from './masked-state.js';
import type { Session } from './session.js';

/** What to import: the type, the canonical address and the id as state keeps it. */
export interface ImportTarget {
  type: ResourceType;
  address: string;
  id: string;
}

/**
 * Checks `type` (any spelling), `address` and `id`, before anything is opened.
 * @throws Error on an unknown type or an address that is not a resource's.
 */
export function importTarget(catalogue: Catalogue, type: string, address: string, id: string): ImportTarget {
  const resourceType = catalogue.resource(type);
  if (!resourceType) throw new Error(`unknown resource type "${type}" (examples: lite_vm, cloud_lite_vm, cloud:index:LiteVm)`);
  const canonical = canonicalAddress(address);
  if (canonical === undefined || canonical.startsWith('data.')) throw new Error(`"${address}" is not a valid resource address`);
  return { type: resourceType, address: canonical, id: resourceType.parseImportId ? resourceType.parseImportId(id) : id };
}

/**
 * Reads `target` and records it in the session's state. Endpoint: the
 * type's read (GET).
 * @throws Error when the address or the id is in state already, or the
 *   resource is not found (404, absent or Terminated).
 */
export async function importInto(session: Session, target: ImportTarget): Promise<ImportResult> {
  const { type, address, id } = target;
  const store = session.state.store;
  const existing = store.resource(address);
  if (existing)
    throw new Error(
      `"${address}" is already in state (${existing.type} ${existing.id}); remove it with 'cloudctl state rm ${address}' or pick another name`,
    );
  const [other] = store.holders(type.type, id);
  if (other !== undefined) throw new Error(`${type.type} ${id} is already managed as "${other}"`);
  const read = await type.read(session.connection.context(), id, undefined);
  if (read === null) throw new Error(`${type.type} ${id} was not found (404, absent or Terminated)`);
  const attributes = mergeAttributes(type, undefined, read);
  await store.setResource(address, { type: type.type, id, attributes, dependencies: [] });
  const masked = maskedAttributes(type, attributes);
  return { type: type.type, address, id, attributes: masked, config: importYaml(type, address, masked) };
}
