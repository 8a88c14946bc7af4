/**
 * The limit on the errors one load of a manifest describes
 * ({@link MAX_DESCRIBED_ERRORS}): garbage input (75,000 unknown keys) must
 * cost what its first errors cost, not a suggestion ("did you mean"), a
 * location and a message for each. The checks ask the limit before they
 * describe an error; past it they only count it, and the load stops after
 * the step that reached it.
 */
import { MAX_DESCRIBED_ERRORS } from '../core/types.js';

/** How many errors a load has described, and how many it found past the limit without describing them. */
export class DiagnosticLimit {
  /** Errors described so far (asked for with {@link DiagnosticLimit.admit}). */
  described = 0;
  /** Errors found once the limit was reached: counted, never described (no message, suggestion or location worked out). */
  notDescribed = 0;

  /** `max`: the most errors to describe (default {@link MAX_DESCRIBED_ERRORS}; 0 counts every error without describing one). */
  constructor(readonly max: number = MAX_DESCRIBED_ERRORS) {}

  /** True once {@link DiagnosticLimit.max} errors are described: checks should stop. */
  get reached(): boolean {
    return this.described >= this.max;
  }

  /**
   * Asks to describe one more error: true (and counted as described) below
   * the limit; false past it, counted in {@link DiagnosticLimit.notDescribed},
   * and the caller skips the work of describing it.
   */
  admit(): boolean {
    if (this.reached) {
      this.notDescribed++;
      return false;
    }
    this.described++;
    return true;
  }
}
