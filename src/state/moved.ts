/**
 * The marker `cloudctl state migrate` leaves where a state used to be, so
 * that a run pointed at the old place refuses at once instead of finding no
 * state and ordering everything again: `<state>.moved` beside a local state
 * file, the `moved_to` column of a PostgreSQL workspace.
 */
import { StateError } from './errors.js';
import { readTextIfPresent } from './files.js';

/** What `<state>.moved` holds. */
export interface MovedMarker {
  /** Where the state went, for the message (a database URL without its password, or a local path). */
  to: string;
  /** The lineage and serial that were copied. */
  lineage: string;
  serial: number;
  /** When, ISO 8601 UTC. */
  moved_at: string;
}

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

/** The error a run meets at a state that was moved away. */
export function movedError(where: string, marker: Pick<MovedMarker, 'to' | 'moved_at'>): StateError {
  return new StateError(
    `the state at ${where} was moved to ${marker.to}${marker.moved_at ? ` on ${marker.moved_at}` : ''} by 'cloudctl state migrate': ` +
      `point cloudctl at it (--backend URL or CLOUDCTL_BACKEND, or the manifest's backend block), or move it back with 'cloudctl state migrate --to local'`,
  );
}
