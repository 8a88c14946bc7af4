/**
 * Issue 33's findings, each a test that fails on fe0b103: instance keys by
 * expression (a for_each fleet chained by `web[each.key].id`), no silent
 * null in outputs (validate refuses what plan refuses), the untaken branch
 * of a conditional never evaluated, templates, splats and `...`, and
 * typos in test assertions.
 */
import { expect } from 'chai';
import { loadManifestFromSource } from '../../src/manifest/index.js';
import { DiagnosticError, formatDiagnostic, type Value } from '../../src/core/types.js';
import { parseStringExpression } from '../../src/manifest/parse/expressions.js';
import { evaluate } from '../../src/manifest/evaluate/expressions.js';
import { checkCondition, type ConditionContext } from '../../src/testing/conditions.js';

const HEADER = `variables:
  names: { default: [a, b] }
  enabled: { default: false }
  m: { default: { a: 1 } }
  l: { default: [x, y, z] }
  b: { default: true }
`;

function load(source: string) {
  return loadManifestFromSource(source, 'm.yaml', { env: {} });
}

function errors(source: string): string[] {
  try {
    load(source);
    return [];
  } catch (error) {
    if (!(error instanceof DiagnosticError)) throw error;
    return error.diagnostics.map(formatDiagnostic);
  }
}

function value(text: string): Value {
  const here = { file: 'm.yaml', line: 1, column: 1 };
  const parsed = parseStringExpression(text, here);
  expect(parsed.diagnostics.map(formatDiagnostic)).to.deep.equal([]);
  const variables: Record<string, Value> = { l: ['x', 'y', 'z'], b: true, m: { a: 1, b: 2 } };
  const result = evaluate(parsed.expression, (reference) => (reference.root === 'var' ? { value: variables[reference.name] } : undefined));
  expect(result.diagnostics.map(formatDiagnostic)).to.deep.equal([]);
  return result.value as Value;
}

const FLEET = `${HEADER}resources:
  web:
    type: cloud_lite_keypair
    for_each: \${var.names}
    properties: { name: "web-\${each.key}" }
  disk:
    type: cloud_lite_keypair
    for_each: \${var.names}
    properties: { name: "d-\${web[each.key].keypair_id}" }
  counted:
    type: cloud_lite_keypair
    count: 2
    properties: { name: "c-\${web[var.names[count.index]].name}" }
outputs:
  ids: "\${{for k, vm in web : k => vm.keypair_id}}"
  list: "\${[for vm in web : vm.name]}"
  one: "\${web[var.names[0]].name}"
`;

describe('language (issue 33): instance keys by expression', () => {
  it('chains a for_each block to another by each.key, count.index or a variable, each instance depending on one instance', () => {
    const loaded = load(FLEET);
    expect(loaded.graph.hasEdge('web["a"]', 'disk["a"]')).to.equal(true);
    expect(loaded.graph.hasEdge('web["b"]', 'disk["a"]')).to.equal(false);
    expect(loaded.graph.hasEdge('web["b"]', 'counted[1]')).to.equal(true);
    expect(loaded.graph.hasEdge('web["a"]', 'counted[1]')).to.equal(false);
    const disk = loaded.manifest.resources['disk["a"]']!.properties.name;
    expect(disk.kind).to.equal('template');
  });
});

describe('language (issue 33): no silent null', () => {
  const outputs = (expression: string) => errors(`${HEADER}outputs:\n  r: '\${${expression}}'\n`);
  for (const expression of ['1 / 0', 'var.m.nosuch', '"a" + "b"', 'var.m["z"]', '!1', '[1, 2][-1]', 'var.l[5]', '1 + true']) {
    it(`refuses the output \${${expression}} at validate, located`, () => {
      const found = outputs(expression);
      expect(found.length).to.be.greaterThan(0);
      for (const line of found) expect(line).to.match(/^m\.yaml:8:/);
    });
  }

  it('refuses ${zvm[*].id[each.key]} at validate, as apply does', () => {
    const found = errors(`${HEADER}resources:
  zvm:
    type: cloud_lite_keypair
    for_each: \${var.names}
    properties: { name: "z-\${each.key}" }
  other:
    type: cloud_lite_keypair
    for_each: \${var.names}
    properties: { name: "\${zvm[*].name[each.key]}" }
`);
    expect(found.length).to.be.greaterThan(0);
  });

  it('names the type and the closest attribute for one it does not have', () => {
    const found = errors(`${FLEET.replace('d-${web[each.key].keypair_id}', 'd-${web[each.key].nmae}')}`);
    expect(found.join('\n')).to.contain('unknown attribute "nmae" of cloud_lite_keypair');
    expect(found.join('\n')).to.contain('did you mean "name"?');
  });
});

describe('language (issue 33): conditionals decide first', () => {
  it('does not evaluate the branch not taken (count 0)', () => {
    const loaded = load(`${HEADER}resources:
  key:
    type: cloud_lite_keypair
    count: '\${var.enabled ? 1 : 0}'
    properties: { name: k }
outputs:
  name: '\${var.enabled ? key[0].name : "none"}'
`);
    expect(Object.keys(loaded.manifest.resources)).to.deep.equal([]);
    expect(
      errors(`${HEADER}resources:
  key:
    type: cloud_lite_keypair
    count: 0
    properties: { name: k }
outputs:
  name: '\${key[0].name}'
`),
    ).to.deep.equal(['m.yaml:13:10: "${key[0].name}": key has no instance [0] (count is 0)']);
  });
});

describe('language (issue 33): templates, splats, expansion', () => {
  it('reads directives, escapes and nested quotes', () => {
    expect(value('%{ if var.b }yes%{ else }no%{ endif }')).to.equal('yes');
    expect(value('%{ for i, x in var.l }${i}:${x} %{ endfor }')).to.equal('0:x 1:y 2:z ');
    expect(value('a %{~ if var.b ~} b %{~ endif ~} c')).to.equal('abc');
    expect(value('$${literal} %%{ x }')).to.equal('${literal} %{ x }');
    expect(value('${upper("${var.b ? "on" : "off"}-x")}')).to.equal('ON-X');
  });

  it('splats any expression, expands lists into calls and groups for values', () => {
    expect(value('${var.l[*]}')).to.deep.equal(['x', 'y', 'z']);
    expect(value('${[{ a = 1 }, { a = 2 }][*].a}')).to.deep.equal([1, 2]);
    expect(value('${var.m[*]}')).to.deep.equal([{ a: 1, b: 2 }]);
    expect(value('${max([1, 9, 3]...)}')).to.equal(9);
    expect(value('${{ for x in ["a", "b", "a"] : x => x... }}')).to.deep.equal({ a: ['a', 'a'], b: ['b'] });
    expect(value('${try(var.l[7], "none")}')).to.equal('none');
    expect(value('${can(var.l[7])}')).to.equal(false);
  });
});

describe('language (issue 33): test assertions', () => {
  const context: ConditionContext = {
    resources: { 'web[0]': { id: 1, status: 'Active', vm_name: 'w' } },
    types: { 'web[0]': 'cloud_lite_vm' },
    dataSources: {},
    variables: {},
    outputs: {},
    plan: {},
    ledger: {},
    result: {},
  };
  const here = { file: 't.yaml', line: 1, column: 1 };
  it('refuses an attribute the type does not have, with the closest name', () => {
    const failure = checkCondition('${web[0].stauts != "Failed"}', here, () => here, context);
    expect(failure?.message).to.contain('unknown attribute "stauts" of cloud_lite_vm').and.contain('did you mean "status"?');
  });

  it('prints both sides of a failed comparison', () => {
    const failure = checkCondition('${web[0].status == "Failed"}', here, () => here, context);
    expect(failure?.message).to.equal('the condition is false, not true: left is "Active", right is "Failed"');
  });
});

describe('language (issue 33): locals', () => {
  it('reads variables, resources and other locals; a count may read a local of variables', () => {
    const loaded = load(`${HEADER}locals:
  prefix: "app-\${var.names[0]}"
  names: '\${[for n in var.names : "\${local.prefix}-\${n}"]}'
  first_key: '\${web["a"].keypair_id}'
  how_many: "\${length(var.names)}"
resources:
  web:
    type: cloud_lite_keypair
    for_each: \${var.names}
    properties: { name: "\${local.prefix}-\${each.key}" }
  other:
    type: cloud_lite_keypair
    count: \${local.how_many}
    properties: { name: "o-\${local.first_key}" }
outputs:
  names: \${local.names}
`);
    expect(Object.keys(loaded.manifest.resources)).to.include('other[1]');
    expect(loaded.graph.hasEdge('web["a"]', 'other[0]')).to.equal(true);
    expect(loaded.graph.hasEdge('web["b"]', 'other[0]')).to.equal(false);
  });

  it('refuses a cycle among locals and an undeclared local, located', () => {
    expect(
      errors(`${HEADER}locals:
  a: \${local.b}
  b: \${local.a}
  c: \${local.nope}
`),
    ).to.deep.equal([
      'm.yaml:9:6: cycle among local values: local.a -> local.b -> local.a',
      'm.yaml:10:6: unknown reference "${local.nope}": no local value "nope" is declared',
    ]);
  });
});
