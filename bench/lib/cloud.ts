/**
 * The simulated cloud of a benchmark, in its own process (see sim-host.ts).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { SimulatorOptions } from '../../src/sim/index.js';

/** Counters of the simulator process. */
export interface CloudStats {
  /** TCP connections the simulator accepted since it started. */
  connections: number;
  /** `/v1` requests it received since it started. */
  requests: number;
  /** Orders it took since it started. */
  orders: number;
}

/** A simulator running in a child process. */
export interface BenchCloud {
  /** Base URL, `http://127.0.0.1:<port>/v1`. */
  url: string;
  stats(): Promise<CloudStats>;
  close(): Promise<void>;
}

/**
 * How to start a sibling entry file: from source (`.ts`) through tsx, or
 * from a compiled copy (`.js`, `npx tsc -p bench/tsconfig.json`, used for
 * CPU profiles with real line numbers) with plain node.
 */
export function entryOf(relative: string, base: string): { file: string; execArgv: string[] } {
  const fromSource = base.endsWith('.ts');
  return {
    file: fileURLToPath(new URL(fromSource ? relative : relative.replace(/\.ts$/, '.js'), base)),
    execArgv: fromSource ? ['--import', 'tsx'] : [],
  };
}

const HOST = entryOf('./sim-host.ts', import.meta.url);

/**
 * Starts a simulator in a child process (whatever flags this process runs
 * with, e.g. `--cpu-prof`, are not passed on).
 * Options as {@link SimulatorOptions}; host and port are forced to loopback
 * and a random port; a data file is kept only when `dataFile` names one
 * (loaded when it exists: a seeded cloud, see seed-sim.ts).
 */
export async function startCloud(options: SimulatorOptions = {}): Promise<BenchCloud> {
  const child: ChildProcess = fork(HOST.file, [JSON.stringify(options)], {
    execArgv: HOST.execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    const onMessage = (message: { type: string; url?: string }) => {
      if (message.type === 'ready') {
        child.off('exit', onExit);
        child.off('message', onMessage);
        resolve(message.url!);
      }
    };
    const onExit = (code: number | null) => reject(new Error(`the simulator process exited (code ${code}) before listening`));
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
  let nextId = 1;
  return {
    url,
    stats() {
      const id = nextId++;
      return new Promise<CloudStats>((resolve) => {
        const onMessage = (message: { type: string; id?: number } & CloudStats) => {
          if (message.type !== 'stats' || message.id !== id) return;
          child.off('message', onMessage);
          resolve({ connections: message.connections, requests: message.requests, orders: message.orders });
        };
        child.on('message', onMessage);
        child.send({ type: 'stats', id });
      });
    },
    close() {
      if (child.exitCode !== null) return Promise.resolve();
      return new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.send({ type: 'close' });
      });
    },
  };
}
