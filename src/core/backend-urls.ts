/**
 * The URL schemes of the state backends, in one place: the manifest's
 * `backend.url` check (src/manifest/parse/backend.ts), the manifest's JSON
 * Schema (src/manifest/schema.ts) and the state layer's parser of backend
 * URLs (src/state/location.ts) read this list. A new backend adds its
 * schemes here (CONTRIBUTING.md, "Adding a state backend").
 */

/** Each backend's URL schemes (without `:`) and how its URL is written, for messages. */
export const BACKEND_URLS: ReadonlyArray<{ schemes: readonly string[]; form: string }> = [
  { schemes: ['postgres', 'postgresql'], form: 'postgres://user@host:port/database' },
];

/** Every scheme a backend URL may have. */
export const BACKEND_URL_SCHEMES: readonly string[] = BACKEND_URLS.flatMap((entry) => entry.schemes);

/** The forms of a backend URL, and `"local"`, for messages: `postgres://user@host:port/database or "local"`. */
export const BACKEND_URL_FORMS = `${BACKEND_URLS.map((entry) => entry.form).join(', ')} or "local"`;
