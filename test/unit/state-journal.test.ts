import { expect } from 'chai';
import { appendFile, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { LocalBackend, type FileJournal, type JournalIntent } from '../../src/state/index.js';
import { useTempJournal } from '../support/temp-state.js';

const intent = (address: string) => ({
  address,
  type: 'cloud_lite_vm',
  operation: 'create',
  inputs: { vm_name: `${address}-01`, product_id: 7, console_password: 'hunter2' },
  match: { vm_name: `${address}-01`, product_id: 7 },
});

describe('state: journal', () => {
  const temp = useTempJournal('cloudctl-journal-');
  let path: string;
  let warnings: string[];
  let journal: FileJournal;
  beforeEach(() => ({ path, warnings, journal } = temp));

  it('lives beside the state file of a LocalBackend', () => {
    const backend = new LocalBackend({ statePath: join(temp.dir, 'ws', 'state.json') });
    expect((backend.journal as FileJournal).path).to.equal(join(temp.dir, 'ws', 'journal.jsonl'));
  });

  it('records intents and results on disk at once, with secrets masked', async () => {
    expect(await journal.unfinished()).to.deep.equal([]);
    const id = await journal.recordIntent(intent('web'));
    const lines = (await readFile(path, 'utf8')).trim().split('\n');
    expect(lines).to.have.length(1);
    const written = JSON.parse(lines[0]!) as JournalIntent;
    expect(written).to.include({ kind: 'intent', intent_id: id, address: 'web', type: 'cloud_lite_vm', operation: 'create' });
    expect(written.inputs).to.deep.equal({ vm_name: 'web-01', product_id: 7, console_password: '(sensitive)' });
    expect(written.match).to.deep.equal({ vm_name: 'web-01', product_id: 7 });
    expect(Number.isNaN(Date.parse(written.time))).to.equal(false);
    if (process.platform !== 'win32') expect((await stat(path)).mode & 0o777).to.equal(0o600);

    await journal.recordResult(id, { outcome: 'ok', id: '12345' });
    const result = JSON.parse((await readFile(path, 'utf8')).trim().split('\n')[1]!) as Record<string, unknown>;
    expect(result).to.include({ kind: 'result', intent_id: id, outcome: 'ok', id: '12345' });
  });

  it('lists intents without a result, or whose last result is unknown, as unfinished', async () => {
    const a = await journal.recordIntent(intent('a'));
    const b = await journal.recordIntent(intent('b'));
    const c = await journal.recordIntent(intent('c'));
    const d = await journal.recordIntent(intent('d'));
    await journal.recordResult(a, { outcome: 'ok', id: '1' });
    await journal.recordResult(b, { outcome: 'unknown', error: 'socket hang up' });
    await journal.recordResult(d, { outcome: 'unknown' });
    await journal.recordResult(d, { outcome: 'adopted', id: '4' });
    const unfinished = await journal.unfinished();
    expect(unfinished.map((i) => i.intent_id)).to.deep.equal([b, c]);
    expect(unfinished[1]!.match).to.deep.equal({ vm_name: 'c-01', product_id: 7 });
  });

  it('keeps concurrent appends whole', async () => {
    const ids = await Promise.all(Array.from({ length: 20 }, (_, i) => journal.recordIntent(intent(`r${i}`))));
    await Promise.all(ids.slice(0, 10).map((id) => journal.recordResult(id, { outcome: 'failed', error: 'no stock' })));
    expect((await journal.unfinished()).map((i) => i.intent_id)).to.deep.equal(ids.slice(10));
    expect(warnings).to.deep.equal([]);
  });

  it('tolerates a torn last line, and appends after it cleanly', async () => {
    const a = await journal.recordIntent(intent('a'));
    await appendFile(path, '{"kind":"intent","intent_id":"torn","time":"2026-11-2');
    expect((await journal.unfinished()).map((i) => i.intent_id)).to.deep.equal([a]);
    expect(warnings.join('\n')).to.contain('last line');

    const b = await journal.recordIntent(intent('b'));
    await journal.recordResult(a, { outcome: 'ok', id: '1' });
    expect((await journal.unfinished()).map((i) => i.intent_id)).to.deep.equal([b]);
    // the torn line (never confirmed) was removed by the next append, so no bad line is left mid-file
    const lines = (await readFile(path, 'utf8')).split('\n');
    expect(lines).to.have.length(4);
    expect(JSON.parse(lines[1]!)).to.include({ intent_id: b });
    expect(lines[3]).to.equal('');
  });

  it('compacts away finished pairs and torn lines, keeping unfinished intents and their results', async () => {
    const a = await journal.recordIntent(intent('a'));
    const b = await journal.recordIntent(intent('b'));
    const c = await journal.recordIntent(intent('c'));
    await journal.recordResult(a, { outcome: 'ok', id: '1' });
    await journal.recordResult(b, { outcome: 'unknown', error: 'timeout' });
    await appendFile(path, '{"kind":"res');
    await journal.compact();
    const entries = (await readFile(path, 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { kind: string; intent_id: string });
    expect(entries.map((e) => `${e.kind}:${e.intent_id}`)).to.deep.equal([`intent:${b}`, `intent:${c}`, `result:${b}`]);
    expect((await journal.unfinished()).map((i) => i.intent_id)).to.deep.equal([b, c]);

    await journal.recordResult(b, { outcome: 'adopted', id: '2' });
    await journal.recordResult(c, { outcome: 'abandoned' });
    await journal.compact();
    expect(await readFile(path, 'utf8')).to.equal('');
    expect(await journal.unfinished()).to.deep.equal([]);
    if (process.platform !== 'win32') expect((await stat(path)).mode & 0o777).to.equal(0o600);
  });

  it('writes appends that arrive together with one fsync each batch, in call order', async () => {
    const ids = await Promise.all(Array.from({ length: 30 }, (_, i) => journal.recordIntent(intent(`r${i}`))));
    const lines = (await readFile(path, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { intent_id: string; address: string });
    expect(lines.map((line) => line.intent_id)).to.deep.equal(ids);
    expect(lines.map((line) => line.address)).to.deep.equal(ids.map((_, i) => `r${i}`));
  });

  it('records a listing once and fills in the existing ids of the intents that reference it', async () => {
    const { listingId: listing, written } = journal.recordListing('cloud_lite_vm', ['11', '12']);
    await written;
    const a = await journal.recordIntent({ ...intent('a'), existing_listing: listing });
    const b = await journal.recordIntent({ ...intent('b'), existing_listing: listing });
    const other = journal.recordListing('cloud_lite_keypair', ['5']).listingId; // not awaited: the intent after it is on disk after it
    const c = await journal.recordIntent({ ...intent('c'), type: 'cloud_lite_keypair', existing_listing: other });
    await journal.recordResult(c, { outcome: 'ok', id: '6' });
    const unfinished = await journal.unfinished();
    expect(unfinished.map((i) => [i.intent_id, i.existing])).to.deep.equal([
      [a, ['11', '12']],
      [b, ['11', '12']],
    ]);
    // the ids are written once, not per intent
    expect((await readFile(path, 'utf8')).split('"11"').length - 1).to.equal(1);

    await journal.compact(); // keeps the listing still referenced, drops the other
    const kinds = (await readFile(path, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { kind: string; listing_id?: string });
    expect(kinds.map((entry) => entry.kind)).to.deep.equal(['listing', 'intent', 'intent']);
    expect(kinds[0]!.listing_id).to.equal(listing);
    expect((await journal.unfinished()).map((i) => i.existing)).to.deep.equal([
      ['11', '12'],
      ['11', '12'],
    ]);
  });
});
