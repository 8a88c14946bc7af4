/**
 * The bare-metal group's catalogue entries: the server, its keypair pool,
 * additional IPs and their assignments, elastic storage, and the group's
 * data sources (docs/api/baremetal.md, keypairs.md, additional-ips.md,
 * elastic-storage.md). Wired into the catalogue by
 * src/resources/index.ts.
 */
import type { CatalogueEntry } from '../attribute.js';
import { additionalIpType } from './additional-ip.js';
import { assignmentType } from './assignment.js';
import { baremetalDataSources } from './data.js';
import { elasticStorageType } from './elastic-storage.js';
import { baremetalKeypairType } from './keypair.js';
import { baremetalServerType } from './server.js';

/** Every bare-metal resource and data source type. */
export const baremetalEntries: CatalogueEntry[] = [
  baremetalKeypairType,
  baremetalServerType,
  additionalIpType,
  assignmentType,
  elasticStorageType,
  ...baremetalDataSources,
];
