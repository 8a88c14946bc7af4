/**
 * Formatting through the language server (issue 37, item 7): an editor's
 * `textDocument/formatting` on an open manifest gets one edit whose text is
 * what `cloudctl fmt` writes, from the unsaved text; a formatted text, a
 * text that is not valid YAML and a var file get no edit.
 */
import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DocumentFormattingRequest, type TextEdit } from 'vscode-languageserver-protocol';
import { type LspClient, uriOf } from '../support/lsp-client.js';
import { useLspStack } from '../support/lsp-stack.js';
import { cli, write } from './helpers.js';

const UNFORMATTED = `resources:
  # the keypair
  key:
    properties: { name: 'lsp-key' }
    type: cloud_lite_keypair
variables:
  cycle: { default: m }
`;

describe('integration: formatting through the language server', function () {
  this.timeout(60_000);
  const lsp = useLspStack({ files: { 'main.yaml': 'resources: {}\n', 'prod.vars.yaml': "cycle:   'a'\n" }, prefix: 'lsp-formatting' });
  let client: LspClient;
  let folder: string;
  before(() => {
    client = lsp.client;
    folder = lsp.stack.folder;
  });

  /** The edits the server answers for `path` (absolute). */
  const format = (path: string): Promise<TextEdit[] | null> =>
    client.within(
      client.connection.sendRequest(DocumentFormattingRequest.type, {
        textDocument: { uri: uriOf(path) },
        options: { tabSize: 2, insertSpaces: true },
      }),
      'formatting',
    );

  it('declares the capability and formats the unsaved text as cloudctl fmt does (one edit of the whole text)', async () => {
    expect(client.initializeResult.capabilities.documentFormattingProvider).to.equal(true);
    const path = join(folder, 'main.yaml');
    await client.open(path);
    await client.change(path, UNFORMATTED);
    const edits = await format(path);
    expect(edits).to.have.length(1);
    expect(edits![0].range).to.deep.equal({ start: { line: 0, character: 0 }, end: { line: 7, character: 0 } });
    // The same text as the command writes.
    await write(folder, 'main.yaml', UNFORMATTED);
    expect((await cli(['fmt', 'main.yaml'], { cwd: folder, env: {} })).code).to.equal(0);
    expect(edits![0].newText).to.equal(await readFile(path, 'utf8'));
    expect(edits![0].newText).to.match(/^variables:\n {2}cycle: \{ default: m \}\n\nresources:\n {2}# the keypair\n {2}key:\n {4}type:/);

    await client.change(path, edits![0].newText);
    expect(await format(path)).to.deep.equal([]);
    await client.change(path, 'resources:\n  web: [unclosed\n');
    expect(await format(path)).to.deep.equal([]);
  });

  it('leaves a var file alone', async () => {
    const path = join(folder, 'prod.vars.yaml');
    await client.open(path);
    expect(await format(path)).to.deep.equal([]);
  });
});
