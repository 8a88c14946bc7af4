/**
 * A generated private key lost with the answer to its create (issue 16.2):
 * the keypair is found by listing and adopted without its key, which the
 * API never gives again. Apply says so at once, every later plan (text and
 * `--json`) says so until the keypair is replaced, and the way out,
 * `cloudctl apply --replace ADDRESS`, makes a new keypair whose key is kept.
 * Both ways of adopting are covered: the apply that lost the answer finding
 * the keypair itself, and the next run's reconciliation of the journal.
 */
import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import { Ajv } from 'ajv';
import type { RunningSimulator } from '../../src/sim/index.js';
import { cli, keypairCreates, readState, startCloud, tempFolder, write } from './helpers.js';

const manifest = (name: string) => `resources:
  key:
    type: cloud_lite_keypair
    properties: { name: ${name} }
`;

const WARNING = /Warning: key: its private_key is lost for good\.[\s\S]*cloudctl apply --replace key stack\.yaml/;

describe('integration: a generated private key lost with the answer to its create', function () {
  this.timeout(120_000);
  let cloud: RunningSimulator;
  let env: Record<string, string>;

  before(async () => {
    cloud = await startCloud({ provisioningSeconds: 0.2 });
    env = { CLOUDCTL_BASE_URL: cloud.url, CLOUDCTL_RECONCILE_GRACE: '0.2s' };
  });
  after(async () => {
    await cloud?.close();
  });

  const keypairOrders = () => keypairCreates(cloud);

  it('apply that finds the keypair itself warns at once, every plan warns until --replace, which keeps the new key', async () => {
    const folder = await tempFolder('cloudctl-lost-key-');
    await write(folder, 'stack.yaml', manifest('lost-in-apply'));
    const ordersBefore = keypairOrders();
    cloud.setFaults({ rate: 1, kinds: ['lost-response'], paths: '^POST /lites/keypairs/$' });
    const applied = await cli(['apply', 'stack.yaml', '--auto-approve'], { cwd: folder, env });
    cloud.setFaults(undefined);
    expect(applied.code, applied.stdout + applied.stderr).to.equal(0);
    expect(applied.stdout).to.match(WARNING);
    expect(keypairOrders() - ordersBefore, 'the keypair was ordered once').to.equal(1);

    const state = await readState(folder);
    expect(state.resources.key.attributes.private_key ?? null).to.equal(null);
    expect(state.resources.key.lost_at_create).to.deep.equal(['private_key']);
    const firstId = state.resources.key.id;

    const plan = await cli(['plan', 'stack.yaml', '--detailed-exitcode'], { cwd: folder, env });
    expect(plan.code, 'nothing to change').to.equal(0);
    expect(plan.stdout).to.match(WARNING);
    const planJson = await cli(['plan', 'stack.yaml', '--json'], { cwd: folder, env });
    const document = JSON.parse(planJson.stdout);
    expect(document.warnings).to.deep.equal([{ code: 'value_lost_at_create', address: 'key', attributes: ['private_key'] }]);
    const validate = new Ajv({ allErrors: true, strict: true }).compile(JSON.parse(await readFile('schemas/plan.schema.json', 'utf8')));
    expect(validate(document), JSON.stringify(validate.errors)).to.equal(true);
    expect((await cli(['show'], { cwd: folder, env })).stdout).to.match(WARNING);
    expect((await cli(['state', 'show', 'key'], { cwd: folder, env })).stdout).to.include(
      "# private_key came only in the lost answer to the create and cannot be recovered: 'cloudctl apply --replace key MANIFEST'",
    );

    const replaced = await cli(['apply', 'stack.yaml', '--replace', 'key', '--auto-approve'], { cwd: folder, env });
    expect(replaced.code, replaced.stdout + replaced.stderr).to.equal(0);
    expect(replaced.stdout).not.to.match(/Warning:/);
    const after = await readState(folder);
    expect(after.resources.key.id).not.to.equal(firstId);
    expect(String(after.resources.key.attributes.private_key)).to.include('PRIVATE KEY');
    expect(after.resources.key).not.to.have.property('lost_at_create');
    const clean = await cli(['plan', 'stack.yaml', '--detailed-exitcode'], { cwd: folder, env });
    expect(clean.code).to.equal(0);
    expect(clean.stdout).not.to.match(/Warning:/);
  });

  it('the next run that adopts the keypair by reconciling the journal marks and warns the same way', async () => {
    const folder = await tempFolder('cloudctl-lost-key-');
    await write(folder, 'stack.yaml', manifest('lost-then-reconciled'));
    // Listing fails too, so the apply cannot find what it ordered: the next run reconciles it.
    cloud.setFaults({ rate: 1, kinds: ['lost-response'], paths: '^(POST|GET) /lites/keypairs/$' });
    const failed = await cli(['apply', 'stack.yaml', '--auto-approve'], { cwd: folder, env });
    cloud.setFaults(undefined);
    expect(failed.code, failed.stdout + failed.stderr).to.equal(1);

    const plan = await cli(['plan', 'stack.yaml'], { cwd: folder, env });
    expect(plan.code, plan.stdout + plan.stderr).to.equal(0);
    expect(plan.stderr).to.match(
      /reconcile: key \(cloud_lite_keypair\): .* adopted into state; its private_key came only in the lost response and cannot be recovered/,
    );
    expect(plan.stdout).to.match(WARNING);
    expect((await readState(folder)).resources.key.lost_at_create).to.deep.equal(['private_key']);

    const resumed = await cli(['apply', 'stack.yaml', '--auto-approve'], { cwd: folder, env });
    expect(resumed.code, resumed.stdout + resumed.stderr).to.equal(0);
    expect(resumed.stdout).to.match(WARNING);
    const state = await readState(folder);
    expect(state.resources.key.lost_at_create, 'the mark survives the writes that finish the create').to.deep.equal(['private_key']);
    expect(state.resources.key).not.to.have.property('pending_create');
    const again = await cli(['plan', 'stack.yaml', '--detailed-exitcode'], { cwd: folder, env });
    expect(again.code).to.equal(0);
    expect(again.stdout).to.match(WARNING);
  });
});
