/**
 * Golden plans: every case folder of test/fixtures/plans is planned through
 * the engine (no network: a fake API answers data source and refresh
 * reads) and its text and JSON compared with expected.txt and
 * expected.json. The JSON must follow schemas/plan.schema.json and neither
 * file may hold the case's secrets.
 *
 * Regenerate after an intended change, then review the diff:
 *   UPDATE_GOLDEN=1 npm run test:unit
 */
import { expect } from 'chai';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { PLANS_FOLDER, caseNames, caseOptions, renderCase } from '../fixtures/plans/harness.js';

const update = process.env.UPDATE_GOLDEN === '1';
const names = await caseNames();

describe('golden plans (test/fixtures/plans)', () => {
  let validate: ReturnType<Ajv['compile']>;
  before(async () => {
    const schema = JSON.parse(await readFile(new URL('../../schemas/plan.schema.json', import.meta.url), 'utf8'));
    validate = new Ajv({ allErrors: true, strict: true }).compile(schema);
  });

  it('has at least 15 cases', () => {
    expect(names.length).to.be.at.least(15);
  });

  for (const name of names) {
    it(name, async () => {
      const folder = join(PLANS_FOLDER, name);
      const output = await renderCase(name);
      const text = `${output.text}\n`;
      const json = `${JSON.stringify(output.json, null, 2)}\n`;
      if (update) {
        await writeFile(join(folder, 'expected.txt'), text);
        await writeFile(join(folder, 'expected.json'), json);
      }
      const parsed = output.json as Record<string, unknown>;
      if (!('errors' in parsed)) expect(validate(parsed), JSON.stringify(validate.errors, null, 2)).to.equal(true);
      for (const secret of (await caseOptions(name)).secrets ?? []) {
        expect(text, `expected.txt holds a secret`).to.not.include(secret);
        expect(json, `expected.json holds a secret`).to.not.include(secret);
      }
      expect(text).to.equal(await readFile(join(folder, 'expected.txt'), 'utf8'));
      expect(json).to.equal(await readFile(join(folder, 'expected.json'), 'utf8'));
    });
  }
});
