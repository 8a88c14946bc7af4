/**
 * How plan files compress the plan's text (files.ts): gzip (RFC 1952) at
 * level 3, a third of level 6's time on plan JSON (repetitive) for a file
 * about 6 % larger. zlib's streams compress on libuv's thread pool, beside
 * the main thread.
 */
import { createGzip, type Gzip } from 'node:zlib';

/** The zlib options of a plan file's gzip stream. */
export const PLAN_FILE_GZIP = { level: 3 } as const;

/** A plan file's gzip stream fed text piece by piece (see {@link planFileCompressor}). */
export interface PlanFileCompressor {
  /**
   * Hands `text` to the compressor as UTF-8. Returns a promise to wait for
   * before the next write when the compressor is still busy with the piece
   * before last (the caller writes the next piece meanwhile), else undefined.
   */
  write(text: string): Promise<void> | undefined;
  /** Ends the input; resolves with the compressed data, in chunks; rejects with zlib's error. */
  end(): Promise<Buffer[]>;
  /** Stops compressing (the text will not be finished): what {@link end} would give is never made. */
  abandon(): void;
}

/** The smallest block a piece of text is encoded into: 256 KiB (a piece of 64 Ki characters, 3 bytes each at most). */
const BLOCK_BYTES = 256 * 1024;

/** Up to this many bytes, a block is made to the size of the text it takes (a small plan's text is one piece): 16 KiB. */
const SMALL_TEXT_BYTES = 16 * 1024;

/** One of the two blocks a {@link planFileCompressor} encodes into, and the wait until zlib has read it. */
interface Block {
  bytes: Buffer;
  read: Promise<void> | undefined;
}

/**
 * A gzip stream ({@link PLAN_FILE_GZIP}) whose text comes in pieces: each
 * is encoded as UTF-8 into one of two blocks used in turn (the text of a
 * large plan, 90 MB at 100,000 creates, then takes 512 KiB of buffers, not
 * 90 MB of new memory, whose first touch costs this machine's kernel more
 * than the encoding), which zlib compresses on the thread pool while the
 * caller makes the next piece. A failure rejects the promise
 * {@link PlanFileCompressor.end} returns, and is never unhandled.
 */
export function planFileCompressor(): PlanFileCompressor {
  const gzip: Gzip = createGzip(PLAN_FILE_GZIP);
  const chunks: Buffer[] = [];
  gzip.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer[]>((resolve, reject) => {
    gzip.once('end', () => resolve(chunks));
    gzip.once('error', reject);
  });
  // Seen by whoever awaits `end()` (files.ts then compresses the plan again); never an unhandled rejection.
  done.catch(() => undefined);
  // Made on first need: a small plan's text (one short piece) takes a small block.
  const blocks: Block[] = [
    { bytes: Buffer.alloc(0), read: undefined },
    { bytes: Buffer.alloc(0), read: undefined },
  ];
  let next = 0;
  const fill = (block: Block, text: string) => {
    const most = text.length * 3;
    if (block.bytes.length < most) block.bytes = Buffer.allocUnsafe(most <= SMALL_TEXT_BYTES ? most : Math.max(most, BLOCK_BYTES));
    const length = block.bytes.write(text, 0, 'utf8');
    // The write's callback comes once zlib has taken the bytes in (or failed: `done` then rejects).
    block.read = new Promise<void>((resolve) => gzip.write(block.bytes.subarray(0, length), () => resolve()));
  };
  return {
    write: (text) => {
      const block = blocks[next]!;
      next = 1 - next;
      if (block.read === undefined) return void fill(block, text);
      return block.read.then(() => fill(block, text));
    },
    end: () => {
      gzip.end();
      return done;
    },
    abandon: () => gzip.destroy(),
  };
}
