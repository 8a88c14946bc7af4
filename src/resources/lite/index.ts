/**
 * Every lite and lite pro catalogue entry (docs/api/lite.md, docs/api/keypairs.md):
 * VMs, keypairs, snapshots, VM-from-snapshot (lite only), extra disks and
 * the data sources of both groups.
 */
import { lite, litePro } from '../../api/routes.js';
import type { CatalogueEntry } from '../attribute.js';
import { liteDataSources } from './data.js';
import { liteDiskType } from './disk.js';
import { vmFromSnapshotType } from './from-snapshot.js';
import { generatedKeypairType } from './keypair.js';
import { liteSnapshotType } from './snapshot.js';
import { liteVmType } from './vm.js';

/** The lite and lite pro resource types and data sources, in catalogue order. */
export const liteEntries: CatalogueEntry[] = [
  // lite (`/lites`)
  generatedKeypairType({ type: 'cloud_lite_keypair', token: 'cloud:index:LiteKeypair', aliases: ['lite_keypair'], routes: lite.keypairs, pool: 'lite', product: 'lite' }),
  liteVmType({ type: 'cloud_lite_vm', token: 'cloud:index:LiteVm', aliases: ['lite_vm'], routes: lite, pool: 'lite', product: 'lite', migrateToPro: true }),
  liteSnapshotType({ type: 'cloud_lite_snapshot', token: 'cloud:index:LiteSnapshot', aliases: ['lite_snapshot'], routes: lite, product: 'lite' }),
  vmFromSnapshotType({ type: 'cloud_lite_vm_from_snapshot', token: 'cloud:index:LiteVmFromSnapshot', aliases: ['lite_vm_from_snapshot'], routes: lite, pool: 'lite', product: 'lite' }),
  liteDiskType({
    type: 'cloud_lite_disk', token: 'cloud:index:LiteDisk', aliases: ['lite_disk'], routes: lite, product: 'lite',
    productsDataSource: 'cloud_lite_disk_products', minimumSize: 60,
  }),
  ...liteDataSources({ prefix: 'cloud_lite', functionStem: 'lite', product: 'lite', routes: lite }),

  // lite pro (`/lite-pros`): no migrate-to-pro, no VM-from-snapshot resource
  generatedKeypairType({ type: 'cloud_lite_pro_keypair', token: 'cloud:index:LiteProKeypair', aliases: ['lite_pro_keypair'], routes: litePro.keypairs, pool: 'lite_pro', product: 'lite pro' }),
  liteVmType({ type: 'cloud_lite_pro_vm', token: 'cloud:index:LiteProVm', aliases: ['lite_pro_vm'], routes: litePro, pool: 'lite_pro', product: 'lite pro', migrateToPro: false }),
  liteSnapshotType({ type: 'cloud_lite_pro_snapshot', token: 'cloud:index:LiteProSnapshot', aliases: ['lite_pro_snapshot'], routes: litePro, product: 'lite pro' }),
  liteDiskType({
    type: 'cloud_lite_pro_disk', token: 'cloud:index:LiteProDisk', aliases: ['lite_pro_disk'], routes: litePro, product: 'lite pro',
    productsDataSource: 'cloud_lite_pro_disk_products', minimumSize: 30,
  }),
  ...liteDataSources({ prefix: 'cloud_lite_pro', functionStem: 'litePro', product: 'lite pro', routes: litePro }),
];
