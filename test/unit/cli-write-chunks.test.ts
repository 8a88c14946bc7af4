/**
 * Unit tests of `writeChunks` (src/cli/io.ts), what `plan` writes its text
 * with: batched writes, the wait for `drain` when the stream is full, no
 * wait on a stream that closes meanwhile, and the UTF-8 bytes a Node stream
 * is handed (in buffers used again only once the stream has taken them).
 */
import { expect } from 'chai';
import { EventEmitter } from 'node:events';
import { Writable } from 'node:stream';
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

  it('hands a Node stream the UTF-8 bytes of the text, a buffer used again only once the stream has read it', async () => {
    const read: Buffer[] = [];
    // Reads each buffer only a turn of the event loop after it was handed over, as a slow pipe does.
    const stream = new Writable({
      highWaterMark: 64 * 1024 * 1024, // never full: the wait is for the buffer, not for `drain`
      write(chunk: Buffer, _encoding, callback) {
        setImmediate(() => {
          read.push(Buffer.from(chunk));
          callback();
        });
      },
    });
    const chunks = Array.from({ length: 400 }, (_, index) => `${index} é ✓ 𝄞 ${'x'.repeat(index * 7)}\n`);
    await writeChunks(stream, chunks);
    await new Promise<void>((resolve) => stream.end(resolve));
    expect(Buffer.concat(read).toString('utf8')).to.equal(chunks.join(''));
    expect(read.length).to.be.above(3);
  });
});
