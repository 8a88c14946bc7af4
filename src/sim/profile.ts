/**
 * The reply layer between the router and the wire: runs one request's
 * handler through the variation rules the profile draws for it (see
 * variations.ts). Handlers know nothing of profiles; `strict` with no
 * `variations` is a pass-through.
 *
 * Determinism: the rules of a request are drawn from an RNG seeded by the
 * cloud's seed and the request's sequence number, so the same seed and the
 * same requests give the same replies.
 */
import type { Ctx } from './router.js';
import { SIMULATOR_PROFILES, VARIATION_NAMES, type SimulatorProfile, type VariationName } from './types.js';
import { seededRng } from './util.js';
import { VARIATION_RULES, type Exchange } from './variations.js';

/** The layer of one simulator. */
export interface ReplyLayer {
  /** True when no rule can ever apply (the `strict` profile without `variations`). */
  readonly passThrough: boolean;
  /**
   * Runs `handler` for request number `seq` (its request-log sequence)
   * through the drawn rules and returns the reply data. Pushes onto
   * `applied` the names of the rules that changed something, also when it
   * throws (a handler error passes through untouched; a rule may throw an
   * `HttpError` after the handler's work is done).
   */
  handle(ctx: Ctx, seq: number, applied: VariationName[], handler: (ctx: Ctx) => unknown): unknown;
}

/**
 * Builds the layer. Throws an Error naming the option when `profile` or a
 * variation name is unknown.
 */
export function replyLayer(
  profile: SimulatorProfile | undefined,
  variations: readonly VariationName[] | undefined,
  seed: number,
): ReplyLayer {
  const name = profile ?? 'strict';
  if (!SIMULATOR_PROFILES.includes(name))
    throw new Error(`profile must be one of ${SIMULATOR_PROFILES.join(', ')} (got "${String(profile)}")`);
  for (const variation of variations ?? []) {
    if (!VARIATION_NAMES.includes(variation))
      throw new Error(`unknown variation "${String(variation)}" (valid: ${VARIATION_NAMES.join(', ')})`);
  }
  const random = name === 'variant';
  const enabled = VARIATION_NAMES.filter((rule) => (variations ? variations.includes(rule) : random));
  const rules = enabled.map((rule) => VARIATION_RULES[rule]);
  return {
    passThrough: rules.length === 0,
    handle(ctx, seq, applied, handler) {
      if (rules.length === 0) return handler(ctx);
      const rng = seededRng((Math.imul(seed, 0x9e3779b1) ^ Math.imul(seq, 0x85ebca6b) ^ 0x5a17) >>> 0);
      // Every rule consumes one draw, drawn or not, so one rule's draws never shift another's.
      const drawn = rules.filter((rule) => {
        const roll = rng();
        return !random || roll < rule.weight;
      });
      const ledger = ctx.env.store.data.ledger;
      const exchange: Exchange = { ctx, orders: [], rng };
      for (const rule of drawn) if (rule.request?.(exchange)) applied.push(rule.name);
      const before = ledger.length;
      let data = handler(ctx);
      exchange.orders = ledger.slice(before);
      for (const rule of drawn) {
        let changed: { data: unknown } | undefined;
        try {
          changed = rule.reply?.(exchange, data);
        } catch (error) {
          applied.push(rule.name);
          throw error;
        }
        if (changed) {
          applied.push(rule.name);
          data = changed.data;
        }
      }
      return data;
    },
  };
}
