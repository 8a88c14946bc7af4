/**
 * The cost of persisting one change as the state grows: a state of N
 * resources (the full state prepare.ts wrote, as after applying N
 * resources), opened and locked like apply does, then changed K times
 * through `StateStore.setResource`, as the executor does after each order
 * (the new attributes of one VM; every change alters content, so every
 * one is written).
 *
 * Figures, per change, in ms:
 * - `sequentialMs`: median of K changes awaited one after the other (each is
 *   one write round of the store);
 * - `concurrentMs`: K changes made 10 at a time (the default parallelism: the
 *   store coalesces changes made while a write is running), total / K;
 * - `backendMs`: median time inside the backend (`appendChanges`: validate
 *   the change, append it to the change log, fsync; and `write` when a
 *   snapshot is due) of a sequential round; `storeMs` = sequentialMs −
 *   backendMs (the store's copy and comparison of the changed entry);
 * - `checkpointMs`: the snapshot written at the end of the run (close),
 *   which compacts the change log: once per run, O(N);
 * - `journalMs`: median of one intent + result appended to the journal
 *   (what each paid create also records), for comparison: it does not
 *   depend on N.
 * A persistence cost that stays flat as N grows is O(1) per change; one
 * that grows with N makes an apply of N resources O(N²).
 *
 * Args: `{ dir, size, changes }` (`dir` from prepare.ts).
 */
import { cp, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StateDocument } from '../../src/state/document.js';
import type { StateChangeRecord } from '../../src/state/index.js';
import { runCase } from '../lib/child.js';
import { openState, statePathOf, vmChanges } from '../lib/harness.js';
import { median, now, peakRssMb, round } from '../lib/measure.js';

interface Args {
  dir: string;
  size: number;
  changes: number;
}

runCase(async (args: Args) => {
  const workspace = await mkdtemp(join(tmpdir(), 'cloudctl-bench-state-'));
  try {
    await cp(join(args.dir, `full-${args.size}`), workspace, { recursive: true });
    const stateBytes = (await stat(statePathOf(workspace))).size;
    const state = await openState(workspace, 'apply');
    const { store } = state;
    const backend = store.backend as {
      write(document: StateDocument): Promise<void>;
      appendChanges(record: StateChangeRecord): Promise<void>;
    };
    const originalWrite = backend.write.bind(backend);
    const originalAppend = backend.appendChanges.bind(backend);
    let backendMs = 0;
    const timed =
      <A>(call: (argument: A) => Promise<void>) =>
      async (argument: A) => {
        const started = now();
        try {
          return await call(argument);
        } finally {
          backendMs += now() - started;
        }
      };
    backend.write = timed(originalWrite);
    backend.appendChanges = timed(originalAppend);
    const change = vmChanges(store, args.size);

    const sequential: number[] = [];
    const backendRounds: number[] = [];
    for (let i = 0; i < args.changes; i++) {
      backendMs = 0;
      const started = now();
      await change();
      sequential.push(now() - started);
      backendRounds.push(backendMs);
    }

    const batches = Math.max(1, Math.round(args.changes / 10));
    let started = now();
    for (let batch = 0; batch < batches; batch++) await Promise.all(Array.from({ length: 10 }, change));
    const concurrentMs = (now() - started) / (batches * 10);

    const journal = state.backend.journal;
    const journalRounds: number[] = [];
    for (let i = 0; i < args.changes; i++) {
      started = now();
      const id = await journal.recordIntent({
        address: 'bench',
        type: 'cloud_lite_vm',
        operation: 'create',
        inputs: { vm_name: `vm-${i}` },
        match: { vm_name: `vm-${i}` },
      });
      await journal.recordResult(id, { outcome: 'ok', id: String(i) });
      journalRounds.push(now() - started);
    }
    started = now();
    await state.close();
    const checkpointMs = now() - started;

    const sequentialMs = median(sequential);
    return {
      size: args.size,
      changes: args.changes,
      stateBytes,
      sequentialMs: round(sequentialMs, 2),
      concurrentMs: round(concurrentMs, 2),
      backendMs: round(median(backendRounds), 2),
      storeMs: round(sequentialMs - median(backendRounds), 2),
      journalMs: round(median(journalRounds), 2),
      checkpointMs: round(checkpointMs, 1),
      peakRssMb: round(peakRssMb()),
    };
  } finally {
    await rm(workspace, { recursive: true, force: true });
  }
});
