/** `cloudctl state list|show|rm|mv|repair`: read and edit the state by hand. */
import { canonicalAddress, formatAddress, parseAddress } from '../../core/address.js';
import { MASK } from '../../core/mask.js';
import type { ShownResource } from '../../engine/engine.js';
import { openEngine } from '../run.js';
import { renderValue } from '../views/values.js';
import type { Workspace } from '../workspace.js';

/**
 * An address given on the command line in its canonical text, as state
 * keys are written (`web['eu']` and `web[ "eu" ]` → `web["eu"]`); as given
 * when it is not an address (it is then simply not found).
 */
function addressArgument(text: string): string {
  return canonicalAddress(text) ?? text;
}

/** `state list`: one address a line. */
export async function stateList(ws: Workspace): Promise<number> {
  const engine = await openEngine(ws);
  try {
    for (const address of Object.keys((await engine.state()).resources).sort()) ws.io.stdout.write(`${address}\n`);
    return 0;
  } finally {
    await engine.close();
  }
}

/** `state show ADDRESS`: every attribute, sensitive ones as `(sensitive)`. */
export async function stateShow(ws: Workspace, written: string): Promise<number> {
  const engine = await openEngine(ws);
  try {
    ws.io.stdout.write(`${renderResource(await engine.showResource(addressArgument(written))).join('\n')}\n`);
    return 0;
  } finally {
    await engine.close();
  }
}

/** The lines of `state show`: the resource as a block, its id first. */
function renderResource(resource: ShownResource): string[] {
  const { address } = resource;
  const lines = [`# ${address}:`, `resource "${resource.type}" "${address}" {`];
  const names = Object.keys(resource.attributes).sort();
  const width = Math.max(2, ...names.map((name) => name.length));
  lines.push(`    ${'id'.padEnd(width)} = ${JSON.stringify(resource.id)}`);
  for (const name of names) {
    if (name === 'id') continue;
    lines.push(`    ${name.padEnd(width)} = ${renderValue(resource.attributes[name], resource.sensitive.includes(name))}`);
  }
  if (resource.pendingCreate) lines.push('    # the order was placed but the resource was not Active yet when last seen');
  if (resource.lostAtCreate)
    lines.push(
      `    # ${resource.lostAtCreate.join(', ')} came only in the lost answer to the create and cannot be recovered: 'cloudctl apply --replace ${address} MANIFEST' makes a new one`,
    );
  lines.push('}');
  return lines;
}

/** `state rm ADDRESS...`: forget resources without deleting them. */
export async function stateRemove(ws: Workspace, written: string[], lockTimeoutSeconds: number): Promise<number> {
  const engine = await openEngine(ws);
  try {
    for (const address of await engine.removeResources(written.map(addressArgument), { lockTimeoutSeconds }))
      ws.io.stdout.write(`Removed ${address} from state (the resource itself was not touched).\n`);
    return 0;
  } finally {
    await engine.close();
  }
}

/**
 * `state mv OLD NEW [MANIFEST]`: rename an address without destroying
 * anything. A resource marked migrated moves to the type it became, found
 * by listing (state-move.ts; needs the API). With MANIFEST, NEW's block must
 * be of the resource's type (or, migrated, of the type it became).
 */
export async function stateMove(
  ws: Workspace,
  writtenFrom: string,
  writtenTo: string,
  lockTimeoutSeconds: number,
  manifest?: string,
): Promise<number> {
  const from = addressArgument(writtenFrom);
  const parsedTo = parseAddress(writtenTo);
  if (!('address' in parsedTo)) throw new Error(parsedTo.error);
  const to = formatAddress(parsedTo.address);
  const engine = await openEngine(ws);
  try {
    const moved = await engine.moveState(from, to, {
      lockTimeoutSeconds,
      ...(manifest === undefined ? {} : { manifest }),
      assignments: ws.variables?.assignments ?? [],
      varFiles: ws.variables?.files ?? [],
    });
    const migrated = moved.migrated;
    ws.io.stdout.write(
      migrated
        ? `Moved ${from} (${migrated.fromType} ${migrated.fromId}, migrated) to ${to}: ${migrated.toType} ${migrated.id}, found by listing (${migrated.matchedBy}) and read. Nothing was ordered.\n`
        : `Moved ${from} to ${to}.\n`,
    );
    return 0;
  } finally {
    await engine.close();
  }
}

/**
 * `state repair`: under the lock, rewrites the change log and the journal
 * without their damaged lines (and a torn last line), keeping each damaged
 * original as `<file>.damaged`, and says what was dropped and what to check.
 * `state.json` itself is not touched (a damaged snapshot is restored from
 * `state.json.backup`). Exit 0.
 */
export async function stateRepair(ws: Workspace, lockTimeoutSeconds: number): Promise<number> {
  const engine = await openEngine(ws);
  try {
    let dropped = 0;
    for (const file of await engine.repairState({ lockTimeoutSeconds })) {
      if (file.keptAs === undefined) {
        ws.io.stdout.write(`${file.path}: nothing to repair.\n`);
        continue;
      }
      for (const line of file.dropped)
        ws.io.stdout.write(`${file.path}: dropped line ${line.line}: ${line.reason}${line.about ? ` (${line.about})` : ''}.\n`);
      if (file.torn !== undefined)
        ws.io.stdout.write(`${file.path}: dropped its last line (${file.torn}), a write cut short by a crash.\n`);
      ws.io.stdout.write(`${file.path}: the original is kept as ${file.keptAs}.\n`);
      dropped += file.dropped.length;
    }
    if (dropped > 0) {
      ws.io.stdout.write(
        `What the dropped lines recorded is forgotten. Before applying, check the account for resources they may have ordered ` +
          `('cloudctl plan' shows what would be ordered again) and adopt them with 'cloudctl import'.\n`,
      );
    }
    return 0;
  } finally {
    await engine.close();
  }
}

/**
 * `output [NAME] [--json] [--raw]`. Without a flag a sensitive output is
 * shown `(sensitive)`. `--json` prints the real values, as Terraform's
 * `output -json` does: every output as `{ value, sensitive }`, or NAME's
 * value alone. `--raw` prints NAME's value as is (a string, number or
 * boolean; sensitive too, which is the point: `cloudctl output key --raw >
 * id_rsa`), with no newline added. Errors: an unknown NAME, `--raw`
 * without NAME or with `--json`, `--raw` of a list or map.
 */
export async function outputCommand(ws: Workspace, name: string | undefined, options: { json: boolean; raw?: boolean }): Promise<number> {
  if (options.raw && name === undefined) throw new Error("'cloudctl output --raw' needs an output NAME");
  if (options.raw && options.json) throw new Error('--raw and --json cannot be combined; give one');
  const engine = await openEngine(ws);
  const outputs = await engine.outputs({ reveal: true }).finally(() => engine.close());
  if (name !== undefined) {
    const output = Object.hasOwn(outputs, name) ? outputs[name] : undefined;
    if (!output) throw new Error(`no output "${name}"; outputs: ${Object.keys(outputs).join(', ') || '(none)'}`);
    if (options.raw) {
      const { value } = output;
      if (value !== null && typeof value === 'object')
        throw new Error(
          `output ${name} is a ${Array.isArray(value) ? 'list' : 'map'}: --raw prints strings, numbers and booleans; use --json`,
        );
      ws.io.stdout.write(value === null ? '' : String(value));
    } else if (options.json) ws.io.stdout.write(`${JSON.stringify(output.value)}\n`);
    else
      ws.io.stdout.write(`${output.sensitive ? MASK : typeof output.value === 'string' ? output.value : JSON.stringify(output.value)}\n`);
    return 0;
  }
  if (options.json) {
    const shown: Record<string, unknown> = {};
    for (const [key, output] of Object.entries(outputs)) shown[key] = { value: output.value, sensitive: output.sensitive };
    ws.io.stdout.write(`${JSON.stringify(shown, null, 2)}\n`);
    return 0;
  }
  for (const [key, output] of Object.entries(outputs)) ws.io.stdout.write(`${key} = ${renderValue(output.value, output.sensitive)}\n`);
  return 0;
}
