/**
 * The manifest YAML describing imported resources: what `cloudctl import`
 * prints (`ImportResult.config`) and what `plan --generate-config-out`
 * writes for import blocks with no resource block. Inputs the API never
 * returns are variables to set (secrets) or named for the user to fill in.
 */
import { stringify } from 'yaml';
import type { Attributes, Value } from '../core/types.js';
import type { Catalogue } from '../manifest/index.js';
import type { PlanDocument } from '../plan/document.js';
import type { ResourceType } from '../resources/attribute.js';

/** The manifest YAML for an imported resource. */
export function importYaml(type: ResourceType, address: string, attributes: Attributes): string {
  return importConfig([{ type, address, attributes }]);
}

/**
 * The manifest YAML (`variables:` for secrets to give, `resources:`) for
 * imported resources, in order; a closing comment names the required
 * inputs the API does not return. Sensitive attributes are never written
 * (a required one becomes a sensitive variable read from the environment).
 */
export function importConfig(entries: Array<{ type: ResourceType; address: string; attributes: Attributes }>): string {
  const resources: Record<string, Value> = {};
  const variables: Record<string, Value> = {};
  const missing: string[] = [];
  for (const { type, address, attributes } of entries) {
    const properties: Record<string, Value> = {};
    for (const [name, attribute] of Object.entries(type.attributes)) {
      if (attribute.mode === 'computed' || attribute.policy?.kind === 'trigger' || attribute.policy?.kind === 'local') continue;
      const value = attributes[name];
      if (attribute.sensitive) {
        if (attribute.mode === 'required') {
          const variable = `${address}_${name}`;
          variables[variable] = { env: variable.toUpperCase(), sensitive: true };
          properties[name] = `\${var.${variable}}`;
        }
        continue;
      }
      const suggested = value ?? (attribute.importFrom ? attributes[attribute.importFrom] : undefined);
      if (suggested !== undefined && suggested !== null && suggested !== '') properties[name] = suggested;
      else if (attribute.mode === 'required') missing.push(entries.length === 1 ? name : `${address}.${name}`);
    }
    resources[address] = { type: type.type, properties };
  }
  const document: Record<string, Value> = {};
  if (Object.keys(variables).length > 0) document.variables = variables;
  document.resources = resources;
  let text = stringify(document);
  if (missing.length > 0)
    text += `# The API does not return ${missing.join(', ')}: add ${missing.length === 1 ? 'it' : 'them'} under properties.\n`;
  return text;
}

/**
 * The manifest YAML of `plan`'s imports whose address has no resource
 * block (`generated_config` set: `PlanOptions.generateConfigOut`), or
 * `undefined` when there is none.
 * @throws Error on a type the catalogue does not know.
 */
export function generatedImportConfig(catalogue: Catalogue, plan: PlanDocument): { text: string; count: number } | undefined {
  const entries = (plan.imports ?? []).filter((entry) => entry.generated_config !== undefined);
  if (entries.length === 0) return undefined;
  const text = importConfig(
    entries.map((entry) => {
      const type = catalogue.resource(entry.type);
      if (!type) throw new Error(`import ${entry.address}: unknown resource type ${entry.type}`);
      return { type, address: entry.address, attributes: entry.attributes };
    }),
  );
  return { text, count: entries.length };
}
