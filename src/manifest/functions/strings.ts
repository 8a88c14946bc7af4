/**
 * String functions (Terraform's "String Functions"). Characters are
 * grapheme clusters, as Terraform counts them (text.ts); regular
 * expressions are RE2 (regex.ts); `format` and `formatlist` are in
 * format.ts.
 */
import type { Value } from '../../core/types.js';
import { boundedCount, define, FunctionError, parameter, type FunctionDefinition, type FunctionParameter } from './definition.js';
import { asList, toText } from './convert.js';
import { formatValues } from './format.js';
import { allMatches, firstMatch, replaceMatches } from './regex.js';
import { characters } from './text.js';

const text = (name: string): FunctionParameter => parameter(name, 'string');

/** A function of strings giving a string or a boolean. */
function simple(
  name: string,
  parameters: FunctionParameter[],
  result: 'string' | 'bool',
  description: string,
  example: string,
  compute: (...values: string[]) => string | boolean,
): FunctionDefinition {
  return define('string', { name, parameters, result, description, example, run: (values) => compute(...(values as string[])) });
}

/** Go's unicode.IsSpace, for `trimspace`. */
const SPACE = '[\\t\\n\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]';
const LEADING_SPACE = new RegExp(`^${SPACE}+`, 'u');
const TRAILING_SPACE = new RegExp(`${SPACE}+$`, 'u');

/** Go's strings.Title: a word starts after white space or an ASCII character other than a letter, digit or `_`. */
function title(value: string): string {
  let previous = ' ';
  let output = '';
  for (const char of value) {
    const separator = previous.charCodeAt(0) < 0x80 ? !/\w/.test(previous) : /^\s$/u.test(previous);
    output += separator ? char.toUpperCase() : char;
    previous = char;
  }
  return output;
}

/** `trim`: removes every character of `cutset` from both ends. */
function trim(value: string, cutset: string): string {
  const cut = new Set(cutset);
  const chars = [...value];
  let start = 0;
  let end = chars.length;
  while (start < end && cut.has(chars[start])) start++;
  while (end > start && cut.has(chars[end - 1])) end--;
  return chars.slice(start, end).join('');
}

/** `substr`: `length` characters from `offset` (negative: from the end); `length` -1 means to the end. */
function substring(value: string, offset: number, length: number): string {
  if (!Number.isInteger(offset) || !Number.isInteger(length))
    throw new FunctionError('substr(): the offset and length must be whole numbers');
  const chars = characters(value);
  let start = offset < 0 ? chars.length + offset : offset;
  if (start < 0) start = 0;
  if (start >= chars.length) return '';
  const end = length < 0 ? chars.length : Math.min(start + length, chars.length);
  return chars.slice(start, end).join('');
}

/** `join`: the items of every list, written with the separator between them. */
function join(separator: string, lists: Value[]): string {
  const items = lists.flatMap((list, index) => asList(list, `join(): argument ${index + 2}`));
  return items
    .map((item, index) => {
      if (item === null) throw new FunctionError(`join(): item ${index} is null`);
      return toText(item, `join(): item ${index}`);
    })
    .join(separator);
}

/** `formatlist`: the format applied to the lists' items in step (every list the same length; other values repeat). */
function formatList(spec: string, values: Value[]): string[] {
  let length: number | undefined;
  values.forEach((value, index) => {
    if (!Array.isArray(value)) return;
    if (length !== undefined && value.length !== length)
      throw new FunctionError(
        `formatlist(): argument ${index + 2} has ${value.length} items, but an earlier list has ${length}; the lists must be the same length`,
      );
    length = value.length;
  });
  const count = length ?? 1;
  boundedCount(count, 'formatlist');
  return Array.from({ length: count }, (_, row) =>
    formatValues(
      spec,
      values.map((value) => (Array.isArray(value) ? value[row] : value)),
      'formatlist',
    ),
  );
}

/** `split`: Go's strings.Split: an empty separator splits between characters. */
function split(separator: string, value: string): string[] {
  const pieces = separator === '' ? [...value] : value.split(separator);
  boundedCount(pieces.length, 'split');
  return pieces;
}

/** `replace`: every occurrence of `search`, or of the pattern when `search` is `/.../`, replaced. */
function replace(value: string, search: string, replacement: string): string {
  if (search.length >= 2 && search.startsWith('/') && search.endsWith('/')) return replaceMatches(search.slice(1, -1), value, replacement);
  // Go's strings.ReplaceAll: an empty search matches before every character and at the end.
  if (search === '') return [...value].map((char) => replacement + char).join('') + replacement;
  return value.split(search).join(replacement);
}

/** The string functions, in the order of the docs. */
export const STRING_FUNCTIONS: FunctionDefinition[] = [
  simple(
    'chomp',
    [text('text')],
    'string',
    'The text without the newlines (`\\n`, `\\r\\n`, `\\r`) at its end.',
    '${chomp("hello\\n")} → "hello"',
    (value) => value.replace(/(?:\r\n|\r|\n)+$/, ''),
  ),
  simple(
    'endswith',
    [text('text'), text('suffix')],
    'bool',
    'Whether the text ends with the suffix.',
    '${endswith("hello world", "world")} → true',
    (value, suffix) => value.endsWith(suffix),
  ),
  define('string', {
    name: 'format',
    parameters: [text('format'), { name: 'values', types: ['any'], variadic: true, optional: true, allowNull: true }],
    result: 'string',
    description:
      'Writes the values into the format, after Go: `%v` (default), `%#v` (JSON), `%t`, `%b %d %o %x %X` (whole numbers), `%e %E %f %g %G`, `%s`, `%q` (quoted), `%%`, with flags `-+ 0#`, a width, a `.precision` and `%[n]v` argument indexes.',
    example: '${format("web-%s-%03d", "prod", 7)} → "web-prod-007"',
    run: ([spec, ...values]) => formatValues(spec as string, values),
  }),
  define('string', {
    name: 'formatlist',
    parameters: [text('format'), { name: 'values', types: ['any'], variadic: true, optional: true, allowNull: true }],
    result: 'list',
    description:
      'A list of the format (as `format`) applied to the items of the list arguments in step (the lists must be the same length; other values repeat on every item).',
    example: '${formatlist("%s-%s", ["a", "b"], ["1", "2"])} → ["a-1", "b-2"]',
    run: ([spec, ...values]) => formatList(spec as string, values),
  }),
  define('string', {
    name: 'indent',
    parameters: [parameter('spaces', 'number'), text('text')],
    result: 'string',
    description: 'The text with the given number of spaces added at the start of every line but the first.',
    example: '${indent(2, "a\\nb")} → "a\\n  b"',
    run: ([spaces, value]) => {
      if (!Number.isInteger(spaces) || (spaces as number) < 0)
        throw new FunctionError(`indent(): the number of spaces must be a whole number, 0 or more, got ${String(spaces)}`);
      return (value as string).replaceAll('\n', `\n${' '.repeat(spaces as number)}`);
    },
  }),
  define('string', {
    name: 'join',
    parameters: [text('separator'), { name: 'lists', types: ['list'], variadic: true }],
    result: 'string',
    description:
      'The items of the lists (strings, numbers or booleans, written as text) one after the other with the separator between them.',
    example: '${join(", ", ["web", "db"])} → "web, db"',
    run: ([separator, ...lists]) => join(separator as string, lists),
  }),
  simple('lower', [text('text')], 'string', 'The text in lower case.', '${lower("HELLO")} → "hello"', (value) => value.toLowerCase()),
  define('string', {
    name: 'regex',
    parameters: [text('pattern'), text('text')],
    result: 'any',
    description:
      'The first match of an RE2 regular expression in the text: the matched text, or a list of the capture groups, or a mapping of the named groups; an error when there is no match.',
    example: '${regex("[a-z]+", "123abc456")} → "abc"',
    run: ([pattern, value]) => firstMatch(pattern as string, value as string),
  }),
  define('string', {
    name: 'regexall',
    parameters: [text('pattern'), text('text')],
    result: 'list',
    description: 'Every match of an RE2 regular expression in the text, each as `regex` gives it (an empty list when none).',
    example: '${regexall("[0-9]", "a1b2")} → ["1", "2"]',
    run: ([pattern, value]) => allMatches(pattern as string, value as string, 100_000),
  }),
  simple(
    'replace',
    [text('text'), text('search'), text('replacement')],
    'string',
    'The text with every occurrence of `search` replaced; a search written `/.../` is an RE2 regular expression, and the replacement may name its groups (`$1`, `${name}`).',
    '${replace("a.b.c", ".", "-")} → "a-b-c"',
    replace,
  ),
  define('string', {
    name: 'split',
    parameters: [text('separator'), text('text')],
    result: 'list',
    description: 'The pieces of the text between the separators, as a list of strings (an empty text gives one empty string).',
    example: '${split(",", "a,b")} → ["a", "b"]',
    run: ([separator, value]) => split(separator as string, value as string),
  }),
  simple(
    'startswith',
    [text('text'), text('prefix')],
    'bool',
    'Whether the text starts with the prefix.',
    '${startswith("hello world", "hello")} → true',
    (value, prefix) => value.startsWith(prefix),
  ),
  simple(
    'strcontains',
    [text('text'), text('substring')],
    'bool',
    'Whether the text contains the substring.',
    '${strcontains("hello world", "wor")} → true',
    (value, part) => value.includes(part),
  ),
  simple('strrev', [text('text')], 'string', 'The characters of the text in reverse order.', '${strrev("hello")} → "olleh"', (value) =>
    characters(value).reverse().join(''),
  ),
  define('string', {
    name: 'substr',
    parameters: [text('text'), parameter('offset', 'number'), parameter('length', 'number')],
    result: 'string',
    description:
      'Part of the text: `length` characters from `offset` (0-based; negative counts from the end); a negative length (-1) means to the end.',
    example: '${substr("hello world", 1, 4)} → "ello"',
    run: ([value, offset, length]) => substring(value as string, offset as number, length as number),
  }),
  simple(
    'title',
    [text('text')],
    'string',
    'The text with the first letter of each word in upper case.',
    '${title("hello world")} → "Hello World"',
    title,
  ),
  simple(
    'trim',
    [text('text'), text('characters')],
    'string',
    'The text without any of the given characters at its start and end.',
    '${trim("?!hello?!", "!?")} → "hello"',
    trim,
  ),
  simple(
    'trimprefix',
    [text('text'), text('prefix')],
    'string',
    'The text without the prefix at its start (once; unchanged when absent).',
    '${trimprefix("helloworld", "hello")} → "world"',
    (value, prefix) => (value.startsWith(prefix) ? value.slice(prefix.length) : value),
  ),
  simple(
    'trimspace',
    [text('text')],
    'string',
    'The text without white space (spaces, tabs, newlines, Unicode spaces) at its start and end.',
    '${trimspace("  hello\\n")} → "hello"',
    (value) => value.replace(LEADING_SPACE, '').replace(TRAILING_SPACE, ''),
  ),
  simple(
    'trimsuffix',
    [text('text'), text('suffix')],
    'string',
    'The text without the suffix at its end (once; unchanged when absent).',
    '${trimsuffix("helloworld", "world")} → "hello"',
    (value, suffix) => (suffix !== '' && value.endsWith(suffix) ? value.slice(0, -suffix.length) : value),
  ),
  simple('upper', [text('text')], 'string', 'The text in upper case.', '${upper("hello")} → "HELLO"', (value) => value.toUpperCase()),
];
