/** What reconciliation's parts share: its options, results and notices, the grace wait, the error of an undecided intent. */
import { type OperationContext } from '../../resources/attribute.js';
import type { Catalogue } from '../../manifest/catalogue.js';
import type { Journal, JournalIntent } from '../../state/journal.js';
import type { StateStore } from '../../state/store.js';

/** How one intent was closed (or why it was not). */
export interface ReconciledIntent {
  intent: JournalIntent;
  /** `ambiguous`: left unfinished, a human must decide. */
  outcome: 'ok' | 'adopted' | 'abandoned' | 'ambiguous';
  /** The resource id found or held. */
  id?: string;
  /** Ids that matched an ambiguous create. */
  candidates?: string[];
  /** The line reported for it (without the `cloudctl: ` prefix). */
  message: string;
}

/**
 * What reconciliation reports as it goes (typed; the CLI renders `message`
 * as `cloudctl: reconcile: MESSAGE` on stderr): an intent closed or left
 * unfinished (`reconciled`), or a wait before looking again for an intent
 * whose call may still be in flight (`waiting`, `seconds` to wait).
 */
export type ReconcileNotice =
  | { kind: 'reconciled'; entry: ReconciledIntent; message: string }
  | { kind: 'waiting'; intent: JournalIntent; seconds: number; message: string };

/** Options of {@link reconcileJournal}. */
export interface ReconcileOptions {
  store: StateStore;
  journal: Journal;
  /**
   * A context for API calls that may take `seconds` (listing, reading,
   * waiting for `Active` after an in-place order).
   */
  context(seconds: number): OperationContext;
  /** Receives each intent closed (or left unfinished) and each wait for an intent's grace, as it happens. */
  report(notice: ReconcileNotice): void;
  /**
   * What an ambiguous create does: `fail` (default) throws a
   * {@link ReconcileError} after every other intent was handled; `warn`
   * only reports it and leaves the intent unfinished (used by `import`,
   * which is how a human resolves it).
   */
  onAmbiguous?: 'fail' | 'warn';
  /** The resource types intents name. */
  catalogue: Catalogue;
  /**
   * Seconds after an intent was recorded during which its call may still be
   * in flight at the server (the client's request timeout, default 30): a
   * server keeps handling a request whose client died. Before that, "not
   * found" is not final: reconciliation waits until then and looks again
   * before abandoning anything. 0 turns the wait off.
   */
  graceSeconds?: number;
  /** Clock in epoch ms (tests). */
  now?: () => number;
}

/** Default of {@link ReconcileOptions.graceSeconds}: the API client's request timeout. */
export const DEFAULT_GRACE_SECONDS = 30;

export const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));

/**
 * Waits until `graceSeconds` after the intent was recorded (reporting it),
 * so a call the dead run sent has been handled by the server. Resolves
 * false when there was nothing to wait for.
 */
export async function waitForGrace(options: ReconcileOptions, intent: JournalIntent, what: string): Promise<boolean> {
  const grace = (options.graceSeconds ?? DEFAULT_GRACE_SECONDS) * 1000;
  const recorded = Date.parse(intent.time);
  const remaining = recorded + grace - (options.now ?? Date.now)();
  if (!Number.isFinite(remaining) || remaining <= 0) return false;
  options.report({
    kind: 'waiting',
    intent,
    seconds: remaining / 1000,
    message: `${subject(intent)}: ${what}; it may still be in flight, so looking again in ${(remaining / 1000).toFixed(1)}s`,
  });
  await pause(remaining);
  return true;
}

/**
 * Reconciliation cannot finish on its own: an unfinished create matches
 * several live resources (or its type cannot be listed). Nothing was
 * adopted for it and nothing will be ordered until a human decides.
 */
export class ReconcileError extends Error {
  /** Stable identifier (docs/automation.md, "Errors"). */
  readonly code = 'reconcile_unresolved';
  constructor(
    message: string,
    /** The intents left unfinished. */
    readonly unresolved: ReconciledIntent[],
  ) {
    super(message);
    this.name = 'ReconcileError';
  }
}

/** `web (cloud_lite_vm)`. */
export function subject(intent: JournalIntent): string {
  return `${intent.address} (${intent.type})`;
}
