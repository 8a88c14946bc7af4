/**
 * The manifest's JSON Schema (draft-07), generated from the catalogue, and
 * the checked-in copy `schemas/manifest.schema.json`.
 *
 * The schema serves two readers: editors (yaml-language-server, through a
 * `# yaml-language-server: $schema=...` comment) read the manifest as
 * written, so every type spelling (canonical name, alias, Pulumi token) and
 * the camelCase form of every attribute are accepted; `check/validate.ts` checks
 * the normalised data with ajv. Per-type attribute tables are selected with
 * `if`/`then` on the block's `type`. Any attribute value may also be a string
 * containing `${` (a reference or template), checked later by the planner.
 */
import { BACKEND_URL_FORMS, BACKEND_URL_SCHEMES } from '../core/backend-urls.js';
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { camelCase, type Attribute, type CatalogueEntry } from '../resources/attribute.js';
import { defaultCatalogue, type CatalogueView } from './catalogue.js';
import { addressBlocksSchema } from './moves-schema.js';

/** A JSON Schema object. */
export type JsonSchema = Record<string, unknown>;

/** Where the checked-in schema lives (`<project>/schemas/manifest.schema.json`). */
export const SCHEMA_FILE = fileURLToPath(new URL('../../schemas/manifest.schema.json', import.meta.url));

/** The command that regenerates the checked-in schema. */
export const SCHEMA_COMMAND = 'npx tsx scripts/generate-schema.ts';

/** Name pattern of resources, data sources, variables and outputs (as in parse/sections.ts). */
const NAME = '^[A-Za-z_][A-Za-z0-9_-]*$';
/** Duration strings (as accepted by `src/core/duration.ts`). */
const DURATION = '^\\s*[0-9]+(\\.[0-9]+)?\\s*(ms|s|m|h)?\\s*$';

/** Anchors a whole-string pattern: `^(?:p)$` unless it already starts with `^` and ends with `$`. */
export function anchoredPattern(pattern: string): string {
  return pattern.startsWith('^') && pattern.endsWith('$') ? pattern : `^(?:${pattern})$`;
}

/** The schema of an attribute's value, without the reference alternative. */
function typedSchema(attribute: Attribute): JsonSchema {
  const constraints = attribute.constraints ?? {};
  switch (attribute.type) {
    case 'string': {
      const schema: JsonSchema = { type: 'string' };
      if (constraints.enum) schema.enum = [...constraints.enum];
      if (constraints.minLength !== undefined) schema.minLength = constraints.minLength;
      if (constraints.maxLength !== undefined) schema.maxLength = constraints.maxLength;
      if (constraints.pattern !== undefined) schema.pattern = anchoredPattern(constraints.pattern);
      if (constraints.mustContain?.length) {
        schema.allOf = constraints.mustContain.map((rule) => ({
          type: 'string',
          pattern: rule.pattern,
          description: `must contain ${rule.description}`,
        }));
      }
      return schema;
    }
    case 'int64': {
      const schema: JsonSchema = { type: 'integer' };
      if (constraints.minimum !== undefined) schema.minimum = constraints.minimum;
      if (constraints.maximum !== undefined) schema.maximum = constraints.maximum;
      return schema;
    }
    case 'bool':
      return { type: 'boolean' };
    case 'block':
      return attribute.fields ? { type: 'object', ...fieldsSchema(attribute.fields) } : { type: 'object' };
    case 'list':
      return attribute.fields ? { type: 'array', items: { type: 'object', ...fieldsSchema(attribute.fields) } } : { type: 'array' };
  }
}

/** `properties` and `additionalProperties: false` for the fields of a block. */
function fieldsSchema(fields: Record<string, Attribute>): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const [name, field] of Object.entries(fields)) {
    properties[name] = valueSchema(field);
    const camel = camelCase(name);
    if (camel !== name) properties[camel] = valueSchema(field);
  }
  return { properties, additionalProperties: false };
}

/** The schema of an attribute: its description and default, its typed schema, or a `${...}` string. */
function valueSchema(attribute: Attribute): JsonSchema {
  const description = attribute.sensitive ? `${attribute.description} (sensitive)` : attribute.description;
  const schema: JsonSchema = { description };
  if (attribute.default !== undefined) schema.default = attribute.default;
  schema.anyOf = [typedSchema(attribute), { $ref: '#/definitions/reference' }];
  return schema;
}

/** The `properties:` schema of one type: its inputs (both spellings), required inputs, nothing else. */
export function inputsSchema(entry: CatalogueEntry): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  const eitherRequired: JsonSchema[] = [];
  for (const [name, attribute] of Object.entries(entry.attributes)) {
    if (attribute.mode === 'computed') continue;
    properties[name] = valueSchema(attribute);
    const camel = camelCase(name);
    if (camel !== name) properties[camel] = valueSchema(attribute);
    if (attribute.mode !== 'required') continue;
    if (camel === name) required.push(name);
    else eitherRequired.push({ anyOf: [{ required: [name] }, { required: [camel] }] });
  }
  const schema: JsonSchema = { type: 'object', description: entry.description, properties, additionalProperties: false };
  if (required.length > 0) schema.required = required;
  if (eitherRequired.length > 0) schema.allOf = eitherRequired;
  return schema;
}

/** Whether a type has required inputs (then a block of that type needs `properties`). */
function hasRequiredInputs(entry: CatalogueEntry): boolean {
  return Object.values(entry.attributes).some((attribute) => attribute.mode === 'required');
}

/** Name of the definition holding a type's inputs: `resource:cloud_lite_vm` / `data:cloud_lite_products`. */
export function definitionName(entry: CatalogueEntry): string {
  return `${entry.kind}:${entry.type}`;
}

/** The schema of a block (`resource` or `data`) choosing the inputs table by `type`. */
function blockSchema(kind: 'resource' | 'data', entries: CatalogueEntry[]): JsonSchema {
  const spellings = entries.flatMap((entry) => [entry.type, ...entry.aliases, entry.token]);
  const properties: Record<string, JsonSchema> = {
    type: {
      type: 'string',
      description:
        kind === 'resource'
          ? 'Resource type: canonical name (cloud_lite_vm), short alias (lite_vm) or Pulumi token (cloud:index:LiteVm).'
          : 'Data source type: canonical name (cloud_lite_os_list), short alias or Pulumi function name.',
      enum: spellings,
    },
    properties: {
      type: ['object', 'null'],
      description: 'Attribute values, in snake_case or camelCase. Any value may be a ${...} reference.',
    },
    depends_on: { $ref: '#/definitions/depends_on' },
    dependsOn: { $ref: '#/definitions/depends_on' },
    count: { $ref: '#/definitions/count' },
    for_each: { $ref: '#/definitions/for_each' },
    forEach: { $ref: '#/definitions/for_each' },
  };
  properties.lifecycle = { $ref: kind === 'resource' ? '#/definitions/lifecycle' : '#/definitions/data_lifecycle' };
  const schema: JsonSchema = {
    type: 'object',
    description: kind === 'resource' ? 'A managed resource.' : 'A data source, read on every plan.',
    required: ['type'],
    additionalProperties: false,
    properties,
  };
  schema.allOf = entries.map((entry) => {
    const then: JsonSchema = { properties: { properties: { $ref: `#/definitions/${definitionName(entry)}` } } };
    if (hasRequiredInputs(entry)) then.required = ['properties'];
    return {
      if: { properties: { type: { enum: [entry.type, ...entry.aliases, entry.token] } }, required: ['type'] },
      then,
    };
  });
  return schema;
}

/** The definitions every block shares: references, repetition (`count`, `for_each`), `depends_on` and conditions. */
function metaArgumentDefinitions(): Record<string, JsonSchema> {
  return {
    reference: {
      type: 'string',
      pattern: '\\$\\{',
      description: 'A ${...} reference (web.id, data.os.oss[0].name, var.cycle) or a text containing references.',
    },
    count: {
      description:
        'How many instances to make (a whole number, or a ${var...} reference): addressed web[0], web[1], ...; ${count.index} inside the block. Not with for_each.',
      anyOf: [{ type: 'integer', minimum: 0 }, { $ref: '#/definitions/reference' }],
    },
    for_each: {
      description:
        'One instance per string of a list or per key of a mapping (or a ${var...} reference to one): addressed web["eu"]; ${each.key} and ${each.value} inside the block. Not with count.',
      anyOf: [{ type: 'array', items: { type: 'string' } }, { type: 'object' }, { $ref: '#/definitions/reference' }],
    },
    depends_on: {
      type: ['array', 'null'],
      description: 'Addresses this block waits for besides its references: `name` or `data.name`.',
      items: { type: 'string', pattern: '^(data\\.)?[A-Za-z_][A-Za-z0-9_-]*$' },
    },
    condition: {
      type: 'object',
      additionalProperties: false,
      required: ['condition', 'message'],
      properties: {
        condition: {
          description: 'A ${...} expression that must be true (or the literal true / false).',
          anyOf: [{ type: 'boolean' }, { $ref: '#/definitions/reference' }],
        },
        message: { type: 'string', minLength: 1, description: 'Said, at the condition, when it is false; may hold ${...}.' },
      },
    },
    conditions: {
      description: 'One { condition, message } or a list of them.',
      anyOf: [{ $ref: '#/definitions/condition' }, { type: 'array', items: { $ref: '#/definitions/condition' } }],
    },
    data_lifecycle: {
      type: ['object', 'null'],
      additionalProperties: false,
      description: "A data source's conditions (Terraform 1.2's meaning).",
      properties: {
        precondition: {
          $ref: '#/definitions/conditions',
          description: 'Checked before the read: at plan when known, else during apply; false stops the read and what depends on it.',
        },
        postcondition: {
          $ref: '#/definitions/conditions',
          description: 'Checked after the read, with ${self.ATTRIBUTE} naming the results; false stops what depends on it.',
        },
      },
    },
  };
}

/** A resource's `lifecycle` (Terraform's meta-argument), each setting under its snake_case and camelCase names. */
function lifecycleDefinition(): JsonSchema {
  return {
    type: ['object', 'null'],
    additionalProperties: false,
    properties: Object.fromEntries(
      [
        [
          'prevent_destroy',
          {
            anyOf: [{ type: 'boolean' }, { type: 'string', pattern: '\\$\\{' }],
            description: 'Refuse any plan that destroys this resource: a boolean, or a ${...} expression of variables known at plan.',
          },
        ],
        [
          'create_before_destroy',
          {
            type: 'boolean',
            description:
              'A replace orders the new account first, moves dependents to it, then deletes the old one (deposed in state meanwhile).',
          },
        ],
        [
          'replace_triggered_by',
          {
            type: 'array',
            items: { type: 'string' },
            description:
              'References whose change replaces this resource: a resource (`web`, replaced or updated) or an attribute (`web.vm_name`, changed).',
          },
        ],
        [
          'precondition',
          {
            $ref: '#/definitions/conditions',
            description:
              'Checked before the resource is planned: at plan when known, else during apply before any order; false places no order and stops what depends on it.',
          },
        ],
        [
          'postcondition',
          {
            $ref: '#/definitions/conditions',
            description:
              'Checked after the resource is created, updated or read back, with ${self.ATTRIBUTE} naming its attributes (at plan when already known); false stops what depends on it.',
          },
        ],
        [
          'ignore_changes',
          {
            description: 'Attributes whose manifest changes are ignored, `all`, or a ${...} expression of variables giving either.',
            anyOf: [
              { type: 'string', enum: ['all'] },
              { type: 'string', pattern: '\\$\\{' },
              { type: 'array', items: { type: 'string' } },
            ],
          },
        ],
      ].flatMap(([name, schema]) => [
        [name, schema],
        [camelCase(name as string), schema],
      ]),
    ),
  };
}

/** A variable's declaration and its validation rules; an output's value. */
function variableAndOutputDefinitions(): Record<string, JsonSchema> {
  return {
    variable_validation: {
      type: 'object',
      additionalProperties: false,
      properties: {
        condition: {
          description: 'A ${...} expression over var.NAME that must be true (Terraform validation).',
          anyOf: [{ type: 'boolean' }, { $ref: '#/definitions/reference' }],
        },
        pattern: { type: 'string', description: 'A regular expression the whole value must match.' },
        allowed: { type: 'array', minItems: 1, description: 'The values allowed.' },
        message: { type: 'string', description: 'Said when the value is refused (required with condition).' },
      },
    },
    variable: {
      type: 'object',
      additionalProperties: false,
      properties: {
        env: {
          type: 'string',
          pattern: '^[A-Za-z_][A-Za-z0-9_]*$',
          description:
            'Environment variable that gives the value when neither --var, a var file nor CLOUDCTL_VAR_<name> does (wins over the default).',
        },
        default: { description: 'Value when neither the command line, a var file nor the environment gives one.' },
        type: {
          type: 'string',
          enum: ['string', 'number', 'bool', 'list', 'map'],
          description: 'The type of the value: text from --var or the environment is converted to it.',
        },
        validation: {
          description:
            'What a value must be, checked before any API call: one { condition | pattern | allowed, message } or a list of them (all must pass).',
          anyOf: [
            { $ref: '#/definitions/variable_validation' },
            { type: 'array', minItems: 1, items: { $ref: '#/definitions/variable_validation' } },
          ],
        },
        sensitive: { type: 'boolean', description: 'Hide the value and everything derived from it.' },
        description: { type: 'string' },
      },
    },
    output: {
      not: { type: 'null' },
      description: 'A value (usually a ${...} reference), or { value, sensitive, description }.',
      if: { type: 'object', required: ['value'] },
      then: {
        type: 'object',
        additionalProperties: false,
        properties: {
          value: { description: 'The output value.' },
          sensitive: { type: 'boolean' },
          description: { type: 'string' },
        },
      },
    },
  };
}

/** A module block (`module:` path, `inputs`, repetition and `depends_on`). */
function moduleDefinition(): JsonSchema {
  return {
    type: 'object',
    description:
      "A module block: another manifest's resources and data sources, added under this block's name (cluster.web, data.cluster.image).",
    required: ['module'],
    additionalProperties: false,
    properties: {
      module: {
        type: 'string',
        minLength: 1,
        description: 'Path of the module, relative to this manifest: a YAML file, or a directory holding main.yaml.',
      },
      inputs: {
        type: ['object', 'null'],
        propertyNames: { pattern: NAME },
        description: "Values of the module's variables, by name. Any value may be a ${...} reference.",
      },
      depends_on: { $ref: '#/definitions/depends_on' },
      dependsOn: { $ref: '#/definitions/depends_on' },
      // One module instance per index or key: cluster[0].web, cluster["eu"].web (src/manifest/expand/module-repetition.ts).
      count: { $ref: '#/definitions/count' },
      for_each: { $ref: '#/definitions/for_each' },
      forEach: { $ref: '#/definitions/for_each' },
    },
  };
}

/** The manifest's top-level sections (`provider`, `variables`, `data`, `resources`, `outputs`, `locals`, `backend`, address blocks, `budget`). */
function sectionProperties(): Record<string, JsonSchema> {
  const baseUrl = { type: 'string', pattern: '^https?://', description: 'API base URL; without it cloudctl runs the embedded simulator.' };
  const pollInterval = {
    description: 'Seconds between status polls: a number or a duration such as "2s".',
    anyOf: [
      { type: 'number', exclusiveMinimum: 0 },
      { type: 'string', pattern: DURATION },
    ],
  };
  return {
    provider: {
      type: ['object', 'null'],
      additionalProperties: false,
      properties: { base_url: baseUrl, baseUrl, poll_interval: pollInterval, pollInterval },
    },
    variables: { type: ['object', 'null'], propertyNames: { pattern: NAME }, additionalProperties: { $ref: '#/definitions/variable' } },
    data: { type: ['object', 'null'], propertyNames: { pattern: NAME }, additionalProperties: { $ref: '#/definitions/data' } },
    resources: {
      type: ['object', 'null'],
      propertyNames: { pattern: NAME, not: { enum: ['data', 'var', 'module'] } },
      // An entry with `module:` is a module block (src/manifest/expand/modules.ts).
      additionalProperties: {
        if: { type: 'object', required: ['module'] },
        then: { $ref: '#/definitions/module' },
        else: { $ref: '#/definitions/resource' },
      },
    },
    outputs: { type: ['object', 'null'], propertyNames: { pattern: NAME }, additionalProperties: { $ref: '#/definitions/output' } },
    locals: {
      type: ['object', 'null'],
      description:
        'Named values, read as ${local.NAME}: any value, ${...} expressions over variables, data sources, resources and other locals included.',
      propertyNames: { pattern: NAME },
    },
    backend: {
      type: ['object', 'null'],
      additionalProperties: false,
      description:
        'Where the state lives when neither --backend nor CLOUDCTL_BACKEND says: a PostgreSQL URL without password (PGPASSWORD gives it), or local.',
      properties: {
        url: {
          type: 'string',
          pattern: `^(local|(${BACKEND_URL_SCHEMES.join('|')})://[^:@/]*(@|/|$).*)$`,
          description: `${BACKEND_URL_FORMS.replace(/"local"$/, 'local')}.`,
        },
        schema: {
          type: 'string',
          pattern: '^[A-Za-z_][A-Za-z0-9_]*$',
          description: "Database schema of cloudctl's tables (default cloudctl).",
        },
      },
    },
    ...addressBlocksSchema(),
    budget: {
      type: ['object', 'null'],
      additionalProperties: false,
      description: 'What a plan may cost: a plan over it is an error unless --allow-over-budget is given.',
      properties: Object.fromEntries(
        Object.entries({
          monthly_limit: {
            type: 'integer',
            minimum: 1,
            description: 'Most the managed resources may bill per month after the plan, in the account currency.',
          },
          max_orders_per_apply: { type: 'integer', minimum: 0, description: 'Most paid orders one plan may place.' },
        }).flatMap(([name, schema]) => [
          [name, schema],
          [name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase()), schema],
        ]),
      ),
    },
  };
}

/**
 * The manifest's JSON Schema (draft-07) for the given catalogue (default: the
 * real one). Deterministic: the same catalogue gives the same object.
 */
export function manifestSchema(catalogue: CatalogueView = defaultCatalogue): JsonSchema {
  const entries = catalogue.entries();
  const resources = entries.filter((entry) => entry.kind === 'resource');
  const dataSources = entries.filter((entry) => entry.kind === 'data');
  const definitions: Record<string, JsonSchema> = {
    ...metaArgumentDefinitions(),
    lifecycle: lifecycleDefinition(),
    ...variableAndOutputDefinitions(),
    resource: blockSchema('resource', resources),
    module: moduleDefinition(),
    data: blockSchema('data', dataSources),
  };
  for (const entry of entries) definitions[definitionName(entry)] = inputsSchema(entry);
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: 'cloudctl manifest',
    description: 'A cloudctl manifest: variables, data sources, resources and outputs. Generated from the resource catalogue; do not edit.',
    type: 'object',
    additionalProperties: false,
    properties: sectionProperties(),
    definitions,
  };
}

/** The schema as written to the file: 2-space JSON and a final newline. */
export function renderManifestSchema(catalogue: CatalogueView = defaultCatalogue): string {
  return `${JSON.stringify(manifestSchema(catalogue), null, 2)}\n`;
}

/** Writes the schema file (default {@link SCHEMA_FILE}). */
export async function writeManifestSchema(path: string = SCHEMA_FILE, catalogue: CatalogueView = defaultCatalogue): Promise<void> {
  await writeFile(path, renderManifestSchema(catalogue));
}

/**
 * Checks that the checked-in schema file matches the catalogue. Resolves
 * `{ current: true }`, or `{ current: false, message }` where the message
 * says how to regenerate it (also when the file is missing).
 */
export async function checkManifestSchemaFile(
  path: string = SCHEMA_FILE,
  catalogue: CatalogueView = defaultCatalogue,
): Promise<{ current: boolean; message?: string }> {
  let actual: string;
  try {
    actual = await readFile(path, 'utf8');
  } catch {
    return { current: false, message: `${path} is missing; run ${SCHEMA_COMMAND}` };
  }
  if (actual === renderManifestSchema(catalogue)) return { current: true };
  return { current: false, message: `${path} is out of date with the resource catalogue; run ${SCHEMA_COMMAND}` };
}
