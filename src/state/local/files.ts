/**
 * Small durable-file helpers for the local backend and the journal: atomic
 * replace (unique temp file, fsync, rename, fsync of the folder) with a fixed
 * file mode, and folder creation.
 */
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { mkdir, open, readFile, rename, unlink, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** Mode of every file cloudctl writes under the workspace folder (owner read/write). */
export const FILE_MODE = 0o600;
/** Mode of the workspace folder when cloudctl creates it (owner only). */
export const FOLDER_MODE = 0o700;

/** Creates `folder` (and parents) with mode 0700 when missing; no-op when it exists. */
export async function ensureFolder(folder: string): Promise<void> {
  await mkdir(folder, { recursive: true, mode: FOLDER_MODE });
}

/**
 * Flushes a folder's entries (new/renamed files) to disk. Best effort: some
 * platforms (Windows) cannot open a folder for fsync; errors are ignored.
 */
export async function syncFolder(folder: string): Promise<void> {
  let handle;
  try {
    handle = await open(folder, 'r');
    await handle.sync();
  } catch {
    // not supported here; the rename itself is still atomic
  } finally {
    await handle?.close().catch(() => undefined);
  }
}

/**
 * Flags of a file opened for appending (and reading its tail), with
 * `O_DSYNC` where the platform has it: each write then returns only once
 * its data (and the size that makes it readable) is on disk, as a write
 * followed by `fdatasync`, in one system call instead of two. Windows has no
 * `O_DSYNC`: there {@link DURABLE_WRITES} is false and each write is followed
 * by a `datasync`.
 */
const APPEND_FLAGS = constants.O_RDWR | constants.O_APPEND | constants.O_CREAT | (constants.O_DSYNC ?? 0);
/** True when {@link APPEND_FLAGS} makes every write durable (`O_DSYNC`). */
const DURABLE_WRITES = constants.O_DSYNC !== undefined;

/** Opens `path` for appending (created 0600 when missing, its folder too). @throws the open error. */
async function openForAppend(path: string): Promise<FileHandle> {
  try {
    return await open(path, APPEND_FLAGS, FILE_MODE);
  } catch (error) {
    if (!hasCode(error, 'ENOENT')) throw error;
    await ensureFolder(dirname(path)); // the first append: create the folder, then the file
    return open(path, APPEND_FLAGS, FILE_MODE);
  }
}

/** Writes all of `data` at the end of the file `handle` (appended: opened with `O_APPEND`). */
async function writeAll(handle: FileHandle, data: Buffer): Promise<void> {
  let offset = 0;
  while (offset < data.length) {
    const { bytesWritten } = await handle.write(data, offset, data.length - offset);
    offset += bytesWritten;
  }
}

/** A unique temp name beside `path`: `.<name>.<pid>.<random>.tmp`. */
export function tempPathFor(path: string): string {
  return join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
}

/**
 * Writes `data` to a new file `path` with mode 0600 and flushes it to disk
 * (exclusive create: fails with EEXIST when `path` exists).
 */
export async function writeNewFileDurably(path: string, data: string): Promise<void> {
  const handle = await open(path, 'wx', FILE_MODE);
  try {
    await handle.chmod(FILE_MODE); // a restrictive umask must not leave it unreadable to us, a loose one never applies
    await handle.writeFile(data, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Replaces `path` with `data` atomically and durably: a reader, or a crash at
 * any instant, sees the old or the new content, never a mix. The file gets
 * mode 0600. Rejects on I/O errors (the temp file is removed).
 */
export async function writeFileAtomic(path: string, data: string): Promise<void> {
  const temp = tempPathFor(path);
  try {
    await writeNewFileDurably(temp, data);
    await rename(temp, path);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  await syncFolder(dirname(path));
}

/** Error codes of a hard link the file system does not support (then a copy or an exclusive create is used instead). */
export const LINK_UNSUPPORTED = ['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV'];

/** True when `error` is a Node system error with `code`. */
export function hasCode(error: unknown, ...codes: string[]): boolean {
  return typeof error === 'object' && error !== null && codes.includes((error as NodeJS.ErrnoException).code ?? '');
}

/**
 * The bytes of the file at `path`; `undefined` when there is no such file
 * (ENOENT). @throws the read error for anything else (EACCES, EISDIR, ...).
 */
export async function readBytesIfPresent(path: string): Promise<Buffer | undefined> {
  try {
    return await readFile(path);
  } catch (error) {
    if (hasCode(error, 'ENOENT')) return undefined;
    throw error;
  }
}

/**
 * The UTF-8 text of the file at `path`; `undefined` when there is no such
 * file (ENOENT).
 * @throws the read error for anything else (EACCES, EISDIR, ...).
 */
export async function readTextIfPresent(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if (hasCode(error, 'ENOENT')) return undefined;
    throw error;
  }
}

/** How long an {@link AppendOnlyFile} keeps its file open without an append (ms). */
export const IDLE_CLOSE_MS = 10_000;

interface PendingAppend {
  text: string;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * An append-only text file written with group commit: every `append` queued
 * while the previous batch is being written goes to disk in one durable
 * write (see {@link APPEND_FLAGS}), and each `append` resolves only once its
 * text is on disk. Batches never overlap and keep call order. A file that
 * does not end with a newline (a line torn by a crash) gets one first, so
 * the next line stays whole, or, with a tail policy, loses that torn line (a
 * record never confirmed). The file is created with mode 0600, its folder
 * (0700) when missing.
 *
 * The file stays open between batches (each batch is then one write, made
 * durable by `O_DSYNC`, where it took an open, a stat, a write, a sync and a
 * close): {@link close} closes it, as does `exclusive` before its task, and
 * it is closed after {@link IDLE_CLOSE_MS} without appends if nobody does.
 *
 * Hold one instance per file per process: `exclusive` (used to replace or
 * remove the file) only waits for this instance's appends.
 */
export class AppendOnlyFile {
  /** The batch still collecting appends (not yet started), or `null`. */
  private collecting: PendingAppend[] | null = null;
  /** Tail of the queue of batches and exclusive tasks. */
  private tail: Promise<unknown> = Promise.resolve();

  constructor(
    /** Absolute path of the file. */
    readonly path: string,
    /**
     * Judges an unterminated last line found before appending: `torn` (cut
     * short by a crash: it is removed), `complete` (a whole record lacking
     * its newline: it is ended), `damaged` (the append is refused with the
     * error `refuse` makes). Default: every such line is ended with a newline.
     */
    private readonly tailPolicy?: { judge: (tail: string) => 'torn' | 'complete' | 'damaged'; refuse: () => Error },
    /** How long the file stays open without an append, ms ({@link IDLE_CLOSE_MS} unless given). */
    private readonly idleCloseMs: number = IDLE_CLOSE_MS,
  ) {}

  /**
   * Appends `text` (one or more whole lines, each ending with `\n`); resolves
   * once it is on disk. @throws on I/O failure (the text may or may not be
   * partly written; readers skip a torn last line).
   */
  append(text: string): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      let batch = this.collecting;
      if (batch === null) {
        const started: PendingAppend[] = [];
        batch = started;
        this.collecting = started;
        const write = async () => {
          if (this.collecting === started) this.collecting = null;
          await this.writeDurably(started.map((item) => item.text).join(''));
        };
        const done = this.tail.then(write, write);
        this.tail = done.catch(() => undefined);
        done.then(
          () => started.forEach((item) => item.resolve()),
          (error: unknown) => started.forEach((item) => item.reject(error)),
        );
      }
      batch.push({ text, resolve, reject });
    });
  }

  /**
   * Opens the file ahead of the first append, as that append would (creating
   * it and making its name durable, or checking its last line), so the
   * append is then a single write. Resolves once open; rejects on I/O
   * failure, which the next append meets again (the file is then closed).
   */
  open(): Promise<void> {
    return this.append('');
  }

  /**
   * Runs `task` once every append made so far is written, and before any
   * later one: for replacing or removing the file.
   */
  exclusive<T>(task: () => Promise<T>): Promise<T> {
    this.collecting = null;
    const closedFirst = async () => {
      await this.closeHandle(); // the task may replace or remove the file: the next append opens it again
      return task();
    };
    const run = this.tail.then(closedFirst, closedFirst);
    this.tail = run.catch(() => undefined);
    return run;
  }

  /**
   * Resolves once every append made so far has settled, with the file
   * closed (never rejects). Called before the file is read, too: the next
   * append opens it again and checks its last line, as after another
   * process wrote it.
   */
  async close(): Promise<void> {
    await this.exclusive(() => Promise.resolve()).catch(() => undefined);
  }

  /** The file open for appending, or `null` (see the class comment). */
  private handle: FileHandle | null = null;
  /** Closes the file after {@link IDLE_CLOSE_MS} without a batch (unreferenced: it never keeps the process alive). */
  private idleTimer: NodeJS.Timeout | undefined;

  private async writeDurably(text: string): Promise<void> {
    clearTimeout(this.idleTimer);
    try {
      if (this.handle === null) {
        const handle = await openForAppend(this.path);
        this.handle = handle;
        const { size } = await handle.stat();
        if (size === 0) {
          await syncFolder(dirname(this.path)); // the file may be new: make its name durable too
        } else {
          const last = Buffer.alloc(1);
          await handle.read(last, 0, 1, size - 1);
          if (last[0] !== 0x0a) text = (await this.endTail(handle, size)) + text; // torn tail of a crashed write
        }
      }
      if (text.length > 0) {
        await writeAll(this.handle, Buffer.from(text, 'utf8'));
        if (!DURABLE_WRITES) await this.handle.datasync();
      }
    } catch (error) {
      await this.closeHandle();
      throw error;
    }
    this.idleTimer = setTimeout(() => void this.close(), this.idleCloseMs);
    this.idleTimer.unref();
  }

  /**
   * Deals with an unterminated last line before appending (see the
   * constructor): removes it (truncating the file after the last newline)
   * or returns the newline that ends it. @throws when it is damaged.
   */
  private async endTail(handle: FileHandle, size: number): Promise<string> {
    if (this.tailPolicy === undefined) return '\n';
    let start = size;
    const chunks: Buffer[] = [];
    while (start > 0) {
      const length = Math.min(65_536, start);
      const chunk = Buffer.alloc(length);
      await handle.read(chunk, 0, length, start - length);
      const newline = chunk.lastIndexOf(0x0a);
      if (newline >= 0) {
        chunks.unshift(chunk.subarray(newline + 1));
        start = start - length + newline + 1;
        break;
      }
      chunks.unshift(chunk);
      start -= length;
    }
    const verdict = this.tailPolicy.judge(Buffer.concat(chunks).toString('utf8'));
    if (verdict === 'damaged') throw this.tailPolicy.refuse();
    if (verdict === 'complete') return '\n';
    await handle.truncate(start);
    return '';
  }

  private async closeHandle(): Promise<void> {
    clearTimeout(this.idleTimer);
    const handle = this.handle;
    this.handle = null;
    await handle?.close().catch(() => undefined);
  }
}
