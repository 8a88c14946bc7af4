/**
 * Renders docs/functions.md, the reference of the functions a manifest may
 * call inside `${...}`, from the one table of src/manifest/functions.ts
 * (`npm run docs` writes it; a test checks it is current).
 */
import { describeType, FUNCTIONS, signature, type FunctionDefinition, type FunctionParameter } from '../manifest/functions.js';
import { cell } from './render.js';

/** Where the page is written. */
export const FUNCTIONS_DOC_PATH = 'docs/functions.md';

function parameterText(parameter: FunctionParameter): string {
  const types = parameter.types.map(describeType).join(' or ');
  const how = parameter.variadic ? ', any number' : parameter.optional ? ', optional' : '';
  return `\`${parameter.name}\`: ${types}${how}`;
}

function row(definition: FunctionDefinition): string {
  const parameters = definition.parameters.map(parameterText).join('<br>');
  return `| \`${cell(signature(definition))}\` | ${cell(parameters)} | ${describeType(definition.result)} | ${cell(definition.description)} | \`${cell(definition.example)}\` |`;
}

/** The Markdown of docs/functions.md. */
export function renderFunctionsDoc(): string {
  return [
    '# Functions',
    '',
    '<!-- Generated from src/manifest/functions.ts by `npm run docs`; do not edit. -->',
    '',
    'A manifest calls functions inside `${...}`: `${join(", ", var.names)}`, or inside longer',
    'text, `"web-${lower(var.environment)}"`. Arguments are strings in double quotes (JSON',
    'escapes), numbers, `true`/`false`, references (`var.x`, `web.id`, `data.x.y[0]`) and other',
    'calls; lists and mappings come from references. A string that is exactly one call keeps',
    "the result's type (`${length(var.zones)}` is a number).",
    '',
    '- Functions are pure: no network, no clock. `file` is the only one reading the disk, once,',
    "  when the manifest is loaded (relative to the manifest's folder, at most 64 KiB).",
    '- An argument known only after apply (`${upper(web.ip_address)}`) makes the result known',
    '  after apply too; a sensitive argument makes the result sensitive.',
    '- An unknown function (with a did-you-mean), a wrong number of arguments and an argument',
    "  of the wrong type are errors at the function's name (`file:line:col`), found when the",
    '  manifest is loaded whenever the arguments are known then, before any API call.',
    '',
    '| Function | Parameters | Result | Description | Example |',
    '|---|---|---|---|---|',
    ...FUNCTIONS.map(row),
    '',
  ].join('\n');
}
