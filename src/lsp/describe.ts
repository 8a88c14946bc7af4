/**
 * Catalogue facts in words, for hover and completion documentation: what an
 * attribute means, what changing it does (its policy, as the reference docs
 * say it: src/docs-generator/render.ts), whether that places a paid order,
 * and its limits.
 */
import type { Attribute, CatalogueEntry } from '../resources/attribute.js';
import { policyOperation } from '../resources/policies.js';
import { describeConstraints, describePolicy } from '../docs-generator/render.js';

/** Whether changing `attribute` of `entry` places a paid order, in one sentence. */
export function paidWords(entry: CatalogueEntry, attribute: Attribute): string {
  if (entry.kind === 'data' || attribute.mode === 'computed' || !attribute.policy) return '';
  const operation = policyOperation(attribute.policy);
  if (operation !== undefined) {
    return entry.paidOperations.includes(operation)
      ? `Changing it places a **paid order** (\`${operation}\`).`
      : `Changing it places no paid order (\`${operation}\` is free).`;
  }
  if (attribute.policy.kind === 'reject' || attribute.policy.kind === 'local') return '';
  if (attribute.policy.kind === 'replace') {
    return entry.paidCreate
      ? 'Changing it replaces the resource: the new one is a **paid order**.'
      : 'Changing it replaces the resource (no paid order).';
  }
  return 'Changing it places no paid order.';
}

/**
 * The Markdown description of attribute `name` of `entry`: a title line
 * (name, type, mode, type name), its meaning, its policy and paid-order
 * sentence, its limits, default, unit and sensitivity.
 */
export function describeAttribute(entry: CatalogueEntry, name: string, attribute: Attribute): string {
  const lines = [`**${name}** (${attribute.type}, ${attribute.mode}) of \`${entry.type}\``, '', attribute.description];
  const policy = describePolicy(attribute.policy, entry);
  if (policy) lines.push('', `On change: ${policy}.`);
  const paid = paidWords(entry, attribute);
  if (paid) lines.push(policy ? paid : `\n${paid}`);
  const limits = describeConstraints(attribute.constraints, attribute.unit);
  const facts = [
    limits ? `Limits: ${limits}.` : '',
    attribute.default !== undefined ? `Default: \`${JSON.stringify(attribute.default)}\`.` : '',
    attribute.unit && !limits.includes(attribute.unit) ? `Unit: ${attribute.unit}.` : '',
    attribute.sensitive ? 'Sensitive: shown as `(sensitive)` everywhere.' : '',
  ].filter(Boolean);
  if (facts.length > 0) lines.push('', facts.join(' '));
  return lines.join('\n');
}

/** The Markdown description of a catalogue type: its name, kind, aliases and meaning. */
export function describeType(entry: CatalogueEntry): string {
  const kind = entry.kind === 'data' ? 'data source' : 'resource';
  const aliases = entry.aliases.length > 0 ? ` (also ${entry.aliases.map((alias) => `\`${alias}\``).join(', ')})` : '';
  const orders = entry.kind === 'resource' && entry.paidCreate ? '\n\nCreating one places a **paid order**.' : '';
  return `**${entry.type}** ${kind}${aliases}\n\n${entry.description}${orders}`;
}
