/**
 * Golden plans: every case folder of test/fixtures/plans is planned through
 * the engine (no network: a fake API answers data source and refresh
 * reads) and its text, JSON and Markdown (`--format markdown`) compared
 * with expected.txt, expected.json and expected.md (no Markdown for a case
 * that is a plan error). The JSON must follow schemas/plan.schema.json and
 * no file may hold the case's secrets.
 *
 * Regenerate after an intended change, then review the diff:
 *   UPDATE_GOLDEN=1 npm run test:unit
 */
import { expect } from 'chai';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { existsSync } from 'node:fs';
import { PLANS_FOLDER, caseNames, caseOptions, renderCase } from '../fixtures/plans/harness.js';
import { renderPlanMarkdown } from '../../src/cli/views/markdown.js';
import type { PlanDocument } from '../../src/plan/index.js';

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
      const parsed = output.json as Record<string, unknown>;
      const markdown =
        'errors' in parsed ? undefined : renderPlanMarkdown(output.json as PlanDocument, { fullPlan: 'cloudctl show plan.json' });
      if (update) {
        await writeFile(join(folder, 'expected.txt'), text);
        await writeFile(join(folder, 'expected.json'), json);
        if (markdown !== undefined) await writeFile(join(folder, 'expected.md'), markdown);
      }
      if (!('errors' in parsed)) expect(validate(parsed), JSON.stringify(validate.errors, null, 2)).to.equal(true);
      for (const secret of (await caseOptions(name)).secrets ?? []) {
        expect(text, `expected.txt holds a secret`).to.not.include(secret);
        expect(json, `expected.json holds a secret`).to.not.include(secret);
        if (markdown !== undefined) expect(markdown, `expected.md holds a secret`).to.not.include(secret);
      }
      expect(text).to.equal(await readFile(join(folder, 'expected.txt'), 'utf8'));
      expect(json).to.equal(await readFile(join(folder, 'expected.json'), 'utf8'));
      expect(existsSync(join(folder, 'expected.md'))).to.equal(markdown !== undefined);
      if (markdown !== undefined) expect(markdown).to.equal(await readFile(join(folder, 'expected.md'), 'utf8'));
    });
  }
});
