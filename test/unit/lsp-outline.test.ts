/**
 * The language server's reading of where the cursor is (src/lsp/outline.ts,
 * src/lsp/expression-completion.ts): enclosing keys from indentation, the
 * names a file declares, and the reference being typed inside `${ }`.
 */
import { expect } from 'chai';
import { keyPathAt, outline } from '../../src/lsp/outline.js';
import { openExpression, typedReference } from '../../src/lsp/expression-completion.js';

const TEXT = `variables:
  cycle: { default: m }
resources:
  web:
    type: cloud_lite_vm
    count: 2
    properties:
      cy
      vm_name: "\${var.cycle}"
  disks:
    module: ./disk
outputs:
  id: \${web[0].id}
`;

describe('lsp: outline and cursor context', () => {
  const lines = TEXT.split('\n');

  it('finds the keys enclosing a position, typed text or not', () => {
    expect(keyPathAt(lines, 7, 8).map((each) => each.key)).to.deep.equal(['resources', 'web', 'properties']);
    expect(keyPathAt(lines, 4, 10).map((each) => each.key)).to.deep.equal(['resources', 'web']);
    expect(keyPathAt(lines, 12, 6).map((each) => each.key)).to.deep.equal(['outputs']);
  });

  it('outlines blocks with their type, repetition and module source, and the other sections', () => {
    const names = outline(TEXT);
    expect(names.resources.get('web')).to.include({ type: 'cloud_lite_vm', count: true, forEach: false, line: 3 });
    expect(names.resources.get('disks')?.source).to.equal('./disk');
    expect([...(names.sections.get('variables')?.keys() ?? [])]).to.deep.equal(['cycle']);
    expect([...(names.sections.get('outputs')?.keys() ?? [])]).to.deep.equal(['id']);
  });

  it('tells an open ${ } and the reference typed in it', () => {
    expect(openExpression('name: ${web.')).to.equal('web.');
    expect(openExpression('name: ${web.id}')).to.equal(undefined);
    expect(openExpression('name: "${join("-", [for k in x : "${k}"])}-${data.os')).to.equal('data.os');
    expect(typedReference('upper(web[0].')).to.deep.equal(['web', '']);
    expect(typedReference('data.os.oss[0].na')).to.deep.equal(['data', 'os', 'oss', 'na']);
    expect(typedReference('1 + va')).to.deep.equal(['va']);
  });
});
