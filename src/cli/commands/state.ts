/** `cloudctl state list|show|rm|mv|repair`: read and edit the state by hand. */
import { lookupResourceType } from '../../resources/index.js';
import { LocalBackend, openLocalState } from '../../state/index.js';
import { renderValue } from '../views/values.js';
import type { Workspace } from '../workspace.js';

/** `state list`: one address a line. */
export async function stateList(ws: Workspace): Promise<number> {
  const state = await openLocalState(ws.statePath);
  for (const address of state.store.addresses().sort()) process.stdout.write(`${address}\n`);
  return 0;
}

/** `state show ADDRESS`: every attribute, sensitive ones as `(sensitive)`. */
export async function stateShow(ws: Workspace, address: string): Promise<number> {
  const state = await openLocalState(ws.statePath);
  const resource = state.store.resource(address);
  if (!resource) throw new Error(`no resource "${address}" in ${ws.statePath}; 'cloudctl state list' shows what there is`);
  const type = lookupResourceType(resource.type);
  const lines = [`# ${address}:`, `resource "${resource.type}" "${address}" {`];
  const names = Object.keys(resource.attributes).sort();
  const width = Math.max(2, ...names.map((name) => name.length));
  lines.push(`    ${'id'.padEnd(width)} = ${JSON.stringify(resource.id)}`);
  for (const name of names) {
    if (name === 'id') continue;
    const sensitive = Boolean(type?.attributes[name]?.sensitive);
    lines.push(`    ${name.padEnd(width)} = ${renderValue(resource.attributes[name], sensitive)}`);
  }
  if (resource.pending_create) lines.push('    # the order was placed but the resource was not Active yet when last seen');
  lines.push('}');
  process.stdout.write(`${lines.join('\n')}\n`);
  return 0;
}

/** `state rm ADDRESS...`: forget resources without deleting them. */
export async function stateRemove(ws: Workspace, addresses: string[], lockTimeoutSeconds: number): Promise<number> {
  const state = await openLocalState(ws.statePath, { lock: { command: `state rm ${addresses.join(' ')}`, timeoutSeconds: lockTimeoutSeconds } });
  try {
    for (const address of addresses) {
      if (!state.store.resource(address)) throw new Error(`no resource "${address}" in state`);
    }
    for (const address of addresses) {
      await state.store.removeResource(address);
      process.stdout.write(`Removed ${address} from state (the resource itself was not touched).\n`);
    }
    return 0;
  } finally {
    await state.close();
  }
}

/** `state mv OLD NEW`: rename an address without destroying anything. */
export async function stateMove(ws: Workspace, from: string, to: string, lockTimeoutSeconds: number): Promise<number> {
  const state = await openLocalState(ws.statePath, { lock: { command: `state mv ${from} ${to}`, timeoutSeconds: lockTimeoutSeconds } });
  try {
    if (!state.store.resource(from)) throw new Error(`no resource "${from}" in state`);
    if (state.store.resource(to)) throw new Error(`"${to}" is already in state`);
    await state.store.moveResource(from, to);
    process.stdout.write(`Moved ${from} to ${to}.\n`);
    return 0;
  } finally {
    await state.close();
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
  const backend = new LocalBackend({ statePath: ws.statePath, onWarning: (message) => process.stderr.write(`cloudctl: ${message}\n`) });
  const lock = await backend.lock('state repair', { timeoutSeconds: lockTimeoutSeconds });
  try {
    const repaired = await backend.repair();
    let dropped = 0;
    for (const file of repaired) {
      if (file.keptAs === undefined) {
        process.stdout.write(`${file.path}: nothing to repair.\n`);
        continue;
      }
      for (const line of file.dropped) process.stdout.write(`${file.path}: dropped line ${line.line}: ${line.reason}${line.about ? ` (${line.about})` : ''}.\n`);
      if (file.torn !== undefined) process.stdout.write(`${file.path}: dropped its last line (${file.torn}), a write cut short by a crash.\n`);
      process.stdout.write(`${file.path}: the original is kept as ${file.keptAs}.\n`);
      dropped += file.dropped.length;
    }
    if (dropped > 0) {
      process.stdout.write(
        `What the dropped lines recorded is forgotten. Before applying, check the account for resources they may have ordered ` +
          `('cloudctl plan' shows what would be ordered again) and adopt them with 'cloudctl import'.\n`,
      );
    }
    return 0;
  } finally {
    await lock.release();
  }
}

/** `output [NAME] [--json]`. */
export async function outputCommand(ws: Workspace, name: string | undefined, options: { json: boolean }): Promise<number> {
  const state = await openLocalState(ws.statePath);
  const outputs = state.store.document.outputs;
  if (name !== undefined) {
    const output = outputs[name];
    if (!output) throw new Error(`no output "${name}"; outputs: ${Object.keys(outputs).join(', ') || '(none)'}`);
    if (options.json) process.stdout.write(`${JSON.stringify(output.sensitive ? '(sensitive)' : output.value)}\n`);
    else process.stdout.write(`${output.sensitive ? '(sensitive)' : typeof output.value === 'string' ? output.value : JSON.stringify(output.value)}\n`);
    return 0;
  }
  if (options.json) {
    const shown: Record<string, unknown> = {};
    for (const [key, output] of Object.entries(outputs)) shown[key] = { value: output.sensitive ? '(sensitive)' : output.value, sensitive: output.sensitive };
    process.stdout.write(`${JSON.stringify(shown, null, 2)}\n`);
    return 0;
  }
  for (const [key, output] of Object.entries(outputs)) process.stdout.write(`${key} = ${renderValue(output.value, output.sensitive)}\n`);
  return 0;
}
