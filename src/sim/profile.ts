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
import { SIMULATOR_PROFILES, VARIATION_NAMES, type OmittedKey, type SimulatorProfile, type VariationName } from './types.js';
import { seededRng } from './random.js';
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

/** One {@link OmittedKey}, compiled. */
interface Omission {
  routes: RegExp;
  path: string[];
}

/** Deletes `path` (a key, or a dotted path into nested objects) from each object of `data` (the object, or the object items of a list). */
function omit(data: unknown, path: readonly string[]): unknown {
  const isObject = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value);
  const out: unknown = data === undefined ? data : JSON.parse(JSON.stringify(data));
  for (const item of Array.isArray(out) ? out : [out]) {
    let object: unknown = item;
    for (const key of path.slice(0, -1)) object = isObject(object) ? object[key] : undefined;
    if (isObject(object)) delete object[path[path.length - 1] as string];
  }
  return out;
}

/**
 * Builds the layer. Throws an Error naming the option when `profile` or a
 * variation name is unknown, or an `omitKeys` entry has a bad regular
 * expression or an empty key.
 */
export function replyLayer(
  profile: SimulatorProfile | undefined,
  variations: readonly VariationName[] | undefined,
  seed: number,
  omitKeys: readonly OmittedKey[] = [],
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
  const omissions: Omission[] = omitKeys.map((entry, index) => {
    const path = String(entry.key ?? '').split('.');
    if (path.some((key) => key === ''))
      throw new Error(`omitKeys[${index}].key must be a key or a dotted path (got "${String(entry.key)}")`);
    try {
      return { routes: new RegExp(entry.routes), path };
    } catch (err) {
      throw new Error(`omitKeys[${index}].routes is not a valid regular expression: ${(err as Error).message}`);
    }
  });
  /** The reply without the keys {@link omissions} leave out of this route's replies. */
  const omitted = (ctx: Ctx, data: unknown): unknown => {
    const route = `${ctx.method} ${ctx.pattern}`;
    return omissions.reduce((reply, omission) => (omission.routes.test(route) ? omit(reply, omission.path) : reply), data);
  };
  return {
    passThrough: rules.length === 0 && omissions.length === 0,
    handle(ctx, seq, applied, handler) {
      if (rules.length === 0) return omitted(ctx, handler(ctx));
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
      return omitted(ctx, data);
    },
  };
}
