/**
 * Completion: resource and data source types after `type:`; a block's
 * attribute names under `properties:` (required ones first, each with its
 * doc line); the keys the manifest's JSON Schema allows elsewhere; enum
 * values (`cycle`, `power_state`, ...) and booleans after `key:`; inside
 * `${ }`, see expression-completion.ts.
 */
import type { CompletionItem, Connection, ServerCapabilities } from 'vscode-languageserver/node.js';
import { CompletionItemKind, MarkupKind } from 'vscode-languageserver/node.js';
import type { Attribute, CatalogueEntry } from '../resources/attribute.js';
import { defaultCatalogue } from '../manifest/index.js';
import { enclosingBlock, positionContext, schemaAt, attributeOf, type PositionContext } from './context.js';
import { expressionCompletions, openExpression } from './expression-completion.js';
import { describeAttribute } from './describe.js';
import { keyLine } from './outline.js';
import { pathOfUri, type ManifestWorkspace } from './workspace.js';

/** Registers completion (see the file's comment). */
export function registerCompletion(connection: Connection, workspace: ManifestWorkspace): ServerCapabilities {
  connection.onCompletion((params) => {
    const path = pathOfUri(params.textDocument.uri);
    return completionsAt(positionContext(workspace, path, params.position.line, params.position.character));
  });
  return { completionProvider: { triggerCharacters: ['.', '{', ':', ' '] } };
}

/** The completion items at a position. */
export function completionsAt(context: PositionContext): CompletionItem[] {
  const lineText = context.lines[context.line] ?? '';
  const before = lineText.slice(0, context.character);
  const expression = openExpression(before);
  if (expression !== undefined) return expressionCompletions(context, expression);
  const own = keyLine(lineText, context.line);
  if (own && context.character >= own.valueColumn) return valueCompletions(context, own.key);
  if (own && context.character > own.indent + own.key.length) return [];
  const parent = context.keys[context.keys.length - 1]?.key;
  if (/^\s*- /.test(before) && parent && LISTS_OF_BLOCKS.has(parent)) return blockNameCompletions(context, enclosingBlock(context)?.name);
  return keyCompletions(context);
}

/** Keys whose value is a list of blocks (`[web, data.os]`). */
const LISTS_OF_BLOCKS = new Set(['depends_on', 'dependsOn', 'replace_triggered_by', 'replaceTriggeredBy']);

/** What may follow `key:` at the position. */
function valueCompletions(context: PositionContext, key: string): CompletionItem[] {
  const block = enclosingBlock(context);
  const keys = context.keys.map((each) => each.key);
  if (block && block.depth === 2 && key === 'type') return typeCompletions(block.section === 'data' ? 'data' : 'resource');
  if (block?.entry && block.depth === 3 && keys[2] === 'properties') {
    const found = attributeOf(block.entry, key);
    if (found) return attributeValueCompletions(found.attribute);
  }
  if (LISTS_OF_BLOCKS.has(key)) return blockNameCompletions(context, block?.name);
  const node = schemaAt([...keys, key], isModuleBlock(context));
  const values = (node?.enum as unknown[] | undefined) ?? (node?.type === 'boolean' ? [true, false] : []);
  return values.map((value) => ({ label: String(value), kind: CompletionItemKind.Value }));
}

/** The blocks a `depends_on` / `replace_triggered_by` list may name (`web`, `data.os`), the block at the position left out. */
function blockNameCompletions(context: PositionContext, own: string | undefined): CompletionItem[] {
  const resources = [...context.names.resources].filter(([name]) => name !== own).map(([name, each]) => [name, each.type] as const);
  const data = [...context.names.data].map(([name, each]) => [`data.${name}`, each.type] as const);
  return [...resources, ...data].map(([label, type]) => ({ label, kind: CompletionItemKind.Reference, detail: type }));
}

/** The types of one kind, canonical names (their aliases in the detail). */
function typeCompletions(kind: 'resource' | 'data'): CompletionItem[] {
  return defaultCatalogue
    .entries()
    .filter((entry) => entry.kind === kind)
    .map((entry) => ({
      label: entry.type,
      kind: CompletionItemKind.Class,
      detail: entry.aliases.length > 0 ? `also ${entry.aliases.join(', ')}` : undefined,
      documentation: { kind: MarkupKind.Markdown, value: entry.description },
    }));
}

/** An attribute's allowed values: its enum, or true / false. */
function attributeValueCompletions(attribute: Attribute): CompletionItem[] {
  const values = attribute.constraints?.enum ?? (attribute.type === 'bool' ? ['true', 'false'] : []);
  return values.map((value) => ({
    label: value,
    kind: CompletionItemKind.EnumMember,
    ...(attribute.default === value ? { detail: 'default', preselect: true } : {}),
  }));
}

/** The keys that may be written at the position. */
function keyCompletions(context: PositionContext): CompletionItem[] {
  const block = enclosingBlock(context);
  const keys = context.keys.map((each) => each.key);
  if (block?.entry && block.depth === 3 && keys[2] === 'properties') return attributeNameCompletions(block.entry);
  const node = schemaAt(keys, isModuleBlock(context));
  const properties = (node?.properties ?? {}) as Record<string, { description?: string }>;
  const required = new Set((node?.required as string[] | undefined) ?? []);
  const names = Object.keys(properties).filter((name) => !/[A-Z]/.test(name) || !properties[snake(name)]);
  return names.map((name) => ({
    label: name,
    kind: CompletionItemKind.Property,
    sortText: `${required.has(name) ? 0 : 1}${name}`,
    insertText: `${name}: `,
    ...(properties[name].description ? { documentation: properties[name].description } : {}),
  }));
}

/** `select_os` from `selectOs`. */
function snake(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/** The inputs of a type (required first, then optional, each in catalogue order), with their doc line and full description. */
function attributeNameCompletions(entry: CatalogueEntry): CompletionItem[] {
  const inputs = Object.entries(entry.attributes).filter(([, attribute]) => attribute.mode !== 'computed');
  return inputs.map(([name, attribute], index) => ({
    label: name,
    kind: CompletionItemKind.Field,
    detail: `${attribute.mode === 'required' ? 'required' : 'optional'} ${attribute.type}: ${firstLine(attribute.description)}`,
    documentation: { kind: MarkupKind.Markdown, value: describeAttribute(entry, name, attribute) },
    sortText: `${attribute.mode === 'required' ? 0 : 1}${String(index).padStart(3, '0')}`,
    insertText: `${name}: `,
  }));
}

/** The first sentence (or line) of a description. */
export function firstLine(text: string): string {
  const line = text.split('\n')[0];
  const sentence = /^.*?[.!?](\s|$)/.exec(line)?.[0];
  return (sentence ?? line).trim();
}

/** Whether the block at the position is a module block (it has `module:`). */
function isModuleBlock(context: PositionContext): boolean {
  const block = enclosingBlock(context);
  return block?.section === 'resources' && context.names.resources.get(block.name)?.source !== undefined;
}
