/**
 * Serialised account views kept between requests, so that a list of 33,000
 * accounts is written from texts made earlier instead of 33,000 views built
 * and encoded again: each account's view as JSON text, made once and reused
 * while the account is unchanged ({@link Store.revision}), its view does not
 * move with time any more ({@link settled}) and what else it shows (a VM's
 * keypair) is the same. The reply's bytes are those of the views encoded
 * afresh (`JSON.stringify` of the envelope): texts joined with commas
 * inside `[` `]` are the array's encoding.
 */
import type { Route, SimEnv } from './router.js';
import type { AnyAccount } from './store.js';

/** A list reply's `data` whose items are already encoded as JSON (see {@link ViewCache}). */
export class SerialisedList {
  /** @param items each item's encoded view, in list order. */
  constructor(readonly items: EncodedView[]) {}

  /** The reply envelope `{"success":true,"code":200,"data":[...]}`, byte for byte what `JSON.stringify` of it gives. */
  envelope(): SerialisedReply {
    let bytes = ENVELOPE_HEAD.length + ENVELOPE_TAIL.length + Math.max(0, this.items.length - 1);
    for (const item of this.items) bytes += item.bytes;
    return new SerialisedReply(
      this.items.map((item) => item.text),
      bytes,
    );
  }
}

/** What a {@link SerialisedReply} starts and ends with (ASCII: as many bytes as characters). */
const ENVELOPE_HEAD = '{"success":true,"code":200,"data":[';
const ENVELOPE_TAIL = ']}';

/**
 * A list reply already encoded: `{"success":true,"code":200,"data":[`, the
 * items' texts separated by commas, `]}`; `bytes` its length in UTF-8. The
 * server writes it in pieces ({@link SerialisedReply.pieces}), never as one
 * string of the whole reply (a list of 33,000 VMs is 29 MB: fresh memory
 * that costs more to touch than the pieces, which the young generation reuses).
 */
export class SerialisedReply {
  constructor(
    readonly items: string[],
    readonly bytes: number,
  ) {}

  /** The reply's text in order, in pieces of about `characters` (an item is never split). */
  *pieces(characters: number): Generator<string> {
    let batch: string[] = [];
    let size = 0;
    let first = true;
    for (const item of this.items) {
      batch.push(item);
      size += item.length + 1;
      if (size >= characters) {
        yield (first ? ENVELOPE_HEAD : ',') + batch.join(',');
        [batch, size, first] = [[], 0, false];
      }
    }
    yield (first ? ENVELOPE_HEAD : batch.length > 0 ? ',' : '') + batch.join(',') + ENVELOPE_TAIL;
  }
}

/** One account's view as a list shows it: its JSON text, its length in UTF-8 bytes, and its status (what `?status=` filters on). */
export interface EncodedView {
  text: string;
  bytes: number;
  status: string;
}

/** A kept view, with what it was made from. */
interface Kept extends EncodedView {
  revision: number;
  dependency: unknown;
}

/**
 * True when the view of `rec` at `now` is its view at any later time until
 * the account changes: its order provisioned (`ready_at` passed), every
 * scheduled change in effect, and no invoice whose status waits for a time
 * (`paidAt`). Status, attributes and invoice are then fixed.
 */
export function settled(rec: AnyAccount, now: number): boolean {
  if (rec.ready_at === null || now < rec.ready_at) return false;
  for (const change of rec.changes as Array<{ at: number | null }>) if (change.at === null || change.at > now) return false;
  return rec.invoice.paidAt === undefined || now >= rec.invoice.paidAt;
}

/**
 * The encoded views of one list route's accounts, kept by account (a weak
 * map: an account the data no longer holds takes its text with it). A view
 * is kept only when settled; it is made again when the account's
 * {@link Store.revision} or its `dependency` (compared by identity) differs.
 */
export class ViewCache<R extends AnyAccount> {
  private readonly kept = new WeakMap<R, Kept>();

  /** @param dependency what else the view shows, compared by identity (a VM's keypair); none when absent. */
  constructor(private readonly dependency?: (rec: R, env: SimEnv, now: number) => unknown) {}

  /**
   * The view of `rec` (an account of `env`'s store) at `now`: the kept one
   * when still right, else `view()` encoded (and kept when settled).
   */
  encoded(env: SimEnv, rec: R, now: number, view: () => { status: string }): EncodedView {
    const revision = env.store.revision(rec);
    const dependency = this.dependency?.(rec, env, now);
    const kept = this.kept.get(rec);
    if (kept && kept.revision === revision && kept.dependency === dependency && settled(rec, now)) return kept;
    const made = view();
    const text = JSON.stringify(made);
    const encoded: EncodedView = { text, bytes: Buffer.byteLength(text, 'utf8'), status: made.status };
    if (revision !== undefined && settled(rec, now)) this.kept.set(rec, { ...encoded, revision, dependency });
    else this.kept.delete(rec);
    return encoded;
  }
}

/**
 * Runs the `prepare` steps of `routes` (encoding list views ahead of the
 * first list) one at a time, each in its own turn of the event loop, so
 * requests are answered between two steps. `stop` ends it early (the
 * server closing).
 */
export function prepareWhileIdle(routes: readonly Route[], env: SimEnv): { stop: () => void } {
  const steps = routes.flatMap((route) => (route.prepare ? [route.prepare(env)[Symbol.iterator]()] : []));
  let timer: NodeJS.Immediate | undefined;
  const step = () => {
    timer = undefined;
    while (steps.length > 0 && steps[0]!.next().done) steps.shift();
    if (steps.length > 0) timer = setImmediate(step);
  };
  if (steps.length > 0) timer = setImmediate(step);
  return {
    stop: () => {
      if (timer) clearImmediate(timer);
      timer = undefined;
      steps.length = 0;
    },
  };
}
