/**
 * Timeouts (issue 4): a resource's `timeouts` block bounds its operations.
 * A create that times out keeps the account in state as `pending_create`;
 * the next plan resumes waiting for it (no new order), and an apply after it
 * became Active orders nothing.
 */
import { expect } from 'chai';
import type { RunningSimulator } from '../../src/sim/index.js';
import { cli, readState, simulatorHeaders, startCloud, tempFolder, write } from './helpers.js';
import { liteKeypair, liteVm, passwordVariable } from '../fixtures/lite-stack.js';

const PASSWORD = 'Timeout1Password';
const PROVISIONING_SECONDS = 3.5;

function manifest(create: string): string {
  return `${passwordVariable()}resources:
${liteKeypair('key', 'slow-key')}${liteVm('web', 'web-slow-01', { properties: `      timeouts: { create: "${create}" }\n` })}outputs:
  web_id: \${web.id}
`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('integration: create timeouts and resuming a pending order', function () {
  this.timeout(120_000);
  let cloud: RunningSimulator;
  let env: Record<string, string>;

  before(async () => {
    cloud = await startCloud({ provisioningSeconds: PROVISIONING_SECONDS });
  });
  after(async () => {
    await cloud?.close();
  });

  /** Polls the simulator until the account is Active. */
  async function untilActive(id: string): Promise<void> {
    for (;;) {
      const body = (await fetch(`${cloud.url}/lites/accounts/${id}`, { headers: simulatorHeaders() }).then((response) =>
        response.json(),
      )) as { data: { status: string } };
      if (body.data.status === 'Active') return;
      await sleep(50);
    }
  }

  /** Applies with a 1 s create timeout: the order is placed, the wait times out, state keeps it pending. */
  async function timedOut(folder: string): Promise<string> {
    await write(folder, 'stack.yaml', manifest('1s'));
    const started = Date.now();
    const applied = await cli(['apply', 'stack.yaml', '--auto-approve'], { cwd: folder, env });
    expect(applied.code, applied.stdout).to.equal(1);
    expect(Date.now() - started).to.be.lessThan(PROVISIONING_SECONDS * 1000 + 1500);
    expect(applied.stdout).to.match(/web: create failed: .*(timed out|timeout|1s)/i);
    expect(applied.stdout).to.include('Apply incomplete.');
    const state = await readState(folder);
    expect(state.resources.web.pending_create).to.equal(true);
    return state.resources.web.id as string;
  }

  beforeEach(() => {
    env = { CLOUDCTL_BASE_URL: cloud.url, TEST_CONSOLE_PASSWORD: PASSWORD };
  });

  it('the next apply resumes waiting for the pending order and places no new order', async () => {
    const folder = await tempFolder();
    const id = await timedOut(folder);
    const orders = cloud.ledger().length;
    await write(folder, 'stack.yaml', manifest('30s'));
    const resumed = await cli(['apply', 'stack.yaml', '--auto-approve'], { cwd: folder, env });
    expect(resumed.code, resumed.stdout + resumed.stderr).to.equal(0);
    expect(resumed.stdout).to.include('# web will be created (resumed: no new order)');
    expect(resumed.stdout).to.include(`#   the order was placed earlier (id ${id}) and is not Active yet: waits for it, orders nothing`);
    expect(resumed.stdout).to.include('Plan: 1 to add, 0 to change, 0 to destroy. 0 paid orders.');
    expect(resumed.stdout).to.include('web: Resuming the wait for an order placed earlier...');
    expect(resumed.stdout).to.include('web: Creation complete after');
    expect(cloud.ledger()).to.have.length(orders);
    const state = await readState(folder);
    expect(state.resources.web.id).to.equal(id);
    expect(state.resources.web.pending_create).to.equal(undefined);
    expect(state.resources.web.attributes.status).to.equal('Active');
  });

  it('once the account is Active, the next apply orders nothing and records it as created', async () => {
    const folder = await tempFolder();
    const id = await timedOut(folder);
    const orders = cloud.ledger().length;
    const plan = await cli(['plan', 'stack.yaml', '--detailed-exitcode'], { cwd: folder, env });
    expect(plan.code, plan.stderr).to.equal(2);
    expect(plan.stdout).to.include('# web will be created (resumed: no new order)');
    expect(plan.stdout).to.include('Plan: 1 to add, 0 to change, 0 to destroy. 0 paid orders.');
    await untilActive(id);
    const applied = await cli(['apply', 'stack.yaml', '--auto-approve'], { cwd: folder, env });
    expect(applied.code, applied.stdout + applied.stderr).to.equal(0);
    expect(applied.stdout).to.include('No changes.');
    expect(cloud.ledger()).to.have.length(orders);
    expect(cloud.ledger().filter((entry) => entry.account_id === id)).to.have.length(1);
    const state = await readState(folder);
    expect(state.resources.web.pending_create).to.equal(undefined);
    expect(state.resources.web.attributes.status).to.equal('Active');
    expect(state.outputs.web_id.value).to.equal(id);
  });
});
