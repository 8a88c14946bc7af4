/**
 * A snapshot read without parsing its resources (issue 35: one change in a
 * state of 100,000 costs what it changes): a `state.json` whose checksum
 * matches is read with each resource entry left as text, parsed and
 * checked on first use (src/state/local/snapshot-read.ts,
 * src/state/lazy-resources.ts); the document reads back equal to a whole
 * parse, the store's account index and the scans for rare marks read no
 * entry, and an entry that does not read back is still refused.
 */
import { expect } from 'chai';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { LocalBackend, StateCorruptError, StateStore } from '../../src/state/index.js';
import type { ResourceState, StateDocument } from '../../src/state/document.js';
import { addressesThatMayHold, entryCount, isUnread, mayHold, plainResources, resourceIdentity } from '../../src/state/lazy-resources.js';
import { heldOrderWarnings, lostValueWarnings } from '../../src/engine/marks.js';
import { tempFolder } from '../temp-folders.js';

const LINEAGE = '6f1c1d2e-0000-4000-8000-000000000002';

function keypair(id: string, extra: Partial<ResourceState> = {}): ResourceState {
  return {
    type: 'cloud_lite_keypair',
    id,
    attributes: { name: `k${id}`, note: 'a "lost_at_create": lookalike' },
    dependencies: [],
    ...extra,
  };
}

function documentOf(): StateDocument {
  return {
    format_version: 1,
    lineage: LINEAGE,
    serial: 7,
    resources: {
      'key["a\\"b"]': keypair('1'),
      key_lost: keypair('2', { lost_at_create: ['private_key'] }),
      key_plain: keypair('3'),
      vm: {
        type: 'cloud_lite_vm',
        id: '1000002',
        attributes: { id: '1000002', status: 'Active', raw: '{"account_id":"1000002","status":"Active"}' },
        dependencies: ['key_plain'],
        migrated: { to_type: 'cloud_lite_pro_vm', attribute: 'migrate_to_pro', value: 12, time: '2026-01-01T00:00:00.000Z' },
      },
    },
    outputs: { name: { value: 'x', sensitive: false } },
  };
}

/** The snapshot `text` with its checksum computed again (a hand edit made to pass the check). */
function resealed(text: string): string {
  const body = text.replace(/,\n {2}"crc32": "[0-9a-f]{8}"\n\}\n$/, '\n}');
  return `${body.slice(0, -2)},\n  "crc32": "${crc32(body).toString(16).padStart(8, '0')}"\n}\n`;
}

async function written(document: StateDocument): Promise<{ statePath: string; backend: LocalBackend }> {
  const folder = await tempFolder('cloudctl-state-lazy-');
  const statePath = join(folder, 'state.json');
  const backend = new LocalBackend({ statePath });
  await backend.write(document);
  return { statePath, backend };
}

describe('state: a snapshot read without parsing its resources', () => {
  it('reads back equal to the whole parse, each entry unread until used', async () => {
    const { backend } = await written(documentOf());
    const read = (await backend.read())!;
    expect(Object.keys(read.resources)).to.deep.equal(Object.keys(documentOf().resources));
    expect(isUnread(read.resources, 'vm')).to.equal(true);
    expect(resourceIdentity(read.resources, 'vm')).to.deep.equal({ type: 'cloud_lite_vm', id: '1000002' });
    expect(resourceIdentity(read.resources, 'key["a\\"b"]')).to.deep.equal({ type: 'cloud_lite_keypair', id: '1' });
    expect(isUnread(read.resources, 'vm')).to.equal(true);
    expect(read.resources.vm).to.deep.equal(documentOf().resources.vm); // its raw made whole again (format 2)
    expect(isUnread(read.resources, 'vm')).to.equal(false);
    expect(read).to.deep.equal(documentOf());
  });

  it('opens a store and finds rare marks reading only the entries that may hold them', async () => {
    const { statePath, backend } = await written(documentOf());
    const store = await StateStore.open(backend);
    const resources = store.document.resources;
    expect(store.holders('cloud_lite_vm', '1000002')).to.deep.equal(['vm']);
    expect(Object.keys(resources).filter((address) => !isUnread(resources, address))).to.deep.equal([]);
    expect(mayHold(resources, 'key_plain', 'migrated')).to.equal(false);
    expect(mayHold(resources, 'key_plain', 'lost_at_create')).to.equal(false); // its lookalike is inside a string
    expect(addressesThatMayHold(resources, 'lost_at_create')).to.deep.equal(['key_lost']);
    expect(addressesThatMayHold(resources, 'nothing_holds_this')).to.deep.equal([]);
    expect(lostValueWarnings(store.document, []).map((warning) => warning.address)).to.deep.equal(['key_lost']);
    expect(heldOrderWarnings(store.document).map((warning) => warning.address)).to.deep.equal(['vm']);
    expect(isUnread(resources, 'key_plain')).to.equal(true);
    expect(isUnread(resources, 'key["a\\"b"]')).to.equal(true);

    // A change, then a whole-state write: every entry read and written back as it was.
    await store.setResource('key_plain', keypair('3', { attributes: { name: 'renamed' } }));
    await store.checkpoint();
    const again = await new LocalBackend({ statePath }).read();
    expect(again!.resources.key_plain!.attributes).to.deep.equal({ name: 'renamed' });
    expect(again!.resources.vm).to.deep.equal(documentOf().resources.vm);
  });

  it('of a plain record (a state read whole, as PostgreSQL reads it), returns exactly the entries holding a member, sorted', () => {
    const { resources } = documentOf();
    expect(addressesThatMayHold(resources, 'lost_at_create')).to.deep.equal(['key_lost']);
    expect(addressesThatMayHold(resources, 'migrated', 'lost_at_create')).to.deep.equal(['key_lost', 'vm']);
    expect(addressesThatMayHold(resources, 'nothing_holds_this')).to.deep.equal([]);
    expect(lostValueWarnings(documentOf(), []).map((warning) => warning.address)).to.deep.equal(['key_lost']);
    expect(heldOrderWarnings(documentOf()).map((warning) => warning.address)).to.deep.equal(['vm']);
  });

  it('assigning and deleting an unread entry work as on any object', async () => {
    const { backend } = await written(documentOf());
    const read = (await backend.read())!;
    read.resources.key_plain = keypair('9');
    expect(isUnread(read.resources, 'key_plain')).to.equal(false);
    expect(read.resources.key_plain.id).to.equal('9');
    delete read.resources.vm;
    read.resources.vm = keypair('8');
    expect(resourceIdentity(read.resources, 'vm')).to.deep.equal({ type: 'cloud_lite_keypair', id: '8' });
    expect(mayHold(read.resources, 'vm', 'migrated')).to.equal(true);
    // Assigned or deleted then added again: no longer its text, so the batched scan returns it to be read.
    expect(addressesThatMayHold(read.resources, 'nothing_holds_this')).to.have.members(['key_plain', 'vm']);
  });

  it('is a proxy: counted and copied plain without a parse per key; an entry read and changed in place is scanned again', async () => {
    const { backend } = await written(documentOf());
    const read = (await backend.read())!;
    expect(entryCount(read.resources)).to.equal(4);
    read.resources.added = keypair('10');
    Object.defineProperty(read.resources, 'defined', { value: keypair('11'), enumerable: true, configurable: true, writable: true });
    delete read.resources.key_lost;
    read.resources.key_plain = keypair('12'); // replaced: no new entry
    expect(entryCount(read.resources)).to.equal(5).and.equal(Object.keys(read.resources).length);
    delete read.resources.added;
    delete read.resources.defined;
    read.resources.key_lost = documentOf().resources.key_lost!;
    read.resources.key_plain = documentOf().resources.key_plain!;
    expect(entryCount(read.resources)).to.equal(4);
    expect(isUnread(read.resources, 'vm')).to.equal(true);
    expect(() => structuredClone(read.resources)).to.throw(); // why plainResources exists
    expect(structuredClone({ ...read, resources: plainResources(read.resources) })).to.deep.equal(documentOf());
    const again = (await backend.read())!;
    expect(Object.getOwnPropertyNames(again.resources)).to.have.length(4);
    expect('vm' in again.resources && Object.hasOwn(again.resources, 'vm')).to.equal(true);
    expect(isUnread(again.resources, 'vm')).to.equal(true);
    again.resources.key_plain!.lost_at_create = ['private_key']; // read, then changed in place
    expect(addressesThatMayHold(again.resources, 'lost_at_create')).to.deep.equal(['key_lost', 'key_plain']);
    expect(lostValueWarnings(again, []).map((warning) => warning.address)).to.deep.equal(['key_lost', 'key_plain']);
  });

  it('still refuses an entry that does not read back, even with its checksum computed again', async () => {
    const { statePath, backend } = await written(documentOf());
    const text = await readFile(statePath, 'utf8');
    await writeFile(statePath, resealed(text.replace('"id":"3"', '"id":3')));
    const read = (await backend.read())!;
    expect(() => read.resources.key_plain).to.throw(StateCorruptError, 'resources.key_plain.id must be a string');
    expect(read.resources.vm!.id).to.equal('1000002');

    // Without its checksum (the fix by hand the damage message suggests), the whole file is parsed and checked at once.
    await writeFile(statePath, text.replace('"id":"3"', '"id":3').replace(/,\n {2}"crc32": "[0-9a-f]{8}"/, ''));
    try {
      await backend.read();
      expect.fail('read a hand-edited state with a bad entry');
    } catch (error) {
      expect(error).to.be.instanceOf(StateCorruptError);
      expect((error as Error).message).to.include('resources.key_plain.id must be a string');
    }
  });
});
