/**
 * The generated JSON Schema: the checked-in file is current, and the schema
 * (as an editor applies it to the YAML as written) accepts good manifests
 * and rejects bad ones.
 */
import { Ajv } from 'ajv';
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { checkManifestSchemaFile, manifestSchema, type JsonSchema } from '../../src/manifest/schema.js';

const schema = manifestSchema();
const validate = new Ajv({ allErrors: true, strict: true, strictRequired: false, allowUnionTypes: true }).compile(schema);

function accepts(source: string): boolean {
  return validate(parse(source)) as boolean;
}

function fixture(path: string): string {
  return readFileSync(`test/fixtures/manifests/${path}`, 'utf8');
}

describe('manifest JSON Schema', () => {
  it('the checked-in schemas/manifest.schema.json is current (else run: npx tsx scripts/generate-schema.ts)', async () => {
    const status = await checkManifestSchemaFile();
    expect(status.message ?? '').to.equal('');
    expect(status.current).to.equal(true);
  });

  it('is draft-07 and selects attribute tables by type, alias and token', () => {
    expect(schema.$schema).to.equal('http://json-schema.org/draft-07/schema#');
    const definitions = schema.definitions as Record<string, JsonSchema>;
    const resource = definitions.resource;
    expect((resource.properties as Record<string, JsonSchema>).type.enum).to.include.members([
      'cloud_lite_vm',
      'lite_vm',
      'cloud:index:LiteVm',
    ]);
    const branches = resource.allOf as Array<{ if: { properties: { type: { enum: string[] } } }; then: JsonSchema }>;
    const vm = branches.find((branch) => branch.if.properties.type.enum.includes('cloud:index:LiteVm'));
    expect(vm?.then).to.deep.equal({
      properties: { properties: { $ref: '#/definitions/resource:cloud_lite_vm' } },
      required: ['properties'],
    });
    const inputs = definitions['resource:cloud_lite_vm'];
    expect(inputs.additionalProperties).to.equal(false);
    const properties = inputs.properties as Record<string, JsonSchema>;
    expect(properties).to.include.keys('product_id', 'productId', 'vm_name', 'vmName');
    expect(properties).not.to.have.any.keys('status', 'cipassword');
    expect(properties.vm_name.default).to.equal('server-name');
    expect(properties.vm_name.anyOf).to.deep.equal([
      { type: 'string', minLength: 6, maxLength: 16, pattern: '^[A-Za-z0-9.-]+$' },
      { $ref: '#/definitions/reference' },
    ]);
    expect(inputs.required).to.include('cycle');
    expect(inputs.allOf).to.deep.include({ anyOf: [{ required: ['product_id'] }, { required: ['productId'] }] });
  });

  it('accepts the good manifests as written', () => {
    for (const file of ['good/full.yaml']) {
      expect(accepts(fixture(file)), `${file}: ${JSON.stringify(validate.errors)}`).to.equal(true);
    }
  });

  it('rejects the bad manifests the parser and validator reject', () => {
    for (const file of [
      'bad/skeleton.yaml',
      'bad/unknown-type.yaml',
      'bad/unknown-attribute.yaml',
      'bad/missing-required.yaml',
      'bad/wrong-type.yaml',
      'bad/short-vm-name.yaml',
      'bad/password-without-digit.yaml',
      'bad/computed-set.yaml',
      'bad/ignore-changes.yaml',
      'bad/wrong-section.yaml',
    ]) {
      expect(accepts(fixture(file)), file).to.equal(false);
    }
  });

  it('accepts module blocks under resources (examples/modules) and rejects one with a type or an unknown key', () => {
    for (const file of ['examples/modules/main.yaml', 'examples/modules/web/main.yaml']) {
      expect(accepts(readFileSync(file, 'utf8')), `${file}: ${JSON.stringify(validate.errors)}`).to.equal(true);
    }
    expect(accepts('resources:\n  a:\n    module: ./web.yaml\n    type: lite_vm\n')).to.equal(false);
    expect(accepts('resources:\n  a:\n    module: ./web.yaml\n    input: {}\n')).to.equal(false);
  });

  it('accepts a ${...} string for any attribute, and camelCase required attributes', () => {
    const source = [
      'resources:',
      '  web:',
      '    type: lite_vm',
      '    properties:',
      '      productId: ${var.product}',
      '      selectOs: Ubuntu',
      '      keypairId: 7',
      '      sshAndConsoleUser: deployer',
      '      consolePassword: Secret123',
      '      cycle: m',
      '      payWithCreditCard: "${var.pay}"',
    ].join('\n');
    expect(accepts(source), JSON.stringify(validate.errors)).to.equal(true);
  });
});
