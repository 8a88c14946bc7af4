/**
 * An order of unknown outcome, adopted by the next run's reconciliation,
 * is planned against the manifest as it is now, not as it was when the
 * order was placed. The crash harness on PostgreSQL once ended with an
 * apply that exited 0 and a plan that still wanted a change: a run killed
 * after ordering keypair `key-crash1` left its intent unfinished; by the
 * time a run reconciled it the manifest named `key-crash0`; the adopted
 * keypair was resumed as the create the manifest asks for, and kept its
 * old name (a name forces replacement).
 *
 * Here the lost answer is made with the simulator's faults (the order's
 * reply and the listings lost, so the first apply cannot find what it
 * ordered), the manifest is changed, and the next apply must converge:
 * the adopted resource is replaced when an attribute that forces
 * replacement differs, renamed in place when only an in-place one does,
 * and the plan after it is empty. Nothing is ordered twice.
 */
import { expect } from 'chai';
import type { RunningSimulator } from '../../src/sim/index.js';
import { cli, keypairCreates, readState, simulatorHeaders, startCloud, tempFolder, write } from './helpers.js';
import { liteKeypair, liteVm } from '../fixtures/lite-stack.js';

const keypair = (name: string, lifecycle = '') => `resources:
  key:
    type: cloud_lite_keypair
    properties: { name: ${name} }
${lifecycle}`;

describe('integration: an order adopted by reconciliation is planned against the manifest as it is now', function () {
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
  /** The names of the keypairs the simulator holds. */
  const liveKeypairs = async () => {
    const reply = await fetch(`${cloud.url}/lites/keypairs/`, { headers: simulatorHeaders() });
    return ((await reply.json()) as { data: Array<{ name?: unknown }> }).data.map((item) => String(item.name));
  };

  for (const createFirst of [false, true]) {
    it(`a keypair ordered as one name, then renamed in the manifest before the run that adopts it, is replaced${createFirst ? ' (create_before_destroy)' : ''}; the next plan is empty`, async () => {
      const folder = await tempFolder('cloudctl-resume-changed-');
      const lifecycle = createFirst ? '    lifecycle: { create_before_destroy: true }\n' : '';
      const prefix = createFirst ? 'first-' : 'resume-';
      await write(folder, 'stack.yaml', keypair(`${prefix}old`, lifecycle));
      const ordersBefore = keypairOrders();
      cloud.setFaults({ rate: 1, kinds: ['lost-response'], paths: '^(POST|GET) /lites/keypairs/$' });
      const lost = await cli(['apply', 'stack.yaml', '--auto-approve'], { cwd: folder, env });
      cloud.setFaults(undefined);
      expect(lost.code, lost.stdout + lost.stderr).to.equal(1);
      expect((await readState(folder)).resources.key, 'the order is not in state yet').to.equal(undefined);

      await write(folder, 'stack.yaml', keypair(`${prefix}new`, lifecycle));
      const plan = await cli(['plan', 'stack.yaml', '--detailed-exitcode'], { cwd: folder, env });
      expect(plan.stderr).to.match(/reconcile: key \(cloud_lite_keypair\): .* adopted into state/);
      expect(plan.code, plan.stdout + plan.stderr).to.equal(2);
      expect(plan.stdout).to.match(/# key must be replaced.*\n\s+#\s+name forces replacement/);
      expect(plan.stdout).to.match(new RegExp(`~ name\\s+= "${prefix}old" -> "${prefix}new"\\s+# forces replacement`));

      const applied = await cli(['apply', 'stack.yaml', '--auto-approve'], { cwd: folder, env });
      expect(applied.code, applied.stdout + applied.stderr).to.equal(0);
      const state = await readState(folder);
      expect(state.resources.key.attributes.name).to.equal(`${prefix}new`);
      expect(state.resources.key).not.to.have.property('pending_create');
      expect(Object.keys(state.resources), 'nothing deposed is left').to.deep.equal(['key']);
      const again = await cli(['plan', 'stack.yaml', '--detailed-exitcode'], { cwd: folder, env });
      expect(again.code, again.stdout + again.stderr).to.equal(0);
      expect(keypairOrders() - ordersBefore, 'one order for each name').to.equal(2);
      expect(
        (await liveKeypairs()).filter((name) => name.startsWith(prefix)),
        'the old one deleted',
      ).to.deep.equal([`${prefix}new`]);
    });
  }

  it('a VM ordered as one name, renamed in the manifest before the run that adopts it, is renamed in place: one order, the next plan empty', async () => {
    const folder = await tempFolder('cloudctl-resume-changed-');
    const stack = (vmName: string) =>
      `variables:\n  console_password: { default: "Sup3rSecret1", sensitive: true }\nresources:\n${liteKeypair('key', 'resume-vm-key')}${liteVm('web', vmName)}`;
    await write(folder, 'stack.yaml', stack('resume-web-old'));
    const ordersBefore = cloud.ledger().filter((entry) => entry.operation === 'lite.create').length;
    cloud.setFaults({ rate: 1, kinds: ['lost-response'], paths: '^(POST /lites|GET /lites/accounts)$' });
    const lost = await cli(['apply', 'stack.yaml', '--auto-approve'], { cwd: folder, env });
    cloud.setFaults(undefined);
    expect(lost.code, lost.stdout + lost.stderr).to.equal(1);
    expect((await readState(folder)).resources.web, 'the order is not in state yet').to.equal(undefined);

    await write(folder, 'stack.yaml', stack('resume-web-new'));
    const applied = await cli(['apply', 'stack.yaml', '--auto-approve'], { cwd: folder, env });
    expect(applied.code, applied.stdout + applied.stderr).to.equal(0);
    expect(applied.stderr).to.match(/reconcile: web \(cloud_lite_vm\): .* adopted into state/);
    expect((await readState(folder)).resources.web.attributes.vm_name).to.equal('resume-web-new');
    const again = await cli(['plan', 'stack.yaml', '--detailed-exitcode'], { cwd: folder, env });
    expect(again.code, again.stdout + again.stderr).to.equal(0);
    const orders = cloud.ledger().filter((entry) => entry.operation === 'lite.create').length - ordersBefore;
    expect(orders, 'the VM was ordered once').to.equal(1);
  });
});
