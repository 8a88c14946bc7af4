/**
 * The CLI's apply progress (src/cli/views/progress.ts): "still ..." lines
 * at each multiple of the interval, counted per operation.
 * Run: npx mocha --no-config --import=tsx test/unit/progress-view.test.ts
 */
import { expect } from 'chai';
import { progressPrinter } from '../../src/cli/views/progress.js';
import { createStyle } from '../../src/cli/views/style.js';

describe('apply progress view', () => {
  it('prints a "still" line once per interval crossed, and counts the create of a replace from its own start', () => {
    const lines: string[] = [];
    const print = progressPrinter((line) => lines.push(line), createStyle(false), 10);
    print({ type: 'started', address: 'vm', action: 'destroying' });
    print({ type: 'progress', address: 'vm', action: 'destroying', elapsedSeconds: 12, status: 'Pending' });
    print({ type: 'progress', address: 'vm', action: 'destroying', elapsedSeconds: 14, status: 'Pending' });
    print({ type: 'finished', address: 'vm', action: 'destroying', elapsedSeconds: 15 });
    print({ type: 'started', address: 'vm', action: 'creating' });
    print({ type: 'progress', address: 'vm', action: 'creating', elapsedSeconds: 11, status: 'Pending' });
    print({ type: 'finished', address: 'vm', action: 'creating', elapsedSeconds: 13, id: '7' });
    expect(lines).to.deep.equal([
      'vm: Destroying...',
      'vm: still destroying... [10s elapsed, Pending]',
      'vm: Destruction complete after 15s',
      'vm: Creating...',
      'vm: still creating... [10s elapsed, Pending]',
      'vm: Creation complete after 13s [id=7]',
    ]);
  });
});
