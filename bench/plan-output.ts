/**
 * What `cloudctl plan` does with a finished plan, timed in process on a
 * saved plan (CPU of this process, user + system, in milliseconds; the
 * machine is shared, so the least and the median of several runs):
 * - `seal`: `sealPlanKeepingFile` (the plan file's text hashed and
 *   compressed, src/plan/seal.ts) and the wait for its compressed file;
 * - `printed`: the printed plan (`renderPlanTextChunks`, src/cli/views/plan.ts)
 *   written with `writeChunks` (src/cli/io.ts) to a file through a stream
 *   that writes each chunk at once, as Node's stdout to a file does.
 *
 *   node --import tsx bench/plan-output.ts PLANFILE [--runs 8] [--root DIR] [--out FILE]
 *
 * PLANFILE: a plan file (`.cloudctl/last-plan.cplan` after `cloudctl plan
 * /tmp/scale-bench/manifest-100000 --refresh=false`). `--root`: the checkout
 * whose src/ is timed (another build's, to compare: run each alternately);
 * `--out`: the file the printed plan is written to (emptied before each run).
 */
import { closeSync, ftruncateSync, openSync, unlinkSync, writeSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const at = args.indexOf(name);
  return at >= 0 && at + 1 < args.length ? args[at + 1]! : fallback;
};
const file = args.find((arg, index) => !arg.startsWith('--') && (index === 0 || !args[index - 1]!.startsWith('--')));
if (!file) throw new Error('usage: node --import tsx bench/plan-output.ts PLANFILE [--runs 8] [--root DIR] [--out FILE]');
const runs = Number(option('--runs', '8'));
const root = resolve(option('--root', resolve(import.meta.dirname, '..')));
const out = option('--out', join(tmpdir(), `plan-output-${process.pid}.txt`));
const load = async (path: string) => import(pathToFileURL(join(root, 'src', path)).href);

const { readPlanFile } = await load('plan/files.ts');
const { sealPlanKeepingFile, takeKeptPlanFile } = await load('plan/seal.ts');
const { renderPlanTextChunks } = await load('cli/views/plan.ts');
const { writeChunks } = await load('cli/io.ts');
const { createStyle } = await load('cli/views/style.ts');

const read = await readPlanFile(resolve(file));
// The plan as the engine hands it to the seal: no checksum, nothing shared with what was read.
const plan = structuredClone({ ...read, checksum: undefined });
delete (plan as { checksum?: unknown }).checksum;
const style = createStyle(false);
const fd = openSync(out, 'w');
const stream = new Writable({
  write(chunk: Buffer, _encoding, callback) {
    writeSync(fd, chunk);
    callback();
  },
});
const cpu = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
};
const times: Record<'seal' | 'printed', number[]> = { seal: [], printed: [] };
for (let run = 0; run < runs; run++) {
  let start = cpu();
  const sealed = await sealPlanKeepingFile(plan);
  await takeKeptPlanFile(sealed);
  times.seal.push(cpu() - start);
  ftruncateSync(fd, 0);
  start = cpu();
  await writeChunks(stream, renderPlanTextChunks(sealed, style));
  times.printed.push(cpu() - start);
}
closeSync(fd);
if (!args.includes('--out')) unlinkSync(out);
const figures = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `least ${sorted[0]!.toFixed(0)} ms, median ${sorted[sorted.length >> 1]!.toFixed(0)} ms`;
};
console.log(
  `load ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}; ${root}; ${plan.changes.length} changes; ${runs} runs`,
);
console.log(`seal (hash + compressed file): ${figures(times.seal)} CPU`);
console.log(`printed plan to a file: ${figures(times.printed)} CPU`);
