/**
 * `count` and `for_each` on module blocks:
 *
 * ```yaml
 * resources:
 *   cluster:
 *     module: ./modules/web.yaml
 *     for_each: { eu: fra1, us: nyc1 }
 *     inputs: { region: "${each.value}", name: "web-${each.key}" }
 * outputs:
 *   eu_ip: ${module.cluster["eu"].ip}
 *   ips: ${module.cluster[*].ip}      # a list, in key order
 * ```
 *
 * Before a manifest level's modules are instantiated (modules.ts), each
 * repeated module block becomes one module block per index or key, at its
 * instance address (`cluster[0]`, `cluster["eu"]`), with `${count.index}`,
 * `${each.key}` and `${each.value...}` in its inputs replaced by their
 * values (repetition.ts's replacer), so its resources are addressed
 * `cluster["eu"].web`. The keys must be known at plan time (literals and
 * variables); the misuse diagnostics are those of resource blocks.
 */
import { instanceAddress } from '../../core/address.js';
import { type Diagnostic, type Value } from '../../core/types.js';
import { WORKSPACE_VARIABLE, type Expression, type ModuleDeclaration, type Reference, type Repetition } from '../types.js';
import { formatReference, formatStep, referencesOf } from '../parse/expressions.js';
import { record } from '../parse/walker.js';
import {
  evaluateRepetition,
  instanceReplacer,
  instanceValueProblem,
  keysOf,
  rewriteReferences,
  unknownRepetitionProblems,
} from './repetition.js';

/** Result of {@link expandModuleBlocks}. */
export interface ModuleExpansion {
  /** Module blocks by address: the repeated ones replaced by their instances, in key order, in place. */
  modules: Record<string, ModuleDeclaration>;
  /** The repetition of each repeated module block, by block name (`cluster`). */
  repetitions: Record<string, Repetition>;
  diagnostics: Diagnostic[];
}

/**
 * Expands the repeated module blocks of one manifest level (see the file's
 * comment). `variables` and `sensitive` are the level's resolved variables
 * by its own names; `workspace` the run's. Pure: the blocks given are not
 * changed. Diagnostics: `count` / `for_each` referring to resources, data
 * sources or module outputs (`repetition_unknown`), a bad value (a negative
 * count, a sensitive or duplicate key: `repetition_invalid`), and
 * `${count.index}` / `${each.*}` in the inputs of a block without the
 * matching repetition (`reference_instance`), each at its file:line:col. A
 * block with errors is left out of `modules`, or kept with an empty
 * `source` (not instantiated) when its inputs misuse them.
 */
export function expandModuleBlocks(
  modules: Record<string, ModuleDeclaration>,
  variables: Record<string, Value>,
  sensitive: ReadonlySet<string>,
  workspace: string,
): ModuleExpansion {
  const diagnostics: Diagnostic[] = [];
  const expanded = record<ModuleDeclaration>();
  const repetitions = record<Repetition>();
  for (const [address, block] of Object.entries(modules)) {
    const problems = Object.values(block.inputs)
      .flatMap(referencesOf)
      .flatMap((reference) =>
        reference.root === 'count' || reference.root === 'each' ? (instanceValueProblem(reference, block) ?? []) : [],
      );
    diagnostics.push(...problems);
    if (problems.length > 0) {
      // Told once: the block is not instantiated (an empty source), and what reads its outputs is not told again.
      expanded[address] = { ...block, source: '' };
      continue;
    }
    if (!block.count && !block.forEach) {
      expanded[address] = block;
      continue;
    }
    const unknown = unknownRepetitionProblems(block);
    diagnostics.push(...unknown);
    if (unknown.length > 0) continue;
    const evaluated = evaluateRepetition(block, { ...variables, [WORKSPACE_VARIABLE]: workspace }, sensitive, diagnostics);
    if (!evaluated) continue;
    repetitions[block.name] = evaluated.repetition;
    const { count: _count, forEach: _forEach, ...rest } = block;
    for (const key of keysOf(evaluated.repetition)) {
      const replace = instanceReplacer(
        typeof key === 'number' ? { countIndex: key } : { eachKey: key, eachValue: evaluated.values?.get(key) ?? key },
        diagnostics,
      );
      const inputs = record<Expression>();
      for (const [name, input] of Object.entries(block.inputs)) inputs[name] = rewriteReferences(input, replace, diagnostics);
      const instance = instanceAddress(block.name, key);
      expanded[instance] = { ...rest, address: instance, inputs, instance: { block: block.name, key } };
    }
  }
  return { modules: expanded, repetitions, diagnostics };
}

/**
 * What `${module.NAME...}` reads when `NAME` is a repeated module block
 * (`repetition`): the instance addresses read and the output path after
 * them. `${module.cluster[*].x}` reads every instance (`list` true);
 * `${module.cluster["eu"].x}` one. Otherwise a `reference_instance`
 * diagnostic: no instance key (`${module.cluster.x}`), a key that is not
 * among the instances, or a key of the wrong kind.
 */
export function repeatedModuleInstances(
  reference: Reference,
  name: string,
  repetition: Repetition,
): { addresses: string[]; path: Array<string | number>; list: boolean } | Diagnostic {
  const [, key, ...rest] = reference.path;
  const word = repetition.kind === 'count' ? 'count' : 'for_each';
  const fail = (why: string): Diagnostic => ({
    severity: 'error',
    code: 'reference_instance',
    message: `"${formatReference(reference)}": module ${name} has ${word}${why}`,
    location: reference.location,
  });
  if (reference.splat)
    return { addresses: keysOf(repetition).map((each) => instanceAddress(name, each)), path: reference.path.slice(1), list: true };
  // `module.cluster["eu"]` and `module.cluster.eu` both read "eu" as the second step: the text tells them apart.
  const keyed = typeof key === 'number' || reference.text.startsWith(`module.${name}[`);
  if (!keyed || key === undefined) {
    const example = repetition.kind === 'count' ? '[0]' : '["key"]';
    const output = reference.path.slice(1).map(formatStep).join('');
    return fail(
      `; read one instance's output as "\${module.${name}${example}${output}}" or every instance's as "\${module.${name}[*]${output}}"`,
    );
  }
  if ((typeof key === 'number') !== (repetition.kind === 'count'))
    return fail(`, so its instances take ${repetition.kind === 'count' ? 'a whole number index like [0]' : 'a quoted key like ["eu"]'}`);
  if (!keysOf(repetition).includes(key)) {
    const has =
      repetition.kind === 'count'
        ? `count is ${repetition.count}`
        : `for_each keys: ${repetition.keys.map((each) => JSON.stringify(each)).join(', ') || 'none'}`;
    return fail(` and no instance [${JSON.stringify(key)}] (${has})`);
  }
  return { addresses: [instanceAddress(name, key)], path: rest, list: false };
}
