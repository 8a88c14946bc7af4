/**
 * `cloudctl import TYPE ID --name NAME` or `cloudctl import TYPE.NAME ID`:
 * reads an existing resource, records it in state, and prints the manifest
 * YAML that describes it (the engine's `import`). Inputs the API never
 * returns are printed as variables to set (secrets) or left for the user
 * to fill in.
 */
import { canonicalAddress } from '../../core/address.js';
import type { Engine } from '../../engine/engine.js';
import { openEngine } from '../run.js';
import type { Workspace } from '../workspace.js';
import { importAllCommand } from './import-all.js';

/**
 * Splits `cloud_lite_vm.web` / `lite_vm` + `--name web` into type and
 * address; the address may name an instance (`cloud_lite_vm.web[0]`,
 * `--name 'web["eu"]'`) and is returned in its canonical text.
 */
export function importTarget(target: string, name: string | undefined, catalogue: Engine['catalogue']): { type: string; address: string } {
  let typeName = target;
  let address = name;
  // Type names have no dots; the address after the first one may (`cloud_lite_vm.web["eu.1"]`).
  const dot = target.indexOf('.');
  if (dot > 0 && !target.includes(':')) {
    typeName = target.slice(0, dot);
    address = target.slice(dot + 1);
  }
  const type = catalogue.resource(typeName);
  if (!type) throw new Error(`unknown resource type "${typeName}" (examples: lite_vm, cloud_lite_vm, cloud:index:LiteVm)`);
  if (!address)
    throw new Error(`give the resource a name: 'cloudctl import ${typeName} ID --name NAME' or 'cloudctl import ${type.type}.NAME ID'`);
  // Any address (src/core/address.ts), so `--name cluster.web` adopts into a module's resource.
  const canonical = canonicalAddress(address);
  if (canonical === undefined || canonical.startsWith('data.'))
    throw new Error(
      `"${address}" is not a valid resource name (letters, digits, _ and -, an instance such as web[0] or web["eu"], or a module's resource such as cluster.web)`,
    );
  return { type: type.type, address: canonical };
}

/** Options of `import`. */
export interface ImportCommandOptions {
  name?: string;
  lockTimeoutSeconds: number;
  /** List every account and write the manifest adopting them (`--all`). */
  all?: boolean;
  /** With `all`: the file to write (refused when it exists). */
  generateConfigOut?: string;
  /** With `all`: the types to list (any spelling; empty: all). */
  type?: string[];
  /** With `all`: adopt accounts awaiting payment too. */
  includePending?: boolean;
  /** With `all`: other local state files whose accounts are left out (`--exclude-state`, repeatable). */
  excludeState?: string[];
}

/** Runs `import`; resolves with the exit code. */
export async function importCommand(
  ws: Workspace,
  target: string | undefined,
  id: string | undefined,
  options: ImportCommandOptions,
): Promise<number> {
  if (options.all) {
    if (target !== undefined || options.name !== undefined)
      throw new Error("'cloudctl import --all' takes no TYPE, ID or --name: it lists every account");
    return importAllCommand(ws, options);
  }
  if (
    options.generateConfigOut !== undefined ||
    (options.type ?? []).length > 0 ||
    options.includePending ||
    (options.excludeState ?? []).length > 0
  )
    throw new Error('--generate-config-out, --type, --include-pending and --exclude-state go with --all');
  if (target === undefined || id === undefined)
    throw new Error("give a type and an id ('cloudctl import TYPE.NAME ID'), or --all --generate-config-out FILE to adopt every account");
  const engine = await openEngine(ws);
  try {
    const { type, address } = importTarget(target, options.name, engine.catalogue);
    const imported = await engine.import(type, address, id, { lockTimeoutSeconds: options.lockTimeoutSeconds });
    ws.io.stdout.write(
      `${ws.style.green(`Imported ${imported.type} ${imported.id} as "${imported.address}".`)} Add this to your manifest:\n\n`,
    );
    ws.io.stdout.write(imported.config);
    return 0;
  } finally {
    await engine.close();
  }
}
