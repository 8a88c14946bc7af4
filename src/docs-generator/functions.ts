/**
 * Renders docs/functions.md, the reference of the functions a manifest may
 * call inside `${...}`, from the one table of src/manifest/functions/
 * (`npm run docs` writes it; a test checks it is current): a section per
 * family, as Terraform's function reference groups them.
 */
import {
  describeType,
  FUNCTIONS,
  MAX_RANGE_ITEMS,
  MAX_RESULT_CHARACTERS,
  MAX_RESULT_ITEMS,
  signature,
  type FunctionDefinition,
  type FunctionFamily,
  type FunctionParameter,
} from '../manifest/functions/index.js';
import { cell } from './render.js';

/** Where the page is written. */
export const FUNCTIONS_DOC_PATH = 'docs/functions.md';

const FAMILIES: Record<FunctionFamily, string> = {
  numeric: 'Numeric functions',
  string: 'String functions',
  collection: 'Collection functions',
  encoding: 'Encoding functions',
  filesystem: 'Filesystem functions',
  hash: 'Hash functions',
  network: 'IP network functions',
  type: 'Type conversion functions',
  date: 'Date and time functions',
};

function parameterText(parameter: FunctionParameter): string {
  const types = parameter.types.map(describeType).join(' or ');
  const how = parameter.variadic ? ', any number' : parameter.optional ? ', optional' : '';
  const nullable = parameter.allowNull && !parameter.types.includes('any') ? ', or null' : '';
  return `\`${parameter.name}\`: ${types}${nullable}${how}`;
}

function row(definition: FunctionDefinition): string {
  const parameters = definition.parameters.map(parameterText).join('<br>') || 'none';
  return `| \`${cell(signature(definition))}\` | ${cell(parameters)} | ${describeType(definition.result)} | ${cell(definition.description)} | \`${cell(definition.example)}\` |`;
}

function section(family: FunctionFamily): string[] {
  const members = FUNCTIONS.filter((definition) => (definition.family ?? 'string') === family);
  if (members.length === 0) return [];
  return [
    `## ${FAMILIES[family]}`,
    '',
    '| Function | Parameters | Result | Description | Example |',
    '|---|---|---|---|---|',
    ...members.map(row),
    '',
  ];
}

/** The Markdown of docs/functions.md. */
export function renderFunctionsDoc(): string {
  return [
    '# Functions',
    '',
    '<!-- Generated from src/manifest/functions/ by `npm run docs`; do not edit. -->',
    '',
    "A manifest calls Terraform's functions, with Terraform's meaning, inside `${...}`:",
    '`${join(", ", var.names)}`, or inside longer text, `"web-${lower(var.environment)}"`. A string',
    "that is exactly one call keeps the result's type (`${length(var.zones)}` is a number).",
    '',
    "- **Conversions** are Terraform's: where a parameter takes a string, a number or boolean is",
    '  given as its text (`join("-", [1, 2])` is `"1-2"`); where it takes a number or a boolean, a',
    '  string holding one converts (`"42"`, `"true"`), anything else is an error. A null argument',
    '  is an error except where a parameter says "or null".',
    '- **Characters** are counted as Terraform counts them, by grapheme cluster (`length`,',
    '  `substr`, `strrev`, `format` widths). **Regular expressions** are RE2 syntax, as Terraform',
    "  (Go's `regexp`): no look-around, no back-references.",
    '- **Sets**: cloudctl has no set type. `toset` and the set functions give a list without',
    '  duplicates, in the order Terraform prints a set: strings lexically (by code point),',
    '  numbers by value, `false` before `true`; lists and mappings in their first-seen order.',
    '- **Numbers** are 64-bit floating point (Terraform: arbitrary precision); a result that is',
    '  not a finite number (`log(0, 10)`) is an error, where Terraform gives infinity.',
    `- **Bounds**: a text result holds at most ${MAX_RESULT_CHARACTERS.toLocaleString('en-US')} characters, a list result at most`,
    `  ${MAX_RESULT_ITEMS.toLocaleString('en-US')} items, and \`range\` at most ${MAX_RANGE_ITEMS} items (Terraform's limit).`,
    '- Functions are pure: no network, no clock. `file` is the only one reading the disk, once,',
    "  when the manifest is loaded (relative to the manifest's folder, at most 64 KiB).",
    '  `timestamp()` is unknown until apply; `try` and `can` evaluate their arguments',
    '  themselves, turning an error into a fallback value or `false`.',
    '- An argument known only after apply (`${upper(web.ip_address)}`) makes the result known',
    '  after apply too; a sensitive argument makes the result sensitive.',
    '- An unknown function (with a did-you-mean), a wrong number of arguments and an argument',
    "  of the wrong type are errors at the function's name (`file:line:col`), found when the",
    '  manifest is loaded whenever the arguments are known then, before any API call.',
    '',
    ...(Object.keys(FAMILIES) as FunctionFamily[]).flatMap(section),
  ].join('\n');
}
