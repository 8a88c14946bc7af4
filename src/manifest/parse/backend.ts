/** Parsing the `backend:` section (the state store's URL and schema). */
import { BACKEND_URL_FORMS, BACKEND_URL_SCHEMES } from '../../core/backend-urls.js';
import type { SourceLocation } from '../../core/types.js';
import type { BackendConfig, Manifest } from '../types.js';
import { describeKind } from './expressions.js';
import type { TreePair } from '../syntax/source-tree.js';
import type { Walker } from './walker.js';
import { type OptionReader, readSettings } from './sections.js';

/** Keys of `backend:`. */
export const BACKEND_KEYS = ['url', 'schema'] as const;

/** A non-empty text for `backend.<key>`, else `undefined` (reported). */
function backendText(walker: Walker, key: string, value: unknown, valueAt: SourceLocation): string | undefined {
  if (typeof value === 'string' && value !== '') return value;
  walker.error(`backend.${key}: expected a text, got ${describeKind(value)}`, valueAt, 'invalid_value');
  return undefined;
}

/** `backend.schema`: a schema name (letters, digits and _), else `undefined` (reported). */
const backendSchema: OptionReader<BackendConfig> = (walker, value, valueAt, backend) => {
  const text = backendText(walker, 'schema', value, valueAt);
  if (text === undefined) return undefined;
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(text)) {
    walker.error(`backend.schema: "${text}" is not a schema name (letters, digits and _)`, valueAt, 'invalid_value');
    return undefined;
  }
  return (backend.schema = text);
};

/** `backend.url`: `local` or a backend URL (src/core/backend-urls.ts) without a password, else `undefined` (reported). */
const backendUrl: OptionReader<BackendConfig> = (walker, value, valueAt, backend) => {
  const text = backendText(walker, 'url', value, valueAt);
  if (text === undefined) return undefined;
  if (text !== 'local') {
    let parsed: URL | undefined;
    try {
      parsed = new URL(text);
    } catch {
      parsed = undefined;
    }
    if (!parsed || !BACKEND_URL_SCHEMES.includes(parsed.protocol.replace(/:$/, ''))) {
      walker.error(`backend.url: expected ${BACKEND_URL_FORMS}`, valueAt, 'invalid_value');
      return undefined;
    }
    if (parsed.password !== '') {
      walker.error(
        'backend.url: the manifest holds no secret: leave the password out of the URL and set PGPASSWORD',
        valueAt,
        'invalid_value',
      );
      return undefined;
    }
  }
  return (backend.url = text);
};

/**
 * `backend:` — `url` (`postgres://user@host:port/database` or `local`) and
 * `schema`, both strings, keys as written. A password in the URL is an
 * error: the manifest is shared and committed, the password comes from PGPASSWORD.
 */
export function parseBackend(walker: Walker, section: TreePair, manifest: Manifest, data: Record<string, unknown>): void {
  manifest.backend = readSettings<BackendConfig>(
    walker,
    section,
    'backend',
    data,
    BACKEND_KEYS,
    { url: backendUrl, schema: backendSchema },
    (written) => written,
  );
}
