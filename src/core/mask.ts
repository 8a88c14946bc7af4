/**
 * Secrets, masked in one place. One mask, {@link MASK} (`(sensitive)`),
 * stands in for every secret cloudctl writes or prints: plans and their
 * views, the journal, the `raw` JSON kept in state, API error messages.
 * One rule, {@link isSecretKey}, says which JSON keys hold secrets. The
 * functions below mask one value, a set of attributes, a JSON document
 * (by key), free text (by key and by known literal).
 *
 * Which *attributes* are secret is not decided here: the catalogue marks
 * them (`Attribute.sensitive`) and sensitivity follows a value through
 * expressions and state (`ResourceState.sensitive_attributes`).
 */
import { containsUnknown, isUnknown, type Attributes, type PlannedValue, type Value } from './types.js';

/** The text written in place of every secret value. */
export const MASK = '(sensitive)';

/** Masks written by earlier versions (journal entries, `raw` in state): read, never written. */
const EARLIER_MASKS: readonly string[] = ['***'];

/**
 * True when `value` is a mask: {@link MASK}, or `***` as journals and
 * states written by earlier versions hold it. A masked value is never
 * compared with a real one (reconciliation skips it).
 */
export function isMask(value: unknown): boolean {
  return value === MASK || (typeof value === 'string' && EARLIER_MASKS.includes(value));
}

/**
 * Key names that hold a secret, whole (compared lower-case): the API's
 * password, key and token fields, and the keys the OpenVPN configuration
 * text arrives under (docs/api: "Treat it as secret").
 */
const SECRET_NAMES: ReadonlySet<string> = new Set([
  'cipassword',
  'console_password',
  'consolepassword',
  'password',
  'passwd',
  'private_key',
  'privatekey',
  'private',
  'secret_key',
  'secretkey',
  'secret',
  'pem',
  'token',
  'config',
  'config_file',
  'ovpn',
]);

/** Endings that make any key secret (`root_password`, `client_secret`, `access_token`, `x-api-key`). */
const SECRET_ENDINGS: readonly string[] = [
  'password',
  'passwd',
  'secret',
  'token',
  'private_key',
  'privatekey',
  'api_key',
  'apikey',
  'credential',
  'credentials',
];

/**
 * True when `key` holds a secret: one of the secret names, or a name
 * ending in a secret word (`password`, `passwd`, `secret`, `token`,
 * `private_key`, `api_key`, `credential`), any case, `-` read as `_`.
 * `password_hint`, `tokens` and `public_key` are not secret.
 */
export function isSecretKey(key: string): boolean {
  const known = secretKeyMemo.get(key);
  if (known !== undefined) return known;
  const name = key.toLowerCase().replace(/-/g, '_');
  const secret = SECRET_NAMES.has(name) || SECRET_ENDINGS.some((ending) => name.endsWith(ending));
  if (secretKeyMemo.size < 10_000) secretKeyMemo.set(key, secret);
  return secret;
}

/** Keys {@link isSecretKey} already judged (replies name few distinct keys, masked 100,000 times in a large refresh); at most 10,000. */
const secretKeyMemo = new Map<string, boolean>();

/** True when a value under a secret key has something to hide (not `null`, absent or empty). */
function holdsSecret(value: unknown): boolean {
  return value !== null && value !== undefined && value !== '';
}

/**
 * A sensitive value as cloudctl shows or keeps it: {@link MASK}, except
 * that unknown markers stay (apply checks them) and `undefined` stays
 * absent. A list or object containing unknowns keeps its shape with its
 * known leaves masked.
 */
export function maskValue<T>(value: T): T | string {
  if (value === undefined || isUnknown(value)) return value;
  if (containsUnknown(value)) {
    if (Array.isArray(value)) return value.map((item: unknown) => maskValue(item)) as T;
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([key, item]) => [key, maskValue(item)])) as T;
  }
  return MASK;
}

/**
 * A copy of `attributes` with the values of the sensitive ones masked
 * ({@link maskValue}). `sensitive` is a set of names or a test of one name.
 */
export function maskAttributes<T extends Attributes | Record<string, PlannedValue>>(
  attributes: T,
  sensitive: ReadonlySet<string> | ((name: string) => boolean),
): T {
  const test = typeof sensitive === 'function' ? sensitive : (name: string) => sensitive.has(name);
  const masked: Record<string, PlannedValue> = {};
  for (const [name, value] of Object.entries(attributes))
    masked[name] = value !== undefined && test(name) ? (maskValue(value) as PlannedValue) : value;
  return masked as T;
}

/**
 * Deep copy of a JSON value with the value of every secret key
 * ({@link isSecretKey}) replaced by {@link MASK}, through nested objects
 * and arrays. A secret key holding `null` or `''` keeps it (nothing to
 * hide). Non-JSON leaves are copied as they are.
 */
export function maskSecrets<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item) => maskSecrets(item)) as T;
  if (typeof value === 'object' && value !== null) {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) copy[key] = isSecretKey(key) && holdsSecret(item) ? MASK : maskSecrets(item);
    return copy as T;
  }
  return value;
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// `"password": "x"`, `'password': 'x'`, `password=x`, `password: x`, for any
// secret key (a whole word, see isSecretKey). Used for text that is not valid JSON.
const SECRET_KEY_IN_TEXT = `(?:[A-Za-z0-9_-]*(?:${SECRET_ENDINGS.map((ending) => ending.replace(/_/g, '[_-]')).join('|')})|${[...SECRET_NAMES].map(escapeRegExp).join('|')})`;
const SECRET_PAIR_IN_TEXT = new RegExp(
  `(["']?)\\b(${SECRET_KEY_IN_TEXT})\\b\\1(\\s*[:=]\\s*)("(?:[^"\\\\]|\\\\.)*"?|'[^']*'?|[^\\s,;&}\\]]+)`,
  'gi',
);

/**
 * Masks `key: value` pairs inside free text that is not valid JSON (an HTML
 * error page, a truncated body, a `key=value` form): every `key: value`,
 * `"key": "value"` or `key=value` whose key is secret keeps its key and
 * quotes and gets {@link MASK} as its value. Meant for raw bodies only:
 * applied to a sentence (`"password: must contain a digit"`) it would mask
 * a word.
 */
export function maskSecretPairsInText(text: string): string {
  return text.replace(SECRET_PAIR_IN_TEXT, (_match, quote: string, key: string, separator: string, secret: string) => {
    const masked = secret.startsWith('"') ? `"${MASK}"` : secret.startsWith("'") ? `'${MASK}'` : MASK;
    return `${quote}${key}${quote}${separator}${masked}`;
  });
}

/**
 * Replaces every occurrence of the `literals` in `text` (and of their
 * JSON-escaped form) by {@link MASK}. `literals` are secret values the
 * caller knows: the API token, the request's password. Strings shorter
 * than 4 characters are ignored (masking them would mangle ordinary words
 * and hide little).
 */
export function maskLiterals(text: string, literals: readonly string[]): string {
  const usable = [...new Set(literals.filter((literal) => typeof literal === 'string' && literal.length >= 4))];
  // Longest first, so a secret containing another is masked whole.
  usable.sort((a, b) => b.length - a.length);
  let masked = text;
  for (const literal of usable) {
    masked = masked.split(literal).join(MASK);
    const encoded = JSON.stringify(literal).slice(1, -1);
    if (encoded !== literal) masked = masked.split(encoded).join(MASK);
  }
  return masked;
}

/**
 * The string values held under secret keys anywhere in `value` (e.g. the
 * `console_password` of a request body), so they can be masked literally
 * in a server reply that echoes them under another key.
 */
export function collectSecretValues(value: unknown, into: string[] = []): string[] {
  if (Array.isArray(value)) {
    for (const item of value) collectSecretValues(item, into);
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (isSecretKey(key) && typeof item === 'string') into.push(item);
      else collectSecretValues(item, into);
    }
  }
  return into;
}

/**
 * The inputs of a call as the journal keeps them: the type's sensitive
 * attributes (`isSensitive`) masked whole, then every secret key below
 * masked too ({@link maskSecrets}) as a safety net.
 */
export function maskInputs(inputs: Record<string, Value>, isSensitive: (name: string) => boolean): Record<string, Value> {
  const masked: Record<string, Value> = {};
  for (const [name, value] of Object.entries(inputs)) masked[name] = isSensitive(name) && holdsSecret(value) ? MASK : value;
  return maskSecrets(masked);
}

/**
 * The strings inside `values` (at any depth; numbers and booleans as
 * text), for {@link maskLiterals}: what a secret value can appear as in a
 * server's reply.
 */
export function secretLiterals(values: readonly unknown[]): string[] {
  const found: string[] = [];
  const visit = (value: unknown): void => {
    if (typeof value === 'string') found.push(value);
    else if (typeof value === 'number' || typeof value === 'boolean') found.push(String(value));
    else if (Array.isArray(value)) value.forEach(visit);
    else if (typeof value === 'object' && value !== null) Object.values(value).forEach(visit);
  };
  values.forEach(visit);
  return found;
}
