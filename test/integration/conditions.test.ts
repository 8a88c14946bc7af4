/**
 * Operators and conditions through the CLI against the simulator (issue
 * 26): count from a conditional, a variable's validation condition, a
 * precondition false at plan, a precondition known only after apply that
 * fails during apply (no order for it, its dependents skipped), and a
 * postcondition that fails once the resource is read back. Every test
 * checks the ledger: no order placed twice, none for a refused block.
 */
import { expect } from 'chai';
import { readState, useStack, write, writes, type TestStack } from './helpers.js';
import { moneyFigures } from './money-figures.js';
import { liteKeypair, liteVm, passwordVariable } from '../fixtures/lite-stack.js';

const PASSWORD = 'Conditions1Password';

/** No order placed twice, no account ordered that state does not hold. */
async function expectCleanLedger(stack: TestStack): Promise<void> {
  const state = await readState(stack.folder).catch(() => ({ resources: {} }));
  const ids = Object.values(state.resources as Record<string, { id: string }>).map((resource) => resource.id);
  expect(moneyFigures(stack.cloud.ledger(), stack.cloud.requests(), ids)).to.deep.equal({ duplicates: [], orphans: [] });
}

describe('integration: count from a conditional', function () {
  this.timeout(120_000);
  const stack = useStack({
    manifest: `variables:
  env: { default: dev }
resources:
  key:
    type: cloud_lite_keypair
    count: '\${var.env == "prod" ? 3 : 1}'
    properties:
      name: 'key-\${count.index + 1}-\${var.env}'
outputs:
  names: '\${[for name in key[*].name : upper(name) if name != "key-2-prod"]}'
`,
  });

  it('makes one instance in dev and three in prod, named by arithmetic on count.index', async () => {
    const dev = await stack.run('apply', 'stack.yaml', '--auto-approve');
    expect(dev.code, dev.stderr + dev.stdout).to.equal(0);
    expect(Object.keys((await readState(stack.folder)).resources)).to.deep.equal(['key[0]']);
    const prod = await stack.run('apply', 'stack.yaml', '--auto-approve', '--var', 'env=prod');
    expect(prod.code, prod.stderr + prod.stdout).to.equal(0);
    const state = await readState(stack.folder);
    expect(Object.keys(state.resources).sort()).to.deep.equal(['key[0]', 'key[1]', 'key[2]']);
    expect(state.resources['key[2]'].attributes.name).to.equal('key-3-prod');
    expect(state.outputs.names.value).to.deep.equal(['KEY-1-PROD', 'KEY-3-PROD']);
    const again = await stack.run('plan', 'stack.yaml', '--var', 'env=prod');
    expect(again.code, again.stderr).to.equal(0);
    expect(again.stdout).to.include('No changes.');
    await expectCleanLedger(stack);
  });
});

describe('integration: a variable refused by its validation condition', function () {
  this.timeout(120_000);
  const stack = useStack({
    manifest: `variables:
  env:
    default: dev
    validation:
      - condition: '\${var.env == "dev" || var.env == "prod"}'
        message: env is dev or prod
      - { pattern: '^[a-z]+$', message: lower-case letters only }
resources:
  key:
    type: cloud_lite_keypair
    properties: { name: 'key-\${var.env}' }
`,
  });

  it('exits non-zero at the condition with its message, before any API call', async () => {
    const before = stack.cloud.requests().length;
    for (const command of [
      ['plan', 'stack.yaml', '--var', 'env=staging'],
      ['apply', 'stack.yaml', '--auto-approve', '--var', 'env=staging'],
    ]) {
      const result = await stack.run(...command);
      expect(result.code).to.equal(1);
      expect(result.stderr).to.include('stack.yaml:5:23: variable "env": "staging" from --var env is refused: env is dev or prod');
    }
    const second = await stack.run('plan', 'stack.yaml', '--var', 'env=Prod');
    expect(second.code).to.equal(1);
    expect(second.stderr).to.include('"Prod" from --var env is refused: env is dev or prod');
    expect(stack.cloud.requests().length).to.equal(before);
    expect(stack.cloud.ledger()).to.deep.equal([]);
  });
});

describe('integration: preconditions and postconditions', function () {
  this.timeout(180_000);
  const stack = useStack({
    env: { TEST_CONSOLE_PASSWORD: PASSWORD },
    simulator: { provisioningSeconds: 0.2 },
    each: true,
  });

  it('a precondition false at plan fails the plan at its location, with no API write', async () => {
    await write(
      stack.folder,
      'stack.yaml',
      `variables:
  cycle: { default: m }
resources:
${liteKeypair('key', 'cond-key')}${liteKeypair(
        'other',
        'cond-other',
        `    lifecycle:
      precondition:
        - condition: '\${var.cycle == "a"}'
          message: 'only annual billing here, not \${var.cycle}'
`,
      )}`,
    );
    const before = stack.cloud.requests().length;
    const plan = await stack.run('apply', 'stack.yaml', '--auto-approve');
    expect(plan.code).to.equal(1);
    expect(plan.stderr).to.include('stack.yaml:12:25: other: precondition failed: only annual billing here, not m');
    expect(writes(stack.cloud.requests().slice(before))).to.deep.equal([]);
    expect(stack.cloud.ledger()).to.deep.equal([]);
  });

  it('a precondition known only after apply fails during apply: no order for its block, its dependents skipped', async () => {
    await write(
      stack.folder,
      'stack.yaml',
      `${passwordVariable()}resources:
${liteKeypair('key', 'cond-key')}${liteVm('web', 'web-cond-01', {
        after: `    lifecycle:
      precondition:
        - condition: '\${key.keypair_id < 0}'
          message: the keypair id must be negative
`,
      })}${liteKeypair('watcher', 'watcher-key', '    depends_on: [web]\n')}`,
    );
    const plan = await stack.run('plan', 'stack.yaml');
    expect(plan.code, plan.stderr + plan.stdout).to.equal(0);
    expect(plan.stdout).to.include('Plan: 3 to add, 0 to change, 0 to destroy. 1 paid order.');
    const applied = await stack.run('apply');
    expect(applied.code).to.equal(1);
    expect(applied.stdout).to.include('key: Creation complete');
    expect(applied.stdout, applied.stdout).to.match(
      /web: create failed: stack\.yaml:19:25: web: precondition failed: the keypair id must be negative/,
    );
    expect(applied.stdout).to.include('watcher: skipped (depends on web, which did not complete)');
    expect(writes(stack.cloud.requests()).filter((request) => request === 'POST /v1/lites')).to.deep.equal([]);
    expect(stack.cloud.ledger()).to.deep.equal([]);
    expect(Object.keys((await readState(stack.folder)).resources)).to.deep.equal(['key']);
    await expectCleanLedger(stack);
  });

  it('on data sources: a postcondition false after the plan-time read fails the plan; a precondition known only after apply defers the read and stops what reads it', async () => {
    const manifest = (postcondition: string) => `${passwordVariable()}data:
  products:
    type: cloud_lite_products
    lifecycle:
      postcondition: [{ condition: '\${${postcondition}}', message: 'only \${length(self.products)} products' }]
  os:
    type: cloud_lite_os_list
    properties: { product_id: '\${data.products.products[0].product_id}' }
    lifecycle:
      precondition: [{ condition: '\${key.keypair_id < 0}', message: the keypair comes first }]
resources:
${liteKeypair('key', 'cond-key')}${liteVm('web', 'web-cond-03', { os: '${data.os.oss[0].name}' })}`;
    await write(stack.folder, 'stack.yaml', manifest('length(self.products) > 1000'));
    const refused = await stack.run('plan', 'stack.yaml');
    expect(refused.code).to.equal(1);
    expect(refused.stderr).to.match(/stack\.yaml:7:39: data\.products: postcondition failed: only \d+ products/);
    await write(stack.folder, 'stack.yaml', manifest('length(self.products) > 0'));
    const plan = await stack.run('plan', 'stack.yaml');
    expect(plan.code, plan.stderr + plan.stdout).to.equal(0);
    expect(plan.stdout).to.include('data.os will be read during apply');
    const applied = await stack.run('apply');
    expect(applied.code).to.equal(1);
    expect(applied.stdout, applied.stdout).to.match(
      /data\.os: read failed: stack\.yaml:12:38: data\.os: precondition failed: the keypair comes first/,
    );
    expect(applied.stdout).to.include('web: skipped (depends on data.os, which did not complete)');
    expect(stack.cloud.ledger()).to.deep.equal([]);
    await expectCleanLedger(stack);
  });

  it('a postcondition fails once the resource is read back: its dependents skipped, then the plan fails on it, with one order', async () => {
    await write(
      stack.folder,
      'stack.yaml',
      `${passwordVariable()}resources:
${liteKeypair('key', 'cond-key')}${liteVm('web', 'web-cond-02', {
        after: `    lifecycle:
      postcondition:
        - condition: '\${self.status == "Pending"}'
          message: 'web is \${self.status}, not Pending'
`,
      })}${liteKeypair('watcher', 'watcher-key', '    depends_on: [web]\n')}`,
    );
    const applied = await stack.run('apply', 'stack.yaml', '--auto-approve');
    expect(applied.code).to.equal(1);
    expect(applied.stdout).to.include('web: Creation complete');
    expect(applied.stdout, applied.stdout).to.match(
      /web: create failed: stack\.yaml:19:25: web: postcondition failed: web is Active, not Pending/,
    );
    expect(applied.stdout).to.include('watcher: skipped (depends on web, which did not complete)');
    expect(stack.cloud.ledger().filter((entry) => entry.operation === 'lite.create')).to.have.length(1);
    expect(Object.keys((await readState(stack.folder)).resources).sort()).to.deep.equal(['key', 'web']);
    // Known now from state: the next plan decides it at once, and orders nothing again.
    const again = await stack.run('apply', 'stack.yaml', '--auto-approve');
    expect(again.code).to.equal(1);
    expect(again.stderr).to.match(/stack\.yaml:19:25: web: postcondition failed: web is Active, not Pending/);
    expect(stack.cloud.ledger().filter((entry) => entry.operation === 'lite.create')).to.have.length(1);
    await expectCleanLedger(stack);
  });
});
