/**
 * The CLI's view of the world it runs in: working directory, environment,
 * standard streams and Ctrl-C. `main` builds one from `process`; tests build
 * one of their own and run many commands in one process, concurrently if
 * they like, with nothing shared between runs.
 */

/** A stream the CLI writes text to (`process.stdout`, or a test's collector). */
export interface CliOutput {
  write(text: string): unknown;
  /** True for a terminal: colour is on by default, and `confirm` can prompt. */
  isTTY?: boolean;
  /** Width of the terminal in characters (help text wraps at it). */
  columns?: number;
}

import { Writable } from 'node:stream';

/** What {@link writeChunks} gathers before each write: 64 KiB of text. */
const CHUNK_CHARACTERS = 64 * 1024;

/** The smallest block {@link blockWriter} encodes a write into: 192 KiB (64 Ki characters, 3 bytes each at most). */
const BLOCK_BYTES = 192 * 1024;

/** One of the two blocks a {@link blockWriter} encodes into, and the wait until the stream has taken its bytes. */
interface OutputBlock {
  bytes: Buffer;
  taken: Promise<void> | undefined;
}

/**
 * Writes text to a Node stream as UTF-8 encoded into one of two blocks used
 * in turn, each used again only once the stream has taken its bytes (the
 * write's callback, or the stream closed: `ended`), instead of a
 * new buffer per write (82 MB for a plan of 100,000 creates, whose first
 * touch costs this machine's kernel more than the encoding). Resolves with
 * what the stream's `write` answered (false: wait for `drain`).
 */
function blockWriter(stream: Writable, ended: Promise<void>): (text: string) => Promise<boolean> {
  const blocks: OutputBlock[] = [
    { bytes: Buffer.alloc(0), taken: undefined },
    { bytes: Buffer.alloc(0), taken: undefined },
  ];
  let next = 0;
  return async (text) => {
    const block = blocks[next]!;
    next = 1 - next;
    if (block.taken !== undefined) await block.taken;
    const most = text.length * 3;
    if (block.bytes.length < most) block.bytes = Buffer.allocUnsafe(Math.max(most, BLOCK_BYTES));
    const bytes = block.bytes.subarray(0, block.bytes.write(text, 0, 'utf8'));
    let accepted = true;
    const taken = new Promise<void>((resolve) => (accepted = stream.write(bytes, () => resolve())));
    block.taken = Promise.race([taken, ended]);
    return accepted;
  };
}

/**
 * Writes `chunks` to `output` in writes of about 64 KiB, waiting for
 * `drain` after a write the stream could not take at once (a pipe whose
 * reader is slower than the CLI), so that text made chunk by chunk (a plan
 * of 100,000 changes) is never all held at once. A stream that closes or
 * fails ends the wait; an output without events (a test's collector) is
 * written to straight away. A Node stream (`process.stdout`) is handed the
 * text as UTF-8 bytes in two buffers used in turn ({@link blockWriter}).
 */
export async function writeChunks(output: CliOutput, chunks: Iterable<string>): Promise<void> {
  const events = output as Partial<Pick<NodeJS.EventEmitter, 'once' | 'off'>>;
  // Once the stream closed or failed, no drain will come: the rest is written without waiting (and dropped by the stream).
  let ended = false;
  let endStream: (() => void) | undefined;
  const streamEnded = new Promise<void>((resolve) => (endStream = resolve));
  const stream = output instanceof Writable && !output.writableObjectMode ? output : undefined;
  // Only `close` (a failed stream is destroyed, then closes): an `error` listener here would hide the error from others.
  stream?.once('close', endStream!);
  const writeText = stream ? blockWriter(stream, streamEnded) : async (text: string) => output.write(text) !== false;
  const write = async (text: string) => {
    if ((await writeText(text)) || ended || typeof events.once !== 'function' || typeof events.off !== 'function') return;
    await new Promise<void>((resolve) => {
      const listeners = {
        drain: () => settle(false),
        close: () => settle(true),
        error: () => settle(true),
      };
      const settle = (closed: boolean) => {
        for (const [name, listener] of Object.entries(listeners)) events.off!(name, listener);
        ended ||= closed;
        resolve();
      };
      for (const [name, listener] of Object.entries(listeners)) events.once!(name, listener);
    });
  };
  // Gathered as parts joined once per write: one flat string, not a chain of concatenations the write walks.
  let pending: string[] = [];
  let length = 0;
  try {
    for (const chunk of chunks) {
      pending.push(chunk);
      length += chunk.length;
      if (length >= CHUNK_CHARACTERS) {
        await write(pending.join(''));
        pending = [];
        length = 0;
      }
    }
    if (length > 0) await write(pending.join(''));
  } finally {
    stream?.off('close', endStream!);
  }
}

/** A stream the CLI reads the confirmation answer from (`process.stdin`, or a test's stream). */
export type CliInput = NodeJS.ReadableStream & { isTTY?: boolean };

/** What the binary does with the process's Ctrl-C while an apply runs: see {@link CliIo.interrupts}. */
export interface InterruptHandlers {
  /** The first Ctrl-C. */
  first(): void;
  /** Each further one: release what must be released at once; the process then exits with code 130. */
  again(): void;
}

/**
 * Everything a command reads from or writes to its surroundings. Nothing in
 * src/cli, nor anything it calls, reads `process.env`, `process.cwd()` or
 * the standard streams: they come from here.
 */
export interface CliIo {
  /** Folder relative paths are resolved against (`--state`, manifests, plans, `.cloudctl/`). Absolute. */
  cwd: string;
  /** Environment: `CLOUDCTL_*` settings, manifest variables, `NO_COLOR` / `FORCE_COLOR`, the state passphrase. */
  env: Readonly<Record<string, string | undefined>>;
  /** Where the `yes` of an interactive confirmation is read (only when it is a terminal). */
  stdin: CliInput;
  stdout: CliOutput;
  stderr: CliOutput;
  /**
   * In process: aborting it plays the part of the first Ctrl-C (an apply
   * starts nothing new, lets operations in flight finish and saves state;
   * `simulator` stops).
   */
  signal?: AbortSignal;
  /**
   * The binary's wiring of the process's signals: calls `handlers.first` on
   * the first SIGINT (and on SIGTERM when `options.terminate`) and
   * `handlers.again` on each later one, until the returned function is
   * called. Absent in process, where {@link signal} plays the part.
   */
  interrupts?: (handlers: InterruptHandlers, options?: { terminate?: boolean }) => () => void;
}

/**
 * Calls `onStop` once, on the first interrupt: `io.signal` aborted (at
 * once if it already is) or the binary's first Ctrl-C (`io.interrupts`),
 * and `onAgain` on each later Ctrl-C of the binary. Returns the function
 * that stops listening.
 */
export function onInterrupt(
  io: CliIo,
  onStop: () => void,
  onAgain: () => void = () => undefined,
  options: { terminate?: boolean } = {},
): () => void {
  let stopped = false;
  const first = () => {
    if (stopped) return;
    stopped = true;
    onStop();
  };
  const signal = io.signal;
  signal?.addEventListener('abort', first, { once: true });
  const unwire = io.interrupts?.({ first, again: () => (stopped ? onAgain() : first()) }, options);
  if (signal?.aborted) first();
  return () => {
    signal?.removeEventListener('abort', first);
    unwire?.();
  };
}
