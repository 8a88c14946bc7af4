/**
 * The contracts of the state layer, in one place: what a backend offers
 * (the state document, its change log, the writer lock, the journal of paid
 * calls), where a workspace's state lives, and what an opened backend adds.
 * Types only, and it imports nothing from src/state: every other module of
 * the layer, and each backend (`local/`, `postgres/`), builds on it, so no
 * import ever leads back here in a circle.
 *
 * Two backends implement it: `local/` keeps the state in a folder,
 * `postgres/` in a database shared by a team. `openBackend` (backends.ts)
 * is the one place that builds either from a {@link StateLocation}.
 */
import type { Value } from '../core/types.js';
import type { OutputState, ResourceState, StateDocument } from './document.js';

/** Who holds the state lock. Stored as JSON in the lock (e.g. `.cloudctl/state.lock`). */
export interface LockHolder {
  /** Random lock id (a UUID); `cloudctl force-unlock <id>` must name it. */
  id: string;
  /** Process id of the holder, on `host`. */
  pid: number;
  /** Host name of the holder (`os.hostname()`). */
  host: string;
  /** When the lock was taken, ISO 8601 UTC. */
  started_at: string;
  /** The command line that holds it, without the program name, e.g. `apply examples/x.yaml`. */
  command: string;
}

/** A held state lock. */
export interface StateLock {
  /** Who holds it (this process). */
  readonly holder: LockHolder;
  /**
   * Gives the lock up. Idempotent. Never removes a lock that is no longer
   * this one (e.g. after a `force-unlock` and a new run): that case is only
   * reported (through the backend's warning callback).
   */
  release(): Promise<void>;
}

/** Options of {@link StateBackend.lock}. */
export interface LockOptions {
  /**
   * How long to wait for a held lock, in seconds (fractions allowed).
   * 0 or absent: fail at once with `StateLockedError`.
   */
  timeoutSeconds?: number;
}

/** One change to the state, as the change log records it. */
export type StateChange =
  /** `address` now holds `resource` (added or replaced). */
  | { op: 'set'; address: string; resource: ResourceState }
  /** `address` is no longer managed. */
  | { op: 'remove'; address: string }
  /** The outputs are now exactly `outputs`. */
  | { op: 'outputs'; outputs: Record<string, OutputState> };

/**
 * Changes persisted together, in order: one line of the change log. Applied
 * to the document of serial `serial - 1` (or any lower one), they give the
 * document of serial `serial`.
 */
export interface StateChangeRecord {
  /** Lineage of the state the changes belong to. */
  lineage: string;
  /** The document's serial once these changes are applied. */
  serial: number;
  changes: StateChange[];
  /**
   * A document-level header carried onto the document on replay (the
   * encryption header of {@link EncryptingBackend}, opaque to backends).
   */
  encryption?: unknown;
}

/**
 * Where state lives. One writer at a time, enforced by {@link StateBackend.lock}.
 *
 * The state is a snapshot (`write`) plus a change log (`appendChanges`) of
 * what changed since: persisting a change costs the size of the change, not
 * of the state, and the snapshot is rewritten (compacting the log) at the
 * end of a run. `read` returns the snapshot with the log replayed.
 */
export interface StateBackend {
  /** Human-readable location for messages, e.g. `.cloudctl/state.json`. */
  describe(): string;
  /**
   * Reads the state document: the snapshot with every newer record of the
   * change log applied, a new object on every call. Resolves `null` when no
   * state exists yet.
   * @throws StateCorruptError (message names the location) on invalid JSON or
   *   a document that is not a valid `StateDocument`.
   */
  read(): Promise<StateDocument | null>;
  /**
   * Replaces the snapshot atomically with `document` and empties the change
   * log: a reader (or a crash at any instant) sees either the previous or
   * the new state, never a mix. The previous snapshot is kept as a backup
   * first. The document is written exactly as given (the caller,
   * `StateStore`, manages `serial`). O(size of the state).
   * @throws Error when `document` is not a valid `StateDocument`, or on I/O failure.
   */
  write(document: StateDocument): Promise<void>;
  /**
   * Appends `record` to the change log; resolves once it is durable (fsync).
   * O(size of the record). Records must come in increasing `serial` order.
   * @throws Error when a changed resource or output is invalid, or on I/O failure.
   */
  appendChanges(record: StateChangeRecord): Promise<void>;
  /**
   * How many records of the change log are newer than the snapshot, as of
   * the last `read` plus the appends since; 0 right after `write`.
   */
  changesSinceSnapshot(): number;
  /**
   * Takes the single-writer lock for `command` (e.g. `apply examples/x.yaml`).
   * @throws StateLockedError naming the holder (pid, host, started_at,
   *   command, lock id): at once when `timeoutSeconds` is 0/absent, otherwise
   *   after waiting that long.
   */
  lock(command: string, options?: LockOptions): Promise<StateLock>;
  /**
   * Removes the lock, whoever holds it, when its id is `id`.
   * @throws StateError when the state is not locked or the id does not match.
   */
  forceUnlock(id: string): Promise<void>;
  /** The append-only journal of paid calls kept beside the state. */
  readonly journal: Journal;
  /**
   * Prepares the change log and the journal for their first appends ahead
   * of them (a local backend opens both files), so each is one durable
   * write; optional, never required. Rejects on failure, which the next
   * append meets again.
   */
  open?(): Promise<void>;
}

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
  /** Drops finished intents and their results, keeping the file small; audit records (operation `allow_over_budget`, journal.ts's `AUDIT_OPERATION`) stay. */
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

/** Which backend keeps a state. */
export type BackendKind = 'local' | 'postgres';

/** Where one workspace's state lives. */
export type StateLocation =
  /**
   * The local folder: `statePath` (relative ones against `cwd`);
   * `workspacesFolder` holds the other workspaces, a folder each named after
   * it (`.cloudctl/workspaces`), which {@link OpenedBackend.workspaces} lists.
   */
  | { backend: 'local'; statePath: string; cwd?: string; workspacesFolder?: string }
  /** A PostgreSQL database (the URL may hold no password: PGPASSWORD and the other PG* variables fill in). */
  | { backend: 'postgres'; url: string; schema?: string; workspace: string };

/**
 * What `cloudctl state migrate` leaves where a state used to be (`<state>.moved`
 * beside a local state file; the `moved_to` column of a database workspace).
 */
export interface MovedMarker {
  /** Where the state went, for the message (a database URL without its password, or a local path). */
  to: string;
  /** The lineage and serial that were copied. */
  lineage: string;
  serial: number;
  /** When, ISO 8601 UTC. */
  moved_at: string;
}

/** A held watcher lock (`cloudctl watch`: which of a workspace's watchers acts). */
export interface HeldLeaderLock {
  /** Gives the lock up. Idempotent. */
  release(): Promise<void>;
  /** Resolves, with the reason, if the lock is lost while held (the watcher must stop acting). */
  lost: Promise<Error>;
}

/** Options of {@link OpenedBackend.breakLock}. */
export interface BreakLockOptions {
  /**
   * Break it even when its holder is a process still running on this host,
   * on a backend where that holder could go on writing (the local folder).
   */
  force?: boolean;
}

/** What {@link OpenedBackend.breakLock} removed. */
export interface BrokenLock {
  /** Who held the lock. */
  holder: LockHolder;
  /**
   * True when the holder can write nothing more (its database session was
   * ended with the lock); false when a holder still running would race
   * with the next writer (check with a plan before applying).
   */
  holderStopped: boolean;
}

/** What `state repair` did to one file of a backend that keeps its change log and journal in files. */
export interface RepairedFile {
  /** The file as shown to the user. */
  path: string;
  /** Lines dropped as damaged: the line number, why, and what it was about when known. */
  dropped: Array<{ line: number; reason: string; about?: string }>;
  /** A torn last line dropped, if any (its number). */
  torn?: number;
  /** Where the original was kept (`<path>.damaged`), when something was dropped. */
  keptAs?: string;
}

/**
 * A state backend as `openBackend` builds it: the contract, which backend it
 * is, its workspaces, breaking its lock, what `state migrate` asks of either
 * end, and what only some backends have. Nothing outside a backend's folder
 * tells backends apart: what differs between them is a method here.
 */
export interface OpenedBackend extends StateBackend {
  /** Which backend this is (for messages; never needed to read or write state, nor to choose what a command does). */
  readonly kind: BackendKind;
  /**
   * The workspaces this backend holds beside this one (this one included
   * when it exists), sorted: those created with {@link createWorkspace} or
   * holding a state. `default` only when it holds something (callers
   * count it always).
   */
  workspaces(): Promise<string[]>;
  /** Whether this location's workspace exists: created with {@link createWorkspace}, or holding a state. */
  workspaceExists(): Promise<boolean>;
  /**
   * Creates this location's workspace, empty (a local folder; a database
   * row with an empty state of a new lineage), so {@link workspaceExists}
   * is true. Does nothing when it exists.
   * @throws StateLockedError when another run holds its lock while creating it; the storage's errors.
   */
  createWorkspace(): Promise<void>;
  /**
   * Deletes this workspace: its state, change log, backup, journal and
   * lock (a local workspace's folder, with its saved plans). Call it
   * holding the lock (from {@link StateBackend.lock}): the lock goes with
   * the workspace, and its release then does nothing.
   * @throws StateError when its state still manages resources, or for the
   *   local folder that holds the other workspaces (`default`'s).
   */
  deleteWorkspace(): Promise<void>;
  /** Who holds the lock now, or `null` when the state is not locked. */
  lockHolder(): Promise<LockHolder | null>;
  /**
   * `cloudctl force-unlock ID`: removes the lock when its id is `id`, with
   * the holder check of this backend: the local folder refuses (unless
   * `force`) a holder still running on this host, whose writes would race;
   * a database ends the holder's session with its lock, so that holder
   * can record nothing more.
   * @throws StateError when the state is not locked, the id differs
   *   (naming the holder), or the holder still runs here.
   */
  breakLock(id: string, options?: BreakLockOptions): Promise<BrokenLock>;
  /**
   * Tries once to take the watcher lock for `command` (`cloudctl watch`; not
   * the state lock, which each watcher cycle takes like any run): resolves
   * the lock, or `null` when another watcher leads and this one should try
   * again later (a backend whose replicas elect a leader: a database).
   * @throws WatcherRunningError where only one watcher may run (the local
   *   folder), naming the one there is; the storage's errors.
   */
  tryWatchLock(command: string): Promise<HeldLeaderLock | null>;
  /**
   * `cloudctl state repair`: rewrites the change log and the journal without
   * their damaged lines; absent on a backend that keeps no such files
   * (a database). Take the lock first.
   */
  repair?(): Promise<RepairedFile[]>;
  /**
   * The marker `state migrate` left when it moved this state away, as far as
   * it is known without reading the state: a local folder's
   * `state.json.moved`. `null` when there is none, and always for a database
   * workspace (its `read` refuses a moved workspace, naming where it went).
   */
  movedMarker(): Promise<MovedMarker | null>;
  /**
   * Makes room for a migrated copy of the state of `lineage`: refuses a
   * place that holds another state; a place this same state was moved away
   * from earlier is cleared (local files set aside in `migrated-<time>/`,
   * database rows removed).
   * @throws StateError when it holds a state.
   */
  prepareMigrationTarget(lineage: string): Promise<void>;
  /** Removes a migrated copy that failed verification, so the place is as it was. Best effort; never rejects. */
  discardMigrationCopy(): Promise<void>;
  /** Marks this (migrated) state as moved, so a run pointed here refuses instead of finding no state. */
  markMigrated(marker: MovedMarker): Promise<void>;
  /** Releases the lock synchronously (a local lock file, on a second Ctrl-C); absent where the lock dies with the process. */
  releaseSync?(holder: LockHolder): void;
  /** Closes connections (a database backend) or open files (the local backend's change log and journal). */
  close?(): Promise<void>;
}
