/**
 * The protocol between `bench/run.ts` and one benchmark process: the
 * parent forks `node --import tsx bench/cases/<case>.ts '<json args>'`; the
 * case calls {@link runCase}, which parses the arguments, runs the
 * benchmark and sends back `{ ok: true, result }` or `{ ok: false, error }`
 * over IPC (or prints it as JSON when run by hand without IPC), then exits.
 * A case given a simulator by the parent reads its counters with
 * {@link parentCloudStats}.
 */
export type CaseResult = Record<string, unknown>;

let nextStatsId = 1;

/**
 * Counters of the simulator the parent runs for this case (when it passed
 * one: `url` in the arguments): asks the parent, which asks the simulator's
 * process. Resolves `undefined` without a parent.
 */
export function parentCloudStats(): Promise<{ connections: number; requests: number; orders: number } | undefined> {
  if (!process.send) return Promise.resolve(undefined);
  const id = nextStatsId++;
  return new Promise((resolve) => {
    const onMessage = (message: { type?: string; id?: number; stats?: { connections: number; requests: number; orders: number } }) => {
      if (message.type !== 'cloud-stats' || message.id !== id) return;
      process.off('message', onMessage);
      resolve(message.stats);
    };
    process.on('message', onMessage);
    process.send!({ type: 'cloud-stats', id });
  });
}

/** Runs `main` with the JSON arguments of argv[2] and reports its result to the parent. */
export function runCase<A, R extends CaseResult>(main: (args: A) => Promise<R>): void {
  const args = JSON.parse(process.argv[2] ?? '{}') as A;
  const finish = (message: { ok: true; result: R } | { ok: false; error: string }) => {
    if (process.send) process.send({ type: 'result', ...message }, () => process.exit(message.ok ? 0 : 1));
    else {
      process.stdout.write(`${JSON.stringify(message, null, 2)}\n`);
      process.exit(message.ok ? 0 : 1);
    }
  };
  main(args).then(
    (result) => finish({ ok: true, result }),
    (error: unknown) => finish({ ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
  );
}
