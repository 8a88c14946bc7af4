/** Where a workspace's state lives, and what an opened backend offers beyond the contract. */
import type { LockHolder, StateBackend } from './backend.js';

/** The default state path, relative to the working directory. */
export const DEFAULT_STATE_PATH = '.cloudctl/state.json';

/** Where one workspace's state lives. */
export type StateLocation =
  /** The local folder: `statePath` (relative ones against `cwd`). */
  | { backend: 'local'; statePath: string; cwd?: string }
  /** A PostgreSQL database (the URL may hold no password: PGPASSWORD and the other PG* variables fill in). */
  | { backend: 'postgres'; url: string; schema?: string; workspace: string };

/** A state backend as opened by {@link openState}: the contract, plus what only some backends have. */
export type OpenedBackend = StateBackend & {
  /** Releases the lock synchronously (a local lock file, on a second Ctrl-C); absent where the lock dies with the process. */
  releaseSync?(holder: LockHolder): void;
  /** Closes connections (a database backend) or open files (the local backend's change log and journal). */
  close?(): Promise<void>;
};
