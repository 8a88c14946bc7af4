/**
 * Setup shared by the plan benchmarks (not timed): applies one
 * keypair/VM/disk group against a simulator to learn what apply records for
 * each type, then writes into `dir`, for every size N:
 * - `manifest-N.yaml`: {@link generateManifest}(N), and `manifest-chained-N.yaml`
 *   the same resources chained by `for_each` ({@link generateChainedManifest}, below 10,000);
 *   from 10,000 on, the folder `manifest-N/` of files of 9,999 resources (`writeManifestFolder`);
 * - `full-N/.cloudctl/state.json`: a state holding all N resources (cloned
 *   from the applied group), so planning `manifest-N.yaml` against it is a no-op;
 * - for the sizes in `refreshed` (default none): `refreshed-N/simulator.json`,
 *   a simulator data file holding every account and keypair that state names
 *   (seed-sim.ts, cloned from the simulator's own records of the applied
 *   group), and `refreshed-N/.cloudctl/state.json`, the full state as a
 *   refresh against that cloud records it, so a plan WITH refresh against a
 *   simulator started on a copy of it is a no-op that reads what a state kept
 *   up by cloudctl holds (`cli-run` `plan-refresh`).
 * Runs in its own process so none of this counts in a benchmark's peak RSS.
 * Args: `{ dir: string, sizes: number[], refreshed?: number[] }`. Result: bytes written per file.
 */
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { readDataFile } from '../../src/sim/store.js';
import { simTemplateOf, writeRefreshedWorkspace } from '../lib/seed-sim.js';
import { dirname, join } from 'node:path';
import { startCloud } from '../lib/cloud.js';
import { runCase } from '../lib/child.js';
import {
  cloneState,
  FOLDER_FROM,
  generateChainedManifest,
  generateManifest,
  manifestPathOf,
  tempWorkspace,
  writeManifestFolder,
} from '../lib/generate.js';
import { apiClient, applyTemplateGroup, statePathOf, writeStateAsCloudctlDoes } from '../lib/harness.js';

runCase(async (args: { dir: string; sizes: number[]; refreshed?: number[] }) => {
  const workspace = await tempWorkspace();
  const simFile = join(workspace.folder, 'template-simulator.json');
  const cloud = await startCloud({ provisioningSeconds: 0, seed: 1, dataFile: simFile });
  const api = apiClient(cloud.url);
  try {
    // One group, applied for real: the template of every cloned resource (state and simulator records).
    const { template, base } = await applyTemplateGroup(api, workspace);
    await cloud.close();
    const simData = readDataFile(simFile);
    const simTemplate = simTemplateOf(simData);

    const files: Record<string, number> = {};
    for (const size of args.sizes) {
      const manifestPath = manifestPathOf(args.dir, size);
      await mkdir(args.dir, { recursive: true });
      if (size >= FOLDER_FROM) files[`manifest-${size}/`] = await writeManifestFolder(manifestPath, size);
      else await writeFile(manifestPath, generateManifest(size));
      // The same resources chained by for_each (`${vm[each.key].id}`), planned against an empty state.
      if (size < FOLDER_FROM) await writeFile(join(args.dir, `manifest-chained-${size}.yaml`), generateChainedManifest(size));
      const statePath = statePathOf(join(args.dir, `full-${size}`));
      await mkdir(dirname(statePath), { recursive: true, mode: 0o700 });
      // Written as the local backend writes it (a user's state after an apply).
      const state = cloneState(size, template, { ...base, serial: 1 });
      await writeStateAsCloudctlDoes(statePath, state);
      if (size < FOLDER_FROM) files[`manifest-${size}.yaml`] = (await stat(manifestPath)).size;
      files[`full-${size}/.cloudctl/state.json`] = (await stat(statePath)).size;
      if (args.refreshed?.includes(size))
        Object.assign(files, await writeRefreshedWorkspace(args.dir, size, state, simTemplate, simData, workspace.folder));
    }
    return { files };
  } finally {
    await api.close();
    await workspace.remove();
    await cloud.close();
  }
});
