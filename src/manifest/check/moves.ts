/**
 * Checking the `moved:` and `import:` blocks (parse/moved.ts reads them)
 * against the manifest's blocks: the checks that need no state, run once
 * the manifest is expanded (module blocks such as cluster.web and
 * instances such as web[0] included), and again by the planner.
 */
import { addressSelects } from '../../core/address.js';
import type { Diagnostic, SourceLocation } from '../../core/types.js';
import type { Manifest, MovedBlock } from '../types.js';

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

/**
 * The checks of the `removed:` blocks (run when the manifest is loaded):
 * a `from` the manifest still declares (the address, an instance of it, or
 * a resource under it), or named by two blocks, is `removed_invalid` at the
 * `from`.
 */
export function checkRemovedBlocks(manifest: Manifest): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const seen = new Set<string>();
  for (const block of manifest.removed ?? []) {
    const fail = (message: string) =>
      diagnostics.push({ severity: 'error', code: 'removed_invalid', message, location: block.fromLocation });
    if (seen.has(block.from)) fail(`removed: ${block.from} is named by two removed blocks; keep one`);
    else if (namesManifestResource(manifest, block.from))
      fail(
        `removed: ${block.from} is still declared in ${manifest.path}: delete its block to remove it (a removed block is about an address the manifest no longer declares)`,
      );
    seen.add(block.from);
  }
  return diagnostics;
}

/** Every check of the `moved:`, `import:` and `removed:` blocks that needs neither state nor API. */
export function checkAddressBlocks(manifest: Manifest): Diagnostic[] {
  return [...checkMovedBlocks(manifest), ...checkImportBlocks(manifest), ...checkRemovedBlocks(manifest)];
}
