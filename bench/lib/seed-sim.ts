/**
 * A simulator data file holding every account and keypair a state of
 * {@link cloneState} names, so a plan with refresh of the generated manifest
 * against it is a no-op (issue 35: the no-op plan with refresh at 100,000).
 *
 * Written directly in the simulator's data-file format (src/sim/store.ts:
 * one JSON snapshot of `SimData`, no log) rather than ordered 100,000 times:
 * the records are clones of the ones the simulator itself wrote for the one
 * applied template group, with the ids cloneState gives (keypair `i` is id
 * `i`, VM `i` account `1,000,000 + 2i`, disk `i` account `1,000,001 + 2i`)
 * and the names of each group. The id counters are set past every id used,
 * so orders made against the seeded cloud get fresh ids.
 */
import { copyFile, mkdir, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { AnyAccount, DiskAccount, Keypair, SimData, VmAccount } from '../../src/sim/store.js';
import type { StateDocument } from '../../src/state/document.js';
import { defaultCatalogue } from '../../src/manifest/index.js';
import { refreshState } from '../../src/engine/refresh.js';
import { startCloud } from './cloud.js';
import { layout, namesOf } from './generate.js';
import { apiClient, contextOf, statePathOf, writeStateAsCloudctlDoes } from './harness.js';

/** The records of the applied template group, as the simulator's data file holds them. */
export interface SimTemplate {
  keypair: Keypair;
  vm: VmAccount;
  disk: DiskAccount;
}

/**
 * Picks the template group's records out of the data of a simulator that
 * applied exactly one keypair/VM/disk group (bench/lib/harness.ts
 * applyTemplateGroup). Throws when one is missing.
 */
export function simTemplateOf(data: SimData): SimTemplate {
  const accounts = Object.values(data.accounts);
  const vm = accounts.find((account): account is VmAccount => account.kind === 'vm');
  const disk = accounts.find((account): account is DiskAccount => account.kind === 'disk');
  const keypair = data.keypairs.find((entry) => entry.pool === 'lite');
  if (!vm || !disk || !keypair) throw new Error('the template simulator data lacks the keypair, VM or disk of the applied group');
  return { keypair, vm, disk };
}

/**
 * Simulator data holding the accounts and keypairs of a state of
 * `resources` resources made by cloneState (same ids, same names), cloned
 * from `template`; `base` gives the seed and catalogue-independent fields.
 * The ledger and request log start empty.
 */
export function cloneSimData(resources: number, template: SimTemplate, base: SimData): SimData {
  const { groups, extraKeypairs } = layout(resources);
  const accounts: Record<string, AnyAccount> = {};
  const keypairs: Keypair[] = [];
  const keypair = (id: number, name: string): Keypair => ({ ...template.keypair, id, name });
  let invoice = 10_000_000;
  for (let i = 1; i <= groups; i++) {
    const name = namesOf(i);
    const vmId = String(1_000_000 + 2 * i);
    const diskId = String(1_000_001 + 2 * i);
    keypairs.push(keypair(i, name.keypair));
    accounts[vmId] = {
      ...structuredClone(template.vm),
      id: vmId,
      order_id: String(10_000_000 + 2 * i),
      attrs: { ...template.vm.attrs, name: name.vm, sshkey_id: i, vmid: 100_000 + i },
      invoice: { ...template.vm.invoice, id: ++invoice, paid_id: invoice },
    };
    accounts[diskId] = {
      ...structuredClone(template.disk),
      id: diskId,
      order_id: String(10_000_001 + 2 * i),
      attrs: { ...template.disk.attrs, service_name: name.disk, lite_account_id: vmId },
      invoice: { ...template.disk.invoice, id: ++invoice, paid_id: invoice },
    };
  }
  for (let j = 1; j <= extraKeypairs; j++) {
    const n = String(groups + j).padStart(5, '0');
    keypairs.push(keypair(groups + j, `bench-kpx-${n}`));
  }
  const lastAccount = 1_000_001 + 2 * groups;
  return {
    ...base,
    counters: {
      ...base.counters,
      account: Math.max(base.counters.account, lastAccount),
      keypair: Math.max(base.counters.keypair, groups + extraKeypairs),
      order: Math.max(base.counters.order, 10_000_001 + 2 * groups),
      invoice: Math.max(base.counters.invoice, invoice),
      vmid: Math.max(base.counters.vmid, 100_000 + groups),
      ledger: 0,
      request: 0,
    },
    accounts,
    keypairs,
    assignments: [],
    ledger: [],
    requests: [],
    generation: 0,
  };
}

/**
 * Writes `refreshed-N/` into `dir`: `simulator.json`, the seeded cloud of
 * `state` ({@link cloneSimData}), and `.cloudctl/state.json`, `state` as a
 * refresh against that cloud records it (every resource re-read from one list
 * per type, no detail request: the generated manifest uses no detail
 * attribute), written as LocalBackend writes it. The refresh runs against a
 * simulator on a copy of the data file in `scratch`. Throws when the refresh
 * finds drift or a resource gone (the seeding would be wrong). Resolves with
 * the bytes of each file written.
 */
export async function writeRefreshedWorkspace(
  dir: string,
  size: number,
  state: StateDocument,
  template: SimTemplate,
  base: SimData,
  scratch: string,
): Promise<Record<string, number>> {
  const folder = join(dir, `refreshed-${size}`);
  const simPath = join(folder, 'simulator.json');
  const statePath = statePathOf(folder);
  await mkdir(dirname(statePath), { recursive: true, mode: 0o700 });
  await writeFile(simPath, JSON.stringify(cloneSimData(size, template, base)), { mode: 0o600 });
  const copy = join(scratch, `seeded-${size}.json`);
  await copyFile(simPath, copy);
  const cloud = await startCloud({ provisioningSeconds: 0, seed: 1, dataFile: copy });
  const api = apiClient(cloud.url);
  try {
    const refreshed = await refreshState(state, {
      catalogue: defaultCatalogue,
      contextFor: () => contextOf(api, 0.05),
      parallelism: 10,
      inUse: new Map(),
      listLagSeconds: 0,
    });
    if (refreshed.drift.length > 0 || refreshed.gone.length > 0)
      throw new Error(
        `the seeded cloud of ${size} does not match its state: ${refreshed.drift.length} drifted attributes, ${refreshed.gone.length} gone (first: ${JSON.stringify(refreshed.drift[0] ?? refreshed.gone[0])})`,
      );
    await writeStateAsCloudctlDoes(statePath, { ...state, resources: refreshed.resources });
  } finally {
    await api.close();
    await cloud.close();
  }
  return {
    [`refreshed-${size}/simulator.json`]: (await stat(simPath)).size,
    [`refreshed-${size}/.cloudctl/state.json`]: (await stat(statePath)).size,
  };
}
