/**
 * The seal of a plan: `checksum`, written `sha256:` and 64 hex digits, the
 * SHA-256 of the plan's text as a plan file holds it (plan-text.ts: the
 * JSON of the document without its `checksum` member, members in the order
 * the document has them, each own unknown attribute as its name, each quiet
 * `noop` as a tuple, a long manifest text after a NUL), so that sealing and
 * saving a plan serialise it the same way, with the engine's native JSON.
 * Plans sealed before (plan file formats 1 and 2, `plan --json` of those
 * versions) carry the SHA-256 of the document's RFC 8785 canonical JSON
 * (keys sorted), which is still accepted: {@link checkPlanSeal} refuses a
 * plan only when its checksum is neither. Every plan cloudctl makes is
 * sealed (src/engine/session.ts `makePlan`), `plan --json` included (its
 * English reasons are sealed with it); a saved plan whose checksum does not
 * match its content, or that has none, is refused as altered before
 * anything else is done with it (src/plan/files.ts when a plan file is
 * read, src/engine/engine.ts when a plan is applied). The text depends on
 * the order of members: a program that hands `Engine.apply` a plan must
 * keep it (JSON.parse does; a tool that sorts keys makes it refused).
 *
 * The seal finds a plan changed after it was made (one character of a
 * `plan --json` output edited by hand or by a script, a file damaged on
 * the way between CI jobs). It is not a signature: whoever can rewrite the
 * file can compute a new checksum, so keep plans where only the pipeline
 * writes them (docs/ci.md).
 */
import { createHash } from 'node:crypto';
import type { PlanDocument } from './document.js';
import { planText, SOURCE_SEPARATOR } from './plan-text.js';
import { planFileCompressor } from './compression.js';

/** How a checksum is written: the algorithm, a colon, the digest in lower-case hex. */
const CHECKSUM_PREFIX = 'sha256:';

/** About how many characters of canonical JSON are gathered before they are handed on (to the hash): 64 Ki. */
const PIECE_CHARACTERS = 64 * 1024;

/** The JSON text of keys met often (`"name":`), so that each is escaped once; at most this many are kept. */
const KEY_TEXTS_KEPT = 4096;
const keyTexts = new Map<string, string>();

/** `"key":` as JSON writes it. */
function keyText(key: string): string {
  let text = keyTexts.get(key);
  if (text === undefined) {
    text = `${JSON.stringify(key)}:`;
    if (keyTexts.size < KEY_TEXTS_KEPT) keyTexts.set(key, text);
  }
  return text;
}

/** True when `key` is an array index (a canonical decimal integer below 2³² − 1), which objects list first, ascending. */
function isArrayIndex(key: string): boolean {
  const first = key.charCodeAt(0);
  return first >= 48 && first <= 57 && /^(?:0|[1-9][0-9]*)$/.test(key) && Number(key) < 4294967295;
}

/**
 * The keys of `value` in the order the seal has always written them: the
 * order of the own keys of an object made by inserting them sorted by
 * UTF-16 code units (RFC 8785, section 3.2.3), that is, array-index keys
 * first in numeric order (ECMAScript lists them so), then the others
 * sorted. `Object.keys` gives the index keys first already, the rest in
 * insertion order: only that rest is sorted (insertion sort: objects of a
 * plan have a few keys, mostly sorted already).
 */
function sortedKeyOrder(keys: string[]): string[] {
  let from = 0;
  while (from < keys.length && isArrayIndex(keys[from]!)) from++;
  for (let index = from + 1; index < keys.length; index++) {
    const key = keys[index]!;
    let before = index - 1;
    if (keys[before]! <= key) continue;
    while (before >= from && keys[before]! > key) {
      keys[before + 1] = keys[before]!;
      before--;
    }
    keys[before + 1] = key;
  }
  return keys;
}

/**
 * The keys of one shape of object in the seal's order, with their JSON
 * texts: `"key":` (`first`) and `,"key":` (`next`), made once per shape.
 */
interface SealedKeys {
  keys: readonly string[];
  first: readonly string[];
  next: readonly string[];
}

/** One list of keys as `Object.keys` gave it, and the same keys as the seal writes them. */
interface KeyOrder {
  listed: readonly string[];
  sealed: SealedKeys;
}

/** Most key lists remembered per first key (a plan's objects have a few dozen shapes: a change, an attribute, a reason...). */
const ORDERS_KEPT_PER_FIRST_KEY = 16;

/**
 * The key orders met, by first key: objects of one shape (every attribute
 * change, every create's change) list the same keys in the same order, so
 * each list is sorted (and its keys written as JSON) once, not once per
 * object (2 million objects for a plan of 100,000 creates).
 */
const keyOrders = new Map<string, KeyOrder[]>();

/** True when `a` and `b` hold the same keys in the same order. */
function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index++) if (a[index] !== b[index]) return false;
  return true;
}

/** `keys` (sorted as the seal writes them) with their texts. */
function sealedKeys(keys: readonly string[]): SealedKeys {
  const first = keys.map(keyText);
  return { keys, first, next: first.map((text) => `,${text}`) };
}

/** The keys of `value` in the seal's order (see {@link sortedKeyOrder}) with their texts, sorted once per list of keys met. */
function sealedKeyOrder(value: object): SealedKeys {
  const keys = Object.keys(value);
  const head = keys.length === 0 ? '' : keys[0]!;
  let known = keyOrders.get(head);
  if (known === undefined) {
    known = [];
    if (keyOrders.size < KEY_TEXTS_KEPT) keyOrders.set(head, known);
  }
  for (const order of known) if (sameKeys(order.listed, keys)) return order.sealed;
  const sealed = sealedKeys(sortedKeyOrder([...keys]));
  if (known.length < ORDERS_KEPT_PER_FIRST_KEY) known.push({ listed: keys, sealed });
  return sealed;
}

/**
 * The JSON text of `value` without its quotes, in pieces of about `size`
 * characters whose concatenation is `JSON.stringify(value).slice(1, -1)`:
 * each piece is a slice escaped alone, never cut between the two halves
 * of a surrogate pair (JSON.stringify escapes a lone half).
 */
export function* jsonStringPieces(value: string, size: number): Generator<string> {
  for (let from = 0; from < value.length;) {
    let to = Math.min(from + size, value.length);
    const last = value.charCodeAt(to - 1);
    if (to < value.length && to - 1 > from && last >= 0xd800 && last <= 0xdbff) to--;
    yield JSON.stringify(value.slice(from, to)).slice(1, -1);
    from = to;
  }
}

/** True for what JSON leaves out of an object and writes `null` for in an array. */
function omitted(value: unknown): boolean {
  return value === undefined || typeof value === 'function' || typeof value === 'symbol';
}

/**
 * Writes canonical JSON in pieces: `text` gathers what is written and is
 * handed to `emit` each time it passes {@link PIECE_CHARACTERS} at the end
 * of an array item or object member, so no piece grows with the document.
 */
class CanonicalWriter {
  private text = '';
  constructor(private readonly emit: (piece: string) => void) {}

  /** Writes `value` (its `toJSON` called with `key` first, as JSON.stringify does); false when it writes nothing (undefined, a function, a symbol). */
  value(input: unknown, key: string | number): boolean {
    let value = input;
    if (
      value !== null &&
      (typeof value === 'object' || typeof value === 'bigint') &&
      typeof (value as { toJSON?: unknown }).toJSON === 'function'
    )
      value = (value as { toJSON(key: string): unknown }).toJSON(String(key));
    switch (typeof value) {
      case 'string':
        if (value.length > PIECE_CHARACTERS) this.longString(value);
        else this.text += JSON.stringify(value);
        return true;
      case 'number':
        this.text += Number.isFinite(value) ? String(value) : 'null';
        return true;
      case 'boolean':
        this.text += value ? 'true' : 'false';
        return true;
      case 'object':
        if (value === null) this.text += 'null';
        else if (Array.isArray(value)) this.array(value);
        else this.object(value);
        return true;
      case 'bigint':
        return Boolean(JSON.stringify(value)); // throws, as JSON.stringify does for a BigInt
      default:
        return false;
    }
  }

  /** A string longer than a piece (the manifest's source) written piece by piece, never as one JSON text of it. */
  private longString(value: string): void {
    this.text += '"';
    for (const piece of jsonStringPieces(value, PIECE_CHARACTERS)) {
      this.text += piece;
      this.flush();
    }
    this.text += '"';
  }

  private array(items: readonly unknown[]): void {
    this.text += '[';
    for (let index = 0; index < items.length; index++) {
      if (index > 0) this.text += ',';
      if (!this.value(items[index], index)) this.text += 'null';
      if (this.text.length >= PIECE_CHARACTERS) this.flush();
    }
    this.text += ']';
  }

  private object(record: object): void {
    this.text += '{';
    let first = true;
    const { keys, first: firstTexts, next: nextTexts } = sealedKeyOrder(record);
    for (let index = 0; index < keys.length; index++) {
      const key = keys[index]!;
      // Written through `sorted[key] = ...`, a `__proto__` key set a prototype and never an own key: the seal always left it out.
      if (key === '__proto__') continue;
      const item = (record as Record<string, unknown>)[key];
      if (omitted(item)) continue;
      this.text += first ? firstTexts[index]! : nextTexts[index]!;
      first = false;
      this.value(item, key);
      if (this.text.length >= PIECE_CHARACTERS) this.flush();
    }
    this.text += '}';
  }

  /** Hands on what was gathered. */
  flush(): void {
    if (this.text === '') return;
    this.emit(this.text);
    this.text = '';
  }
}

/**
 * Hands `value` (JSON data) to `emit` as RFC 8785 canonical JSON, in
 * pieces of about 64 Ki characters whose concatenation is the text (so a
 * plan of 100,000 changes is never one string of 150 MB).
 */
export function writeCanonicalJson(value: unknown, emit: (piece: string) => void): void {
  const writer = new CanonicalWriter(emit);
  writer.value(value, '');
  writer.flush();
}

/**
 * `value` (JSON data) as RFC 8785 canonical JSON: keys sorted by UTF-16
 * code units, no white space, numbers and strings as ECMAScript (JSON.stringify) writes them. Where the RFC
 * refuses (a string holding a lone UTF-16 surrogate, a number that is not
 * finite), this writes what JSON.stringify writes (`"\ud800"`, `null`),
 * which is as deterministic. Two details keep the text plans were always
 * sealed with (the seal was `JSON.stringify` with a replacer copying each
 * object with sorted keys): array-index keys (`"9"`, `"10"`) come first
 * in numeric order, and a `__proto__` key is left out. `undefined` for `undefined`.
 */
export function canonicalJson(value: unknown): string {
  const pieces: string[] = [];
  writeCanonicalJson(value, (piece) => pieces.push(piece));
  return pieces.length === 0 ? (undefined as unknown as string) : pieces.join('');
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
 * plan's text as a plan file holds it (plan-text.ts), without its
 * `checksum` member. Members whose value is `undefined` count as absent,
 * as in JSON. `shown`: how an error names the plan. O(size of the plan).
 * @throws PlanAlteredError for a document the text would not stand for
 *   alone (a change that is an array, an attribute that is a string: what a
 *   plan file writes for compacted ones, never what cloudctl makes).
 */
export function planChecksum(plan: PlanDocument, shown = 'the plan'): string {
  const { checksum: _ignored, ...content } = plan;
  const hash = createHash('sha256');
  // Hashed piece by piece as it is written: one string of the whole text is never made.
  for (const piece of planText(content as PlanDocument, undefined, refuser(shown))) hash.update(piece, 'utf8');
  return `${CHECKSUM_PREFIX}${hash.digest('hex')}`;
}

/** The error {@link planText} throws for a document its text would not stand for alone: PlanAlteredError naming `shown`. */
function refuser(shown: string): (what: string) => Error {
  return (what) =>
    new PlanAlteredError(
      `${shown} was altered after it was made (${what}, which cloudctl never writes); nothing was applied. Run 'cloudctl plan' again`,
    );
}

/**
 * The checksum plans were sealed with before plan file format 3: SHA-256
 * over the RFC 8785 canonical JSON of the document without its `checksum`
 * member ({@link canonicalJson}). Still accepted by {@link checkPlanSeal},
 * so a plan saved by an earlier cloudctl applies. O(size of the plan).
 */
export function canonicalPlanChecksum(plan: PlanDocument): string {
  const { checksum: _ignored, ...content } = plan;
  const hash = createHash('sha256');
  writeCanonicalJson(content, (piece) => hash.update(piece, 'utf8'));
  return `${CHECKSUM_PREFIX}${hash.digest('hex')}`;
}

/** The plans sealed by {@link sealPlan} in this process, with the checksum each was given. */
const sealedHere = new WeakMap<object, string>();

/** The plans read from a plan file whose bytes are proven to be those written (files.ts: the digest in its header). */
const provenUnaltered = new WeakSet<object>();

/** The compressed plan file text of plans sealed by {@link sealPlanKeepingFile}, until a plan file is written from them. */
const keptFiles = new WeakMap<object, Promise<Buffer[]>>();

/** `plan` with its `checksum` computed for its content as it is now (a new object; the rest is shared). */
export function sealPlan(plan: PlanDocument): PlanDocument {
  const sealed = { ...plan, checksum: planChecksum(plan) };
  sealedHere.set(sealed, sealed.checksum);
  return sealed;
}

/**
 * {@link sealPlan} for a plan about to be saved (`cloudctl plan`): the
 * pass over its text that hashes it also compresses the text of the sealed
 * plan as its file holds it (`{ ...plan, checksum }`: the same text with
 * `,"checksum":"sha256:…"` before the `}` that closes the document, written
 * once the hash is done), on libuv's thread pool while the next piece is
 * made, so that `writePlanFile` (files.ts) does not write the text again:
 * kept with the sealed plan until then ({@link takeKeptPlanFile}). A plan
 * with a `checksum` member already, or no member, is sealed as
 * {@link sealPlan} does, keeping nothing.
 * @throws as {@link planChecksum} (the compression is then abandoned).
 */
export async function sealPlanKeepingFile(plan: PlanDocument): Promise<PlanDocument> {
  if (Object.hasOwn(plan, 'checksum') || Object.keys(plan).length === 0) return sealPlan(plan);
  const hash = createHash('sha256');
  const compressor = planFileCompressor();
  let held: string | undefined; // the latest piece of the document: the last one closes it
  let following: string[] | undefined; // the NUL and the manifest text after the document, once met
  try {
    for (const piece of planText(plan, undefined, refuser('the plan'))) {
      hash.update(piece, 'utf8');
      if (following) following.push(piece);
      else if (piece === SOURCE_SEPARATOR) following = [piece];
      else {
        if (held !== undefined) await compressor.write(held);
        held = piece;
      }
    }
  } catch (error) {
    compressor.abandon();
    throw error;
  }
  const checksum = `${CHECKSUM_PREFIX}${hash.digest('hex')}`;
  // `held` ends with the document's `}`; the checksum member is the sealed plan's last, as `{ ...plan, checksum }` lists it.
  await compressor.write(`${held!.slice(0, -1)},"checksum":${JSON.stringify(checksum)}}`);
  for (const piece of following ?? []) await compressor.write(piece);
  const sealed = { ...plan, checksum };
  sealedHere.set(sealed, checksum);
  keptFiles.set(sealed, compressor.end());
  return sealed;
}

/**
 * The compressed text of `plan` as its file holds it, when `plan` is the
 * very object {@link sealPlanKeepingFile} returned in this process, still
 * carrying its checksum: the text as it was sealed (a plan changed after
 * its seal must be given to {@link forgetSealedHere}, as it must for the
 * digest of its file). Handed out once (the next call gives undefined).
 * The promise rejects when the compression failed (the caller compresses
 * the plan again). Internal to src/plan (files.ts).
 */
export function takeKeptPlanFile(plan: PlanDocument): Promise<Buffer[]> | undefined {
  const kept = keptFiles.get(plan);
  if (kept === undefined || !sealedInThisProcess(plan)) return undefined;
  keptFiles.delete(plan);
  return kept;
}

/**
 * True when `plan` is the very object {@link sealPlan} returned in this
 * process, still carrying the checksum it was given (a plan file written
 * from it may then carry the digest of its bytes: files.ts).
 */
export function sealedInThisProcess(plan: PlanDocument): boolean {
  return typeof plan.checksum === 'string' && sealedHere.get(plan) === plan.checksum;
}

/** Forgets that this process sealed `plan` (a plan changed after {@link sealPlan}: its file then carries no digest, and is checked whole when read). */
export function forgetSealedHere(plan: PlanDocument): void {
  sealedHere.delete(plan);
  keptFiles.delete(plan);
}

/**
 * Notes that `plan` was read from a plan file whose bytes match the digest
 * its header carries, written from a plan sealed by this cloudctl
 * (files.ts): {@link checkPlanSeal} then does not compute its checksum
 * again (a second of work for 100,000 changes). Internal to src/plan.
 */
export function notePlanUnaltered(plan: PlanDocument): void {
  provenUnaltered.add(plan);
}

/**
 * Refuses a plan that is not sealed as it is: no `checksum`, or one that
 * is neither its {@link planChecksum} nor (a plan sealed before plan file
 * format 3) its {@link canonicalPlanChecksum}. `shown`: how messages name the plan (a file
 * path, or `the plan`). No I/O. A plan read from a plan file whose digest
 * matched (files.ts) is not hashed again: the digest proved its bytes
 * those cloudctl wrote from the sealed plan.
 * @throws PlanAlteredError naming the plan, the checksum it carries and the one of its content.
 */
export function checkPlanSeal(plan: PlanDocument, shown = 'the plan'): void {
  const carried = plan.checksum;
  if (typeof carried !== 'string' || carried === '')
    throw new PlanAlteredError(
      `${shown} carries no checksum, so it cannot be told unaltered (it was made by a cloudctl before plans were sealed, or its checksum was removed): run 'cloudctl plan' again`,
    );
  // Read from a plan file proven byte for byte what cloudctl wrote from this sealed plan (files.ts).
  if (provenUnaltered.has(plan)) return;
  const actual = planChecksum(plan, shown);
  // A plan sealed by a cloudctl before plan file format 3 carries the checksum of its canonical JSON.
  if (carried !== actual && carried !== canonicalPlanChecksum(plan))
    throw new PlanAlteredError(
      `${shown} was altered after it was made: it carries checksum ${carried}, but its content has ${actual}; nothing was applied. Run 'cloudctl plan' again (and apply the file plan wrote, unchanged)`,
    );
}
