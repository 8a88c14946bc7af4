/**
 * Summarises a V8 CPU profile (`node --cpu-prof` writes `*.cpuprofile`):
 * the functions with the most self time, and the functions of this
 * repository (src/) with the most total (inclusive) time, in milliseconds
 * and percent of the profile.
 *
 *   node --import tsx bench/profile-summary.ts PROFILE.cpuprofile [--top 25] [--filter src/]
 *
 * Profile the compiled build (bench/.build, made by `npm run bench` or
 * `npx tsc -p bench/tsconfig.json`) so that lines are real, e.g.:
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof bench/.build/bench/cases/plan.js '{"dir":"DIR","size":5000,"state":"full","runs":3}'
 * (DIR: a folder bench/cases/prepare.js wrote; see BENCHMARKS.md).
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  hitCount?: number;
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const args = process.argv.slice(2);
const file = args.find((arg) => !arg.startsWith('--'));
if (!file) {
  process.stderr.write('usage: profile-summary.ts PROFILE.cpuprofile [--top N] [--filter TEXT]\n');
  process.exit(2);
}
const option = (name: string, fallback: string) => {
  const index = args.indexOf(name);
  return index >= 0 && args[index + 1] ? args[index + 1]! : fallback;
};
const top = Number(option('--top', '25'));
const filter = option('--filter', 'src/');

const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

// Self time per node from samples and their time deltas (microseconds).
const selfUs = new Map<number, number>();
profile.samples.forEach((id, index) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0)));
const totalUs = profile.endTime - profile.startTime;

const label = (node: ProfileNode) => {
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url ? `${url.replace(/^file:\/\//, '').replace(process.cwd() + '/', '')}:${lineNumber + 1}` : '';
  return `${functionName || '(anonymous)'} ${where}`.trim();
};

const self = new Map<string, number>();
const inclusive = new Map<string, number>();
for (const [id, us] of selfUs) {
  const node = byId.get(id)!;
  self.set(label(node), (self.get(label(node)) ?? 0) + us);
  // Count each function once per sample stack (recursion must not double count).
  const seen = new Set<string>();
  for (let current: number | undefined = id; current !== undefined; current = parent.get(current)) {
    const name = label(byId.get(current)!);
    if (seen.has(name)) continue;
    seen.add(name);
    inclusive.set(name, (inclusive.get(name) ?? 0) + us);
  }
}

const print = (title: string, entries: Map<string, number>, keep: (name: string) => boolean) => {
  process.stdout.write(`\n${title}\n`);
  for (const [name, us] of [...entries]
    .filter(([name]) => keep(name))
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)) {
    process.stdout.write(`${(us / 1000).toFixed(1).padStart(9)} ms ${((100 * us) / totalUs).toFixed(1).padStart(5)}%  ${name}\n`);
  }
};
process.stdout.write(`profile: ${(totalUs / 1000).toFixed(0)} ms, ${profile.samples.length} samples\n`);
print('self time', self, () => true);
print(`total time, functions matching "${filter}"`, inclusive, (name) => name.includes(filter));
