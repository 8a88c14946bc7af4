/**
 * The compact snapshot (src/state/local/compact.ts, issue 35: the state of
 * 100,000 under 100 MB): `raw` is written without the members its
 * attributes hold and read back to the exact text; a snapshot of format 1
 * is read as it is and compacted at its next write; an entry that cannot
 * be made whole is damage, named.
 */
import { expect } from 'chai';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { compactEntry, expandEntry } from '../../src/state/local/compact.js';
import { LocalBackend, StateCorruptError } from '../../src/state/index.js';
import type { ResourceState, StateDocument } from '../../src/state/document.js';
import { tempFolder } from '../temp-folders.js';

const INVOICE = { id: 700001, status: 'Paid', amount: 75000 };
const REPLY = {
  account_id: '100001',
  status: 'Active',
  recurring_amount: 75000,
  description: 'a "quoted", odd: text}',
  extra_details: { status: 'inner', name: 'vm-1' },
  last_invoice: INVOICE,
  product_id: '1547',
};

/** A VM entry whose `raw` is the API's reply as JSON text. */
function vm(raw = JSON.stringify(REPLY)): ResourceState {
  return {
    type: 'cloud_lite_vm',
    id: '1000002',
    attributes: {
      id: '1000002',
      status: 'Active',
      recurring_amount: 75000,
      description: 'a "quoted", odd: text}',
      last_invoice: INVOICE,
      product_id: 1547, // a number here, text in the reply: kept in raw
      raw,
    },
    dependencies: ['key'],
  };
}

function documentOf(resources: Record<string, ResourceState>): StateDocument {
  return { format_version: 1, lineage: '6f1c1d2e-0000-4000-8000-000000000001', serial: 3, resources, outputs: {} };
}

describe('state: the compact snapshot (raw without what the attributes hold)', () => {
  it('leaves out of raw the members equal to attributes, and puts back the exact text', () => {
    const entry = compactEntry(vm()) as ResourceState & { raw_elided?: boolean };
    expect(entry.raw_elided).to.equal(true);
    const raw = entry.attributes.raw as string;
    expect(raw).to.equal(
      '{"account_id":"100001","status":,"recurring_amount":,"description":,"extra_details":{"status":"inner","name":"vm-1"},"last_invoice":,"product_id":"1547"}',
    );
    const copy = JSON.parse(JSON.stringify(entry)) as Record<string, unknown>;
    expect(expandEntry(copy)).to.equal(null);
    expect(copy).to.deep.equal(vm());
  });

  it('keeps raw whole when it is not exactly the text of what it parses to, or shares nothing', () => {
    const spaced = vm(JSON.stringify(REPLY, null, 1));
    expect(compactEntry(spaced)).to.equal(spaced);
    const numericKeys = vm('{"status":"Active","2":"two"}'); // parsed, the key "2" comes first: the text would change
    expect(compactEntry(numericKeys)).to.equal(numericKeys);
    const unrelated = vm('{"other":1}');
    expect(compactEntry(unrelated)).to.equal(unrelated);
    const notJson = vm('not json');
    expect(compactEntry(notJson)).to.equal(notJson);
  });

  it('writes format 2 compacted, smaller, and reads the document as it was; reads format 1 and compacts it at the next write', async () => {
    const folder = await tempFolder('cloudctl-state-compact-');
    const statePath = join(folder, 'state.json');
    const backend = new LocalBackend({ statePath });
    const document = documentOf({ web: vm(), key: { type: 'cloud_lite_keypair', id: '1', attributes: { name: 'k' }, dependencies: [] } });
    await backend.write(document);
    const text = await readFile(statePath, 'utf8');
    expect(text).to.match(/^\{\n {2}"format_version": 2,/);
    expect(text).to.include('"raw_elided":true');
    expect(await backend.read()).to.deep.equal(document);

    // Format 1, as cloudctl wrote it before (no checksum member): read as it is.
    const old = { ...document, serial: 4 };
    await writeFile(statePath, `${JSON.stringify(old, null, 2)}\n`);
    expect(await backend.read()).to.deep.equal(old);
    await backend.write({ ...old, serial: 5 });
    expect(await readFile(statePath, 'utf8')).to.include('"raw_elided":true');
    expect(await backend.read()).to.deep.equal({ ...old, serial: 5 });
  });

  it('refuses, naming the entry, a compacted raw whose attribute is gone (edited by hand)', async () => {
    const folder = await tempFolder('cloudctl-state-compact-');
    const statePath = join(folder, 'state.json');
    await new LocalBackend({ statePath }).write(documentOf({ web: vm() }));
    const text = await readFile(statePath, 'utf8');
    // The hand edit removes the checksum member as the damage message says, and an attribute.
    const edited = text
      .replace(/,\n {2}"crc32": "[0-9a-f]{8}"/, '')
      .replace('"last_invoice":{"id":700001,"status":"Paid","amount":75000},', '');
    await writeFile(statePath, edited);
    try {
      await new LocalBackend({ statePath }).read();
      expect.fail('read a compacted entry without its attribute');
    } catch (error) {
      expect(error).to.be.instanceOf(StateCorruptError);
      expect((error as Error).message).to.include('resources.web: attributes.raw leaves out last_invoice');
    }
  });
});
