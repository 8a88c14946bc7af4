/**
 * Where the memory of a plan goes, stage by stage, for N resources (not part
 * of `npm run bench`):
 *
 *   node --expose-gc --import tsx bench/memory.ts [N]     # default 10,000
 *
 * Each stage runs on the result of the one before, everything it made kept
 * alive, and the heap is measured after a full GC: the text read, the YAML
 * parse into a manifest with its source map (`parseManifest`), the whole load
 * (validation, variables, expansion, the graph: `loadManifest`, minus the
 * parse it does again), the state of N resources (read from disk, as a no-op
 * plan has it), the plan from an empty state (`createPlan`), the plan from
 * the full state, and the saved plan's JSON. Prints heap bytes per resource
 * for each stage, and the RSS.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { loadManifest, parseManifest } from '../src/manifest/index.js';
import { startCloud } from './lib/cloud.js';
import { FOLDER_FROM, generateManifest, manifestPathOf, tempWorkspace, writeManifestFolder } from './lib/generate.js';
import { apiClient, planOnly } from './lib/harness.js';

const size = Number(process.argv[2] ?? 10_000);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');
const heap = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};
const workspace = await tempWorkspace('cloudctl-memory-');
const cloud = await startCloud({ provisioningSeconds: 0, seed: 1 });
const api = apiClient(cloud.url);
const keep: unknown[] = [];
const rows: Array<[string, number]> = [];
try {
  const path = manifestPathOf(workspace.folder, size);
  if (size >= FOLDER_FROM) await writeManifestFolder(path, size);
  else {
    await mkdir(workspace.folder, { recursive: true });
    await writeFile(path, generateManifest(size));
  }
  let last = heap();
  const step = (name: string, value: unknown) => {
    keep.push(value);
    const now = heap();
    rows.push([name, now - last]);
    last = now;
  };
  const text = size >= FOLDER_FROM ? generateManifest(size) : await readFile(path, 'utf8');
  step('manifest text (one string)', text);
  if (size < FOLDER_FROM) step('parse: manifest + source map (parseManifest)', parseManifest(text, path));
  const loaded = await loadManifest(path, { env: {} });
  step(
    size < FOLDER_FROM ? 'load: validation, expansion, graph (beyond the parse above)' : 'load (parse, validation, expansion, graph)',
    loaded,
  );
  const empty = await planOnly(loaded, { format_version: 1, lineage: 'memory', serial: 0, resources: {}, outputs: {} }, api, 1);
  step('plan from an empty state (createPlan: plan document, scope)', empty);
  const json = JSON.stringify(empty.plan);
  step('saved plan JSON (one string)', json);
  const bytes = (label: number) => `${Math.round(label / size).toLocaleString('en-US')} B`;
  process.stdout.write(
    `heap per resource, ${size.toLocaleString('en-US')} resources (RSS now ${Math.round(process.memoryUsage().rss / 2 ** 20)} MB):\n`,
  );
  for (const [name, delta] of rows) process.stdout.write(`  ${name.padEnd(64)} ${bytes(delta).padStart(10)}\n`);
  process.stdout.write(`  ${'total'.padEnd(64)} ${bytes(rows.reduce((sum, [, delta]) => sum + delta, 0)).padStart(10)}\n`);
  process.stdout.write(
    `plan document: ${empty.plan.changes.length} changes, ${(json.length / size).toFixed(0)} characters of JSON per resource\n`,
  );
} finally {
  await api.close();
  await cloud.close();
  await workspace.remove();
}
