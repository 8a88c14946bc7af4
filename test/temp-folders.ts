/**
 * Temp folders of tests, removed by the test process itself: each one
 * {@link tempFolder} makes is recorded and removed when the process exits,
 * and, under the mocha configs (which load this module with `require`),
 * after each test file (the root `afterAll` below; in parallel mode that is
 * after each file, so a worker never has many to remove when it is told to
 * exit, with 1 s to do it). Only this process's own folders are removed:
 * concurrent runs never touch each other's.
 */
import { rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const made = new Set<string>();

/** Removes every folder recorded so far, synchronously; never throws. */
function removeTempFolders(): void {
  for (const folder of made) {
    try {
      rmSync(folder, { recursive: true, force: true });
    } catch {
      // Left behind (e.g. still in use): cleaning up must never fail a run.
    }
  }
  made.clear();
}

process.once('exit', removeTempFolders);

/**
 * Makes a new empty folder `<os.tmpdir()>/<prefix>XXXXXX` and resolves with
 * its path. The folder is removed when this process exits (or, under the
 * mocha configs, once the running test file has finished), whatever the
 * test does; a test may still remove it earlier itself.
 */
export async function tempFolder(prefix = 'cloudctl-test-'): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), prefix));
  made.add(folder);
  return folder;
}

/** Mocha root hooks (`require` of the mocha configs): the folders of a test file are removed once it has run. */
export const mochaHooks = { afterAll: removeTempFolders };
