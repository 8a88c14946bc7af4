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
import { mkdir, rename, unlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { StateDocument } from '../core/types.js';
import type { StateLock } from './backend.js';
import { StateError } from './errors.js';
import { hasCode } from './files.js';
import type { Journal, JournalEntry } from './journal.js';
import { LocalBackend } from './local.js';
import { movedMarkerPath, readMovedMarker, type MovedMarker } from './moved.js';
import { PostgresBackend } from './postgres.js';
import type { OpenedBackend, StateLocation } from './location.js';

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

function backendOf(location: StateLocation, onWarning?: (message: string) => void): OpenedBackend {
  return location.backend === 'postgres'
    ? new PostgresBackend({ url: location.url, schema: location.schema, workspace: location.workspace, onWarning })
    : new LocalBackend({ statePath: location.statePath, cwd: location.cwd, onWarning });
}

function journalOf(backend: OpenedBackend): Required<Pick<Journal, 'entries' | 'importEntries'>> {
  const journal = backend.journal;
  if (!journal.entries || !journal.importEntries) throw new StateError(`the journal of ${backend.describe()} cannot be copied`);
  return { entries: journal.entries.bind(journal), importEntries: journal.importEntries.bind(journal) };
}

/**
 * Makes room at the target: refuses a target that holds another state; a
 * target this same state was moved away from earlier (same lineage, marked
 * moved) is cleared: a local one's files are set aside in
 * `migrated-<time>/`, a database workspace's rows removed.
 * @throws StateError when the target holds a state.
 */
async function prepareTarget(target: OpenedBackend, lineage: string): Promise<void> {
  if (target instanceof PostgresBackend) {
    const head = await target.head();
    if (head === null) return;
    if (head.movedTo !== null && head.lineage === lineage) {
      await target.discard();
      return;
    }
    throw new StateError(
      `${target.describe()} already holds a state (lineage ${head.lineage}, serial ${head.serial}): refusing to overwrite it`,
    );
  }
  const local = target as LocalBackend;
  const marker = await readMovedMarker(local.statePath);
  if (marker === null) {
    if ((await local.read()) !== null) throw new StateError(`${local.describe()} already holds a state: refusing to overwrite it`);
    return;
  }
  if (marker.lineage !== lineage)
    throw new StateError(`${local.describe()} was moved away with lineage ${marker.lineage}, not ${lineage}: refusing to overwrite it`);
  const aside = join(dirname(local.statePath), `migrated-${new Date().toISOString().replace(/[:.]/g, '-')}`);
  await mkdir(aside, { recursive: true, mode: 0o700 });
  for (const file of [
    local.statePath,
    `${local.statePath}.changes`,
    `${local.statePath}.backup`,
    join(dirname(local.statePath), 'journal.jsonl'),
    movedMarkerPath(local.statePath),
  ]) {
    await rename(file, join(aside, file.slice(dirname(file).length + 1))).catch((error: unknown) => {
      if (!hasCode(error, 'ENOENT')) throw error;
    });
  }
}

/** Removes a copy that failed verification (best effort), so the target is as it was. */
async function discardCopy(target: OpenedBackend): Promise<void> {
  if (target instanceof PostgresBackend) {
    await target.discard().catch(() => undefined);
    return;
  }
  const local = target as LocalBackend;
  for (const file of [
    local.statePath,
    `${local.statePath}.changes`,
    `${local.statePath}.backup`,
    join(dirname(local.statePath), 'journal.jsonl'),
  ]) {
    await unlink(file).catch(() => undefined);
  }
}

/**
 * Moves the state of `from` to `to`, verifies the copy, then marks `from`
 * as moved. Nothing is changed at `from` before the copy is verified.
 * @throws StateError when `from` has no state, `to` holds another state, a
 *   lock is held elsewhere (StateLockedError), or the copy does not verify
 *   (the copy is then removed and the source is left as it was).
 */
export async function migrateState(from: StateLocation, to: StateLocation, options: MigrateOptions): Promise<MigrationReport> {
  const source = backendOf(from, options.onWarning);
  const target = backendOf(to, options.onWarning);
  const locks: StateLock[] = [];
  try {
    if (source.describe() === target.describe())
      throw new StateError(`the source and the target are the same state (${source.describe()})`);
    if (source instanceof LocalBackend) {
      const marker = await readMovedMarker(source.statePath);
      if (marker) throw new StateError(`${source.describe()} was already moved to ${marker.to}; nothing to migrate`);
    }
    locks.push(await source.lock(options.command, { timeoutSeconds: options.lockTimeoutSeconds }));
    const document = await source.read();
    if (document === null) throw new StateError(`there is no state at ${source.describe()} to migrate`);
    const entries: JournalEntry[] = await journalOf(source).entries();
    await prepareTarget(target, document.lineage);
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
      await discardCopy(target);
      throw error;
    }
    // Verified: only now is the source marked, so a run pointed at it refuses instead of ordering again.
    const marker: MovedMarker = {
      to: target.describe(),
      lineage: document.lineage,
      serial: document.serial,
      moved_at: new Date().toISOString(),
    };
    if (source instanceof PostgresBackend) await source.markMoved(marker.to);
    else await writeFile(movedMarkerPath((source as LocalBackend).statePath), `${JSON.stringify(marker, null, 2)}\n`, { mode: 0o600 });
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
    for (const backend of [source, target]) if (backend instanceof PostgresBackend) await backend.close();
  }
}
