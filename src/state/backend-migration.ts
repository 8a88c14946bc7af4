/**
 * `cloudctl state migrate`: moves one workspace's state, journal and
 * outputs from one backend to another (the local folder and PostgreSQL,
 * either way), as stored: encrypted secrets stay encrypted, no passphrase
 * needed. Both sides are locked for the length of the move. The source is
 * left untouched until the copy is verified (lineage, serial, a content hash
 * and the journal's length); only then is it marked as moved, so that a run
 * pointed at the old place refuses instead of finding no state and ordering
 * everything again.
 */
import { createHash } from 'node:crypto';
import type { StateDocument } from './document.js';
import { openBackend } from './backends.js';
import type { Journal, JournalEntry, MovedMarker, OpenedBackend, StateLocation, StateLock } from './contracts.js';
import { StateError } from './errors.js';

/** What a migration copied. */
export interface MigrationReport {
  /** Source and target as shown to the user (no password). */
  from: string;
  to: string;
  lineage: string;
  serial: number;
  /** Resources and outputs copied. */
  resources: number;
  outputs: number;
  /** Journal entries copied (unfinished intents included). */
  journalEntries: number;
  /** Hex SHA-256 of the document in canonical form, equal on both sides. */
  contentHash: string;
}

/** Options of {@link migrateState}. */
export interface MigrateOptions {
  /** The command holding both locks, e.g. `state migrate --to local`. */
  command: string;
  /** How long to wait for each lock, in seconds (0: fail at once). */
  lockTimeoutSeconds?: number;
  onWarning?: (message: string) => void;
}

/** JSON with object keys sorted at every depth: equal documents give equal text, whatever the key order a backend keeps. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value as Record<string, unknown>)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Hex SHA-256 of a state document in canonical form. */
export function contentHash(document: StateDocument): string {
  return createHash('sha256').update(canonicalJson(document)).digest('hex');
}

function journalOf(backend: OpenedBackend): Required<Pick<Journal, 'entries' | 'importEntries'>> {
  const journal = backend.journal;
  if (!journal.entries || !journal.importEntries) throw new StateError(`the journal of ${backend.describe()} cannot be copied`);
  return { entries: journal.entries.bind(journal), importEntries: journal.importEntries.bind(journal) };
}

/**
 * Moves the state of `from` to `to`, verifies the copy, then marks `from`
 * as moved. Nothing is changed at `from` before the copy is verified.
 * @throws StateError when `from` has no state, `to` holds another state, a
 *   lock is held elsewhere (StateLockedError), or the copy does not verify
 *   (the copy is then removed and the source is left as it was).
 */
export async function migrateState(from: StateLocation, to: StateLocation, options: MigrateOptions): Promise<MigrationReport> {
  const source = openBackend(from, { onWarning: options.onWarning });
  const target = openBackend(to, { onWarning: options.onWarning });
  const locks: StateLock[] = [];
  try {
    if (source.describe() === target.describe())
      throw new StateError(`the source and the target are the same state (${source.describe()})`);
    const moved = await source.movedMarker();
    if (moved) throw new StateError(`${source.describe()} was already moved to ${moved.to}; nothing to migrate`);
    locks.push(await source.lock(options.command, { timeoutSeconds: options.lockTimeoutSeconds }));
    const document = await source.read();
    if (document === null) throw new StateError(`there is no state at ${source.describe()} to migrate`);
    const entries: JournalEntry[] = await journalOf(source).entries();
    await target.prepareMigrationTarget(document.lineage);
    locks.push(await target.lock(options.command, { timeoutSeconds: options.lockTimeoutSeconds }));
    const hash = contentHash(document);
    try {
      await target.write(document);
      await journalOf(target).importEntries(entries);
      const copy = await target.read();
      const copied = await journalOf(target).entries();
      const problems: string[] = [];
      if (copy === null) problems.push('the target reads no state');
      else {
        if (copy.lineage !== document.lineage) problems.push(`lineage ${copy.lineage} instead of ${document.lineage}`);
        if (copy.serial !== document.serial) problems.push(`serial ${copy.serial} instead of ${document.serial}`);
        if (contentHash(copy) !== hash) problems.push('the content differs (hash mismatch)');
      }
      if (canonicalJson(copied) !== canonicalJson(entries))
        problems.push(`the journal has ${copied.length} entries instead of ${entries.length}, or differs`);
      if (problems.length > 0)
        throw new StateError(
          `the copy at ${target.describe()} does not verify: ${problems.join('; ')}; it was removed and ${source.describe()} is unchanged`,
        );
    } catch (error) {
      await target.discardMigrationCopy();
      throw error;
    }
    // Verified: only now is the source marked, so a run pointed at it refuses instead of ordering again.
    const marker: MovedMarker = {
      to: target.describe(),
      lineage: document.lineage,
      serial: document.serial,
      moved_at: new Date().toISOString(),
    };
    await source.markMigrated(marker);
    return {
      from: source.describe(),
      to: target.describe(),
      lineage: document.lineage,
      serial: document.serial,
      resources: Object.keys(document.resources).length,
      outputs: Object.keys(document.outputs).length,
      journalEntries: entries.length,
      contentHash: hash,
    };
  } finally {
    for (const lock of locks.reverse()) await lock.release().catch(() => undefined);
    for (const backend of [source, target]) await backend.close?.();
  }
}
