/**
 * The CLI's edges a new user meets (issue 38, item 4): a usage error is one
 * line saying what is wrong, the command's usage line and where the rest
 * is (not the whole help); `cloudctl completion bash|zsh|fish` prints a
 * completion script whose callback (`cloudctl complete -- WORDS`) offers
 * commands, options, manifest files and the state's addresses; and the man
 * page is written from the commands' definitions (package.json's `man`).
 * The install without a warning and `man cloudctl` after `npm install -g`
 * are checked on the real tarball by scripts/check-package.sh.
 *
 * Run: npx mocha --no-config --import=tsx --require test/temp-folders.ts test/integration/cli-edges.test.ts
 */
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { TEST_TOKEN, useStack, write } from './helpers.js';
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
