/**
 * Plan without refresh (`cloudctl plan --refresh=false`, minus process
 * start-up): for the manifest of N resources written by prepare.ts, against
 * an empty state (every resource a create) or the full state (a no-op plan).
 *
 * Each run times the steps a plan command takes, in milliseconds:
 * `state` (lock and read the state file), `load` (read, parse and validate
 * the manifest), `plan` (createPlan: graph, 3 data source reads, diff of
 * every resource, masking), `seal` (the workspace recorded and the
 * checksum computed, as every plan the engine makes: src/plan/seal.ts),
 * `render` (the plan as text, as printed) and
 * `save` (the plan file as the CLI writes it: `savePlan`, the JSON with
 * its reason sentences). `total` is their sum. The first run is
 * reported apart (`coldMs`: a CLI process always runs cold); the figure is
 * the median of the runs after it; `cpuMedianMs` is the median CPU time of
 * this process over the same runs (user + system, GC threads included:
 * less sensitive than wall time to other processes on a busy machine).
 * Peak RSS (MB) is this process's high-water mark after the first run
 * (`peakRssMb`: one plan in a fresh process, as the CLI makes it) and after
 * all runs (`peakRssAllRunsMb`: garbage of earlier runs included), with the
 * RSS before the first run (`baselineRssMb`: node, tsx and the modules).
 * `planFileBytes`: the size of the saved plan file (gzip-compressed JSON),
 * `planJsonBytes`: the size of the document `plan --json` prints for it
 * (indented, with the English of its reasons).
 *
 * Args: `{ dir, size, state: 'empty' | 'full', runs, chained? }` (`chained`:
 * the same resources chained by for_each, `manifest-chained-N.yaml`).
 */
import { cp, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadManifest } from '../../src/manifest/index.js';
import { createStyle } from '../../src/cli/views/style.js';
import { renderPlanText } from '../../src/cli/views/plan.js';
import { savePlan } from '../../src/cli/plan-file.js';
import { renderPlanJson } from '../../src/cli/views/reasons.js';
import { planInWorkspace, sealPlan } from '../../src/plan/index.js';
import { startCloud } from '../lib/cloud.js';
import { runCase } from '../lib/child.js';
import { manifestPathOf } from '../lib/generate.js';
import { apiClient, openState, planOnly } from '../lib/harness.js';
import { cpuMs, median, now, peakRssMb, round, rssMb } from '../lib/measure.js';

interface Args {
  dir: string;
  size: number;
  state: 'empty' | 'full';
  runs: number;
  /** Plan `manifest-chained-N.yaml` (the resources chained by for_each) instead. */
  chained?: boolean;
}

const PHASES = ['state', 'load', 'plan', 'seal', 'render', 'save'] as const;

runCase(async (args: Args) => {
  const cloud = await startCloud({ provisioningSeconds: 0, seed: 1 });
  const workspace = await mkdtemp(join(tmpdir(), 'cloudctl-bench-plan-'));
  const api = apiClient(cloud.url);
  const style = createStyle(false);
  const manifestPath = args.chained ? join(args.dir, `manifest-chained-${args.size}.yaml`) : manifestPathOf(args.dir, args.size);
  if (args.state === 'full') await cp(join(args.dir, `full-${args.size}`), workspace, { recursive: true });
  try {
    const baselineRssMb = rssMb();
    const runs: Array<Record<(typeof PHASES)[number] | 'total' | 'cpu', number>> = [];
    let firstRunPeakRssMb = 0;
    let changes = 0;
    let noops = 0;
    let planFileBytes = 0;
    let planJsonBytes = 0;
    for (let run = 0; run < args.runs; run++) {
      const cpuBefore = cpuMs();
      const marks: number[] = [now()];
      const state = await openState(workspace, 'plan');
      marks.push(now());
      const loaded = await loadManifest(manifestPath, { env: {} });
      marks.push(now());
      const { plan: made } = await planOnly(loaded, state.store.document, api, 2);
      marks.push(now());
      const plan = sealPlan(planInWorkspace(made, 'default'));
      marks.push(now());
      const text = renderPlanText(plan, style);
      marks.push(now());
      await savePlan(join(workspace, 'last-plan.json'), plan);
      await state.close();
      marks.push(now());
      const timing = Object.fromEntries(PHASES.map((phase, index) => [phase, marks[index + 1]! - marks[index]!])) as Record<
        (typeof PHASES)[number],
        number
      >;
      runs.push({ ...timing, total: marks[marks.length - 1]! - marks[0]!, cpu: cpuMs() - cpuBefore });
      if (run === 0) firstRunPeakRssMb = peakRssMb();
      changes = plan.changes.filter((change) => change.action !== 'noop').length;
      noops = plan.changes.length - changes;
      if (text.length === 0) throw new Error('empty plan text');
      if (run === 0) {
        planFileBytes = (await stat(join(workspace, 'last-plan.json'))).size;
        planJsonBytes = Buffer.byteLength(renderPlanJson(plan));
      }
    }
    const expected = args.state === 'full' ? { changes: 0, noops: args.size } : { changes: args.size + 0, noops: 0 };
    if (changes !== expected.changes || noops !== expected.noops) {
      throw new Error(
        `plan of ${args.size} resources against the ${args.state} state: ${changes} changes and ${noops} no-ops, expected ${expected.changes} and ${expected.noops}`,
      );
    }
    const warm = runs.length > 1 ? runs.slice(1) : runs;
    return {
      size: args.size,
      state: args.state,
      runs: args.runs,
      medianMs: round(median(warm.map((run) => run.total))),
      coldMs: round(runs[0]!.total),
      cpuMedianMs: round(median(warm.map((run) => run.cpu))),
      phasesMedianMs: Object.fromEntries(PHASES.map((phase) => [phase, round(median(warm.map((run) => run[phase])))])),
      phasesColdMs: Object.fromEntries(PHASES.map((phase) => [phase, round(runs[0]![phase])])),
      baselineRssMb: round(baselineRssMb),
      peakRssMb: round(firstRunPeakRssMb),
      peakRssAllRunsMb: round(peakRssMb()),
      planFileBytes,
      planJsonBytes,
    };
  } finally {
    await api.close();
    await rm(workspace, { recursive: true, force: true });
    await cloud.close();
  }
});
