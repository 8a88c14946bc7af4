/**
 * check/input-names.ts: validation skips the compiled schema only when the
 * schema's own rules prove it has nothing to say about the attribute names
 * of the blocks; whenever ajv would report an unknown, computed or missing
 * attribute, the proof fails and ajv runs as before.
 */
import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import type { ErrorObject } from 'ajv';
import { camelCase } from '../../src/resources/attribute.js';
import { defaultCatalogue } from '../../src/manifest/catalogue.js';
import { inputNamesValid } from '../../src/manifest/check/input-names.js';
import { parseManifest } from '../../src/manifest/parse/manifest.js';
import { compileSchemaValidator } from '../../src/manifest/schema-validator.js';

const validate = compileSchemaValidator();

/** The ajv errors check/validate.ts turns into diagnostics: names in the `properties` of a block the manifest has, of a known type. */
function nameErrors(source: string): ErrorObject[] {
  const { manifest, sourceMap } = parseManifest(source, 'm.yaml');
  validate(sourceMap.data);
  return ((validate.errors ?? []) as ErrorObject[]).filter((error) => {
    const [section, name, inside, ...rest] = error.instancePath.slice(1).split('/');
    const blocks = section === 'resources' ? manifest.resources : section === 'data' ? manifest.data : undefined;
    const entry = blocks && Object.hasOwn(blocks, name) ? defaultCatalogue.lookup(blocks[name].type) : undefined;
    if (!entry || rest.length > 0) return false;
    if (inside === undefined) return error.keyword === 'required' && error.params.missingProperty === 'properties';
    return inside === 'properties' && (error.keyword === 'required' || error.keyword === 'additionalProperties');
  });
}

function proved(source: string): boolean {
  const { manifest, sourceMap } = parseManifest(source, 'm.yaml');
  return inputNamesValid(sourceMap.data, manifest, defaultCatalogue);
}

/** A deterministic pseudo-random sequence in [0, 1). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

describe('attribute names proved without the compiled schema', () => {
  it('proves the examples and the good fixture', () => {
    const files = [
      ...readdirSync('examples')
        .filter((file) => file.endsWith('.yaml'))
        .map((file) => `examples/${file}`),
      'test/fixtures/manifests/good/full.yaml',
    ];
    for (const file of files) expect(proved(readFileSync(file, 'utf8')), file).to.equal(true);
  });

  it('never proves a bad fixture ajv reports names in', () => {
    const dir = 'test/fixtures/manifests/bad';
    const reported = readdirSync(dir).filter((file) => nameErrors(readFileSync(`${dir}/${file}`, 'utf8')).length > 0);
    expect(reported).to.include.members(['unknown-attribute.yaml', 'missing-required.yaml', 'computed-set.yaml']);
    for (const file of reported) expect(proved(readFileSync(`${dir}/${file}`, 'utf8')), file).to.equal(false);
  });

  it('proves a block exactly when ajv finds nothing in its names (blocks of every type, names picked at random)', () => {
    const next = random(7);
    const pick = <T>(items: T[]): T => items[Math.floor(next() * items.length)];
    let provedCount = 0;
    let reportedCount = 0;
    for (const entry of defaultCatalogue.entries()) {
      const names = Object.keys(entry.attributes);
      const spellings = [...names, ...names.map(camelCase), 'not_an_attribute'];
      for (let round = 0; round < 12; round++) {
        // Mostly the required inputs (sometimes one left out), plus a few names of any kind.
        const chosen = names.filter((name) => entry.attributes[name].mode === 'required' && next() < 0.93);
        for (let extra = Math.floor(next() * 3); extra > 0; extra--) chosen.push(pick(spellings));
        const shape = next();
        const body =
          shape < 0.1
            ? ''
            : shape < 0.15
              ? '\n    properties: null'
              : `\n    properties:\n${[...new Set(chosen)].map((name) => `      ${name}: "\${var.v}"`).join('\n')}`;
        const section = entry.kind === 'data' ? 'data' : 'resources';
        const source = `${section}:\n  one:\n    type: ${pick([entry.type, ...entry.aliases])}${body}\n`;
        const errors = nameErrors(source);
        const isProved = proved(source);
        if (isProved) provedCount++;
        if (errors.length > 0) reportedCount++;
        expect(isProved && errors.length > 0, `${source}\n${JSON.stringify(errors)}`).to.equal(false);
        if (errors.length === 0 && shape >= 0.15 && !chosen.some((name) => !names.includes(name))) {
          // Snake_case names only, all inputs, none missing: nothing to doubt.
          const computed = chosen.some((name) => entry.attributes[name].mode === 'computed');
          if (!computed) expect(isProved, source).to.equal(true);
        }
      }
    }
    expect(provedCount).to.be.above(20);
    expect(reportedCount).to.be.above(20);
  });
});
