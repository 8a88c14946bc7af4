/**
 * `cloudctl lsp --stdio` driven from a headless Neovim through Neovim's own
 * LSP client (test/fixtures/lsp-neovim.lua): diagnostics, completion and
 * rename, as a Neovim user gets them. Neovim is Debian's `neovim` package
 * (`.ci/run` installs it); without `nvim` on PATH the test skips locally and
 * fails under CI=true, saying what to install. The process is the point
 * here: the built CLI is spawned by Neovim.
 */
import { expect } from 'chai';
import { execFile, execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { liteKeypair, liteVm } from '../fixtures/lite-stack.js';
import { CLI, tempFolder } from './helpers.js';

const SCRIPT = fileURLToPath(new URL('../fixtures/lsp-neovim.lua', import.meta.url));

/** The manifest Neovim opens: a misspelled attribute (a diagnostic with a suggestion) and a keypair named in two places. */
const MANIFEST = `resources:
${liteKeypair('key', 'nvim-key')}${liteVm('web', undefined, {
  before: '    depends_on: [key]\n',
  consolePassword: 'NvimTest2026pass',
  properties: '      vm_nmae: nvim-web\n',
})}`;

/** True when `nvim` runs. */
function neovimInstalled(): boolean {
  try {
    execFileSync('nvim', ['--version'], { stdio: 'ignore', timeout: 10_000 });
    return true;
  } catch {
    return false;
  }
}

/** What the Lua script saw. */
interface NeovimResult {
  ok: boolean;
  error?: string;
  api: string;
  diagnostics: Array<{ line: number; col: number; message: string }>;
  completion: string[];
  renamed: string[];
}

describe('integration: lsp from headless Neovim', function () {
  this.timeout(120_000);

  before(function () {
    if (neovimInstalled()) return;
    if (process.env.CI === 'true')
      throw new Error("nvim is not installed: install Debian's neovim package (apt-get install neovim; .ci/run does it) to run this test");
    this.skip();
  });

  it("gets diagnostics, completion and a rename through Neovim's own LSP client", async () => {
    const folder = await tempFolder('lsp-neovim-');
    await writeFile(join(folder, 'main.yaml'), MANIFEST);
    const resultPath = join(folder, 'result.json');
    const env = {
      PATH: process.env.PATH,
      HOME: folder,
      XDG_CONFIG_HOME: join(folder, 'config'),
      XDG_DATA_HOME: join(folder, 'data'),
      XDG_STATE_HOME: join(folder, 'state'),
      XDG_CACHE_HOME: join(folder, 'cache'),
      NO_COLOR: '1',
      LSP_TEST_ROOT: folder,
      LSP_TEST_RESULT: resultPath,
      LSP_TEST_CMD: JSON.stringify([process.execPath, CLI, 'lsp', '--stdio']),
    };
    const run = await new Promise<{ code: number; stderr: string }>((resolve) => {
      const child = execFile(
        'nvim',
        ['--headless', '--clean', '-n', '-c', `luafile ${SCRIPT}`],
        { cwd: folder, env, timeout: 90_000 },
        (error, _stdout, stderr) => resolve({ code: error ? 1 : 0, stderr: String(stderr) }),
      );
      child.stdin?.end();
    });
    const result = JSON.parse(await readFile(resultPath, 'utf8').catch(() => '{"ok":false,"error":"no result written"}')) as NeovimResult;
    expect(result.ok, `${result.error ?? ''}\n${run.stderr}`).to.equal(true);
    expect(run.code).to.equal(0);

    const typo = result.diagnostics.find((diagnostic) => diagnostic.message.includes('unknown attribute "vm_nmae"'));
    expect(typo, JSON.stringify(result.diagnostics)).to.include({ line: 14, col: 6 });
    expect(typo!.message).to.include('did you mean "vm_name"?');

    expect(result.completion).to.include('cloud_lite_vm').and.include('cloud_lite_keypair');

    const renamed = result.renamed.join('\n');
    expect(renamed).to.include('  ssh_key:\n').and.include('depends_on: [ssh_key]').and.include('keypair_id: ${ssh_key.keypair_id}');
    expect(renamed).not.to.include('moved:'); // no state: nothing to move
  });
});
