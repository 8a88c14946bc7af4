/**
 * Reading a local state file ahead of its lock: a plan of 100,000
 * resources reads a state file of ~130 MB, and the read itself (the
 * kernel copying the file into fresh memory, ~0.5 s) leaves the main
 * thread idle. Started before the manifest is loaded ({@link readStateAhead}),
 * that copy runs on libuv's thread pool while the manifest is parsed;
 * the store takes the bytes once it holds the lock ({@link takeStateReadAhead}).
 *
 * The safety rule (the state is read under the lock) holds: bytes read
 * ahead are used only when the file is, once the lock is held, the very
 * file they were read from, unchanged: the same device, inode, size,
 * modification and change times (nanoseconds) as on both sides of the read.
 * cloudctl writes a state file by renaming a new file over it (a new
 * inode), and any write in place moves its change time; anything else
 * differing, or any error, and the store reads the file again under the
 * lock as it always did.
 */
import { open, stat } from 'node:fs/promises';
import type { BigIntStats } from 'node:fs';
import { resolve } from 'node:path';

/** The bytes of a state file read ahead and the identity of the file they are. */
interface ReadAhead {
  bytes: Buffer;
  identity: string;
}

/** Reads in flight or done, by absolute path; each taken once, or forgotten. */
const pending = new Map<string, Promise<ReadAhead | undefined>>();

/** A read ahead the caller started: {@link forget} drops its bytes when the store did not take them. */
export interface StateReadAhead {
  /** Drops the bytes (idempotent; nothing when the store took them). */
  forget(): void;
}

/** What makes two looks at a file the same file, unchanged. */
function identityOf(stats: BigIntStats): string {
  return `${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeNs}:${stats.ctimeNs}`;
}

/**
 * Reads the whole file at `path` in one request to the thread pool, with
 * its identity before and after; undefined when it changed meanwhile, is
 * missing, or cannot be read (the store's own read reports that).
 */
async function readWithIdentity(path: string): Promise<ReadAhead | undefined> {
  const handle = await open(path, 'r');
  try {
    const stats = await handle.stat({ bigint: true });
    const before = identityOf(stats);
    const size = Number(stats.size);
    const bytes = Buffer.allocUnsafe(size);
    let offset = 0;
    while (offset < size) {
      const { bytesRead } = await handle.read(bytes, offset, size - offset, offset);
      if (bytesRead === 0) return undefined;
      offset += bytesRead;
    }
    const after = identityOf(await handle.stat({ bigint: true }));
    return before === after ? { bytes, identity: after } : undefined;
  } finally {
    await handle.close();
  }
}

/**
 * Starts reading the state file at `path` (resolved against the working
 * directory) for the store to take under its lock. A read of that path
 * already pending is reused. Never rejects: a failure only means the store
 * reads the file itself.
 */
export function readStateAhead(path: string): StateReadAhead {
  const key = resolve(path);
  let read = pending.get(key);
  if (!read) {
    read = readWithIdentity(key).catch(() => undefined);
    pending.set(key, read);
  }
  const mine = read;
  return {
    forget() {
      if (pending.get(key) === mine) pending.delete(key);
    },
  };
}

/**
 * The bytes of the state file at `path` (absolute) read ahead, when a
 * read was started and the file is still the one read (see the module's
 * doc); undefined otherwise, and the caller reads the file itself. Called
 * by the store under its lock; a read ahead is taken once.
 */
export async function takeStateReadAhead(path: string): Promise<Buffer | undefined> {
  const read = pending.get(path);
  if (!read) return undefined;
  pending.delete(path);
  const done = await read;
  if (!done) return undefined;
  const now = await stat(path, { bigint: true }).catch(() => undefined);
  return now !== undefined && identityOf(now) === done.identity ? done.bytes : undefined;
}
