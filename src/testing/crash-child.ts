/**
 * The process `cloudctl test` runs a crashing step in (`faults:
 * { crash_after_paid_orders: N }`; crash.ts starts it ahead of the step):
 * it opens the engine on the test's workspace and simulator as the runner
 * would, loads what the run will use (the step's manifest, the HTTP
 * client: no state, no API call), waits for the go over IPC, runs the
 * step's apply or destroy, and sends itself SIGKILL the moment the N-th
 * paid call has returned its reply, before cloudctl records anything of it. Nothing
 * runs after that: no state write, no journal entry, no lock release, no
 * cleanup; what is on disk is exactly what a `kill -9` at that instant
 * leaves, and the next step reconciles it.
 *
 * Input: the JSON of {@link CrashChildInput} as the one argument; with an
 * IPC channel it says `ready` once loaded and runs on the first message
 * (run by hand without one, it runs at once). When the run ends without
 * reaching N paid calls it prints `{ "paidCalls": n, "status": "..." }` (or
 * `{ "paidCalls": n, "error": "..." }`) on stdout and exits (1 on an
 * error). When the IPC channel closes before the go, it exits doing nothing.
 */
import { Engine } from '../engine/engine.js';
import type { Value } from '../core/types.js';

/** What the runner hands the child. */
export interface CrashChildInput {
  directory: string;
  env: Record<string, string>;
  baseUrl: string;
  command: 'apply' | 'destroy';
  manifest: string;
  variables: Record<string, Value>;
  crashAfterPaidOrders: number;
}

/** Loads what the step's run will use (the manifest pipeline, the HTTP client) without touching state or calling the API. */
async function warmUp(engine: Engine, input: CrashChildInput): Promise<void> {
  try {
    await engine.load(input.manifest, { variables: input.variables });
    await (await engine.connect()).close();
  } catch {
    // The run itself reports what is wrong.
  }
}

/** Runs the step: the engine's apply or destroy, killed at the N-th paid call's reply. */
async function runStep(engine: Engine, input: CrashChildInput, paidCalls: () => number): Promise<void> {
  try {
    const options = { variables: input.variables };
    const result =
      input.command === 'destroy' ? await engine.destroy(input.manifest, options) : await engine.apply(input.manifest, options);
    process.stdout.write(`${JSON.stringify({ paidCalls: paidCalls(), status: result.status })}\n`);
  } catch (error) {
    process.stdout.write(`${JSON.stringify({ paidCalls: paidCalls(), error: (error as Error).message })}\n`);
    process.exitCode = 1;
  } finally {
    await engine.close();
  }
}

const input = JSON.parse(process.argv[2] ?? '{}') as CrashChildInput;
let paidCalls = 0;
const engine = await Engine.open({
  directory: input.directory,
  env: input.env,
  baseUrl: input.baseUrl,
  onPaidCallReturned: () => {
    paidCalls += 1;
    if (paidCalls >= input.crashAfterPaidOrders) process.kill(process.pid, 'SIGKILL');
  },
});
if (!process.send) await runStep(engine, input, () => paidCalls);
else {
  // Listen at once (a message before any listener would be lost), act once loaded.
  const go = new Promise<void>((resolve) => process.once('message', () => resolve()));
  await warmUp(engine, input);
  if (!process.connected) process.exit(0); // the runner no longer needs this child
  process.send('ready');
  await go;
  await runStep(engine, input, () => paidCalls);
  process.disconnect();
}
