/**
 * The journal: an append-only JSON Lines file (`journal.jsonl` beside the
 * state) recording every paid call as an intent before the call and a result
 * after it. Each entry is on disk (fsync) before the method returns, so a
 * crash right after still leaves the record. A run that finds unfinished
 * intents reconciles them against the API before planning anything else.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Value } from '../core/types.js';
import { AppendOnlyFile, ensureFolder, hasCode, writeFileAtomic } from './files.js';

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
  /** Inputs of the call, secrets masked (see {@link maskSecrets}). */
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
}

/** Options of {@link FileJournal}. */
export interface FileJournalOptions {
  /** Receives notices such as skipped unreadable lines (torn writes of a crash). */
  onWarning?: (message: string) => void;
  /** Path shown in messages (default: the path given). */
  displayPath?: string;
}

const SECRET_KEY = /(password|passwd|secret|token|private_key|api_key|credential)/i;

/** The mask written in place of secret values. */
export const MASKED = '(sensitive)';

/**
 * Copy of `inputs` with the values of secret-looking keys (password, secret,
 * token, private_key, api_key, credential; any case, at any depth) replaced by
 * `(sensitive)`. A safety net: callers mask the attributes they know to be
 * sensitive before recording.
 */
export function maskSecrets(inputs: Record<string, Value>): Record<string, Value> {
  const mask = (value: Value): Value => {
    if (Array.isArray(value)) return value.map(mask);
    if (value !== null && typeof value === 'object') {
      const out: Record<string, Value> = {};
      for (const [key, item] of Object.entries(value)) out[key] = SECRET_KEY.test(key) && item !== null && item !== '' ? MASKED : mask(item);
      return out;
    }
    return value;
  };
  return mask(inputs) as Record<string, Value>;
}

function isEntry(value: unknown): value is JournalEntry {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const entry = value as Record<string, unknown>;
  if (entry.kind === 'listing') return typeof entry.listing_id === 'string' && typeof entry.type === 'string' && Array.isArray(entry.ids);
  if (typeof entry.intent_id !== 'string' || typeof entry.time !== 'string') return false;
  if (entry.kind === 'intent') return typeof entry.address === 'string' && typeof entry.type === 'string' && typeof entry.operation === 'string';
  if (entry.kind === 'result') return ['ok', 'failed', 'unknown', 'adopted', 'abandoned'].includes(entry.outcome as string);
  return false;
}

/**
 * `Journal` kept in a JSON Lines file. Appends keep call order and each
 * resolves once fsynced (`datasync`); appends made while a write is in
 * flight are written together, with one fsync (group commit). Lines that do
 * not parse (a write torn by a crash: its method never returned, so its call
 * was never made) are skipped on read, never fatal. Before appending after
 * such a torn tail, a newline is written first so the new entry stays whole.
 * The file has mode 0600; its folder is created (0700) on the first append.
 */
export class FileJournal implements Journal {
  readonly path: string;
  private readonly displayPath: string;
  private readonly onWarning: (message: string) => void;
  /** The file, written with group commit; compactions run between batches. */
  private readonly file: AppendOnlyFile;

  constructor(path: string, options: FileJournalOptions = {}) {
    this.path = path;
    this.displayPath = options.displayPath ?? path;
    this.onWarning = options.onWarning ?? (() => undefined);
    this.file = new AppendOnlyFile(path);
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
    await this.file.settled();
    const { intents, listings } = pendingEntries(await this.entries());
    return intents.map((intent) => {
      const listing = intent.existing_listing === undefined ? undefined : listings.get(intent.existing_listing);
      return listing !== undefined && intent.existing === undefined ? { ...intent, existing: [...listing.ids] } : intent;
    });
  }

  compact(): Promise<void> {
    return this.file.exclusive(async () => {
      const entries = await this.entries();
      const { intents, results, listings } = pendingEntries(entries);
      // Records of going past the budget are kept: they are the audit trail, not calls to finish.
      const audits = entries.filter((entry): entry is JournalIntent => entry.kind === 'intent' && entry.operation === AUDIT_OPERATION);
      const keep = new Set([...audits, ...intents].map((intent) => intent.intent_id));
      const lines: string[] = audits.map((intent) => JSON.stringify(intent));
      const referenced = new Set(intents.map((intent) => intent.existing_listing));
      for (const listing of listings.values()) if (referenced.has(listing.listing_id)) lines.push(JSON.stringify(listing));
      for (const intent of intents) lines.push(JSON.stringify(intent));
      for (const result of results) if (keep.has(result.intent_id)) lines.push(JSON.stringify(result));
      await ensureFolder(dirname(this.path));
      await writeFileAtomic(this.path, lines.map((line) => `${line}\n`).join(''));
    });
  }

  /**
   * Every readable entry in file order; unreadable lines are skipped (and
   * reported through `onWarning`). Resolves `[]` when the file does not exist.
   */
  async entries(): Promise<JournalEntry[]> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (error) {
      if (hasCode(error, 'ENOENT')) return [];
      throw error;
    }
    const entries: JournalEntry[] = [];
    const lines = text.split('\n');
    lines.forEach((line, index) => {
      if (line.trim() === '') return;
      let parsed: unknown;
      try {
        parsed = JSON.parse(line);
      } catch {
        parsed = undefined;
      }
      if (isEntry(parsed)) entries.push(parsed);
      else {
        const where = index === lines.length - 1 ? 'its last line' : `line ${index + 1}`;
        this.onWarning(`journal ${this.displayPath}: skipped ${where}, a write cut short by a crash (ignored: calls left unfinished are reconciled against the API)`);
      }
    });
    return entries;
  }

  private append(entry: JournalEntry): Promise<void> {
    return this.file.append(`${JSON.stringify(entry)}\n`);
  }
}

/**
 * Intents not finished (no result, or latest result `unknown`), all
 * results, in recorded order, and the listings by id. Shared by every
 * journal backend.
 */
export function pendingEntries(entries: JournalEntry[]): { intents: JournalIntent[]; results: JournalResult[]; listings: Map<string, JournalListing> } {
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
