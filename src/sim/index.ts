/**
 * cloudctl's simulated cloud: a local HTTP server speaking
 * the API of docs/api/ (every group: bare metal, additional IPs
 * and assignments, elastic storage, lites, lite pros), with seeded
 * catalogues, timestamp-based provisioning (`Pending` then `Active`), unpaid
 * orders, validation errors, `x-token` auth, an order ledger, a request log
 * and fault injection. Used by tests, benchmarks, and embedded by the CLI as
 * the default cloud (its data kept in a file so separate runs share it).
 *
 * Reply profiles (profile.ts, variations.ts): `strict` (default) answers
 * the contract's friendly best guess; `variant` varies every reply within
 * the uncertainty of docs/api/ (README "What is not published") through named, individually switchable rules
 * drawn per reply from a seeded RNG (`SimulatorOptions.profile`,
 * `variations`, `seed`).
 *
 * Control endpoints outside `/v1` (token required when one is set):
 * `GET /_simulator/ledger` (LedgerEntry[]), `GET /_simulator/requests`
 * (RequestLogEntry[]), `GET|PUT /_simulator/faults` (FaultOptions; an empty
 * object disables faults), `POST /_simulator/invoices/{id}/pay` (pays an
 * open invoice: the unpaid order proceeds; 404 unknown, 409 paid already),
 * all in the usual envelope.
 */
import { existsSync } from 'node:fs';
import { startSimulatorServer } from './server.js';
import { readDataFile } from './store.js';
import {
  FAULT_KINDS,
  SIMULATOR_PROFILES,
  VARIATION_NAMES,
  type FaultKind,
  type LedgerEntry,
  type OmittedKey,
  type RunningSimulator,
  type SimulatorOptions,
  type SimulatorProfile,
} from './types.js';

export type {
  FaultKind,
  FaultOptions,
  LedgerEntry,
  OmittedKey,
  RequestLogEntry,
  RunningSimulator,
  SimulatedAccount,
  SimulatorOptions,
  SimulatorProfile,
  VariationName,
} from './types.js';
export { FAULT_KINDS, SIMULATOR_PROFILES, VARIATION_NAMES } from './types.js';
export { VARIATION_RULES } from './variations.js';

/**
 * Starts a simulator and resolves once it listens.
 * Base URL: `RunningSimulator.url` (`http://<host>:<port>/v1`).
 * Rejects when the port cannot be bound, an existing `dataFile` is not a
 * simulator data file, or options are invalid (negative provisioning
 * seconds, fault rate outside 0..1, unknown fault kind, bad path regex).
 */
export function startSimulator(options?: SimulatorOptions): Promise<RunningSimulator> {
  return startSimulatorServer(options);
}

function num(env: NodeJS.ProcessEnv, name: string, check: (n: number) => boolean, rule: string): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return undefined;
  const n = Number(raw);
  if (!Number.isFinite(n) || !check(n)) throw new Error(`${name} must be ${rule} (got "${raw}")`);
  return n;
}

/** A comma list of names out of `valid`; undefined when unset or empty. Throws naming the variable on an unknown name. */
function listOf<T extends string>(env: NodeJS.ProcessEnv, name: string, valid: readonly T[], what = 'name'): T[] | undefined {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return undefined;
  const items = raw
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean) as T[];
  for (const item of items) {
    if (!valid.includes(item)) throw new Error(`${name}: unknown ${what} "${item}" (valid: ${valid.join(', ')})`);
  }
  return items;
}

/** `CLOUDCTL_SIM_OMIT_KEYS` read: a JSON array of `{ routes, key }` strings. Throws an Error naming the variable otherwise. */
function omittedKeys(raw: string): OmittedKey[] {
  const rule = 'a JSON array of {"routes": "<regex>", "key": "<key>"}';
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new Error(`CLOUDCTL_SIM_OMIT_KEYS must be ${rule} (got "${raw}")`);
  }
  const valid = (item: unknown): item is OmittedKey =>
    typeof item === 'object' &&
    item !== null &&
    typeof (item as OmittedKey).routes === 'string' &&
    typeof (item as OmittedKey).key === 'string';
  if (!Array.isArray(parsed) || !parsed.every(valid)) throw new Error(`CLOUDCTL_SIM_OMIT_KEYS must be ${rule} (got "${raw}")`);
  return parsed.map(({ routes, key }) => ({ routes, key }));
}

/**
 * Builds simulator options from environment variables (unset or empty ones are skipped):
 * - `CLOUDCTL_SIM_PROVISION_SECONDS`: number >= 0 → `provisioningSeconds`
 * - `CLOUDCTL_SIM_TOKEN` → `token`
 * - `CLOUDCTL_SIM_SEED`: integer → `seed`
 * - `CLOUDCTL_SIM_LATENCY_MS`: number >= 0 → `faults.latencyMs`
 * - `CLOUDCTL_SIM_FAULT_RATE`: 0..1 → `faults.rate`
 * - `CLOUDCTL_SIM_LATENCY_PATHS`: regex on `METHOD /path` → `faults.latencyPaths`
 * - `CLOUDCTL_SIM_FAULT_KINDS`: comma list of `429,500,503,reset,lost-response,timeout,echo-422` → `faults.kinds`
 * - `CLOUDCTL_SIM_FAULT_PATHS`: regex → `faults.paths`
 * - `CLOUDCTL_SIM_FAULT_SKIP`, `CLOUDCTL_SIM_FAULT_TIMES`, `CLOUDCTL_SIM_FAULT_HANG_MS`:
 *   whole numbers >= 0 → `faults.skip`, `faults.times`, `faults.hangMs`
 * - `CLOUDCTL_SIM_PROFILE`: `strict` or `variant` → `profile` (the reply
 *   variations are seeded by `CLOUDCTL_SIM_SEED`)
 * - `CLOUDCTL_SIM_VARIATIONS`: comma list of variation names → `variations`
 * - `CLOUDCTL_SIM_OMIT_KEYS`: a JSON array of `{ "routes": regex, "key": key }`
 *   → `omitKeys` (e.g. `[{"routes":"^GET /lites/accounts(/:id)?$","key":"product_id"}]`)
 * Throws an Error naming the variable when a value is malformed.
 */
export function simulatorOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): SimulatorOptions {
  const out: SimulatorOptions = {};
  const prov = num(env, 'CLOUDCTL_SIM_PROVISION_SECONDS', (n) => n >= 0, 'a number >= 0');
  if (prov !== undefined) out.provisioningSeconds = prov;
  if (env.CLOUDCTL_SIM_TOKEN) out.token = env.CLOUDCTL_SIM_TOKEN;
  const seed = num(env, 'CLOUDCTL_SIM_SEED', Number.isInteger, 'an integer');
  if (seed !== undefined) out.seed = seed;
  const latency = num(env, 'CLOUDCTL_SIM_LATENCY_MS', (n) => n >= 0, 'a number >= 0');
  const rate = num(env, 'CLOUDCTL_SIM_FAULT_RATE', (n) => n >= 0 && n <= 1, 'a number between 0 and 1');
  const kinds = listOf<FaultKind>(env, 'CLOUDCTL_SIM_FAULT_KINDS', FAULT_KINDS, 'kind');
  const whole = (name: string) => num(env, name, (n) => Number.isInteger(n) && n >= 0, 'a whole number >= 0');
  const skip = whole('CLOUDCTL_SIM_FAULT_SKIP');
  const times = whole('CLOUDCTL_SIM_FAULT_TIMES');
  const hangMs = whole('CLOUDCTL_SIM_FAULT_HANG_MS');
  const profile = env.CLOUDCTL_SIM_PROFILE?.trim();
  if (profile) {
    if (!SIMULATOR_PROFILES.includes(profile as SimulatorProfile)) {
      throw new Error(`CLOUDCTL_SIM_PROFILE must be one of ${SIMULATOR_PROFILES.join(', ')} (got "${profile}")`);
    }
    out.profile = profile as SimulatorProfile;
  }
  const variations = listOf(env, 'CLOUDCTL_SIM_VARIATIONS', VARIATION_NAMES);
  if (variations !== undefined) out.variations = variations;
  const omitKeys = env.CLOUDCTL_SIM_OMIT_KEYS?.trim();
  if (omitKeys) out.omitKeys = omittedKeys(omitKeys);
  const paths = env.CLOUDCTL_SIM_FAULT_PATHS;
  const latencyPaths = env.CLOUDCTL_SIM_LATENCY_PATHS;
  const counts = {
    ...(skip !== undefined ? { skip } : {}),
    ...(times !== undefined ? { times } : {}),
    ...(hangMs !== undefined ? { hangMs } : {}),
  };
  if (latency !== undefined || rate !== undefined || kinds !== undefined || paths || latencyPaths || Object.keys(counts).length > 0) {
    out.faults = {
      ...(latency !== undefined ? { latencyMs: latency } : {}),
      ...(latencyPaths ? { latencyPaths } : {}),
      ...(rate !== undefined ? { rate } : {}),
      ...(kinds !== undefined ? { kinds } : {}),
      ...(paths ? { paths } : {}),
      ...counts,
    };
  }
  return out;
}

/**
 * Reads the ledger (every order placed, oldest first) out of a data file
 * written by a simulator (embedded or standalone). Returns `[]` when the file
 * does not exist; throws when it exists but is not a simulator data file.
 */
export function readLedgerFile(dataFile: string): LedgerEntry[] {
  if (!existsSync(dataFile)) return [];
  return readDataFile(dataFile).ledger;
}
