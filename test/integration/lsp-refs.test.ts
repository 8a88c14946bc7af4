/**
 * The language server's symbols, rename and code actions driven as an
 * editor drives them (test/support/lsp-client.ts: `cloudctl lsp --stdio`
 * over the protocol), on a workspace applied to the simulator: a rename of
 * a block the state holds writes the `moved:` entry, after which
 * `cloudctl plan` shows the move and no paid order.
 */
import { expect } from 'chai';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  CodeActionRequest,
  DefinitionRequest,
  DocumentSymbolRequest,
  PrepareRenameRequest,
  ReferencesRequest,
  RenameRequest,
  WorkspaceSymbolRequest,
  type CodeAction,
  type Diagnostic,
  type DocumentSymbol,
  type Location,
  type Position,
  type Range,
  type SymbolInformation,
  type WorkspaceEdit,
} from 'vscode-languageserver-protocol/node';
import { type LspClient, uriOf } from '../support/lsp-client.js';
import { useLspStack } from '../support/lsp-stack.js';
import { applyEdits } from '../support/text-edits.js';
import { LSP_STACK } from '../fixtures/lsp-stack.js';
import { readState } from './helpers.js';

/** `file:line:column` (1-based, path relative to `folder`) of a location. */
function where(folder: string, location: Location): string {
  const path = decodeURIComponent(new URL(location.uri).pathname).replace(`${folder}/`, '');
  return `${path}:${location.range.start.line + 1}:${location.range.start.character + 1}`;
}

/** Makes a workspace edit on the files on disk, as an editor saving them would; the paths it changed. */
async function saveEdit(edit: WorkspaceEdit): Promise<string[]> {
  const changed: string[] = [];
  for (const [uri, edits] of Object.entries(edit.changes ?? {})) {
    const path = decodeURIComponent(new URL(uri).pathname);
    await writeFile(path, applyEdits(await readFile(path, 'utf8'), edits));
    changed.push(path);
  }
  return changed;
}

describe('integration: lsp definitions, references, symbols, rename and code actions', function () {
  this.timeout(120_000);
  const lsp = useLspStack({ files: LSP_STACK, apply: 'main.yaml', prefix: 'lsp-refs-' });
  const { stack } = lsp;
  let client: LspClient;
  let main: string;

  /** A request of the client, failing the test after the client's wait. */
  const ask = <R>(what: string, request: Promise<R>): Promise<R> => client.within(request, what);
  const at = (needle: string, shift = 0, occurrence = 0): Position => client.positionOf(main, needle, shift, occurrence);
  const document = {
    get textDocument() {
      return { uri: uriOf(main) };
    },
  };

  before(async () => {
    client = lsp.client;
    main = join(stack.folder, 'main.yaml');
    expect(await client.open(main)).to.deep.equal([]);
  });

  it('goes to definitions across the manifest and its module, and finds every reference', async () => {
    const key = await ask(
      'definition',
      client.connection.sendRequest(DefinitionRequest.type, { ...document, position: at('${key.keypair_id}', 3) }),
    );
    expect(where(stack.folder, key as Location)).to.equal('main.yaml:6:3');
    const output = await ask(
      'definition',
      client.connection.sendRequest(DefinitionRequest.type, { ...document, position: at('module.cluster.key_id', 16) }),
    );
    expect(where(stack.folder, output as Location)).to.equal('modules/app/main.yaml:8:3');
    const references = await ask(
      'references',
      client.connection.sendRequest(ReferencesRequest.type, {
        ...document,
        position: at('  cycle:', 3),
        context: { includeDeclaration: false },
      }),
    );
    expect(references!.map((location) => where(stack.folder, location))).to.deep.equal([
      'main.yaml:4:21',
      'main.yaml:19:20',
      'main.yaml:23:32',
      'prod.vars.yaml:1:1',
    ]);
  });

  it('lists the outline of a file and searches the workspace', async () => {
    const outline = (await ask(
      'document symbols',
      client.connection.sendRequest(DocumentSymbolRequest.type, document),
    )) as DocumentSymbol[];
    expect(outline.map((symbol) => symbol.name)).to.deep.equal([
      'var.cycle',
      'local.prefix',
      'key',
      'web',
      'module.cluster',
      'output.key_id',
      'output.ids',
    ]);
    const found = (await ask(
      'workspace symbols',
      client.connection.sendRequest(WorkspaceSymbolRequest.type, { query: 'key_id' }),
    )) as SymbolInformation[];
    expect(found.map((symbol) => `${symbol.name} ${where(stack.folder, symbol.location)}`)).to.deep.equal([
      'output.key_id main.yaml:25:3',
      'output.key_id modules/app/main.yaml:8:3',
    ]);
  });

  it('renames a block the state holds with a moved: entry: plan then shows the move and orders nothing', async () => {
    const position = at('  web:', 3);
    const prepared = (await ask('prepareRename', client.connection.sendRequest(PrepareRenameRequest.type, { ...document, position }))) as {
      range: Range;
      placeholder: string;
    };
    expect(prepared.placeholder).to.equal('web');
    const edit = await ask('rename', client.connection.sendRequest(RenameRequest.type, { ...document, position, newName: 'frontend' }));
    expect(await saveEdit(edit!)).to.deep.equal([main]);
    const text = await readFile(main, 'utf8');
    expect(text).to.include('  frontend:\n').and.include('ids: ${frontend[*].id}');
    expect(text).to.include('moved:\n  - from: old\n    to: web\n  - from: web\n    to: frontend\n');
    const ordersBefore = stack.cloud.ledger().length;
    const plan = await stack.run('plan', 'main.yaml', '--no-color');
    expect(plan.code, plan.stderr).to.equal(0);
    expect(plan.stdout).to.include('# web[0] has moved to frontend[0]').and.include('# web[1] has moved to frontend[1]');
    expect(plan.stdout).not.to.match(/will be (created|destroyed|replaced)/);
    expect(plan.stdout).to.include('Plan: 0 to add, 0 to change, 0 to destroy, 2 to move. 0 paid orders.');
    const applied = await stack.run('apply', 'main.yaml', '--auto-approve');
    expect(applied.code, applied.stderr + applied.stdout).to.equal(0);
    expect(Object.keys((await readState(stack.folder)).resources).sort()).to.deep.equal([
      'cluster.app_key',
      'frontend[0]',
      'frontend[1]',
      'key',
    ]);
    expect(stack.cloud.ledger().length).to.equal(ordersBefore);
  });

  it('refuses a rename to a name already declared, and renames a variable with its var file key', async () => {
    await client.change(main, await readFile(main, 'utf8'));
    const refused = await client.connection
      .sendRequest(RenameRequest.type, { ...document, position: at('  key:', 3), newName: 'frontend' })
      .then(
        () => 'accepted',
        (error: Error) => error.message,
      );
    expect(refused).to.match(/^"frontend" is declared already at .*main\.yaml:9:3$/);
    const edit = await ask(
      'rename',
      client.connection.sendRequest(RenameRequest.type, { ...document, position: at('var.cycle', 5), newName: 'billing' }),
    );
    expect(Object.keys(edit!.changes!).map((uri) => uri.replace(uriOf(stack.folder), ''))).to.have.members([
      '/main.yaml',
      '/prod.vars.yaml',
    ]);
  });

  it('offers the did-you-mean fix, the missing attributes and a reference for a hard-coded id', async () => {
    const state = await readState(stack.folder);
    const keypairId = String(state.resources.key.attributes.keypair_id);
    const text = (await readFile(main, 'utf8'))
      .replace('keypair_id: ${key.keypair_id}', `keypair_id: ${keypairId}`)
      .replace('select_os: ubuntu-22.04', 'select_os: ubuntu-22.04\n      vm_nmae: typo')
      .replace('    properties: { name: lsp-key }', '    properties: {}');
    const diagnostics: Diagnostic[] = await client.change(main, text);
    const typo = diagnostics.find((diagnostic) => String(diagnostic.message).includes('did you mean "vm_name"'))!;
    expect(typo, JSON.stringify(diagnostics)).to.not.equal(undefined);
    const actions = async (range: Range, context: Diagnostic[]) =>
      ((await ask(
        'code actions',
        client.connection.sendRequest(CodeActionRequest.type, { ...document, range, context: { diagnostics: context } }),
      )) ?? []) as CodeAction[];
    const fixes = await actions(typo.range, [typo]);
    expect(fixes.map((action) => action.title)).to.include('Change "vm_nmae" to "vm_name"');
    const fixed = applyEdits(text, fixes.find((action) => action.title.startsWith('Change'))!.edit!.changes![uriOf(main)]);
    expect(fixed).to.include('      vm_name: typo\n');
    const onKey = at('  key:', 3);
    const missing = await actions({ start: onKey, end: onKey }, []);
    expect(missing.map((action) => action.title)).to.include('Add the required attribute of key (name)');
    const onId = at(`keypair_id: ${keypairId}`, 13);
    const reference = (await actions({ start: onId, end: onId }, [])).find((action) => action.kind === 'refactor.rewrite')!;
    expect(reference.title).to.equal(`Refer to key.keypair_id instead of the id ${JSON.stringify(Number(keypairId))}`);
    expect(applyEdits(text, reference.edit!.changes![uriOf(main)])).to.include('keypair_id: "${key.keypair_id}"');
  });

  it('refuses to rename a block when the state cannot be read, rather than rename it without its moved: entry', async () => {
    await client.change(main, await readFile(main, 'utf8'));
    await writeFile(join(stack.folder, '.cloudctl', 'state.json'), '{ damaged');
    const refused = await client.connection
      .sendRequest(RenameRequest.type, { ...document, position: at('  key:', 3), newName: 'ssh_key' })
      .then(
        () => 'accepted',
        (error: Error) => error.message,
      );
    expect(refused).to.match(/^cannot rename key: the state could not be read \(.+\), so whether it needs a moved: entry is unknown/);
  });
});
