/**
 * The schema validator compiled ahead of time
 * (src/manifest/schema-validator.generated.ts): the checked-in module
 * is current, it is the one validation uses for the real catalogue, and it
 * reports exactly what a run-time ajv compile reports.
 */
import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import { parseManifest } from '../../src/manifest/parse.js';
import * as precompiled from '../../src/manifest/schema-validator.generated.js';
import { checkSchemaValidatorFile, compileSchemaValidator, instantiateSchemaValidator, schemaFingerprint } from '../../src/manifest/schema-validator.js';

/** Normalised manifest data (what the schema is checked against) of every example and manifest fixture. */
function samples(): Array<[string, Record<string, unknown>]> {
  const files = [
    ...readdirSync('examples').filter((name) => name.endsWith('.yaml')).map((name) => `examples/${name}`),
    ...['good', 'bad'].flatMap((folder) => readdirSync(`test/fixtures/manifests/${folder}`).map((name) => `test/fixtures/manifests/${folder}/${name}`)),
    ...readdirSync('test/fixtures/plans', { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => `test/fixtures/plans/${entry.name}/manifest.yaml`),
  ];
  return files.map((file) => [file, parseManifest(readFileSync(file, 'utf8'), file).sourceMap.data]);
}

/** Variants of valid data that break the schema in many ways (every block of every kind touched). */
function broken(data: Record<string, unknown>): Array<Record<string, unknown>> {
  const variants: Array<Record<string, unknown>> = [];
  const copy = () => JSON.parse(JSON.stringify(data)) as Record<string, Record<string, Record<string, unknown>>>;
  for (const section of ['resources', 'data'] as const) {
    for (const name of Object.keys((data[section] as Record<string, unknown> | undefined) ?? {})) {
      const unknownAttribute = copy();
      (unknownAttribute[section][name].properties as Record<string, unknown>) = { ...(unknownAttribute[section][name].properties as object), vm_nmae: 'x', status: 'Active' };
      const noProperties = copy();
      delete noProperties[section][name].properties;
      const emptied = copy();
      emptied[section][name].properties = {};
      const wrongTypes = copy();
      wrongTypes[section][name].properties = Object.fromEntries(Object.keys((wrongTypes[section][name].properties as object) ?? {}).map((key, index) => [key, [[], {}, 'x', 1.5, true, null][index % 6]]));
      variants.push(unknownAttribute, noProperties, emptied, wrongTypes);
    }
  }
  return variants;
}

describe('manifest schema validator compiled ahead of time', () => {
  it('the checked-in module is current (else run: npx tsx scripts/generate-schema.ts)', async () => {
    const status = await checkSchemaValidatorFile();
    expect(status.message ?? '').to.equal('');
    expect(status.current).to.equal(true);
    expect(precompiled.fingerprint).to.equal(schemaFingerprint());
  });

  it('gives the same verdict and the same errors as a run-time compile', function () {
    this.timeout(20_000);
    const compiled = compileSchemaValidator();
    const ahead = instantiateSchemaValidator(precompiled.code);
    let invalid = 0;
    for (const [file, data] of samples()) {
      for (const [index, variant] of [data, ...broken(data)].entries()) {
        const expected = compiled(variant);
        const expectedErrors = structuredClone(compiled.errors);
        const actual = ahead(variant);
        expect(actual, `${file} #${index}`).to.equal(expected);
        expect(ahead.errors, `${file} #${index}`).to.deep.equal(expectedErrors);
        if (!actual) invalid++;
      }
    }
    expect(invalid).to.be.greaterThan(50);
  });
});
