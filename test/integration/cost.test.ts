/**
 * The price of a plan against the simulator's ledger (issue 13): the
 * amounts a plan announces are what apply orders, create and upgrade
 * alike, and `cloudctl cost` totals what the state bills afterwards.
 */
import { expect } from 'chai';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { openStack, useStack, write } from './helpers.js';
import { readPlanFile, sealPlan } from '../../src/plan/index.js';
import { liteDisk, liteKeypair, liteVm, passwordVariable } from '../fixtures/lite-stack.js';

function manifest(diskSize: number): string {
  return `${passwordVariable()}resources:
${liteKeypair('key', 'cost-key')}${liteVm('web', 'web-server-01', { productId: 1548, cycle: 'a', properties: `      disk_size: ${diskSize}\n` })}${liteDisk('data_disk', 'data-disk-01', 80)}  address:
    type: cloud_baremetal_additional_ip
    properties: { product_id: 4001, cycle: m }
`;
}

describe('integration: plan costs against the ledger', function () {
  this.timeout(120_000);
  const stack = useStack({ env: { TEST_CONSOLE_PASSWORD: 'Sup3rSecretPw' } });

  it('the amounts a plan announces are the amounts apply orders, and cost totals the state', async () => {
    await write(stack.folder, 'stack.yaml', manifest(100));
    const planned = await stack.run('plan', 'stack.yaml', '--json');
    expect(planned.code, planned.stderr).to.equal(0);
    const plan = JSON.parse(planned.stdout);
    // web's storage above its plan's disk is a storage upgrade right after the order (create_followed_by_operation):
    // the plan counts 3 orders, its price counts the upgrade too, the ledger has 4 entries.
    expect(plan.cost).to.include({ currency: 'IDR', partial: false, orders: 3, monthly_before: 0 });
    const text = await stack.run('plan', 'stack.yaml');
    expect(text.stdout).to.match(/Cost: \+Rp [\d.]+ per month \(from Rp 0 to Rp [\d.]+\); 3 orders due now: Rp [\d.]+\./);
    expect(text.stdout).to.include('#   cost: Rp 120.000 per month, due now Rp 120.000'); // data_disk: 80 GB at Rp 1.500

    const applied = await stack.run('apply', 'stack.yaml', '--auto-approve');
    expect(applied.code, applied.stderr + applied.stdout).to.equal(0);
    const ledger = stack.cloud.ledger();
    expect(ledger).to.have.length(4);
    expect(ledger.every((entry) => typeof entry.amount === 'number')).to.equal(true);
    expect(ledger.reduce((sum, entry) => sum + (entry.amount ?? 0), 0)).to.equal(plan.cost.due_now);
    for (const change of plan.changes.filter((c: { cost?: unknown }) => c.cost)) {
      if (change.address === 'key') continue;
      expect(change.cost.due_now, change.address).to.be.greaterThan(0);
    }

    const cost = await stack.run('cost', 'stack.yaml', '--json');
    expect(cost.code, cost.stderr).to.equal(0);
    const figures = JSON.parse(cost.stdout);
    expect(figures).to.include({ currency: 'IDR', partial: false, monthly_total: plan.cost.monthly_after });

    await write(stack.folder, 'stack.yaml', manifest(140));
    const grow = JSON.parse((await stack.run('plan', 'stack.yaml', '--json')).stdout);
    const web = grow.changes.find((change: { address: string }) => change.address === 'web');
    expect(web.action).to.equal('update');
    expect(web.cost.due_now)
      .to.equal(web.cost.after - web.cost.before)
      .and.to.be.greaterThan(0);
    expect(grow.cost.monthly_before).to.equal(plan.cost.monthly_after);
    const again = await stack.run('apply', 'stack.yaml', '--auto-approve');
    expect(again.code, again.stderr + again.stdout).to.equal(0);
    const upgrade = stack.cloud.ledger().slice(4);
    expect(upgrade.map((entry) => entry.operation)).to.deep.equal(['lite.storage-upgrade']);
    expect(upgrade[0]!.amount).to.equal(web.cost.due_now);
  });

  it('a budget guards the plan: over it is an error naming what pushes it over; --allow-over-budget passes and is journaled', async () => {
    const { folder: budgetFolder, run: budgetRun } = await openStack(stack.cloud, { env: stack.env });
    const withBudget = (limit: number, orders?: number) =>
      `${manifest(80)}budget:\n  monthly_limit: ${limit}\n${orders === undefined ? '' : `  max_orders_per_apply: ${orders}\n`}`;
    // web 1548 annually (Rp 1.296.000 a year: Rp 108.000 a month), data_disk Rp 120.000, address Rp 50.000: Rp 278.000 a month
    await write(budgetFolder, 'stack.yaml', withBudget(200000));
    const refused = await budgetRun('plan', 'stack.yaml');
    expect(refused.code).to.equal(1);
    expect(refused.stderr).to.include(
      'the plan would bill Rp 278.000 per month, over budget.monthly_limit Rp 200.000 by Rp 78.000; pushing it over: data_disk (+Rp 120.000 per month), address (+Rp 50.000 per month)',
    );
    expect(refused.stderr).to.include('--allow-over-budget');

    await write(budgetFolder, 'stack.yaml', withBudget(300000, 2));
    const orders = await budgetRun('plan', 'stack.yaml');
    expect(orders.code).to.equal(1);
    expect(orders.stderr).to.include('the plan places 3 paid orders, over budget.max_orders_per_apply 2');

    await write(budgetFolder, 'stack.yaml', withBudget(300000));
    const within = await budgetRun('plan', 'stack.yaml');
    expect(within.code, within.stderr).to.equal(0);
    expect(within.stdout).to.include('Budget: Rp 278.000 of Rp 300.000 per month.');

    await write(budgetFolder, 'stack.yaml', withBudget(200000));
    const allowed = await budgetRun('apply', 'stack.yaml', '--auto-approve', '--allow-over-budget');
    expect(allowed.code, allowed.stderr + allowed.stdout).to.equal(0);
    expect(allowed.stdout).to.include('Budget: over, allowed by --allow-over-budget');
    const journal = (await readFile(join(budgetFolder, '.cloudctl', 'journal.jsonl'), 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    const audit = journal.filter((entry) => entry.operation === 'allow_over_budget');
    expect(audit).to.have.length(1);
    expect(audit[0].inputs.problems[0]).to.include('over budget.monthly_limit Rp 200.000');
  });

  it('apply of a saved plan whose prices rose since it was made is refused with both figures', async () => {
    const { folder: savedFolder, run: savedRun } = await openStack(stack.cloud, { env: stack.env });
    await write(savedFolder, 'stack.yaml', manifest(80));
    expect((await savedRun('plan', 'stack.yaml')).code).to.equal(0);
    // The plan as made when the disk was cheaper: Rp 100.000 a month instead of the catalogue's Rp 120.000.
    const path = join(savedFolder, '.cloudctl', 'last-plan.cplan');
    const plan = await readPlanFile(path);
    const disk = plan.changes.find((change) => change.address === 'data_disk')!;
    disk.cost!.after = 100000;
    disk.cost!.due_now = 100000;
    await writeFile(path, JSON.stringify(sealPlan(plan))); // sealed again: a plan as made then, not an altered one
    const orders = stack.cloud.ledger().length;
    const refused = await savedRun('apply');
    expect(refused.code).to.equal(1);
    expect(refused.stderr).to.include(
      'the price changed since the plan was made: data_disk: Rp 100.000 per month when planned, Rp 120.000 per month now',
    );
    expect(stack.cloud.ledger()).to.have.length(orders); // nothing ordered
  });
});
