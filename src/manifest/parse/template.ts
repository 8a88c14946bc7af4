/**
 * String templates, Terraform's: the text of a manifest string, or of a
 * double-quoted string inside `${...}`, with its interpolations and
 * directives:
 *
 * ```
 * template    := (TEXT | interpolation | if | for)*
 * interpolation := "${" "~"? expression "~"? "}"
 * if          := "%{" "~"? "if" expression "~"? "}" template
 *                ("%{" "else" "}" template)? "%{" "endif" "}"
 * for         := "%{" "~"? "for" [NAME ","] NAME "in" expression "~"? "}" template "%{" "endfor" "}"
 * ```
 *
 * `$${` writes a literal `${` and `%%{` a literal `%{`; a `~` beside the
 * braces strips the blanks (newlines included) on that side of the
 * interpolation or directive. Quoted strings inside an interpolation may
 * hold interpolations themselves, to any depth (expression-lexer.ts finds
 * where each ends).
 *
 * The directives are written with the expression forms the evaluator
 * already has, so every later stage (references, rewriting, checks,
 * evaluation) sees nothing new: `%{ if C }A%{ else }B%{ endif }` is the
 * conditional `C ? "A" : "B"`, and `%{ for x in XS }BODY%{ endfor }` is
 * `join("", [for x in XS : "BODY"])`.
 */
import type { SourceLocation } from '../../core/types.js';
import type { Expression, TemplatePart } from '../types.js';
import { interpolationEnd } from './expression-lexer.js';

/** A syntax error in a template: its message and the offset (in the template's text) it is at. */
export class TemplateSyntaxError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

/** What {@link parseTemplate} needs from the expression parser. */
export interface TemplateHooks {
  /**
   * Parses the text of one interpolation or directive expression, `offset`
   * being where it starts in the template's text, with `bound` the names
   * the enclosing `%{ for }` directives bind. Throws on a syntax error.
   */
  expression(inner: string, offset: number, bound: readonly string[]): Expression;
  /** The location of the template text's character at `offset`. */
  locate(offset: number): SourceLocation;
}

type Segment =
  | { kind: 'text'; text: string; start: number }
  | { kind: 'interpolation' | 'directive'; inner: string; start: number; innerStart: number; stripBefore: boolean; stripAfter: boolean };

const HCL_ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', '"': '"', '\\': '\\' };

/** Reads the backslash escapes of a quoted string's text (`\n`, `\"`, `\\`, `\uNNNN`, `\UNNNNNNNN`). */
export function unescapeQuoted(text: string, offset: number): string {
  if (!text.includes('\\')) return text;
  let result = '';
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (char !== '\\') {
      result += char;
      continue;
    }
    const next = text[index + 1];
    if (next !== undefined && Object.hasOwn(HCL_ESCAPES, next)) {
      result += HCL_ESCAPES[next];
      index++;
      continue;
    }
    const unicode =
      next === 'u' ? /^[0-9A-Fa-f]{4}/.exec(text.slice(index + 2)) : next === 'U' ? /^[0-9A-Fa-f]{8}/.exec(text.slice(index + 2)) : null;
    if (!unicode) throw new TemplateSyntaxError(`bad escape "\\${next ?? ''}" in a string`, offset + index);
    result += String.fromCodePoint(parseInt(unicode[0], 16));
    index += 1 + unicode[0].length;
  }
  return result;
}

/** Splits a template's text into text, interpolations and directives (escapes read, strip markers applied). */
function segmentsOf(text: string, escapes: boolean): Segment[] {
  const segments: Segment[] = [];
  let buffer = '';
  let bufferStart = 0;
  const flush = (at: number) => {
    if (buffer !== '') segments.push({ kind: 'text', text: escapes ? unescapeQuoted(buffer, bufferStart) : buffer, start: bufferStart });
    buffer = '';
    bufferStart = at;
  };
  let index = 0;
  while (index < text.length) {
    const char = text[index];
    if ((char === '$' || char === '%') && text[index + 1] === char && text[index + 2] === '{') {
      buffer += `${char}{`;
      index += 3;
      continue;
    }
    if ((char === '$' || char === '%') && text[index + 1] === '{') {
      const end = interpolationEnd(text, index + 2);
      if (end < 0) throw new TemplateSyntaxError(`unclosed "${char}{"`, index);
      flush(index);
      let innerStart = index + 2;
      let innerEnd = end;
      const stripBefore = text[innerStart] === '~';
      if (stripBefore) innerStart++;
      const stripAfter = innerEnd > innerStart && text[innerEnd - 1] === '~';
      if (stripAfter) innerEnd--;
      segments.push({
        kind: char === '$' ? 'interpolation' : 'directive',
        inner: text.slice(innerStart, innerEnd),
        start: index,
        innerStart,
        stripBefore,
        stripAfter,
      });
      index = end + 1;
      bufferStart = index;
      continue;
    }
    if (escapes && char === '\\') {
      buffer += text.slice(index, index + 2);
      index += 2;
      continue;
    }
    buffer += char;
    index++;
  }
  flush(index);
  // Strip markers: the blanks beside a `~` go.
  segments.forEach((segment, position) => {
    if (segment.kind === 'text') return;
    const before = segments[position - 1];
    const after = segments[position + 1];
    if (segment.stripBefore && before?.kind === 'text') before.text = before.text.replace(/\s+$/, '');
    if (segment.stripAfter && after?.kind === 'text') after.text = after.text.replace(/^\s+/, '');
  });
  return segments;
}

/** Parts as an expression that is always a string: a literal, or a template. */
function stringOf(parts: Array<string | Expression>, location: SourceLocation): Expression {
  const joined: Array<string | TemplatePart> = [];
  for (const part of parts) {
    if (typeof part === 'string') {
      if (typeof joined[joined.length - 1] === 'string') joined[joined.length - 1] += part;
      else if (part !== '') joined.push(part);
    } else if (part.kind === 'literal' && (part.value === null || typeof part.value !== 'object')) {
      const text = part.value === null ? '' : String(part.value);
      if (typeof joined[joined.length - 1] === 'string') joined[joined.length - 1] += text;
      else if (text !== '') joined.push(text);
    } else joined.push(part.kind === 'reference' ? part.reference : (part as TemplatePart));
  }
  if (joined.every((part) => typeof part === 'string')) return { kind: 'literal', value: joined.join(''), location };
  return { kind: 'template', parts: joined, location };
}

/**
 * Parses a template (see the module comment). `escapes`: the text is a
 * quoted string's (backslash escapes are read); a manifest string's text
 * is taken as written. Resolves the parts in order: text, and the
 * expressions of interpolations and directives (a lone interpolation's
 * expression keeps its type: the caller decides). Throws
 * {@link TemplateSyntaxError} (or what `hooks.expression` throws).
 */
export function parseTemplateParts(text: string, hooks: TemplateHooks, escapes: boolean): Array<string | Expression> {
  const segments = segmentsOf(text, escapes);
  let position = 0;
  const bound: string[] = [];

  const sequence = (until: readonly string[]): { parts: Array<string | Expression>; stop?: { keyword: string; segment: Segment } } => {
    const parts: Array<string | Expression> = [];
    while (position < segments.length) {
      const segment = segments[position++];
      if (segment.kind === 'text') {
        parts.push(segment.text);
        continue;
      }
      if (segment.kind === 'interpolation') {
        parts.push(hooks.expression(segment.inner, segment.innerStart, bound));
        continue;
      }
      const words = /^(\s*)([A-Za-z]+)/.exec(segment.inner);
      const keyword = words?.[2] ?? '';
      const rest = segment.inner.slice(words?.[0].length ?? 0);
      const restStart = segment.innerStart + (words?.[0].length ?? 0);
      const location = hooks.locate(segment.start);
      if (until.includes(keyword)) {
        if (rest.trim() !== '') throw new TemplateSyntaxError(`unexpected text after "%{ ${keyword}"`, restStart);
        return { parts, stop: { keyword, segment } };
      }
      if (keyword === 'if') {
        const condition = hooks.expression(rest, restStart, bound);
        const then = sequence(['else', 'endif']);
        let otherwise: Array<string | Expression> = [];
        let stop = then.stop;
        if (stop?.keyword === 'else') {
          const second = sequence(['endif']);
          otherwise = second.parts;
          stop = second.stop;
        }
        if (!stop) throw new TemplateSyntaxError('"%{ if }" has no "%{ endif }"', segment.start);
        parts.push({
          kind: 'conditional',
          condition,
          then: stringOf(then.parts, location),
          otherwise: stringOf(otherwise, location),
          location,
        });
        continue;
      }
      if (keyword === 'for') {
        const header = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*(?:,\s*([A-Za-z_][A-Za-z0-9_]*)\s*)?in\b/.exec(rest);
        if (!header)
          throw new TemplateSyntaxError('expected "%{ for NAME in COLLECTION }" or "%{ for KEY, NAME in COLLECTION }"', restStart);
        const collection = hooks.expression(rest.slice(header[0].length), restStart + header[0].length, bound);
        const keyName = header[2] === undefined ? undefined : header[1];
        const valueName = header[2] ?? header[1];
        const names = keyName ? [keyName, valueName] : [valueName];
        bound.push(...names);
        const body = sequence(['endfor']);
        bound.length -= names.length;
        if (!body.stop) throw new TemplateSyntaxError('"%{ for }" has no "%{ endfor }"', segment.start);
        const loop: Expression = {
          kind: 'for',
          result: 'list',
          keyName,
          valueName,
          collection,
          value: stringOf(body.parts, location),
          location,
        };
        parts.push({ kind: 'call', name: 'join', arguments: [{ kind: 'literal', value: '', location }, loop], location });
        continue;
      }
      throw new TemplateSyntaxError(
        keyword === 'else' || keyword === 'endif' || keyword === 'endfor'
          ? `"%{ ${keyword} }" without its opening directive`
          : `unknown directive "%{ ${segment.inner.trim()} }": expected if, else, endif, for or endfor`,
        segment.start,
      );
    }
    return { parts };
  };
  const { parts, stop } = sequence([]);
  if (stop) throw new TemplateSyntaxError(`"%{ ${stop.keyword} }" without its opening directive`, stop.segment.start);
  return parts;
}

/** A template's parts as one expression: a lone interpolation keeps its value's type; else a string (literal or template). */
export function templateExpression(parts: Array<string | Expression>, location: SourceLocation): Expression {
  const meaningful = parts.filter((part) => part !== '');
  if (meaningful.length === 1 && typeof meaningful[0] !== 'string') return meaningful[0];
  return stringOf(parts, location);
}
