/**
 * `cloudctl lsp` driven as an editor drives it: the built binary spawned
 * with `--stdio` (test/support/lsp-client.ts), one server for the file
 * (test/support/lsp-stack.ts).
 * Diagnostics are compared with what `cloudctl validate` prints for the same
 * text; completion and hover read the catalogue, the manifest's names and,
 * after a real apply on the simulator, the state and the saved plan.
 */
import { expect } from 'chai';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { CompletionItem } from 'vscode-languageserver-protocol';
import { type LspClient, uriOf } from '../support/lsp-client.js';
import { useLspStack } from '../support/lsp-stack.js';
import { liteKeypair, liteVm } from '../fixtures/lite-stack.js';
import { cli, readState, tempFolder } from './helpers.js';

const PASSWORD_ENV = { TEST_CONSOLE_PASSWORD: 'LspSecret2026' };

const MANIFEST = `variables:
  console_password: { env: TEST_CONSOLE_PASSWORD, sensitive: true }
  cycle: { default: m }
data:
  products: { type: cloud_lite_products }
resources:
${liteKeypair('key', 'lsp-key')}${liteVm('web', 'lsp-web', { cycle: '${var.cycle}' })}outputs:
  web_id: \${upper(web.id)}
`;

/** What `cloudctl validate ARGS` prints as `file:line:col: message` lines, for `files` (name → text) written into a fresh folder. */
async function validateLines(files: Record<string, string>, args: string[]): Promise<string[]> {
  const folder = await tempFolder('lsp-validate');
  for (const [name, text] of Object.entries(files)) {
    await mkdir(join(folder, name, '..'), { recursive: true });
    await writeFile(join(folder, name), text);
  }
  const result = await cli(['validate', ...args], { cwd: folder, env: PASSWORD_ENV });
  return result.stderr
    .split('\n')
    .filter((line) => /^\S+:\d+:\d+: /.test(line))
    .sort();
}

/** The labels of `items` in the order an editor shows them (by `sortText`, else label). */
function labels(items: CompletionItem[]): string[] {
  return [...items].sort((a, b) => (a.sortText ?? a.label).localeCompare(b.sortText ?? b.label)).map((item) => item.label);
}

describe('integration: the language server over stdio', function () {
  this.timeout(120_000);
  let stateBefore: { text: string; mtime: number };
  let requestsBefore: number;
  const lsp = useLspStack({
    files: { 'stack.yaml': MANIFEST },
    apply: 'stack.yaml',
    env: PASSWORD_ENV,
    prefix: 'lsp',
    beforeStart: async (stack) => {
      const plan = await stack.run('plan', 'stack.yaml');
      expect(plan.code, plan.stderr).to.equal(0);
      await mkdir(join(stack.folder, 'multi'));
      await writeFile(
        join(stack.folder, 'multi', 'a.yaml'),
        'resources:\n  key:\n    type: cloud_lite_keypair\n    properties: { name: a-key }\n',
      );
      await writeFile(
        join(stack.folder, 'multi', 'b.yaml'),
        'resources:\n  other:\n    type: cloud_lite_keypair\n    properties: { nmae: b-key }\n',
      );
      const statePath = join(stack.folder, '.cloudctl', 'state.json');
      stateBefore = { text: await readFile(statePath, 'utf8'), mtime: (await stat(statePath)).mtimeMs };
      requestsBefore = stack.cloud.counts().requests;
    },
  });
  const { stack } = lsp;
  let client: LspClient;
  let file: string;

  before(() => {
    client = lsp.client;
    file = join(stack.folder, 'stack.yaml');
  });

  it('answers initialize with its capabilities', () => {
    const capabilities = client.initializeResult.capabilities;
    expect(capabilities.hoverProvider).to.equal(true);
    expect(capabilities.completionProvider).to.not.equal(undefined);
    expect(capabilities.textDocumentSync).to.not.equal(undefined);
  });

  it('reports on open and on change what validate reports for the same text, from the unsaved text', async () => {
    expect(await client.open(file)).to.deep.equal([]);
    const broken = MANIFEST.replace('type: cloud_lite_vm', 'type: cloud_lite_vmm').replace('vm_name: lsp-web', 'vm_nam: lsp-web');
    const typo = await client.change(file, broken);
    expect(typo.map((each) => each.code)).to.deep.equal(['unknown_type']);
    expect(typo[0].message).to.include('did you mean "cloud_lite_vm"');
    expect(client.publishedLines(stack.folder)).to.deep.equal(await validateLines({ 'stack.yaml': broken }, ['stack.yaml']));
    const attribute = MANIFEST.replace('vm_name: lsp-web', 'vm_nam: lsp-web').replace('cycle: ${var.cycle}', 'cycle: x');
    await client.change(file, attribute);
    const lines = client.publishedLines(stack.folder);
    expect(lines.join('\n')).to.include('did you mean "vm_name"');
    expect(lines).to.deep.equal(await validateLines({ 'stack.yaml': attribute }, ['stack.yaml']));
    expect(await readFile(file, 'utf8')).to.equal(MANIFEST);
    expect(await client.change(file, MANIFEST)).to.deep.equal([]);
  });

  it('reports a folder manifest at the file of each problem', async () => {
    const a = join(stack.folder, 'multi', 'a.yaml');
    const b = join(stack.folder, 'multi', 'b.yaml');
    const published = client.nextDiagnostics(b);
    await client.open(a);
    const inB = await published;
    expect(inB.map((each) => each.code)).to.include('unknown_attribute');
    const files = { 'multi/a.yaml': await readFile(a, 'utf8'), 'multi/b.yaml': await readFile(b, 'utf8') };
    const expected = await validateLines(files, ['multi']);
    expect(client.publishedLines(stack.folder).filter((line) => line.startsWith('multi/'))).to.deep.equal(expected);
    expect(client.published.get(uriOf(a))).to.deep.equal([]);
  });

  it('reports a var file as validate --var-file does, unsaved text included', async () => {
    const varFile = join(stack.folder, 'prod.vars.yaml');
    await writeFile(varFile, 'cycle: m\n');
    expect(await client.open(varFile)).to.deep.equal([]);
    const text = 'cycle: m\ncyle: a\n';
    const diagnostics = await client.change(varFile, text);
    expect(diagnostics).to.have.length.greaterThan(0);
    const expected = await validateLines({ 'stack.yaml': MANIFEST, 'prod.vars.yaml': text }, [
      'stack.yaml',
      '--var-file',
      'prod.vars.yaml',
    ]);
    expect(client.publishedLines(stack.folder).filter((line) => line.startsWith('prod.vars.yaml'))).to.deep.equal(expected);
    await client.close(varFile);
  });

  it('reports a test file as cloudctl test reads it', async () => {
    const testFile = join(stack.folder, 'web.test.yaml');
    const diagnostics = await client.open(testFile, 'manifest: stack.yaml\nrunz: []\n');
    const unknown = diagnostics.find((each) => each.code === 'unknown_key');
    expect(unknown?.range.start).to.deep.equal({ line: 1, character: 0 });
    expect(unknown?.message).to.include('runz');
    await client.close(testFile);
  });

  it('checks without any API call, state write or lock', async () => {
    const statePath = join(stack.folder, '.cloudctl', 'state.json');
    expect(stack.cloud.counts().requests).to.equal(requestsBefore);
    expect(await readFile(statePath, 'utf8')).to.equal(stateBefore.text);
    expect((await stat(statePath)).mtimeMs).to.equal(stateBefore.mtime);
    expect(existsSync(join(stack.folder, '.cloudctl', 'state.lock'))).to.equal(false);
  });

  it('completes types, attribute names (required first, with their doc line) and enum values', async () => {
    const text = MANIFEST.replace('outputs:', '  extra:\n    type: \n    properties:\n      \n      cycle: \noutputs:');
    await client.change(file, text);
    const types = labels(await client.completion(file, client.positionOf(file, '    type: \n', 10)));
    expect(types).to.include('cloud_lite_vm').and.not.include('cloud_lite_products');
    await client.send(file, text.replace('    type: \n', '    type: cloud_lite_vm\n'));
    const names = await client.completion(file, client.positionOf(file, '      \n      cycle', 6));
    const ordered = labels(names);
    expect(ordered.slice(0, 5)).to.include.members(['product_id', 'select_os', 'keypair_id']);
    expect(ordered).to.include('power_state').and.not.include('status');
    expect(names.find((item) => item.label === 'product_id')?.detail).to.match(/^required /);
    const cycles = labels(await client.completion(file, client.positionOf(file, '      cycle: \n', 13)));
    expect(cycles).to.include.members(['m', 'a', 'q']);
    await client.send(file, text.replace('    type: \n', '    type: cloud_lite_vm\n    depends_on: [\n'));
    const blocks = labels(await client.completion(file, client.positionOf(file, 'depends_on: [', 13)));
    expect(blocks).to.include.members(['key', 'web', 'data.products']).and.not.include('extra');
    await client.change(file, MANIFEST);
  });

  it('completes inside ${ }: blocks, roots, functions with signatures, attributes by type and variables', async () => {
    const at = (needle: string, shift: number) => client.completion(file, client.positionOf(file, needle, shift));
    const roots = await at('${upper(web.id)}', 2);
    expect(labels(roots)).to.include.members(['key', 'web', 'var', 'data', 'upper', 'join']);
    expect(labels(roots)).to.not.include('each');
    expect(roots.find((item) => item.label === 'join')?.detail).to.include('join(separator, lists...)');
    expect(labels(await at('${key.keypair_id}', 6))).to.include.members(['keypair_id', 'id', 'name']);
    expect(labels(await at('${upper(web.id)}', 12))).to.include.members(['id', 'status', 'vm_name']);
    expect(labels(await at('${var.console_password}', 6))).to.include.members(['console_password', 'cycle']);
  });

  it('hovers an attribute with its meaning, policy, paid order and limits', async () => {
    const cycle = await client.hover(file, client.positionOf(file, 'cycle: ${var', 1));
    expect(cycle).to.include('**cycle**').and.include('On change:').and.include('Limits: one of');
    const product = await client.hover(file, client.positionOf(file, 'product_id: 1547', 1));
    expect(product).to.match(/paid order/i);
  });

  it('hovers a block with its price, and a reference with its value at the last apply (sensitive masked)', async () => {
    const block = await client.hover(file, client.positionOf(file, '  web:', 3));
    expect(block)
      .to.include('cloud_lite_vm')
      .and.match(/Price (at the last saved plan|in the state): web: [\d,]+/);
    const keypairId = String((await readState(stack.folder)).resources.key.attributes.keypair_id);
    const reference = await client.hover(file, client.positionOf(file, '${key.keypair_id}', 8));
    expect(reference).to.include('keypair_id').and.include(keypairId).and.include('At the last apply');
    const secret = await client.hover(file, client.positionOf(file, '${var.console_password}', 8));
    expect(secret).to.include('(sensitive)').and.not.include(PASSWORD_ENV.TEST_CONSOLE_PASSWORD);
    const upper = await client.hover(file, client.positionOf(file, 'upper(', 2));
    expect(upper).to.include('upper(');
  });
});
