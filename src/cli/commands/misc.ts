/** Small commands: `validate`, `simulator`, `schema`. */
import { loadManifest } from '../../manifest/index.js';
import { manifestSchema } from '../../manifest/schema.js';
import { SIMULATOR_PROFILES, startSimulator, simulatorOptionsFromEnv, type SimulatorProfile } from '../../sim/index.js';
import { parseDuration } from '../../core/duration.js';
import type { Workspace } from '../workspace.js';

/** `validate FILE`: parse and check without touching state or the API. */
export async function validateCommand(ws: Workspace, file: string): Promise<number> {
  const loaded = await loadManifest(file, { env: process.env });
  const count = Object.keys(loaded.manifest.resources).length;
  const data = Object.keys(loaded.manifest.data).length;
  process.stdout.write(`${ws.style.green('The manifest is valid.')} ${count} resource${count === 1 ? '' : 's'}, ${data} data source${data === 1 ? '' : 's'}.\n`);
  return 0;
}

/** `simulator --port N`: runs the simulator in the foreground until Ctrl-C. */
export async function simulatorCommand(options: { port: string; host: string; token?: string; data?: string; provisionSeconds?: string; seed?: string; profile?: string }): Promise<number> {
  const port = Number(options.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be a port number (0 to 65535), got "${options.port}"`);
  if (options.profile !== undefined && !SIMULATOR_PROFILES.includes(options.profile as SimulatorProfile)) {
    throw new Error(`--profile must be one of ${SIMULATOR_PROFILES.join(', ')}, got "${options.profile}"`);
  }
  const fromEnv = simulatorOptionsFromEnv({ ...process.env, ...(options.profile !== undefined ? { CLOUDCTL_SIM_PROFILE: options.profile } : {}) });
  const simulator = await startSimulator({
    ...fromEnv,
    port,
    host: options.host,
    token: options.token ?? fromEnv.token,
    dataFile: options.data,
    provisioningSeconds: options.provisionSeconds !== undefined ? parseDuration(options.provisionSeconds) : fromEnv.provisioningSeconds,
    seed: options.seed !== undefined ? Number(options.seed) : fromEnv.seed,
  });
  process.stdout.write(`cloudctl simulator listening on ${simulator.url}${options.token || fromEnv.token ? ' (x-token required)' : ''}${fromEnv.profile === 'variant' ? ' (variant replies)' : ''}\n`);
  process.stdout.write(`Point cloudctl at it with: export CLOUDCTL_BASE_URL=${simulator.url}\n`);
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await simulator.close();
  return 0;
}

/** `schema`: prints the manifest JSON Schema. */
export async function schemaCommand(): Promise<number> {
  process.stdout.write(`${JSON.stringify(manifestSchema(), null, 2)}\n`);
  return 0;
}
