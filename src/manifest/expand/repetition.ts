/**
 * Repetition: `count: N` and `for_each: <list of strings | mapping>` on
 * resource and data blocks.
 *
 * A manifest is expanded once its variables are known: every repeated block
 * becomes one instance block per index or key, keyed by its instance
 * address (`web[0]`, `web["eu"]`, data sources `img[0]` for
 * `data.img[0]`), in place of the block and in declaration order; inside
 * each instance `${count.index}`, `${each.key}` and `${each.value...}` are
 * replaced by their values, `${web[*].x}` (the splat) by the list of every
 * instance's `x` in key order, and `depends_on` naming a repeated block by
 * all its instances. A block with neither keeps its plain name as its one
 * instance's address, so manifests written before repetition existed
 * expand to themselves.
 *
 * Expansion walks each expression once per instance and shares every part
 * that has nothing to substitute, so it is linear in the size of the
 * expanded manifest (no parsing again).
 */
import { instanceAddress } from '../../core/address.js';
import { type Diagnostic, type DiagnosticCode, type SourceLocation, type Value } from '../../core/types.js';
import {
  WORKSPACE_VARIABLE,
  isSelfReference,
  mapConditions,
  referenceTarget,
  type BlockDeclaration,
  type Expression,
  type LocalDeclaration,
  type Manifest,
  type OutputDeclaration,
  type Reference,
  type Repetition,
  type TemplatePart,
} from '../types.js';
import { describeKind, formatReference, formatStep, isCallPart, referencesOf } from '../parse/expressions.js';
import { isOperatorExpression, mapChildren } from '../parse/expression-tree.js';
import { evaluate, type ResolveRoot } from '../evaluate/expressions.js';
import { blocksOf } from '../block-list.js';

/** `${count.index}`, `${each.key}` and `${each.value}` of one instance. */
export interface InstanceValues {
  countIndex?: number;
  eachKey?: string;
  eachValue?: Value;
}

/** A function giving what replaces a reference: an expression, or undefined to keep it. */
export type ReferenceReplacer = (reference: Reference) => Expression | undefined;

export const error = (message: string, location: SourceLocation, code: DiagnosticCode): Diagnostic => ({
  severity: 'error',
  code,
  message,
  location,
});

/** Renders a scalar inside a template; undefined for lists and mappings. */
function scalarText(value: Value): string | undefined {
  if (value === null) return '';
  if (typeof value === 'object') return undefined;
  return String(value);
}

/**
 * Rewrites every reference of an expression with `replace` (any block's
 * expressions: resources, data sources, outputs, module inputs; inside
 * function call arguments too, so `${join(",", web[*].id)}` works). A
 * replacement inside a template must be a literal scalar (written as text),
 * a reference or a template; a list or mapping there is a `type_mismatch`
 * diagnostic at the reference, added to `diagnostics`. Parts without a
 * replacement are shared, not copied: an expression with nothing to replace
 * is returned as it is.
 */
export function rewriteReferences(
  expression: Expression,
  replace: ReferenceReplacer,
  diagnostics: Diagnostic[],
  foldKey?: (key: Expression) => Expression,
): Expression {
  switch (expression.kind) {
    case 'literal':
      return expression;
    case 'reference': {
      const replacement = replace(expression.reference);
      if (!replacement || replacement.kind === 'invalid') return replacement ?? expression;
      return { ...replacement, location: expression.location };
    }
    case 'template': {
      let changed = false;
      const parts: Array<string | TemplatePart> = [];
      const pushText = (text: string) => {
        if (typeof parts[parts.length - 1] === 'string') parts[parts.length - 1] += text;
        else parts.push(text);
      };
      // A rewritten call or operator form: a literal it became (`${count.index + 1}` is not: only its parts are) is text.
      const pushExpression = (inner: Expression) => {
        if (inner.kind === 'literal' && scalarText(inner.value) !== undefined) pushText(scalarText(inner.value)!);
        else if (inner.kind === 'reference') parts.push(inner.reference);
        else parts.push(inner as TemplatePart);
      };
      for (const part of expression.parts) {
        if (typeof part !== 'string' && isCallPart(part)) {
          const inner = rewriteReferences(part, replace, diagnostics, foldKey);
          changed ||= inner !== part;
          pushExpression(inner);
          continue;
        }
        const replacement = typeof part === 'string' ? undefined : replace(part);
        if (typeof part === 'string' || !replacement) {
          if (typeof part === 'string') pushText(part);
          else parts.push(part);
          continue;
        }
        changed = true;
        if (replacement.kind === 'reference') parts.push(replacement.reference);
        else if (replacement.kind === 'call' || isOperatorExpression(replacement)) parts.push(replacement);
        else if (replacement.kind === 'template')
          for (const inner of replacement.parts) {
            if (typeof inner === 'string') pushText(inner);
            else parts.push(inner);
          }
        else {
          const text = replacement.kind === 'literal' ? scalarText(replacement.value) : undefined;
          if (text === undefined) {
            const kind =
              replacement.kind === 'literal' ? describeKind(replacement.value) : replacement.kind === 'list' ? 'a list' : 'a mapping';
            diagnostics.push(error(`"${formatReference(part)}": cannot interpolate ${kind} into a string`, part.location, 'type_mismatch'));
            continue;
          }
          pushText(text);
        }
      }
      if (!changed) return expression;
      const { location } = expression;
      if (parts.every((part) => typeof part === 'string')) return { kind: 'literal', value: parts.join(''), location };
      const [only] = parts;
      if (parts.length === 1 && typeof only !== 'string') return isCallPart(only) ? only : { kind: 'reference', reference: only, location };
      return { kind: 'template', parts, location };
    }
    case 'call': {
      const args = expression.arguments.map((argument) => rewriteReferences(argument, replace, diagnostics, foldKey));
      return args.every((argument, index) => argument === expression.arguments[index]) ? expression : { ...expression, arguments: args };
    }
    case 'list': {
      const items = expression.items.map((item) => rewriteReferences(item, replace, diagnostics, foldKey));
      return items.every((item, index) => item === expression.items[index]) ? expression : { ...expression, items };
    }
    case 'object': {
      let changed = false;
      const entries = Object.create(null) as Record<string, Expression>;
      for (const [key, entry] of Object.entries(expression.entries)) {
        entries[key] = rewriteReferences(entry, replace, diagnostics, foldKey);
        changed ||= entries[key] !== entry;
      }
      return changed ? { ...expression, entries } : expression;
    }
    default: {
      if (!isOperatorExpression(expression)) return expression;
      if (expression.kind === 'index') {
        // `web[each.key].id`, `web[count.index]`: a key known once substituted makes a plain reference, to one instance.
        const folded = foldIndex(expression, replace, foldKey);
        if (folded) return rewriteReferences(folded, replace, diagnostics, foldKey);
      }
      return mapChildren(expression, (child) => rewriteReferences(child, replace, diagnostics, foldKey));
    }
  }
}

/**
 * An `index` whose target is (or folds to) a reference and whose key,
 * once its own references are replaced, is a literal string or number, as
 * the reference with one more step: a key of the block's instances when
 * written in brackets right after the block's name (`web[each.key]`), else
 * a step of its path. `foldKey` may make a literal of a key that is not
 * one yet (its variables known). Undefined when it does not fold.
 */
export function foldIndex(
  expression: Extract<Expression, { kind: 'index' }>,
  replace: ReferenceReplacer,
  foldKey?: (key: Expression) => Expression,
): Expression | undefined {
  const target =
    expression.target.kind === 'reference'
      ? expression.target
      : expression.target.kind === 'index'
        ? foldIndex(expression.target, replace, foldKey)
        : undefined;
  if (target?.kind !== 'reference' || target.reference.splat) return undefined;
  const scratch: Diagnostic[] = [];
  let key = expression.key.kind === 'literal' ? expression.key : rewriteReferences(expression.key, replace, scratch, foldKey);
  if (key.kind !== 'literal' && foldKey && scratch.length === 0) key = foldKey(key);
  if (scratch.length > 0 || key.kind !== 'literal') return undefined;
  const step = key.value;
  if (typeof step !== 'string' && typeof step !== 'number') return undefined;
  const base = target.reference;
  const block = base.root === 'resource' || base.root === 'data';
  let reference: Reference;
  if (block && base.path.length === 0 && base.key === undefined && !expression.attribute) reference = { ...base, key: step };
  else if (typeof step === 'number' && !Number.isInteger(step)) return undefined;
  else reference = { ...base, path: [...base.path, step] };
  const prefix =
    reference.root === 'count' || reference.root === 'each' ? `${reference.root}.${reference.name}` : referenceTarget(reference);
  reference.text = `${prefix}${reference.path.map(formatStep).join('')}`;
  return { kind: 'reference', reference, location: expression.location };
}

/** The reference `reference` to the instance `key` (no splat), with its text rewritten: `web[*].id` → `web[0].id`. */
function instanceReference(reference: Reference, key: number | string | undefined): Reference {
  const { splat: _splat, key: _key, ...rest } = reference;
  const instance: Reference = key === undefined ? rest : { ...rest, key };
  return { ...instance, text: `${referenceTarget(instance)}${reference.path.map(formatStep).join('')}` };
}

/** A block `count` or `for_each` may repeat: a resource, a data source or a module block. */
export type RepeatableBlock = Pick<BlockDeclaration, 'address' | 'count' | 'forEach'>;

/** Every instance key of a repetition, in key order. */
export function keysOf(repetition: Repetition): Array<number | string> {
  return repetition.kind === 'count' ? Array.from({ length: repetition.count }, (_, index) => index) : repetition.keys;
}

/**
 * `${count.index}` outside a block with `count`, `${each.*}` outside one with
 * `for_each` (`inside` undefined: in outputs): the `reference_instance`
 * diagnostic at the reference; undefined when the reference is fine.
 */
export function instanceValueProblem(reference: Reference, inside: RepeatableBlock | undefined): Diagnostic | undefined {
  const word = reference.root === 'count' ? 'count' : 'for_each';
  if (reference.root === 'count' ? inside?.count : inside?.forEach) return undefined;
  const where = inside ? `${inside.address} has no ${word}` : 'outputs are not repeated';
  return error(
    `"${formatReference(reference)}" is only available inside a block with ${word}: ${where}`,
    reference.location,
    'reference_instance',
  );
}

/**
 * A block's `count` / `for_each` referring to anything but variables
 * (resources, data sources, module outputs, `${count.index}` itself):
 * `for_each keys must be known at plan time: ...` (`repetition_unknown`, at
 * the reference).
 */
export function unknownRepetitionProblems(block: RepeatableBlock): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const [word, expression] of [
    ['count', block.count],
    ['for_each', block.forEach],
  ] as const) {
    if (!expression) continue;
    for (const reference of referencesOf(expression)) {
      // A local value: made of variables, it is known now; else evaluating it says what it waits for.
      if (reference.root === 'var' || reference.root === 'local') continue;
      const shown = formatReference(reference);
      const why =
        reference.root === 'count' || reference.root === 'each'
          ? `"${shown}" cannot be used in ${word} itself`
          : reference.root === 'resource' && reference.name === 'module'
            ? `"${shown}" is a module output, known only while planning; use literals or variables`
            : `"${shown}" is known only once ${referenceTarget({ ...reference, key: undefined, splat: undefined })} is read or created; use literals or variables`;
      diagnostics.push(
        error(
          `${word === 'count' ? 'count' : 'for_each keys'} must be known at plan time: ${why}`,
          reference.location,
          'repetition_unknown',
        ),
      );
    }
  }
  return diagnostics;
}

/**
 * Evaluates a block's `count` or `for_each` with the variable values: a
 * {@link Repetition} and, for `for_each`, each key's value. Diagnostics at
 * the value: a count that is not a whole number of 0 or more, a `for_each`
 * that is not a list of strings or a mapping, duplicate keys, a sensitive
 * value (keys are shown in addresses).
 */
export function evaluateRepetition(
  block: RepeatableBlock,
  variables: Record<string, Value>,
  sensitiveVariables: ReadonlySet<string>,
  diagnostics: Diagnostic[],
  locals?: Manifest['locals'],
): { repetition: Repetition; values?: Map<string, Value> } | undefined {
  const expression = (block.count ?? block.forEach) as Expression;
  const word = block.count ? 'count' : 'for_each';
  const subject = `${block.address.startsWith('data.') ? '' : 'resources.'}${block.address}.${word}`;
  const resolve: ResolveRoot = (reference) => {
    if (reference.root === 'var' && Object.hasOwn(variables, reference.name))
      return { value: variables[reference.name], sensitive: sensitiveVariables.has(reference.name) };
    // A local value made of variables (validation refused a cycle).
    if (reference.root === 'local' && locals && Object.hasOwn(locals, reference.name)) {
      const local = evaluate(locals[reference.name].value, resolve);
      return local.diagnostics.length > 0 ? undefined : { value: local.value, sensitive: local.sensitive };
    }
    return undefined;
  };
  const evaluation = evaluate(expression, resolve);
  if (evaluation.diagnostics.length > 0) {
    diagnostics.push(...evaluation.diagnostics);
    return undefined;
  }
  const fail = (why: string) => {
    diagnostics.push(error(`${subject}: ${why}`, expression.location, 'repetition_invalid'));
    return undefined;
  };
  if (evaluation.sensitive) return fail(`cannot use a sensitive value: its keys would be shown in every address`);
  const value = evaluation.value as Value;
  if (block.count) {
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
      return fail(`expected a whole number of 0 or more, got ${typeof value === 'number' ? value : describeKind(value)}`);
    }
    return { repetition: { kind: 'count', count: value } };
  }
  const values = new Map<string, Value>();
  if (Array.isArray(value)) {
    for (const item of value) {
      if (typeof item !== 'string')
        return fail(`expected a list of strings or a mapping, got a list holding ${describeKind(item)} ${JSON.stringify(item)}`);
      if (values.has(item)) return fail(`the key "${item}" is given twice; each instance needs its own key`);
      values.set(item, item);
    }
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) values.set(key, item);
  } else {
    return fail(`expected a list of strings or a mapping, got ${describeKind(value)}`);
  }
  const keys = [...values.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return { repetition: { kind: 'for_each', keys }, values };
}

/**
 * The replacer (for {@link rewriteReferences}) of `${count.index}`,
 * `${each.key}` and `${each.value...}` for one instance: literals of its
 * values; undefined for other references. A path into `each.value` that
 * does not exist is a `reference_invalid_path` diagnostic added to
 * `diagnostics` (and a `null` literal).
 */
export function instanceReplacer(values: InstanceValues, diagnostics: Diagnostic[]): (reference: Reference) => Expression | undefined {
  return (reference) => {
    const { location } = reference;
    if (reference.root === 'count' && values.countIndex !== undefined) return { kind: 'literal', value: values.countIndex, location };
    if (reference.root !== 'each' || values.eachKey === undefined) return undefined;
    if (reference.name === 'key') return { kind: 'literal', value: values.eachKey, location };
    let current = values.eachValue ?? null;
    let shown = 'each.value';
    for (const step of reference.path) {
      shown += formatStep(step);
      const next: Value | undefined =
        typeof step === 'number'
          ? Array.isArray(current)
            ? current[step]
            : undefined
          : current !== null && typeof current === 'object' && !Array.isArray(current) && Object.hasOwn(current, step)
            ? current[step]
            : undefined;
      if (next === undefined) {
        diagnostics.push(
          error(
            `${shown}: ${describeKind(current)} has no ${typeof step === 'number' ? `item ${step}` : `field "${step}"`} (for_each key "${values.eachKey}")`,
            location,
            'reference_invalid_path',
          ),
        );
        return { kind: 'literal', value: null, location };
      }
      current = next;
    }
    return { kind: 'literal', value: current, location };
  };
}

/** Whether any property or output of `manifest` holds a splat (`${web[*].id}`). */
function hasSplat(manifest: Manifest): boolean {
  const splatIn = (expression: Expression) =>
    expression.kind === 'reference'
      ? Boolean(expression.reference.splat)
      : expression.kind !== 'literal' && referencesOf(expression).some((reference) => reference.splat);
  for (const section of [manifest.data, manifest.resources]) {
    for (const block of blocksOf(section)) for (const expression of Object.values(block.properties)) if (splatIn(expression)) return true;
  }
  return Object.values(manifest.outputs).some((output) => splatIn(output.value));
}

/** Result of {@link expandRepetition}. */
export interface Expansion {
  /** The manifest with instance blocks (the input when it has errors). */
  manifest: Manifest;
  diagnostics: Diagnostic[];
}

/**
 * Expands every repeated block of a manifest that passed validation and
 * {@link checkRepetition} (see the module comment). `variables` are the
 * resolved variable values (`${workspace}` included as
 * {@link WORKSPACE_VARIABLE} when wanted). Pure: the input is not changed;
 * a manifest with no repeated block and no splat is returned as it is.
 *
 * Diagnostics: bad `count` / `for_each` values (at the value), an index or
 * key that is not among the instances (`"${web[5].id}": web has no instance
 * [5] (count is 3)`, at the reference), `${each.value.x}` missing in a
 * key's value, a splat inside a longer text.
 */
export function expandRepetition(
  manifest: Manifest,
  variables: Record<string, Value>,
  sensitiveVariables: ReadonlySet<string> = new Set(),
): Expansion {
  const diagnostics: Diagnostic[] = [];
  const repetitions = Object.create(null) as Record<string, Repetition>;
  const values = new Map<string, Map<string, Value>>();
  const blocks = [...blocksOf(manifest.data), ...blocksOf(manifest.resources)];
  const repeats = blocks.some((block) => block.count || block.forEach);
  // Nothing to expand: the manifest itself (the graph already built from it stays valid).
  if (!repeats && !hasSplat(manifest)) return { manifest, diagnostics };
  for (const block of blocks) {
    if (!block.count && !block.forEach) continue;
    const evaluated = evaluateRepetition(
      block,
      { [WORKSPACE_VARIABLE]: 'default', ...variables },
      sensitiveVariables,
      diagnostics,
      manifest.locals,
    );
    if (!evaluated) continue;
    repetitions[block.address] = block.lifecycle.preventDestroy
      ? { ...evaluated.repetition, preventDestroy: block.location }
      : evaluated.repetition;
    if (evaluated.values) values.set(block.address, evaluated.values);
  }
  if (diagnostics.length > 0) return { manifest, diagnostics };
  const keySets = new Map(Object.entries(repetitions).map(([address, repetition]) => [address, new Set(keysOf(repetition))]));
  /** Splats become lists of instance references; an instance that does not exist is a diagnostic. */
  const replaceInstances: ReferenceReplacer = (reference) => {
    if (reference.root !== 'resource' && reference.root !== 'data') return undefined;
    const block = referenceTarget({ ...reference, key: undefined, splat: undefined });
    const repetition = repetitions[block];
    if (reference.splat) {
      const keys = repetition ? keysOf(repetition) : [undefined];
      return {
        kind: 'list',
        items: keys.map((key) => ({ kind: 'reference', reference: instanceReference(reference, key), location: reference.location })),
        location: reference.location,
      };
    }
    if (reference.key === undefined && repetition && reference.path.length === 0) {
      // The block as a value: a list of its instances (count), a mapping of them by key (for_each).
      const instance = (key: number | string): Expression => ({
        kind: 'reference',
        reference: instanceReference(reference, key),
        location: reference.location,
      });
      if (repetition.kind === 'count') return { kind: 'list', items: keysOf(repetition).map(instance), location: reference.location };
      const entries = Object.create(null) as Record<string, Expression>;
      for (const key of repetition.keys) entries[key] = instance(key);
      return { kind: 'object', entries, location: reference.location };
    }
    if (reference.key !== undefined && repetition && !keySets.get(block)?.has(reference.key)) {
      const has =
        repetition.kind === 'count'
          ? `count is ${repetition.count}`
          : `for_each keys: ${repetition.keys.map((key) => JSON.stringify(key)).join(', ') || 'none'}`;
      // An error only where it is evaluated: the branch of a conditional not taken cannot fail (`var.on ? key[0].id : ""`).
      return {
        kind: 'invalid',
        message: `"${formatReference(reference)}": ${block} has no instance [${JSON.stringify(reference.key)}] (${has})`,
        code: 'reference_instance',
        location: reference.location,
      };
    }
    return undefined;
  };
  // A key made of variables only (`web[var.region]`) is known now: the reference is to that one instance.
  const known: Record<string, Value> = { [WORKSPACE_VARIABLE]: 'default', ...variables };
  const foldKey = (key: Expression): Expression => {
    if (!referencesOf(key).every((reference) => reference.root === 'var' && Object.hasOwn(known, reference.name))) return key;
    const evaluation = evaluate(key, (reference) => ({ value: known[reference.name], sensitive: sensitiveVariables.has(reference.name) }));
    if (evaluation.diagnostics.length > 0 || evaluation.sensitive) return key;
    const value = evaluation.value;
    return typeof value === 'string' || typeof value === 'number' ? { kind: 'literal', value, location: key.location } : key;
  };
  const expandDependsOn = (dependsOn: BlockDeclaration['dependsOn']) =>
    dependsOn.flatMap((entry) => {
      const repetition = repetitions[entry.address];
      return repetition
        ? keysOf(repetition).map((key) => ({ address: instanceAddress(entry.address, key), location: entry.location }))
        : [entry];
    });
  const expandBlock = (block: BlockDeclaration, replace: ReferenceReplacer, key?: number | string): BlockDeclaration => {
    const properties = Object.create(null) as Record<string, Expression>;
    for (const [name, expression] of Object.entries(block.properties))
      properties[name] = rewriteReferences(expression, replace, diagnostics, foldKey);
    const { count: _count, forEach: _forEach, ...rest } = block;
    const expanded: BlockDeclaration = { ...rest, properties, dependsOn: expandDependsOn(block.dependsOn) };
    const keepSelf: ReferenceReplacer = (reference) => (isSelfReference(reference) ? undefined : replace(reference));
    const conditions = mapConditions(block, (expression) => rewriteReferences(expression, keepSelf, diagnostics, foldKey));
    if (conditions) expanded.conditions = conditions;
    if (key === undefined) return expanded;
    return {
      ...expanded,
      address: instanceAddress(block.address, key),
      name: instanceAddress(block.name, key),
      instance: { block: block.name, key },
    };
  };
  const expandSection = (section: Record<string, BlockDeclaration>): Record<string, BlockDeclaration> => {
    const result = Object.create(null) as Record<string, BlockDeclaration>;
    for (const [name, block] of Object.entries(section)) {
      const repetition = repetitions[block.address];
      if (!repetition) {
        if (!block.count && !block.forEach) result[name] = expandBlock(block, replaceInstances);
        continue;
      }
      const keyed = values.get(block.address);
      for (const key of keysOf(repetition)) {
        const own = instanceReplacer(
          typeof key === 'number' ? { countIndex: key } : { eachKey: key, eachValue: keyed?.get(key) ?? key },
          diagnostics,
        );
        const instance = expandBlock(block, (reference) => own(reference) ?? replaceInstances(reference), key);
        result[instance.name] = instance;
      }
    }
    return result;
  };
  const data = expandSection(manifest.data);
  const resources = expandSection(manifest.resources);
  const outputs = Object.create(null) as Record<string, OutputDeclaration>;
  for (const [name, output] of Object.entries(manifest.outputs))
    outputs[name] = { ...output, value: rewriteReferences(output.value, replaceInstances, diagnostics, foldKey) };
  const locals = Object.create(null) as Record<string, LocalDeclaration>;
  for (const [name, local] of Object.entries(manifest.locals ?? {}))
    locals[name] = { ...local, value: rewriteReferences(local.value, replaceInstances, diagnostics, foldKey) };
  if (diagnostics.length > 0) return { manifest, diagnostics };
  // Repeated module blocks (module-repetition.ts) keep their entries.
  const expanded: Manifest = { ...manifest, data, resources, outputs, repetitions: { ...manifest.repetitions, ...repetitions } };
  if (manifest.locals) expanded.locals = locals;
  return { manifest: expanded, diagnostics };
}
