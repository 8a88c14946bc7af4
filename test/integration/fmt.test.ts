/**
 * `cloudctl fmt` through the CLI's entry point (issue 37, item 7): `--check`
 * lists the unformatted files and exits 3 writing nothing, `--diff` shows
 * the change, the default rewrites in place (a folder's manifest files;
 * sub-folders with `--recursive`), and a file that is not valid YAML is a
 * located error with nothing written.
 */
import { expect } from 'chai';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { cli, tempFolder, write } from './helpers.js';

const UNFORMATTED = `resources:
  key:
    properties: { name: 'fmt-key' }
    type: cloud_lite_keypair
variables:
  # the billing cycle
  cycle: { default: m }
`;

const FORMATTED = `variables:
  # the billing cycle
  cycle: { default: m }

resources:
  key:
    type: cloud_lite_keypair
    properties: { name: "fmt-key" }
`;

describe('integration: cloudctl fmt (issue 37, item 7)', function () {
  this.timeout(60_000);

  it('--check lists and writes nothing (exit 3), --diff shows the change, fmt rewrites, then --check passes', async () => {
    const folder = await tempFolder('fmt');
    await write(folder, 'main.yaml', UNFORMATTED);
    await write(folder, 'done.yaml', 'resources:\n  other_key:\n    type: cloud_lite_keypair\n    properties: { name: "other-key" }\n');
    await write(folder, 'prod.vars.yaml', "cycle:   'a'\n"); // a var file: not a manifest file of the folder
    await mkdir(join(folder, 'module'));
    await write(folder, 'module/main.yaml', UNFORMATTED);
    const env = {};

    const check = await cli(['fmt', '--check'], { cwd: folder, env });
    expect(check.code, check.stderr).to.equal(3);
    expect(check.stdout).to.equal('main.yaml\n');
    expect(await readFile(join(folder, 'main.yaml'), 'utf8')).to.equal(UNFORMATTED);

    const diff = await cli(['fmt', '--check', '--diff', '--recursive'], { cwd: folder, env });
    expect(diff.code).to.equal(3);
    expect(diff.stdout).to.include('--- a/main.yaml\n+++ b/main.yaml\n');
    expect(diff.stdout).to.include('--- a/module/main.yaml\n');
    expect(diff.stdout).to.include("-    properties: { name: 'fmt-key' }\n");
    expect(diff.stdout).to.include('+    type: cloud_lite_keypair\n');

    const rewrite = await cli(['fmt', 'main.yaml'], { cwd: folder, env });
    expect(rewrite.code, rewrite.stderr).to.equal(0);
    expect(rewrite.stdout).to.equal('main.yaml\n');
    expect(await readFile(join(folder, 'main.yaml'), 'utf8')).to.equal(FORMATTED);
    expect(await readFile(join(folder, 'module/main.yaml'), 'utf8')).to.equal(UNFORMATTED);
    expect(await readFile(join(folder, 'prod.vars.yaml'), 'utf8')).to.equal("cycle:   'a'\n");

    const again = await cli(['fmt', '--check', '.'], { cwd: folder, env });
    expect(again.code, again.stdout).to.equal(0);
    expect(again.stdout).to.equal('');
    const valid = await cli(['validate', '.'], { cwd: folder, env });
    expect(valid.code, valid.stderr).to.equal(0);
  });

  it('invalid YAML anywhere: a located error, exit 1, and no file written', async () => {
    const folder = await tempFolder('fmt-bad');
    await write(folder, 'a.yaml', UNFORMATTED);
    await write(folder, 'b.yaml', 'resources:\n  web: [unclosed\n');
    const run = await cli(['fmt'], { cwd: folder, env: {} });
    expect(run.code).to.equal(1);
    expect(run.stderr).to.match(/^b\.yaml:\d+:\d+: invalid YAML/m);
    expect(await readFile(join(folder, 'a.yaml'), 'utf8')).to.equal(UNFORMATTED);
    const missing = await cli(['fmt', 'nosuch.yaml'], { cwd: folder, env: {} });
    expect(missing.code).to.equal(1);
    expect(missing.stderr).to.include('cannot read manifest "nosuch.yaml": no such file or folder');
  });
});
