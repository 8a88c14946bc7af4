/**
 * Hover: on an attribute name, its meaning from the catalogue, its policy in
 * words, whether changing it places a paid order, and its limits; on a
 * block's name or its `type:`, the type and the block's price where the
 * last saved plan or the state has it; inside `${ }`, a function's
 * signature, or a reference's attribute and the value it had at the last
 * apply (state) or plan (data sources, variables), sensitive values masked.
 */
import type { Connection, Hover, ServerCapabilities } from 'vscode-languageserver/node.js';
import { MarkupKind } from 'vscode-languageserver/node.js';
import { lookupFunction, signature } from '../manifest/index.js';
import { attributeOf, blockEntry, enclosingBlock, positionContext, type PositionContext } from './context.js';
import { describeAttribute, describeType } from './describe.js';
import { openExpression } from './expression-completion.js';
import { keyLine } from './outline.js';
import { recorded, type Recorded } from './recorded.js';
import { blockPrice, recordedValue } from './recorded-values.js';
import { pathOfUri, type ManifestWorkspace } from './workspace.js';

/** Registers hover (see the file's comment). */
export function registerHover(connection: Connection, workspace: ManifestWorkspace): ServerCapabilities {
  connection.onHover(async (params) => {
    const path = pathOfUri(params.textDocument.uri);
    const context = positionContext(workspace, path, params.position.line, params.position.character);
    const text = await hoverText(context, () => recorded(workspace.root));
    return text ? ({ contents: { kind: MarkupKind.Markdown, value: text } } satisfies Hover) : null;
  });
  return { hoverProvider: true };
}

/** The hover's Markdown at a position, or `undefined` for none; `history` reads the recorded state and plan when needed. */
export async function hoverText(context: PositionContext, history: () => Promise<Recorded>): Promise<string | undefined> {
  const lineText = context.lines[context.line] ?? '';
  const before = lineText.slice(0, context.character);
  if (openExpression(before) !== undefined) return expressionHover(context, lineText, history);
  const own = keyLine(lineText, context.line);
  if (!own) return undefined;
  const block = enclosingBlock(context);
  const keys = context.keys.map((each) => each.key);
  const onKey = context.character <= own.indent + own.key.length;
  if (block?.entry && block.depth === 3 && keys[2] === 'properties' && onKey) {
    const found = attributeOf(block.entry, own.key);
    return found ? describeAttribute(block.entry, found.name, found.attribute) : undefined;
  }
  if (block && block.depth === 2 && own.key === 'type' && !onKey && block.entry)
    return typeHover(context, block.section, block.name, history);
  if (keys.length === 1 && (keys[0] === 'resources' || keys[0] === 'data') && onKey) {
    if (!context.names[keys[0]].get(own.key)?.type) return undefined;
    return typeHover(context, keys[0], own.key, history);
  }
  return undefined;
}

/** The type of block `name` and, for a resource, its price from the last saved plan or the state. */
async function typeHover(
  context: PositionContext,
  section: 'resources' | 'data',
  name: string,
  history: () => Promise<Recorded>,
): Promise<string | undefined> {
  const entry = blockEntry(context.names, name, section === 'data');
  if (!entry) return undefined;
  if (section === 'data') return describeType(entry);
  const price = blockPrice(name, await history());
  return price ? `${describeType(entry)}\n\n${price}` : describeType(entry);
}

/** Hover inside `${ }`: a function, or a reference. */
async function expressionHover(context: PositionContext, lineText: string, history: () => Promise<Recorded>): Promise<string | undefined> {
  const left = /[\w.\-[\]"*]*$/.exec(lineText.slice(0, context.character))?.[0] ?? '';
  const right = /^[\w-]*/.exec(lineText.slice(context.character))?.[0] ?? '';
  const token = left + right;
  const after = lineText.slice(context.character + right.length);
  const definition = !token.includes('.') && after.startsWith('(') ? lookupFunction(token) : undefined;
  if (definition) return `\`${signature(definition)}\` → ${definition.result}\n\n${definition.description}\n\n\`${definition.example}\``;
  return referenceHover(context, token, await history());
}

/** What the reference `token` (`web.id`, `web[0].id`, `data.os.oss`, `var.cycle`) reads, and its recorded value. */
function referenceHover(context: PositionContext, token: string, history: Recorded): string | undefined {
  const steps = token.split('.').filter(Boolean);
  if (steps.length === 0) return undefined;
  const head = steps[0].replace(/\[.*$/, '');
  const lines: string[] = [];
  const isData = head === 'data';
  const blockName = isData ? steps[1]?.replace(/\[.*$/, '') : head;
  const entry = head === 'self' ? enclosingBlock(context)?.entry : blockName ? blockEntry(context.names, blockName, isData) : undefined;
  const attributeName = steps[isData ? 2 : 1]?.replace(/\[.*$/, '');
  const found = entry && attributeName ? attributeOf(entry, attributeName) : undefined;
  if (entry && found) lines.push(describeAttribute(entry, found.name, found.attribute));
  else if (entry) lines.push(describeType(entry));
  const value = recordedValue(steps, entry, history);
  if (value) lines.push('', value);
  return lines.length > 0 ? lines.join('\n') : undefined;
}
