/**
 * The journal: an append-only JSON Lines file (`journal.jsonl` beside the
 * state) recording every paid call as an intent before the call and a result
 * after it. Each entry is on disk (fsync) before the method returns, so a
 * crash right after still leaves the record. A run that finds unfinished
 * intents reconciles them against the API before planning anything else.
 */
import { randomUUID } from 'node:crypto';
import { dirname } from 'node:path';
import { maskSecrets } from '../core/mask.js';
import type { Value } from '../core/types.js';
import { AppendOnlyFile, ensureFolder, writeFileAtomic, readTextIfPresent } from './files.js';
import { judgeRecords, judgeTail, repairRecordsFile, sealRecord, StateDamagedError, type RepairedFile } from './records.js';

/** A paid call about to be made. One line of the journal. */
export interface JournalIntent {
  kind: 'intent';
  /** Random id (a UUID) tying the result to the intent. */
  intent_id: string;
  /** When it was recorded, ISO 8601 UTC. */
  time: string;
  /** Address of the resource in the manifest, e.g. `web`. */
  address: string;
  /** Resource type, e.g. `cloud_lite_vm`. */
  type: string;
  /** `create`, or the operation name (`change_package`, `storage_upgrade`, ...). */
  operation: string;
  /** Inputs of the call, secrets masked (see `maskSecrets` in src/core/mask.ts). */
  inputs: Record<string, Value>;
  /** Fields to find the account by listing later, e.g. `{ vm_name, product_id }`, secrets masked. */
  match: Record<string, Value>;
  /**
   * Ids of the type's live resources listed before a create was ordered:
   * reconciliation never adopts one of these (they existed before the
   * order). Absent when the type cannot list, or the list failed. A run
   * lists each type once and records the ids once, as a
   * {@link JournalListing} that `existing_listing` names; `unfinished()`
   * fills `existing` in from it.
   */
  existing?: string[];
  /** The `listing_id` of the {@link JournalListing} holding this create's `existing` ids. */
  existing_listing?: string;
  /** Addresses the resource depends on (for the order of later deletes), recorded with creates. */
  dependencies?: string[];
}

/** How a paid call ended. One line of the journal. */
export interface JournalResult {
  kind: 'result';
  /** The intent this result finishes. */
  intent_id: string;
  /** When it was recorded, ISO 8601 UTC. */
  time: string;
  /**
   * `ok`: the call succeeded (`id` set for creates); `failed`: the API refused
   * it, nothing was ordered; `unknown`: no answer (timeout, dropped
   * connection), the intent stays unfinished; `adopted`: a later run found
   * the account and took it into state; `abandoned`: a later run established
   * that nothing was ordered, or the user gave it up.
   */
  outcome: 'ok' | 'failed' | 'unknown' | 'adopted' | 'abandoned';
  /** The resource id the call produced or the reconciliation found. */
  id?: string;
  /** Error message of a failed/unknown call. */
  error?: string;
}

/**
 * The ids of a type's live resources, listed once by a run before its first
 * create of that type and referenced by that run's create intents (so the
 * journal grows by one id list per type and run, not per create).
 */
export interface JournalListing {
  kind: 'listing';
  /** Random id (a UUID) the intents reference. */
  listing_id: string;
  /** When it was listed, ISO 8601 UTC. */
  time: string;
  /** Resource type, e.g. `cloud_lite_vm`. */
  type: string;
  /** Ids listed. */
  ids: string[];
}

/** Operation of the journal's audit records (`--allow-over-budget`), which compaction keeps. */
export const AUDIT_OPERATION = 'allow_over_budget';

/** A line of the journal. */
export type JournalEntry = JournalIntent | JournalResult | JournalListing;

/** Append-only record of paid calls. */
export interface Journal {
  /**
   * Records an intent before a paid call; resolves its new `intent_id` once
   * the line is on disk. @throws on I/O failure (then do not make the call).
   */
  recordIntent(intent: Omit<JournalIntent, 'kind' | 'intent_id' | 'time'>): Promise<string>;
  /**
   * Records the ids of `type`'s live resources. Returns the new
   * `listing_id` (for {@link JournalIntent.existing_listing}) at once, and
   * `written`, which resolves once the line is on disk (rejects on I/O
   * failure): an intent referencing it may be recorded meanwhile, and is
   * on disk after it when both have resolved.
   */
  recordListing(type: string, ids: string[]): { listingId: string; written: Promise<void> };
  /** Records how the call of `intentId` ended; resolves once the line is on disk. @throws on I/O failure. */
  recordResult(intentId: string, result: Omit<JournalResult, 'kind' | 'intent_id' | 'time'>): Promise<void>;
  /**
   * Intents with no result, or whose latest result is `unknown`, in the order
   * they were recorded, with `existing` filled in from the listing they
   * reference.
   */
  unfinished(): Promise<JournalIntent[]>;
  /** Drops finished intents and their results, keeping the file small; audit records ({@link AUDIT_OPERATION}) stay. */
  compact(): Promise<void>;
  /**
   * Prepares for the first record ahead of it (a file journal opens its
   * file), so that record is one durable write; optional, never required.
   * Rejects on failure, which the next record meets again.
   */
  open?(): Promise<void>;
  /** Every entry in the order recorded (for `state migrate`). */
  entries?(): Promise<JournalEntry[]>;
  /** Appends `entries` as they are, ids and times kept (for `state migrate`). */
  importEntries?(entries: JournalEntry[]): Promise<void>;
}

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
 * The journal's protocol over any store of entries (a file, database rows):
 * how intents, listings and results are recorded (secrets masked), and which
 * intents are unfinished. A subclass says how one entry is appended durably
 * and how every entry is read back, in order.
 */
export abstract class EntryJournal implements Journal {
  /** Appends `entry`; resolves once it is durable. */
  protected abstract append(entry: JournalEntry): Promise<void>;
  /** Every entry in the order recorded. */
  abstract entries(): Promise<JournalEntry[]>;
  abstract compact(): Promise<void>;
  /** Resolves once appends under way are durable (before reading). */
  protected settled(): Promise<void> {
    return Promise.resolve();
  }

  async recordIntent(intent: Omit<JournalIntent, 'kind' | 'intent_id' | 'time'>): Promise<string> {
    const entry: JournalIntent = {
      kind: 'intent',
      intent_id: randomUUID(),
      time: new Date().toISOString(),
      address: intent.address,
      type: intent.type,
      operation: intent.operation,
      inputs: maskSecrets(intent.inputs ?? {}),
      match: maskSecrets(intent.match ?? {}),
    };
    if (intent.existing !== undefined) entry.existing = [...intent.existing];
    if (intent.existing_listing !== undefined) entry.existing_listing = intent.existing_listing;
    if (intent.dependencies !== undefined) entry.dependencies = [...intent.dependencies];
    await this.append(entry);
    return entry.intent_id;
  }

  recordListing(type: string, ids: string[]): { listingId: string; written: Promise<void> } {
    const entry: JournalListing = { kind: 'listing', listing_id: randomUUID(), time: new Date().toISOString(), type, ids: [...ids] };
    return { listingId: entry.listing_id, written: this.append(entry) };
  }

  async recordResult(intentId: string, result: Omit<JournalResult, 'kind' | 'intent_id' | 'time'>): Promise<void> {
    const entry: JournalResult = { kind: 'result', intent_id: intentId, time: new Date().toISOString(), outcome: result.outcome };
    if (result.id !== undefined) entry.id = result.id;
    if (result.error !== undefined) entry.error = result.error;
    await this.append(entry);
  }

  async unfinished(): Promise<JournalIntent[]> {
    await this.settled();
    const { intents, listings } = pendingEntries(await this.entries());
    return intents.map((intent) => {
      const listing = intent.existing_listing === undefined ? undefined : listings.get(intent.existing_listing);
      return listing !== undefined && intent.existing === undefined ? { ...intent, existing: [...listing.ids] } : intent;
    });
  }

  /** Appends `entries` as they are, ids and times kept (for `state migrate`). */
  async importEntries(entries: JournalEntry[]): Promise<void> {
    for (const entry of entries) await this.append(entry);
  }
}

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

/**
 * Intents not finished (no result, or latest result `unknown`), all
 * results, in recorded order, and the listings by id. Shared by every
 * journal backend.
 */
export function pendingEntries(entries: JournalEntry[]): {
  intents: JournalIntent[];
  results: JournalResult[];
  listings: Map<string, JournalListing>;
} {
  const latest = new Map<string, JournalResult>();
  const results: JournalResult[] = [];
  const listings = new Map<string, JournalListing>();
  for (const entry of entries) {
    if (entry.kind === 'result') {
      latest.set(entry.intent_id, entry);
      results.push(entry);
    } else if (entry.kind === 'listing') listings.set(entry.listing_id, entry);
  }
  const seen = new Set<string>();
  const intents: JournalIntent[] = [];
  for (const entry of entries) {
    if (entry.kind !== 'intent' || seen.has(entry.intent_id)) continue;
    seen.add(entry.intent_id);
    const result = latest.get(entry.intent_id);
    if (result === undefined || result.outcome === 'unknown') intents.push(entry);
  }
  return { intents, results, listings };
}
