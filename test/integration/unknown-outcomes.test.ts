/**
 * Issue 10, the money half: with each simulator rule that bends a paid
 * reply within the contract's uncertainty switched on (an order answered
 * 2xx without an id, a 429 after the order was taken, a migrated lite
 * account gone, an unpaid upgrade that keeps the old value), the quickstart
 * applies, changes package and migrates to lite pro, re-applying until it
 * converges, with 0 duplicate orders in the ledger and no paid call
 * proposed by the plan afterwards.
 */
import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { VariationName } from '../../src/sim/index.js';
import { cli, readState, startCloud, tempFolder, write } from './helpers.js';
import { moneyFigures } from './money-figures.js';

const quickstart = await readFile(resolve('examples/quickstart.yaml'), 'utf8');
const firstProduct = '${data.products.products[0].product_id}\n      select_os';
/** The quickstart with the VM on product 1549 (a paid change-package from the first product). */
const upgraded = quickstart.replace(`product_id: ${firstProduct}`, 'product_id: 1549\n      select_os');
/** Then migrated to lite pro product 2102 (a paid trigger). */
const migrated = upgraded.replace('      vm_name: web-server-01', '      vm_name: web-server-01\n      migrate_to_pro: "2102"');

/** Applies `manifest` until it succeeds (at most `attempts` runs); resolves with the failures' first lines. */
async function applyUntilDone(folder: string, env: Record<string, string>, attempts = 4): Promise<{ ok: boolean; failures: string[] }> {
  const failures: string[] = [];
  for (let attempt = 0; attempt < attempts; attempt++) {
    const run = await cli(['apply', 'stack.yaml', '--auto-approve'], { cwd: folder, env });
    if (run.code === 0) return { ok: true, failures };
    failures.push((run.stderr + run.stdout).split('\n').filter(Boolean).slice(-3).join(' | '));
  }
  return { ok: false, failures };
}

describe("integration: a paid reply that differs from the simulator's guess never orders twice (issue 10)", function () {
  this.timeout(240_000);

  const rules: VariationName[] = ['order-reply-without-id', 'rate-limited-after-order', 'migrated-lite-gone', 'upgrade-keeps-old-value'];
  for (const rule of rules) {
    it(`${rule}: apply, change package, migrate: 0 duplicate orders, then no paid call planned`, async () => {
      const cloud = await startCloud({ provisioningSeconds: 0.1, variations: [rule] });
      try {
        const folder = await tempFolder();
        const env = { CLOUDCTL_BASE_URL: cloud.url, CLOUDCTL_RECONCILE_GRACE: '0.2s' };
        const log: string[] = [];
        for (const [step, manifest] of [quickstart, upgraded, migrated].entries()) {
          await write(folder, 'stack.yaml', manifest);
          const applied = await applyUntilDone(folder, env);
          log.push(...applied.failures.map((line) => `step ${step}: ${line}`));
          expect(applied.ok, log.join('\n')).to.equal(true);
          // A second apply and a plan change nothing (a held upgrade may still be pending: never ordered again).
          const again = await cli(['apply', 'stack.yaml', '--auto-approve'], { cwd: folder, env });
          expect(again.code, again.stdout + again.stderr).to.equal(0);
          const plan = await cli(['plan', 'stack.yaml', '--detailed-exitcode'], { cwd: folder, env });
          expect(plan.code, `step ${step} plan: ${plan.stdout}${plan.stderr}`).to.equal(0);
          expect(plan.stdout).to.include('No changes.');
          if (step === 2)
            expect(plan.stdout, 'the plan says how to move the migrated VM').to.include('Warning: web was migrated to cloud_lite_pro_vm');
        }
        const state = await readState(folder);
        const ids = Object.values<{ id: string }>(state.resources).map((resource) => resource.id);
        const figures = moneyFigures(cloud.ledger(), cloud.requests(), ids);
        expect(figures.duplicates, log.join('\n')).to.deep.equal([]);
        expect(figures.orphans).to.deep.equal([]);
        const used = new Set(cloud.requests().flatMap((request) => request.variations ?? []));
        expect([...used], 'the rule was exercised').to.include(rule);
      } finally {
        await cloud.close();
      }
    });
  }
});
