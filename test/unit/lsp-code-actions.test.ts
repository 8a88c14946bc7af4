/**
 * The language server's code actions (src/lsp/code-actions.ts): the
 * did-you-mean fixes of validate's own diagnostics, the missing required
 * attributes of a block, and a hard-coded id turned into a reference.
 */
import { expect } from 'chai';
import { DiagnosticError } from '../../src/core/types.js';
import { loadManifestFromSource } from '../../src/manifest/index.js';
import { didYouMeanFixes, missingAttributesFix, stateReferenceFixes, type DiagnosticInput } from '../../src/lsp/code-actions.js';
import type { StateResource } from '../../src/lsp/state-view.js';
import { buildSymbolIndex, type IndexedFile, type SymbolIndex } from '../../src/lsp/symbols.js';
import { applyEdits } from '../support/text-edits.js';

const PATH = '/ws/main.yaml';

/** The index of one manifest `text` at {@link PATH}, and its file. */
function single(text: string): { index: SymbolIndex; file: IndexedFile } {
  const index = buildSymbolIndex({ manifests: [{ files: [PATH] }], read: (path) => (path === PATH ? text : undefined) });
  return { index, file: index.files.get(PATH)! };
}

/** What `cloudctl validate` reports for `text`, as an editor holds the diagnostics (0-based positions). */
function validateDiagnostics(text: string): DiagnosticInput[] {
  try {
    loadManifestFromSource(text, PATH, { env: {} });
    return [];
  } catch (error) {
    if (!(error instanceof DiagnosticError)) throw error;
    return error.diagnostics.map((diagnostic) => {
      const start = { line: diagnostic.location!.line - 1, character: diagnostic.location!.column - 1 };
      return { range: { start, end: start }, message: diagnostic.message, code: diagnostic.code };
    });
  }
}

/** `text` with the one file edit of an action made. */
function applied(text: string, edits: Map<string, Array<{ range: DiagnosticInput['range']; newText: string }>>): string {
  expect([...edits.keys()]).to.deep.equal([PATH]);
  return applyEdits(text, edits.get(PATH)!);
}

const KEYPAIR = 'resources:\n  key:\n    type: cloud_lite_keypair\n    properties: { name: k1 }\n';

describe('lsp code actions', () => {
  it("applies validate's did-you-mean suggestions: a type, an attribute, a reference, a variable", () => {
    const text = [
      'variables:',
      '  cycle: { default: m }',
      'resources:',
      '  key:',
      '    type: cloud_lite_keypar',
      '    properties: { name: k1 }',
      '  disk:',
      '    type: cloud_lite_disk',
      '    properties:',
      '      product_id: 1701',
      '      cycel: ${var.cylce}',
      '      lite_account_id: ${vmm.id}',
      '      service_name: disk-01',
      '      size: 80',
      '  vm:',
      '    type: cloud_lite_keypair',
      '    properties: { name: k2 }',
      '',
    ].join('\n');
    const diagnostics = validateDiagnostics(text);
    const { file } = single(text);
    const fixes = didYouMeanFixes(file, diagnostics);
    expect(fixes.map((fix) => fix.title)).to.have.members([
      'Change "cloud_lite_keypar" to "cloud_lite_keypair"',
      'Change "cycel" to "cycle"',
      'Change "cylce" to "cycle"',
      'Change "vmm" to "vm"',
    ]);
    let fixed = text;
    // One at a time, as a user would: each fix's range is of the text it was computed on.
    for (let round = 0; round < 4; round++) {
      const next = didYouMeanFixes(single(fixed).file, validateDiagnostics(fixed))[0];
      if (!next) break;
      fixed = applied(fixed, next.edits);
    }
    expect(fixed).to.include('type: cloud_lite_keypair\n').and.include('cycle: ${var.cycle}').and.include('${vm.id}');
    expect(validateDiagnostics(fixed).map((diagnostic) => diagnostic.message)).to.deep.equal([]);
  });

  it('adds the missing required attributes to a block mapping, a flow mapping, or a new properties: mapping', () => {
    const block = [
      'resources:',
      '  key:',
      '    type: cloud_lite_keypair',
      '    properties: { name: k1 }',
      '  disk:',
      '    type: cloud_lite_disk',
      '    properties:',
      '      product_id: 1701',
      '',
    ].join('\n');
    const { index, file } = single(block);
    const fix = missingAttributesFix(index, file, { line: 5, character: 8 })!;
    expect(fix.title).to.equal('Add the required attributes of disk (cycle, lite_account_id)');
    expect(applied(block, fix.edits)).to.include('      product_id: 1701\n      cycle: "m"\n      lite_account_id: 0\n');
    expect(missingAttributesFix(index, file, { line: 2, character: 4 })).to.equal(undefined); // the keypair lacks nothing

    const flow = 'resources:\n  disk:\n    type: cloud_lite_disk\n    properties: { product_id: 1701, size: 80 }\n';
    const flowFix = missingAttributesFix(single(flow).index, single(flow).file, { line: 1, character: 3 })!;
    expect(applied(flow, flowFix.edits)).to.include('properties: { product_id: 1701, size: 80, cycle: "m", lite_account_id: 0 }');

    const bare = 'resources:\n  disk:\n    type: cloud_lite_disk\n';
    const bareFix = missingAttributesFix(single(bare).index, single(bare).file, { line: 2, character: 5 })!;
    expect(applied(bare, bareFix.edits)).to.equal(
      'resources:\n  disk:\n    type: cloud_lite_disk\n    properties:\n      product_id: 0\n      cycle: "m"\n      lite_account_id: 0\n',
    );
  });

  it('turns a hard-coded id of a state resource into a reference, and leaves other values alone', () => {
    const text = [
      KEYPAIR.trimEnd(),
      '  disk:',
      '    type: cloud_lite_disk',
      '    properties:',
      '      product_id: 1701',
      '      cycle: m',
      '      lite_account_id: 100234',
      '      service_name: "100234"',
      '      size: 80',
      '  vm:',
      '    type: cloud_lite_vm',
      '    count: 2',
      '    properties: { product_id: 1547, keypair_id: "5012" }',
      '',
    ].join('\n');
    const { index, file } = single(text);
    const state: StateResource[] = [
      { address: 'web[1]', type: 'cloud_lite_vm', id: '100234', attributes: {} },
      { address: 'key', type: 'cloud_lite_keypair', id: '5012', attributes: { keypair_id: '5012' } },
      { address: 'cluster.vm', type: 'cloud_lite_vm', id: '100234', attributes: {} },
    ];
    const everything = { start: { line: 0, character: 0 }, end: { line: 20, character: 0 } };
    // web[1] is not declared (web is not a block of the manifest): no action for it; key is.
    expect(stateReferenceFixes(index, file, everything, state).map((fix) => fix.title)).to.deep.equal([
      'Refer to key.keypair_id instead of the id "5012"',
    ]);
    const declared: StateResource[] = [{ address: 'vm[1]', type: 'cloud_lite_vm', id: '100234', attributes: {} }, ...state];
    const fixes = stateReferenceFixes(index, file, { start: { line: 9, character: 24 }, end: { line: 9, character: 24 } }, declared);
    expect(fixes.map((fix) => fix.title)).to.deep.equal(['Refer to vm[1].id instead of the id 100234']);
    expect(applied(text, fixes[0].edits)).to.include('lite_account_id: "${vm[1].id}"\n      service_name: "100234"');
  });
});
