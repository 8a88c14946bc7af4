/**
 * The process `cloudctl test` runs a crashing step in (`faults:
 * { crash_after_paid_orders: N }`): it opens the engine on the test's
 * workspace and simulator, as the runner would, runs the step's apply or
 * destroy, and sends itself SIGKILL the moment the N-th paid call has
 * returned its reply, before cloudctl records anything of it. Nothing runs
 * after that: no state write, no journal entry, no lock release, no
 * cleanup; what is on disk is exactly what a `kill -9` at that instant
 * leaves, and the next step reconciles it.
 *
 * Input: one argument, the JSON of {@link CrashChildInput}. When the run
 * ends without reaching N paid calls, prints `{ "paidCalls": n, "status":
 * "..." }` (or `{ "error": "..." }`) on stdout and exits 0 (1 on an error).
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
try {
  const options = { variables: input.variables };
  const result = input.command === 'destroy' ? await engine.destroy(input.manifest, options) : await engine.apply(input.manifest, options);
  process.stdout.write(`${JSON.stringify({ paidCalls, status: result.status })}\n`);
} catch (error) {
  process.stdout.write(`${JSON.stringify({ paidCalls, error: (error as Error).message })}\n`);
  process.exitCode = 1;
} finally {
  await engine.close();
}
