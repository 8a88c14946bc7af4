/**
 * The lifecycle settings known only once the manifest is loaded:
 * `prevent_destroy` and `ignore_changes` written as `${...}` expressions,
 * evaluated with the variables (known at plan; a reference to a resource or
 * data source is unknown at plan and an error at the reference, as OpenTofu
 * says), and the references of `replace_triggered_by`, resolved against the
 * expanded manifest (the instance addresses each names, and the attribute).
 * Both write into the blocks' `lifecycle` (a step of loading, like
 * expansion); errors are diagnostics at the value.
 */
import { addressSelects, canonicalAddress } from '../../core/address.js';
import { containsUnknown, type Diagnostic, type Value } from '../../core/types.js';
import { snakeCase } from '../../resources/attribute.js';
import { evaluate } from '../evaluate/expressions.js';
import { describeKind, referencesOf } from '../parse/expressions.js';
import type { BlockDeclaration, Expression, Manifest, ReplaceTrigger } from '../types.js';
import { defaultCatalogue, type CatalogueView } from '../catalogue.js';
import { blocksOf } from '../block-list.js';

const error = (message: string, location: Diagnostic['location']): Diagnostic => ({
  severity: 'error',
  code: 'lifecycle_invalid',
  message,
  location,
});

/** Evaluates one lifecycle expression with the variables; a diagnostic when it reads anything else or is unknown. */
function evaluateSetting(
  expression: Expression,
  subject: string,
  variables: Record<string, Value>,
  sensitive: ReadonlySet<string>,
  diagnostics: Diagnostic[],
): Value | undefined {
  const other = referencesOf(expression).find((reference) => reference.root !== 'var');
  if (other) {
    diagnostics.push(
      error(
        `${subject}: "\${${other.text}}" is not known at plan; only variables can decide it (it must be known before anything is read)`,
        other.location,
      ),
    );
    return undefined;
  }
  const evaluation = evaluate(expression, (reference) =>
    reference.root === 'var' && Object.hasOwn(variables, reference.name)
      ? { value: variables[reference.name], sensitive: sensitive.has(reference.name) }
      : undefined,
  );
  if (evaluation.diagnostics.length > 0) {
    diagnostics.push(...evaluation.diagnostics);
    return undefined;
  }
  if (containsUnknown(evaluation.value)) {
    diagnostics.push(error(`${subject}: the value is not known at plan`, expression.location));
    return undefined;
  }
  return evaluation.value as Value;
}

/**
 * Evaluates the `prevent_destroy` and `ignore_changes` expressions of the
 * manifest's resource blocks with `variables` (their values, `sensitive`
 * the sensitive ones' names) and sets `lifecycle.preventDestroy` /
 * `lifecycle.ignoreChanges`. Only blocks of the manifest file `path` may
 * hold them (a module's blocks are read with their own variables: there a
 * literal is required, and an expression is an error). Returns the
 * diagnostics: a reference to anything but a variable, an unknown value, a
 * `prevent_destroy` that is not a boolean, an `ignore_changes` that is not
 * `all` or a list of input names of the block's type (`catalogue`).
 */
export function resolveLifecycleExpressions(
  manifest: Manifest,
  path: string,
  variables: Record<string, Value>,
  sensitive: ReadonlySet<string>,
  catalogue: CatalogueView = defaultCatalogue,
): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const block of blocksOf(manifest.resources)) {
    const expressions = block.lifecycle.expressions;
    if (!expressions) continue;
    const subject = `resources.${block.address}.lifecycle`;
    if (block.location.file !== path) {
      for (const expression of Object.values(expressions))
        diagnostics.push(
          error(`${subject}: write a literal inside a module (expressions are evaluated in the root manifest only)`, expression.location),
        );
      continue;
    }
    if (expressions.preventDestroy) {
      const value = evaluateSetting(expressions.preventDestroy, `${subject}.prevent_destroy`, variables, sensitive, diagnostics);
      if (typeof value === 'boolean') block.lifecycle.preventDestroy = value;
      else if (value !== undefined)
        diagnostics.push(
          error(`${subject}.prevent_destroy: expected a boolean, got ${describeKind(value)}`, expressions.preventDestroy.location),
        );
    }
    if (expressions.ignoreChanges) {
      const value = evaluateSetting(expressions.ignoreChanges, `${subject}.ignore_changes`, variables, sensitive, diagnostics);
      if (value === 'all') block.lifecycle.ignoreChanges = 'all';
      else if (Array.isArray(value) && value.every((name) => typeof name === 'string' && name !== '')) {
        const names = (value as string[]).map((name) => snakeCase(name));
        const inputs = catalogue.lookup(block.type)?.attributes ?? {};
        const wrong = names.find((name) => !Object.hasOwn(inputs, name) || inputs[name]!.mode === 'computed');
        if (wrong !== undefined)
          diagnostics.push(
            error(
              `${subject}.ignore_changes: "${wrong}" is not an input of ${block.type}; only inputs can be ignored`,
              expressions.ignoreChanges.location,
            ),
          );
        else block.lifecycle.ignoreChanges = names;
      } else if (value !== undefined)
        diagnostics.push(
          error(
            `${subject}.ignore_changes: expected "all" or a list of attribute names, got ${describeKind(value)}`,
            expressions.ignoreChanges.location,
          ),
        );
    }
  }
  return diagnostics;
}

/** The resource addresses of `manifest` that `address` names (itself, its instances, a module's resources). */
function named(manifest: Manifest, address: string): string[] {
  if (Object.hasOwn(manifest.resources, address)) return [address];
  return Object.keys(manifest.resources).filter((resource) => addressSelects(address, resource));
}

/**
 * Resolves one `replace_triggered_by` reference of `block`: the whole text
 * as an address (`web`, `web[0]`, `cluster.web`), else the text up to its
 * last `.` as the address and the rest as the attribute (`web.vm_name`).
 * `module` is the prefix of the module holding the block (`cluster.`, or
 * empty in the root manifest): a module's references name its own blocks.
 * In an instance of a repeated block, `[count.index]` and `[each.key]`
 * are its own index or key (`web[count.index]` names `web[1]` in `disk[1]`).
 */
function resolveTrigger(manifest: Manifest, block: BlockDeclaration, trigger: ReplaceTrigger, module: string): Diagnostic | undefined {
  const subject = `resources.${block.address}.lifecycle.replace_triggered_by`;
  // In an instance of a repeated block, `[count.index]` / `[each.key]` name the matching instance (web[count.index]).
  const key = block.instance?.key;
  const own = key === undefined ? trigger.text : trigger.text.replace(/\[\s*(count\.index|each\.key)\s*\]/g, `[${JSON.stringify(key)}]`);
  const text = `${module}${own}`;
  const whole = canonicalAddress(text);
  const dot = text.lastIndexOf('.');
  const prefix = dot > 0 ? canonicalAddress(text.slice(0, dot)) : undefined;
  const attribute = dot > 0 ? text.slice(dot + 1) : undefined;
  let targets = whole ? named(manifest, whole) : [];
  let on: string | undefined;
  if (targets.length === 0 && prefix && attribute && /^[A-Za-z_][A-Za-z0-9_]*$/.test(attribute)) {
    targets = named(manifest, prefix);
    on = snakeCase(attribute);
  }
  if (targets.length === 0)
    return error(
      `${subject}: "${trigger.text}" names no resource of ${manifest.path}; give a resource (web, web[0], cluster.web) or one of its attributes (web.vm_name)`,
      trigger.location,
    );
  if (targets.includes(block.address)) return error(`${subject}: "${trigger.text}" names ${block.address} itself`, trigger.location);
  trigger.targets = targets;
  if (on) trigger.attribute = on;
  return undefined;
}

/**
 * Resolves every `replace_triggered_by` reference of the (expanded)
 * manifest's resource blocks into `targets` and `attribute` (see
 * `ReplaceTrigger`). Returns the diagnostics: a reference naming no
 * resource of the manifest, or the block itself. True in `changed` when any
 * block has one (the dependency graph then has edges to rebuild). `path`:
 * the root manifest's file (blocks of other files are a module's).
 */
export function resolveReplaceTriggers(manifest: Manifest, path: string): { diagnostics: Diagnostic[]; any: boolean } {
  const diagnostics: Diagnostic[] = [];
  let any = false;
  for (const block of blocksOf(manifest.resources)) {
    const triggers = block.lifecycle.replaceTriggeredBy ?? [];
    if (triggers.length === 0) continue;
    // Each instance (web[0], web[1]) gets its own resolved copies: the parsed lifecycle is shared by the instances.
    block.lifecycle = {
      ...block.lifecycle,
      replaceTriggeredBy: triggers.map((trigger) => ({ text: trigger.text, location: trigger.location })),
    };
    const blockName = block.instance?.block ?? block.name;
    const at = block.address.lastIndexOf(`${blockName}`);
    const module = block.location.file === path || at <= 0 ? '' : block.address.slice(0, at);
    for (const trigger of block.lifecycle.replaceTriggeredBy!) {
      any = true;
      const problem = resolveTrigger(manifest, block, trigger, module);
      if (problem) diagnostics.push(problem);
    }
  }
  return { diagnostics, any };
}
