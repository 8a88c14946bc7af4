/**
 * Encoding functions (Terraform's "Encoding Functions"): Base64, CSV (the
 * `csv-parse` package), JSON, URL query escaping and YAML (the `yaml`
 * package, written in the style Terraform's `yamlencode` writes: keys and
 * strings double-quoted, keys in lexical order, multi-line strings as
 * literal blocks, list items not indented under their key).
 */
import type { Value } from '../../core/types.js';
import { define, FunctionError, parameter, type FunctionDefinition } from './definition.js';
import { compareText } from './convert.js';
import { jsonText } from './json.js';
import { csvLibrary, yamlLibrary } from './libraries.js';

const text = (name: string) => parameter(name, 'string');
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

function base64Decode(encoded: string, name: string): Buffer {
  if (encoded.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(encoded))
    throw new FunctionError(`${name}(): the text is not valid Base64 (standard alphabet, padded with "=")`);
  return Buffer.from(encoded, 'base64');
}

function utf8(bytes: Buffer, name: string): string {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    throw new FunctionError(`${name}(): the decoded bytes are not valid UTF-8`);
  }
}

function csvDecode(source: string): Value[] {
  let rows: string[][];
  try {
    rows = csvLibrary().parse(source, { relax_column_count: false, skip_empty_lines: true }) as string[][];
  } catch (error) {
    throw new FunctionError(`csvdecode(): ${(error as Error).message}`, 'csvdecode(): the text is not valid CSV');
  }
  const [header, ...records] = rows;
  if (!header) throw new FunctionError('csvdecode(): the text has no header line (the first line names the columns)');
  return records.map((record) => Object.fromEntries(header.map((column, index) => [column, record[index]])));
}

function jsonDecode(source: string): Value {
  try {
    return JSON.parse(source) as Value;
  } catch (error) {
    throw new FunctionError(
      `jsondecode(): the text is not valid JSON: ${(error as Error).message}`,
      'jsondecode(): the text is not valid JSON',
    );
  }
}

/** The encodings `textencodebase64` knows, by their IANA names. */
const TEXT_ENCODINGS: Record<string, (value: string) => Buffer> = {
  'utf-8': (value) => Buffer.from(value, 'utf8'),
  'utf-16le': (value) => Buffer.from(value, 'utf16le'),
  'utf-16be': (value) => Buffer.from(value, 'utf16le').swap16(),
  'iso-8859-1': (value) => {
    if ([...value].some((char) => char.codePointAt(0)! > 0xff))
      throw new FunctionError('textencodebase64(): the text has characters ISO-8859-1 cannot encode');
    return Buffer.from(value, 'latin1');
  },
};

function textEncode(value: string, encoding: string): string {
  const encode = TEXT_ENCODINGS[encoding.toLowerCase()];
  if (!encode)
    throw new FunctionError(
      `textencodebase64(): unsupported encoding "${encoding}" (cloudctl knows UTF-8, UTF-16LE, UTF-16BE and ISO-8859-1)`,
      'textencodebase64(): unsupported encoding (cloudctl knows UTF-8, UTF-16LE, UTF-16BE and ISO-8859-1)',
    );
  return encode(value).toString('base64');
}

/** Go's url.QueryEscape: letters, digits and `-_.~` kept, a space as `+`, every other byte of the UTF-8 as `%XX`. */
function urlEncode(value: string): string {
  return encodeURIComponent(value)
    .replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
    .replaceAll('%20', '+');
}

function yamlDecode(source: string): Value {
  const documents = yamlLibrary().parseAllDocuments(source);
  if (!Array.isArray(documents)) return null; // an empty text: no document
  if (documents.length > 1) throw new FunctionError('yamldecode(): the text holds more than one YAML document');
  const document = documents[0];
  if (!document) return null;
  const problem = document.errors[0];
  if (problem)
    throw new FunctionError(`yamldecode(): the text is not valid YAML: ${problem.message}`, 'yamldecode(): the text is not valid YAML');
  return document.toJS({ maxAliasCount: 100 }) as Value;
}

/** Sorts every mapping's keys, as Terraform writes maps and objects. */
function sortedKeys(value: Value): Value {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort(compareText)
      .map((key) => [key, sortedKeys(value[key])]),
  );
}

function yamlEncode(value: Value): string {
  const { Document, isScalar, visit } = yamlLibrary();
  const document = new Document(sortedKeys(value));
  visit(document, {
    Pair: (_, pair) => {
      if (isScalar(pair.key)) pair.key.type = 'QUOTE_DOUBLE';
    },
    Scalar: (_, node) => {
      if (typeof node.value === 'string') node.type = node.value.includes('\n') ? 'BLOCK_LITERAL' : 'QUOTE_DOUBLE';
    },
  });
  return document.toString({ indentSeq: false, lineWidth: 0, minContentWidth: 0, nullStr: 'null' });
}

/** The encoding functions, in the order of the docs. */
export const ENCODING_FUNCTIONS: FunctionDefinition[] = [
  define('encoding', {
    name: 'base64decode',
    parameters: [text('text')],
    result: 'string',
    description: 'The text whose UTF-8 bytes the Base64 encodes (an error when they are not UTF-8).',
    example: '${base64decode("aGVsbG8=")} → "hello"',
    run: ([value]) => utf8(base64Decode(value as string, 'base64decode'), 'base64decode'),
  }),
  define('encoding', {
    name: 'base64encode',
    parameters: [text('text')],
    result: 'string',
    description: "The Base64 of the text's UTF-8 bytes.",
    example: '${base64encode("hello")} → "aGVsbG8="',
    run: ([value]) => Buffer.from(value as string, 'utf8').toString('base64'),
  }),
  define('encoding', {
    name: 'csvdecode',
    parameters: [text('text')],
    result: 'list',
    description:
      "The rows of a CSV text (RFC 4180) as a list of mappings keyed by the first line's column names; every row must have as many fields as the header.",
    example: '${csvdecode("a,b\\n1,2")} → [{ a = "1", b = "2" }]',
    run: ([value]) => csvDecode(value as string),
  }),
  define('encoding', {
    name: 'jsondecode',
    parameters: [text('text')],
    result: 'any',
    description: 'The value a JSON text holds.',
    example: '${jsondecode("{\\"a\\": [1]}")} → { a = [1] }',
    run: ([value]) => jsonDecode(value as string),
  }),
  define('encoding', {
    name: 'jsonencode',
    parameters: [{ name: 'value', types: ['any'], allowNull: true }],
    result: 'string',
    description: 'The value as minimal JSON: keys in lexical order, `<`, `>` and `&` escaped as `\\u003c`, ... as Terraform.',
    example: '${jsonencode({ a = 1, b = [true, null] })} → "{\\"a\\":1,\\"b\\":[true,null]}"',
    run: ([value]) => jsonText(value),
  }),
  define('encoding', {
    name: 'textencodebase64',
    parameters: [text('text'), text('encoding')],
    result: 'string',
    description:
      'The Base64 of the text encoded in the named character encoding (cloudctl knows UTF-8, UTF-16LE, UTF-16BE and ISO-8859-1; Terraform knows more).',
    example: '${textencodebase64("Hi", "UTF-16LE")} → "SABpAA=="',
    run: ([value, encoding]) => textEncode(value as string, encoding as string),
  }),
  define('encoding', {
    name: 'urlencode',
    parameters: [text('text')],
    result: 'string',
    description: 'The text escaped for a URL query: letters, digits and `-_.~` kept, a space as `+`, other bytes of the UTF-8 as `%XX`.',
    example: '${urlencode("a b&c")} → "a+b%26c"',
    run: ([value]) => urlEncode(value as string),
  }),
  define('encoding', {
    name: 'yamldecode',
    parameters: [text('text')],
    result: 'any',
    description: 'The value one YAML 1.2 document holds (core schema); an error for invalid YAML or several documents.',
    example: '${yamldecode("a: [1, 2]")} → { a = [1, 2] }',
    run: ([value]) => yamlDecode(value as string),
  }),
  define('encoding', {
    name: 'yamlencode',
    parameters: [{ name: 'value', types: ['any'], allowNull: true }],
    result: 'string',
    description:
      "The value as a YAML block document in Terraform's style: keys and strings double-quoted, keys in lexical order, multi-line strings as literal blocks.",
    example: '${yamlencode({ a = 1 })} → "\\"a\\": 1\\n"',
    run: ([value]) => yamlEncode(value),
  }),
];
