/**
 * Unit tests of `writeChunks` (src/cli/io.ts), what `plan` writes its text
 * with: batched writes, the wait for `drain` when the stream is full, and
 * no wait on a stream that closes meanwhile.
 */
import { expect } from 'chai';
import { EventEmitter } from 'node:events';
import { writeChunks } from '../../src/cli/io.js';

/** A stream that takes `capacity` writes at once, then answers false until it is drained by hand. */
class SlowStream extends EventEmitter {
  readonly written: string[] = [];
  constructor(private capacity: number) {
    super();
  }
  write(text: string): boolean {
    this.written.push(text);
    return this.written.length < this.capacity;
  }
}

describe('writeChunks (cli/io.ts)', () => {
  it('writes the chunks in order, gathered into writes of about 64 KiB, to an output without events', async () => {
    const written: string[] = [];
    const chunks = Array.from({ length: 3000 }, (_, index) => `${String(index).padStart(40, '.')}\n`);
    await writeChunks({ write: (text: string) => written.push(text) }, chunks);
    expect(written.join('')).to.equal(chunks.join(''));
    expect(written.length).to.be.within(2, 3);
  });

  it('waits for drain when a write is refused, and goes on after it', async () => {
    const stream = new SlowStream(1);
    const chunks = Array.from({ length: 4 }, () => 'x'.repeat(70_000));
    let done = false;
    const writing = writeChunks(stream, chunks).then(() => (done = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(stream.written.length).to.equal(1);
    expect(done).to.equal(false);
    stream.emit('drain');
    await new Promise((resolve) => setImmediate(resolve));
    expect(stream.written.length).to.equal(2);
    stream.emit('close');
    await writing;
    expect(stream.written.join('')).to.equal(chunks.join(''));
    expect(stream.listenerCount('drain')).to.equal(0);
  });
});
