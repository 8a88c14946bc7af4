import { expect } from 'chai';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ResourceState, StateDocument } from '../../src/state/document.js';
import {
  LocalBackend,
  openLocalState,
  StateCorruptError,
  StateStore,
  type StateBackend,
  type StateChangeRecord,
} from '../../src/state/index.js';
import { useTempState } from '../support/temp-state.js';

function vm(id: string, extra: Record<string, string> = {}): ResourceState {
  return { type: 'cloud_lite_vm', id, attributes: { vm_name: `vm-${id}`, ...extra }, dependencies: [] };
}

/** Wraps a LocalBackend and records every snapshot written and every change record appended. */
function recording(backend: LocalBackend): {
  backend: StateBackend;
  written: StateDocument[];
  records: StateChangeRecord[];
  failNext: () => void;
} {
  const written: StateDocument[] = [];
  const records: StateChangeRecord[] = [];
  let fail = false;
  const wrapped: StateBackend = {
    describe: () => backend.describe(),
    read: () => backend.read(),
    write: async (document) => {
      written.push(JSON.parse(JSON.stringify(document)) as StateDocument);
      await backend.write(document);
    },
    appendChanges: async (record) => {
      if (fail) {
        fail = false;
        throw new Error('disk full');
      }
      records.push(JSON.parse(JSON.stringify(record)) as StateChangeRecord);
      await backend.appendChanges(record);
    },
    changesSinceSnapshot: () => backend.changesSinceSnapshot(),
    lock: (command, options) => backend.lock(command, options),
    forceUnlock: (id) => backend.forceUnlock(id),
    journal: backend.journal,
  };
  return { backend: wrapped, written, records, failNext: () => (fail = true) };
}

describe('state: StateStore over LocalBackend', () => {
  const temp = useTempState('cloudctl-state-');

  it('starts a new state with a lineage and serial 0, written only on the first change', async () => {
    const store = await StateStore.open(new LocalBackend({ statePath: temp.statePath }));
    expect(store.serial).to.equal(0);
    expect(store.lineage).to.match(/^[0-9a-f-]{36}$/);
    expect(store.exists).to.equal(false);
    expect(store.document).to.deep.equal({ format_version: 1, lineage: store.lineage, serial: 0, resources: {}, outputs: {} });
    await store.flush();
    await stat(temp.statePath).then(
      () => expect.fail('state written without a change'),
      (error: NodeJS.ErrnoException) => expect(error.code).to.equal('ENOENT'),
    );
    await store.setResource('web', vm('1'));
    expect(store.serial).to.equal(1);
    expect(store.exists).to.equal(true);
    // durable in the change log at once; the snapshot comes with the checkpoint
    const expected = { format_version: 1, lineage: store.lineage, serial: 1, resources: { web: vm('1') }, outputs: {} };
    expect(await new LocalBackend({ statePath: temp.statePath }).read()).to.deep.equal(expected);
    await store.checkpoint();
    const { crc32, ...written } = JSON.parse(await readFile(temp.statePath, 'utf8'));
    expect(written).to.deep.equal(expected);
    expect(crc32).to.match(/^[0-9a-f]{8}$/); // the snapshot's checksum, its last member
    await stat(`${temp.statePath}.changes`).then(
      () => expect.fail('change log kept after the checkpoint'),
      (error: NodeJS.ErrnoException) => expect(error.code).to.equal('ENOENT'),
    );
  });

  it('bumps serial only when content changes, and keeps the lineage', async () => {
    const store = await StateStore.open(new LocalBackend({ statePath: temp.statePath }));
    const lineage = store.lineage;
    await store.setResource('web', vm('1'));
    await store.setResource('web', vm('1')); // same content
    await store.removeResource('absent'); // no-op
    await store.setOutputs({});
    expect(store.serial).to.equal(1);
    await store.setResource('web', vm('1', { description: 'x' }));
    expect(store.serial).to.equal(2);
    await store.setOutputs({ ip: { value: '10.0.0.1', sensitive: false } });
    expect(store.serial).to.equal(3);
    await store.moveResource('web', 'frontend');
    expect(store.serial).to.equal(4);
    expect(store.addresses()).to.deep.equal(['frontend']);
    await store.removeResource('frontend');
    expect(store.serial).to.equal(5);
    expect(store.lineage).to.equal(lineage);

    const reopened = await StateStore.open(new LocalBackend({ statePath: temp.statePath }));
    expect(reopened.lineage).to.equal(lineage);
    expect(reopened.serial).to.equal(5);
    expect(reopened.exists).to.equal(true);
    expect(reopened.document.outputs).to.deep.equal({ ip: { value: '10.0.0.1', sensitive: false } });
    await reopened.setOutputs({ ip: { value: '10.0.0.1', sensitive: false } });
    expect(reopened.serial).to.equal(5);
  });

  it('writes state.json and the backup with mode 0600 in a 0700 folder', async function () {
    if (process.platform === 'win32') this.skip();
    const store = await StateStore.open(new LocalBackend({ statePath: temp.statePath }));
    await store.setResource('a', vm('1'));
    expect((await stat(`${temp.statePath}.changes`)).mode & 0o777).to.equal(0o600);
    await store.checkpoint();
    const first = await readFile(temp.statePath, 'utf8');
    await store.setResource('b', vm('2'));
    await store.checkpoint();
    expect((await stat(temp.statePath)).mode & 0o777).to.equal(0o600);
    expect((await stat(`${temp.statePath}.backup`)).mode & 0o777).to.equal(0o600);
    expect((await stat(join(temp.dir, '.cloudctl'))).mode & 0o777).to.equal(0o700);
    expect(await readFile(`${temp.statePath}.backup`, 'utf8')).to.equal(first);
    const backup = JSON.parse(first) as StateDocument;
    expect(backup.serial).to.equal(1);
    expect(Object.keys(backup.resources)).to.deep.equal(['a']);
  });

  it('persists concurrent setResource calls, in call order, as few records', async () => {
    const { backend, records, written } = recording(new LocalBackend({ statePath: temp.statePath }));
    const store = await StateStore.open(backend);
    const count = 40;
    const names = Array.from({ length: count }, (_, i) => `r${String(i).padStart(2, '0')}`);
    const settled: string[] = [];
    await Promise.all(names.map((name, i) => store.setResource(name, vm(String(i))).then(() => settled.push(name))));
    expect(settled).to.have.length(count);

    const readBack = (await new LocalBackend({ statePath: temp.statePath }).read())!;
    expect(Object.keys(readBack.resources)).to.deep.equal(names);
    expect(readBack.serial).to.equal(store.serial);
    // coalesced: fewer records than calls, serials 1..n without gaps, no snapshot yet
    expect(records.length).to.be.greaterThan(0).and.at.most(count);
    expect(records.map((record) => record.serial)).to.deep.equal(records.map((_, i) => i + 1));
    expect(written).to.deep.equal([]);
    // in call order, each change once
    expect(records.flatMap((record) => record.changes.map((change) => (change.op === 'set' ? change.address : '?')))).to.deep.equal(names);
  });

  it('appends only the change, whatever the size of the state', async () => {
    const { backend, records, written } = recording(new LocalBackend({ statePath: temp.statePath }));
    const store = await StateStore.open(backend);
    await Promise.all(Array.from({ length: 300 }, (_, i) => store.setResource(`r${i}`, vm(String(i)))));
    await store.checkpoint();
    const snapshot = await readFile(temp.statePath, 'utf8');
    records.length = 0;
    written.length = 0;
    await store.setResource('r7', vm('7', { description: 'changed' }));
    expect(records).to.have.length(1);
    expect(records[0]!.changes).to.deep.equal([{ op: 'set', address: 'r7', resource: vm('7', { description: 'changed' }) }]);
    expect(written).to.deep.equal([]);
    expect(await readFile(temp.statePath, 'utf8')).to.equal(snapshot);
    expect((await stat(`${temp.statePath}.changes`)).size).to.be.below(500);
  });

  it('rewrites the snapshot by itself once the change log is as long as the state is large', async () => {
    const { backend, written } = recording(new LocalBackend({ statePath: temp.statePath }));
    const store = await StateStore.open(backend, { compactAfterRecords: 5 });
    for (let i = 0; i < 4; i += 1) await store.setResource(`r${i}`, vm(String(i)));
    expect(written).to.have.length(0);
    await store.setResource('r4', vm('4'));
    expect(written).to.have.length(1);
    expect(written[0]!.serial).to.equal(5);
    expect(Object.keys(written[0]!.resources)).to.have.length(5);
    expect(backend.changesSinceSnapshot()).to.equal(0);
  });

  it('settles (rewrites the snapshot at the end of a run) by the resources held after removes and moves', async () => {
    const { backend, written } = recording(new LocalBackend({ statePath: temp.statePath }));
    const first = await StateStore.open(backend);
    await Promise.all(Array.from({ length: 250 }, (_, i) => first.setResource(`r${i}`, vm(String(i)))));
    await first.checkpoint();
    const store = await StateStore.open(backend); // 250 resources read back
    written.length = 0;
    // One record: 100 removed, one moved, 150 left; a snapshot is due once the log holds 2 records.
    await Promise.all([...Array.from({ length: 100 }, (_, i) => store.removeResource(`r${i}`)), store.moveResource('r100', 'moved')]);
    await store.settle();
    expect(written).to.have.length(0);
    await store.setResource('r101', vm('101', { description: 'changed' }));
    await store.settle();
    expect(written).to.have.length(1);
    expect(Object.keys(written[0]!.resources)).to.have.length(150);
  });

  it('replays the change log after a crash: torn last line skipped, records already in the snapshot ignored', async () => {
    const store = await StateStore.open(new LocalBackend({ statePath: temp.statePath }));
    await store.setResource('a', vm('1'));
    await store.setResource('b', vm('2'));
    const log = await readFile(`${temp.statePath}.changes`, 'utf8');
    await store.checkpoint(); // snapshot at serial 2; now put the old log back, as a crash before its removal would leave it
    await store.setResource('a', vm('1', { description: 'new' }));
    const newer = await readFile(`${temp.statePath}.changes`, 'utf8');
    await writeFile(`${temp.statePath}.changes`, `${log}${newer}{"lineage":"torn`);
    const warnings: string[] = [];
    const backend = new LocalBackend({ statePath: temp.statePath, onWarning: (message) => warnings.push(message) });
    const readBack = (await backend.read())!;
    expect(readBack.serial).to.equal(3);
    expect(readBack.resources).to.deep.equal({ a: vm('1', { description: 'new' }), b: vm('2') });
    expect(warnings.join('\n')).to.contain('state.json.changes').and.contain('its last line');
    expect(backend.changesSinceSnapshot()).to.equal(1);

    // the next run appends after the torn line and its record stays whole
    const next = await StateStore.open(backend);
    await next.removeResource('b');
    const again = (await new LocalBackend({ statePath: temp.statePath, onWarning: () => undefined }).read())!;
    expect(again.resources).to.deep.equal({ a: vm('1', { description: 'new' }) });
    expect(again.serial).to.equal(4);
  });

  it('raises StateCorruptError naming the change log for a record that is JSON but not a change', async () => {
    const store = await StateStore.open(new LocalBackend({ statePath: temp.statePath }));
    await store.setResource('a', vm('1'));
    await writeFile(
      `${temp.statePath}.changes`,
      `${await readFile(`${temp.statePath}.changes`, 'utf8')}{"lineage":"${store.lineage}","serial":2,"changes":[{"op":"explode"}]}\n`,
    );
    let error: unknown;
    await new LocalBackend({ statePath: temp.statePath }).read().catch((e: unknown) => (error = e));
    expect(error).to.be.instanceOf(StateCorruptError);
    expect((error as Error).message)
      .to.contain('state.json.changes')
      .and.contain('line 2')
      .and.contain('unknown change');
  });

  it('serialises interleaved calls from parallel operations', async () => {
    const { backend, records } = recording(new LocalBackend({ statePath: temp.statePath }));
    const store = await StateStore.open(backend);
    const operation = async (name: string) => {
      await store.setResource(name, { ...vm(name), pending_create: true });
      await new Promise((done) => setImmediate(done));
      await store.setResource(name, vm(name));
    };
    await Promise.all(['a', 'b', 'c', 'd'].map(operation));
    const last = (await new LocalBackend({ statePath: temp.statePath }).read())!;
    expect(Object.values(last.resources).every((r) => r.pending_create === undefined)).to.equal(true);
    expect(Object.keys(last.resources)).to.deep.equal(['a', 'b', 'c', 'd']);
    expect(store.serial).to.equal(records.length);
  });

  it("rejects the caller's promise when the write fails, and retries the change on the next write", async () => {
    const { backend, failNext } = recording(new LocalBackend({ statePath: temp.statePath }));
    const store = await StateStore.open(backend);
    await store.setResource('a', vm('1'));
    failNext();
    let error: unknown;
    await store.setResource('b', vm('2')).catch((e: unknown) => (error = e));
    expect((error as Error).message).to.equal('disk full');
    expect(store.serial).to.equal(1);
    expect(store.resource('b')).to.deep.equal(vm('2'));
    await store.flush();
    expect(store.serial).to.be.greaterThan(1); // the failed record's serial is never reused
    const onDisk = (await new LocalBackend({ statePath: temp.statePath }).read())!;
    expect(Object.keys(onDisk.resources)).to.deep.equal(['a', 'b']);
    expect(onDisk.serial).to.equal(store.serial);
  });

  it('refuses invalid resources and bad moves without changing anything', async () => {
    const store = await StateStore.open(new LocalBackend({ statePath: temp.statePath }));
    await store.setResource('a', vm('1'));
    const bad = { type: 'cloud_lite_vm', id: 5, attributes: {}, dependencies: [] } as unknown as ResourceState;
    let error: unknown;
    await store.setResource('b', bad).catch((e: unknown) => (error = e));
    expect((error as Error).message).to.contain('resources.b.id must be a string');
    await store.moveResource('missing', 'x').then(
      () => expect.fail('moved a missing resource'),
      (e: Error) => expect(e.message).to.contain('missing'),
    );
    await store.setResource('b', vm('2'));
    await store.moveResource('a', 'b').then(
      () => expect.fail('overwrote b'),
      (e: Error) => expect(e.message).to.contain('already in the state'),
    );
    expect(store.addresses()).to.deep.equal(['a', 'b']);
    expect(store.serial).to.equal(2);
  });

  it('copies values: later changes to the caller object are not seen', async () => {
    const store = await StateStore.open(new LocalBackend({ statePath: temp.statePath }));
    const resource = vm('1');
    await store.setResource('a', resource);
    resource.attributes.vm_name = 'changed';
    expect(store.resource('a')!.attributes.vm_name).to.equal('vm-1');
  });

  it('raises StateCorruptError naming the path for bad JSON and bad shapes', async () => {
    const backend = new LocalBackend({ statePath: temp.statePath });
    await backend.write({ format_version: 1, lineage: 'l', serial: 1, resources: {}, outputs: {} });
    await writeFile(temp.statePath, '{"format_version": 1, "lineage": ');
    let error: unknown;
    await StateStore.open(backend).catch((e: unknown) => (error = e));
    expect(error).to.be.instanceOf(StateCorruptError);
    expect((error as Error).message)
      .to.contain(temp.statePath)
      .and.contain('invalid JSON')
      .and.contain('state.json.backup');

    await writeFile(
      temp.statePath,
      JSON.stringify({ format_version: 1, lineage: 'l', serial: -1, resources: { web: { type: 'x' } }, outputs: {} }),
    );
    error = undefined;
    await backend.read().catch((e: unknown) => (error = e));
    expect(error).to.be.instanceOf(StateCorruptError);
    expect((error as StateCorruptError).path).to.equal(temp.statePath);
    expect((error as Error).message)
      .to.contain('serial')
      .and.contain('resources.web.id');

    await writeFile(temp.statePath, '');
    error = undefined;
    await backend.read().catch((e: unknown) => (error = e));
    expect((error as Error).message).to.contain('empty');
  });

  it('openLocalState locks, reads, flushes and releases', async () => {
    const state = await openLocalState(temp.statePath, { lock: { command: 'apply x.yaml' } });
    await state.store.setResource('a', vm('1'));
    expect(await state.backend.lockHolder()).to.include({ command: 'apply x.yaml', pid: process.pid });
    await state.close();
    expect(await state.backend.lockHolder()).to.equal(null);
    const again = await openLocalState(temp.statePath);
    expect(again.store.serial).to.equal(1);
    expect(again.lock).to.equal(null);
    await again.close();
  });
});
