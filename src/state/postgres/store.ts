/**
 * The PostgreSQL backend's store: the state document as rows (the
 * `workspaces` row: lineage, serial, outputs, header; one `resources` row
 * per address) and its change log (`changes`). Persisting a round of
 * changes is one transaction that touches the rows it changes and checks
 * lineage and serial first (compare-and-swap): it costs the size of the
 * change, not of the state.
 */
import type { OutputState, ResourceState, StateDocument } from '../document.js';
import type { StateChangeRecord } from '../contracts.js';
import { movedError, StateError } from '../errors.js';
import { stateDocumentProblems } from '../validate.js';
import { transaction, type PostgresConnection, type Queryable } from './connection.js';

function headerJson(header: Record<string, unknown>): string | null {
  return Object.keys(header).length === 0 ? null : JSON.stringify(header);
}

/**
 * The key salt of a document header's `encryption` member (encryption.ts),
 * `null` when its secrets are not encrypted: rows written under one salt
 * hold their secrets encrypted with that key.
 */
function encryptionSaltOf(header: Record<string, unknown> | null): string | null {
  const encryption = header?.encryption as { salt?: unknown } | undefined;
  return typeof encryption?.salt === 'string' ? encryption.salt : null;
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
  changes: string;
}

/** Code-unit order of the first element (an address), as `Array.prototype.sort` orders strings. */
function byAddress(left: [string, unknown], right: [string, unknown]): number {
  return left[0] < right[0] ? -1 : left[0] > right[0] ? 1 : 0;
}

/**
 * The state document of a workspace row and its resource rows
 * (`[address, resource]`, sorted here), its shape checked.
 * @throws StateError naming `where` when it is not a valid state document.
 */
function documentOf(row: HeadRow, resourceRows: Array<[string, ResourceState]>, where: string): StateDocument {
  resourceRows.sort(byAddress);
  const document = {
    ...(row.header ?? {}),
    format_version: row.format_version,
    lineage: row.lineage,
    serial: Number(row.serial),
    // fromEntries defines each address as an own property: `__proto__` is an address like any other.
    resources: Object.fromEntries(resourceRows) as Record<string, ResourceState>,
    outputs: row.outputs,
  } as StateDocument;
  // Each row came as JSON text (the driver parses it): only the shape is checked.
  const problems = stateDocumentProblems(document, { parsedJson: true });
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

/** The state document and change log of one database workspace (see the module comment). */
export class PostgresStore {
  private changeCount = 0;
  /**
   * The encryption salt of the rows this store read or wrote whole
   * (`null`: written without encryption; `undefined`: none read yet). A
   * whole write at the stored serial leaves the rows as they are only when
   * they are under the same key as the document written: a run that starts
   * encrypting a plaintext state rewrites every row, as the local backend
   * rewrites its file.
   */
  private rowsEncryptedWith: string | null | undefined = undefined;

  constructor(private readonly db: PostgresConnection) {}

  /**
   * Reads the workspace's state: its row, then every resource row, in one
   * read-only REPEATABLE READ transaction (one snapshot of the database:
   * a writer committing meanwhile is seen entirely or not at all). The
   * resource rows come in one sequential scan (the primary key's index
   * would visit the table in index order, several times the server's work
   * at 100,000 rows) and are sorted here by address (code-unit order, as
   * the local backend's snapshot). Only the document's shape is checked:
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
            `SELECT lineage, serial, format_version, outputs, header, moved_to, moved_at,
               (SELECT count(*) FROM ${this.db.table('changes')} WHERE workspace = $1) AS changes
             FROM ${this.db.table('workspaces')} WHERE name = $1`,
            [this.db.workspace],
          );
          if (head.rows.length === 0) return null;
          const row = head.rows[0]!;
          if (row.moved_to !== null)
            throw movedError(this.db.describe(), { to: row.moved_to, moved_at: row.moved_at ? new Date(row.moved_at).toISOString() : '' });
          const rows = await client.query<[string, ResourceState]>({
            text: `SELECT address, resource FROM ${this.db.table('resources')} WHERE workspace = $1`,
            values: [this.db.workspace],
            rowMode: 'array',
          });
          this.changeCount = Number(row.changes);
          this.rowsEncryptedWith = encryptionSaltOf(row.header);
          return documentOf(row, rows.rows, this.db.describe());
        },
        'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY',
      ),
    );
  }

  /**
   * Replaces the workspace's state with `document` in one transaction:
   * refused when the stored lineage differs (another state) or the stored
   * serial is newer (the state moved underneath this writer). O(size of
   * the state), in statements of {@link UPSERT_BATCH} rows; O(1) when the
   * stored serial is the document's (the rows hold it already: the change
   * log is emptied, the end of a run that persisted every change).
   * @throws StateError on a lineage or serial conflict, or a lost lock.
   */
  async write(document: StateDocument): Promise<void> {
    const problems = stateDocumentProblems(document);
    if (problems.length > 0) throw new StateError(`refusing to write an invalid state document: ${problems.join('; ')}`);
    await this.db.writer((client) =>
      transaction(client, async () => {
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
        if (head && head.serial === serial && this.rowsEncryptedWith !== undefined && this.rowsEncryptedWith === encryptionSaltOf(header)) {
          // The rows already hold this serial (every change was persisted as it
          // happened, in the transaction that moved the serial on), their secrets
          // under the document's key: only the log is emptied, in O(1) whatever
          // the size of the state.
          await client.query(`UPDATE ${this.db.table('workspaces')} SET outputs = $2, header = $3 WHERE name = $1`, [
            this.db.workspace,
            JSON.stringify(outputs),
            headerJson(header),
          ]);
          await client.query(`DELETE FROM ${this.db.table('changes')} WHERE workspace = $1`, [this.db.workspace]);
          return;
        }
        await client.query(
          `INSERT INTO ${this.db.table('workspaces')} (name, lineage, serial, format_version, outputs, header) VALUES ($1, $2, $3, $4, $5, $6)
           ON CONFLICT (name) DO UPDATE SET serial = EXCLUDED.serial, format_version = EXCLUDED.format_version, outputs = EXCLUDED.outputs, header = EXCLUDED.header`,
          [this.db.workspace, lineage, serial, format_version, JSON.stringify(outputs), headerJson(header)],
        );
        await client.query(`DELETE FROM ${this.db.table('resources')} WHERE workspace = $1 AND NOT (address = ANY($2::text[]))`, [
          this.db.workspace,
          Object.keys(resources),
        ]);
        await this.upsertResources(client, Object.entries(resources));
        await client.query(`DELETE FROM ${this.db.table('changes')} WHERE workspace = $1`, [this.db.workspace]);
      }),
    );
    this.changeCount = 0;
    this.rowsEncryptedWith = encryptionSaltOf(document as unknown as Record<string, unknown>); // its header members are top-level
  }

  /**
   * Persists one round of changes in one transaction, touching only the rows
   * it changes, after a compare-and-swap on lineage and serial.
   * @throws StateError when the lineage differs, the stored serial is not
   *   older than the record's (another writer moved the state), or the lock
   *   was lost.
   */
  async appendChanges(record: StateChangeRecord): Promise<void> {
    await this.db.writer((client) =>
      transaction(client, async () => {
        let head = await this.lockedHead(client);
        if (!head) {
          // The first change of a new state: the workspace row starts with it.
          await client.query(`INSERT INTO ${this.db.table('workspaces')} (name, lineage, serial, format_version) VALUES ($1, $2, 0, 1)`, [
            this.db.workspace,
            record.lineage,
          ]);
          head = { lineage: record.lineage, serial: 0 };
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
        await client.query(
          `WITH moved AS (UPDATE ${this.db.table('workspaces')} SET ${set.join(', ')} WHERE name = $1)
           INSERT INTO ${this.db.table('changes')} (workspace, serial, record) VALUES ($1, $2, $3)`,
          values,
        );
      }),
    );
    this.changeCount += 1;
  }

  changesSinceSnapshot(): number {
    return this.changeCount;
  }

  /** The workspace row's lineage and serial, locked for this transaction; `undefined` when there is no state yet. */
  private async lockedHead(client: Queryable): Promise<{ lineage: string; serial: number } | undefined> {
    const { rows } = await client.query<{ lineage: string; serial: string }>(
      `SELECT lineage, serial FROM ${this.db.table('workspaces')} WHERE name = $1 FOR UPDATE`,
      [this.db.workspace],
    );
    return rows.length === 0 ? undefined : { lineage: rows[0]!.lineage, serial: Number(rows[0]!.serial) };
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
      transaction(client, async () => {
        for (const name of ['resources', 'changes', 'journal'])
          await client.query(`DELETE FROM ${this.db.table(name)} WHERE workspace = $1`, [this.db.workspace]);
        await client.query(`DELETE FROM ${this.db.table('workspaces')} WHERE name = $1`, [this.db.workspace]);
      }),
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
      transaction(client, async () => {
        const { rows } = await client.query<{ count: string }>(
          `SELECT count(*) AS count FROM ${this.db.table('resources')} WHERE workspace = $1`,
          [this.db.workspace],
        );
        if (Number(rows[0]!.count) > 0)
          throw new StateError(
            `workspace ${this.db.workspace} still manages ${rows[0]!.count} resources: destroy them or 'cloudctl state rm' them first`,
          );
        for (const name of ['changes', 'journal', 'locks'])
          await client.query(`DELETE FROM ${this.db.table(name)} WHERE workspace = $1`, [this.db.workspace]);
        await client.query(`DELETE FROM ${this.db.table('workspaces')} WHERE name = $1`, [this.db.workspace]);
      }),
    );
  }
}
