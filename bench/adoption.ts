/**
 * Ad-hoc (issue 27): adopting a 200-resource account with `cloudctl import
 * --all --generate-config-out FILE`, then the plan that proves it (200 to
 * import, 0 to add/change/destroy) and its apply. The accounts are ordered through the
 * simulator's API as the portal would (20 lite keypairs, 100 lite VMs on
 * them, 60 disks, 20 snapshots); the CLI runs in this process. Prints the
 * request count and wall time of discovery, the plan and the apply, at loopback and
 * with `LATENCY` ms added to every request (the simulator's
 * `faults.latencyMs`, as `npm run bench -- --latency` does).
 *
 *   node --import tsx bench/adoption.ts [LATENCY=150]
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { runCli } from '../src/cli/main.js';
import { startSimulator } from '../src/sim/index.js';
import { ACCOUNT_LISTS, Portal } from '../test/fixtures/portal.js';

const latency = Number(process.argv[2] ?? 150);
const TOKEN = 'bench-token';
const PASSWORD = 'Bench2026Pass';

/** Runs `cloudctl ARGS` in `folder`; resolves with the exit code and stdout. */
async function cloudctl(folder: string, env: Record<string, string>, ...args: string[]): Promise<{ code: number; stdout: string }> {
  let stdout = '';
  let stderr = '';
  const io = {
    cwd: folder,
    env,
    stdin: Readable.from([]),
    stdout: { write: (text: string) => ((stdout += text), true) },
    stderr: { write: (text: string) => ((stderr += text), true) },
  };
  const code = await runCli(['node', 'cloudctl', ...args], io);
  if (code !== 0) throw new Error(`cloudctl ${args.join(' ')}: exit ${code}\n${stderr}`);
  return { code, stdout };
}

const simulator = await startSimulator({ provisioningSeconds: 0.05, seed: 7, token: TOKEN, port: 0 });
try {
  const portal = new Portal(simulator.url, TOKEN);
  const keys: string[] = [];
  for (let i = 0; i < 20; i++) keys.push(await portal.keypair('/lites', `bench-key-${i}`));
  const vms: string[] = [];
  for (let i = 0; i < 100; i++)
    vms.push(await portal.vm('/lites', keys[i % 20], `bench-vm-${String(i).padStart(3, '0')}`, { password: PASSWORD }));
  await portal.settle(ACCOUNT_LISTS);
  for (let i = 0; i < 60; i++) await portal.disk('/lites', vms[i], `bench-disk-${String(i).padStart(3, '0')}`, 80);
  for (let i = 0; i < 20; i++) await portal.snapshot('/lites', vms[i], `bench-snap-${String(i).padStart(2, '0')}`);
  await portal.settle(ACCOUNT_LISTS);

  const rows: string[] = [];
  let warmedUp = false;
  // The first run (not shown) loads the command's modules.
  for (const ms of [0, 0, latency]) {
    const set = await fetch(new URL('/_simulator/faults', simulator.url), {
      method: 'PUT',
      headers: { 'x-token': TOKEN, 'content-type': 'application/json' },
      body: JSON.stringify(ms > 0 ? { latencyMs: ms } : {}),
    });
    if (!set.ok) throw new Error(`PUT /_simulator/faults: ${set.status} ${await set.text()}`);
    const folder = await mkdtemp(join(tmpdir(), 'cloudctl-adoption-'));
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      NO_COLOR: '1',
      CLOUDCTL_BASE_URL: simulator.url,
      CLOUDCTL_API_KEY: TOKEN,
    };
    try {
      const start = simulator.requests().length;
      let began = performance.now();
      const discovery = await cloudctl(folder, env, 'import', '--all', '--generate-config-out', 'adopt.yaml');
      const discoveryMs = performance.now() - began;
      const discoveryRequests = simulator.requests().length - start;
      const manifest = await readFile(join(folder, 'adopt.yaml'), 'utf8');
      for (const line of discovery.stdout.split('\n'))
        if (line.startsWith('Give these'))
          for (const name of line.matchAll(/([A-Z0-9_]+) \(sensitive\)|([A-Z0-9_]+_CYCLE)/g))
            env[name[1] ?? name[2]] = name[2] ? 'm' : PASSWORD;
      const planStart = simulator.requests().length;
      began = performance.now();
      const plan = await cloudctl(folder, env, 'plan', 'adopt.yaml', '--no-color');
      const planMs = performance.now() - began;
      const planRequests = simulator.requests().length - planStart;
      const summary = /Plan: .*/.exec(plan.stdout)?.[0] ?? '(no plan line)';
      const applyStart = simulator.requests().length;
      began = performance.now();
      await cloudctl(folder, env, 'apply', '--auto-approve', '--no-color');
      const applyMs = performance.now() - began;
      const applyRequests = simulator.requests().length - applyStart;
      const blocks = (manifest.match(/^ {2}- \{ to:/gm) ?? []).length;
      if (ms === 0 && rows.length === 0 && !warmedUp) {
        warmedUp = true;
        continue;
      }
      rows.push(
        `latency ${String(ms).padStart(3)} ms | import --all: ${blocks} resources, ${discoveryRequests} requests, ${discoveryMs.toFixed(0)} ms | plan: ${planRequests} requests, ${planMs.toFixed(0)} ms | apply of that plan: ${applyRequests} requests, ${applyMs.toFixed(0)} ms | ${summary}`,
      );
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }
  for (const row of rows) console.log(row);
} finally {
  await simulator.close();
}
