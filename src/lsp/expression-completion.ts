/**
 * Completion inside `${ }`: at the start of a name, the manifest's blocks,
 * the roots that apply where the cursor is (`var`, `local`, `data`,
 * `module`, `each` in a `for_each` block, `count` in a `count` block, `self`
 * in a postcondition, `stack` in a stacks file, `workspace`) and the
 * functions with their signatures; after a dot, the members of what is
 * before it: variables, locals, data sources, a block's attributes by its
 * type (computed ones included: `id`, `keypair_id`), their fields, a
 * module's outputs, `each.key` / `each.value`, `count.index`.
 */
import { dirname, resolve } from 'node:path';
import { statSync } from 'node:fs';
import type { CompletionItem } from 'vscode-languageserver/node.js';
import { CompletionItemKind, MarkupKind } from 'vscode-languageserver/node.js';
import type { Attribute, CatalogueEntry } from '../resources/attribute.js';
import { FUNCTIONS, MODULE_RULES, signature } from '../manifest/index.js';
import { blockEntry, enclosingBlock, isStacksFile, type PositionContext } from './context.js';
import { describeAttribute } from './describe.js';
import { outline } from './outline.js';

/** The text after the last `${` of `before` that is not closed yet, or `undefined` when the position is outside `${ }`. */
export function openExpression(before: string): string | undefined {
  let depth = 0;
  let start = -1;
  for (let index = 0; index < before.length; index += 1) {
    if (before.startsWith('${', index)) {
      if (depth === 0) start = index + 2;
      depth += 1;
      index += 1;
    } else if (before[index] === '{' && depth > 0) depth += 1;
    else if (before[index] === '}' && depth > 0) depth -= 1;
  }
  return depth > 0 ? before.slice(start) : undefined;
}

/** The reference being typed at the end of `expression`, as its steps (`web[0].` → `['web', '']`); indexes dropped. */
export function typedReference(expression: string): string[] {
  const tail = /[A-Za-z_][\w-]*(?:\[[^\]]*\])*(?:\.(?:[A-Za-z_][\w-]*)?(?:\[[^\]]*\])*)*$/.exec(expression)?.[0] ?? '';
  return tail.replace(/\[[^\]]*\]/g, '').split('.');
}

/** The completion items inside `${ }` with `expression` the text typed since `${`. */
export function expressionCompletions(context: PositionContext, expression: string): CompletionItem[] {
  const steps = typedReference(expression);
  if (steps.length <= 1) return [...rootItems(context), ...functionItems()];
  return memberItems(context, steps.slice(0, -1));
}

/** Names at the start of a reference. */
function rootItems(context: PositionContext): CompletionItem[] {
  const names = context.names;
  const block = enclosingBlock(context);
  const outlineBlock = block ? names[block.section].get(block.name) : undefined;
  const keys = context.keys.map((each) => each.key);
  const roots: Array<[string, string, boolean]> = [
    ['var', "the manifest's variables: `var.NAME`", true],
    ['local', 'local values: `local.NAME`', (names.sections.get('locals')?.size ?? 0) > 0],
    ['data', 'data sources: `data.NAME.ATTRIBUTE`', names.data.size > 0],
    ['module', 'module outputs: `module.NAME.OUTPUT`', [...names.resources.values()].some((each) => each.source)],
    ['each', "this block's instance: `each.key`, `each.value`", outlineBlock?.forEach === true],
    ['count', "this block's instance: `count.index`", outlineBlock?.count === true],
    ['self', "this block's own attributes (in a postcondition)", keys.includes('postcondition')],
    ['stack', "another stack's outputs: `stack.NAME.outputs.OUTPUT`", isStacksFile(context.path)],
    ['workspace', "the workspace's name", true],
  ];
  const items: CompletionItem[] = roots
    .filter(([, , applies]) => applies)
    .map(([label, documentation]) => ({ label, kind: CompletionItemKind.Keyword, documentation, sortText: `1${label}` }));
  for (const [name, each] of names.resources) {
    if (each.source) continue;
    items.push({ label: name, kind: CompletionItemKind.Variable, detail: each.type, sortText: `0${name}` });
  }
  return items;
}

/** Every function, with its signature and meaning. */
function functionItems(): CompletionItem[] {
  return FUNCTIONS.map((definition) => ({
    label: definition.name,
    kind: CompletionItemKind.Function,
    detail: `${signature(definition)} → ${definition.result}`,
    documentation: { kind: MarkupKind.Markdown, value: `${definition.description}\n\n\`${definition.example}\`` },
    insertText: `${definition.name}(`,
    sortText: `2${definition.name}`,
  }));
}

/** The members of what `steps` reads (`['data', 'os']`, `['web']`, `['var']`, ...). */
function memberItems(context: PositionContext, steps: string[]): CompletionItem[] {
  const names = context.names;
  const [head, second] = steps;
  const plain = (labels: Iterable<string>, kind: CompletionItemKind = CompletionItemKind.Variable) =>
    [...labels].map((label) => ({ label, kind }));
  if (steps.length === 1) {
    if (head === 'var') return plain(names.sections.get('variables')?.keys() ?? []);
    if (head === 'local') return plain(names.sections.get('locals')?.keys() ?? []);
    if (head === 'data') return [...names.data].map(([label, each]) => ({ label, kind: CompletionItemKind.Variable, detail: each.type }));
    if (head === 'module')
      return plain(
        [...names.resources].filter(([, each]) => each.source).map(([name]) => name),
        CompletionItemKind.Module,
      );
    if (head === 'each') return plain(['key', 'value'], CompletionItemKind.Keyword);
    if (head === 'count') return plain(['index'], CompletionItemKind.Keyword);
    if (head === 'stack') return plain(names.sections.get('stacks')?.keys() ?? [], CompletionItemKind.Module);
  }
  if (head === 'stack' && steps.length === 2) return plain(['outputs'], CompletionItemKind.Keyword);
  if (head === 'module' && steps.length === 2) return plain(moduleOutputs(context, second), CompletionItemKind.Property);
  const self = head === 'self' ? enclosingBlock(context)?.entry : undefined;
  const entry = self ?? (head === 'data' ? blockEntry(names, second, true) : blockEntry(names, head));
  if (!entry) return [];
  const fieldSteps = steps.slice(head === 'data' ? 2 : 1);
  return attributeItems(entry, fieldSteps);
}

/** The attributes of `entry` (all, computed included), or the fields of the attribute `path` leads to. */
function attributeItems(entry: CatalogueEntry, path: string[]): CompletionItem[] {
  let attributes: Record<string, Attribute> | undefined = entry.attributes;
  for (const step of path) attributes = attributes?.[step]?.fields;
  if (!attributes) return [];
  return Object.entries(attributes).map(([name, attribute]) => ({
    label: name,
    kind: attribute.mode === 'computed' ? CompletionItemKind.Value : CompletionItemKind.Field,
    detail: `${attribute.type}, ${attribute.mode}`,
    documentation: {
      kind: MarkupKind.Markdown,
      value: path.length === 0 ? describeAttribute(entry, name, attribute) : attribute.description,
    },
  }));
}

/** The outputs of the module block `name` (read from its module file: the open document's text or the disk). */
function moduleOutputs(context: PositionContext, name: string): string[] {
  const source = context.names.resources.get(name)?.source;
  if (!source) return [];
  let file = resolve(dirname(context.path), source);
  try {
    if (statSync(file).isDirectory()) file = resolve(file, MODULE_RULES.directoryFile);
  } catch {
    return [];
  }
  const text = context.readText(file);
  return text === undefined ? [] : [...(outline(text).sections.get('outputs')?.keys() ?? [])];
}
