/**
 * Variables planned as unknown (`PlanOptions.unknownVariables`): values
 * another stack's apply will give (src/stacks, docs/stacks.md). They load
 * with the value given (the known one, or a placeholder) and are then
 * replaced by the unknown marker, so what reads them plans as `(known after
 * apply)`, waiting for the text given (`stack keys`). The plan keeps no
 * placeholder among its variables.
 */
import { unknown, type Value } from '../core/types.js';
import type { LoadedManifest } from '../manifest/index.js';
import type { PlanDocument } from '../plan/document.js';
import { forgetSealedHere } from '../plan/seal.js';

/** Marks `unknownVariables` (name → what it waits for) of `loaded` unknown; returns `loaded`. */
export function markUnknownVariables(loaded: LoadedManifest, unknownVariables: Record<string, string> | undefined): LoadedManifest {
  for (const [name, waitsFor] of Object.entries(unknownVariables ?? {}))
    if (Object.hasOwn(loaded.variables, name)) loaded.variables[name] = unknown(waitsFor) as unknown as Value;
  return loaded;
}

/** `plan` without the variables planned as unknown; returns `plan`. */
export function withoutUnknownVariables(plan: PlanDocument, unknownVariables: Record<string, string> | undefined): PlanDocument {
  for (const name of Object.keys(unknownVariables ?? {})) delete plan.variables[name];
  if (unknownVariables !== undefined) forgetSealedHere(plan); // changed since sealed: a file of it is checked whole when read
  return plan;
}
