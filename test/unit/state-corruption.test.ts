import { expect } from 'chai';
import { appendFile, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ResourceState } from '../../src/state/document.js';
import {
  catalogueSensitivity,
  EncryptingBackend,
  FileJournal,
  LocalBackend,
  openLocalState,
  StateCorruptError,
  StateDamagedError,
  StateStore,
} from '../../src/state/index.js';
import { rejection } from '../support/rejection.js';
import { useTempState } from '../support/temp-state.js';
import { otherOfClass } from '../support/damage.js';

function vm(id: string): ResourceState {
  return { type: 'cloud_lite_vm', id, attributes: { vm_name: `vm-${id}`, console_password: 'Hunter2Hunter2' }, dependencies: [] };
}

/**
 * Changes one byte of line `number` (1-based) of `path`: the alphanumeric
 * character nearest the middle of the line becomes another of its class
 * (digit for digit, letter for letter), so the line usually stays valid
 * JSON and only its checksum can tell.
 */
async function damageLine(path: string, number: number): Promise<void> {
  const lines = (await readFile(path, 'utf8')).split('\n');
  const line = lines[number - 1]!;
  for (let offset = 0; offset < line.length; offset++) {
    for (const index of [Math.floor(line.length / 2) + offset, Math.floor(line.length / 2) - offset]) {
      const char = line[index];
      if (char === undefined || !/[0-9a-zA-Z]/.test(char)) continue;
      lines[number - 1] = line.slice(0, index) + otherOfClass(char, 1, -1) + line.slice(index + 1);
      await writeFile(path, lines.join('\n'));
      return;
    }
  }
  throw new Error(`no byte to damage on line ${number} of ${path}`);
}

function caught(promise: Promise<unknown>): Promise<Error> {
  return rejection(promise, 'expected a rejection');
}

describe('state: damage told from torn writes (checksummed change log and journal)', () => {
  const temp = useTempState('cloudctl-corrupt-');
  let statePath: string;
  let changesPath: string;
  let journalPath: string;
  let warnings: string[];

  beforeEach(() => {
    statePath = temp.statePath;
    changesPath = `${statePath}.changes`;
    journalPath = join(temp.dir, '.cloudctl', 'journal.jsonl');
    warnings = [];
  });

  const backend = () => new LocalBackend({ statePath, onWarning: (message) => warnings.push(message) });

  /** A change log of three records (a, b, c set one by one), no snapshot rewrite. */
  async function threeChanges(): Promise<void> {
    const store = await StateStore.open(backend());
    for (const id of ['a', 'b', 'c']) await store.setResource(id, vm(id));
    expect((await readFile(changesPath, 'utf8')).split('\n')).to.have.length(4);
  }

  describe('change log', () => {
    it('every record carries a crc32 checksum as its last member', async () => {
      await threeChanges();
      for (const line of (await readFile(changesPath, 'utf8')).trim().split('\n')) expect(line).to.match(/,"crc32":"[0-9a-f]{8}"\}$/);
    });

    it('one byte changed in a middle line: refuses to read, naming the file and line and the ways out', async () => {
      await threeChanges();
      await damageLine(changesPath, 2);
      const error = await caught(backend().read());
      expect(error).to.be.instanceOf(StateDamagedError).and.instanceOf(StateCorruptError);
      expect(error.message).to.contain(`${changesPath} is damaged: line 2:`);
      expect(error.message).to.match(
        /A crash only ever cuts the last line short, so this is damage to the file, not an interrupted write; cloudctl stops here, before any API call/,
      );
      expect(error.message).to.contain("run 'cloudctl state repair', which keeps the file as").and.contain('state.json.changes.damaged');
      expect(error.message).to.contain("'cloudctl import'");
      expect(error.message).to.not.contain('Hunter2');
    });

    it('a middle line that no longer parses is damage too, never a torn write', async () => {
      await threeChanges();
      const lines = (await readFile(changesPath, 'utf8')).split('\n');
      lines[1] = lines[1]!.replace('":', '";');
      await writeFile(changesPath, lines.join('\n'));
      expect((await caught(backend().read())).message).to.contain('line 2: it is not valid JSON');
      expect(warnings).to.deep.equal([]);
    });

    it('the last line whose checksum fails is damage (it is whole, so no crash cut it)', async () => {
      await threeChanges();
      await damageLine(changesPath, 3);
      expect((await caught(backend().read())).message).to.match(/line 3: its checksum does not match .*\(it changed c\)/);
    });

    it('a last line holding a whole record whose newline was damaged is damage, not a torn write', async () => {
      await threeChanges();
      const text = await readFile(changesPath, 'utf8');
      await writeFile(changesPath, `${text.slice(0, -1)}X`);
      expect((await caught(backend().read())).message).to.match(
        /line 3: it is not valid JSON, and it holds a whole record, so it was not cut short by a crash/,
      );
    });

    it('a torn last line is still skipped with a notice, and the next append removes it', async () => {
      await threeChanges();
      await appendFile(changesPath, '{"lineage":"x","serial":4,"chan');
      const store = await StateStore.open(backend());
      expect(store.addresses()).to.deep.equal(['a', 'b', 'c']);
      expect(warnings.join('\n')).to.match(/skipped its last line \(4\), a write cut short by a crash/);
      await store.removeResource('a');
      const lines = (await readFile(changesPath, 'utf8')).split('\n');
      expect(lines).to.have.length(5);
      expect(lines[3]).to.match(/^\{"lineage":"[0-9a-f-]{36}","serial":4,.*"crc32":"[0-9a-f]{8}"\}$/);
      warnings = [];
      expect(Object.keys((await backend().read())!.resources)).to.deep.equal(['b', 'c']);
      expect(warnings).to.deep.equal([]);
    });

    it('reads records written before checksums (older cloudctl) as they are', async () => {
      const lineage = '5b8f0f1e-0b8a-4c55-9b7e-3f1f3c7e9a10';
      const legacy = [1, 2].map((serial) =>
        JSON.stringify({ lineage, serial, changes: [{ op: 'set', address: `r${serial}`, resource: vm(String(serial)) }] }),
      );
      await backend()
        .lock('test')
        .then((lock) => lock.release());
      await writeFile(changesPath, `${legacy.join('\n')}\n`);
      const store = await StateStore.open(backend());
      expect(store.addresses()).to.deep.equal(['r1', 'r2']);
      await store.setResource('r3', vm('3')); // new records are checksummed after the old ones
      expect(Object.keys((await backend().read())!.resources)).to.deep.equal(['r1', 'r2', 'r3']);
    });

    it('an encrypted change log: a damaged record is refused the same way', async () => {
      const encrypted = () =>
        new EncryptingBackend(backend(), { passphrase: 'pass phrase', sensitive: catalogueSensitivity, cost: { n: 1024, r: 8, p: 1 } });
      const store = await StateStore.open(encrypted());
      for (const id of ['a', 'b', 'c']) await store.setResource(id, vm(id));
      expect(await readFile(changesPath, 'utf8')).to.not.contain('Hunter2');
      expect(Object.keys((await encrypted().read())!.resources)).to.deep.equal(['a', 'b', 'c']);
      await damageLine(changesPath, 2);
      const error = await caught(encrypted().read());
      expect(error).to.be.instanceOf(StateDamagedError);
      expect(error.message).to.contain('line 2:');
    });

    it('state repair drops the damaged line, keeps the original as .damaged, and the state reads again', async () => {
      await threeChanges();
      await damageLine(changesPath, 2);
      const original = await readFile(changesPath, 'utf8');
      const [changes, journal] = await backend().repair();
      expect(changes!.dropped.map((line) => line.line)).to.deep.equal([2]);
      expect(changes!.keptAs).to.equal(`${changesPath}.damaged`);
      expect(journal!.dropped).to.deep.equal([]);
      expect(await readFile(`${changesPath}.damaged`, 'utf8')).to.equal(original);
      expect((await stat(`${changesPath}.damaged`)).mode & 0o777).to.equal(0o600);
      expect(Object.keys((await backend().read())!.resources)).to.deep.equal(['a', 'c']);
    });
  });

  describe('snapshot (state.json)', () => {
    async function snapshot(): Promise<void> {
      const store = await StateStore.open(backend());
      for (const id of ['100001', '100002']) await store.setResource(`r${id}`, vm(id));
      await store.checkpoint();
      await store.setResource('r100003', vm('100003'));
      await store.checkpoint(); // so state.json.backup exists too
    }

    it('one digit of an id changed (still valid JSON): refused by its checksum, naming the file and the backup', async () => {
      await snapshot();
      const text = await readFile(statePath, 'utf8');
      await writeFile(statePath, text.replace(/"id": ?"100002"/, '"id":"100007"'));
      const error = await caught(backend().read());
      expect(error).to.be.instanceOf(StateCorruptError);
      expect(error.message)
        .to.contain(`state file ${statePath} is corrupt: its checksum does not match`)
        .and.contain(`restore the previous version from ${statePath}.backup`);
    });

    it('reformatted by hand with its checksum member kept: refused too (the member must go with a fix by hand)', async () => {
      await snapshot();
      await writeFile(statePath, JSON.stringify(JSON.parse(await readFile(statePath, 'utf8'))));
      expect((await caught(backend().read())).message).to.contain('its checksum does not match');
    });

    it('the backup carries its checksum: put back, it reads', async () => {
      await snapshot();
      await writeFile(statePath, await readFile(`${statePath}.backup`, 'utf8'));
      expect(Object.keys((await backend().read())!.resources)).to.deep.equal(['r100001', 'r100002']);
    });

    it('a state without a checksum (older cloudctl, or a fix by hand that removed it) is read as it is', async () => {
      await snapshot();
      const { crc32: _, ...document } = JSON.parse(await readFile(statePath, 'utf8'));
      document.resources.r100002.attributes.vm_name = 'renamed by hand';
      await writeFile(statePath, JSON.stringify(document, null, 2));
      expect((await backend().read())!.resources.r100002!.attributes.vm_name).to.equal('renamed by hand');
    });
  });

  describe('journal', () => {
    const intent = (address: string) => ({
      address,
      type: 'cloud_lite_vm',
      operation: 'create',
      inputs: { vm_name: address },
      match: { vm_name: address },
    });

    async function threeIntents(): Promise<FileJournal> {
      const journal = new FileJournal(journalPath, { onWarning: (message) => warnings.push(message) });
      for (const address of ['a', 'b', 'c']) await journal.recordIntent(intent(address));
      return journal;
    }

    it('one byte changed in a middle line: refuses to read, naming the file and line', async () => {
      const journal = await threeIntents();
      await damageLine(journalPath, 2);
      const error = await caught(journal.unfinished());
      expect(error).to.be.instanceOf(StateDamagedError);
      expect(error.message).to.contain(`${journalPath} is damaged: line 2:`).and.contain('cloudctl state repair');
    });

    it('openLocalState refuses a damaged journal before anything else, and releases the lock it took', async () => {
      await threeIntents();
      await damageLine(journalPath, 2);
      const error = await caught(openLocalState(statePath, { lock: { command: 'apply' }, passphrase: '' }));
      expect(error).to.be.instanceOf(StateDamagedError);
      expect(error.message).to.contain('journal.jsonl is damaged: line 2');
      await stat(join(temp.dir, '.cloudctl', 'state.lock')).then(
        () => expect.fail('the lock was left behind'),
        (reason: NodeJS.ErrnoException) => expect(reason.code).to.equal('ENOENT'),
      );
    });

    it('a torn last line is skipped with a notice; the next entry replaces it', async () => {
      const journal = await threeIntents();
      await appendFile(journalPath, '{"kind":"result","intent_id":"x","ti');
      expect((await journal.unfinished()).map((entry) => entry.address)).to.deep.equal(['a', 'b', 'c']);
      await journal.recordIntent(intent('d'));
      warnings = [];
      expect((await journal.unfinished()).map((entry) => entry.address)).to.deep.equal(['a', 'b', 'c', 'd']);
      expect(warnings).to.deep.equal([]);
    });

    it('reads entries written before checksums, and a line repaired by hand without its crc32 member', async () => {
      const journal = await threeIntents();
      const lines = (await readFile(journalPath, 'utf8')).split('\n');
      lines[1] = lines[1]!.replace(/,"crc32":"[0-9a-f]{8}"\}$/, '}').replaceAll('"vm_name":"b"', '"vm_name":"b2"');
      await writeFile(journalPath, lines.join('\n'));
      expect((await journal.unfinished()).map((entry) => entry.match.vm_name)).to.deep.equal(['a', 'b2', 'c']);
    });

    it('compaction keeps checksums', async () => {
      const journal = await threeIntents();
      await journal.compact();
      for (const line of (await readFile(journalPath, 'utf8')).trim().split('\n')) expect(line).to.match(/,"crc32":"[0-9a-f]{8}"\}$/);
      expect((await journal.unfinished()).map((entry) => entry.address)).to.deep.equal(['a', 'b', 'c']);
    });
  });
});
