/**
 * Renders the reference docs of one catalogue entry as Markdown, from its
 * attribute table: type, mode, default, policy, limits, sensitivity, and an
 * example manifest. `docs/resources/<type>.md` and
 * `docs/data-sources/<type>.md` are generated from this and checked in.
 */
import { POLICY_KINDS, policyOperation } from '../resources/policies.js';
import type { Attribute, CatalogueEntry, Constraints, Policy, ReadBack } from '../resources/attribute.js';
import { camelCase, readBackOf } from '../resources/attribute.js';

/** How a read-back class reads in the docs' Read-back column. */
export function describeReadBack(readBack: ReadBack): string {
  switch (readBack) {
    case 'authoritative':
      return 'authoritative';
    case 'informational':
      return 'informational (shown, never acted on)';
    case 'never':
      return 'never read';
  }
}

/** The paragraph under a resource's attribute table that says what the Read-back column means. */
const READ_BACK_LEGEND =
  'Read-back: *authoritative* values are what the API reports (a missing, `null` or empty value keeps the last known one, and the plan notes it); *informational* values keep what cloudctl sent and a different reported value is only noted, never the cause of a paid call, a replace or a plan error; *never read* values keep what cloudctl sent.';

/** How a policy reads in the docs. */
export function describePolicy(policy: Policy | undefined, entry: CatalogueEntry): string {
  if (!policy) return '';
  const operation = policyOperation(policy);
  return POLICY_KINDS[policy.kind].describe(policy, operation !== undefined && paid(entry, operation) !== '');
}

function paid(entry: CatalogueEntry, operation: string): string {
  return entry.kind === 'resource' && entry.paidOperations.includes(operation) ? ', paid order' : '';
}

/** Limits as words: `6 to 16 characters`, `one of m, a`, `at least 60`. */
export function describeConstraints(constraints: Constraints | undefined, unit?: string): string {
  if (!constraints) return '';
  const parts: string[] = [];
  const { minLength, maxLength } = constraints;
  if (minLength !== undefined && maxLength !== undefined) parts.push(`${minLength} to ${maxLength} characters`);
  else if (minLength !== undefined) parts.push(`at least ${minLength} characters`);
  else if (maxLength !== undefined) parts.push(`at most ${maxLength} characters`);
  if (constraints.patternDescription) parts.push(constraints.patternDescription);
  for (const required of constraints.mustContain ?? []) parts.push(`contains ${required.description}`);
  if (constraints.enum) parts.push(`one of ${constraints.enum.map((value) => `\`${value}\``).join(', ')}`);
  if (constraints.minimum !== undefined) parts.push(`at least ${constraints.minimum}${unit ? ` ${unit}` : ''}`);
  if (constraints.maximum !== undefined) parts.push(`at most ${constraints.maximum}${unit ? ` ${unit}` : ''}`);
  return parts.join('; ');
}

/** Text safe inside a Markdown table cell. */
export function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

function mode(attribute: Attribute): string {
  const words: string[] = [attribute.mode];
  if (attribute.sensitive) words.push('sensitive');
  if (attribute.writeOnly) words.push('never returned by the API');
  return words.join(', ');
}

function example(entry: CatalogueEntry): string {
  const lines = [entry.kind === 'resource' ? 'resources:' : 'data:', `  example:`, `    type: ${entry.type}`];
  const required = Object.entries(entry.attributes).filter(([, attribute]) => attribute.mode === 'required');
  if (required.length > 0) {
    lines.push('    properties:');
    for (const [name, attribute] of required) lines.push(`      ${name}: ${exampleValue(name, attribute)}`);
  }
  return lines.join('\n');
}

function exampleValue(name: string, attribute: Attribute): string {
  if (attribute.sensitive) return `\${var.${name}}`;
  if (attribute.constraints?.enum) return attribute.constraints.enum[0];
  if (name === 'keypair_id') return '${my_key.keypair_id}';
  if (name.endsWith('account_id') || name === 'snapshot_id' || name === 'additional_ip_id') return `\${other.id}`;
  if (name === 'product_id') return '${data.products.products[0].product_id}';
  if (name === 'select_os') return '${data.os.oss[0].name}';
  if (attribute.type === 'int64') return String(attribute.constraints?.minimum ?? 1);
  if (attribute.type === 'bool') return 'true';
  if (name === 'ssh_and_console_user') return 'deployer';
  return 'example-01';
}

/** The whole Markdown page of one type. */
export function renderDoc(entry: CatalogueEntry): string {
  const out: string[] = [];
  const section = entry.kind === 'resource' ? 'Resource' : 'Data source';
  out.push(`# ${section}: \`${entry.type}\``, '');
  out.push('<!-- Generated from the catalogue by `npm run docs`; do not edit by hand. -->', '');
  out.push(entry.description, '');
  out.push(
    `Also written: ${[entry.token, ...entry.aliases].map((name) => `\`${name}\``).join(', ')}. Attributes may be written in snake_case or camelCase.`,
    '',
  );
  if (entry.kind === 'resource') {
    out.push(
      `- Import id: ${entry.importId} (\`cloudctl import ${entry.type}.NAME ID\`, or an \`import:\` block in the manifest: \`- { to: NAME, id: "ID" }\`).`,
    );
    out.push(`- Create: ${entry.paidCreate ? 'places a paid order' : 'free'}${entry.waitUntilReady ? ', then waits until `Active`' : ''}.`);
    if (entry.keypairPool) out.push(`- Keypair pool: \`${entry.keypairPool}\` (usable only by the same product).`);
    const timeouts = Object.entries(entry.timeouts).map(([name, seconds]) => `${name} ${seconds / 60}m`);
    if (timeouts.length > 0) out.push(`- Default timeouts: ${timeouts.join(', ')}.`);
    if (entry.operationOrder.length > 0)
      out.push(`- In-place operations run in this order: ${entry.operationOrder.map((name) => `\`${name}\``).join(', ')}.`);
    out.push('');
  }
  out.push(
    `Beside \`type\`, \`count: N\` or \`for_each: [keys] | {key: value}\` makes one ${entry.kind === 'resource' ? 'resource' : 'data source'} per index or key, addressed \`${entry.kind === 'resource' ? '' : 'data.'}NAME[0]\` or \`${entry.kind === 'resource' ? '' : 'data.'}NAME["key"]\` (\`\${count.index}\`, \`\${each.key}\`, \`\${each.value}\` inside the block).`,
    '',
  );
  out.push('## Example', '', '```yaml', example(entry), '```', '');
  out.push('## Attributes', '');
  const resource = entry.kind === 'resource';
  out.push(`| Attribute | Type | Mode | Default | On change | Limits |${resource ? ' Read-back |' : ''} Description |`);
  out.push(`|---|---|---|---|---|---|${resource ? '---|' : ''}---|`);
  for (const [name, attribute] of Object.entries(entry.attributes)) {
    const camel = camelCase(name) !== name ? ` (\`${camelCase(name)}\`)` : '';
    const fallback = attribute.default === undefined ? '' : `\`${JSON.stringify(attribute.default)}\``;
    const readBack = resource ? ` ${describeReadBack(readBackOf(attribute))} |` : '';
    out.push(
      `| \`${name}\`${camel} | ${attribute.type}${attribute.unit ? ` (${attribute.unit})` : ''} | ${mode(attribute)} | ${fallback} | ${cell(describePolicy(attribute.policy, entry))} | ${cell(describeConstraints(attribute.constraints, attribute.unit))} |${readBack} ${cell(attribute.description)} |`,
    );
  }
  if (resource) out.push('', READ_BACK_LEGEND);
  const blocks = Object.entries(entry.attributes).filter(([, attribute]) => attribute.fields);
  for (const [name, attribute] of blocks) {
    out.push('', `### \`${name}\` fields`, '', '| Field | Type | Description |', '|---|---|---|');
    for (const [field, sub] of Object.entries(attribute.fields!))
      out.push(`| \`${field}\` | ${sub.type}${sub.unit ? ` (${sub.unit})` : ''} | ${cell(sub.description)} |`);
  }
  out.push('');
  return out.join('\n');
}

/** The path of an entry's page, relative to the repository root. */
export function docPath(entry: CatalogueEntry): string {
  return `docs/${entry.kind === 'resource' ? 'resources' : 'data-sources'}/${entry.type}.md`;
}
