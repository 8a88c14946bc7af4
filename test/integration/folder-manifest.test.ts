/**
 * A manifest written as a folder, end to end through `cli()` against the
 * simulator: `plan stack/` reads every manifest file of the folder (not the
 * test or var files), the saved plan applies (its redacted copy of the
 * folder read again and checked), each account ordered once; a later change
 * in one file plans an update; a name declared in two files is refused at
 * its file:line:col, naming both, with nothing changed.
 */
import { expect } from 'chai';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { readState, useStack, write } from './helpers.js';
import { liteKeypair, liteVm } from '../fixtures/lite-stack.js';

describe('integration: a manifest written as a folder', function () {
  this.timeout(180_000);
  const stack = useStack({ simulator: { provisioningSeconds: 0.2 } });

  before(async () => {
    await mkdir(join(stack.folder, 'stack'));
    // A sensitive literal: the saved plan keeps the folder redacted and apply reads its files again.
    await write(stack.folder, 'stack/variables.yaml', 'variables:\n  console_password: { default: Folder1Password, sensitive: true }\n');
    await write(stack.folder, 'stack/keys.yaml', `resources:\n${liteKeypair('key', 'folder-key')}`);
    await write(stack.folder, 'stack/vms.yaml', `resources:\n${liteVm('web', 'folder-web')}outputs:\n  web_id: \${web.id}\n`);
    await write(stack.folder, 'stack/prod.vars.yaml', 'console_password: Other1Password\n');
    await write(stack.folder, 'stack/smoke.test.yaml', 'this is not read by plan: [\n');
  });

  it('plans and applies the folder as one manifest, then plans a change made in one file', async () => {
    const plan = await stack.run('plan', 'stack/', '--no-color');
    expect(plan.code, plan.stderr).to.equal(0);
    expect(plan.stdout).to.include('# key will be created').and.include('# web will be created');
    const applied = await stack.run('apply');
    expect(applied.code, applied.stderr + applied.stdout).to.equal(0);
    const state = await readState(stack.folder);
    expect(Object.keys(state.resources).sort()).to.deep.equal(['key', 'web']);
    expect(stack.cloud.ledger()).to.have.length(1); // the VM's order, placed once

    await write(stack.folder, 'stack/vms.yaml', `resources:\n${liteVm('web', 'folder-web-2')}outputs:\n  web_id: \${web.id}\n`);
    const again = await stack.run('plan', 'stack', '--no-color');
    expect(again.code, again.stderr).to.equal(0);
    expect(again.stdout).to.include('# web will be updated in-place').and.include('folder-web-2');
  });

  it('refuses a name declared in two files at its file:line:col, naming both, and changes nothing', async () => {
    await write(stack.folder, 'stack/more.yaml', `resources:\n${liteKeypair('key', 'another-key')}`);
    const before = await readState(stack.folder);
    const plan = await stack.run('plan', 'stack', '--no-color');
    expect(plan.code).to.not.equal(0);
    expect(plan.stderr).to.include(
      'stack/more.yaml:2:3: resources.key is declared in both stack/keys.yaml:2:3 and stack/more.yaml:2:3; declare it in one file of the folder',
    );
    expect(await readState(stack.folder)).to.deep.equal(before);
  });
});
