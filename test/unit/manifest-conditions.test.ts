/**
 * Conditions in the manifest (issue 26): variables' validation conditions,
 * and `lifecycle.precondition` / `postcondition` of resources and data
 * sources: what parses, what is refused and where, the dependencies a
 * condition adds, and `count.index` rewritten inside one.
 */
import { expect } from 'chai';
import { loadManifestFromSource, type LoadedManifest } from '../../src/manifest/index.js';
import { dependenciesOf } from '../../src/manifest/graph.js';
import { DiagnosticError, formatDiagnostic } from '../../src/core/types.js';

function load(source: string, env: Record<string, string> = {}): LoadedManifest {
  return loadManifestFromSource(source, 'm.yaml', { env });
}

function errors(source: string, env: Record<string, string> = {}): string[] {
  try {
    load(source, env);
  } catch (error) {
    if (error instanceof DiagnosticError) return error.diagnostics.map(formatDiagnostic);
    throw error;
  }
  throw new Error('expected the manifest to be refused');
}

const keypairs = (lifecycle: string) => `data:
  products:
    type: cloud_lite_products
resources:
  key:
    type: cloud_lite_keypair
    properties: { name: key-one }
  other:
    type: cloud_lite_keypair
    properties: { name: key-two }
    lifecycle:
${lifecycle}`;

describe('conditions: parsing and checks', () => {
  it('reads preconditions and postconditions, a list or one mapping', () => {
    const loaded = load(
      keypairs(`      precondition:
        - { condition: '\${key.keypair_id > 0}', message: key first }
        - { condition: true, message: always }
      postcondition: { condition: '\${self.name == "key-two"}', message: 'named \${self.name}' }
`),
    );
    const conditions = loaded.manifest.resources.other.conditions ?? [];
    expect(conditions.map((entry) => [entry.kind, entry.condition.kind, entry.location.line, entry.location.column])).to.deep.equal([
      ['precondition', 'binary', 13, 27],
      ['precondition', 'literal', 14, 24],
      ['postcondition', 'binary', 15, 38],
    ]);
  });

  it('adds a dependency on what a condition reads, none for self', () => {
    const loaded = load(
      keypairs(`      precondition: [{ condition: '\${length(data.products.products) > 0 && key.name != ""}', message: m }]
      postcondition: [{ condition: '\${self.keypair_id > 0}', message: m }]
`),
    );
    expect(dependenciesOf(loaded.manifest.resources.other).map((entry) => entry.address)).to.deep.equal(['data.products', 'key']);
  });

  it('refuses a condition without a message, a wrong kind, an unknown key, each at its place', () => {
    expect(
      errors(
        keypairs(`      precondition:
        - { condition: '\${key.id != ""}' }
        - { condition: [1], message: m }
        - { condition: true, message: m, when: later }
`),
      ),
    ).to.deep.equal([
      'm.yaml:13:11: resources.other.lifecycle.precondition[0]: give both a condition and a message',
      'm.yaml:14:24: resources.other.lifecycle.precondition[1].condition: expected a ${...} expression, got a list',
      'm.yaml:15:42: unknown key "when" in resources.other.lifecycle.precondition[2]; expected one of condition, message',
    ]);
  });

  it('refuses self in a precondition, and an attribute self does not have', () => {
    expect(
      errors(
        keypairs(`      precondition: [{ condition: '\${self.name != ""}', message: m }]
      postcondition: [{ condition: '\${self.nmae != ""}', message: m }]
`),
      ),
    ).to.deep.equal([
      'm.yaml:12:38: "${self.name}": self names the block\'s own attributes, known only after it is applied: use it in a postcondition',
      'm.yaml:13:39: unknown attribute "nmae" of cloud_lite_keypair "other"; did you mean "name"?',
    ]);
  });

  it('takes only conditions in a data source lifecycle', () => {
    const source = `data:
  products:
    type: cloud_lite_products
    lifecycle:
      prevent_destroy: true
      postcondition: [{ condition: '\${length(self.products) > 0}', message: none listed }]
`;
    expect(errors(source)).to.deep.equal([
      'm.yaml:5:7: unknown key "prevent_destroy" in data.products.lifecycle; expected one of precondition, postcondition',
    ]);
  });

  it('rewrites count.index inside a condition for each instance, and keeps self', () => {
    const loaded = load(`resources:
  key:
    type: cloud_lite_keypair
    count: 2
    properties: { name: 'key-\${count.index}' }
    lifecycle:
      postcondition: [{ condition: '\${self.name == "key-\${count.index}" || count.index >= 0}', message: m }]
`);
    const condition = loaded.manifest.resources['key[1]'].conditions![0].condition;
    expect(JSON.stringify(condition)).to.include('"value":1').and.include('"name":"self"').and.not.include('"root":"count"');
  });
});

describe('conditions: variable validation', () => {
  const manifest = (validation: string) => `variables:
  size:
    type: number
    default: 60
    validation:
${validation}`;

  it('passes when every validation passes; refuses with the first that fails, at its condition', () => {
    const list = `      - { condition: '\${var.size >= 60}', message: at least 60 }
      - { condition: '\${var.size % 10 == 0}', message: steps of 10 }
`;
    expect(load(manifest(list)).variables.size).to.equal(60);
    expect(errors(manifest(list), { CLOUDCTL_VAR_size: '65' })).to.deep.equal([
      'm.yaml:7:25: variable "size": 65 from CLOUDCTL_VAR_size is refused: steps of 10',
    ]);
    expect(errors(manifest(list), { CLOUDCTL_VAR_size: '30' })).to.deep.equal([
      'm.yaml:6:25: variable "size": 30 from CLOUDCTL_VAR_size is refused: at least 60',
    ]);
  });

  it('refuses a condition reading another variable or giving no boolean, and needs a message', () => {
    expect(
      errors(`variables:
  other: { default: 1 }
  size:
    default: 60
    validation: { condition: '\${var.size > var.other}', message: m }
`),
    ).to.deep.equal(['m.yaml:5:44: variables.size.validation: a condition may refer only to var.size, not "${var.other}"']);
    expect(
      errors(
        manifest(`      condition: '\${var.size + 1}'
      message: m
`),
      ),
    ).to.deep.equal(['m.yaml:6:21: variables.size.validation: the condition must be true or false, got a number']);
    expect(
      errors(
        manifest(`      condition: '\${var.size > 1}'
`),
      ),
    ).to.deep.equal(['m.yaml:6:7: variables.size.validation: a condition needs the message to show when it is false']);
  });

  it('never shows a sensitive value it refuses', () => {
    const found = errors(
      `variables:
  password:
    sensitive: true
    default: short
    validation: { condition: '\${length(var.password) >= 12}', message: at least 12 characters }
`,
    );
    expect(found).to.deep.equal(['m.yaml:4:14: variable "password": the value from the default is refused: at least 12 characters']);
  });
});
