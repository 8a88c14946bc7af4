/** The outputs of a plan, against those in state. */
import { sameData } from '../../core/equal.js';
import { containsUnknown } from '../../core/types.js';
import { type PlanDocument } from '../../plan/document.js';

import type { PlanWalk } from './walk.js';

/**
 * The plan's outputs: each evaluated (only those resolved now, in a
 * targeted plan), marked `create`, `update` or `noop` against the state's,
 * sensitive when either side is.
 */
export function planOutputs(walk: PlanWalk): PlanDocument['outputs'] {
  const { state, scope, selection } = walk;
  const outputs: PlanDocument['outputs'] = scope.outputs(walk.options.loaded.manifest, { onlyResolved: Boolean(selection) });
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
