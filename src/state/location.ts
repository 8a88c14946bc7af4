/**
 * Where a workspace's state lives: the default local path, and the one
 * parser of a backend URL (`--backend`, CLOUDCTL_BACKEND, a manifest's
 * `backend` block). Light on purpose (no backend is loaded): the CLI reads
 * it for every command.
 */
import { BACKEND_URL_FORMS, BACKEND_URL_SCHEMES } from '../core/backend-urls.js';
import type { StateLocation } from './contracts.js';

export type { StateLocation } from './contracts.js';

/** The default state path, relative to the working directory. */
export const DEFAULT_STATE_PATH = '.cloudctl/state.json';

/** The schema of a database backend when neither the URL nor the caller names one. */
export const DEFAULT_POSTGRES_SCHEMA = 'cloudctl';

/**
 * `url` as the state location of `workspace`, or `undefined` for `local`
 * (the caller knows the workspace's local path). A `postgres://` or
 * `postgresql://` URL takes its schema from a `schema` query parameter,
 * else `schema`, else `cloudctl`; the standard PG* variables of `env`
 * (PGUSER, PGPASSWORD, PGHOST, PGPORT, PGDATABASE) fill what it leaves out,
 * the password above all (never written in a shared URL).
 * @throws Error on text that is not a URL, or a scheme other than postgres.
 */
export function parseBackendLocation(
  url: string,
  workspace: string,
  schema?: string,
  env: Readonly<Record<string, string | undefined>> = {},
): StateLocation | undefined {
  if (url === 'local') return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`invalid backend URL: expected ${BACKEND_URL_FORMS}`);
  }
  if (!BACKEND_URL_SCHEMES.includes(parsed.protocol.replace(/:$/, ''))) {
    throw new Error(`unsupported backend ${parsed.protocol.replace(/:$/, '')}: use ${BACKEND_URL_FORMS}`);
  }
  const fromUrl = parsed.searchParams.get('schema') ?? undefined;
  parsed.searchParams.delete('schema');
  if (parsed.username === '' && env.PGUSER) parsed.username = encodeURIComponent(env.PGUSER);
  if (parsed.password === '' && env.PGPASSWORD) parsed.password = encodeURIComponent(env.PGPASSWORD);
  if (parsed.hostname === '' && env.PGHOST) parsed.hostname = env.PGHOST;
  if (parsed.port === '' && env.PGPORT) parsed.port = env.PGPORT;
  if ((parsed.pathname === '' || parsed.pathname === '/') && env.PGDATABASE) parsed.pathname = `/${encodeURIComponent(env.PGDATABASE)}`;
  return { backend: 'postgres', url: parsed.toString(), schema: fromUrl ?? schema ?? DEFAULT_POSTGRES_SCHEMA, workspace };
}
