/**
 * The schema validator compiled ahead of time (written by the build into
 * dist/manifest/schema-validator.generated.json by
 * scripts/generate-schema.ts): it reports exactly what a run-time ajv
 * compile reports, it is used only when its fingerprint matches the
 * catalogue, and no generated code lives in src/.
 */
import { expect } from 'chai';
import type { ValidateFunction } from 'ajv';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tempFolder } from '../temp-folders.js';
import { join } from 'node:path';
import { parseManifest } from '../../src/manifest/parse/manifest.js';
import {
  codeCachePathOf,
  compileSchemaValidator,
  instantiateSchemaValidator,
  precompiledSchemaValidator,
  schemaFingerprint,
  VALIDATOR_FILE,
} from '../../src/manifest/schema-validator.js';
import { renderSchemaValidator, writeSchemaValidator } from '../../scripts/lib/schema-validator-module.js';

/** Normalised manifest data (what the schema is checked against) of every example and manifest fixture. */
function samples(): Array<[string, Record<string, unknown>]> {
  const files = [
    ...readdirSync('examples')
      .filter((name) => name.endsWith('.yaml'))
      .map((name) => `examples/${name}`),
    ...['good', 'bad'].flatMap((folder) =>
      readdirSync(`test/fixtures/manifests/${folder}`).map((name) => `test/fixtures/manifests/${folder}/${name}`),
    ),
    ...readdirSync('test/fixtures/plans', { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `test/fixtures/plans/${entry.name}/manifest.yaml`),
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
      (unknownAttribute[section][name].properties as Record<string, unknown>) = {
        ...(unknownAttribute[section][name].properties as object),
        vm_nmae: 'x',
        status: 'Active',
      };
      const noProperties = copy();
      delete noProperties[section][name].properties;
      const emptied = copy();
      emptied[section][name].properties = {};
      const wrongTypes = copy();
      wrongTypes[section][name].properties = Object.fromEntries(
        Object.keys((wrongTypes[section][name].properties as object) ?? {}).map((key, index) => [
          key,
          [[], {}, 'x', 1.5, true, null][index % 6],
        ]),
      );
      variants.push(unknownAttribute, noProperties, emptied, wrongTypes);
    }
  }
  return variants;
}

describe('manifest schema validator compiled ahead of time', () => {
  it('lives in the build output, not in src/ (the build writes it; git ignores dist/)', () => {
    expect(VALIDATOR_FILE.replace(/\\/g, '/')).to.match(/\/dist\/manifest\/schema-validator\.generated\.json$/);
    const generated = readdirSync('src', { recursive: true, encoding: 'utf8' }).filter((name) => /generated/.test(name));
    expect(generated).to.deep.equal([]);
    expect(readFileSync('.gitignore', 'utf8').split('\n')).to.include('dist/');
    expect(JSON.parse(readFileSync('package.json', 'utf8')).scripts.build).to.match(/scripts\/generate-schema\.ts --validator/);
  });

  it('is used only when it is readable and made from the running catalogue (else validation compiles at run time)', async function () {
    this.timeout(20_000);
    const folder = await tempFolder('cloudctl-validator-');
    const current = join(folder, 'current.json');
    await writeSchemaValidator(current);
    const stored = JSON.parse(readFileSync(current, 'utf8')) as { fingerprint: string; code: string; generated: string };
    expect(stored.fingerprint).to.equal(schemaFingerprint());
    expect(stored.generated).to.match(/Do not edit/);
    expect(precompiledSchemaValidator(undefined, current)).to.be.a('function');
    const stale = join(folder, 'stale.json');
    writeFileSync(stale, JSON.stringify({ ...stored, fingerprint: '0'.repeat(64) }));
    expect(precompiledSchemaValidator(undefined, stale)).to.equal(undefined);
    const broken = join(folder, 'broken.json');
    writeFileSync(broken, '{ not json');
    expect(precompiledSchemaValidator(undefined, broken)).to.equal(undefined);
    expect(precompiledSchemaValidator(undefined, join(folder, 'missing.json'))).to.equal(undefined);
  });

  it("comes with V8's code cache, and validates the same with it, without it, or with a cache of other code", async function () {
    this.timeout(20_000);
    const folder = await tempFolder('cloudctl-validator-');
    const path = join(folder, 'validator.json');
    await writeSchemaValidator(path);
    expect(readdirSync(folder).sort()).to.deep.equal(['validator.json', 'validator.v8-cache']);
    const { code } = JSON.parse(readFileSync(path, 'utf8')) as { code: string };
    const data = { resources: { web: { type: 'cloud_lite_vm', properties: { nonsense: 1 } } } };
    const verdict = (validate: ValidateFunction) => [validate(data), JSON.stringify(validate.errors)];
    const expected = verdict(compileSchemaValidator());
    expect(verdict(precompiledSchemaValidator(undefined, path)!)).to.deep.equal(expected);
    expect(verdict(instantiateSchemaValidator(code))).to.deep.equal(expected);
    writeFileSync(codeCachePathOf(path), 'not a code cache');
    expect(verdict(precompiledSchemaValidator(undefined, path)!)).to.deep.equal(expected);
  });

  it('gives the same verdict and the same errors as a run-time compile', function () {
    this.timeout(20_000);
    const compiled = compileSchemaValidator();
    const ahead = instantiateSchemaValidator(renderSchemaValidator().code);
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
