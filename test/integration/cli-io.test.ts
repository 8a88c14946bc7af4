/**
 * The CLI in process (`runCli(argv, io)`): every run has its own working
 * directory, environment and streams, reads nothing of this process's, and
 * shares nothing with a run beside it; the confirmation is read from the
 * run's stdin.
 */
import { expect } from 'chai';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { CliIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/main.js';
import { cli, cliEnvironment, readState, tempFolder, useCloud, write } from './helpers.js';

const manifest = (name: string) => `variables:
  key_name: { env: KEY_NAME }
resources:
  key:
    type: cloud_lite_keypair
    properties: { name: "\${var.key_name}-${name}" }
outputs:
  key_name: \${key.name}
`;

/** An io whose stdin is a terminal answering `answer`, with stdout and stderr collected. */
function terminalIo(cwd: string, env: Record<string, string>, answer: string): { io: CliIo; output: () => string } {
  let text = '';
  const stdin = Object.assign(Readable.from([`${answer}\n`]), { isTTY: true });
  const collect = { write: (chunk: string) => ((text += chunk), true) };
  return { io: { cwd, env: cliEnvironment(env), stdin, stdout: collect, stderr: collect }, output: () => text };
}

describe('integration: the CLI in process (runCli with its own io)', function () {
  this.timeout(60_000);
  const suite = useCloud({ provisioningSeconds: 0.1 });

  it('two applies at once in two folders keep to their own folder, environment and output', async () => {
    const [one, two] = [await tempFolder('cloudctl-io-one-'), await tempFolder('cloudctl-io-two-')];
    await write(one, 'stack.yaml', manifest('one'));
    await write(two, 'stack.yaml', manifest('two'));
    const hadWorkspaceHere = existsSync(join(process.cwd(), '.cloudctl'));
    const [first, second] = await Promise.all([
      cli(['apply', 'stack.yaml', '--auto-approve'], { cwd: one, env: { CLOUDCTL_BASE_URL: suite.cloud.url, KEY_NAME: 'alpha' } }),
      cli(['apply', 'stack.yaml', '--auto-approve'], { cwd: two, env: { CLOUDCTL_BASE_URL: suite.cloud.url, KEY_NAME: 'beta' } }),
    ]);
    expect(first.code, first.stderr + first.stdout).to.equal(0);
    expect(second.code, second.stderr + second.stdout).to.equal(0);
    expect(first.stdout).to.include('key_name = "alpha-one"').and.not.include('beta');
    expect(second.stdout).to.include('key_name = "beta-two"').and.not.include('alpha');
    expect((await readState(one)).resources.key.attributes.name).to.equal('alpha-one');
    expect((await readState(two)).resources.key.attributes.name).to.equal('beta-two');
    expect(existsSync(join(process.cwd(), '.cloudctl')), 'nothing written in the process working directory').to.equal(hadWorkspaceHere);
  });

  it('reads nothing from the process environment: a variable set only there is missing', async () => {
    const folder = await tempFolder('cloudctl-io-env-');
    await write(folder, 'stack.yaml', manifest('env'));
    const saved = process.env.KEY_NAME;
    process.env.KEY_NAME = 'from-the-process';
    try {
      const result = await cli(['plan', 'stack.yaml'], { cwd: folder, env: { CLOUDCTL_BASE_URL: suite.cloud.url } });
      expect(result.code, result.stderr + result.stdout).to.equal(1);
      expect(result.stderr).to.match(/KEY_NAME/);
      expect(result.stdout + result.stderr).to.not.include('from-the-process');
    } finally {
      if (saved === undefined) delete process.env.KEY_NAME;
      else process.env.KEY_NAME = saved;
    }
  });

  it("a relative --state is relative to the run's working directory", async () => {
    const folder = await tempFolder('cloudctl-io-state-');
    await write(folder, 'stack.yaml', manifest('state'));
    const env = { CLOUDCTL_BASE_URL: suite.cloud.url, KEY_NAME: 'gamma' };
    const applied = await cli(['--state', 'elsewhere/state.json', 'apply', 'stack.yaml', '--auto-approve'], { cwd: folder, env });
    expect(applied.code, applied.stderr + applied.stdout).to.equal(0);
    expect(existsSync(join(folder, 'elsewhere', 'state.json'))).to.equal(true);
    const listed = await cli(['--state', 'elsewhere/state.json', 'state', 'list'], { cwd: folder, env });
    expect(listed.stdout.trim()).to.equal('key');
  });

  it("asks for confirmation on the run's terminal: yes applies, anything else cancels", async () => {
    const folder = await tempFolder('cloudctl-io-confirm-');
    await write(folder, 'stack.yaml', manifest('confirm'));
    const env = { CLOUDCTL_BASE_URL: suite.cloud.url, KEY_NAME: 'delta' };
    const refused = terminalIo(folder, env, 'no');
    expect(await runCli(['node', 'cloudctl', 'apply', 'stack.yaml'], refused.io)).to.equal(1);
    expect(refused.output()).to.include('Do you want to perform these actions?');
    expect(refused.output()).to.include('apply cancelled.');
    expect(existsSync(join(folder, '.cloudctl', 'state.json')) ? Object.keys((await readState(folder)).resources) : []).to.deep.equal([]);

    const approved = terminalIo(folder, env, 'yes');
    expect(await runCli(['node', 'cloudctl', 'apply', 'stack.yaml'], approved.io), approved.output()).to.equal(0);
    expect(approved.output()).to.include('Apply complete! Resources: 1 added');
    expect((await readState(folder)).resources.key.attributes.name).to.equal('delta-confirm');
  });
});
