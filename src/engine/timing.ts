/**
 * The two waits of the paid-call protocol that a run's settings choose:
 * the API client's request timeout, and the reconcile grace (how long after
 * a paid call of unknown outcome the call may still be in flight at the
 * server, so how long before a listing may prove it was not placed). The
 * grace follows the request timeout unless set apart: a request still in
 * flight after the timeout has been given up by the client.
 */
import { parseDuration } from '../core/duration.js';

/** Default of the request timeout, in seconds. */
export const DEFAULT_REQUEST_TIMEOUT_SECONDS = 30;

/** What the waits are read from: the engine's options, then the environment. */
export interface TimingSettings {
  /** `EngineOptions.requestTimeoutSeconds`. */
  requestTimeoutSeconds?: number;
  /** `EngineOptions.reconcileGraceSeconds`. */
  reconcileGraceSeconds?: number;
  env: Readonly<Record<string, string | undefined>>;
}

function positive(seconds: number, what: string): number {
  if (!Number.isFinite(seconds) || seconds <= 0) throw new Error(`${what} must be a duration above 0 (examples: 30, 30s, 500ms)`);
  return seconds;
}

/**
 * The request timeout in seconds: `requestTimeoutSeconds`, else
 * `CLOUDCTL_REQUEST_TIMEOUT` (seconds, or a duration such as `500ms`),
 * else 30. Errors: an Error when the setting is not a duration above 0.
 */
export function requestTimeoutSeconds(settings: TimingSettings): number {
  if (settings.requestTimeoutSeconds !== undefined) return positive(settings.requestTimeoutSeconds, 'the request timeout');
  const text = settings.env.CLOUDCTL_REQUEST_TIMEOUT;
  if (!text) return DEFAULT_REQUEST_TIMEOUT_SECONDS;
  return positive(parseDuration(text), 'CLOUDCTL_REQUEST_TIMEOUT');
}

/**
 * The reconcile grace in seconds: `reconcileGraceSeconds`, else
 * `CLOUDCTL_RECONCILE_GRACE` (a duration; 0 allowed), else the request
 * timeout ({@link requestTimeoutSeconds}). Errors: an Error for a setting that is not a duration.
 */
export function reconcileGraceSeconds(settings: TimingSettings): number {
  if (settings.reconcileGraceSeconds !== undefined) return Math.max(0, settings.reconcileGraceSeconds);
  const text = settings.env.CLOUDCTL_RECONCILE_GRACE;
  if (text) return parseDuration(text);
  return requestTimeoutSeconds(settings);
}
