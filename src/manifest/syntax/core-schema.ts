/**
 * The YAML 1.2 core schema for js-yaml (the fast reader, fast-yaml.ts):
 * plain scalars resolved exactly as the yaml library (the position-keeping
 * reader, yaml.ts) resolves them, the same patterns and conversions.
 */
import { FAILSAFE_SCHEMA, Type } from 'js-yaml';

/**
 * A scalar type of the core schema: the patterns of the plain scalars it
 * takes, each with its conversion, tried in order (js-yaml keeps one type
 * per tag, so the yaml library's octal, decimal and hexadecimal integers
 * are one type here, and so are its three kinds of float).
 */
function coreType(tag: string, forms: Array<[RegExp, (text: string) => unknown]>, mayBe: (text: string) => boolean): Type {
  const formOf = (text: string) => (mayBe(text) ? forms.find(([pattern]) => pattern.test(text)) : undefined);
  return new Type(`tag:yaml.org,2002:${tag}`, {
    kind: 'scalar',
    resolve: (text: string) => formOf(text) !== undefined,
    construct: (text: string) => formOf(text)![1](text),
  });
}

/** Whether a plain scalar may be a number: it starts with a digit, a sign or a dot (most scalars are names, and are ruled out here). */
function mayBeNumber(text: string): boolean {
  const first = text.charCodeAt(0);
  return (first >= 48 && first <= 57) || first === 43 || first === 45 || first === 46;
}

/**
 * The YAML 1.2 core schema's scalars, in the order the yaml library tries
 * them (null, bool, octal, decimal and hexadecimal integers, not-a-number
 * and infinities, exponent and plain floats); strings are the rest.
 */
export const CORE_SCHEMA = FAILSAFE_SCHEMA.extend({
  implicit: [
    coreType('null', [[/^(?:~|[Nn]ull|NULL)?$/, () => null]], (text) => text.length <= 4),
    coreType('bool', [[/^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/, (text) => text[0] === 't' || text[0] === 'T']], (text) => text.length <= 5),
    coreType(
      'int',
      [
        [/^0o[0-7]+$/, (text) => parseInt(text.substring(2), 8)],
        [/^[-+]?[0-9]+$/, (text) => parseInt(text, 10)],
        [/^0x[0-9a-fA-F]+$/, (text) => parseInt(text.substring(2), 16)],
      ],
      mayBeNumber,
    ),
    coreType(
      'float',
      [
        [
          /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/,
          (text) => (text.slice(-3).toLowerCase() === 'nan' ? NaN : text[0] === '-' ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY),
        ],
        [/^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/, (text) => parseFloat(text)],
        [/^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/, (text) => parseFloat(text)],
      ],
      mayBeNumber,
    ),
  ],
});
