/**
 * Reading a data source at apply time: one the plan could not read (its
 * inputs were unknown, or it depends on a resource with changes) is read
 * once its dependencies are applied, and its results published in scope.
 */
import { containsUnknown, type Attributes, type Value } from '../../core/types.js';
import { type BlockDeclaration } from '../../manifest/types.js';
import { type Change } from '../../plan/document.js';
import type { ApplyContext } from './context.js';

/**
 * Reads a data source whose change is `read` (any other was read at plan
 * time: its results are in scope already). Endpoint: the data source's.
 * Errors: an unknown type; inputs that do not evaluate or are still
 * unknown; the read's.
 */
export async function readData(run: ApplyContext, change: Change, block: BlockDeclaration): Promise<void> {
  if (change.action !== 'read') return;
  const type = run.dataSourceType(change.type);
  const { inputs, diagnostics } = run.scope.inputsOf(block);
  if (diagnostics.length > 0) throw new Error(diagnostics.map((diagnostic) => diagnostic.message).join('; '));
  const args: Attributes = {};
  for (const [name, input] of Object.entries(inputs)) {
    if (containsUnknown(input.value)) throw new Error(`${block.address}.${name} is still unknown at apply time`);
    args[name] = input.value as Value;
  }
  run.reporter.started(change.address, 'reading');
  const started = Date.now();
  const results = await type.read(run.operationContext(change.address, 300, 'reading'), args);
  run.scope.setData(change.address, { ...args, ...results });
  run.reporter.finished(change.address, 'reading', (Date.now() - started) / 1000);
}
