/**
 * The PostgreSQL backend's store: the state document as rows (the
 * `workspaces` row: lineage, serial, outputs, header; one `resources` row
 * per address), its compacted snapshot (every entry at one serial as one
 * value of `snapshots`, snapshot.ts) and its change log (`changes`: the
 * records since the snapshot). Persisting a round of changes is one
 * transaction that touches the rows it changes and checks lineage and
 * serial first (compare-and-swap): it costs the size of the change, not of
 * the state. A read is the snapshot and the log since (a few MB, entries
 * parsed on first use), or the rows when there is no usable snapshot.
 */
import type { OutputState, ResourceState, StateDocument } from '../document.js';
import type { StateChangeRecord } from '../contracts.js';
import { movedError, StateError } from '../errors.js';
import { resourceProblems, stateDocumentProblems, summariseProblems } from '../validate.js';
import { transaction, type PostgresConnection, type Queryable } from './connection.js';
import { WRITING_BEGIN } from './schema.js';
import { SNAPSHOT_FORMAT, snapshotBytes, snapshotResources } from './snapshot.js';

function headerJson(header: Record<string, unknown>): string | null {
  return Object.keys(header).length === 0 ? null : JSON.stringify(header);
}

/**
 * The key of a document header's `encryption` member (encryption.ts): its
 * salt, or `none` when its secrets are not encrypted. Rows written under
 * one key hold their secrets encrypted with it (`workspaces.rows_key`).
 */
function rowsKeyOf(header: Record<string, unknown> | null | undefined): string {
  const encryption = header?.encryption as { salt?: unknown } | undefined;
  return typeof encryption?.salt === 'string' ? encryption.salt : 'none';
}

/**
 * The key every resource row is under, from the workspace row: its
 * `rows_key`; when that is not known (a state written by a cloudctl of
 * schema version 1, or rows changed under two keys), `none` for a
 * plaintext header (no row can hold a secret of it) and `null` otherwise
 * (some row may hold a secret in clear: the next write rewrites them all).
 */
function rowsKeyKnown(rowsKey: string | null, header: Record<string, unknown> | null): string | null {
  if (rowsKey !== null) return rowsKey;
  return rowsKeyOf(header) === 'none' ? 'none' : null;
}

/** The workspace row as {@link PostgresStore.read} selects it, with the change log's length. */
interface HeadRow {
  lineage: string;
  serial: string;
  format_version: number;
  outputs: Record<string, OutputState>;
  header: Record<string, unknown> | null;
  moved_to: string | null;
  moved_at: Date | null;
  snapshot_serial: string | null;
  rows_key: string | null;
  changes: string;
}

/** The `snapshots` row of a workspace. */
interface SnapshotRow {
  serial: string;
  format: number;
  count: number;
  resources: Buffer;
}

/** Code-unit order of the first element (an address), as `Array.prototype.sort` orders strings. */
function byAddress(left: [string, unknown], right: [string, unknown]): number {
  return left[0] < right[0] ? -1 : left[0] > right[0] ? 1 : 0;
}

/**
 * The state document of a workspace row and its resources (rows, or,
 * `lazy`, a snapshot's entries with the log replayed, each checked when
 * first read: snapshotAndLog checks those the log set), its shape checked.
 * @throws StateError naming `where` when it is not a valid state document.
 */
function documentOf(row: HeadRow, resources: Record<string, ResourceState>, where: string, lazy: boolean): StateDocument {
  const document = {
    ...(row.header ?? {}),
    format_version: row.format_version,
    lineage: row.lineage,
    serial: Number(row.serial),
    resources,
    outputs: row.outputs,
  } as StateDocument;
  // Each value came as JSON text (the driver parses it): only the shape is checked, a lazy entry's when it is read.
  const problems = stateDocumentProblems(lazy ? { ...document, resources: {} } : document, { parsedJson: true });
  if (problems.length > 0) throw new StateError(`the state in ${where} is not valid: ${problems.join('; ')}`);
  return document;
}

/**
 * What a record's changes leave, in order of application: the last
 * resource set at each address still there (`sets`), the addresses removed
 * last (`removes`), and the last outputs. Written as one upsert and one
 * delete, the rows end as the changes applied one by one would leave them.
 */
export function netChanges(changes: StateChangeRecord['changes']): {
  sets: Array<[string, ResourceState]>;
  removes: string[];
  outputs: Record<string, OutputState> | undefined;
} {
  const last = new Map<string, ResourceState | null>();
  let outputs: Record<string, OutputState> | undefined;
  for (const change of changes) {
    if (change.op === 'set') last.set(change.address, change.resource);
    else if (change.op === 'remove') last.set(change.address, null);
    else outputs = change.outputs;
  }
  const sets: Array<[string, ResourceState]> = [];
  const removes: string[] = [];
  for (const [address, resource] of last) {
    if (resource === null) removes.push(address);
    else sets.push([address, resource]);
  }
  return { sets, removes, outputs };
}

/** Rows written by one statement when the whole state is written (a few MB of parameters at most). */
const UPSERT_BATCH = 2000;

/**
 * A resource entry of the snapshot, parsed and checked on first use.
 * @throws StateError naming `where` and the entry when it is not valid.
 */
function snapshotEntry(text: string, address: string, where: string): ResourceState {
  let entry: unknown;
  try {
    entry = JSON.parse(text);
  } catch (error) {
    throw new StateError(`the state in ${where} is not valid: invalid JSON at resources.${address} (${(error as Error).message})`);
  }
  const problems = resourceProblems(address, entry, { parsedJson: true });
  if (problems.length > 0) throw new StateError(`the state in ${where} is not valid: ${summariseProblems(problems)}`);
  return entry as ResourceState;
}

/** The state document and change log of one database workspace (see the module comment). */
export class PostgresStore {
  /**
   * The change log's records the snapshot lacks, as of the last read plus
   * the appends since; when the state has no usable snapshot, or its rows
   * may hold secrets in clear under an encrypted header, the rows count
   * too (so the store's next write, soon, writes the snapshot, or
   * rewrites every row: StateStore compacts when this is large).
   */
  private changeCount = 0;

  constructor(private readonly db: PostgresConnection) {}

  /**
   * Reads the workspace's state in one read-only REPEATABLE READ
   * transaction (one snapshot of the database: a writer committing
   * meanwhile is seen entirely or not at all): its row, then its snapshot
   * and the change log's records since (replayed on the snapshot's
   * entries, each parsed on first use), or, when there is no usable
   * snapshot (none yet, damaged, or the log does not reach the row's
   * serial), every resource row. Only the document's shape is checked:
   * the values came as JSON text.
   * @throws StateError naming the database when the state is not valid;
   *   the moved error when the workspace was migrated away.
   */
  async read(): Promise<StateDocument | null> {
    return this.db.reader((client) =>
      transaction(
        client,
        async () => {
          const head = await client.query<HeadRow>(
            `SELECT lineage, serial, format_version, outputs, header, moved_to, moved_at, snapshot_serial, rows_key,
               (SELECT count(*) FROM ${this.db.table('changes')} WHERE workspace = $1) AS changes
             FROM ${this.db.table('workspaces')} WHERE name = $1`,
            [this.db.workspace],
          );
          if (head.rows.length === 0) return null;
          const row = head.rows[0]!;
          if (row.moved_to !== null)
            throw movedError(this.db.describe(), { to: row.moved_to, moved_at: row.moved_at ? new Date(row.moved_at).toISOString() : '' });
          const fromSnapshot = row.snapshot_serial === null ? undefined : await this.snapshotAndLog(client, row);
          const resources = fromSnapshot?.resources ?? (await this.resourceRows(client));
          this.changeCount = fromSnapshot?.records ?? Number(row.changes) + Object.keys(resources).length;
          // Rows that may hold secrets in clear under an encrypted header: the next write rewrites them all.
          if (rowsKeyKnown(row.rows_key, row.header) === null) this.changeCount += Object.keys(resources).length;
          return documentOf(row, resources, this.db.describe(), fromSnapshot !== undefined);
        },
        'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY',
      ),
    );
  }

  /**
   * Every resource row of the workspace, by a sequential scan (the primary
   * key's index would visit the table in index order, several times the
   * server's work at 100,000 rows), sorted here by address (code-unit
   * order, as the local backend's snapshot).
   */
  private async resourceRows(client: Queryable): Promise<Record<string, ResourceState>> {
    const { rows } = await client.query<[string, ResourceState]>({
      text: `SELECT address, resource FROM ${this.db.table('resources')} WHERE workspace = $1`,
      values: [this.db.workspace],
      rowMode: 'array',
    });
    rows.sort(byAddress);
    // fromEntries defines each address as an own property: `__proto__` is an address like any other.
    return Object.fromEntries(rows) as Record<string, ResourceState>;
  }

  /**
   * The resources of the workspace's snapshot with the change log's
   * records since replayed on them (in serial order), and how many records
   * that was; undefined when the snapshot is missing, not the one the row
   * names, of another layout, damaged, or the log does not end at the
   * row's serial (then the rows are read: they always hold the state).
   */
  private async snapshotAndLog(
    client: Queryable,
    row: HeadRow,
  ): Promise<{ resources: Record<string, ResourceState>; records: number } | undefined> {
    const snapshots = await client.query<SnapshotRow>(
      `SELECT serial, format, count, resources FROM ${this.db.table('snapshots')} WHERE workspace = $1`,
      [this.db.workspace],
    );
    const snapshot = snapshots.rows[0];
    if (snapshot === undefined || snapshot.serial !== row.snapshot_serial || snapshot.format !== SNAPSHOT_FORMAT) return undefined;
    const log = await client.query<{ serial: string; record: StateChangeRecord }>(
      `SELECT serial, record FROM ${this.db.table('changes')} WHERE workspace = $1 AND serial > $2 ORDER BY serial`,
      [this.db.workspace, snapshot.serial],
    );
    const last = log.rows.length === 0 ? snapshot.serial : log.rows[log.rows.length - 1]!.serial;
    if (Number(last) !== Number(row.serial)) return undefined;
    const where = this.db.describe();
    const changed = new Map<string, ResourceState | null>();
    for (const { record } of log.rows) {
      if (record?.lineage !== row.lineage || !Array.isArray(record.changes)) return undefined;
      for (const change of record.changes) {
        if (change.op === 'remove') changed.set(change.address, null);
        if (change.op !== 'set') continue;
        const problems = resourceProblems(change.address, change.resource, { parsedJson: true });
        if (problems.length > 0) throw new StateError(`the state in ${where} is not valid: ${summariseProblems(problems)}`);
        changed.set(change.address, change.resource);
      }
    }
    try {
      const entry = (text: string, address: string) => snapshotEntry(text, address, where);
      const resources = snapshotResources(snapshot.resources, snapshot.count, changed, entry);
      return { resources, records: log.rows.length };
    } catch {
      return undefined; // damaged: the rows are read
    }
  }

  /**
   * Replaces the workspace's state with `document` in one transaction:
   * refused when the stored lineage differs (another state) or the stored
   * serial is newer (the state moved underneath this writer). O(size of
   * the state): the rows, in statements of {@link UPSERT_BATCH}, and the
   * snapshot. When the stored serial is the document's and every row is
   * under the document's key (the rows hold it already: every change was
   * persisted as it happened), only the snapshot is written and the change
   * log emptied (a compaction: no row is touched).
   * @throws StateError on a lineage or serial conflict, or a lost lock.
   */
  async write(document: StateDocument): Promise<void> {
    const problems = stateDocumentProblems(document);
    if (problems.length > 0) throw new StateError(`refusing to write an invalid state document: ${problems.join('; ')}`);
    await this.db.writer((client) =>
      transaction(
        client,
        async () => {
          const head = await this.lockedHead(client);
          if (head && head.lineage !== document.lineage) {
            throw new StateError(
              `refusing to write state of lineage ${document.lineage} over ${this.db.describe()}, which holds lineage ${head.lineage}`,
            );
          }
          if (head && head.serial > document.serial) {
            throw new StateError(
              `refusing to write serial ${document.serial} over ${this.db.describe()}, which is at serial ${head.serial}: the state moved underneath this run`,
            );
          }
          const { format_version, lineage, serial, resources, outputs, ...header } = document;
          const key = rowsKeyOf(header);
          if (head && head.serial === serial && head.rowsKey === key) {
            // The rows already hold this serial, their secrets under the document's key.
            await client.query(
              `UPDATE ${this.db.table('workspaces')} SET outputs = $2, header = $3, snapshot_serial = $4 WHERE name = $1`,
              [this.db.workspace, JSON.stringify(outputs), headerJson(header), serial],
            );
          } else {
            await client.query(
              `INSERT INTO ${this.db.table('workspaces')} (name, lineage, serial, format_version, outputs, header, snapshot_serial, rows_key)
             VALUES ($1, $2, $3, $4, $5, $6, $3, $7)
             ON CONFLICT (name) DO UPDATE SET serial = EXCLUDED.serial, format_version = EXCLUDED.format_version, outputs = EXCLUDED.outputs,
               header = EXCLUDED.header, snapshot_serial = EXCLUDED.snapshot_serial, rows_key = EXCLUDED.rows_key`,
              [this.db.workspace, lineage, serial, format_version, JSON.stringify(outputs), headerJson(header), key],
            );
            await client.query(`DELETE FROM ${this.db.table('resources')} WHERE workspace = $1 AND NOT (address = ANY($2::text[]))`, [
              this.db.workspace,
              Object.keys(resources),
            ]);
            await this.upsertResources(client, Object.entries(resources));
          }
          await this.writeSnapshot(client, serial, resources);
          await client.query(`DELETE FROM ${this.db.table('changes')} WHERE workspace = $1`, [this.db.workspace]);
        },
        WRITING_BEGIN,
      ),
    );
    this.changeCount = 0;
  }

  /** Writes `resources` as the workspace's snapshot at `serial` (replacing the one it had), in the caller's transaction. */
  private async writeSnapshot(client: Queryable, serial: number, resources: Record<string, ResourceState>): Promise<void> {
    const { bytes, count } = snapshotBytes(resources);
    await client.query(
      `INSERT INTO ${this.db.table('snapshots')} (workspace, serial, format, count, resources) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (workspace) DO UPDATE SET serial = EXCLUDED.serial, format = EXCLUDED.format, count = EXCLUDED.count,
         resources = EXCLUDED.resources`,
      [this.db.workspace, serial, SNAPSHOT_FORMAT, count, bytes],
    );
  }

  /**
   * Persists one round of changes in one transaction, touching only the rows
   * it changes (and the change log; the snapshot stays as it is), after a
   * compare-and-swap on lineage and serial. Rows changed under another key
   * than the others' make the rows' key unknown (every row is rewritten at
   * the next whole write).
   * @throws StateError when the lineage differs, the stored serial is not
   *   older than the record's (another writer moved the state), or the lock
   *   was lost.
   */
  async appendChanges(record: StateChangeRecord): Promise<void> {
    const key = rowsKeyOf(record as unknown as Record<string, unknown>);
    await this.db.writer((client) =>
      transaction(
        client,
        async () => {
          let head = await this.lockedHead(client);
          if (!head) {
            // The first change of a new state: the workspace row starts with it, its snapshot empty at serial 0.
            await client.query(
              `INSERT INTO ${this.db.table('workspaces')} (name, lineage, serial, format_version, snapshot_serial, rows_key) VALUES ($1, $2, 0, 1, 0, $3)`,
              [this.db.workspace, record.lineage, key],
            );
            await this.writeSnapshot(client, 0, {});
            head = { lineage: record.lineage, serial: 0, rowsKey: key };
          }
          if (head.lineage !== record.lineage)
            throw new StateError(
              `refusing changes of lineage ${record.lineage} for ${this.db.describe()}, which holds lineage ${head.lineage}`,
            );
          if (head.serial >= record.serial) {
            throw new StateError(
              `refusing changes of serial ${record.serial} for ${this.db.describe()}, which is already at serial ${head.serial}: the state moved underneath this run`,
            );
          }
          const { sets, removes, outputs } = netChanges(record.changes);
          await this.upsertResources(client, sets);
          if (removes.length > 0)
            await client.query(`DELETE FROM ${this.db.table('resources')} WHERE workspace = $1 AND address = ANY($2::text[])`, [
              this.db.workspace,
              removes,
            ]);
          // The workspace row moves to the record's serial, and the record joins the log, in one statement.
          const values: unknown[] = [this.db.workspace, record.serial, JSON.stringify(record)];
          const set = ['serial = $2'];
          if (outputs !== undefined) set.push(`outputs = $${values.push(JSON.stringify(outputs))}`);
          if (record.encryption !== undefined) set.push(`header = $${values.push(headerJson({ encryption: record.encryption }))}`);
          if (sets.length > 0 && head.rowsKey !== key) set.push('rows_key = NULL');
          await client.query(
            `WITH moved AS (UPDATE ${this.db.table('workspaces')} SET ${set.join(', ')} WHERE name = $1)
           INSERT INTO ${this.db.table('changes')} (workspace, serial, record) VALUES ($1, $2, $3)`,
            values,
          );
        },
        WRITING_BEGIN,
      ),
    );
    this.changeCount += 1;
  }

  changesSinceSnapshot(): number {
    return this.changeCount;
  }

  /**
   * The workspace row's lineage, serial and the key every resource row is
   * under (`null`: not known, see {@link rowsKeyKnown}), locked for this
   * transaction; `undefined` when there is no state yet.
   */
  private async lockedHead(client: Queryable): Promise<{ lineage: string; serial: number; rowsKey: string | null } | undefined> {
    const { rows } = await client.query<{
      lineage: string;
      serial: string;
      rows_key: string | null;
      header: Record<string, unknown> | null;
    }>(`SELECT lineage, serial, rows_key, header FROM ${this.db.table('workspaces')} WHERE name = $1 FOR UPDATE`, [this.db.workspace]);
    if (rows.length === 0) return undefined;
    const row = rows[0]!;
    return { lineage: row.lineage, serial: Number(row.serial), rowsKey: rowsKeyKnown(row.rows_key, row.header) };
  }

  /**
   * Writes `entries` (address, resource) as rows, {@link UPSERT_BATCH} to a
   * statement (one round trip each). Each batch goes as one JSON object
   * (`{address: resource}`) that the server splits with `json_each`: one
   * JSON text to make and to parse, where an array parameter of JSON texts
   * would be escaped element by element on both sides (several times the
   * cost at 100,000 resources). A `json` value keeps its text as given.
   */
  private async upsertResources(client: Queryable, entries: Array<[string, ResourceState]>): Promise<void> {
    for (let start = 0; start < entries.length; start += UPSERT_BATCH) {
      const batch = entries.slice(start, start + UPSERT_BATCH);
      await client.query(
        `INSERT INTO ${this.db.table('resources')} (workspace, address, resource)
         SELECT $1, key, value FROM json_each($2::json)
         ON CONFLICT (workspace, address) DO UPDATE SET resource = EXCLUDED.resource`,
        // fromEntries defines each address as an own property: `__proto__` is an address like any other.
        [this.db.workspace, JSON.stringify(Object.fromEntries(batch))],
      );
    }
  }

  /**
   * The workspace row's lineage, serial and move marker, without reading
   * the state; `null` when the workspace has no state.
   */
  async head(): Promise<{ lineage: string; serial: number; movedTo: string | null } | null> {
    return this.db.reader(async (client) => {
      const { rows } = await client.query<{ lineage: string; serial: string; moved_to: string | null }>(
        `SELECT lineage, serial, moved_to FROM ${this.db.table('workspaces')} WHERE name = $1`,
        [this.db.workspace],
      );
      return rows.length === 0 ? null : { lineage: rows[0]!.lineage, serial: Number(rows[0]!.serial), movedTo: rows[0]!.moved_to };
    });
  }

  /** Marks the workspace's state as moved to `to` (a description without secrets): every later read refuses, naming it. */
  async markMoved(to: string): Promise<void> {
    await this.db.writer((client) =>
      client.query(`UPDATE ${this.db.table('workspaces')} SET moved_to = $2, moved_at = now() WHERE name = $1`, [this.db.workspace, to]),
    );
  }

  /** Removes every row of the workspace (its state, change log and journal), whatever it manages: only for `state migrate`. */
  async discard(): Promise<void> {
    await this.db.writer((client) =>
      transaction(
        client,
        async () => {
          for (const name of ['resources', 'snapshots', 'changes', 'journal'])
            await client.query(`DELETE FROM ${this.db.table(name)} WHERE workspace = $1`, [this.db.workspace]);
          await client.query(`DELETE FROM ${this.db.table('workspaces')} WHERE name = $1`, [this.db.workspace]);
        },
        WRITING_BEGIN,
      ),
    );
  }

  /** Workspace names that have state, sorted. */
  async workspaces(): Promise<string[]> {
    return this.db.reader(async (client) => {
      const { rows } = await client.query<{ name: string }>(
        `SELECT name FROM ${this.db.table('workspaces')} WHERE moved_to IS NULL ORDER BY name`,
      );
      return rows.map((row) => row.name);
    });
  }

  /**
   * Deletes this workspace's state, journal, log and lock row.
   * @throws StateError when it still manages resources.
   */
  async deleteWorkspace(): Promise<void> {
    await this.db.writer((client) =>
      transaction(
        client,
        async () => {
          const { rows } = await client.query<{ count: string }>(
            `SELECT count(*) AS count FROM ${this.db.table('resources')} WHERE workspace = $1`,
            [this.db.workspace],
          );
          if (Number(rows[0]!.count) > 0)
            throw new StateError(
              `workspace ${this.db.workspace} still manages ${rows[0]!.count} resources: destroy them or 'cloudctl state rm' them first`,
            );
          for (const name of ['snapshots', 'changes', 'journal', 'locks'])
            await client.query(`DELETE FROM ${this.db.table(name)} WHERE workspace = $1`, [this.db.workspace]);
          await client.query(`DELETE FROM ${this.db.table('workspaces')} WHERE name = $1`, [this.db.workspace]);
        },
        WRITING_BEGIN,
      ),
    );
  }
}
