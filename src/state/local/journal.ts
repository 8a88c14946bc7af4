/**
 * The local backend's journal: an append-only JSON Lines file
 * (`journal.jsonl` beside the state), each line checksummed (records.ts),
 * appended with group commit (files.ts).
 */
import { dirname } from 'node:path';
import type { JournalEntry, JournalIntent } from '../contracts.js';
import { AUDIT_OPERATION, EntryJournal, pendingEntries } from '../journal.js';
import { AppendOnlyFile, ensureFolder, writeFileAtomic, readTextIfPresent } from './files.js';
import { judgeRecords, judgeTail, repairRecordsFile, sealRecord, StateDamagedError, type RepairedFile } from './records.js';

/** Options of {@link FileJournal}. */
export interface FileJournalOptions {
  /** Receives notices such as a skipped torn last line (a write cut short by a crash). */
  onWarning?: (message: string) => void;
  /** Path shown in messages (default: the path given). */
  displayPath?: string;
}

function isEntry(value: unknown): value is JournalEntry {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const entry = value as Record<string, unknown>;
  if (entry.kind === 'listing') return typeof entry.listing_id === 'string' && typeof entry.type === 'string' && Array.isArray(entry.ids);
  if (typeof entry.intent_id !== 'string' || typeof entry.time !== 'string') return false;
  if (entry.kind === 'intent')
    return typeof entry.address === 'string' && typeof entry.type === 'string' && typeof entry.operation === 'string';
  if (entry.kind === 'result') return ['ok', 'failed', 'unknown', 'adopted', 'abandoned'].includes(entry.outcome as string);
  return false;
}

/** Why a parsed line is not a journal entry, or `null` when it is one. */
function entryProblem(value: unknown): string | null {
  return isEntry(value) ? null : 'not a journal intent, result or listing';
}

/** What a journal line is about, for the damage message: its kind and address (never its values). */
function describeEntry(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const entry = value as Record<string, unknown>;
  if (entry.kind === 'intent' && typeof entry.address === 'string') return `an intent to ${String(entry.operation)} ${entry.address}`;
  if (entry.kind === 'result') return `a result (${String(entry.outcome)})`;
  if (entry.kind === 'listing') return 'a listing of existing ids';
  return undefined;
}

/** What a dropped journal line means, for {@link StateDamagedError}. */
const LOST_JOURNAL_RECORD = 'the order or result it recorded';

/**
 * `Journal` kept in a JSON Lines file. Appends keep call order and each
 * resolves once fsynced (`datasync`); appends made while a write is in
 * flight are written together, with one fsync (group commit). Each line
 * carries a checksum (records.ts): an unterminated last line that is not a
 * whole entry (a write torn by a crash: its method never returned, so its
 * call was never made) is skipped with a notice and removed by the next
 * append; any other bad line is damage, and reading throws
 * {@link StateDamagedError} (naming the file and line) so nothing runs.
 * The file has mode 0600; its folder is created (0700) on the first append.
 */
export class FileJournal extends EntryJournal {
  readonly path: string;
  private readonly displayPath: string;
  private readonly onWarning: (message: string) => void;
  /** The file, written with group commit; compactions run between batches. */
  private readonly file: AppendOnlyFile;

  constructor(path: string, options: FileJournalOptions = {}) {
    super();
    this.path = path;
    this.displayPath = options.displayPath ?? path;
    this.onWarning = options.onWarning ?? (() => undefined);
    this.file = new AppendOnlyFile(path, {
      judge: (tail) => judgeTail(tail, entryProblem),
      refuse: () =>
        new StateDamagedError(this.displayPath, [{ line: 0, reason: 'its last line holds a damaged entry' }], LOST_JOURNAL_RECORD),
    });
  }

  compact(): Promise<void> {
    return this.file.exclusive(async () => {
      const entries = await this.entries();
      const { intents, results, listings } = pendingEntries(entries);
      // Records of going past the budget are kept: they are the audit trail, not calls to finish.
      const audits = entries.filter((entry): entry is JournalIntent => entry.kind === 'intent' && entry.operation === AUDIT_OPERATION);
      const keep = new Set([...audits, ...intents].map((intent) => intent.intent_id));
      const lines: string[] = audits.map((intent) => sealRecord(intent));
      const referenced = new Set(intents.map((intent) => intent.existing_listing));
      for (const listing of listings.values()) if (referenced.has(listing.listing_id)) lines.push(sealRecord(listing));
      for (const intent of intents) lines.push(sealRecord(intent));
      for (const result of results) if (keep.has(result.intent_id)) lines.push(sealRecord(result));
      await ensureFolder(dirname(this.path));
      await writeFileAtomic(this.path, lines.map((line) => `${line}\n`).join(''));
    });
  }

  /**
   * Every entry in file order; a torn last line is skipped (and reported
   * through `onWarning`). Resolves `[]` when the file does not exist.
   * @throws StateDamagedError when a line is damaged (see records.ts).
   */
  async entries(): Promise<JournalEntry[]> {
    const text = await readTextIfPresent(this.path);
    if (text === undefined) return [];
    const judged = judgeRecords<JournalEntry>(text, entryProblem, describeEntry);
    if (judged.damaged.length > 0) throw new StateDamagedError(this.displayPath, judged.damaged, LOST_JOURNAL_RECORD);
    if (judged.torn !== undefined) {
      this.onWarning(
        `journal ${this.displayPath}: skipped its last line (${judged.torn}), a write cut short by a crash (ignored: calls left unfinished are reconciled against the API)`,
      );
    }
    return judged.records.map((record) => record.value);
  }

  /**
   * Rewrites the journal without its damaged lines (the original is kept as
   * `journal.jsonl.damaged`): `cloudctl state repair`. @throws on I/O errors.
   */
  repair(): Promise<RepairedFile> {
    return this.file.exclusive(() => repairRecordsFile(this.path, this.displayPath, entryProblem, describeEntry));
  }

  protected override settled(): Promise<void> {
    return this.file.close();
  }

  /** Opens the file ahead of the first record (see {@link AppendOnlyFile.open}). */
  open(): Promise<void> {
    return this.file.open();
  }

  /** Closes the file once every append made so far is written (a later append opens it again). Never rejects. */
  close(): Promise<void> {
    return this.file.close();
  }

  protected append(entry: JournalEntry): Promise<void> {
    return this.file.append(`${sealRecord(entry)}\n`);
  }
}
