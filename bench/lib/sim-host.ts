/**
 * Child-process entry hosting one simulator for a benchmark, so the cloud's
 * CPU and memory never count as cloudctl's (peak RSS and CPU profiles of the
 * benchmark process are cloudctl's alone; on a multi-core machine the
 * simulator answers in parallel with the engine, as a remote API would).
 *
 * Started by {@link startCloud} (cloud.ts) with the simulator options as JSON
 * in argv[2]. Talks over the IPC channel:
 * - sends `{ type: 'ready', url }` once listening;
 * - answers `{ type: 'stats', id }` with `{ type: 'stats', id, connections, requests, orders }`
 *   (`connections`: TCP connections the server accepted since start, counted
 *   on the `net.server.socket` diagnostics channel; `requests`/`orders`: the
 *   simulator's own counts);
 * - on `{ type: 'close' }` closes the simulator and exits.
 * Loopback only (127.0.0.1, random port); a data file only when the
 * options name one (`dataFile`: a copy the benchmark owns, e.g. a seeded cloud).
 */
import { subscribe } from 'node:diagnostics_channel';
import { startSimulator, type SimulatorOptions } from '../../src/sim/index.js';

let connections = 0;
subscribe('net.server.socket', () => {
  connections++;
});

const options = JSON.parse(process.argv[2] ?? '{}') as SimulatorOptions;
const simulator = await startSimulator({ ...options, host: '127.0.0.1', port: 0 });

process.on('message', (message: { type: string; id?: number }) => {
  if (message.type === 'stats') {
    process.send!({ type: 'stats', id: message.id, connections, ...simulator.counts() });
  } else if (message.type === 'close') {
    void simulator.close().then(() => process.exit(0));
  }
});
process.on('disconnect', () => {
  void simulator.close().then(() => process.exit(0));
});
process.send!({ type: 'ready', url: simulator.url });
