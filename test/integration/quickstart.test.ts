/**
 * The README's first command, as a newcomer runs it: no base URL, so the
 * embedded simulator serves the cloud and keeps its data in .cloudctl/.
 * Through the built binary, in its own process: the README's command as typed.
 */
import { expect } from 'chai';
import { copyFile, mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { readLedgerFile } from '../../src/sim/index.js';
import { readState, spawnCli, tempFolder } from './helpers.js';

describe('integration: quickstart on the embedded simulator', function () {
  this.timeout(120_000);
  let folder: string;
  const env = { CLOUDCTL_SIM_PROVISION_SECONDS: '1.2', CLOUDCTL_PROGRESS_SECONDS: '0.5', CLOUDCTL_POLL_INTERVAL: '0.1' };

  before(async () => {
    folder = await tempFolder();
    await mkdir(join(folder, 'examples'));
    await copyFile(resolve('examples/quickstart.yaml'), join(folder, 'examples', 'quickstart.yaml'));
  });

  it('applies with no configuration, says so on stderr, shows progress and prints outputs', async () => {
    const result = await spawnCli(['apply', 'examples/quickstart.yaml', '--auto-approve'], { cwd: folder, env });
    expect(result.code, result.stderr + result.stdout).to.equal(0);
    expect(result.stderr).to.include('using the embedded simulator');
    expect(result.stdout).to.match(/web: still creating\.\.\. \[\d+s elapsed, Pending\]|web: still creating\.\.\./);
    expect(result.stdout).to.include('Apply complete! Resources: 2 added, 0 changed, 0 destroyed.');
    expect(result.stdout).to.match(/web_status = "Active"/);
    expect(result.stdout).to.include('deploy_private_key = (sensitive)');
    expect(readLedgerFile(join(folder, '.cloudctl', 'simulator.json'))).to.have.length(1);
    expect((await readState(folder)).resources.web.attributes.status).to.equal('Active');
  });

  it('plans no changes afterwards, and destroys cleanly', async () => {
    const plan = await spawnCli(['plan', 'examples/quickstart.yaml', '--detailed-exitcode'], { cwd: folder, env });
    expect(plan.code, plan.stderr + plan.stdout).to.equal(0);
    expect(plan.stdout).to.include('No changes.');
    const destroy = await spawnCli(['destroy', 'examples/quickstart.yaml', '--auto-approve'], { cwd: folder, env });
    expect(destroy.code, destroy.stderr + destroy.stdout).to.equal(0);
    expect((await readState(folder)).resources).to.deep.equal({});
    expect(readLedgerFile(join(folder, '.cloudctl', 'simulator.json'))).to.have.length(1);
  });
});
