/**
 * A value as Terraform's `jsonencode` writes it (also `format`'s `%#v`):
 * no spaces, mapping keys in lexical order, numbers in plain decimal, and
 * `<`, `>`, `&`, U+2028 and U+2029 escaped as `\u003c`, ... as Go does.
 */
import type { Value } from '../../core/types.js';
import { compareText, numberText } from './convert.js';

const ESCAPES: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/** A string as a JSON string literal, with Go's HTML-safe escapes. */
export function jsonString(text: string): string {
  return JSON.stringify(text).replace(/[<>&\u2028\u2029]/g, (char) => ESCAPES[char]);
}

/** The JSON text of a value (see the module comment). */
export function jsonText(value: Value): string {
  if (value === null || typeof value === 'boolean') return String(value);
  if (typeof value === 'number') return numberText(value);
  if (typeof value === 'string') return jsonString(value);
  if (Array.isArray(value)) return `[${value.map(jsonText).join(',')}]`;
  const keys = Object.keys(value).sort(compareText);
  return `{${keys.map((key) => `${jsonString(key)}:${jsonText(value[key])}`).join(',')}}`;
}
