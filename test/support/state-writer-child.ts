/**
 * Child of test/integration/crash-state-log.test.ts: opens the local state
 * at argv[2] with its lock, as a run does, and records `count` changes
 * (argv[4]) one after the other, value n from argv[3] on, each on the
 * resource `r<n mod 300>`; prints `acked n` once each change is durable,
 * with a `raw` reply whose members the attributes hold (so snapshots are
 * written compacted, src/state/local/compact.ts), then closes the state as
 * the end of a run does (`settle`) and prints
 * `closed`. The test kills it at random instants.
 */
import { openLocalState } from '../../src/state/index.js';

const [statePath, first, count] = [process.argv[2]!, Number(process.argv[3]), Number(process.argv[4])];
const state = await openLocalState(statePath, { lock: { command: 'crash-state-log' }, passphrase: '' });
for (let n = first; n < first + count; n++) {
  const address = `r${n % 300}`;
  await state.store.setResource(address, {
    type: 'cloud_lite_keypair',
    id: String(100_000 + (n % 300)),
    // `raw` as the API gives it, its members held as attributes too: the snapshot writes it compacted (format 2).
    attributes: {
      name: `key-${n % 300}`,
      n,
      status: 'Active',
      raw: JSON.stringify({ id: 100_000 + (n % 300), name: `key-${n % 300}`, n, status: 'Active' }),
    },
    dependencies: [],
  });
  process.stdout.write(`acked ${n}\n`);
}
await state.close();
process.stdout.write('closed\n');
