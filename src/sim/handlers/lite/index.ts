/**
 * Lite (`/lites`) and lite pro (`/lite-pros`) groups (docs/api/lite.md):
 * one implementation parameterised by group, split
 * by sub-resource: catalogues, VM accounts, VM operations (lite pro has no
 * migrate-to-pro), snapshots and VM-from-snapshot, extra disks and the
 * group's keypair pool.
 */
import type { Group } from '../../catalog.js';
import type { Route } from '../../router.js';
import { keypairRoutes } from '../keypairs.js';
import { catalogueRoutes } from './catalogue.js';
import { diskRoutes } from './disks.js';
import { operationRoutes } from './operations.js';
import { liteGroup } from './group.js';
import { snapshotRoutes } from './snapshots.js';
import { vmRoutes } from './vms.js';

export { vmView } from './vms.js';

/** Routes of one lite-style group. */
export function liteRoutes(group: Group): Route[] {
  const g = liteGroup(group);
  return [
    ...catalogueRoutes(g),
    ...vmRoutes(g),
    ...operationRoutes(g),
    ...snapshotRoutes(g),
    ...diskRoutes(g),
    ...keypairRoutes(g.prefix, group, 'sshkey_id'),
  ];
}
