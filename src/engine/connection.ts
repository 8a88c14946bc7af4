/**
 * The connection to the cloud for one run: a configured base URL, or the
 * embedded simulator (started in process on loopback, its data in the
 * workspace) when none is configured. The API token is read from the
 * options or the environment and never reported.
 */
import { requestTimeoutSeconds } from './timing.js';
import type { ApiClient } from '../api/types.js';
import type { RequestLimiter } from '../api/request-budget.js';
import type { RequestEvent } from '../api/client.js';
import type { OperationContext } from '../resources/attribute.js';
import { parseDuration } from '../core/duration.js';
import type { ProviderConfig } from '../manifest/types.js';

// The simulator and the HTTP client are imported when a connection is made (dynamic `import()`),
// so what needs neither (`validate`, `--help`, `state list`) starts without loading them.

/** A connection to the cloud for one run. */
export interface Connection {
  api: ApiClient;
  baseUrl: string;
  /** Seconds between polls while waiting for `Active`. */
  pollIntervalSeconds: number;
  /** True when this is the embedded simulator. */
  embedded: boolean;
  /** Closes the client's pool and stops the embedded simulator. */
  close(): Promise<void>;
  /** A context for an operation that may take `seconds` (default 300). */
  context(seconds?: number): OperationContext;
}

/** Settings of {@link connect}. */
export interface ConnectOptions {
  /** The run's environment: CLOUDCTL_BASE_URL, CLOUDCTL_API_KEY, CLOUDCTL_POLL_INTERVAL, CLOUDCTL_RETRY_BASE_MS, CLOUDCTL_SIM_*. */
  env: Readonly<Record<string, string | undefined>>;
  /** The base URL (wins over `provider.base_url` and CLOUDCTL_BASE_URL); empty: the embedded simulator. */
  baseUrl?: string;
  /** The API token (wins over CLOUDCTL_API_KEY). */
  token?: string;
  /** Absolute path of the embedded simulator's data file. */
  simulatorDataFile: string;
  /** Seconds the API client waits for a reply (wins over CLOUDCTL_REQUEST_TIMEOUT; see timing.ts). Absent: the environment's, else 30. */
  requestTimeoutSeconds?: number;
  /**
   * Operations in flight at once. The API client's keep-alive pool opens at
   * most this many connections. Absent: the API client's default.
   */
  parallelism?: number;
  /** Secret values to mask in every API error message (`ApiClientOptions.secrets`). */
  secrets?: readonly string[];
  /** Called once the embedded simulator is listening (it is started only when no base URL is configured). */
  onSimulator?: (url: string) => void;
  /** The request budget every request takes a token from (`ApiClientOptions.budget`); absent: none. */
  budget?: RequestLimiter;
  /** Called after every HTTP attempt (`ApiClientOptions.onRequest`): counting requests. */
  onRequest?: (event: RequestEvent) => void;
}

/**
 * Connects to the API: base URL from `options.baseUrl`, else
 * `provider.base_url`, else `CLOUDCTL_BASE_URL`, else the embedded
 * simulator. Token from `options.token`, else `CLOUDCTL_API_KEY`. Poll
 * interval from `provider.poll_interval`, else `CLOUDCTL_POLL_INTERVAL`,
 * else 5 s (2 s on the embedded simulator). One keep-alive pool of at most
 * `options.parallelism` connections.
 * Errors: the simulator's when it cannot start (its data file unreadable).
 */
export async function connect(provider: ProviderConfig, options: ConnectOptions): Promise<Connection> {
  const { env } = options;
  let baseUrl = options.baseUrl ?? provider.baseUrl ?? env.CLOUDCTL_BASE_URL ?? '';
  let simulator: { url: string; close(): Promise<void> } | undefined;
  const token = options.token ?? (env.CLOUDCTL_API_KEY || undefined);
  if (baseUrl === '') {
    const { startSimulator, simulatorOptionsFromEnv } = await import('../sim/index.js');
    simulator = await startSimulator({
      ...simulatorOptionsFromEnv(env),
      port: 0,
      dataFile: options.simulatorDataFile,
      token,
      prepareLists: false,
    });
    baseUrl = simulator.url;
    options.onSimulator?.(simulator.url);
  }
  const envInterval = env.CLOUDCTL_POLL_INTERVAL ? parseDuration(env.CLOUDCTL_POLL_INTERVAL) : undefined;
  const pollIntervalSeconds = provider.pollIntervalSeconds ?? envInterval ?? (simulator ? 2 : 5);
  const { createApiClient } = await import('../api/client.js');
  const api = createApiClient({
    baseUrl,
    token,
    parallelism: options.parallelism,
    secrets: options.secrets,
    requestTimeoutSeconds: requestTimeoutSeconds({ requestTimeoutSeconds: options.requestTimeoutSeconds, env }),
    retryBaseDelayMs: env.CLOUDCTL_RETRY_BASE_MS ? Number(env.CLOUDCTL_RETRY_BASE_MS) : undefined,
    ...(options.budget ? { budget: options.budget } : {}),
    ...(options.onRequest ? { onRequest: options.onRequest } : {}),
  });
  return {
    api,
    baseUrl,
    pollIntervalSeconds,
    embedded: Boolean(simulator),
    async close() {
      await api.close();
      await simulator?.close();
    },
    context(seconds = 300) {
      return { api, pollIntervalSeconds, deadline: Date.now() + seconds * 1000 };
    },
  };
}
