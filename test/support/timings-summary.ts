/**
 * Prints the per-file timings `test/file-timings.ts` recorded
 * (`CLOUDCTL_TEST_TIMINGS=/tmp/t.jsonl npm test`, then
 * `node --import tsx test/support/timings-summary.ts /tmp/t.jsonl [--top N]`):
 * the slowest files by wall time with their CPU time (own and children's, in
 * seconds) and the load average, then each worker's file count, busy time and
 * last end, measured from the first file's start.
 */
import { readFileSync } from 'node:fs';

interface Timing {
  file: string;
  pid: number;
  start: number;
  end: number;
  wallMs: number;
  cpuMs: number;
  childCpuMs: number;
  load: number;
}

const [path, ...rest] = process.argv.slice(2);
if (!path) throw new Error('usage: timings-summary.ts FILE.jsonl [--top N]');
const topAt = rest.indexOf('--top');
const top = topAt >= 0 ? Number(rest[topAt + 1]) : 40;
const rows: Timing[] = readFileSync(path, 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line) as Timing);
const origin = Math.min(...rows.map((row) => row.start));
const seconds = (ms: number): string => (ms / 1000).toFixed(1).padStart(6);

console.log(' wall s  cpu s child s   start   load  file');
for (const row of [...rows].sort((a, b) => b.wallMs - a.wallMs).slice(0, top)) {
  const load = row.load.toFixed(1).padStart(5);
  console.log(
    `${seconds(row.wallMs)} ${seconds(row.cpuMs)} ${seconds(row.childCpuMs)}  ${seconds(row.start - origin)}  ${load}  ${row.file}`,
  );
}
const total = (pick: (row: Timing) => number): number => rows.reduce((sum, row) => sum + pick(row), 0);
console.log(
  `${rows.length} files: wall ${seconds(total((row) => row.wallMs))} s summed, cpu ${seconds(total((row) => row.cpuMs))} s,` +
    ` children ${seconds(total((row) => row.childCpuMs))} s`,
);
const workers = new Map<number, Timing[]>();
for (const row of rows) workers.set(row.pid, [...(workers.get(row.pid) ?? []), row]);
for (const [pid, files] of workers) {
  const busy = files.reduce((sum, row) => sum + row.wallMs, 0);
  const last = Math.max(...files.map((row) => row.end)) - origin;
  console.log(`worker ${pid}: ${files.length} files, busy ${seconds(busy)} s, last end at ${seconds(last)} s`);
}
