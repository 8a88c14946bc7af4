/**
 * Temp folders of tests, removed by the test process itself: each one
 * {@link tempFolder} makes is recorded and removed when the process exits,
 * and, under the mocha configs (which load this module with `require`), by
 * the root `afterAll` below, before mocha ends a worker (it gives a worker
 * 1 s to exit, too little to remove a soak run's 1,200 folders at exit).
 * Only this process's own folders are removed: concurrent runs never touch
 * each other's.
 */
import { rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The folders made so far, shared by every copy of this module in the
 * process: mocha's `require` loads one copy and the tests' imports another
 * (CommonJS and ES module instances of the same file), and the root hook of
 * the first must remove what the second made.
 */
const shared = globalThis as typeof globalThis & { cloudctlTempFolders?: Set<string> };
const firstCopy = shared.cloudctlTempFolders === undefined;
const made = (shared.cloudctlTempFolders ??= new Set<string>());

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

if (firstCopy) process.once('exit', removeTempFolders);

/**
 * Makes a new empty folder `<os.tmpdir()>/<prefix>XXXXXX` and resolves with
 * its path. The folder is removed by the end of the test run (the root
 * `afterAll` under the mocha configs, or when this process exits), whatever
 * the test does; a test may still remove it earlier itself.
 */
export async function tempFolder(prefix = 'cloudctl-test-'): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), prefix));
  made.add(folder);
  return folder;
}

/** Mocha root hooks (`require` of the mocha configs): the recorded folders are removed once the tests have run. */
export const mochaHooks = { afterAll: removeTempFolders };
