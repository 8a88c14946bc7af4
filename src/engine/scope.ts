/**
 * The values known at a point of a plan or an apply: variables, data source
 * results and resource attributes (with unknown markers for what apply will
 * tell). Evaluates manifest expressions against them.
 */
import { lookupDataSourceType, lookupResourceType } from '../resources/index.js';
import type { ResourceType } from '../resources/attribute.js';
import type { DesiredInput } from './diff.js';
import { evaluate, type ResolveRoot } from '../manifest/expressions.js';
import type { LoadedManifest } from '../manifest/index.js';
import { checkValue, coerce } from '../manifest/validate.js';
import {
  unknown,
  type Attributes, type BlockDeclaration, type Change, type Diagnostic, type Manifest,
  type PlannedValue, type ResourceState,
} from '../core/types.js';

/** Converts a value to the attribute's type where lossless (moved to the manifest front end, which checks variable values at load). */
export { coerce };

/** Values in scope; see the module comment. */
export class Scope {
  private readonly resources = new Map<string, Record<string, PlannedValue>>();
  private readonly data = new Map<string, Record<string, PlannedValue>>();
  /** Per data source, results that are sensitive beyond the type's own sensitive attributes (arguments from sensitive values). */
  private readonly sensitiveData = new Map<string, ReadonlySet<string>>();

  constructor(private readonly loaded: LoadedManifest) {}

  private readonly resolveRoot: ResolveRoot = (reference) => {
    const { manifest, variables, sensitiveVariables } = this.loaded;
    if (reference.root === 'var') {
      if (!Object.hasOwn(variables, reference.name)) return undefined;
      return { value: variables[reference.name], sensitive: sensitiveVariables.has(reference.name) };
    }
    if (reference.root === 'data') {
      const value = this.data.get(`data.${reference.name}`);
      const type = lookupDataSourceType(manifest.data[reference.name]?.type ?? '');
      const extra = this.sensitiveData.get(`data.${reference.name}`);
      if (!value) return undefined;
      return { value, sensitive: (name) => Boolean(type?.attributes[name]?.sensitive || extra?.has(name)) };
    }
    const value = this.resources.get(reference.name);
    const type = lookupResourceType(manifest.resources[reference.name]?.type ?? '');
    if (!value) return undefined;
    return { value, sensitive: (name) => Boolean(type?.attributes[name]?.sensitive) };
  };

  /** Evaluates a block's properties, coerced to the attribute types. */
  inputsOf(block: BlockDeclaration): { inputs: Record<string, DesiredInput>; diagnostics: Diagnostic[] } {
    const type = lookupResourceType(block.type) ?? lookupDataSourceType(block.type);
    const inputs: Record<string, DesiredInput> = {};
    const diagnostics: Diagnostic[] = [];
    for (const [name, expression] of Object.entries(block.properties)) {
      const evaluation = evaluate(expression, this.resolveRoot);
      diagnostics.push(...evaluation.diagnostics);
      inputs[name] = { value: coerce(type?.attributes[name], evaluation.value), sensitive: evaluation.sensitive };
    }
    return { inputs, diagnostics };
  }

  /** Checks type and limits of input values that were not literals (literals were checked when the manifest was validated). */
  checkInputs(type: ResourceType, block: BlockDeclaration, values: Attributes): Diagnostic[] {
    const diagnostics: Diagnostic[] = [];
    for (const [name, value] of Object.entries(values)) {
      const attribute = type.attributes[name];
      if (!attribute || block.properties[name]?.kind === 'literal') continue;
      diagnostics.push(...checkValue(name, attribute, value, block.propertyLocations[name] ?? block.location, block.address.startsWith('data.') ? block.address : `resources.${block.name}`));
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
    if (sensitive) this.sensitiveData.set(address, sensitive);
  }

  /** Drops a deleted resource. */
  forget(address: string): void {
    this.resources.delete(address);
  }

  /** Publishes what a planned change will leave: inputs as planned, computed values unknown on create. */
  setPlannedResource(type: ResourceType, address: string, change: Change, prior: ResourceState | undefined): void {
    const values: Record<string, PlannedValue> = change.action === 'create' || change.action === 'replace' ? {} : { ...(prior?.attributes ?? {}) };
    for (const attribute of change.attributes) if (attribute.after !== undefined) values[attribute.name] = attribute.after;
    if (change.action === 'create' || change.action === 'replace') {
      values.id = unknown(`${address}.id`);
      for (const [name, attribute] of Object.entries(type.attributes)) {
        if (attribute.mode === 'computed' && values[name] === undefined) values[name] = unknown(`${address}.${name}`);
      }
    }
    this.resources.set(address, values);
  }

  /**
   * Evaluates every output. Unknown parts stay unknown; sensitivity flows
   * from inputs. An output that does not evaluate (it refers to something
   * not in scope) is `null`, or left out with `onlyResolved` (a `--target`
   * plan, where what is outside the targets was not read).
   */
  outputs(manifest: Manifest, options: { onlyResolved?: boolean } = {}): Record<string, { value: PlannedValue; sensitive: boolean }> {
    // Without a prototype: an output may be named `__proto__` or `constructor` like any other.
    const outputs = Object.create(null) as Record<string, { value: PlannedValue; sensitive: boolean }>;
    for (const [name, output] of Object.entries(manifest.outputs)) {
      const evaluation = evaluate(output.value, this.resolveRoot);
      if (evaluation.diagnostics.length > 0 && options.onlyResolved) continue;
      outputs[name] = { value: evaluation.diagnostics.length > 0 ? null : evaluation.value, sensitive: output.sensitive || evaluation.sensitive };
    }
    return outputs;
  }
}

