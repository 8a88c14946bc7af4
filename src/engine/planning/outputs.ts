/** The outputs of a plan, against those in state. */
import { sameData } from '../../core/equal.js';
import { containsUnknown, DiagnosticError, type Diagnostic } from '../../core/types.js';
import { type PlanDocument } from '../../plan/document.js';

import type { PlanWalk } from './walk.js';

/**
 * The plan's outputs: each evaluated (only those resolved now, in a
 * targeted plan; an output that fails otherwise throws DiagnosticError), marked `create`, `update` or `noop` against the state's,
 * sensitive when either side is.
 */
export function planOutputs(walk: PlanWalk): PlanDocument['outputs'] {
  const { state, scope, selection } = walk;
  const diagnostics: Diagnostic[] = [];
  const outputs: PlanDocument['outputs'] = scope.outputs(walk.options.loaded.manifest, { onlyResolved: Boolean(selection), diagnostics });
  // An output that fails is an error of the plan, at the expression: never a silent null.
  if (diagnostics.length > 0) throw new DiagnosticError(diagnostics);
  for (const [name, output] of Object.entries(outputs)) {
    const prior = state.outputs?.[name];
    if (!prior) outputs[name] = { ...output, action: 'create' };
    else {
      const same = !containsUnknown(output.value) && sameData(prior.value, output.value);
      outputs[name] = { ...output, sensitive: output.sensitive || prior.sensitive, before: prior.value, action: same ? 'noop' : 'update' };
    }
  }
  return outputs;
}
