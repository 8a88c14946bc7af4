/**
 * The journal of paid calls, what every backend's journal shares: each paid
 * call is recorded as an intent before the call and a result after it, each
 * durable before the method returns, so a crash right after still leaves the
 * record; a run that finds unfinished intents reconciles them against the
 * API before planning anything else. {@link EntryJournal} is that protocol
 * over any store of entries: `FileJournal` (local/journal.ts, a JSON Lines
 * file) and `PostgresJournal` (postgres/journal.ts, table rows) say only how
 * an entry is stored and read back. The types are in contracts.ts.
 */
import { randomUUID } from 'node:crypto';
import { maskSecrets } from '../core/mask.js';
import type { Journal, JournalEntry, JournalIntent, JournalListing, JournalResult } from './contracts.js';

export type { Journal, JournalEntry, JournalIntent, JournalListing, JournalResult } from './contracts.js';

/** Operation of the journal's audit records (`--allow-over-budget`), which compaction keeps. */
export const AUDIT_OPERATION = 'allow_over_budget';

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
