/**
 * The `moved:` and `import:` sections of a manifest: lists of address
 * blocks, parsed here (shapes, keys, addresses, ids) with a diagnostic at
 * the position of each problem. Whether a move or an import applies (what
 * the state and the API hold) is decided at plan time (src/engine/moved.ts).
 *
 * ```yaml
 * moved:
 *   - from: web          # any address: web, web[0], web["eu"], cluster.web
 *     to: frontend
 * import:
 *   - to: db
 *     id: "100001"
 *     type: cloud_lite_vm  # only when `db` has no resource block yet (plan --generate-config-out)
 * ```
 */
import { isMap, isScalar, isSeq, type TreePair } from '../syntax/source-tree.js';
import { addressSelects, formatAddress, parseAddress } from '../../core/address.js';
import type { Diagnostic, ImportBlock, Manifest, MovedBlock, SourceLocation, Value } from '../../core/types.js';
import { describeKind } from '../parse/expressions.js';
import type { Walker } from '../parse/manifest.js';

/** Keys of one `moved:` entry. */
export const MOVED_KEYS = ['from', 'to'] as const;
/** Keys of one `import:` entry. */
export const IMPORT_KEYS = ['to', 'id', 'type'] as const;

/** One entry's fields as written: value and where the value is, by key. */
type Fields = Map<string, { value: Value; at: SourceLocation }>;

/**
 * Parses `moved:` (`key` `moved`) or `import:` (`key` `import`) into
 * `manifest.moved` / `manifest.imports`, the normalised data into
 * `data[key]` and every node into the walker's source map. Entries with a
 * problem are reported and left out.
 */
export function parseAddressBlocks(
  walker: Walker,
  section: TreePair,
  key: 'moved' | 'import',
  manifest: Manifest,
  data: Record<string, unknown>,
): void {
  const sectionAt = walker.keyAt(section);
  const example = key === 'moved' ? '- { from: web, to: frontend }' : '- { to: web, id: "100001" }';
  const node = walker.deref(section.value);
  if (node === null || (isScalar(node) && node.value === null)) return;
  if (!isSeq(node)) {
    walker.error(
      `${key}: expected a list of entries such as ${example}, got ${walker.kindOf(node)}`,
      walker.valueAt(node, sectionAt),
      'wrong_kind',
    );
    return;
  }
  const allowed: readonly string[] = key === 'moved' ? MOVED_KEYS : IMPORT_KEYS;
  const plainList: unknown[] = [];
  data[key] = plainList;
  node.items.forEach((item, index) => {
    const subject = `${key}[${index}]`;
    const itemAt = walker.valueAt(item, sectionAt);
    walker.note(`/${key}/${index}`, { value: itemAt }, item);
    const entry = walker.deref(item);
    if (!isMap(entry)) {
      walker.error(`${subject}: expected a mapping such as ${example.slice(2)}, got ${walker.kindOf(entry)}`, itemAt, 'wrong_kind');
      return;
    }
    const fields: Fields = new Map();
    const plain = Object.create(null) as Record<string, Value>;
    let ok = true;
    for (const pair of entry.items as TreePair[]) {
      const name = walker.keyOf(pair, subject);
      if (name === undefined) {
        ok = false;
        continue;
      }
      const keyAt = walker.keyAt(pair);
      const valueAt = walker.valueAt(pair.value, keyAt);
      walker.note(`/${key}/${index}/${name}`, { key: keyAt, value: valueAt, written: name }, pair.value);
      if (!allowed.includes(name)) {
        walker.unknownKey(name, subject, allowed, keyAt);
        ok = false;
        continue;
      }
      const value = walker.toJS(pair.value);
      plain[name] = value;
      fields.set(name, { value, at: valueAt });
    }
    plainList.push(plain);
    for (const required of key === 'moved' ? ['from', 'to'] : ['to', 'id']) {
      if (fields.has(required)) continue;
      walker.error(`${subject}: missing "${required}"`, itemAt, 'missing_value');
      ok = false;
    }
    if (!ok) return;
    if (key === 'moved') {
      const block = movedBlock(walker, subject, fields, itemAt);
      if (block) (manifest.moved ??= []).push(block);
    } else {
      const block = importBlock(walker, subject, fields, itemAt);
      if (block) (manifest.imports ??= []).push(block);
    }
  });
}

/** The canonical text of a resource address written at `field`, or undefined (reported). */
function addressField(walker: Walker, subject: string, name: string, field: { value: Value; at: SourceLocation }): string | undefined {
  const { value, at } = field;
  if (typeof value !== 'string') {
    walker.error(
      `${subject}.${name}: expected a resource address such as "web" or "web[0]", got ${describeKind(value)}`,
      at,
      'invalid_value',
    );
    return undefined;
  }
  const parsed = parseAddress(value);
  if ('error' in parsed) {
    walker.error(`${subject}.${name}: ${parsed.error}`, at, 'invalid_value');
    return undefined;
  }
  const first = parsed.address.modules[0]?.name;
  if (first === 'data' || first === 'var') {
    walker.error(
      `${subject}.${name}: "${value}" is not a resource address (data sources and variables hold no state to move or import)`,
      at,
      'invalid_value',
    );
    return undefined;
  }
  return formatAddress(parsed.address);
}

function movedBlock(walker: Walker, subject: string, fields: Fields, location: SourceLocation): MovedBlock | undefined {
  const from = addressField(walker, subject, 'from', fields.get('from')!);
  const to = addressField(walker, subject, 'to', fields.get('to')!);
  if (from === undefined || to === undefined) return undefined;
  const toLocation = fields.get('to')!.at;
  if (from === to) {
    walker.error(`${subject}: "from" and "to" are the same address (${from})`, toLocation, 'moved_invalid');
    return undefined;
  }
  return { from, to, location, fromLocation: fields.get('from')!.at, toLocation };
}

function importBlock(walker: Walker, subject: string, fields: Fields, location: SourceLocation): ImportBlock | undefined {
  const to = addressField(walker, subject, 'to', fields.get('to')!);
  const idField = fields.get('id')!;
  let id: string | undefined;
  if (typeof idField.value === 'string' && idField.value.trim() !== '') id = idField.value.trim();
  else if (typeof idField.value === 'number' && Number.isSafeInteger(idField.value) && idField.value > 0) id = String(idField.value);
  else
    walker.error(
      `${subject}.id: expected the resource id such as "100001", got ${typeof idField.value === 'string' ? 'an empty string' : describeKind(idField.value)}`,
      idField.at,
      'invalid_value',
    );
  let type: string | undefined;
  const typeField = fields.get('type');
  if (typeField) {
    const entry = typeof typeField.value === 'string' ? walker.catalogue.lookup(typeField.value) : undefined;
    if (entry?.kind === 'resource') type = entry.type;
    else {
      walker.error(
        `${subject}.type: expected a resource type such as "cloud_lite_vm", got ${typeof typeField.value === 'string' ? JSON.stringify(typeField.value) : describeKind(typeField.value)}`,
        typeField.at,
        'unknown_type',
      );
      return undefined;
    }
  }
  if (to === undefined || id === undefined) return undefined;
  return { to, id, ...(type ? { type } : {}), location, toLocation: fields.get('to')!.at, idLocation: idField.at };
}

/** True when `address` is, or holds (a module prefix, a block without key), a resource of the manifest. */
function namesManifestResource(manifest: Manifest, address: string): boolean {
  if (Object.hasOwn(manifest.resources, address)) return true;
  return Object.keys(manifest.resources).some((resource) => addressSelects(address, resource));
}

/**
 * The checks of the `moved:` blocks that need no state (run when the
 * manifest is loaded, and again by the planner): two moves from, or to, one
 * address (`moved_conflict`), a cycle (`moved_cycle`), a `from` still
 * declared or a `to` that names no resource of the manifest nor the `from`
 * of another move (`moved_invalid`). Each at the block's position.
 */
export function checkMovedBlocks(manifest: Manifest): Diagnostic[] {
  const blocks = manifest.moved ?? [];
  const diagnostics: Diagnostic[] = [];
  const error = (code: Diagnostic['code'], message: string, location: MovedBlock['location']) =>
    diagnostics.push({ severity: 'error', code, message, location });
  const froms = new Map<string, MovedBlock>();
  const tos = new Map<string, MovedBlock>();
  for (const block of blocks) {
    const earlier = froms.get(block.from);
    if (earlier)
      error(
        'moved_conflict',
        `moved: ${block.from} is moved twice (to ${earlier.to} at line ${earlier.location.line}, and to ${block.to}); keep one`,
        block.fromLocation,
      );
    else froms.set(block.from, block);
    const same = tos.get(block.to);
    if (same)
      error(
        'moved_conflict',
        `moved: ${block.from} and ${same.from} (line ${same.location.line}) are both moved to ${block.to}; only one can be`,
        block.toLocation,
      );
    else tos.set(block.to, block);
    if (Object.hasOwn(manifest.resources, block.from))
      error(
        'moved_invalid',
        `moved: ${block.from} is still a resource of ${manifest.path}: remove its block (or the moved block); a moved block renames an address that is gone`,
        block.fromLocation,
      );
    if (!namesManifestResource(manifest, block.to) && !blocks.some((other) => other.from === block.to))
      error('moved_invalid', `moved: ${block.to} is not a resource of ${manifest.path}; "to" must name one`, block.toLocation);
  }
  for (const block of blocks) {
    const seen = new Set([block.from]);
    for (let next = froms.get(block.to); next; next = froms.get(next.to)) {
      if (!seen.has(next.from)) {
        seen.add(next.from);
        continue;
      }
      error('moved_cycle', `moved: the moves ${[...seen].join(' -> ')} -> ${next.from} go round in a cycle`, block.location);
      break;
    }
  }
  return diagnostics;
}

/**
 * The checks of the `import:` blocks that need neither state nor API (run
 * when the manifest is loaded): two blocks for one address
 * (`import_conflict`), a `type` that is not the resource block's, and, for a
 * `to` with no resource block, a missing `type` or an address that is not a
 * plain name (its configuration could not be generated) (`import_invalid`).
 */
export function checkImportBlocks(manifest: Manifest): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const fail = (code: Diagnostic['code'], message: string, location: SourceLocation) =>
    diagnostics.push({ severity: 'error', code, message, location });
  const seen = new Set<string>();
  for (const block of manifest.imports ?? []) {
    if (seen.has(block.to)) {
      fail('import_conflict', `import: ${block.to} is imported by two blocks; keep one`, block.toLocation);
      continue;
    }
    seen.add(block.to);
    const declared = Object.hasOwn(manifest.resources, block.to) ? manifest.resources[block.to] : undefined;
    if (declared) {
      if (block.type && block.type !== declared.type)
        fail(
          'import_invalid',
          `import: ${block.to} is a ${declared.type} in ${manifest.path}, but the import block says ${block.type}`,
          block.toLocation,
        );
    } else if (!/^[A-Za-z_][A-Za-z0-9_-]*$/.test(block.to)) {
      fail(
        'import_invalid',
        `import: ${block.to} is not a resource of ${manifest.path}, and configuration is generated for plain names only: write its block`,
        block.toLocation,
      );
    } else if (!block.type) {
      fail(
        'import_invalid',
        `import: ${block.to} is not a resource of ${manifest.path}; add its block, or give the import block a type (e.g. type: cloud_lite_vm) and run 'cloudctl plan --generate-config-out FILE' to have it written`,
        block.toLocation,
      );
    }
  }
  return diagnostics;
}

/** Every check of the `moved:` and `import:` blocks that needs neither state nor API ({@link checkMovedBlocks}, {@link checkImportBlocks}). */
export function checkAddressBlocks(manifest: Manifest): Diagnostic[] {
  return [...checkMovedBlocks(manifest), ...checkImportBlocks(manifest)];
}
