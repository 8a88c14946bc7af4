/**
 * `${...}` parsing and evaluation: steps, out-of-range, unknown propagation,
 * templates and sensitivity.
 */
import { expect } from 'chai';
import { parseReference, parseStringExpression, referencesOf } from '../../src/manifest/parse/expressions.js';
import { evaluate, type ResolveRoot } from '../../src/manifest/evaluate/expressions.js';
import { formatDiagnostic, unknown, type PlannedValue, type Value } from '../../src/core/types.js';
import { type Expression, type Reference } from '../../src/manifest/types.js';

const here = { file: 'm.yaml', line: 3, column: 5 };

function parse(text: string): Expression {
  const { expression, diagnostics } = parseStringExpression(text, here);
  expect(diagnostics.map(formatDiagnostic)).to.deep.equal([]);
  return expression;
}

function reference(text: string): Reference {
  const parsed = parseReference(text, here);
  if ('error' in parsed) throw new Error(parsed.error);
  return parsed.reference;
}

const products: Value = {
  products: [
    { product_id: 101, name: 'small' },
    { product_id: 102, name: 'medium' },
    { product_id: 103, name: 'large' },
  ],
};

const resolve: ResolveRoot = (ref) => {
  if (ref.root === 'var') {
    const variables: Record<string, { value: Value; sensitive: boolean }> = {
      cycle: { value: 'm', sensitive: false },
      password: { value: 'Secret123', sensitive: true },
      count: { value: 3, sensitive: false },
      tags: { value: ['a', 'b'], sensitive: false },
    };
    return variables[ref.name];
  }
  if (ref.root === 'data' && ref.name === 'products') return { value: products };
  if (ref.root === 'resource' && ref.name === 'web') {
    return {
      value: { id: unknown('web.id'), vm_name: 'web-01', cipassword: 'pw', last_invoice: unknown('web.last_invoice'), description: '' },
      sensitive: (attribute) => attribute === 'cipassword',
    };
  }
  if (ref.root === 'resource' && ref.name === 'pending') return { value: unknown('pending') };
  return undefined;
};

function value(text: string): { value: PlannedValue; sensitive: boolean; diagnostics: string[] } {
  const result = evaluate(parse(text), resolve);
  return { value: result.value, sensitive: result.sensitive, diagnostics: result.diagnostics.map(formatDiagnostic) };
}

describe('expressions: parsing', () => {
  it('parses the reference grammar', () => {
    expect(reference('web.ip_address')).to.deep.include({ root: 'resource', name: 'web', path: ['ip_address'] });
    expect(reference(' data.os.oss[0].name ')).to.deep.include({
      root: 'data',
      name: 'os',
      path: ['oss', 0, 'name'],
      text: 'data.os.oss[0].name',
    });
    expect(reference('var.cycle')).to.deep.include({ root: 'var', name: 'cycle', path: [] });
    expect(reference('var.tags[1]')).to.deep.include({ root: 'var', name: 'tags', path: [1] });
    expect(reference('web.last_invoice["paid-id"]')).to.deep.include({ path: ['last_invoice', 'paid-id'] });
  });

  it('classifies literals, references and templates', () => {
    expect(parse('plain text')).to.deep.equal({ kind: 'literal', value: 'plain text', location: here });
    expect(parse('${web.id}').kind).to.equal('reference');
    expect(parse('web-${var.cycle}-01').kind).to.equal('template');
    expect(parse('${var.cycle}${var.cycle}').kind).to.equal('template');
    expect(parse('cost: $${price}')).to.deep.include({ kind: 'literal', value: 'cost: ${price}' });
    expect(referencesOf(parse('a ${web.id} b ${data.products.products[0].name}')).map((ref) => ref.text)).to.deep.equal([
      'web.id',
      'data.products.products[0].name',
    ]);
  });

  it('reports bad syntax at the ${', () => {
    const messages = (text: string) =>
      parseStringExpression(text, here, (offset) => ({ ...here, column: here.column + offset })).diagnostics.map(formatDiagnostic);
    expect(messages('x ${web.')).to.deep.equal(['m.yaml:3:7: unclosed "${" in "x ${web."']);
    expect(messages('${ }')).to.deep.equal(['m.yaml:3:5: empty reference "${ }"']);
    expect(messages('a${web.}')).to.deep.equal(['m.yaml:3:6: invalid reference "${web.}": expected an attribute name after "web."']);
    // A block is a value since issue 33 (a list or mapping of its instances when repeated).
    expect(messages('${web}')).to.deep.equal([]);
    expect(messages('${data.products}')).to.deep.equal([]);
    expect(messages('${var}')).to.deep.equal([
      'm.yaml:3:5: invalid reference "${var}": expected a variable name after "var", like "var.cycle"',
    ]);
    // Operators are read since issue 26: a broken one is reported at its exact column.
    expect(messages('${web.id + }')).to.deep.equal(['m.yaml:3:16: invalid expression "${web.id + }": expected a value, found the end']);
    // An index by any expression (issue 33): `x` is a reference, checked by validation.
    expect(messages('${web.items[x]}')).to.deep.equal([]);
  });
});

describe('expressions: evaluate', () => {
  it('walks field and index steps', () => {
    expect(value('${data.products.products[1].product_id}')).to.deep.equal({ value: 102, sensitive: false, diagnostics: [] });
    expect(value('${data.products.products[2]}').value).to.deep.equal({ product_id: 103, name: 'large' });
    expect(value('${var.tags[1]}').value).to.equal('b');
    expect(value('${var.count}').value).to.equal(3);
  });

  it('reports steps that do not exist at the reference', () => {
    expect(value('${data.products.products[7].product_id}').diagnostics).to.deep.equal([
      'm.yaml:3:5: data.products.products[7]: index 7 out of range (3 items)',
    ]);
    expect(value('${data.products.products[0].price}').diagnostics).to.deep.equal([
      'm.yaml:3:5: data.products.products[0].price: no field "price" (fields: product_id, name)',
    ]);
    expect(value('${web.vm_name[0]}').diagnostics).to.deep.equal(['m.yaml:3:5: web.vm_name[0]: cannot index a string']);
    expect(value('${var.count.x}').diagnostics).to.deep.equal(['m.yaml:3:5: var.count.x: cannot read field "x" of a number']);
    expect(value('${nothing.id}').diagnostics).to.deep.equal(['m.yaml:3:5: cannot resolve "${nothing.id}"']);
  });

  it('treats an attribute that is not set as null', () => {
    expect(value('${web.promocode}')).to.deep.equal({ value: null, sensitive: false, diagnostics: [] });
  });

  it('propagates unknown values', () => {
    expect(value('${web.id}').value).to.deep.equal(unknown('web.id'));
    expect(value('${web.last_invoice.status}').value).to.deep.equal(unknown('web.last_invoice.status'));
    expect(value('${pending.id}').value).to.deep.equal(unknown('pending.id'));
    expect(value('id-${web.id}-${var.cycle}').value).to.deep.equal(unknown('web.id'));
    const list = evaluate(
      { kind: 'list', items: [parse('${web.id}'), { kind: 'literal', value: 1, location: here }], location: here },
      resolve,
    );
    expect(list.value).to.deep.equal([unknown('web.id'), 1]);
    const object = evaluate(
      { kind: 'object', entries: { id: parse('${web.id}'), name: parse('${web.vm_name}') }, location: here },
      resolve,
    );
    expect(object.value).to.deep.equal({ id: unknown('web.id'), name: 'web-01' });
  });

  it('interpolates templates into strings', () => {
    expect(value('web-${var.cycle}-01').value).to.equal('web-m-01');
    expect(value('${var.count} servers').value).to.equal('3 servers');
    expect(value('[${web.description}]').value).to.equal('[]');
    expect(value('tags: ${var.tags}').diagnostics).to.deep.equal(['m.yaml:3:5: var.tags: cannot interpolate a list into a string']);
  });

  it('propagates sensitivity', () => {
    expect(value('${var.password}').sensitive).to.equal(true);
    expect(value('pw=${var.password}')).to.deep.include({ value: 'pw=Secret123', sensitive: true });
    expect(value('${web.cipassword}').sensitive).to.equal(true);
    expect(value('${web.vm_name}').sensitive).to.equal(false);
    expect(value('${var.cycle}').sensitive).to.equal(false);
    const list = evaluate({ kind: 'list', items: [parse('${var.cycle}'), parse('${var.password}')], location: here }, resolve);
    expect(list.sensitive).to.equal(true);
  });
});
