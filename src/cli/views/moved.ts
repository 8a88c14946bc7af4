/**
 * The English of a plan's moves (`moved:` blocks) and imports (`import:`
 * blocks): one block each before the changes, a note under the heading of
 * a change at a moved or imported address, and their counts in the
 * summary line.
 */
import type { Change, PlanDocument, PlannedImport, PlannedMove } from '../../plan/document.js';
import type { Style } from './style.js';
import { renderValue } from './values.js';

/** Symbols of the legend for moves and imports. */
export const MOVE_SYMBOLS = {
  move: { symbol: '~>', legend: 'move (the state entry is renamed; nothing is destroyed or ordered)' },
  import: { symbol: '=', legend: 'import (an existing resource is adopted; no order, no cost)' },
  forget: { symbol: '.', legend: 'forget (removed from state; the account is not deleted and keeps running and billing)' },
} as const;

/** ` (count added)` / ` (count removed)` after an implied move (no `moved:` block asked for it); empty otherwise. */
function impliedNote(move: PlannedMove): string {
  return move.implied ? ` (${move.implied.replace('_', ' ')})` : '';
}

/** The imports the apply performs (those whose configuration was only generated are left out). */
export function appliedImports(plan: PlanDocument): PlannedImport[] {
  return (plan.imports ?? []).filter((entry) => entry.generated_config === undefined);
}

/**
 * The notes under the heading of each change (`moved from web`,
 * `imported from id 100001 first (no order)`): a function of the change,
 * with the plan's moves and imports indexed once by address (the first
 * naming an address counts), so a plan of thousands of changes and moves
 * is not searched once per change.
 */
export function moveAndImportNotes(plan: PlanDocument): (change: Change) => string[] {
  const moves = new Map<string, PlannedMove>();
  for (const move of plan.moves ?? []) if (!moves.has(move.to)) moves.set(move.to, move);
  const imports = new Map<string, PlannedImport>();
  for (const entry of appliedImports(plan)) if (!imports.has(entry.address)) imports.set(entry.address, entry);
  return (change) => {
    const notes: string[] = [];
    const move = moves.get(change.address);
    if (move) notes.push(`moved from ${move.from}${impliedNote(move)}`);
    const imported = imports.get(change.address);
    if (imported) notes.push(`imported from id ${imported.id} first (no order)`);
    return notes;
  };
}

/** The blocks of the plan's imports then its moves, each followed by a blank line; none when it has neither. */
export function moveAndImportBlocks(plan: PlanDocument, style: Style): string[] {
  const lines: string[] = [];
  for (const entry of plan.imports ?? []) {
    const symbol = style.cyan(MOVE_SYMBOLS.import.symbol.padStart(3));
    if (entry.generated_config !== undefined) {
      lines.push(
        `  ${style.bold(`# ${entry.address} (${entry.type} ${entry.id}) has no resource block: its configuration was written to ${entry.generated_config}`)}`,
        `  ${style.dim('#   add it to the manifest and plan again to import it; this plan does not import it')}`,
        '',
      );
      continue;
    }
    lines.push(`  ${style.bold(`# ${entry.address} will be imported from id ${entry.id} (no order)`)}`);
    lines.push(`${symbol} import "${entry.type}" "${entry.address}" {`);
    const names = Object.keys(entry.attributes).sort();
    const width = Math.max(2, ...names.map((name) => name.length));
    lines.push(`        ${'id'.padEnd(width)} = ${JSON.stringify(entry.id)}`);
    for (const name of names) {
      if (name === 'id') continue;
      // Values are masked already; renderValue shows the mask as written.
      lines.push(`        ${name.padEnd(width)} = ${renderValue(entry.attributes[name], false)}`);
    }
    lines.push('    }', '');
  }
  for (const forget of plan.forgets ?? []) {
    lines.push(`  ${style.bold(`# ${forget.address} will be forgotten, the account keeps running and billing`)}`);
    lines.push(
      `  ${style.dim('#   a removed block with destroy: false: cloudctl stops managing it; delete it in the portal, or import it again')}`,
    );
    lines.push(`${style.yellow(MOVE_SYMBOLS.forget.symbol.padStart(3))} resource "${forget.type}" "${forget.address}" {`);
    lines.push(`        id = ${JSON.stringify(forget.id)}`, '    }', '');
  }
  for (const move of plan.moves ?? []) {
    lines.push(`  ${style.bold(`# ${move.from} has moved to ${move.to}${impliedNote(move)}`)}`);
    lines.push(`${style.cyan(MOVE_SYMBOLS.move.symbol.padStart(3))} resource "${move.type}" "${move.to}" {`);
    lines.push(`        id = ${JSON.stringify(move.id)}`, '    }', '');
  }
  return lines;
}

/** The summary's parts for moves and imports: `1 to import, ` (before the adds) and `, 1 to move` (after the destroys); empty when none. */
export function moveAndImportCounts(plan: PlanDocument): { imports: string; moves: string } {
  const imports = appliedImports(plan).length;
  const moves = plan.moves?.length ?? 0;
  const forgets = plan.forgets?.length ?? 0;
  return {
    imports: imports > 0 ? `${imports} to import, ` : '',
    moves: `${moves > 0 ? `, ${moves} to move` : ''}${forgets > 0 ? `, ${forgets} to forget` : ''}`,
  };
}
