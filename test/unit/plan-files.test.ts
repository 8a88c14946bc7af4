/**
 * Saved plan files (src/plan/files.ts, src/cli/plan-file.ts): a header line
 * stating the format, then gzip-compressed JSON without the English of the
 * reasons, read back as the same document (`show --json` renders the
 * sentences again); plain JSON plans (`plan --json`) read; damaged ones
 * refused with a clear message, altered ones (the seal, src/plan/seal.ts)
 * refused as altered, and those of a later format as made by a newer
 * cloudctl.
 */
import { expect } from 'chai';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { savePlan } from '../../src/cli/plan-file.js';
import { renderPlanJson } from '../../src/cli/views/reasons.js';
import { gzipSync } from 'node:zlib';
import {
  canonicalJson,
  canonicalPlanChecksum,
  checkPlanSeal,
  isCompressedPlanFile,
  planChecksum,
  planFileText,
  readPlanFile,
  sealPlan,
  sha256,
} from '../../src/plan/index.js';
import { forgetSealedHere, jsonStringPieces, PlanAlteredError, sealPlanKeepingFile } from '../../src/plan/seal.js';
import { planFileCompressor } from '../../src/plan/compression.js';
import type { PlanDocument } from '../../src/plan/index.js';
import { renderCase } from '../fixtures/plans/harness.js';
import { tempFolder } from '../temp-folders.js';

/** The engine's plan of a golden case (without the sentences the CLI adds when it writes `plan --json`), sealed as the engine seals it. */
async function enginePlan(name: string): Promise<PlanDocument> {
  const { json } = await renderCase(name);
  const plan = structuredClone(json) as PlanDocument;
  for (const change of plan.changes) {
    delete change.reasons;
    for (const attribute of change.attributes) delete attribute.reason;
  }
  return sealPlan({ ...plan, workspace: 'default' });
}

/** The bytes of a plan file after its header line. */
function compressedPart(bytes: Buffer): Buffer {
  expect(bytes.subarray(0, 16).toString('latin1')).to.match(/^cloudctl-plan\/3 $/);
  return bytes.subarray(bytes.indexOf(0x0a) + 1);
}

/** The SHA-256 (as a checksum) of a plan file's text (decompressed) without its `checksum` member: what the seal hashes. */
function textChecksum(text: string): string {
  const without = text.replace(/,"checksum":"sha256:[0-9a-f]{64}"/, '');
  expect(without).to.not.equal(text);
  return `sha256:${createHash('sha256').update(without).digest('hex')}`;
}

/** The message `promise` rejects with ('' when it resolves). */
async function refusal(promise: Promise<unknown>): Promise<string> {
  return promise.then(
    () => '',
    (error: Error) => error.message,
  );
}

describe('saved plan files', () => {
  it('are a header line, then gzip-compressed JSON without reason sentences, and read back to the document plan --json prints', async () => {
    const folder = await tempFolder('cloudctl-plan-file-');
    const plan = await enginePlan('update-paid-operations');
    const path = join(folder, 'plan.json');
    await savePlan(path, plan);
    const bytes = await readFile(path);
    // The header carries the digest of what follows it (a plan sealed in this process).
    const digest = `sha256:${createHash('sha256').update(compressedPart(bytes)).digest('hex')}`;
    // Format 3: sealed as the file holds it (quiet noops written as tuples).
    expect(bytes.subarray(0, bytes.indexOf(0x0a) + 1).toString('latin1')).to.equal(
      `cloudctl-plan/3 ${digest} gzip-compressed JSON follows; read it with 'cloudctl show --json FILE'\n`,
    );
    const text = gunzipSync(compressedPart(bytes)).toString('utf8');
    expect(text).to.not.include('"reasons"');
    expect(text).to.include('"reasonCodes"');
    expect(plan.checksum).to.equal(textChecksum(text));
    const read = await readPlanFile(path);
    expect(read).to.deep.equal(JSON.parse(JSON.stringify(plan)));
    expect(renderPlanJson(read)).to.equal(renderPlanJson(plan));
    expect(JSON.parse(renderPlanJson(read)).changes.some((change: { reasons: string[] }) => change.reasons.length > 0)).to.equal(true);
  });

  it('seal a long manifest source piece by piece (surrogate pairs kept whole, a lone half kept in the document): the same seal, digest and JSON in the file', async () => {
    const folder = await tempFolder('cloudctl-plan-file-');
    const plan = await enginePlan('create-chain');
    // Past 64 Ki and 1 Mi characters, with a surrogate pair across each boundary, a lone half, quotes and line breaks.
    const unit = 'a: "b"\n\u00e9\t';
    let source = unit.repeat(Math.ceil((64 * 1024 - 1) / unit.length)).slice(0, 64 * 1024 - 1);
    source += '\ud83d\ude00' + unit.repeat(160_000) + '\ud800x';
    source = source.slice(0, 1024 * 1024 - 1) + '\ud83d\ude00' + source.slice(1024 * 1024 - 1);
    const long = sealPlan({ ...plan, manifest: { ...plan.manifest, source, sha256: sha256(source) } });
    expect(sha256(source)).to.equal(createHash('sha256').update(source).digest('hex'));
    expect([...jsonStringPieces(source, 64 * 1024)].join('')).to.equal(JSON.stringify(source).slice(1, -1));
    const sortedText = JSON.stringify({ ...long, checksum: undefined }, (_key, value: unknown) =>
      value && typeof value === 'object' && !Array.isArray(value)
        ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
        : value,
    );
    expect(canonicalPlanChecksum(long)).to.equal(`sha256:${createHash('sha256').update(sortedText).digest('hex')}`);
    const path = join(folder, 'long.cplan');
    await savePlan(path, long);
    const { checksum: _checksum, ...content } = long;
    const written = gunzipSync(compressedPart(await readFile(path))).toString('utf8');
    expect(long.checksum).to.equal(textChecksum(written));
    expect(JSON.parse(written).manifest).to.deep.equal(JSON.parse(JSON.stringify(content.manifest)));
    expect(written).to.include(`"manifest":${JSON.stringify(long.manifest)}`);
    expect((await readPlanFile(path)).manifest.source).to.equal(source);
  });

  it('hold attributes known after apply as their own address by name only, and read them back whole', async () => {
    const folder = await tempFolder('cloudctl-plan-file-');
    const plan = await enginePlan('create-chain');
    const web = plan.changes.find((change) => change.address === 'web')!;
    // Known after apply as another resource's attribute: not derivable from web's address, kept whole.
    expect(web.attributes.find((attribute) => attribute.name === 'keypair_id')!.after).to.deep.equal({ $unknown: 'key.keypair_id' });
    const path = join(folder, 'plan.json');
    await savePlan(path, plan);
    const written = JSON.parse(gunzipSync(compressedPart(await readFile(path))).toString('utf8'));
    const attributes = written.changes.find((change: { address: string }) => change.address === 'web').attributes;
    expect(attributes).to.include.members(['id', 'status', 'cipassword!', 'raw!']);
    expect(attributes).to.deep.include({ name: 'keypair_id', after: { $unknown: 'key.keypair_id' }, sensitive: false });
    expect(JSON.stringify(written)).to.not.include('"web.status"');
    const read = await readPlanFile(path);
    expect(read).to.deep.equal(JSON.parse(JSON.stringify(plan)));
    expect(renderPlanJson(read)).to.equal(renderPlanJson(plan));
  });

  it('in plain JSON with sentences (plan --json) are read when sealed, and refused as altered when not', async () => {
    const folder = await tempFolder('cloudctl-plan-file-');
    const { json } = await renderCase('forced-replace');
    const sealed = sealPlan(json as PlanDocument);
    const path = join(folder, 'plan.json');
    await writeFile(path, JSON.stringify(sealed, null, 2));
    expect(await readPlanFile(path)).to.deep.equal(sealed);
    await writeFile(path, JSON.stringify(json));
    expect(await refusal(readPlanFile(path, 'old.json'))).to.match(
      /^old\.json carries no checksum, so it cannot be told unaltered .*run 'cloudctl plan' again$/,
    );
    // One character of the English (never read back) is still a change.
    await writeFile(
      path,
      JSON.stringify(sealed).replace('changes with the requested replacement', 'changes with the requested replacemenT'),
    );
    expect(await refusal(readPlanFile(path, 'plan.json'))).to.match(
      /^plan\.json was altered after it was made: it carries checksum sha256:/,
    );
  });

  it('seal the SHA-256 of the text its file holds without its checksum; a plan sealed over canonical JSON (before format 3) is still accepted', async () => {
    const plan = await enginePlan('create-chain');
    const { checksum, ...content } = plan;
    const folder = await tempFolder('cloudctl-plan-file-');
    await savePlan(join(folder, 'p.plan'), plan);
    expect(checksum).to.equal(textChecksum(gunzipSync(compressedPart(await readFile(join(folder, 'p.plan')))).toString('utf8')));
    // Undefined fields do not count (as in JSON); a value does, and so does the order of members.
    expect(planChecksum({ ...plan, targets: undefined })).to.equal(checksum);
    expect(planChecksum({ ...plan, serial: plan.serial + 1 })).to.not.equal(checksum);
    const reordered = JSON.parse(JSON.stringify(Object.fromEntries(Object.entries(plan).reverse()), null, 4)) as PlanDocument;
    expect(planChecksum(reordered)).to.not.equal(checksum);
    expect(() => checkPlanSeal(reordered)).to.throw(/^the plan was altered after it was made: it carries checksum/);
    // An own `__proto__` member (JSON.parse makes one) is sealed: adding one is refused.
    const withProto = JSON.parse(JSON.stringify(plan).replace('{', '{"__proto__":{"serial":7},')) as PlanDocument;
    expect(Object.keys(withProto)).to.include('__proto__');
    expect(() => checkPlanSeal(withProto)).to.throw(/^the plan was altered after it was made/);

    // The seal of cloudctl before format 3: canonical JSON (keys sorted), still accepted, and still refused once altered.
    const sortedText = JSON.stringify(JSON.parse(JSON.stringify(content)), (_key, value: unknown) =>
      value && typeof value === 'object' && !Array.isArray(value)
        ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
        : value,
    );
    expect(canonicalJson(content)).to.equal(sortedText);
    expect(canonicalJson({ b: [1, { d: 1e21, c: 'é\u0001' }], a: null, z: undefined })).to.equal(
      '{"a":null,"b":[1,{"c":"é\\u0001","d":1e+21}]}',
    );
    const former = { ...content, checksum: `sha256:${createHash('sha256').update(sortedText).digest('hex')}` } as PlanDocument;
    expect(canonicalPlanChecksum(former)).to.equal(former.checksum);
    expect(() => checkPlanSeal(former)).to.not.throw();
    expect(() => checkPlanSeal({ ...former, serial: plan.serial + 1 })).to.throw(/^the plan was altered after it was made/);
    const formerFile = join(folder, 'former.plan');
    await writeFile(formerFile, Buffer.concat([Buffer.from('cloudctl-plan/1 words\n'), gzipSync(JSON.stringify(former))]));
    expect(await readPlanFile(formerFile)).to.deep.equal(JSON.parse(JSON.stringify(former)));
  });

  it('refuse a document whose text would read as another: a change that is an array, an attribute that is a string', async () => {
    const plan = await enginePlan('create-chain');
    const change = plan.changes.find((each) => each.attributes.some((attribute) => attribute.name === 'status'))!;
    const index = change.attributes.findIndex((attribute) => attribute.name === 'status');
    // The attribute replaced by what its file writes for it (its name): the same text, so the seal alone would not see it.
    const named = structuredClone(plan);
    (named.changes[plan.changes.indexOf(change)]!.attributes as unknown[])[index] = 'status';
    expect(() => checkPlanSeal(named, 'p.json')).to.throw(/^p\.json was altered after it was made \(an attribute of .* is a string/);
    const tupled = structuredClone(plan);
    (tupled.changes as unknown[])[0] = ['a', 'vm', 'id', []];
    expect(() => checkPlanSeal(tupled, 'p.json')).to.throw(/^p\.json was altered after it was made \(change 0 is an array/);
  });

  it('seal with the text plans were always sealed with (JSON.stringify copying each object with sorted keys), however large', () => {
    const formerText = (value: unknown) =>
      JSON.stringify(value, (_key, item: unknown) => {
        if (item === null || typeof item !== 'object' || Array.isArray(item)) return item;
        const sorted: Record<string, unknown> = {};
        for (const key of Object.keys(item).sort()) sorted[key] = (item as Record<string, unknown>)[key];
        return sorted;
      });
    const odd = JSON.parse('{"__proto__": {"x": 1}, "b": 2, "a": {"__proto__": 3}}') as unknown;
    const values: unknown[] = [
      { 10: 'ten', 9: 'nine', b: 1, a: [undefined, () => 1, Symbol('s'), { z: 1, y: [] }], '': '\ud800', é: -0, e: Infinity },
      { when: new Date(0), set: new Set([1]), nested: { toJSON: (key: string) => `key ${key}` } },
      odd,
      [{ 4294967295: 1, 4294967294: 2, '01': 3, 1: 4 }],
      // Objects of one first key, with other keys or the same keys in another order (key orders are remembered per list).
      [
        { b: 1, a: 2 },
        { b: 1, a: 2, c: 3 },
        { b: 2, c: 1 },
        { b: 1, a: 2 },
        { b: 3, a: [{ b: 1, c: 2, a: 3 }] },
        { a: 1, b: 2 },
        { b: 1, 2: 0, a: 3 },
      ],
      'text',
      null,
    ];
    for (const value of values) expect(canonicalJson(value)).to.equal(formerText(value));
    expect(canonicalJson(undefined)).to.equal(undefined);
    // Written piece by piece past 64 Ki characters, hashed as one text.
    const large = {
      changes: Array.from({ length: 3000 }, (_, index) => ({ address: `vm_${index}`, attributes: [{ name: 'id', sensitive: false }] })),
    };
    expect(canonicalJson(large)).to.equal(formerText(large));
    const checksum = canonicalPlanChecksum(large as unknown as PlanDocument);
    expect(checksum).to.equal(`sha256:${createHash('sha256').update(formerText(large)!).digest('hex')}`);
  });

  it('of a later format are refused as made by a newer cloudctl, not as damaged or not JSON', async () => {
    const folder = await tempFolder('cloudctl-plan-file-');
    const path = join(folder, 'plan.json');
    await writeFile(path, Buffer.concat([Buffer.from('cloudctl-plan/4 zstd follows\n'), Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 0, 1])]));
    expect(await isCompressedPlanFile(path)).to.equal(true);
    expect(await refusal(readPlanFile(path, 'next.plan'))).to.equal(
      'next.plan was made by a newer cloudctl (plan file format 4; this cloudctl reads up to 3): upgrade cloudctl to apply or show it, or plan again with this one',
    );
    await writeFile(path, JSON.stringify({ format_version: 2, changes: [], manifest: {} }));
    expect(await refusal(readPlanFile(path, 'next.json'))).to.match(
      /^next\.json was made by a newer cloudctl \(plan format_version 2; this cloudctl reads up to 1\)/,
    );
    await writeFile(path, 'cloudctl-plan/x\n');
    expect(await refusal(readPlanFile(path, 'bad.plan'))).to.match(/^bad\.plan is damaged \(its header line does not read back\)/);
  });

  it('compressed without the header line (written before it) are read, and refused for want of a checksum', async () => {
    const folder = await tempFolder('cloudctl-plan-file-');
    const path = join(folder, 'old.json');
    const { checksum: _none, ...unsealed } = await enginePlan('create-chain');
    await writeFile(path, gzipSync(JSON.stringify(unsealed)));
    expect(await isCompressedPlanFile(path)).to.equal(true);
    expect(await refusal(readPlanFile(path, 'old.json'))).to.match(/^old\.json carries no checksum/);
  });

  it('a gzip trailer stating another expanded size (the read sizes its output by it) is refused as damaged', async () => {
    const folder = await tempFolder('cloudctl-plan-file-');
    const path = join(folder, 'plan.json');
    await savePlan(path, await enginePlan('create-chain'));
    const bytes = await readFile(path);
    for (const stated of [1, bytes.readUInt32LE(bytes.length - 4) + 1000]) {
      bytes.writeUInt32LE(stated, bytes.length - 4);
      await writeFile(path, bytes);
      expect(await refusal(readPlanFile(path, 'plan.json'))).to.match(/^plan\.json is damaged .*run 'cloudctl plan MANIFEST' again/);
    }
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

  it('carry the digest of their data when sealed here: data altered and compressed again is refused by it; without it the seal is checked whole', async () => {
    const folder = await tempFolder('cloudctl-plan-file-');
    const path = join(folder, 'p.plan');
    await savePlan(path, await enginePlan('create-chain'));
    const bytes = await readFile(path);
    const header = bytes.subarray(0, bytes.indexOf(0x0a) + 1);
    const text = gunzipSync(compressedPart(bytes)).toString('utf8');
    const altered = text.replace(/"paidOrders":1/, '"paidOrders":2');
    expect(altered).to.not.equal(text);
    await writeFile(path, Buffer.concat([header, gzipSync(altered)]));
    expect(await refusal(readPlanFile(path, 'p.plan'))).to.match(
      /^p\.plan was altered after it was made: its header carries digest sha256:/,
    );
    // The header of a cloudctl before digests (or one removed): the seal, checked whole, refuses it.
    const plainHeader = Buffer.from(header.toString('latin1').replace(/ sha256:[0-9a-f]{64}/, ''), 'latin1');
    await writeFile(path, Buffer.concat([plainHeader, gzipSync(altered)]));
    expect(await refusal(readPlanFile(path, 'p.plan'))).to.match(/^p\.plan was altered after it was made: it carries checksum/);
    await writeFile(path, Buffer.concat([plainHeader, gzipSync(text)]));
    expect((await readPlanFile(path)).checksum).to.equal(JSON.parse(text).checksum);
    // A plan not sealed in this process (a copy, or one changed since) is written without a digest.
    await savePlan(path, structuredClone(await enginePlan('create-chain')));
    expect((await readFile(path)).subarray(0, 40).toString('latin1')).to.not.include('sha256:');
  });

  it('keep quiet noops as tuples (format 2 and 3), read back as the same document; a tuple altered is refused, a format 1 file still read', async () => {
    const folder = await tempFolder('cloudctl-plan-file-');
    const path = join(folder, 'p.plan');
    const plan = await enginePlan('repetition');
    await savePlan(path, plan);
    const bytes = await readFile(path);
    const header = bytes.subarray(0, bytes.indexOf(0x0a) + 1);
    expect(header.toString('latin1')).to.match(/^cloudctl-plan\/3 sha256:/);
    const text = gunzipSync(compressedPart(bytes)).toString('utf8');
    const written = JSON.parse(text) as { changes: unknown[] };
    const tuples = written.changes.filter((change) => Array.isArray(change)) as string[][];
    expect(tuples.length)
      .to.equal(plan.changes.filter((change) => change.action === 'noop').length)
      .and.be.greaterThan(0);
    const read = await readPlanFile(path);
    expect(read).to.deep.equal(JSON.parse(JSON.stringify(plan)));
    expect(JSON.stringify(read)).to.equal(JSON.stringify(plan)); // members in the planner's order: show --json prints as before
    expect(renderPlanJson(read)).to.equal(renderPlanJson(plan));

    // A tuple's id changed, the data compressed again: refused by the header's digest, and by the seal without it.
    const [address, , id] = tuples[0]!;
    const altered = text.replace(`,${JSON.stringify(id)},[`, ',"999999",[');
    expect(altered).to.not.equal(text);
    await writeFile(path, Buffer.concat([header, gzipSync(altered)]));
    expect(await refusal(readPlanFile(path, 'p.plan'))).to.match(/^p\.plan was altered after it was made: its header carries digest/);
    const plainHeader = Buffer.from(header.toString('latin1').replace(/ sha256:[0-9a-f]{64}/, ''), 'latin1');
    await writeFile(path, Buffer.concat([plainHeader, gzipSync(altered)]));
    expect(await refusal(readPlanFile(path, 'p.plan'))).to.match(/^p\.plan was altered after it was made: it carries checksum/);
    // A tuple that does not stand for a quiet noop is not a plan.
    await writeFile(path, Buffer.concat([plainHeader, gzipSync(text.replace(`[${JSON.stringify(address)},`, `[1,`))]));
    expect(await refusal(readPlanFile(path, 'p.plan'))).to.match(/^p\.plan is not a cloudctl plan \(change \d+ does not read back\)/);

    // Format 1, every change an object (as cloudctl wrote before): read as it was.
    const objects = JSON.stringify({ ...written, changes: JSON.parse(JSON.stringify(plan.changes)) });
    const oldHeader = Buffer.from(plainHeader.toString('latin1').replace('cloudctl-plan/3', 'cloudctl-plan/1'), 'latin1');
    await writeFile(path, Buffer.concat([oldHeader, gzipSync(objects)]));
    expect(await readPlanFile(path)).to.deep.equal(read);
    // ...and a format 1 file never holds tuples.
    await writeFile(path, Buffer.concat([oldHeader, gzipSync(text)]));
    expect(await refusal(readPlanFile(path, 'p.plan'))).to.match(/^p\.plan (is not a cloudctl plan|was altered)/);
  });

  it('write a long manifest text after the document (format 2 and 3), read on demand as the same member; altered there, refused', async () => {
    const folder = await tempFolder('cloudctl-plan-file-');
    const path = join(folder, 'p.plan');
    const base = await enginePlan('create-chain');
    const long = `${'# a long manifest, é ✓\n'.repeat(4000)}resources: {}\n`;
    const plan = sealPlan({ ...base, manifest: { ...base.manifest, source: long } });
    await savePlan(path, plan);
    const bytes = await readFile(path);
    const header = bytes.subarray(0, bytes.indexOf(0x0a) + 1);
    expect(header.toString('latin1')).to.match(/^cloudctl-plan\/3 sha256:/);
    const data = gunzipSync(compressedPart(bytes));
    const separator = data.indexOf(0);
    expect(JSON.parse(data.toString('utf8', 0, separator)).manifest.source).to.equal(null);
    expect(data.toString('utf8', separator + 1)).to.equal(long);
    const read = await readPlanFile(path);
    expect(JSON.stringify(read)).to.equal(JSON.stringify(plan));
    expect(read.manifest.source).to.equal(long);
    expect(JSON.parse(await planFileText(bytes, 'p.plan')).manifest.source).to.equal(long);

    // The text altered after the document, compressed again: refused by the digest, and by the seal without it.
    const altered = Buffer.concat([data.subarray(0, separator + 1), Buffer.from(long.replace('resources: {}', 'resources: []'))]);
    await writeFile(path, Buffer.concat([header, gzipSync(altered)]));
    expect(await refusal(readPlanFile(path, 'p.plan'))).to.match(/^p\.plan was altered after it was made: its header carries digest/);
    const plainHeader = Buffer.from(header.toString('latin1').replace(/ sha256:[0-9a-f]{64}/, ''), 'latin1');
    await writeFile(path, Buffer.concat([plainHeader, gzipSync(altered)]));
    expect(await refusal(readPlanFile(path, 'p.plan'))).to.match(/^p\.plan was altered after it was made: it carries checksum/);
    await writeFile(path, Buffer.concat([plainHeader, gzipSync(data)]));
    expect(JSON.stringify(await readPlanFile(path))).to.equal(JSON.stringify(plan));
    // The text given twice (in the document and after it) is not a plan.
    const twice = data.toString('utf8').replace('"source":null', '"source":"x"');
    await writeFile(path, Buffer.concat([plainHeader, gzipSync(twice)]));
    expect(await refusal(readPlanFile(path, 'p.plan'))).to.match(/^p\.plan is not a cloudctl plan \(its manifest text is given twice\)/);

    // A text UTF-8 cannot hold exactly (a lone surrogate) stays in the document.
    const odd = sealPlan({ ...base, manifest: { ...base.manifest, source: `${long}# \ud800\n` } });
    await savePlan(path, odd);
    expect(gunzipSync(compressedPart(await readFile(path))).indexOf(0)).to.equal(-1);
    expect(JSON.stringify(await readPlanFile(path))).to.equal(JSON.stringify(odd));
  });

  it('sealed as they are saved (the text hashed and compressed in one pass) are the files the plain seal and save write', async () => {
    const folder = await tempFolder('cloudctl-plan-file-');
    const base = await enginePlan('repetition');
    const { checksum: _checksum, ...unsealed } = base;
    const long = `${'# a long manifest, é ✓\n'.repeat(4000)}resources: {}\n`;
    // Quiet noops as tuples; a long manifest text after the document; both.
    for (const plan of [unsealed, { ...unsealed, manifest: { ...unsealed.manifest, source: long } }] as PlanDocument[]) {
      const plain = sealPlan(plan);
      const kept = await sealPlanKeepingFile(plan);
      expect(kept.checksum).to.equal(plain.checksum);
      expect(JSON.stringify(kept)).to.equal(JSON.stringify(plain));
      await savePlan(join(folder, 'plain.cplan'), plain);
      await savePlan(join(folder, 'kept.cplan'), kept);
      const [plainBytes, keptBytes] = [await readFile(join(folder, 'plain.cplan')), await readFile(join(folder, 'kept.cplan'))];
      expect(gunzipSync(compressedPart(keptBytes)).equals(gunzipSync(compressedPart(plainBytes)))).to.equal(true);
      expect(keptBytes.toString('latin1', 0, 100)).to.match(/^cloudctl-plan\/3 sha256:[0-9a-f]{64} /);
      expect(JSON.stringify(await readPlanFile(join(folder, 'kept.cplan')))).to.equal(JSON.stringify(plain));
      // The kept text is handed out once: a second save writes the plan again, the same text.
      await savePlan(join(folder, 'again.cplan'), kept);
      expect(
        gunzipSync(compressedPart(await readFile(join(folder, 'again.cplan')))).equals(gunzipSync(compressedPart(keptBytes))),
      ).to.equal(true);
    }
    // Changed after its seal (and said so): written from the document as it is, without a digest, and refused as altered.
    const changed = await sealPlanKeepingFile(unsealed);
    changed.changes[0]!.paidOrders = 7;
    forgetSealedHere(changed);
    await savePlan(join(folder, 'changed.cplan'), changed);
    const changedBytes = await readFile(join(folder, 'changed.cplan'));
    expect(changedBytes.toString('latin1', 0, 40)).to.not.include('sha256:');
    expect(gunzipSync(compressedPart(changedBytes)).toString('utf8')).to.include('"paidOrders":7');
    expect(await refusal(readPlanFile(join(folder, 'changed.cplan'), 'c.plan'))).to.match(
      /^c\.plan was altered after it was made: it carries checksum/,
    );
    // A document the text would not stand for is refused, as the plain seal refuses it; one with a checksum already is sealed plainly.
    const odd = { ...unsealed, changes: [[], ...unsealed.changes] } as unknown as PlanDocument;
    expect(
      await sealPlanKeepingFile(odd).then(
        () => undefined,
        (error: unknown) => error,
      ),
    ).to.be.instanceOf(PlanAlteredError);
    const again = await sealPlanKeepingFile(base);
    expect(again.checksum).to.equal(sealPlan(base).checksum);
  });

  it('compress text handed over piece by piece (UTF-8, pieces longer than a block among them) to gzip of that text', async () => {
    const compressor = planFileCompressor();
    const pieces = ['{"a":"é✓', 'x'.repeat(300 * 1024), '😀"}', '', '\u0000', 'tail'];
    for (const piece of pieces) await compressor.write(piece);
    expect(gunzipSync(Buffer.concat(await compressor.end())).toString('utf8')).to.equal(pieces.join(''));
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
