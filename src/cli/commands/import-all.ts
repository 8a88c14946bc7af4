/**
 * `cloudctl import --all --generate-config-out FILE [--type TYPE ...]
 * [--include-pending]`: lists every account the state does not manage and
 * writes the manifest adopting them (Engine.generateImports). Read-only
 * like `doctor`: no order, no state write. FILE is never overwritten.
 */
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import type { AdoptionResult } from '../../engine/engine.js';
import { openEngine } from '../run.js';
import type { Workspace } from '../workspace.js';
import { perCycle } from '../views/cost.js';

/** `n thing` / `n things`. */
function count(n: number, thing: string): string {
  return `${n} ${thing}${n === 1 ? '' : 's'}`;
}

/** Runs `import --all`; resolves with the exit code (0). Errors: no FILE, FILE exists, an unknown --type, the API's. */
export async function importAllCommand(
  ws: Workspace,
  options: { generateConfigOut?: string; type?: string[]; includePending?: boolean; excludeState?: string[] },
): Promise<number> {
  const file = options.generateConfigOut;
  if (file === undefined) throw new Error("'cloudctl import --all' needs --generate-config-out FILE: the manifest to write");
  const path = ws.resolve(file);
  if (existsSync(path)) throw new Error(`--generate-config-out ${file}: the file exists already and is never overwritten; give a new file`);
  const engine = await openEngine(ws);
  try {
    const result = await engine.generateImports({
      types: options.type ?? [],
      includePending: options.includePending ?? false,
      excludeStates: options.excludeState ?? [],
    });
    if (result.resources.length > 0) await writeFile(path, result.manifest, { flag: 'wx' });
    ws.io.stdout.write(summary(result, file, ws));
    return 0;
  } finally {
    await engine.close();
  }
}

/** What the command prints: what was written, left out, and what to do next. */
function summary(result: AdoptionResult, file: string, ws: Workspace): string {
  const lines: string[] = [];
  const n = result.resources.length;
  if (n === 0) lines.push(`No account to adopt among ${count(result.types.length, 'resource type')}; ${file} was not written.`);
  else {
    lines.push(ws.style.green(`Wrote ${file}: ${count(n, 'account')} to adopt, each with an import block.`));
    const byType = new Map<string, number>();
    for (const resource of result.resources) byType.set(resource.type, (byType.get(resource.type) ?? 0) + 1);
    for (const [type, number] of byType) lines.push(`  ${type}: ${number}`);
  }
  const terminated = Object.entries(result.terminated);
  const total = terminated.reduce((sum, [, number]) => sum + number, 0);
  if (total > 0)
    lines.push(`Left out ${count(total, 'terminated account')} (${terminated.map(([type, number]) => `${type}: ${number}`).join(', ')}).`);
  if (result.managed.length > 0)
    lines.push(
      `Left out ${count(result.managed.length, 'account')} the state manages already: ${result.managed.map((entry) => entry.address).join(', ')}.`,
    );
  const elsewhere = new Map<string, string[]>();
  for (const entry of result.managedElsewhere)
    elsewhere.set(entry.managedBy.name, [...(elsewhere.get(entry.managedBy.name) ?? []), `${entry.type} ${entry.id} (${entry.address})`]);
  for (const [neighbour, accounts] of elsewhere)
    lines.push(`Left out ${count(accounts.length, 'account')} managed by ${neighbour}: ${accounts.join(', ')}.`);
  const waiting = result.pending.filter((entry) => !entry.adopted);
  if (waiting.length > 0)
    lines.push(
      `${count(waiting.length, 'account')} awaiting payment, not adopted (add --include-pending to adopt): ${waiting.map((entry) => `${entry.type} ${entry.id}`).join(', ')}.`,
    );
  const adoptedWaiting = result.pending.filter((entry) => entry.adopted);
  if (adoptedWaiting.length > 0) lines.push(`${count(adoptedWaiting.length, 'adopted account')} awaiting payment (--include-pending).`);
  const notZero = result.resources.filter((resource) => resource.notZeroChange.length > 0);
  lines.push(
    notZero.length === 0
      ? 'Every account can reach a plan without changes.'
      : `${count(notZero.length, 'account')} cannot be shown to reach a plan without changes (see their blocks): ${notZero.map((resource) => resource.address).join(', ')}.`,
  );
  const recurring = Object.entries(result.recurring);
  if (recurring.length > 0)
    lines.push(`Billed now: ${recurring.map(([cycle, amount]) => perCycle(amount, cycle, result.currency)).join(', ')}.`);
  if (result.variables.length > 0)
    lines.push(
      `Give these before planning (the API never returns them): ${result.variables.map((variable) => `${variable.env}${variable.sensitive ? ' (sensitive)' : ''}`).join(', ')}.`,
    );
  if (n > 0) {
    lines.push(`Then: cloudctl plan ${file} (expect ${n} to import, 0 to add, 0 to change, 0 to destroy).`);
    lines.push(`The import blocks can be removed after the first apply; kept, they do nothing.`);
  }
  return `${lines.join('\n')}\n`;
}
