/**
 * The values known at a point of a plan or an apply: variables, data source
 * results and resource attributes (with unknown markers for what apply will
 * tell). Evaluates manifest expressions against them.
 */
import type { ResourceType } from '../resources/attribute.js';
import type { Catalogue } from '../manifest/catalogue.js';
import { computedAttributeNames, type DesiredInput } from './diff.js';
import { referencesOf } from '../manifest/parse/expressions.js';
import { evaluate, type Evaluation, type ResolveRoot, type RootValue } from '../manifest/evaluate/expressions.js';
import type { LoadedManifest } from '../manifest/index.js';
import { checkValue, coerce } from '../manifest/check/values.js';
import { containsUnknown, isUnknown, unknown, type Attributes, type Diagnostic, type PlannedValue } from '../core/types.js';
import {
  WORKSPACE_VARIABLE,
  isSelfReference,
  referenceTarget,
  type BlockDeclaration,
  type Expression,
  type Manifest,
  type Reference,
} from '../manifest/types.js';
import { type ResourceState } from '../state/document.js';
import { type Change } from '../plan/document.js';
import { RecordMaker } from './records.js';

/** Converts a value to the attribute's type where lossless (moved to the manifest front end, which checks variable values at load). */
export { coerce };

/**
 * Values in scope; see the module comment.
 *
 * Sensitivity follows values: an attribute of a resource or data source is
 * sensitive when the catalogue says so, when the state marks it
 * (`ResourceState.sensitive_attributes`, see {@link Scope.markSensitive}),
 * or when the manifest sets it from a sensitive source: an expression
 * referring to a sensitive variable or to another sensitive attribute, at
 * any depth (`description: ${var.pw}`, then `${vm.description}` in an
 * output or another resource). The last is read from the manifest alone,
 * so it holds before any value is known (plan) and whatever the state says.
 */
export class Scope {
  /** Each resource's values, or the change of one planned anew whose values are made when first read ({@link PlannedAnew}). */
  private readonly resources = new Map<string, Record<string, PlannedValue> | PlannedAnew>();
  private readonly data = new Map<string, Record<string, PlannedValue>>();
  /** Per data source, results that are sensitive beyond the type's own sensitive attributes (arguments from sensitive values). */
  private readonly sensitiveData = new Map<string, ReadonlySet<string>>();
  /** Per resource address, attributes the state marks sensitive. */
  private readonly marked = new Map<string, ReadonlySet<string>>();
  /**
   * Memo of {@link Scope.attributeSensitive}, by attribute name then address
   * (a few names, thousands of addresses: a map per name, not per address);
   * cleared when marks change.
   */
  private readonly sensitivity = new Map<string, Map<string, boolean>>();
  /** Memo of {@link Scope.sensitiveInputs} by address; cleared with the one above. */
  private readonly sensitiveInputsOf = new Map<string, string[]>();

  /**
   * `loaded`: the manifest whose expressions are evaluated; `catalogue`: the
   * types its blocks name (for sensitivity and coercion of values).
   */
  constructor(
    private readonly loaded: LoadedManifest,
    readonly catalogue: Catalogue,
  ) {}

  private readonly resolveRoot: ResolveRoot = (reference) => {
    const { variables, sensitiveVariables } = this.loaded;
    if (reference.root === 'var') {
      if (reference.name === WORKSPACE_VARIABLE) return { value: this.loaded.workspace ?? 'default', sensitive: false };
      if (!Object.hasOwn(variables, reference.name)) return undefined;
      return { value: variables[reference.name], sensitive: sensitiveVariables.has(reference.name) };
    }
    if (reference.root === 'local') return this.local(reference.name);
    if (reference.root !== 'resource' && reference.root !== 'data') return undefined; // count / each: substituted when the manifest is expanded
    const address = referenceTarget(reference);
    const value = reference.root === 'data' ? this.data.get(address) : this.resourceValues(address);
    if (!value) return undefined;
    return { value, sensitive: (name) => this.attributeSensitive(address, name), type: this.typeOf(address) };
  };

  /**
   * Each local value, evaluated once (the first time it is read: by then
   * every block it reads is in scope, since whatever reads a local waits
   * for the blocks behind it in the graph); an error is reported where it is read.
   */
  private readonly locals = new Map<string, RootValue | undefined>();
  private local(name: string): RootValue | undefined {
    if (this.locals.has(name)) return this.locals.get(name);
    const declaration = this.loaded.manifest.locals?.[name];
    if (!declaration || !Object.hasOwn(this.loaded.manifest.locals!, name)) return undefined;
    this.locals.set(name, undefined); // a cycle (refused by validation) cannot loop
    const evaluation = evaluate(declaration.value, this.resolveRoot);
    const root: RootValue | undefined =
      evaluation.diagnostics.length > 0 ? undefined : { value: evaluation.value, sensitive: evaluation.sensitive };
    // A value still unknown is evaluated again when read later (apply fills what plan could not know).
    if (!root || !containsUnknown(root.value)) this.locals.set(name, root);
    else this.locals.delete(name);
    return root;
  }

  /** The type and attribute names of the block at `address` (for unknown attribute errors), by type name. */
  private readonly types = new Map<string, { name: string; attributes: readonly string[] } | undefined>();
  private typeOf(address: string): { name: string; attributes: readonly string[] } | undefined {
    const isData = address.startsWith('data.');
    const manifest = this.loaded.manifest;
    const name = isData ? address.slice('data.'.length) : address;
    const block = Object.hasOwn(isData ? manifest.data : manifest.resources, name)
      ? (isData ? manifest.data : manifest.resources)[name]
      : undefined;
    if (!block) return undefined;
    if (!this.types.has(block.type)) {
      const entry = this.catalogue.lookup(block.type);
      this.types.set(block.type, entry ? { name: block.type, attributes: Object.keys(entry.attributes) } : undefined);
    }
    return this.types.get(block.type);
  }

  /**
   * True when attribute `name` of `address` (a resource, or a data source
   * as `data.NAME`) holds a sensitive value (see the class comment).
   * Never throws; an address the manifest does not declare is judged by
   * the state's marks alone.
   */
  attributeSensitive(address: string, name: string): boolean {
    let decided = this.sensitivity.get(name);
    if (!decided) {
      decided = new Map();
      this.sensitivity.set(name, decided);
    }
    const known = decided.get(address);
    if (known !== undefined) return known;
    const isData = address.startsWith('data.');
    const block = isData ? this.loaded.manifest.data[address.slice('data.'.length)] : this.loaded.manifest.resources[address];
    const type = isData ? this.catalogue.dataSource(block?.type ?? '') : this.catalogue.resource(block?.type ?? '');
    const extra = isData ? this.sensitiveData.get(address) : this.marked.get(address);
    const expression = block && Object.hasOwn(block.properties, name) ? block.properties[name] : undefined;
    const marked = Boolean(type?.attributes[name]?.sensitive || extra?.has(name));
    // Not written in the manifest (a computed attribute, what a VM reads of its keypair): decided from the catalogue and
    // the marks alone, cheaply, so not remembered (one entry per reference of 100,000 resources, each read once).
    if (marked || expression === undefined) return marked;
    // Provisionally not sensitive while being decided: a reference cycle (refused when the manifest is validated) cannot loop.
    decided.set(address, false);
    const sensitive = this.expressionSensitive(expression);
    decided.set(address, sensitive);
    return sensitive;
  }

  /** Locals being judged by {@link Scope.expressionSensitive} (a cycle among them cannot loop). */
  private readonly sensitiveLocals = new Set<string>();

  /** True when `expression` refers to anything sensitive (read from the manifest: no value needed). */
  expressionSensitive(expression: Expression): boolean {
    return referencesOf(expression).some((reference) => {
      if (reference.root === 'var') return this.loaded.sensitiveVariables.has(reference.name);
      if (reference.root === 'local') {
        const locals = this.loaded.manifest.locals;
        if (!locals || !Object.hasOwn(locals, reference.name) || this.sensitiveLocals.has(reference.name)) return false;
        this.sensitiveLocals.add(reference.name); // a cycle cannot loop
        try {
          return this.expressionSensitive(locals[reference.name].value);
        } finally {
          this.sensitiveLocals.delete(reference.name);
        }
      }
      const attribute = reference.path[0];
      if (typeof attribute !== 'string' || (reference.root !== 'resource' && reference.root !== 'data')) return false;
      return this.attributeSensitive(referenceTarget(reference), attribute);
    });
  }

  /**
   * The attributes of resource `address` the manifest sets from a
   * sensitive source, beyond those the catalogue marks sensitive (what a
   * write of the resource records in `sensitive_attributes`), sorted.
   */
  sensitiveInputs(address: string): string[] {
    const known = this.sensitiveInputsOf.get(address);
    if (known) return [...known];
    const block = Object.hasOwn(this.loaded.manifest.resources, address) ? this.loaded.manifest.resources[address] : undefined;
    const type = this.catalogue.resource(block?.type ?? '');
    const names = Object.entries(block?.properties ?? {})
      .filter(([name, expression]) => !type?.attributes[name]?.sensitive && this.expressionSensitive(expression))
      .map(([name]) => name)
      .sort();
    this.sensitiveInputsOf.set(address, names);
    return [...names];
  }

  /** Records the attributes of `address` the state marks sensitive (`ResourceState.sensitive_attributes`). */
  markSensitive(address: string, names: readonly string[] | undefined): void {
    const known = this.marked.get(address);
    if (!names || names.every((name) => known?.has(name))) return;
    this.marked.set(address, new Set([...(known ?? []), ...names]));
    this.forgetSensitivity();
  }

  /** Drops what was decided about sensitivity (marks changed). */
  private forgetSensitivity(): void {
    this.sensitivity.clear();
    this.sensitiveInputsOf.clear();
  }

  /** Publishes a resource as the state holds it: its attributes, and its sensitivity marks. */
  setResourceState(address: string, resource: ResourceState): void {
    this.setResource(address, resource.attributes);
    this.markSensitive(address, resource.sensitive_attributes);
  }

  /**
   * Evaluates an expression of `block`'s `lifecycle` conditions: as its
   * properties are, with `${self.ATTRIBUTE}` reading the block's own values
   * as they stand in scope (planned, or applied).
   */
  evaluateCondition(block: BlockDeclaration, expression: Expression): Evaluation {
    const own: Pick<Reference, 'root' | 'name'> = block.address.startsWith('data.')
      ? { root: 'data', name: block.name }
      : { root: 'resource', name: block.name };
    return evaluate(expression, (reference) =>
      isSelfReference(reference) ? this.resolveRoot({ ...reference, ...own }) : this.resolveRoot(reference),
    );
  }

  /** Evaluates a block's properties, coerced to the attribute types. */
  inputsOf(block: BlockDeclaration): { inputs: Record<string, DesiredInput>; diagnostics: Diagnostic[] } {
    const type = this.catalogue.lookup(block.type);
    const inputs: Record<string, DesiredInput> = {};
    const diagnostics: Diagnostic[] = [];
    // Object.keys, not entries: a block's properties have no prototype (dictionary
    // objects), whose entries cost several times their keys; this runs per resource.
    for (const name of Object.keys(block.properties)) {
      const expression = block.properties[name];
      // A literal is its value (what evaluate answers for it, without the answer's objects): most properties are.
      if (expression.kind === 'literal') {
        inputs[name] = { value: coerce(type?.attributes[name], expression.value), sensitive: false };
        continue;
      }
      const evaluation = evaluate(expression, this.resolveRoot);
      if (evaluation.diagnostics.length > 0) diagnostics.push(...evaluation.diagnostics);
      inputs[name] = { value: coerce(type?.attributes[name], evaluation.value), sensitive: evaluation.sensitive };
    }
    return { inputs, diagnostics };
  }

  /**
   * Checks type and limits of input values that were not literals (literals
   * were checked when the manifest was validated); a sensitive value is
   * never shown in a diagnostic.
   */
  checkInputs(type: ResourceType, block: BlockDeclaration, values: Attributes): Diagnostic[] {
    const diagnostics: Diagnostic[] = [];
    let subject: string | undefined;
    for (const name of Object.keys(values)) {
      const value = values[name];
      const attribute = type.attributes[name];
      if (!attribute || block.properties[name]?.kind === 'literal') continue;
      subject ??= block.address.startsWith('data.') ? block.address : `resources.${block.name}`;
      const location = block.propertyLocations[name] ?? block.location;
      // Sensitivity only shapes the message, so it is worked out only for a value that fails its check;
      // a value from a sensitive source is never shown in the message.
      const found = checkValue(name, attribute, value, location, subject, false);
      if (found.length > 0)
        diagnostics.push(...checkValue(name, attribute, value, location, subject, this.attributeSensitive(block.address, name)));
    }
    return diagnostics;
  }

  /** Publishes a resource's attributes (from state, or after an operation). */
  setResource(address: string, attributes: Record<string, PlannedValue>): void {
    this.resources.set(address, attributes);
  }

  /**
   * Publishes a data source's results (arguments included). `sensitive`
   * names results to treat as sensitive besides the type's sensitive
   * attributes (arguments that came from sensitive values).
   */
  setData(address: string, results: Record<string, PlannedValue>, sensitive?: ReadonlySet<string>): void {
    this.data.set(address, results);
    if (sensitive) {
      this.sensitiveData.set(address, sensitive);
      this.forgetSensitivity();
    }
  }

  /** Drops a deleted resource. */
  forget(address: string): void {
    this.resources.delete(address);
  }

  /** The values of the resource at `address`, made now from its change when it was planned anew and not read since. */
  private resourceValues(address: string): Record<string, PlannedValue> | undefined {
    const entry = this.resources.get(address);
    if (!(entry instanceof PlannedAnew)) return entry;
    const values = plannedValues(entry.type, address, entry.change, undefined, entry.secrets);
    this.resources.set(address, values);
    return values;
  }

  /**
   * Publishes what a planned change will leave: inputs as planned, computed
   * values unknown on create. A change that plans no value (a no-op) leaves
   * the state's attributes, published as they are (read, never written,
   * like {@link Scope.setResource}'s), not copied. The values of a resource
   * planned anew (create, replace) are made from its change when an
   * expression first reads them: a plan of 100,000 creates reads about
   * two-thirds of them, and its change is never altered meanwhile.
   * `secrets`: the real values of what the change masks (a create's known
   * sensitive values, `(sensitive)` in it), by name: the values hold them.
   */
  setPlannedResource(
    type: ResourceType,
    address: string,
    change: Change,
    prior: ResourceState | undefined,
    secrets?: Record<string, PlannedValue>,
  ): void {
    const anew = change.action === 'create' || change.action === 'replace';
    if (anew) {
      this.resources.set(address, new PlannedAnew(type, change, secrets));
      return;
    }
    if (prior && change.attributes.every((attribute) => attribute.after === undefined)) {
      this.resources.set(address, prior.attributes);
      return;
    }
    this.resources.set(address, plannedValues(type, address, change, prior));
  }

  /**
   * Evaluates every output. Unknown parts stay unknown; sensitivity flows
   * from inputs. An output that does not evaluate is left out with
   * `onlyResolved` (a `--target` plan, where what is outside the targets
   * was not read); otherwise its errors are added to `diagnostics` (the
   * plan refuses them: an output is never a silent `null`).
   */
  outputs(
    manifest: Manifest,
    options: { onlyResolved?: boolean; diagnostics?: Diagnostic[] } = {},
  ): Record<string, { value: PlannedValue; sensitive: boolean }> {
    // Without a prototype: an output may be named `__proto__` or `constructor` like any other.
    const outputs = Object.create(null) as Record<string, { value: PlannedValue; sensitive: boolean }>;
    for (const [name, output] of Object.entries(manifest.outputs)) {
      const evaluation = evaluate(output.value, this.resolveRoot);
      if (evaluation.diagnostics.length > 0 && options.onlyResolved) continue;
      options.diagnostics?.push(...evaluation.diagnostics);
      outputs[name] = {
        value: evaluation.diagnostics.length > 0 ? null : evaluation.value,
        sensitive: output.sensitive || evaluation.sensitive,
      };
    }
    return outputs;
  }
}

/** A resource planned anew (create, replace) in scope before its values are read: its type, change, and what the change masks. */
class PlannedAnew {
  constructor(
    readonly type: ResourceType,
    readonly change: Change,
    readonly secrets: Record<string, PlannedValue> | undefined,
  ) {}
}

/** Makes the values of resources planned anew (see {@link plannedValues}). */
const anewValues = new RecordMaker();

/**
 * The values `change` (of a resource of `type` at `address`) leaves: its
 * planned values over the state's (`prior`; none for a change anew, whose
 * computed attributes are unknown until applied; `secrets`: the real
 * values of what the change masks, by name).
 */
function plannedValues(
  type: ResourceType,
  address: string,
  change: Change,
  prior: ResourceState | undefined,
  secrets?: Record<string, PlannedValue>,
): Record<string, PlannedValue> {
  const anew = change.action === 'create' || change.action === 'replace';
  let values: Record<string, PlannedValue>;
  if (anew) {
    // Made as an ordinary object of its keys (records.ts): a VM's 28 values assigned to `{}` made a hash table.
    for (const { name, after } of change.attributes)
      if (after !== undefined) anewValues.add(name, secrets && Object.hasOwn(secrets, name) ? secrets[name] : after);
    values = anewValues.make<PlannedValue>();
  } else {
    values = { ...(prior?.attributes ?? {}) };
    for (const attribute of change.attributes) if (attribute.after !== undefined) values[attribute.name] = attribute.after;
  }
  if (anew) {
    // A create's change holds the markers of its computed attributes (`id` among them) already: shared, not made again.
    if (!isOwnUnknown(values.id, address, 'id')) values.id = unknown(`${address}.id`);
    for (const name of computedAttributeNames(type)) if (values[name] === undefined) values[name] = unknown(`${address}.${name}`);
  }
  return values;
}

/** True when `value` is the unknown marker of `address`'s own attribute `name` (`{ $unknown: "ADDRESS.NAME" }`, untyped). */
function isOwnUnknown(value: PlannedValue | undefined, address: string, name: string): boolean {
  return (
    isUnknown(value) &&
    value.type === undefined &&
    value.$unknown.length === address.length + name.length + 1 &&
    value.$unknown.startsWith(address) &&
    value.$unknown.endsWith(name) &&
    value.$unknown.charCodeAt(address.length) === 46
  );
}
