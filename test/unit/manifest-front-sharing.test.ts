/**
 * What the front end shares to stay small at 100,000 resources
 * (docs/design.md, Manifest): the block lists of a record, reference texts
 * read once, the lone plain reference read without the template grammar.
 */
import { expect } from 'chai';
import { blocksChanged, blocksOf } from '../../src/manifest/block-list.js';
import { parseReference, parseStringExpression } from '../../src/manifest/parse/expressions.js';
import { parseManifest } from '../../src/manifest/parse/manifest.js';

const here = (line: number, column: number) => ({ file: 'm.yaml', line, column });

describe('front end sharing', () => {
  it('lists a record once, and again after blocksChanged', () => {
    const blocks: Record<string, number> = { a: 1, b: 2 };
    const first = blocksOf(blocks);
    expect(first).to.deep.equal([1, 2]);
    expect(blocksOf(blocks)).to.equal(first);
    blocks.c = 3;
    blocksChanged(blocks);
    expect(blocksOf(blocks)).to.deep.equal([1, 2, 3]);
  });

  it('gives each use of a reference text its own location, sharing the rest', () => {
    const one = parseReference('data.os.oss[0].name', here(1, 1));
    const two = parseReference('data.os.oss[0].name', here(9, 5));
    if ('error' in one || 'error' in two) throw new Error('expected references');
    expect(two.reference).to.deep.equal({ ...one.reference, location: here(9, 5) });
    expect(one.reference.location).to.deep.equal(here(1, 1));
    expect(two.reference.path).to.equal(one.reference.path);
    const keyed = parseReference('web["eu"].id', here(2, 2));
    const again = parseReference('web["eu"].id', here(3, 3));
    if ('error' in keyed || 'error' in again) throw new Error('expected references');
    expect(again.reference).to.deep.equal({ ...keyed.reference, location: here(3, 3) });
    expect(again.reference.key).to.equal('eu');
  });

  it('reads a lone plain reference as the template grammar does', () => {
    const at = (offset: number) => here(1, 10 + offset);
    const lone = parseStringExpression('${ web[*].id }', here(1, 10), at);
    // The same reference written with text after it goes through the template grammar.
    const templated = parseStringExpression('${ web[*].id }x', here(1, 10), at);
    expect(lone.diagnostics).to.deep.equal([]);
    expect(lone.expression).to.deep.equal({
      kind: 'reference',
      reference: { text: 'web[*].id', root: 'resource', name: 'web', splat: true, path: ['id'], location: here(1, 10) },
      location: here(1, 10),
    });
    if (templated.expression.kind !== 'template') throw new Error('expected a template');
    expect(templated.expression.parts[0]).to.deep.equal((lone.expression as { reference: unknown }).reference);
  });

  it('locates references on a fast-read manifest exactly', () => {
    const source = [
      'resources:',
      '  a: { type: cloud_lite_keypair, properties: { name: "${var.x}" } }',
      '  b:',
      '    type: cloud_lite_keypair',
      '    properties:',
      '      name: ${var.x}',
      '',
    ].join('\n');
    const parsed = parseManifest(source, 'm.yaml');
    expect(parsed.diagnostics).to.deep.equal([]);
    const located = (name: string) => {
      const expression = parsed.manifest.resources[name]!.properties.name!;
      if (expression.kind !== 'reference') throw new Error('expected a reference');
      const { line, column } = expression.reference.location;
      return [line, column];
    };
    expect(located('a')).to.deep.equal([2, 55]);
    expect(located('b')).to.deep.equal([6, 13]);
  });
});
