/**
 * What every API operation of a resource or data source is handed: the
 * client, the polling settings and the deadline. It lives with the API layer
 * (not the resource catalogue) because the polling helpers use it too.
 */
import type { ApiClient } from './types.js';

/** Reports progress while waiting: elapsed seconds and the last status seen. */
export type ProgressCallback = (elapsedSeconds: number, status: string) => void;

/**
 * What an operation gets: the API client, the polling settings and the
 * deadline of the operation. Modules never touch state and never print.
 */
export interface OperationContext {
  api: ApiClient;
  /** Seconds between polls. */
  pollIntervalSeconds: number;
  /** Epoch milliseconds by which the current operation must finish. */
  deadline: number;
  /** Called on every poll while waiting for `Active`. */
  onProgress?: ProgressCallback;
  /** Aborted when the run is cancelled. */
  signal?: AbortSignal;
  /**
   * A memo of reads shared by the operations of one read-only phase (a
   * refresh: `refreshState` sets one for the length of the call), so that
   * reads which all need the same list (a keypair has no GET by id) make
   * one request between them. Keys name what is memoised (by convention the
   * request, e.g. `GET /lites/keypairs/`); values are the pending promises,
   * so concurrent reads share one request. Use it through `memoised`
   * (src/resources/attribute-blocks.ts); memoised values are shared, never mutate
   * them. Absent (the default, and in every phase that writes) means no
   * memo: every read asks the API, so nothing stale is ever served after a
   * create, update or delete.
   */
  memo?: Map<string, Promise<unknown>>;
}
