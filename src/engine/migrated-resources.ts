/**
 * Moving a migrated resource to the type it became (`cloudctl state mv`
 * across types): a lite VM marked migrated (`ResourceState.migrated`, the
 * paid `migrate_to_pro` trigger placed) is replaced in state by the lite
 * pro account it turned into, found by listing and then read, never
 * ordered. What links the two is data: the trigger policy's `becomes` and
 * `becomesFound` (src/resources/attribute.ts).
 */
import type { Attributes } from '../core/types.js';
import type { ResourceState } from '../state/document.js';
import type { MigrationMatch, OperationContext, ResourceType } from '../resources/attribute.js';
import { mergeAttributes } from './attributes.js';
import { sameValue } from './diff.js';
import { showsValue } from './held.js';

/** What {@link findMigrated} found: the new resource's id and its attributes as state records them. */
export interface MigratedResource {
  id: string;
  attributes: Attributes;
  /** How it was matched, in words (for the command's output). */
  matchedBy: string;
}

/** A move across types that cannot be done; the message says why and what to do. */
export class MigrationMoveError extends Error {
  /** Stable identifier (docs/automation.md, "Errors"). */
  readonly code = 'migration_move_refused';
  constructor(message: string) {
    super(message);
    this.name = 'MigrationMoveError';
  }
}

/** The trigger policy of a migrated entry's mark: its `becomes` type and how that is found. Errors: MigrationMoveError when the type declares none. */
export function migrationOf(fromType: ResourceType, from: ResourceState): { toType: string; match: MigrationMatch } {
  const mark = from.migrated;
  const policy = mark ? fromType.attributes[mark.attribute]?.policy : undefined;
  if (!mark || policy?.kind !== 'trigger' || policy.becomes === undefined || !policy.becomesFound) {
    throw new MigrationMoveError(`${fromType.type} ${from.id} is not marked migrated to another type`);
  }
  return { toType: policy.becomes, match: policy.becomesFound };
}

/**
 * Finds the resource a migrated entry `from` (of `fromType`) became among
 * the live resources of `toType` that state does not manage yet
 * (`managedIds`), then reads it. The one with `from`'s id wins; else
 * exactly one must have the trigger's value as its `valueAs` attribute and
 * `from`'s `same` attributes.
 * Endpoints: `toType.list` (GET of its list), then `toType.read` (GET by id).
 * Errors: MigrationMoveError when none or several match (nothing is
 * written), or the type cannot be listed; the API's errors.
 */
export async function findMigrated(
  context: OperationContext,
  fromType: ResourceType,
  from: ResourceState,
  toType: ResourceType,
  managedIds: ReadonlySet<string>,
): Promise<MigratedResource> {
  const { match } = migrationOf(fromType, from);
  const mark = from.migrated!;
  if (!toType.list) throw new MigrationMoveError(`${toType.type} cannot be listed, so the migrated resource cannot be found`);
  const live = (await toType.list(context)).filter((listed) => !managedIds.has(listed.id));
  const wanted = [
    `${match.valueAs} ${JSON.stringify(mark.value)}`,
    ...match.same.filter((name) => from.attributes[name] !== undefined).map((name) => `${name} ${JSON.stringify(from.attributes[name])}`),
  ].join(', ');
  let found = live.filter((listed) => listed.id === from.id);
  let matchedBy = `the same account id ${from.id}`;
  if (found.length === 0) {
    matchedBy = wanted;
    found = live.filter(
      (listed) =>
        showsValue(listed.attributes[match.valueAs], mark.value) &&
        match.same.every((name) => from.attributes[name] === undefined || sameValue(listed.attributes[name], from.attributes[name])),
    );
  }
  if (found.length !== 1) {
    const how =
      found.length === 0
        ? `no ${toType.type} that cloudctl does not manage yet has the id ${from.id} or ${wanted} (it may not be listed yet: try again in a while)`
        : `${found.length} ${toType.type} match ${wanted} (ids ${found.map((listed) => listed.id).join(', ')})`;
    throw new MigrationMoveError(
      `${how}; nothing was changed. If you know its id: cloudctl state rm, then cloudctl import ${toType.type}.NAME ID`,
    );
  }
  const id = found[0]!.id;
  const read = await toType.read(context, id, undefined);
  if (read === null)
    throw new MigrationMoveError(`${toType.type} ${id} was listed, then not found by id (404 or Terminated); nothing was changed`);
  return { id, attributes: mergeAttributes(toType, undefined, read), matchedBy };
}
