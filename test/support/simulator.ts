/**
 * Mocha hooks of a suite that calls resource modules against the simulator:
 * one simulator and one API client for the whole suite.
 */
import { createApiClient } from '../../src/api/client.js';
import type { ApiClient } from '../../src/api/types.js';
import type { OperationContext } from '../../src/resources/attribute.js';
import { startSimulator, type RunningSimulator } from '../../src/sim/index.js';

/** The suite's simulator and client, filled in before its first test, and the context operations are called with. */
export interface SimulatorApi {
  sim: RunningSimulator;
  api: ApiClient;
  /** A context over `api`: polls every 50 ms, gives up after 30 s. */
  context: () => OperationContext;
}

/**
 * Registers `before`/`after` (call it inside `describe`, before the suite's
 * own `before`): a simulator provisioning in 0.2 s and a client to it.
 */
export function useSimulatorApi(): SimulatorApi {
  const holder = {
    context: (): OperationContext => ({ api: holder.api, pollIntervalSeconds: 0.05, deadline: Date.now() + 30_000 }),
  } as SimulatorApi;
  before(async () => {
    holder.sim = await startSimulator({ provisioningSeconds: 0.2 });
    holder.api = createApiClient({ baseUrl: holder.sim.url });
  });
  after(async () => {
    await holder.api?.close();
    await holder.sim?.close();
  });
  return holder;
}
