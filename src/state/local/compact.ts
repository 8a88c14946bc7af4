/**
 * The compact form of a resource entry in `state.json` (snapshot format 2,
 * issue 35: the state of 100,000 resources under 100 MB). A resource's
 * `raw` attribute is the API's whole reply as JSON text, and about half of
 * a VM's entry; several of its members (`status`, `next_due`,
 * `last_invoice`, ...) are the very values the resource keeps as
 * attributes of the same name. The snapshot writes `raw` without the values
 * of those members (`"status":` followed by the next member) and marks the
 * entry `"raw_elided": true`; reading it puts each value back from the
 * attribute, giving the exact text the API sent. Nothing is lost: a member
 * is left out only when its text in `raw` is exactly the attribute's JSON,
 * and only from a `raw` that is itself exactly `JSON.stringify` of what it
 * parses to. Reading costs a pattern match per compacted `raw`, no parse.
 *
 * In memory (and in the change log, PostgreSQL, and `cloudctl state pull`)
 * a resource is always whole; a snapshot with compacted entries says
 * `"format_version": 2`, which an older cloudctl refuses as newer rather
 * than misread, and a snapshot of format 1 (written before) is read as it
 * is and compacted at its next write.
 */
import type { ResourceState } from '../document.js';

/** The member of an entry whose `raw` is compacted. */
export const RAW_ELIDED_KEY = 'raw_elided';

/** The snapshot format a compacted entry needs (what `format_version` the file then says). */
export const COMPACT_SNAPSHOT_FORMAT = 2;

/** A member name that can be left out (a plain name: its text in `raw` is `"name"`). */
const PLAIN_NAME = /^[A-Za-z0-9_]+$/;

/**
 * A member whose value was left out: `"name":` followed by `,` or `}`,
 * which valid JSON never holds (a key is always followed by its value, and
 * a quote inside a string is escaped).
 */
const ELIDED_MEMBER = /"([A-Za-z0-9_]+)":(?=[,}])/g;

/**
 * `resource` as the snapshot writes it: compacted when its `raw` has
 * members equal to its attributes, else `resource` itself. Pure.
 */
export function compactEntry(resource: ResourceState): ResourceState | (ResourceState & { raw_elided: true }) {
  const { attributes } = resource;
  const raw = attributes.raw;
  if (typeof raw !== 'string' || raw.charCodeAt(0) !== 123 /* { */) return resource;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return resource;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return resource;
  const members = Object.entries(parsed as Record<string, unknown>);
  let elided = 0;
  const parts = members.map(([name, value]) => {
    const text = JSON.stringify(value);
    const attribute = attributes[name];
    const leaveOut = name !== 'raw' && attribute !== undefined && PLAIN_NAME.test(name) && JSON.stringify(attribute) === text;
    if (leaveOut) elided++;
    return `${JSON.stringify(name)}:${leaveOut ? '' : text}`;
  });
  // Only a text that is exactly what it parses to can be rebuilt exactly (key order, spacing, escapes).
  if (elided === 0 || JSON.stringify(parsed) !== raw) return resource;
  return { ...resource, attributes: { ...attributes, raw: `{${parts.join(',')}}` }, [RAW_ELIDED_KEY]: true };
}

/**
 * Puts back, in place, the members left out of the `raw` of `entry` (an
 * entry of a snapshot just parsed) when it is marked compacted, and drops
 * the mark. Returns why it cannot (`raw` not text, or a member whose
 * attribute is missing), else `null`.
 */
export function expandEntry(entry: Record<string, unknown>): string | null {
  if (entry[RAW_ELIDED_KEY] === undefined) return null;
  const attributes = entry.attributes as Record<string, unknown> | undefined;
  const raw = attributes?.raw;
  if (entry[RAW_ELIDED_KEY] !== true || typeof raw !== 'string') return `${RAW_ELIDED_KEY} is set but attributes.raw is not compacted text`;
  let missing: string | undefined;
  attributes!.raw = raw.replace(ELIDED_MEMBER, (member, name: string) => {
    const value = attributes![name];
    if (value === undefined) {
      missing ??= name;
      return member;
    }
    return `${member}${JSON.stringify(value)}`;
  });
  delete entry[RAW_ELIDED_KEY];
  return missing === undefined ? null : `attributes.raw leaves out ${missing}, which the attributes do not hold`;
}
