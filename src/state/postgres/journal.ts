/** The PostgreSQL backend's journal: one row of the `journal` table per entry. */
import type { JournalEntry } from '../contracts.js';
import { AUDIT_OPERATION, EntryJournal, pendingEntries } from '../journal.js';
import type { PostgresConnection } from './connection.js';

/**
 * The journal as rows of the `journal` table. An entry is committed before
 * its method resolves, as the file journal's fsync.
 */
export class PostgresJournal extends EntryJournal {
  constructor(private readonly backend: PostgresConnection) {
    super();
  }

  async compact(): Promise<void> {
    await this.backend.writer(async (client) => {
      const { rows } = await client.query<{ seq: string; entry: JournalEntry }>(
        `SELECT seq, entry FROM ${this.backend.table('journal')} WHERE workspace = $1 ORDER BY seq`,
        [this.backend.workspace],
      );
      const { intents } = pendingEntries(rows.map((row) => row.entry));
      const keep = new Set(intents.map((intent) => intent.intent_id));
      // Records of going past the budget are the audit trail: kept with their results.
      for (const { entry } of rows) if (entry.kind === 'intent' && entry.operation === AUDIT_OPERATION) keep.add(entry.intent_id);
      const listings = new Set(intents.map((intent) => intent.existing_listing));
      const drop = rows
        .filter(({ entry }) => (entry.kind === 'listing' ? !listings.has(entry.listing_id) : !keep.has(entry.intent_id)))
        .map((row) => row.seq);
      if (drop.length > 0)
        await client.query(`DELETE FROM ${this.backend.table('journal')} WHERE workspace = $1 AND seq = ANY($2::bigint[])`, [
          this.backend.workspace,
          drop,
        ]);
    });
  }

  /** Every entry in the order recorded. */
  async entries(): Promise<JournalEntry[]> {
    return this.backend.reader(async (client) => {
      const { rows } = await client.query<{ entry: JournalEntry }>(
        `SELECT entry FROM ${this.backend.table('journal')} WHERE workspace = $1 ORDER BY seq`,
        [this.backend.workspace],
      );
      return rows.map((row) => row.entry);
    });
  }

  protected async append(entry: JournalEntry): Promise<void> {
    await this.backend.writer((client) =>
      client.query(`INSERT INTO ${this.backend.table('journal')} (workspace, entry) VALUES ($1, $2)`, [
        this.backend.workspace,
        JSON.stringify(entry),
      ]),
    );
  }
}
