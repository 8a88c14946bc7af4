/**
 * `cloudctl state mv FROM TO [MANIFEST]` across types: a lite VM marked
 * migrated (`migrate_to_pro` placed) becomes the `cloud_lite_pro_vm` it
 * turned into. The lite pro account is found by listing and read
 * (src/engine/migrated-resources.ts), never ordered; with MANIFEST, TO's block must
 * be of that type. Any other change of type is refused. The front door
 * (engine.ts, `Engine.moveState`) runs it under the lock, after reconciling.
 */
import { blockAddress } from '../core/address.js';
import type { ResourceState } from '../state/document.js';
import { findMigrated, migrationOf, MigrationMoveError } from './migrated-resources.js';
import type { Catalogue, LoadedManifest } from '../manifest/index.js';
import type { StateStore } from '../state/index.js';
import type { Connection } from './connection.js';

/**
 * The type of the manifest's block for `address` (`web[0]` → block `web`).
 * Errors: MigrationMoveError when the manifest has no such block.
 */
export function destinationType(loaded: LoadedManifest, address: string): string {
  const wanted = blockAddress(address);
  const block = Object.values(loaded.manifest.resources).find((candidate) => candidate.address === wanted);
  if (!block) throw new MigrationMoveError(`${loaded.manifest.path} has no resource block "${wanted}" to move to; nothing was changed`);
  return block.type;
}

/**
 * Refuses a move of `source` to a block of `toType` when the types differ
 * (only a migrated resource changes type, see {@link moveMigrated}).
 * Errors: MigrationMoveError naming both types.
 */
export function checkSameType(from: string, source: ResourceState, to: string, toType: string | undefined): void {
  if (toType === undefined || toType === source.type) return;
  throw new MigrationMoveError(
    `cannot move ${from} (${source.type}) to ${to} (${toType}): state mv changes the type only of a resource migrated to it ` +
      `(a cloud_lite_vm after migrate_to_pro, to cloud_lite_pro_vm); nothing was changed`,
  );
}

/** What a move of a migrated entry did: the account it found and how it matched. */
export interface MigratedMove {
  fromType: string;
  fromId: string;
  toType: string;
  id: string;
  matchedBy: string;
}

/**
 * Moves the migrated entry `from` to `to` as the resource it became: finds
 * the new account by listing its type, reads it and writes it at `to`
 * (replacing `from`). Nothing is ordered or changed in the cloud.
 * Endpoints: GET of the new type's list, GET of the found account.
 * Errors: MigrationMoveError (not migrated, destination of another type,
 * `to` taken, none or several accounts match: nothing written); the API's.
 */
export async function moveMigrated(
  session: { store: StateStore; connection: Connection; catalogue: Catalogue },
  from: string,
  to: string,
  loaded: LoadedManifest | undefined,
): Promise<MigratedMove> {
  const { store, connection } = session;
  const source = store.resource(from);
  if (!source) throw new Error(`no resource "${from}" in state`);
  const fromType = session.catalogue.resource(source.type);
  if (!fromType) throw new Error(`${from}: the state holds unknown type "${source.type}"`);
  const { toType: toName } = migrationOf(fromType, source);
  const wanted = loaded ? destinationType(loaded, to) : toName;
  if (wanted !== toName) {
    throw new MigrationMoveError(
      `${from} was migrated to ${toName}, so it moves to a ${toName} block, not ${to} (${wanted}): change the block's type to ${toName}; nothing was changed`,
    );
  }
  if (to !== from && store.resource(to)) throw new MigrationMoveError(`"${to}" is already in state; nothing was changed`);
  const toType = session.catalogue.resource(toName)!;
  const managed = new Set(
    Object.values(store.document.resources)
      .filter((resource) => resource.type === toName)
      .map((resource) => resource.id),
  );
  const found = await findMigrated(connection.context(), fromType, source, toType, managed);
  await store.setResource(to, { type: toName, id: found.id, attributes: found.attributes, dependencies: [] });
  if (to !== from) await store.removeResource(from);
  return { fromType: source.type, fromId: source.id, toType: toName, id: found.id, matchedBy: found.matchedBy };
}
