/**
 * The manifest formatter (src/manifest/format.ts, issue 37 item 7): the
 * canonical order and style, comments, anchors and merge keys kept, the
 * same data, and idempotent on every manifest under examples/ and
 * test/fixtures/.
 */
import { expect } from 'chai';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { formatManifest } from '../../src/manifest/format.js';
import { formatDiagnostic } from '../../src/core/types.js';

/** Every YAML file under `folder`. */
function yamlFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return yamlFiles(path);
    return /\.ya?ml$/.test(name) ? [path] : [];
  });
}

/** The formatted text, which must read without errors. */
function format(text: string): string {
  const result = formatManifest(text, 'm.yaml');
  expect(result.diagnostics.map(formatDiagnostic)).to.deep.equal([]);
  return result.text!;
}

describe('unit: manifest formatting (issue 37, item 7)', () => {
  it('is idempotent on every manifest of examples/ and test/fixtures/ (and keeps their data)', () => {
    const files = [...yamlFiles('examples'), ...yamlFiles('test/fixtures')];
    expect(files.length).to.be.greaterThan(50);
    let formatted = 0;
    for (const file of files) {
      const result = formatManifest(readFileSync(file, 'utf8'), file);
      if (result.text === undefined) continue; // a fixture of broken YAML: its errors instead
      formatted++;
      const again = formatManifest(result.text, file);
      expect(again.text, file).to.equal(result.text);
      expect(again.changed, file).to.equal(false);
    }
    expect(formatted).to.be.greaterThan(50);
  });

  it('orders the sections, the keys of blocks, variables, outputs and lifecycles; blocks and attributes keep their order', () => {
    const text = `outputs:
  ip: { sensitive: false, value: "\${web.ip_address}", description: the address }
resources:
  web:
    depends_on: [key]
    lifecycle:
      precondition: { message: no, condition: true }
      prevent_destroy: true
      create_before_destroy: true
    properties:
      vm_name: web-1
      cycle: m
    count: 2
    type: cloud_lite_vm
  key:
    properties: { name: k }
    type: cloud_lite_keypair
variables:
  cycle: { default: m, description: billing cycle, type: string }
provider:
  base_url: http://localhost
`;
    expect(format(text)).to.equal(`provider:
  base_url: http://localhost

variables:
  cycle: { type: string, description: billing cycle, default: m }

resources:
  web:
    type: cloud_lite_vm
    count: 2
    properties:
      vm_name: web-1
      cycle: m
    lifecycle:
      create_before_destroy: true
      prevent_destroy: true
      precondition: { condition: true, message: no }
    depends_on: [ key ]
  key:
    type: cloud_lite_keypair
    properties: { name: k }

outputs:
  ip: { description: the address, value: "\${web.ip_address}", sensitive: false }
`);
  });

  it('keeps comments, anchors, aliases and merge keys (a merge key first); quotes are double unless single ones avoid escapes', () => {
    const text = `# yaml-language-server: $schema=../schemas/manifest.schema.json
locals:
  defaults: &vm_defaults
    depends_on: ['key']
resources:
  # the web server
  web:
    properties:
      vm_name: 'web-1'   # its name
      count_text: '12'
      check: '\${var.env == "prod"}'
    <<: *vm_defaults
    type: cloud_lite_vm

  # the keypair
  key: { type: cloud_lite_keypair, properties: { name: k } }
# the end
`;
    const formatted = format(text);
    expect(formatted).to.equal(`# yaml-language-server: $schema=../schemas/manifest.schema.json
locals:
  defaults: &vm_defaults
    depends_on: [ "key" ]

resources:
  # the web server
  web:
    <<: *vm_defaults
    type: cloud_lite_vm
    properties:
      vm_name: "web-1" # its name
      count_text: "12"
      check: '\${var.env == "prod"}'

  # the keypair
  key: { type: cloud_lite_keypair, properties: { name: k } }

# the end
`);
  });

  it('an order that would put an alias before its anchor leaves the mappings holding them as written', () => {
    const text = `resources:
  key: &key_block
    properties: { name: k }
    type: cloud_lite_keypair
locals:
  copy: *key_block
`;
    expect(format(text)).to.equal(`resources:
  key: &key_block
    type: cloud_lite_keypair
    properties: { name: k }

locals:
  copy: *key_block
`);
  });

  it('text that is not valid YAML is a located error and no text', () => {
    const result = formatManifest('resources:\n  web: [unclosed\n', 'bad.yaml');
    expect(result.text).to.equal(undefined);
    expect(result.diagnostics.map(formatDiagnostic)[0]).to.match(/^bad\.yaml:\d+:\d+: invalid YAML/);
  });
});
