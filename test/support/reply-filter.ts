/**
 * A loopback HTTP proxy in front of a simulator that rewrites the JSON
 * replies of the requests it is told to: how a test makes the cloud leave
 * out a key the contract does not promise (docs/api: reply keys of several
 * shapes are unpublished) for exactly the replies it names, whatever the
 * simulator's profile.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A running proxy: `url` is used as the base URL (`…/v1`). */
export interface ReplyFilter {
  url: string;
  close(): Promise<void>;
}

/**
 * Starts a proxy to `target` (a simulator's base URL, ending in `/v1`) that
 * passes every request through and, for replies to a request whose
 * `METHOD /path` (path relative to the base URL) matches `requests`, hands
 * the parsed body to `rewrite` (which changes it in place).
 */
export async function startReplyFilter(target: string, requests: RegExp, rewrite: (body: unknown) => void): Promise<ReplyFilter> {
  const base = new URL(target);
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        const path = (request.url ?? '/').replace(/^\/v1/, '');
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(request.headers)) {
          if (typeof value === 'string' && !['host', 'content-length', 'connection'].includes(name)) headers[name] = value;
        }
        try {
          const method = request.method ?? 'GET';
          const forwarded = await fetch(`${base.origin}/v1${path}`, {
            method,
            headers,
            ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
          });
          let text = await forwarded.text();
          if (requests.test(`${method} ${path.split('?')[0]}`)) {
            try {
              const body = JSON.parse(text) as unknown;
              rewrite(body);
              text = JSON.stringify(body);
            } catch {
              // not JSON: passed through as it is
            }
          }
          response.writeHead(forwarded.status, { 'content-type': 'application/json; charset=utf-8' });
          response.end(text);
        } catch {
          response.destroy();
        }
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Deletes `key` from every object in `value` that has an `account_id` (an account), at any depth. */
export function dropAccountKey(value: unknown, key: string): void {
  if (Array.isArray(value)) for (const item of value) dropAccountKey(item, key);
  else if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    if ('account_id' in record) delete record[key];
    for (const item of Object.values(record)) dropAccountKey(item, key);
  }
}

/** Deletes `key` from every object in `value` that has an `id` or an `account_id`, at any depth. */
export function dropKey(value: unknown, key: string): void {
  if (Array.isArray(value)) for (const item of value) dropKey(item, key);
  else if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    if ('account_id' in record || 'id' in record) delete record[key];
    for (const item of Object.values(record)) dropKey(item, key);
  }
}
