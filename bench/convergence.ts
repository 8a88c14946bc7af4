/**
 * Ad-hoc: how many applies a 20-resource lite stack (5 keypairs, 10 VMs, 5
 * disks) takes to converge when a share of its orders (every POST) is
 * faulted, per fault mix and seed, with the order ledger's duplicates and
 * orphans (issue 24, I4: unknown outcomes settle in the run). The CLI runs
 * in this process against the simulator, as a user would run it.
 *
 *   node --import tsx bench/convergence.ts [RATE=0.15] [SEEDS=5]
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { runCli } from '../src/cli/main.js';
import { startSimulator, type FaultKind } from '../src/sim/index.js';

const rate = Number(process.argv[2] ?? 0.15);
const seeds = Number(process.argv[3] ?? 5);

/** The stack: keypairs, VMs on them, disks on the first five VMs. */
function stack(): string {
  let text = 'variables:\n  console_password: { default: Measure2026xyz, sensitive: true }\nresources:\n';
  for (let i = 0; i < 5; i++) text += `  key${i}:\n    type: cloud_lite_keypair\n    properties: { name: bench-key-${i} }\n`;
  for (let i = 0; i < 10; i++) {
    text +=
      `  vm${i}:\n    type: cloud_lite_vm\n    properties:\n      product_id: 1547\n      select_os: ubuntu-22.04\n` +
      `      keypair_id: \${key${i % 5}.keypair_id}\n      ssh_and_console_user: deployer\n      console_password: \${var.console_password}\n` +
      `      cycle: m\n      vm_name: bench-vm-${i}\n`;
  }
  for (let i = 0; i < 5; i++) {
    text +=
      `  disk${i}:\n    type: cloud_lite_disk\n    properties:\n      product_id: 1701\n      cycle: m\n` +
      `      lite_account_id: \${vm${i}.id}\n      service_name: bench-disk-${i}\n      size: 80\n`;
  }
  return text;
}

/** Runs `cloudctl apply` in `folder` until it exits 0 (at most 10 runs); resolves with the number of runs. */
async function applyUntilConverged(folder: string, url: string): Promise<number> {
  const env = {
    PATH: process.env.PATH,
    CLOUDCTL_BASE_URL: url,
    CLOUDCTL_POLL_INTERVAL: '0.05',
    CLOUDCTL_RECONCILE_GRACE: '0.2s',
    NO_COLOR: '1',
  };
  for (let run = 1; run <= 10; run++) {
    const io = {
      cwd: folder,
      env: env as Record<string, string>,
      stdin: Readable.from([]),
      stdout: { write: () => true },
      stderr: { write: () => true },
    };
    if ((await runCli(['node', 'cloudctl', 'apply', 'stack.yaml', '--auto-approve'], io)) === 0) return run;
  }
  return Infinity;
}

const mixes: FaultKind[][] = [['429'], ['503'], ['429', '500', '503', 'reset', 'lost-response']];
for (const kinds of mixes) {
  const applies: number[] = [];
  let duplicates = 0;
  let orphans = 0;
  for (let seed = 1; seed <= seeds; seed++) {
    const cloud = await startSimulator({ provisioningSeconds: 0.05, seed, faults: { rate, kinds, paths: '^POST ' } });
    const folder = await mkdtemp(join(tmpdir(), 'cloudctl-convergence-'));
    try {
      await writeFile(join(folder, 'stack.yaml'), stack());
      applies.push(await applyUntilConverged(folder, cloud.url));
      const state = JSON.parse(await readFile(join(folder, '.cloudctl', 'state.json'), 'utf8')) as {
        resources: Record<string, { id: string }>;
      };
      const held = new Set(Object.values(state.resources).map((resource) => resource.id));
      const ordered = cloud.ledger().map((entry) => String(entry.account_id ?? ''));
      duplicates += ordered.length - new Set(ordered).size;
      orphans += ordered.filter((id) => id !== '' && !held.has(id)).length;
    } finally {
      await cloud.close();
      await rm(folder, { recursive: true, force: true });
    }
  }
  const mean = applies.reduce((sum, value) => sum + value, 0) / applies.length;
  process.stdout.write(
    `${kinds.join('+').padEnd(34)} ${(rate * 100).toFixed(0)}% of orders faulted: applies per seed ${applies.join(', ')} (mean ${mean.toFixed(1)}); duplicates ${duplicates}, orphans ${orphans}\n`,
  );
}
