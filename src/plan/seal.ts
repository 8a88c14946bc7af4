/**
 * The seal of a plan: `checksum`, the SHA-256 of the plan document without
 * that field, in the canonical form of RFC 8785 (JSON Canonicalization
 * Scheme: keys sorted, no white space, numbers and strings as ECMAScript
 * writes them), written `sha256:` and 64 hex digits. Every plan cloudctl
 * makes is sealed (src/engine/session.ts `makePlan`), `plan --json`
 * included (its English reasons are sealed with it); a saved plan whose
 * checksum does not match its content, or that has none, is refused as
 * altered before anything else is done with it (src/plan/files.ts when a
 * plan file is read, src/engine/engine.ts when a plan is applied).
 *
 * The seal finds a plan changed after it was made (one character of a
 * `plan --json` output edited by hand or by a script, a file damaged on
 * the way between CI jobs). It is not a signature: whoever can rewrite the
 * file can compute a new checksum, so keep plans where only the pipeline
 * writes them (docs/ci.md).
 */
import { createHash } from 'node:crypto';
import type { PlanDocument } from './document.js';

/** How a checksum is written: the algorithm, a colon, the digest in lower-case hex. */
const CHECKSUM_PREFIX = 'sha256:';

/** For JSON.stringify: each plain object with its keys sorted by UTF-16 code units (RFC 8785, section 3.2.3); the rest as it is. */
function sortedKeys(_key: string, value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) sorted[key] = (value as Record<string, unknown>)[key];
  return sorted;
}

/**
 * `value` (JSON data) as RFC 8785 canonical JSON: JSON.stringify already
 * writes numbers and strings as the RFC asks (it takes them from
 * ECMAScript), so what is added is the order of keys. Where the RFC
 * refuses (a string holding a lone UTF-16 surrogate, a number that is not
 * finite), this writes what JSON.stringify writes (`"\ud800"`, `null`),
 * which is as deterministic. Written here rather than taken from a
 * package: those tried (canonicalize, safe-stable-stringify,
 * fast-json-stable-stringify) took 2 to 10 times as long for a plan of
 * 5,000 creates, and the plan's time has a goal (BENCHMARKS.md).
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, sortedKeys);
}

/** A saved plan that was changed after it was made (its checksum does not match, or it has none): plan again. */
export class PlanAlteredError extends Error {
  /** Stable code for programs: `plan_altered`. */
  readonly code = 'plan_altered';
  constructor(message: string) {
    super(message);
    this.name = 'PlanAlteredError';
  }
}

/**
 * The checksum of `plan` (`sha256:` and 64 hex digits): SHA-256 over the
 * RFC 8785 canonical JSON of the document without its `checksum` field.
 * Fields whose value is `undefined` count as absent, as in JSON. O(size of the plan).
 */
export function planChecksum(plan: PlanDocument): string {
  const { checksum: _ignored, ...content } = plan;
  return `${CHECKSUM_PREFIX}${createHash('sha256').update(canonicalJson(content), 'utf8').digest('hex')}`;
}

/** `plan` with its `checksum` computed for its content as it is now (a new object; the rest is shared). */
export function sealPlan(plan: PlanDocument): PlanDocument {
  return { ...plan, checksum: planChecksum(plan) };
}

/**
 * Refuses a plan that is not sealed as it is: no `checksum`, or one that
 * does not match its content. `shown`: how messages name the plan (a file
 * path, or `the plan`). No I/O.
 * @throws PlanAlteredError naming the plan, the checksum it carries and the one of its content.
 */
export function checkPlanSeal(plan: PlanDocument, shown = 'the plan'): void {
  const carried = plan.checksum;
  if (typeof carried !== 'string' || carried === '')
    throw new PlanAlteredError(
      `${shown} carries no checksum, so it cannot be told unaltered (it was made by a cloudctl before plans were sealed, or its checksum was removed): run 'cloudctl plan' again`,
    );
  const actual = planChecksum(plan);
  if (carried !== actual)
    throw new PlanAlteredError(
      `${shown} was altered after it was made: it carries checksum ${carried}, but its content has ${actual}; nothing was applied. Run 'cloudctl plan' again (and apply the file plan wrote, unchanged)`,
    );
}
