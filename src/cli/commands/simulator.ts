/**
 * `cloudctl simulator`: the simulator in the foreground, as the cloud for a local run.
 */
import { resolve } from 'node:path';
import type { SimulatorProfile } from '../../sim/index.js';
import { parseDuration } from '../../core/duration.js';
import { onInterrupt, type CliIo } from '../io.js';

/**
 * `simulator --port N`: runs the simulator in the foreground until Ctrl-C
 * (or SIGTERM; in process, until `io.signal` aborts). Settings also from
 * `CLOUDCTL_SIM_*` in `io.env`; `--data` relative to `io.cwd`.
 */
export async function simulatorCommand(
  io: CliIo,
  options: { port: string; host: string; token?: string; data?: string; provisionSeconds?: string; seed?: string; profile?: string },
): Promise<number> {
  const { SIMULATOR_PROFILES, startSimulator, simulatorOptionsFromEnv } = await import('../../sim/index.js'); // not loaded by `validate`
  const port = Number(options.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`--port must be a port number (0 to 65535), got "${options.port}"`);
  if (options.profile !== undefined && !SIMULATOR_PROFILES.includes(options.profile as SimulatorProfile)) {
    throw new Error(`--profile must be one of ${SIMULATOR_PROFILES.join(', ')}, got "${options.profile}"`);
  }
  const fromEnv = simulatorOptionsFromEnv({
    ...io.env,
    ...(options.profile !== undefined ? { CLOUDCTL_SIM_PROFILE: options.profile } : {}),
  });
  const simulator = await startSimulator({
    ...fromEnv,
    port,
    host: options.host,
    token: options.token ?? fromEnv.token,
    dataFile: options.data === undefined ? undefined : resolve(io.cwd, options.data),
    provisioningSeconds: options.provisionSeconds !== undefined ? parseDuration(options.provisionSeconds) : fromEnv.provisioningSeconds,
    seed: options.seed !== undefined ? Number(options.seed) : fromEnv.seed,
  });
  io.stdout.write(
    `cloudctl simulator listening on ${simulator.url}${options.token || fromEnv.token ? ' (x-token required)' : ''}${fromEnv.profile === 'variant' ? ' (variant replies)' : ''}\n`,
  );
  io.stdout.write(`Point cloudctl at it with: export CLOUDCTL_BASE_URL=${simulator.url}\n`);
  let stopListening: () => void = () => undefined;
  await new Promise<void>((stopped) => {
    stopListening = onInterrupt(io, stopped, undefined, { terminate: true });
  });
  stopListening();
  await simulator.close();
  return 0;
}
