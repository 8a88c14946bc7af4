/**
 * The CLI's edges a new user meets (issue 38, item 4): a usage error is one
 * line saying what is wrong, the command's usage line and where the rest
 * is (not the whole help); `cloudctl completion bash|zsh|fish` prints a
 * completion script whose callback (`cloudctl complete -- WORDS`) offers
 * commands, options, manifest files and the state's addresses; and the man
 * page is written from the commands' definitions (package.json's `man`).
 * Without a manifest, `validate`, `plan`, `apply` and `destroy` read the
 * current folder's (`cloudctl.yaml`) and say which; the saved plan is
 * `.cloudctl/last-plan.cplan`, and one an older cloudctl saved as
 * `last-plan.json` is still shown and applied.
 * The install without a warning and `man cloudctl` after `npm install -g`
 * are checked on the real tarball by scripts/check-package.sh.
 *
 * Run: npx mocha --no-config --import=tsx --require test/temp-folders.ts test/integration/cli-edges.test.ts
 */
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { cli, TEST_TOKEN, useStack, write } from './helpers.js';
import { liteKeypair } from '../fixtures/lite-stack.js';
import { tempFolder } from '../temp-folders.js';
import { Portal } from '../fixtures/portal.js';
import { program } from '../../src/cli/main.js';
import { manPage } from '../../scripts/lib/man-page.js';

describe('integration: the CLI edges (usage errors, completion, man page)', function () {
  this.timeout(60_000);
  const stack = useStack({ prefix: 'cloudctl-edges-' });

  it('prints a usage error as one line, the usage line and a pointer to --help, not the whole help', async () => {
    const result = await stack.run('plan', 'stack.yaml', '--refersh', 'false');
    expect(result.code).to.equal(1);
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines).to.have.length(3);
    expect(lines[0]).to.match(/^error: unknown option '--refersh'/);
    expect(lines[0]).to.include('--refresh'); // commander's guess
    expect(lines[1]).to.equal('Usage: cloudctl plan [options] [manifest]');
    expect(lines[2]).to.equal("Run 'cloudctl plan --help' for the options.");
    const nested = await stack.run('state', 'show');
    expect(nested.stderr.trimEnd().split('\n').slice(1)).to.deep.equal([
      'Usage: cloudctl state show [options] <address>',
      "Run 'cloudctl state show --help' for the options.",
    ]);
    const root = await stack.run('aply');
    expect(root.stderr).to.match(/^error: unknown command 'aply'/);
    expect(root.stderr).to.include("Run 'cloudctl --help' for the commands and options.");
    expect(root.stderr).to.not.include('Commands:');
  });

  it('prints completion scripts for bash, zsh and fish, and refuses another shell', async () => {
    for (const shell of ['bash', 'zsh', 'fish']) {
      const result = await stack.run('completion', shell);
      expect(result.code, result.stderr).to.equal(0);
      expect(result.stdout, shell).to.include('cloudctl complete --');
    }
    expect((await stack.run('completion', 'bash')).stdout).to.include('complete -F');
    const other = await stack.run('completion', 'tcsh');
    expect(other.code).to.equal(1);
    expect(other.stderr).to.include('no completion for the shell "tcsh"');
  });

  it('completes commands, options, manifest files and the addresses of the state', async () => {
    const values = async (...words: string[]) => {
      const result = await stack.run('complete', '--', ...words);
      expect(result.code, result.stderr).to.equal(0);
      return result.stdout
        .split('\n')
        .filter((line) => line && !line.startsWith(':'))
        .map((line) => line.split('\t')[0]);
    };
    expect(await values('')).to.include.members(['plan', 'apply', 'state', 'workspace', 'completion']);
    expect(await values('')).to.not.include('complete');
    expect(await values('state', '')).to.include.members(['list', 'show', 'mv', 'rm']);
    expect(await values('apply', '--au')).to.deep.equal(['--auto-approve', '--auto-approve-by-rules']);
    await write(stack.folder, 'web.yaml', 'resources: {}\n');
    await write(stack.folder, 'notes.txt', 'not a manifest\n');
    expect(await values('plan', '')).to.deep.equal(['web.yaml']);
    const key = await new Portal(stack.cloud.url, TEST_TOKEN).keypair('/lites', 'edge-key');
    expect((await stack.run('import', 'cloud_lite_keypair.team_key', key)).code).to.equal(0);
    expect(await values('state', 'show', '')).to.deep.equal(['team_key']);
    expect(await values('plan', 'web.yaml', '--target', '')).to.deep.equal(['team_key']);
  });

  it('without a manifest: reads cloudctl.yaml here and says so; the plan saved as last-plan.cplan, an older last-plan.json still read', async () => {
    const folder = await tempFolder('cloudctl-edges-default-');
    const run = (...args: string[]) => cli(args, { cwd: folder, env: stack.env });
    const none = await run('plan');
    expect(none.code).to.equal(1);
    expect(none.stderr.split('\n').slice(0, 2)).to.deep.equal([
      'error: no manifest given, and none here (no cloudctl.yaml nor other *.yaml file): name one, or write cloudctl.yaml',
      'Usage: cloudctl plan [options] [manifest]',
    ]);
    await write(folder, 'cloudctl.yaml', `resources:\n${liteKeypair('key', 'default-key')}`);
    const said = 'cloudctl: no manifest given: reading cloudctl.yaml\n';
    const validated = await run('validate');
    expect([validated.code, validated.stderr]).to.deep.equal([0, said]);
    const planned = await run('plan', '--json');
    expect(planned.code, planned.stderr).to.equal(0);
    expect(planned.stderr).to.equal(said);
    expect(JSON.parse(planned.stdout).manifest.path).to.equal('cloudctl.yaml');
    const saved = await readFile(join(folder, '.cloudctl', 'last-plan.cplan'));
    expect(saved.subarray(0, 16).toString('latin1')).to.equal('cloudctl-plan/3 ');
    const shown = await run('show', '--json');
    expect(JSON.parse(shown.stdout).changes.map((change: { address: string }) => change.address)).to.deep.equal(['key']);

    // A plan an older cloudctl saved under the old name: shown and applied as the last plan.
    await rename(join(folder, '.cloudctl', 'last-plan.cplan'), join(folder, '.cloudctl', 'last-plan.json'));
    expect((await run('show')).stdout).to.include('Plan: 1 to add');
    const applied = await run('apply', '--auto-approve');
    expect(applied.code, applied.stderr).to.equal(0);
    expect(applied.stderr).to.not.include('no manifest given');
    const destroyed = await run('destroy', '--auto-approve');
    expect(destroyed.code, destroyed.stderr).to.equal(0);
    expect(destroyed.stderr).to.equal(said);
    expect(destroyed.stdout).to.include('1 destroyed');
  });

  it("writes the man page from the commands' definitions, every command and option in it, shipped as package.json's man", () => {
    const cli = program({ cwd: '.', env: {}, stdin: undefined as never, stdout: { write: () => true }, stderr: { write: () => true } });
    const page = manPage(cli, '0.1.0', '2026-11-29');
    expect(page).to.match(/^\.TH CLOUDCTL 1 "2026-11-29" "cloudctl 0\.1\.0"/);
    for (const command of ['cloudctl plan', 'cloudctl apply', 'cloudctl state show', 'cloudctl workspace new', 'cloudctl completion'])
      expect(page, command).to.include(`.B ${command} `);
    expect(page).to.not.include('cloudctl complete ');
    expect(page).to.include('\\-\\-target <address>');
    expect(page).to.include('\\-\\-exclude\\-state <path>');
    const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      man: string[];
      files: string[];
      scripts: Record<string, string>;
    };
    expect(manifest.man).to.deep.equal(['./man/cloudctl.1']);
    expect(manifest.files).to.include('man');
    expect(manifest.scripts.build).to.include('scripts/generate-man.ts');
  });
});
