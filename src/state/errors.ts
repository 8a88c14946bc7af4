/**
 * Errors raised by the state layer. Their messages are complete sentences
 * meant for the user as they are (the CLI prints the message, not the stack).
 */
import type { LockHolder, MovedMarker } from './contracts.js';

/** Base class of every error raised by `src/state`. */
export class StateError extends Error {
  /** Stable identifier (docs/automation.md, "Errors"): `state_error` here, each subclass its own. */
  readonly code: string = 'state_error';
  constructor(message: string) {
    super(message);
    this.name = 'StateError';
  }
}

/**
 * The state file (or a document about to be written) is not a valid state
 * document: bad JSON, or a wrong shape. `path` is the location as shown to
 * the user; `detail` says what is wrong.
 */
export class StateCorruptError extends StateError {
  override readonly code: string = 'state_corrupt';
  constructor(
    readonly path: string,
    readonly detail: string,
    /** Where an earlier copy may be found, e.g. `.cloudctl/state.json.backup`. */
    readonly backupPath?: string,
  ) {
    super(
      `state file ${path} is corrupt: ${detail}` +
        (backupPath ? `; fix it by hand or restore the previous version from ${backupPath}` : ''),
    );
    this.name = 'StateCorruptError';
  }
}

/** Formats a lock command for messages: `apply x.yaml` becomes `cloudctl apply x.yaml`. */
function commandLine(command: string): string {
  const trimmed = command.trim();
  if (trimmed === '') return 'cloudctl';
  return /^cloudctl(\s|$)/.test(trimmed) ? trimmed : `cloudctl ${trimmed}`;
}

/**
 * One-line description of a lock holder for messages:
 * `pid 1234 on host h since 2026-11-21T10:00:00Z (cloudctl apply x.yaml); lock id 9f..`.
 */
export function describeHolder(holder: LockHolder): string {
  return `pid ${holder.pid} on host ${holder.host} since ${holder.started_at} (${commandLine(holder.command)}); lock id ${holder.id}`;
}

/**
 * Another run holds the state lock. The message names the holder and the two
 * ways out, e.g. `state is locked by pid 1234 on host h since
 * 2026-11-21T10:00:00Z (cloudctl apply x.yaml); lock id 9f..; wait with
 * --lock-timeout or run 'cloudctl force-unlock 9f..'`.
 */
export class StateLockedError extends StateError {
  override readonly code: string = 'state_locked';
  constructor(
    readonly holder: LockHolder,
    /** The lock's location as shown to the user, e.g. `.cloudctl/state.lock`. */
    readonly lockPath: string,
    /** How long this run waited before giving up, in seconds (0: did not wait). */
    readonly waitedSeconds = 0,
  ) {
    const waited = waitedSeconds > 0 ? ` (gave up after waiting ${formatSeconds(waitedSeconds)})` : '';
    super(`state is locked by ${describeHolder(holder)}${waited}; wait with --lock-timeout or run 'cloudctl force-unlock ${holder.id}'`);
    this.name = 'StateLockedError';
  }
}

function formatSeconds(seconds: number): string {
  return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)}s`;
}

/**
 * A state write would bind an account to a second address (docs/design.md,
 * "Safety invariants", I1): `account` (`cloud_lite_vm 100001`) is held by
 * `holder` already, so it is not recorded for `address`. Nothing was written.
 */
export class AccountHeldError extends StateError {
  override readonly code: string = 'account_held';
  constructor(
    /** The address the write was for. */
    readonly address: string,
    /** The account's kind and id, `cloud_lite_vm 100001`. */
    readonly account: string,
    /** The address that holds it. */
    readonly holder: string,
  ) {
    super(
      `refusing to record ${account} for ${address}: ${holder} already holds it, and one account is bound to one address ` +
        `(nothing was written; if ${address} should manage it, 'cloudctl state rm ${holder}' first)`,
    );
    this.name = 'AccountHeldError';
  }
}

/**
 * The error a run meets at a state that `cloudctl state migrate` moved away
 * (`where` is the old place, `marker` says where the state went).
 */
export function movedError(where: string, marker: Pick<MovedMarker, 'to' | 'moved_at'>): StateError {
  return new StateError(
    `the state at ${where} was moved to ${marker.to}${marker.moved_at ? ` on ${marker.moved_at}` : ''} by 'cloudctl state migrate': ` +
      `point cloudctl at it (--backend URL or CLOUDCTL_BACKEND, or the manifest's backend block), or move it back with 'cloudctl state migrate --to local'`,
  );
}

/** A second watcher on a workspace whose backend lets only one watch it (the local folder): refused. */
export class WatcherRunningError extends StateError {
  override readonly code: string = 'watcher_running';
  constructor(message: string) {
    super(message);
    this.name = 'WatcherRunningError';
  }
}
