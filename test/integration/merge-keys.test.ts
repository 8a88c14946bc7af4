/**
 * YAML merge keys (issue 29): a manifest sharing blocks the way
 * docker-compose and GitLab CI files do (`<<: *vm`, `<<: [*a, *b]`) in
 * variables, resources and module inputs, planned and applied through
 * `cli()` against the simulator: the written keys win over the merged ones,
 * each account is ordered once, the next plan says "No changes.", and a
 * mistake in a merged block is reported at its line in the anchor.
 */
import { expect } from 'chai';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { readState, useStack, write } from './helpers.js';
import { liteKeypair } from '../fixtures/lite-stack.js';

const PASSWORD = 'Merge1Password';

/** The module: a keypair named by the `name` input. */
const keyModule = `variables:
  name: {}
  suffix: { default: key }
resources:
${liteKeypair('key', '"${var.name}-${var.suffix}"')}`;

const manifest = `variables:
  console_password: { env: TEST_CONSOLE_PASSWORD, sensitive: true, type: string }
  cycle: &plain { type: string, default: m }
  worker_cycle: { <<: *plain, description: the worker's billing cycle }
resources:
${liteKeypair('key', 'merge-key')}  web:
    type: cloud_lite_vm
    properties: &vm
      product_id: 1547
      select_os: ubuntu-22.04
      keypair_id: \${key.keypair_id}
      ssh_and_console_user: deployer
      console_password: \${var.console_password}
      cycle: \${var.cycle}
      vm_name: merge-web
  worker:
    type: cloud_lite_vm
    properties:
      <<: *vm
      vm_name: merge-worker
      cycle: \${var.worker_cycle}
  mod_a:
    module: ./modules/key
    inputs: &inputs { name: merge-mod-a, suffix: first }
  mod_b:
    module: ./modules/key
    inputs:
      <<: [{ name: merge-mod-b }, *inputs]
outputs:
  worker_name: \${worker.vm_name}
`;

describe('integration: YAML merge keys', function () {
  this.timeout(120_000);
  const stack = useStack({ manifest, env: { TEST_CONSOLE_PASSWORD: PASSWORD }, simulator: { provisioningSeconds: 0.2 } });

  before(async () => {
    await mkdir(join(stack.folder, 'modules', 'key'), { recursive: true });
    await write(stack.folder, 'modules/key/main.yaml', keyModule);
  });

  it('plans and applies a manifest using merge keys: written keys win, each account ordered once, then no changes', async () => {
    const plan = await stack.run('plan', 'stack.yaml');
    expect(plan.code, plan.stderr + plan.stdout).to.equal(0);
    expect(plan.stdout).to.include('Plan: 5 to add, 0 to change, 0 to destroy.');
    expect(plan.stdout).to.not.include('<<');

    const apply = await stack.run('apply', 'stack.yaml', '--auto-approve');
    expect(apply.code, apply.stderr + apply.stdout).to.equal(0);
    expect(apply.stdout).to.include('worker_name = "merge-worker"');
    const state = await readState(stack.folder);
    const worker = state.resources.worker.attributes;
    const web = state.resources.web.attributes;
    expect([web.vm_name, worker.vm_name]).to.deep.equal(['merge-web', 'merge-worker']);
    expect(worker.product_id).to.equal(web.product_id);
    expect(worker.keypair_id).to.equal(web.keypair_id);
    // The first mapping of a merge list wins over a later one; keys only the later one has are merged too.
    expect(state.resources['mod_a.key'].attributes.name).to.equal('merge-mod-a-first');
    expect(state.resources['mod_b.key'].attributes.name).to.equal('merge-mod-b-first');

    const creates = stack.cloud.ledger().filter((entry) => entry.operation.endsWith('.create'));
    expect(creates.map((entry) => entry.operation).sort()).to.deep.equal(['lite.create', 'lite.create']);
    const plannedAgain = await stack.run('plan', 'stack.yaml', '--detailed-exitcode');
    expect(plannedAgain.code, plannedAgain.stderr + plannedAgain.stdout).to.equal(0);
    expect(plannedAgain.stdout).to.include('No changes.');
  });

  it('reports a bad merged value at its line in the anchor, with no API call', async () => {
    const before = stack.cloud.requests().length;
    await write(
      stack.folder,
      'bad.yaml',
      manifest.replace('      vm_name: merge-web\n', '      vm_name: merge-web\n      vm_nmae: typo\n'),
    );
    const result = await stack.run('plan', 'bad.yaml');
    expect(result.code).to.equal(1);
    const line = manifest.split('\n').indexOf('      vm_name: merge-web') + 2;
    const located = result.stderr.split('\n').filter((text) => text.includes('vm_nmae'));
    expect(located.length, result.stderr).to.equal(2); // once for web, once for worker: both at the anchor's line
    for (const text of located) expect(text).to.match(new RegExp(`^bad\\.yaml:${line}:7: `));
    expect(stack.cloud.requests().length).to.equal(before);
  });
});
