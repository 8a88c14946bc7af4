/**
 * What the completion and hover features know about a position: the file's
 * lines, the manifest's names (every file of a folder manifest, the open
 * documents' text), the catalogue entry of the block the cursor is in, and
 * the manifest JSON Schema (src/manifest/schema.ts) at a key path.
 */
import { basename } from 'node:path';
import type { Attribute, CatalogueEntry } from '../resources/attribute.js';
import { camelCase } from '../resources/attribute.js';
import { defaultCatalogue, manifestSchema } from '../manifest/index.js';
import { keyPathAt, mergeOutlines, outline, type KeyLine, type Outline } from './outline.js';
import type { FileKind, ManifestWorkspace } from './workspace.js';

/** A position in a served file, with what surrounds it. */
export interface PositionContext {
  /** Absolute path of the file. */
  path: string;
  kind: FileKind;
  lines: string[];
  line: number;
  character: number;
  /** The enclosing keys, outermost first (the position's own key not included). */
  keys: KeyLine[];
  /** The names the manifest declares (all of its own files). */
  names: Outline;
  /** Another file's text (absolute path): the open document's, else the disk's. */
  readText(path: string): string | undefined;
}

/** The context of `line`:`character` (0-based) in the file at `path` (absolute). */
export function positionContext(workspace: ManifestWorkspace, path: string, line: number, character: number): PositionContext {
  const text = workspace.text(path) ?? '';
  const lines = text.split('\n');
  const kind = workspace.kindOf(path);
  const files = kind === 'manifest' ? workspace.rootOf(path).files : [];
  const texts = files.includes(path) ? files.map((file) => workspace.text(file) ?? '') : [text];
  return {
    path,
    kind,
    lines,
    line,
    character,
    keys: keyPathAt(lines, line, character),
    names: mergeOutlines(texts.map(outline)),
    readText: (other) => workspace.text(other),
  };
}

/** Whether the file is a stacks file (`cloudctl.stacks.yaml`), where `${stack.NAME.outputs.X}` reads other stacks. */
export function isStacksFile(path: string): boolean {
  return /(^|\.)stacks\.ya?ml$/.test(basename(path));
}

/** The block (`resources.NAME` / `data.NAME`) enclosing the position, with its catalogue entry when its type is known. */
export function enclosingBlock(
  context: PositionContext,
): { section: 'resources' | 'data'; name: string; entry?: CatalogueEntry; depth: number } | undefined {
  const [section, block] = context.keys;
  if (!section || !block || (section.key !== 'resources' && section.key !== 'data')) return undefined;
  const kind = section.key;
  const type = context.names[kind].get(block.key)?.type;
  const entry = type ? defaultCatalogue.lookup(type) : undefined;
  return { section: kind, name: block.key, entry, depth: context.keys.length };
}

/** The attribute `name` (snake_case or camelCase) of `entry`, with its canonical name. */
export function attributeOf(entry: CatalogueEntry, name: string): { name: string; attribute: Attribute } | undefined {
  if (entry.attributes[name]) return { name, attribute: entry.attributes[name] };
  const found = Object.entries(entry.attributes).find(([canonical]) => camelCase(canonical) === name);
  return found ? { name: found[0], attribute: found[1] } : undefined;
}

/** The type of the block `name` (a resource, or `data.NAME` when `data`) in the manifest's names. */
export function blockEntry(names: Outline, name: string, data = false): CatalogueEntry | undefined {
  const type = (data ? names.data : names.resources).get(name)?.type;
  return type ? defaultCatalogue.lookup(type) : undefined;
}

type Schema = Record<string, unknown>;
let schema: Schema | undefined;

/**
 * The part of the manifest's JSON Schema that describes the value at `keys`
 * (top-level section first), following `$ref`, `properties`,
 * `additionalProperties`, `items` and `if`/`then`/`else` (the `else`: a
 * resource rather than a module block, unless the block has `module:`);
 * `undefined` when the schema does not describe it.
 */
export function schemaAt(keys: readonly string[], moduleBlock = false): Schema | undefined {
  schema ??= manifestSchema() as Schema;
  const definitions = (schema.definitions ?? {}) as Record<string, Schema>;
  const resolve = (node: Schema | undefined): Schema | undefined => {
    let current = node;
    for (let guard = 0; current && guard < 10; guard += 1) {
      if (typeof current.$ref === 'string') current = definitions[current.$ref.replace('#/definitions/', '')];
      else if (current.if && (current.then || current.else)) current = (moduleBlock ? current.then : current.else) as Schema;
      else return current;
    }
    return current;
  };
  let node = resolve(schema);
  for (const key of keys) {
    if (!node) return undefined;
    const properties = node.properties as Record<string, Schema> | undefined;
    const items = node.items as Schema | undefined;
    const additional = node.additionalProperties;
    node = resolve(
      properties?.[key] ?? (typeof additional === 'object' && additional !== null ? (additional as Schema) : undefined) ?? items,
    );
  }
  return node;
}
