/**
 * Saved plan files (src/plan/files.ts, src/cli/plan-file.ts): written as
 * gzip-compressed JSON without the English of the reasons, read back as the
 * same document (`show --json` renders the sentences again), older plain
 * JSON plan files still read, damaged ones refused with a clear message.
 */
import { expect } from 'chai';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { savePlan } from '../../src/cli/plan-file.js';
import { renderPlanJson } from '../../src/cli/views/reasons.js';
import { isCompressedPlanFile, readPlanFile } from '../../src/plan/index.js';
import type { PlanDocument } from '../../src/plan/index.js';
import { renderCase } from '../fixtures/plans/harness.js';
import { tempFolder } from '../temp-folders.js';

/** The engine's plan of a golden case (without the sentences the CLI adds when it writes `plan --json`). */
async function enginePlan(name: string): Promise<PlanDocument> {
  const { json } = await renderCase(name);
  const plan = structuredClone(json) as PlanDocument;
  for (const change of plan.changes) {
    delete change.reasons;
    for (const attribute of change.attributes) delete attribute.reason;
  }
  return plan;
}

describe('saved plan files', () => {
  it('are gzip-compressed JSON without reason sentences, and read back to the document plan --json prints', async () => {
    const folder = await tempFolder('cloudctl-plan-file-');
    const plan = await enginePlan('update-paid-operations');
    const path = join(folder, 'plan.json');
    await savePlan(path, plan);
    const bytes = await readFile(path);
    expect([bytes[0], bytes[1]]).to.deep.equal([0x1f, 0x8b]);
    const text = gunzipSync(bytes).toString('utf8');
    expect(text).to.not.include('"reasons"');
    expect(text).to.include('"reasonCodes"');
    const read = await readPlanFile(path);
    expect(read).to.deep.equal(JSON.parse(JSON.stringify(plan)));
    expect(renderPlanJson(read)).to.equal(renderPlanJson(plan));
    expect(JSON.parse(renderPlanJson(read)).changes.some((change: { reasons: string[] }) => change.reasons.length > 0)).to.equal(true);
  });

  it('hold attributes known after apply as their own address by name only, and read them back whole', async () => {
    const folder = await tempFolder('cloudctl-plan-file-');
    const plan = await enginePlan('create-chain');
    const web = plan.changes.find((change) => change.address === 'web')!;
    // Known after apply as another resource's attribute: not derivable from web's address, kept whole.
    expect(web.attributes.find((attribute) => attribute.name === 'keypair_id')!.after).to.deep.equal({ $unknown: 'key.keypair_id' });
    const path = join(folder, 'plan.json');
    await savePlan(path, plan);
    const written = JSON.parse(gunzipSync(await readFile(path)).toString('utf8'));
    const attributes = written.changes.find((change: { address: string }) => change.address === 'web').attributes;
    expect(attributes).to.include.members(['id', 'status', 'cipassword!', 'raw!']);
    expect(attributes).to.deep.include({ name: 'keypair_id', after: { $unknown: 'key.keypair_id' }, sensitive: false });
    expect(JSON.stringify(written)).to.not.include('"web.status"');
    const read = await readPlanFile(path);
    expect(read).to.deep.equal(JSON.parse(JSON.stringify(plan)));
    expect(renderPlanJson(read)).to.equal(renderPlanJson(plan));
  });

  it('written before compression (plain JSON, with sentences) are still read', async () => {
    const folder = await tempFolder('cloudctl-plan-file-');
    const { json } = await renderCase('forced-replace');
    const path = join(folder, 'old.json');
    await writeFile(path, JSON.stringify(json));
    expect(await readPlanFile(path)).to.deep.equal(json);
  });

  it('damaged compressed data is refused with a message saying to plan again', async () => {
    const folder = await tempFolder('cloudctl-plan-file-');
    const path = join(folder, 'plan.json');
    await savePlan(path, await enginePlan('create-chain'));
    const bytes = await readFile(path);
    bytes[Math.floor(bytes.length / 2)] ^= 0xff;
    await writeFile(path, bytes);
    let message = '';
    await readPlanFile(path, 'plan.json').catch((error: Error) => (message = error.message));
    expect(message).to.match(/^plan\.json is (damaged .*run 'cloudctl plan MANIFEST' again|not a cloudctl plan)/);
  });

  it('are told from manifests by their content (apply of a plan file with any name)', async () => {
    const folder = await tempFolder('cloudctl-plan-file-');
    await savePlan(join(folder, 'reviewed.plan'), await enginePlan('create-chain'));
    await writeFile(join(folder, 'stack.yaml'), 'resources: {}\n');
    await writeFile(join(folder, 'empty'), '');
    expect(await isCompressedPlanFile(join(folder, 'reviewed.plan'))).to.equal(true);
    expect(await isCompressedPlanFile(join(folder, 'stack.yaml'))).to.equal(false);
    expect(await isCompressedPlanFile(join(folder, 'empty'))).to.equal(false);
    expect(await isCompressedPlanFile(join(folder, 'missing'))).to.equal(false);
  });
});
