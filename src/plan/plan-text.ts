/**
 * The text of a plan as a plan file holds it (files.ts writes it,
 * compressed; seal.ts hashes it: the seal of a plan is the SHA-256 of this
 * text without the `checksum` member): the plan document's JSON, members in
 * the order the document has them, without what can be recomputed: an
 * attribute known only after apply whose value is its own address
 * (`web.status` for `web`'s `status`) written as its name alone
 * (`"status"`, `"status!"` when sensitive); a quiet `noop` written
 * `[address, type, id, dependsOn]`; a long manifest text written after the
 * document (`manifest.source` `null` in it), after a NUL. Also how files.ts
 * reads the last two back.
 *
 * The text stands for one document only: a change that is an array, or an
 * attribute that is a string, would read as a compacted one, so the seal
 * refuses a document holding one (cloudctl never makes one; a plan file
 * holds them only compacted, and reading makes them whole).
 */
import { isUnknown } from '../core/types.js';
import type { AttributeChange, Change, PlanDocument } from './document.js';

/** An attribute as a plan file writes it: whole, or its name alone (`name!` when sensitive) when it is its own address's unknown. */
export type WrittenAttribute = AttributeChange | string;

/** True when `source` is `ADDRESS.NAME` (compared in place: no string made per attribute). */
function namesOwn(source: string, address: string, name: string): boolean {
  return (
    source.length === address.length + 1 + name.length &&
    source.charCodeAt(address.length) === 0x2e &&
    source.startsWith(address) &&
    source.endsWith(name)
  );
}

/** True when `value` has `key` as its one own enumerable key (counted in place: no array of keys per attribute). */
function onlyOwnKey(value: object, key: string): boolean {
  if (!Object.hasOwn(value, key)) return false;
  let count = 0;
  for (const each in value) if (Object.hasOwn(value, each) && ++count > 1) return false;
  return true;
}

/** True when every own enumerable key of `attribute` but `name`, `after` and `sensitive` holds `undefined`. */
function nothingElse(attribute: AttributeChange): boolean {
  for (const key in attribute)
    if (key !== 'name' && key !== 'after' && key !== 'sensitive' && Object.hasOwn(attribute, key))
      if ((attribute as unknown as Record<string, unknown>)[key] !== undefined) return false;
  return true;
}

/** The name alone of `attribute` when it is known only after apply as `ADDRESS.NAME` and holds nothing else, else undefined. */
function ownUnknownName(attribute: AttributeChange, address: string): string | undefined {
  const { name, after, sensitive } = attribute;
  if (typeof name !== 'string' || typeof address !== 'string' || typeof sensitive !== 'boolean' || name.endsWith('!')) return undefined;
  if (!isUnknown(after) || !namesOwn(after.$unknown, address, name) || !onlyOwnKey(after, '$unknown') || !nothingElse(attribute))
    return undefined;
  return sensitive ? `${name}!` : name;
}

/**
 * `change` as a plan file holds it: its own unknown attributes as names
 * (the rest shared, not copied); as it is when it is not an object with a
 * list of attributes (JSON then writes it whole, which no compacted change reads as).
 * @throws the error `refuse` makes for an attribute that is a string (it would read as a compacted one).
 */
function compactedChange(change: Change, refuse: (what: string) => Error): Change {
  if (change === null || typeof change !== 'object' || !Array.isArray(change.attributes)) return change;
  const { attributes, address } = change;
  let written: WrittenAttribute[] | undefined;
  for (let index = 0; index < attributes.length; index++) {
    const attribute = attributes[index]!;
    if (typeof (attribute as unknown) === 'string') throw refuse(`an attribute of ${String(address)} is a string`);
    const name = attribute !== null && typeof attribute === 'object' ? ownUnknownName(attribute, address) : undefined;
    if (name === undefined) {
      if (written) written.push(attribute);
      continue;
    }
    written ??= attributes.slice(0, index);
    written.push(name);
  }
  return written ? { ...change, attributes: written as unknown as AttributeChange[] } : change;
}

/**
 * The members of a quiet `noop` (a resource in state that the plan leaves
 * as it is, with no reason to tell), in the order the planner makes them
 * (src/engine/diff.ts): a plan of 100,000 resources with one change holds
 * 99,999 of them.
 */
const QUIET_NOOP_KEYS = ['address', 'type', 'mode', 'action', 'reasonCodes', 'attributes', 'operations', 'paidOrders', 'id', 'dependsOn'];

/** A quiet `noop` as a plan file of format 2 holds it: `[address, type, id, dependsOn]`. */
type QuietNoopTuple = [string, string, string, string[]];

/**
 * `change` as a format 2 plan file holds it when it is a quiet `noop`
 * (exactly the members {@link QUIET_NOOP_KEYS} in that order, `mode`
 * `resource`, no reason, attribute or operation, no paid order, a string
 * `id`, `dependsOn` of strings): `[address, type, id, dependsOn]`, a third
 * of its text, which reads back as the very same object
 * ({@link quietNoopChange}); undefined for any other change (written whole).
 */
function quietNoopTuple(change: Change): QuietNoopTuple | undefined {
  if (change.action !== 'noop' || change.mode !== 'resource' || typeof change.id !== 'string' || typeof change.address !== 'string')
    return undefined;
  if (typeof change.type !== 'string' || change.paidOrders !== 0 || !Array.isArray(change.dependsOn)) return undefined;
  if (!isEmptyArray(change.reasonCodes) || !isEmptyArray(change.attributes) || !isEmptyArray(change.operations)) return undefined;
  const keys = Object.keys(change);
  if (keys.length !== QUIET_NOOP_KEYS.length || keys.some((key, index) => key !== QUIET_NOOP_KEYS[index])) return undefined;
  if (change.dependsOn.some((address) => typeof address !== 'string')) return undefined;
  return [change.address, change.type, change.id, change.dependsOn];
}

/** True when `value` is an array with nothing in it. */
function isEmptyArray(value: unknown): boolean {
  return Array.isArray(value) && value.length === 0;
}

/**
 * The change a {@link quietNoopTuple} stands for, its members in the order
 * the planner made them (so `show --json` prints it as before), or
 * undefined when `written` is not such a tuple.
 */
export function quietNoopChange(written: unknown): Change | undefined {
  if (!Array.isArray(written) || written.length !== 4) return undefined;
  const [address, type, id, dependsOn] = written as unknown[];
  if (typeof address !== 'string' || typeof type !== 'string' || typeof id !== 'string') return undefined;
  if (!Array.isArray(dependsOn) || dependsOn.some((item) => typeof item !== 'string')) return undefined;
  return {
    address,
    type,
    mode: 'resource',
    action: 'noop',
    reasonCodes: [],
    attributes: [],
    operations: [],
    paidOrders: 0,
    id,
    dependsOn: dependsOn as string[],
  };
}

/** About how many characters of JSON are gathered before they go to the compressor: 64 Ki. */
const PIECE_CHARACTERS = 64 * 1024;

/** What {@link planText} wrote: how many quiet `noop`s as tuples, and whether the manifest text follows the document. */
export interface WrittenPlanText {
  tuples: number;
  source: boolean;
}

/** The error {@link planText} throws for a document its text would not stand for alone. */
function notAPlan(what: string): Error {
  return new Error(`not a plan as cloudctl writes one: ${what}`);
}

/**
 * The text of `plan` as a plan file holds it (see the file's comment), in
 * pieces of about 64 Ki characters whose concatenation is the text: the
 * changes are written one by one (JSON.stringify of each, compacted), so
 * neither the compacted document nor its text (90 MB for 100,000 creates)
 * is ever held whole. `written` (when given) counts what was compacted.
 * `refuse` makes the error thrown for a document the text would not stand
 * for alone (a change that is an array, an attribute that is a string).
 * @throws that error; what JSON.stringify throws (a BigInt, a cycle).
 */
export function* planText(
  plan: PlanDocument,
  written: WrittenPlanText = { tuples: 0, source: false },
  refuse: (what: string) => Error = notAPlan,
): Generator<string> {
  // The text is gathered as parts joined once a piece is long enough: one flat string per piece, not a chain of
  // concatenations that every later reader (the hash, the UTF-8 encoder) walks.
  let parts: string[] = ['{'];
  let length = 1;
  let first = true;
  const source = followingSource(plan);
  written.source = source !== undefined;
  for (const key of Object.keys(plan)) {
    const value = (plan as unknown as Record<string, unknown>)[key];
    const separator = first ? '' : ',';
    if (key !== 'changes' || !Array.isArray(value)) {
      // The manifest's text, when it follows the document, is `null` in it (its place kept).
      const json = JSON.stringify(key === 'manifest' && source !== undefined ? { ...(value as object), source: null } : value);
      if (json === undefined) continue;
      const member = `${separator}${JSON.stringify(key)}:${json}`;
      parts.push(member);
      length += member.length;
      first = false;
      continue;
    }
    parts.push(separator, '"changes":[');
    length += separator.length + 11;
    first = false;
    for (let index = 0; index < value.length; index++) {
      const change = value[index] as Change | undefined;
      if (Array.isArray(change)) throw refuse(`change ${index} is an array`);
      const tuple = change === undefined || change === null ? undefined : quietNoopTuple(change);
      if (tuple !== undefined) written.tuples++;
      const json = change === undefined ? 'null' : String(JSON.stringify(tuple ?? compactedChange(change, refuse)));
      if (index > 0) parts.push(',');
      parts.push(json);
      length += json.length + (index > 0 ? 1 : 0);
      if (length >= PIECE_CHARACTERS) {
        yield parts.join('');
        parts = [];
        length = 0;
      }
    }
    parts.push(']');
  }
  parts.push('}');
  yield parts.join('');
  if (source === undefined) return;
  yield SOURCE_SEPARATOR;
  for (let at = 0; at < source.length; at += PIECE_CHARACTERS) yield source.slice(at, at + PIECE_CHARACTERS);
}

/**
 * What separates a format 2 plan file's document from the manifest text
 * following it: a NUL, which JSON text never holds. {@link planText}
 * yields it as a piece of its own, right after the piece that closes the document.
 */
export const SOURCE_SEPARATOR = '\u0000';

/** The shortest manifest text written after the document instead of in it: 64 Ki characters. */
const SOURCE_FOLLOWS_FROM = 64 * 1024;

/**
 * The manifest text of `plan` when a format 2 plan file writes it after
 * the document, as UTF-8 bytes (`manifest.source` then `null` in it): a
 * long text (64 Ki characters or more) that UTF-8 holds exactly (no lone
 * surrogate). Read back on demand ({@link withFollowingSource}): an apply
 * of a redacted plan reads the manifest's files, not this copy, and at
 * 100,000 resources it is 21 MB that JSON.parse would unescape. Else undefined.
 */
function followingSource(plan: PlanDocument): string | undefined {
  const manifest = plan.manifest as { source?: unknown } | undefined;
  const source = manifest?.source;
  if (typeof source !== 'string' || source.length < SOURCE_FOLLOWS_FROM) return undefined;
  return (source as string & { isWellFormed(): boolean }).isWellFormed() ? source : undefined;
}
