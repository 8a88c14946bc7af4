import { expect } from 'chai';
import { appendFile, readFile } from 'node:fs/promises';
import type { FileJournal, JournalIntent } from '../../src/state/index.js';
import { useTempJournal } from '../support/temp-state.js';

describe('state: journal fields used by reconciliation', () => {
  const temp = useTempJournal('cloudctl-journal2-');
  let path: string;
  let journal: FileJournal;
  beforeEach(() => ({ path, journal } = temp));

  it('records the ids listed before a create and its dependencies; masks secrets in match too', async () => {
    await journal.recordIntent({
      address: 'web',
      type: 'cloud_lite_vm',
      operation: 'create',
      inputs: { vm_name: 'web-01', console_password: 'Secret123' },
      match: { vm_name: 'web-01', console_password: 'Secret123', nested: { api_token: 'tok' } },
      existing: ['100001', '100002'],
      dependencies: ['key'],
    });
    const [intent] = (await journal.unfinished()) as [JournalIntent];
    expect(intent.existing).to.deep.equal(['100001', '100002']);
    expect(intent.dependencies).to.deep.equal(['key']);
    expect(intent.match).to.deep.equal({ vm_name: 'web-01', console_password: '(sensitive)', nested: { api_token: '(sensitive)' } });
    expect(await readFile(path, 'utf8')).to.not.include('Secret123');
  });

  it('an intent whose latest result is unknown stays unfinished; adopted and abandoned finish it; compaction keeps only the unfinished', async () => {
    const a = await journal.recordIntent({ address: 'a', type: 't', operation: 'create', inputs: {}, match: {} });
    const b = await journal.recordIntent({ address: 'b', type: 't', operation: 'create', inputs: {}, match: {} });
    const c = await journal.recordIntent({ address: 'c', type: 't', operation: 'create', inputs: {}, match: {} });
    await journal.recordResult(a, { outcome: 'unknown', error: 'reset' });
    await journal.recordResult(b, { outcome: 'unknown', error: 'reset' });
    await journal.recordResult(b, { outcome: 'adopted', id: '7' });
    await journal.recordResult(c, { outcome: 'abandoned' });
    expect((await journal.unfinished()).map((intent) => intent.address)).to.deep.equal(['a']);
    await journal.compact();
    const lines = (await readFile(path, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { intent_id: string; kind: string });
    expect(lines.map((line) => [line.kind, line.intent_id])).to.deep.equal([
      ['intent', a],
      ['result', a],
    ]);
    expect((await journal.unfinished()).map((intent) => intent.address)).to.deep.equal(['a']);
  });

  it('a line torn by a crash is skipped with a warning, and the next append removes it', async () => {
    await journal.recordIntent({ address: 'a', type: 't', operation: 'create', inputs: {}, match: {} });
    await appendFile(path, '{"kind":"result","intent_id":"x","ti');
    expect((await journal.unfinished()).map((intent) => intent.address)).to.deep.equal(['a']);
    expect(temp.warnings.join('\n')).to.match(/skipped its last line \(2\), a write cut short by a crash/);
    await journal.recordIntent({ address: 'b', type: 't', operation: 'create', inputs: {}, match: {} });
    expect((await journal.unfinished()).map((intent) => intent.address)).to.deep.equal(['a', 'b']);
    expect((await readFile(path, 'utf8')).split('\n')).to.have.length(3);
  });
});
