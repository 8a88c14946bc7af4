/**
 * The plain-reference reader (src/manifest/parse/plain-reference.ts) against
 * the full reference grammar: every text it reads gives the reference the
 * grammar gives (same properties, same order, same location), and it leaves
 * everything else (blanks, quoted keys, operators, calls, malformed
 * references) to the grammar, so diagnostics come from there unchanged.
 */
import { expect } from 'chai';
import { parseReference, parseStringExpression } from '../../src/manifest/parse/expressions.js';
import { readPlainReference } from '../../src/manifest/parse/plain-reference.js';

const here = { file: 'm.yaml', line: 3, column: 5 };
const elsewhere = { file: 'm.yaml', line: 9, column: 11 };

/** What the grammar reads of `${inner}`: the reference, or its error message. */
function grammar(inner: string): unknown {
  const parsed = parseReference(inner, here);
  return 'error' in parsed ? { error: parsed.error } : parsed.reference;
}

/** Checks that the plain reader agrees with the grammar on `text` (whole `${...}`): same reference, or no answer. */
function agree(text: string): boolean {
  const plain = readPlainReference(text, here);
  if (!plain) return false;
  const full = grammar(text.slice(2, -1));
  expect(plain, text).to.deep.equal(full);
  expect(Object.keys(plain), text).to.deep.equal(Object.keys(full as object));
  // The string as a whole reads as that reference too (the cache's copies included, at another location).
  for (let round = 0; round < 2; round++) {
    const { expression, diagnostics } = parseStringExpression(text, elsewhere, () => here);
    expect(diagnostics, text).to.deep.equal([]);
    expect(expression, text).to.deep.equal({ kind: 'reference', reference: full, location: elsewhere });
  }
  return true;
}

describe('plain-reference reader', () => {
  it('reads the plain shapes exactly as the grammar does', () => {
    const read = [
      '${kp_00012.keypair_id}',
      '${vm_00001.id}',
      '${web}',
      '${web[0]}',
      '${web[12].id}',
      '${web[*]}',
      '${web[*].ip_address}',
      '${web-2.id.x[3].y}',
      '${_a.b_c-d}',
      '${data.products.products[0].product_id}',
      '${data.os.oss[0].name}',
      '${data.os}',
      '${data.os[1]}',
      '${data.os[*].oss}',
      '${var.cycle}',
      '${var.tags[1]}',
      '${var.settings.size[007]}',
      '${local.name}',
      '${local.names[2].x}',
      '${self.id}',
      '${web[99999999999999999999].x}',
    ];
    for (const text of read) expect(agree(text), text).to.equal(true);
  });

  it('leaves every other text to the grammar', () => {
    const left = [
      '${ web.id}',
      '${web.id }',
      '${web["eu"].id}',
      "${web['eu'].id}",
      '${web.id[*]}',
      '${web[0][1]}',
      '${web[].id}',
      '${web[-1].id}',
      '${web[x].id}',
      '${web[each.key].id}',
      '${web.}',
      '${web..id}',
      '${.web}',
      '${9web.id}',
      '${web.9id}',
      '${var}',
      '${var.}',
      '${var[0]}',
      '${local}',
      '${data}',
      '${data.}',
      '${data[0]}',
      '${module.cluster.x}',
      '${module.cluster[*].x}',
      '${count.index}',
      '${each.key}',
      '${each.value.name}',
      '${workspace}',
      '${workspace.x}',
      '${a + b}',
      '${a.b ? 1 : 2}',
      '${upper(var.x)}',
      '${a}}',
      '${a}b',
      'x${a}',
      '$${a}',
      '${}',
      '${a',
      '${a.b}${c.d}',
      '${web[0',
      '${web[0]x}',
      '${web[*]x}',
    ];
    for (const text of left) expect(readPlainReference(text, here), text).to.equal(undefined);
  });

  it('agrees with the grammar on generated texts, malformed ones included', () => {
    const pieces = [
      'web',
      'data',
      'var',
      'local',
      'module',
      'each',
      'count',
      'a-b',
      '_x',
      '9',
      '.',
      '.id',
      '[0]',
      '[12]',
      '[*]',
      '[',
      ']',
      '"k"',
      ' ',
      '-',
      '{',
      '}',
      '$',
    ];
    // A fixed linear congruential sequence: the same texts every run.
    let seed = 12345;
    const next = (bound: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % bound;
    };
    let read = 0;
    for (let index = 0; index < 20000; index++) {
      let inner = '';
      const length = 1 + next(6);
      for (let piece = 0; piece < length; piece++) inner += pieces[next(pieces.length)];
      const text = `\${${inner}}`;
      if (agree(text)) read++;
      else {
        // Not read here: whatever the grammar says of it (a reference or a diagnostic) is what the string gives.
        const full = grammar(inner);
        if (!('error' in (full as object)) && /^[^\s"']*$/.test(inner)) {
          const { expression } = parseStringExpression(text, elsewhere, () => here);
          if (expression.kind === 'reference') expect(expression.reference, text).to.deep.equal(full);
        }
      }
    }
    expect(read).to.be.greaterThan(1000);
  });
});
