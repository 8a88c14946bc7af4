/**
 * Issue 10's property test: every example in examples/ and a generated
 * stack, each against a simulator running the seeded `variant` profile
 * (replies varied within the contract's uncertainty): apply to convergence
 * (at most {@link MAX_APPLIES} applies), then plan.
 *
 * Asserted, and printed as figures:
 * - 0 duplicate orders in the ledger, 0 orphans (accounts ordered, never
 *   deleted, unknown to state);
 * - 0 stacks that do not converge (an apply that exits 0) within
 *   {@link MAX_APPLIES} applies, but for one explained case, printed apart:
 *   a keypair's private key lost with its create reply (see
 *   `StackOutcome.valueLost`; seen once in 2,400 soak stacks, under load);
 * - after the converged apply, a plan that succeeds and proposes nothing:
 *   0 paid calls, creates or replaces (whether a misread reply variant
 *   caused them as drift or the engine lost an order), 0 plan errors, and
 *   0 unpaid changes either (nothing changes the cloud behind cloudctl's
 *   back here, so any change is a reply variant read wrongly).
 *
 * `npm test` runs 6 seeds, the soak tier 200, a few at once
 * (`CLOUDCTL_PROPERTY_CONCURRENCY`, 2 and 4). One seed, or a range:
 *   CLOUDCTL_PROPERTY_SEED=17 npx mocha --no-config --import=tsx --timeout 600000 test/integration/property.test.ts
 *   CLOUDCTL_PROPERTY_SEED=11-40 npx mocha --no-config --import=tsx --timeout 600000 test/integration/property.test.ts
 *
 * Issue 24's fault model (fault-model.ts) is the second suite: a table of
 * cases, every paid path × fault kind (429, 500, 503, reset, lost
 * response, timeout) × position (first order of its type, after a
 * sibling, after its source, in the run), and every paid path × reply key
 * the contract does not promise for its shape (without a fault and with a
 * lost response), each case on its own strict simulator with I1 to I4,
 * duplicates, orphans and secrets checked after every plan and apply.
 * `npm test` runs {@link BRIEF_CASE_IDS}, the soak tier every case; the
 * figures (passed/run per fault kind and position, applies needed) are
 * printed at the end. Cases by regular expression on their ids (`all`
 * for every one; the seeds are then left out, and the other way round):
 *   CLOUDCTL_FAULT_CASES='^cloud_lite_vm_from_snapshot\.create/source/' npx mocha --no-config --import=tsx --require test/temp-folders.ts --timeout 600000 test/integration/property.test.ts
 * `CLOUDCTL_FAULT_CONCURRENCY` cases run at once (default 2, soak 4; the
 * timeout cases, which mostly wait for their 2 s request timeout, in a pool as wide beside them);
 * `PROPERTY_DEBUG=1` prints each case as it ends, `PROPERTY_DEBUG=transcript`
 * also the runs of a failing one.
 */
import { expect } from 'chai';
import { copyFile, mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { RunningSimulator } from '../../src/sim/index.js';
import { seededRng } from '../../src/sim/random.js';
import {
  ALL_CASES,
  BRIEF_CASE_IDS,
  MAX_APPLIES_PER_STEP,
  MODEL_FAULT_KINDS,
  POSITIONS,
  runCases,
  SHAPES,
  type CaseResult,
  type FaultCase,
} from './fault-model.js';
import { cli, readState, SOAK, soakCount, startCloud, tempFolder, write } from './helpers.js';
import { moneyFigures } from './money-figures.js';

/** The figures asserted 0 per seed, and totalled (see the module comment). */
const FIGURES = ['duplicates', 'orphans', 'notConverged', 'paidProposed', 'unpaidProposed', 'failed'] as const;

/**
 * Applies per stack before it counts as not converging. Each apply may stop
 * on another injected fault (a status that ends a wait, a 429 on an
 * upgrade, an order reply without its id), each leaving less to do: seed
 * 116's lite.yaml met four such faults in four applies (in about 3 runs of
 * 7 of seeds 100 to 130), each adding one resource. The requests of a seed,
 * and so the faults drawn, shift with the engine's timing.
 */
const MAX_APPLIES = 6;
const EXAMPLES = ['quickstart.yaml', 'lite.yaml', 'lite-pro.yaml', 'baremetal.yaml', 'full.yaml'];

/** A stack drawn from `seed`: lite VMs (some with a paid disk upgrade at create), a disk, a snapshot, a lite pro VM. */
export function generatedStack(seed: number): string {
  const random = seededRng(seed * 7919 + 1);
  const lines = [
    'variables:',
    '  console_password: { default: Generated2026x, sensitive: true }',
    'data:',
    '  products: { type: cloud_lite_products }',
    '  os: { type: cloud_lite_os_list, properties: { product_id: "${data.products.products[0].product_id}" } }',
    '  disk_products: { type: cloud_lite_disk_products }',
    '  pro_products: { type: cloud_lite_pro_products }',
    '  pro_os: { type: cloud_lite_pro_os_list, properties: { product_id: "${data.pro_products.products[0].product_id}" } }',
    'resources:',
    '  key: { type: cloud_lite_keypair, properties: { name: gen-key-' + seed + ' } }',
  ];
  const vms = 1 + Math.floor(random() * 3);
  for (let index = 0; index < vms; index++) {
    lines.push(
      `  vm${index}:`,
      '    type: cloud_lite_vm',
      '    properties:',
      `      product_id: \${data.products.products[${Math.floor(random() * 2)}].product_id}`,
      '      select_os: ${data.os.oss[0].name}',
      '      keypair_id: ${key.keypair_id}',
      '      ssh_and_console_user: deployer',
      '      console_password: ${var.console_password}',
      '      cycle: m',
      `      vm_name: gen-vm-${seed}-${index}`,
      ...(random() < 0.5 ? [`      disk_size: ${[100, 120, 160][Math.floor(random() * 3)]}`] : []),
    );
  }
  if (random() < 0.5) {
    lines.push(
      '  disk:',
      '    type: cloud_lite_disk',
      '    properties:',
      '      product_id: ${data.disk_products.products[0].product_id}',
      '      cycle: m',
      '      lite_account_id: ${vm0.id}',
      `      service_name: gen-disk-${seed}`,
    );
  }
  if (random() < 0.4) {
    lines.push(
      '  snap:',
      '    type: cloud_lite_snapshot',
      '    properties:',
      '      lite_account_id: ${vm0.id}',
      '      cycle: m',
      `      name: gen-snap-${seed}`,
    );
  }
  if (random() < 0.5) {
    lines.push(
      '  pro_key: { type: cloud_lite_pro_keypair, properties: { name: gen-pro-key-' + seed + ' } }',
      '  pro:',
      '    type: cloud_lite_pro_vm',
      '    properties:',
      '      product_id: ${data.pro_products.products[0].product_id}',
      '      select_os: ${data.pro_os.oss[0].name}',
      '      keypair_id: ${pro_key.keypair_id}',
      '      ssh_and_console_user: deployer',
      '      console_password: ${var.console_password}',
      '      cycle: m',
      `      vm_name: gen-pro-${seed}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** What one stack did under one seed. */
interface StackOutcome {
  stack: string;
  converged: boolean;
  applies: number;
  /** The final plan proposes a create, a replace or a paid operation (money), with `(from drift)` when drift a reply variant caused is behind it. */
  paidProposed: string[];
  /** The final plan proposes an unpaid change. */
  unpaidProposed: string[];
  /** The final plan failed (its error), or the stack did not converge (the last apply's error). */
  failed: string[];
  /**
   * The stack stopped converging only because a create's reply, the one
   * place the API gives a keypair's private key, was lost (a reply variant
   * or a timeout under load): the account was adopted by listing, never
   * ordered again, and cloudctl tells the user to replace it on purpose
   * (warning `value_lost_at_create`). Explained, printed, not a failure;
   * its ledger is still checked for duplicates and orphans.
   */
  valueLost?: string;
  stateIds: string[];
}

/** First lines of a failed run, for the figures. */
const firstLines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .slice(-2)
    .join(' | ')
    .slice(0, 240);

/** Applies `file` in `folder` to convergence, then plans; classifies what the plan proposes. */
async function runStack(cloud: RunningSimulator, stack: string, folder: string, file: string): Promise<StackOutcome> {
  const env = { CLOUDCTL_BASE_URL: cloud.url, CLOUDCTL_RECONCILE_GRACE: '1.5' };
  const outcome: StackOutcome = { stack, converged: false, applies: 0, paidProposed: [], unpaidProposed: [], failed: [], stateIds: [] };
  let lastFailure = '';
  let lastOutput = '';
  for (let attempt = 0; attempt < MAX_APPLIES && !outcome.converged; attempt++) {
    outcome.applies++;
    const applied = await cli(['apply', file, '--auto-approve'], { cwd: folder, env });
    if (process.env.PROPERTY_DEBUG)
      console.log(
        `[${stack}] apply ${attempt}: ${applied.code}\n${(applied.stderr + applied.stdout)
          .split('\n')
          .filter((l) => /reconcil|unknown|failed|adopt|listed/.test(l))
          .join('\n')}`,
      );
    if (applied.code === 0) outcome.converged = true;
    else {
      lastFailure = firstLines(applied.stderr + '\n' + applied.stdout);
      lastOutput = applied.stderr + '\n' + applied.stdout;
    }
  }
  if (!outcome.converged && /is lost for good/.test(lastOutput)) outcome.valueLost = lastFailure;
  else if (!outcome.converged) outcome.failed.push(`did not converge in ${MAX_APPLIES} applies: ${lastFailure}`);
  else {
    const planned = await cli(['plan', file, '--json'], { cwd: folder, env });
    if (planned.code !== 0) outcome.failed.push(`plan failed: ${firstLines(planned.stderr + '\n' + planned.stdout)}`);
    else {
      type Planned = {
        address: string;
        action: string;
        paidOrders: number;
        dependsOn?: string[];
        attributes: Array<{ name: string; before?: unknown; after?: unknown }>;
      };
      const plan = JSON.parse(planned.stdout) as { changes: Planned[]; drift?: { changed: Array<{ address: string }>; deleted: string[] } };
      // Nothing changes the cloud behind cloudctl's back here: any drift is a
      // reply variant read wrongly (issue 10, cases 2-5 and 9), and so is a
      // change of a resource with drift or depending on one; a paid call or
      // replace proposed with no drift behind it is the engine's own (an
      // order lost or not recorded). Both are counted, and asserted 0.
      const tainted = new Set([...(plan.drift?.changed ?? []).map((entry) => entry.address), ...(plan.drift?.deleted ?? [])]);
      for (const change of plan.changes) {
        if (change.action === 'noop' || change.action === 'read') continue;
        const changed = change.attributes.filter((attribute) => JSON.stringify(attribute.before) !== JSON.stringify(attribute.after));
        const what = `${change.address}: ${change.action} (${changed.map((attribute) => `${attribute.name} ${JSON.stringify(attribute.before)} -> ${JSON.stringify(attribute.after)}`).join(', ')})`;
        const money = change.action === 'create' || change.action === 'replace' || change.paidOrders > 0;
        const fromDrift = tainted.has(change.address) || (change.dependsOn ?? []).some((address) => tainted.has(address));
        if (fromDrift) tainted.add(change.address);
        if (money) outcome.paidProposed.push(`${what}${fromDrift ? ' (from drift a reply variant caused)' : ''}`);
        else outcome.unpaidProposed.push(`${what}${fromDrift ? ' (from drift a reply variant caused)' : ''}`);
      }
    }
  }
  try {
    outcome.stateIds = Object.values<{ id: string }>((await readState(folder)).resources).map((resource) => resource.id);
  } catch {
    outcome.stateIds = [];
  }
  return outcome;
}

/**
 * The seeds to run: `CLOUDCTL_PROPERTY_SEED` alone (`17`) or a range
 * (`11-40`), else 1..6 (`npm test`) or 1..200 (soak).
 */
function seeds(): number[] {
  const chosen = process.env.CLOUDCTL_PROPERTY_SEED?.trim();
  const range = chosen ? /^(\d+)(?:-(\d+))?$/.exec(chosen) : null;
  if (chosen && !range) throw new Error(`CLOUDCTL_PROPERTY_SEED must be a seed (17) or a range (11-40), got "${chosen}"`);
  const first = range ? Number(range[1]) : 1;
  const last = range ? Number(range[2] ?? range[1]) : soakCount(200, 6);
  return Array.from({ length: Math.max(0, last - first + 1) }, (_, index) => first + index);
}

/** Seeds chosen (`CLOUDCTL_PROPERTY_SEED`) without fault cases (`CLOUDCTL_FAULT_CASES`): the fault model is left out, and the other way round. */
const ONLY_SEEDS = Boolean(process.env.CLOUDCTL_PROPERTY_SEED) && !process.env.CLOUDCTL_FAULT_CASES;
const ONLY_CASES = Boolean(process.env.CLOUDCTL_FAULT_CASES) && !process.env.CLOUDCTL_PROPERTY_SEED;

/** What one seed did: its stacks, and the lines of each figure (each must be empty). */
interface SeedOutcome {
  stacks: StackOutcome[];
  figures: Record<(typeof FIGURES)[number], string[]>;
}

/** Runs the examples and the generated stack of `seed`, each on its own simulator, at once; classifies what they did. */
async function runSeed(seed: number): Promise<SeedOutcome> {
  // One simulator per stack, each seeded from the seed, so a stack's replies do not depend on the others' timing.
  const clouds = await Promise.all(
    [...EXAMPLES, 'generated'].map((_, index) => startCloud({ provisioningSeconds: 0.05, profile: 'variant', seed: seed * 16 + index })),
  );
  try {
    const stacks = await Promise.all([
      ...EXAMPLES.map(async (name, index) => {
        const folder = await tempFolder('cloudctl-property-');
        await mkdir(join(folder, 'examples'));
        await copyFile(resolve('examples', name), join(folder, 'examples', name));
        return runStack(clouds[index]!, name, folder, `examples/${name}`);
      }),
      (async () => {
        const folder = await tempFolder('cloudctl-property-');
        await write(folder, 'stack.yaml', generatedStack(seed));
        return runStack(clouds[EXAMPLES.length]!, 'generated', folder, 'stack.yaml');
      })(),
    ]);
    const perStack = stacks.map((stack, index) => {
      const cloud = clouds[index]!;
      const found = moneyFigures(cloud.ledger(), cloud.requests(), stack.stateIds);
      // A stack that did not converge (itself a failure) may hold an order of unknown outcome
      // still unreconciled (its journal intent open): not in state yet, but not ordered twice either.
      if (!stack.converged && stack.valueLost === undefined) {
        stack.failed.push(...found.duplicates.map((line) => `unreconciled order (stack did not converge): ${line}`));
        return { duplicates: [], orphans: [] };
      }
      return {
        duplicates: found.duplicates.map((line) => `${stack.stack}: ${line}`),
        orphans: found.orphans.map((line) => `${stack.stack}: ${line}`),
      };
    });
    const named = (pick: (stack: StackOutcome) => string[]) =>
      stacks.flatMap((stack) => pick(stack).map((line) => `${stack.stack}: ${line}`));
    const figures = {
      duplicates: perStack.flatMap((entry) => entry.duplicates),
      orphans: perStack.flatMap((entry) => entry.orphans),
      notConverged: stacks.filter((stack) => !stack.converged && stack.valueLost === undefined).map((stack) => stack.stack),
      paidProposed: named((stack) => stack.paidProposed),
      unpaidProposed: named((stack) => stack.unpaidProposed),
      failed: named((stack) => stack.failed),
    };
    return { stacks, figures };
  } finally {
    await Promise.all(clouds.map((cloud) => cloud.close()));
  }
}

/**
 * Seeds run at once (`CLOUDCTL_PROPERTY_CONCURRENCY`; 2 in `npm test`, 4 in
 * the soak tier): a seed's stacks mostly wait (provisioning, the reconcile
 * grace of 1.5 s, held replies of the variant profile), so seeds overlap
 * well. Each stack still has a simulator of its own, seeded from its seed,
 * so what it is sent does not depend on the others' timing.
 */
const SEED_CONCURRENCY = Number(process.env.CLOUDCTL_PROPERTY_CONCURRENCY ?? (SOAK ? 4 : 2));

/** An outcome, or the error its run threw (kept, so that no rejection goes unhandled before its test awaits it). */
type Settled<T> = { value: T } | { error: unknown };

/**
 * Runs `run` for the items of `items` a few at once: asked for an item's
 * settled outcome, it starts that item and the `width - 1` after it (those
 * not started yet), in order. Tests that await their items in order so have
 * at most `width` runs in flight, and a test left out (`--grep`) starts
 * only the few after the last one asked for.
 */
function pooled<T>(items: readonly number[], width: number, run: (item: number) => Promise<T>): (item: number) => Promise<Settled<T>> {
  const outcomes = new Map<number, Promise<Settled<T>>>();
  const startFrom = (first: number) => {
    for (const item of items.slice(first, first + Math.max(1, width))) {
      if (!outcomes.has(item))
        outcomes.set(
          item,
          run(item).then(
            (value) => ({ value }),
            (error: unknown) => ({ error }),
          ),
        );
    }
  };
  return (item) => {
    startFrom(items.indexOf(item));
    return outcomes.get(item)!;
  };
}

(ONLY_CASES ? describe.skip : describe)(
  'integration: property: examples and a generated stack under seeded variant profiles (issue 10)',
  function () {
    this.timeout(900_000);
    const totals = { stacks: 0, duplicates: 0, orphans: 0, notConverged: 0, paidProposed: 0, unpaidProposed: 0, failed: 0, valueLost: 0 };
    const outcomeOf = pooled(seeds(), SEED_CONCURRENCY, runSeed);

    after(() => {
      console.log(
        `  property totals over ${seeds().length} seed(s), ${totals.stacks} stacks: ${FIGURES.map((key) => `${key} ${totals[key]}`).join(', ')}; explained (private key lost with its create reply) ${totals.valueLost}`,
      );
    });

    for (const seed of seeds()) {
      it(`seed ${seed}: 0 duplicate orders, 0 orphans, every stack converges, and the plan after it proposes nothing and does not fail`, async () => {
        const outcome = await outcomeOf(seed);
        if ('error' in outcome) throw outcome.error;
        const { stacks, figures } = outcome.value;
        totals.stacks += stacks.length;
        for (const key of FIGURES) totals[key] += figures[key].length;
        const reproduce = `CLOUDCTL_PROPERTY_SEED=${seed} npx mocha --no-config --import=tsx --timeout 600000 test/integration/property.test.ts`;
        console.log(`    seed ${seed}: ${FIGURES.map((key) => `${key} ${figures[key].length}`).join(', ')}`);
        for (const stack of stacks.filter((entry) => entry.valueLost !== undefined)) {
          totals.valueLost++;
          console.log(`      explained, not converged: ${stack.stack}: a private key lost with its create reply: ${stack.valueLost}`);
        }
        const report = [
          ...figures.duplicates.map((line) => `duplicate: ${line}`),
          ...figures.orphans.map((line) => `orphan: ${line}`),
          ...figures.paidProposed.map((line) => `paid call, create or replace proposed after apply: ${line}`),
          ...figures.unpaidProposed.map((line) => `unpaid change proposed after apply: ${line}`),
          ...figures.failed.map((line) => `failed: ${line}`),
          `reproduce: ${reproduce}`,
        ].join('\n');
        for (const key of FIGURES) expect(figures[key], report).to.deep.equal([]);
      });
    }
  },
);

/**
 * The fault model's cases to run: those whose id matches the regular
 * expression `CLOUDCTL_FAULT_CASES` (`all` for every one), else every case
 * under the soak tier and {@link BRIEF_CASE_IDS} in `npm test`.
 */
function chosenCases(): readonly FaultCase[] {
  const chosen = process.env.CLOUDCTL_FAULT_CASES?.trim();
  if (chosen === 'all' || (!chosen && SOAK)) return ALL_CASES;
  if (!chosen) return BRIEF_CASE_IDS.map((id) => ALL_CASES.find((entry) => entry.id === id) as FaultCase);
  const pattern = new RegExp(chosen);
  return ALL_CASES.filter((entry) => pattern.test(entry.id));
}

/** The check a violation line of the fault model names, for the closing figures. */
function checkOf(line: string): string {
  if (/^I4: .* did not settle in its run/.test(line)) return 'I4 (not settled in its run)';
  if (/^I4: .* did not converge/.test(line)) return 'I4 (not converged)';
  if (/^I4: the plan after/.test(line)) return 'I4 (plan after an apply not empty)';
  if (/^the replace step/.test(line)) return 'replace step did not converge';
  if (/^I2 \(ledger\)/.test(line)) return 'I2 (ledger)';
  return /^(I\d|duplicate|orphan|secret|harness|plan writes|plan|not reached)/.exec(line)?.[1] ?? 'other';
}

/** The closing tables of the fault model: cases passed / run per fault kind and position, per omitted key's shape, and the applies the faulted step needed. */
function faultTables(cases: readonly FaultCase[], results: readonly CaseResult[]): string {
  /** `passed/run` of the cases `picked`, a case passing when `passes` holds for its result. */
  const cell = (picked: number[], passes: (result: CaseResult) => boolean = (result) => result.violations.length === 0) => {
    if (picked.length === 0) return '-';
    return `${picked.filter((index) => results[index] && passes(results[index])).length}/${picked.length}`;
  };
  const indexes = cases.map((_, index) => index);
  const pad = (text: string, width: number) => text.padEnd(width);
  /** The table of passed/run per fault kind (rows) and position (columns), omitted-key cases in a column apart. */
  const table = (title: string, passes?: (result: CaseResult) => boolean) => {
    const out = [title, `    ${pad('kind', 15)}${POSITIONS.map((position) => pad(position, 10)).join('')}${pad('omitted key', 13)}total`];
    const row = (name: string, picked: number[]) =>
      `    ${pad(name, 15)}${POSITIONS.map((position) =>
        pad(
          cell(
            picked.filter((index) => !cases[index]?.omit && cases[index]?.position === position),
            passes,
          ),
          10,
        ),
      ).join('')}${pad(
        cell(
          picked.filter((index) => cases[index]?.omit),
          passes,
        ),
        13,
      )}${cell(picked, passes)}`;
    for (const kind of [...MODEL_FAULT_KINDS, undefined])
      out.push(
        row(
          kind ?? 'no fault',
          indexes.filter((index) => cases[index]?.kind === kind),
        ),
      );
    out.push(row('all', indexes));
    return out;
  };
  const lines = [
    ...table('  fault model (issue 24): cases passed/run, by fault kind and position (omitted-key cases apart)'),
    ...table("  the same, counting every check but I4's 'settles in its run'", (result) =>
      result.violations.every((line) => checkOf(line) === 'I4 (not settled in its run)'),
    ),
  ];
  lines.push('  omitted-key cases passed/run, by shape and key (with and without a lost response)');
  for (const [shape, { keys }] of Object.entries(SHAPES)) {
    const row = keys.map(
      (key) => `${key} ${cell(indexes.filter((index) => cases[index]?.omit?.shape === shape && cases[index]?.omit?.key === key))}`,
    );
    if (row.some((entry) => !entry.endsWith(' -'))) lines.push(`    ${pad(shape, 24)}${row.join(', ')}`);
  }
  lines.push(`  applies the faulted step needed (bound ${MAX_APPLIES_PER_STEP}; more: did not converge), by fault kind`);
  for (const kind of [...MODEL_FAULT_KINDS, undefined]) {
    const counts = new Map<string, number>();
    for (const index of indexes.filter((entry) => cases[entry]?.kind === kind)) {
      const result = results[index];
      if (!result) continue;
      const last = result.applies[result.applies.length - 1] ?? 0;
      const converged = !result.violations.some((line) => line.startsWith('I4: step'));
      const key = converged ? String(last) : `>${MAX_APPLIES_PER_STEP}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    if (counts.size)
      lines.push(
        `    ${pad(kind ?? 'no fault', 15)}${[...counts]
          .sort()
          .map(([applies, count]) => `${applies}: ${count}`)
          .join(', ')}`,
      );
  }
  const checks = new Map<string, number>();
  for (const result of results) {
    for (const check of new Set(result?.violations.map((line) => checkOf(line)))) checks.set(check, (checks.get(check) ?? 0) + 1);
  }
  lines.push(
    `  failing cases by check (a case may fail several): ${[...checks].map(([check, count]) => `${check} ${count}`).join(', ') || 'none'}`,
  );
  const seconds = results.reduce((sum, result) => sum + (result?.seconds ?? 0), 0);
  lines.push(`  ${results.length} cases, ${seconds.toFixed(0)} s of case time in all`);
  return lines.join('\n');
}

(ONLY_SEEDS ? describe.skip : describe)(
  'integration: property: the fault model, every paid path × fault kind × position and every unpromised reply key (issue 24)',
  function () {
    this.timeout(3_600_000);
    const cases = chosenCases();
    const results: CaseResult[] = [];
    const concurrency = Number(process.env.CLOUDCTL_FAULT_CONCURRENCY ?? (SOAK ? 4 : 2));

    before(async function () {
      this.timeout(3_600_000);
      results.push(
        ...(await runCases(cases, concurrency, (result) => {
          if (process.env.PROPERTY_DEBUG)
            console.log(`    ${result.violations.length ? 'FAIL' : 'ok  '} ${result.id} (${result.seconds.toFixed(1)} s)`);
          if (process.env.PROPERTY_DEBUG === 'transcript' && result.violations.length) console.log(result.transcript.join('\n'));
        })),
      );
    });

    after(() => {
      if (results.length) console.log(faultTables(cases, results));
    });

    for (const [index, testCase] of cases.entries()) {
      it(`${testCase.id}: I1, I2, I3 hold after every plan and apply, it converges (I4), 0 duplicates, 0 orphans, no secret`, () => {
        const result = results[index] as CaseResult;
        const reproduce = `CLOUDCTL_FAULT_CASES='^${testCase.id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$' npx mocha --no-config --import=tsx --require test/temp-folders.ts --timeout 600000 test/integration/property.test.ts`;
        expect(result.violations, `${result.violations.join('\n')}\nreproduce: ${reproduce}`).to.deep.equal([]);
      });
    }
  },
);
