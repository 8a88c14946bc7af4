/**
 * What the lite-style resource modules share: the description of one group
 * (`/lites` or `/lite-pros`) every factory builds from, and the group's
 * failure statuses when waiting for `Active`. The wire helpers both groups
 * use live in ../account-replies.ts.
 */
import type { LiteGroupRoutes } from '../../api/routes.js';
import type { KeypairPool, OperationContext, Readiness } from '../attribute.js';
import { waitForActive } from '../account-replies.js';

/** One lite-style group: everything in which lite and lite pro differ. */
export interface LiteGroup {
  /** Type name prefix: `cloud_lite` or `cloud_lite_pro` (`<prefix>_vm`, `<prefix>_products`, ...). */
  prefix: string;
  routes: LiteGroupRoutes;
  /** The group's keypair pool. */
  pool: KeypairPool;
  /** Human product name for descriptions: `lite` / `lite pro`. */
  product: string;
  /** Lite only: VMs have `migrate_to_pro`. */
  migrateToPro: boolean;
  /** Lite only: the group has the VM-from-snapshot resource. */
  vmFromSnapshot: boolean;
  /** Default and minimum extra-disk size in GB (60 lite, 30 lite pro). */
  diskMinimumSize: number;
}

/** Statuses that end a wait for `Active` with an error (docs/api/polling.md). */
export const LITE_FAILURE_STATUSES = ['suspended', 'terminated'];

/**
 * How a lite-style account at `path(id)` is waited for: `Active`, failing on
 * `suspended` / `terminated`; `what(id)` names it in messages.
 */
export function liteReadiness(path: (id: string) => string, what: (id: string) => string): Readiness {
  return { path, failureStatuses: LITE_FAILURE_STATUSES, what };
}

/** Polls `path` until `Active`, failing on `suspended` / `terminated`. */
export function waitLiteActive(context: OperationContext, path: string, what: string): Promise<void> {
  return waitForActive(context, path, LITE_FAILURE_STATUSES, what);
}
