/**
 * Child of test/integration/crash-state-postgres.test.ts: opens the state of
 * the PostgreSQL schema argv[3] of the server at argv[2] with its lock, as a
 * run does, and records `count` changes (argv[5]) from value n = argv[4]
 * on, four at a time without waiting between them (so the store coalesces
 * them into one record, two of the four on one address: a record's net
 * effect is what the rows keep), each on the resource `r<(n >> 1) mod 300>`;
 * prints `acked n` once each change is durable, then closes the state as the
 * end of a run does (`settle`) and prints `closed`. The test kills it at
 * random instants.
 */
import { openState } from '../../src/state/index.js';

const [url, schema, first, count] = [process.argv[2]!, process.argv[3]!, Number(process.argv[4]), Number(process.argv[5])];
const state = await openState(
  { backend: 'postgres', url, schema, workspace: 'default' },
  { lock: { command: 'crash-state-postgres' }, passphrase: '' },
);
for (let start = first; start < first + count; start += 4) {
  await Promise.all(
    Array.from({ length: Math.min(4, first + count - start) }, async (_, index) => {
      const n = start + index;
      const slot = (n >> 1) % 300;
      await state.store.setResource(`r${slot}`, {
        type: 'cloud_lite_keypair',
        id: String(100_000 + slot),
        attributes: { name: `key-${slot}`, n, status: 'Active' },
        dependencies: [],
      });
      process.stdout.write(`acked ${n}\n`);
    }),
  );
}
await state.close();
process.stdout.write('closed\n');
