/**
 * The points of the paid-call protocol (paid-call.ts) where a test may kill
 * a run (`EngineOptions.onPaidCallPoint`): its own module, so the engine's
 * options and the apply context name them without importing the protocol.
 */

/**
 * The points of the protocol where a run may die (EngineOptions.onPaidCallPoint), in order:
 * - `intent-journaled`: the intent is on disk, nothing sent;
 * - `request-sent`: the request was sent and the server is done with it, its reply not read;
 * - `reply-received`: the reply is in hand, nothing of it written;
 * - `state-written`: the result is in state, the intent not closed (a busy call's stays open until `Active`);
 * - `intent-closed`: the intent closed.
 */
export const PAID_CALL_POINTS = ['intent-journaled', 'request-sent', 'reply-received', 'state-written', 'intent-closed'] as const;
/** One of {@link PAID_CALL_POINTS}. */
export type PaidCallPoint = (typeof PAID_CALL_POINTS)[number];
/** Called at each point of a paid call (`EngineOptions.onPaidCallPoint`); what it throws propagates from there as it is. */
export type PaidCallHook = (point: PaidCallPoint, call: { address: string; type: string; operation: string }) => void;
