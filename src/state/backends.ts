/**
 * The one factory of state backends: a {@link StateLocation} in, the
 * backend that keeps it out. Nothing else in cloudctl writes `new
 * LocalBackend` or `new PostgresBackend` to open a workspace's state; a new
 * backend is one more case here (see CONTRIBUTING.md, "Adding a state backend").
 */
import type { OpenedBackend, StateLocation } from './contracts.js';
import { LocalBackend } from './local/backend.js';
import { PostgresBackend } from './postgres/backend.js';

/** Options of {@link openBackend}. */
export interface OpenBackendOptions {
  /** Notices for the user's stderr (a stale lock taken over, waiting for a lock, a torn last line skipped, ...). */
  onWarning?: (message: string) => void;
}

/** Every backend {@link openBackend} builds: each implements `OpenedBackend`, and `kind` tells them apart (a check of it narrows the type). */
export type Backend = (LocalBackend | PostgresBackend) & OpenedBackend;

/**
 * The backend of `location`, not yet read nor locked (nothing is opened
 * yet: a database is first reached by the first read, write or lock). Call
 * its `close` when done. A location known to be local (or a database) gives
 * that backend's type, with what only it offers (the local files' paths;
 * the database's `head`).
 */
export function openBackend(location: Extract<StateLocation, { backend: 'local' }>, options?: OpenBackendOptions): LocalBackend;
export function openBackend(location: Extract<StateLocation, { backend: 'postgres' }>, options?: OpenBackendOptions): PostgresBackend;
export function openBackend(location: StateLocation, options?: OpenBackendOptions): Backend;
export function openBackend(location: StateLocation, options: OpenBackendOptions = {}): Backend {
  const { onWarning } = options;
  switch (location.backend) {
    case 'local':
      return new LocalBackend({ statePath: location.statePath, cwd: location.cwd, workspacesFolder: location.workspacesFolder, onWarning });
    case 'postgres':
      return new PostgresBackend({ url: location.url, schema: location.schema, workspace: location.workspace, onWarning });
  }
}
