/**
 * How an API read becomes state attributes, for every type alike (refresh
 * after plan, read-back after apply, import). The rules come from the
 * attribute table: write-only inputs keep what cloudctl sent, values created
 * once (private keys) are kept, everything the API reports wins otherwise.
 */
import type { ResourceType } from '../resources/attribute.js';
import type { Attributes } from '../core/types.js';

/**
 * Merges a read into state attributes.
 * @param type    the resource type (its attribute table decides)
 * @param prior   the state's attributes before, if any
 * @param read    what `type.read` returned
 * @param inputs  the inputs just applied (after a create or update), if any
 * @returns the attributes to store; `id` always included
 */
export function mergeAttributes(type: ResourceType, prior: Attributes | undefined, read: Attributes, inputs?: Attributes): Attributes {
  const merged: Attributes = {};
  const has = (record: Attributes | undefined, name: string) => record !== undefined && Object.hasOwn(record, name) && record[name] !== undefined;
  for (const [name, attribute] of Object.entries(type.attributes)) {
    let value;
    if (attribute.keepFromCreate) value = prior?.[name] ?? read[name];
    else if (attribute.writeOnly) {
      // A write-only input keeps what cloudctl sent; `null` means "known to be
      // unset" (so a trigger set later fires), absent means "unknown" (after an
      // import: the manifest's value is adopted). Only then is the read used.
      value = has(inputs, name) ? inputs![name] : has(prior, name) ? prior![name] : read[name];
    } else if (read[name] !== undefined) value = read[name];
    else value = has(inputs, name) ? inputs![name] : prior?.[name];
    if (value !== undefined) merged[name] = value;
  }
  if (read.id !== undefined) merged.id = read.id;
  return merged;
}

/** The input attributes of `attributes` (required and optional), for re-use as a create's inputs. */
export function inputAttributes(type: ResourceType, attributes: Attributes): Attributes {
  const inputs: Attributes = {};
  for (const [name, attribute] of Object.entries(type.attributes)) {
    if (attribute.mode !== 'computed' && attributes[name] !== undefined) inputs[name] = attributes[name];
  }
  return inputs;
}
