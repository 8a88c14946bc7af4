/**
 * Small durable-file helpers for the local backend and the journal: atomic
 * replace (unique temp file, fsync, rename, fsync of the folder) with a fixed
 * file mode, and folder creation.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, unlink } from 'node:fs/promises';
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

/** True when `error` is a Node system error with `code`. */
export function hasCode(error: unknown, ...codes: string[]): boolean {
  return typeof error === 'object' && error !== null && codes.includes((error as NodeJS.ErrnoException).code ?? '');
}
