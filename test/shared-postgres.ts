/**
 * One PostgreSQL server for a whole mocha run (the mocha configs load this
 * module with `require`; its global fixtures run once, in mocha's main
 * process, before the workers start and after they end). Before: unless
 * CLOUDCTL_TEST_PG_URL names a server already, it picks a port and password,
 * sets CLOUDCTL_TEST_PG_URL and CLOUDCTL_TEST_PG_STARTING (the workers
 * inherit both) and starts an embedded server in the background, so no file
 * waits for it unless it uses it (test/support/postgres.ts waits until it
 * answers). After: the server is stopped and its folder removed.
 *
 * Before this, each of the six files that use PostgreSQL in `npm test`
 * initialised and started a server of its own (initdb each time). Every
 * caller still works in a fresh schema of its own, so files never see each
 * other's rows, advisory locks (keyed by schema) or state locks.
 */
import { embeddedPlace, startEmbeddedPostgres, type Running } from './support/postgres.js';

let starting: Promise<Running | undefined> | undefined;

/** Mocha global setup: starts the run's server in the background, its URL in the environment at once. */
export async function mochaGlobalSetup(): Promise<void> {
  if (process.env.CLOUDCTL_TEST_PG_URL) return;
  const place = await embeddedPlace();
  process.env.CLOUDCTL_TEST_PG_URL = place.url;
  process.env.CLOUDCTL_TEST_PG_STARTING = '1';
  starting = startEmbeddedPostgres(place).catch((error: unknown) => {
    console.error(`test/shared-postgres.ts: the run's PostgreSQL did not start: ${String(error)}`);
    return undefined;
  });
}

/** Mocha global teardown: stops the run's server, if this run started one. */
export async function mochaGlobalTeardown(): Promise<void> {
  const server = await starting;
  starting = undefined;
  await server?.stop();
}
