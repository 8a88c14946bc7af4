/**
 * The marker `cloudctl state migrate` leaves where a local state used to be,
 * `<state>.moved` beside the state file, so that a run pointed at the old
 * place refuses at once instead of finding no state and ordering everything
 * again. (A database workspace keeps the same in its `moved_to` column.)
 */
import type { MovedMarker } from '../contracts.js';
import { readTextIfPresent } from './files.js';

export type { MovedMarker } from '../contracts.js';

/** The path of the marker of a local state file. */
export function movedMarkerPath(statePath: string): string {
  return `${statePath}.moved`;
}

/** Reads the marker beside the state file at `statePath` (absolute); `null` when there is none. */
export async function readMovedMarker(statePath: string): Promise<MovedMarker | null> {
  const text = await readTextIfPresent(movedMarkerPath(statePath));
  if (text === undefined) return null;
  try {
    return JSON.parse(text) as MovedMarker;
  } catch {
    return { to: 'another backend (the marker is unreadable)', lineage: '', serial: 0, moved_at: '' };
  }
}
