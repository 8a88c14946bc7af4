/**
 * Ad-hoc: a fleet of N lite VMs planned (no refresh, empty state) from one
 * `for_each` block and from N blocks written out, timing the load
 * (parse, validate, expand) and the plan of each, median of RUNS runs
 * after a first (cold) one.
 *
 *   node --import tsx bench/fleet.ts [N=5000] [RUNS=3]
 */
import { loadManifestFromSource } from '../src/manifest/index.js';
import { startCloud } from './lib/cloud.js';
import { generateFleetManifest } from './lib/generate.js';
import { apiClient, planOnly } from './lib/harness.js';
import { cpuMs, median, now, round } from './lib/measure.js';

const size = Number(process.argv[2] ?? 5000);
const runs = Number(process.argv[3] ?? 3);
const cloud = await startCloud({ provisioningSeconds: 0, seed: 1 });
const api = apiClient(cloud.url);
const empty = { format_version: 1 as const, lineage: 'bench', serial: 0, resources: {}, outputs: {} };
try {
  for (const repeated of [false, true, false, true]) {
    const source = generateFleetManifest(size, repeated);
    const load: number[] = [];
    const plan: number[] = [];
    const cpu: number[] = [];
    for (let run = 0; run <= runs; run++) {
      const start = now();
      const cpuStart = cpuMs();
      const loaded = loadManifestFromSource(source, 'fleet.yaml', { env: {} });
      const loadedAt = now();
      const result = await planOnly(loaded, empty, api, 2);
      if (result.plan.changes.length !== size + 1) throw new Error(`expected ${size + 1} changes, got ${result.plan.changes.length}`);
      if (run > 0) {
        load.push(loadedAt - start);
        plan.push(now() - loadedAt);
        cpu.push(cpuMs() - cpuStart);
      }
    }
    const shown = repeated ? 'one for_each block' : `${size} blocks written out`;
    process.stdout.write(
      `${shown}: load ${round(median(load))} ms, plan ${round(median(plan))} ms, total ${round(median(load) + median(plan))} ms, CPU ${round(median(cpu))} ms (median of ${runs})\n`,
    );
  }
} finally {
  await cloud.close();
}
