/**
 * What the front door (engine.ts) gives a program of the state and of
 * failures: outputs and attributes with their sensitive values masked
 * (`(sensitive)`), and an error's `code` without its other fields.
 */
import { MASK, maskAttributes } from '../core/mask.js';
import type { Attributes, Value } from '../core/types.js';
import type { Catalogue } from '../manifest/index.js';
import type { ResourceType } from '../resources/attribute.js';
import type { StateDocument } from '../state/document.js';
import { plainResources } from '../state/lazy-resources.js';
import type { FailedChange } from './engine-options.js';

/** The outputs of `document`, sensitive ones masked unless `reveal` (they stay flagged `sensitive`). */
export function maskedOutputs(document: StateDocument, reveal = false): Record<string, { value: Value; sensitive: boolean }> {
  const out: Record<string, { value: Value; sensitive: boolean }> = {};
  for (const [name, output] of Object.entries(document.outputs))
    out[name] = { value: output.sensitive && !reveal ? MASK : output.value, sensitive: output.sensitive };
  return out;
}

/** `attributes` with the type's sensitive ones masked. */
export function maskedAttributes(type: ResourceType, attributes: Attributes): Attributes {
  const sensitive = (name: string) => Boolean(type.attributes[name]?.sensitive) && attributes[name] !== null && attributes[name] !== '';
  return maskAttributes(attributes, sensitive);
}

/** A copy of `document` with the sensitive attributes (of the types `catalogue` knows) and outputs masked. */
export function maskedState(document: StateDocument, catalogue: Catalogue): StateDocument {
  // A lazily read state's resources are a proxy, which structuredClone refuses: copied plain first (every entry read).
  const copy = structuredClone({ ...document, resources: plainResources(document.resources) });
  for (const resource of Object.values(copy.resources)) {
    const type = catalogue.resource(resource.type);
    if (type) resource.attributes = maskedAttributes(type, resource.attributes);
  }
  copy.outputs = maskedOutputs(copy);
  return copy;
}

/** One change's failure as `ApplyResult.failed` lists it: its message and, when the error has a string one, its `code`. */
export function failedChange(entry: { address: string; action: string; error: Error }): FailedChange {
  const code = (entry.error as { code?: unknown }).code;
  return { address: entry.address, action: entry.action, message: entry.error.message, ...(typeof code === 'string' ? { code } : {}) };
}
