/**
 * Every lite and lite pro catalogue entry (docs/api/lite.md, docs/api/keypairs.md):
 * VMs, keypairs, snapshots, VM-from-snapshot (lite only), extra disks and
 * the data sources of both groups. Each group is described once
 * (`LiteGroup`); every factory builds its type from that description.
 */
import { lite, litePro } from '../../api/routes.js';
import type { CatalogueEntry } from '../attribute.js';
import { liteDataSources } from './data.js';
import { liteDiskType } from './disk.js';
import { vmFromSnapshotType } from './from-snapshot.js';
import { liteKeypairType } from './keypair.js';
import type { LiteGroup } from './group.js';
import { liteSnapshotType } from './snapshot.js';
import { liteVmType } from './vm.js';

/** The lite group (`/lites`). */
export const liteGroup: LiteGroup = {
  prefix: 'cloud_lite',
  routes: lite,
  pool: 'lite',
  product: 'lite',
  migrateToPro: true,
  vmFromSnapshot: true,
  diskMinimumSize: 60,
};

/** The lite pro group (`/lite-pros`): no migrate-to-pro, no VM-from-snapshot resource. */
export const liteProGroup: LiteGroup = {
  prefix: 'cloud_lite_pro',
  routes: litePro,
  pool: 'lite_pro',
  product: 'lite pro',
  migrateToPro: false,
  vmFromSnapshot: false,
  diskMinimumSize: 30,
};

/** The resource types and data sources of one group, in catalogue order. */
function groupEntries(group: LiteGroup): CatalogueEntry[] {
  return [
    liteKeypairType(group),
    liteVmType(group),
    liteSnapshotType(group),
    ...(group.vmFromSnapshot ? [vmFromSnapshotType(group)] : []),
    liteDiskType(group),
    ...liteDataSources(group),
  ];
}

/** The lite and lite pro resource types and data sources, in catalogue order. */
export const liteEntries: CatalogueEntry[] = [...groupEntries(liteGroup), ...groupEntries(liteProGroup)];
