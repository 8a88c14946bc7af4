/**
 * The PostgreSQL backend's tables and their migrations. Everything lives in
 * one schema (`cloudctl` by default), created on first use and versioned in
 * `schema_version`: a newer version than this binary knows is an error, an
 * older one is migrated forward.
 * - `workspaces`: one row per workspace: lineage, serial, outputs.
 * - `resources`: one row per managed resource (workspace, address).
 * - `changes`: the change log, one row per persisted round of changes since
 *   the last snapshot (replayed on it at read; `changesSinceSnapshot`).
 * - `journal`: the journal of paid calls, one row per entry.
 * - `locks`: who holds a workspace's lock (pid, host, user, command,
 *   started_at, lock id, and the database session holding it).
 * - `snapshots` (version 2): per workspace, every resource entry at one
 *   serial as one compressed value (snapshot.ts), with
 *   `workspaces.snapshot_serial` naming that serial (NULL: no snapshot, the
 *   rows are read); `workspaces.rows_key` says under which encryption key
 *   every resource row was last written whole (the salt, `none` for
 *   plaintext; NULL: not known, as for a state of version 1).
 *
 * An older cloudctl refuses a newer version: a binary that did not keep the
 * snapshot could otherwise change the rows behind it.
 *
 * A new version adds its tables or columns here, in {@link migrateSchema},
 * for a database at any older version, and raises {@link POSTGRES_SCHEMA_VERSION}.
 */
import type pg from 'pg';
import { StateError } from '../errors.js';

/** The version of the tables this binary reads and writes. */
export const POSTGRES_SCHEMA_VERSION = 2;

/**
 * The tables of schema version 1, by name: their column definitions, in
 * the order they are created.
 */
const TABLES_V1: Readonly<Record<string, string>> = {
  workspaces: [
    'name text PRIMARY KEY',
    'lineage text NOT NULL',
    'serial bigint NOT NULL',
    'format_version integer NOT NULL',
    "outputs json NOT NULL DEFAULT '{}'::json",
    'header json',
    'moved_to text',
    'moved_at timestamptz',
    'created_at timestamptz NOT NULL DEFAULT now()',
  ].join(', '),
  resources: 'workspace text NOT NULL, address text NOT NULL, resource json NOT NULL, PRIMARY KEY (workspace, address)',
  changes: 'workspace text NOT NULL, serial bigint NOT NULL, record json NOT NULL, PRIMARY KEY (workspace, serial)',
  journal: 'workspace text NOT NULL, seq bigserial, entry json NOT NULL, PRIMARY KEY (workspace, seq)',
  locks: [
    'workspace text PRIMARY KEY',
    'id text NOT NULL',
    'pid integer NOT NULL',
    'host text NOT NULL',
    '"user" text NOT NULL',
    'command text NOT NULL',
    'started_at timestamptz NOT NULL',
    'backend_pid integer NOT NULL',
  ].join(', '),
};

/**
 * What cloudctl's own transactions that change `resources` or `changes`
 * begin with: a setting the trigger of {@link toVersion2} reads to tell
 * them from an edit by hand.
 */
export const WRITING_BEGIN = "BEGIN; SET LOCAL cloudctl.writing = 'on'";

/**
 * The statements that take tables of version 1 to version 2 (`table` names
 * a table of the schema). An edit of `resources` or `changes` by anything
 * but cloudctl (a fix by hand in SQL) makes every snapshot of the schema
 * unusable (a statement trigger sets `snapshot_serial` to NULL): the next
 * read reads the rows, as edited, and the next write makes a snapshot of them.
 */
function toVersion2(table: (name: string) => string): string[] {
  const outdated = table('snapshot_outdated');
  return [
    `ALTER TABLE ${table('workspaces')} ADD COLUMN snapshot_serial bigint, ADD COLUMN rows_key text`,
    `CREATE TABLE ${table('snapshots')} (workspace text PRIMARY KEY, serial bigint NOT NULL, format integer NOT NULL, count integer NOT NULL, resources bytea NOT NULL)`,
    // Compressed already (snapshot.ts): stored out of line as it is, never compressed again.
    `ALTER TABLE ${table('snapshots')} ALTER COLUMN resources SET STORAGE EXTERNAL`,
    `CREATE FUNCTION ${outdated}() RETURNS trigger LANGUAGE plpgsql AS $body$
     BEGIN
       IF current_setting('cloudctl.writing', true) IS DISTINCT FROM 'on' THEN
         UPDATE ${table('workspaces')} SET snapshot_serial = NULL WHERE snapshot_serial IS NOT NULL;
       END IF;
       RETURN NULL;
     END
     $body$`,
    ...['resources', 'changes'].map(
      (name) =>
        `CREATE TRIGGER outdates_snapshots AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table(name)} FOR EACH STATEMENT EXECUTE FUNCTION ${outdated}()`,
    ),
  ];
}

/** Quotes an SQL identifier (a schema name: letters, digits and _). @throws StateError on any other name. */
export function identifier(name: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new StateError(`invalid PostgreSQL schema name "${name}": letters, digits and _ only`);
  return `"${name}"`;
}

/**
 * Creates the schema and its tables on first use, migrates an older version
 * forward, refuses a newer one. `client` is a connection of the caller's,
 * used for one transaction; `where` names the database in messages (no password).
 * @throws StateError naming the database.
 */
export async function migrateSchema(client: pg.PoolClient, schema: string, where: string): Promise<void> {
  const table = (name: string) => `${identifier(schema)}.${name}`;
  try {
    // Two runs may prepare at once: serialise on a transaction-scoped advisory lock.
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1, $2)', [0x636c6f75 | 0, 0]);
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${identifier(schema)}`);
    await client.query(`CREATE TABLE IF NOT EXISTS ${table('schema_version')} (version integer NOT NULL)`);
    const { rows } = await client.query<{ version: number }>(`SELECT version FROM ${table('schema_version')}`);
    const current = rows.length === 0 ? 0 : Math.max(...rows.map((row) => row.version));
    if (current > POSTGRES_SCHEMA_VERSION) {
      throw new StateError(
        `the state database ${where} (schema ${schema}) has table version ${current}, newer than this cloudctl understands (${POSTGRES_SCHEMA_VERSION}): upgrade cloudctl`,
      );
    }
    if (current < POSTGRES_SCHEMA_VERSION) {
      if (current < 1)
        for (const [name, columns] of Object.entries(TABLES_V1)) await client.query(`CREATE TABLE ${table(name)} (${columns})`);
      if (current < 2) for (const statement of toVersion2(table)) await client.query(statement);
      await client.query(`DELETE FROM ${table('schema_version')}`);
      await client.query(`INSERT INTO ${table('schema_version')} (version) VALUES ($1)`, [POSTGRES_SCHEMA_VERSION]);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    if (error instanceof StateError) throw error;
    throw new StateError(`cannot prepare the state database ${where}: ${(error as Error).message}`);
  }
}
