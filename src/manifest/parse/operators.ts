/**
 * The text inside `${` and `}` when it holds operators: a recursive-descent
 * parser over the tokens of expression-lexer.ts, with HCL's (Terraform's)
 * precedence, from loosest to tightest:
 *
 * ```
 * expression  := or ("?" expression ":" expression)?          right-associative
 * or          := and ("||" and)*
 * and         := equality ("&&" equality)*
 * equality    := comparison (("==" | "!=") comparison)*
 * comparison  := additive (("<" | "<=" | ">" | ">=") additive)*
 * additive    := product (("+" | "-") product)*
 * product     := unary (("*" | "/" | "%") unary)*
 * unary       := ("!" | "-") unary | postfix
 * postfix     := primary ("[" expression "]" | "." NAME)*
 * primary     := NUMBER | STRING | "true" | "false" | "null" | "(" expression ")"
 *              | STRING holding ${...}                                 a template, its parts parsed here
 *              | NAME "(" [expression ("," expression)*] ")"           a function call
 *              | "[" [expression ("," expression)* [","]] "]"         a list
 *              | "{" [key ("=" | ":") expression ([","] ...)*] "}"    a mapping
 *              | "[" "for" [NAME ","] NAME "in" expression ":" expression ["if" expression] "]"
 *              | "{" "for" [NAME ","] NAME "in" expression ":" expression "=>" expression ["if" expression] "}"
 *              | NAME                                                   a name the comprehension binds
 *              | reference                                              read by parseReference
 * ```
 *
 * Why our own grammar rather than a library: the values of `${...}` may be
 * unknown until apply (`{ $unknown }` markers, core/types.ts) and must stay
 * unknown through every operator, never guessed; every diagnostic must
 * point at the exact column of the operand inside the YAML string; and the
 * reference grammar (`web[0].id`, `data.x.y`, `var.x`, `each.value`) must
 * stay the one of parse/expressions.ts so existing manifests keep their
 * meaning. The expression libraries for JavaScript either keep no source
 * positions, evaluate eagerly with no notion of an unknown value, or (CEL,
 * the Kubernetes standard) reserve `var` as a word, so `${var.x}` could not
 * be read as it is written. A grammar of about 300 lines keeps all three.
 */
import type { Diagnostic, SourceLocation } from '../../core/types.js';
import type { BinaryOperator, Expression, Reference, TemplatePart } from '../types.js';
import { LexError, Lexer, type Token } from './expression-lexer.js';
import { callNameProblems, findOutsideQuotes } from './calls.js';

/** Parses one reference (parse/expressions.ts's parseReference). */
export type ReferenceParser = (text: string, location: SourceLocation) => { reference: Reference } | { error: string };

/** Result of {@link parseOperators}: the expression, or a syntax error with its offset in the text. */
export type OperatorParse =
  | { expression: Expression; diagnostics: Diagnostic[] }
  | {
      error: string;
      offset: number;
      /** True when the text used an operator form before the error (else the plain reference or call grammar's message is the better one). */
      operators: boolean;
    };

class ParseError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

/** A reference as written: a name and its `.name`, `[0]`, `["key"]`, `[*]` steps. */
const REFERENCE = /[A-Za-z_][A-Za-z0-9_-]*(?:\.[A-Za-z_][A-Za-z0-9_-]*|\[\s*(?:\d+|"(?:[^"\\]|\\.)*"|'[^']*'|\*)\s*\])*/y;
const LEVELS: ReadonlyArray<readonly BinaryOperator[]> = [
  ['||'],
  ['&&'],
  ['==', '!='],
  ['<', '<=', '>', '>='],
  ['+', '-'],
  ['*', '/', '%'],
];

/**
 * Parses `inner` (the text between `${` and `}`); `locate(offset)` gives
 * the location of `inner[offset]`. Names of unknown functions and wrong
 * numbers of arguments are diagnostics at the function's name; syntax
 * errors are returned with their offset.
 */
export function parseOperators(
  inner: string,
  locate: (offset: number) => SourceLocation,
  parseReference: ReferenceParser,
  bound: readonly string[] = [],
): OperatorParse {
  const lexer = new Lexer(inner);
  const diagnostics: Diagnostic[] = [];
  const scope: string[] = [...bound];
  let operators = false;

  const fail = (why: string, token: Token = lexer.peek()): never => {
    throw new ParseError(why, token.start);
  };
  const shown = (token: Token) => (token.kind === 'end' ? 'the end' : `"${token.text}"`);
  const expect = (symbol: string, what = `"${symbol}"`): Token => {
    if (!lexer.at(symbol)) fail(`expected ${what}, found ${shown(lexer.peek())}`);
    return lexer.next();
  };

  const expression = (): Expression => {
    const condition = binary(0);
    if (!lexer.at('?')) return condition;
    lexer.next();
    operators = true;
    const then = expression();
    expect(':', '":" of the conditional');
    const otherwise = expression();
    return { kind: 'conditional', condition, then, otherwise, location: condition.location };
  };

  const binary = (level: number): Expression => {
    if (level === LEVELS.length) return unary();
    let left = binary(level + 1);
    for (;;) {
      const token = lexer.peek();
      const operator = LEVELS[level].find((candidate) => token.kind === 'symbol' && token.text === candidate);
      if (!operator) return left;
      lexer.next();
      operators = true;
      const right = binary(level + 1);
      left = { kind: 'binary', operator, left, right, location: left.location, operatorLocation: locate(token.start) };
    }
  };

  const unary = (): Expression => {
    const token = lexer.peek();
    if (token.kind === 'symbol' && (token.text === '!' || token.text === '-')) {
      lexer.next();
      operators = true;
      const operand = unary();
      const location = locate(token.start);
      // `-3` is the number -3 (a literal keeps the static checks' view of its type).
      if (token.text === '-' && operand.kind === 'literal' && typeof operand.value === 'number') {
        return { kind: 'literal', value: -operand.value, location };
      }
      return { kind: 'unary', operator: token.text, operand, location };
    }
    return postfix(primary());
  };

  const postfix = (target: Expression): Expression => {
    for (;;) {
      if (lexer.at('[')) {
        lexer.next();
        const key = expression();
        expect(']');
        operators = true;
        target = { kind: 'index', target, key, location: target.location };
      } else if (lexer.at('.')) {
        lexer.next();
        const name = lexer.next();
        if (name.kind !== 'name') fail(`expected a field name after ".", found ${shown(name)}`, name);
        operators = true;
        target = {
          kind: 'index',
          target,
          key: { kind: 'literal', value: name.text, location: locate(name.start) },
          location: target.location,
        };
      } else return target;
    }
  };

  /** True when the text at the next token is `for NAME`: a comprehension. */
  const atFor = () => /^for\s+[A-Za-z_]/.test(inner.slice(lexer.peek().start));

  const primary = (): Expression => {
    const token = lexer.peek();
    const location = locate(token.start);
    if (token.kind === 'string' && typeof token.value === 'string' && token.value.includes('${')) {
      lexer.next();
      operators = true;
      return template(token.value, token.start + 1, location);
    }
    if (token.kind === 'number' || token.kind === 'string') {
      lexer.next();
      return { kind: 'literal', value: token.value!, location };
    }
    if (token.kind === 'symbol') {
      if (token.text === '(') {
        lexer.next();
        operators = true;
        const inside = expression();
        expect(')');
        operators = true;
        return inside;
      }
      if (token.text === '[') {
        lexer.next();
        operators = true;
        if (atFor()) return comprehension('list', location);
        const items: Expression[] = [];
        while (!lexer.at(']')) {
          items.push(expression());
          if (!lexer.at(',')) break;
          lexer.next();
        }
        expect(']', '"," or "]"');
        operators = true;
        return { kind: 'tuple', items, location };
      }
      if (token.text === '{') {
        lexer.next();
        operators = true;
        if (atFor()) return comprehension('map', location);
        return record(location);
      }
      return fail(`expected a value, found ${shown(token)}`);
    }
    if (token.kind === 'end') return fail('expected a value, found the end');
    const after = inner.slice(token.end);
    if (/^\s*\(/.test(after)) return call();
    if (['true', 'false', 'null'].includes(token.text) && !/^[.[]/.test(after)) {
      lexer.next();
      return { kind: 'literal', value: token.text === 'null' ? null : token.text === 'true', location };
    }
    if (scope.includes(token.text)) {
      lexer.next();
      return { kind: 'local', name: token.text, location };
    }
    REFERENCE.lastIndex = token.start;
    const text = REFERENCE.exec(inner)![0];
    const parsed = parseReference(text, location);
    if ('error' in parsed) throw new ParseError(parsed.error, token.start);
    lexer.seek(token.start + text.length);
    return { kind: 'reference', reference: parsed.reference, location };
  };

  /**
   * A string with `${...}` inside an expression (`"${name}-${i}"` in a
   * `for`): a template whose parts are parsed with the names bound here.
   * `base` is the offset of the string's first character in `inner`
   * (exact for a string without escapes before the part).
   */
  const template = (text: string, base: number, location: SourceLocation): Expression => {
    const parts: Array<string | TemplatePart> = [];
    let buffer = '';
    let index = 0;
    while (index < text.length) {
      if (text.startsWith('$${', index)) {
        buffer += '${';
        index += 3;
        continue;
      }
      if (!text.startsWith('${', index)) {
        buffer += text[index++];
        continue;
      }
      let depth = 0;
      const end = findOutsideQuotes(text, index + 2, (char) => {
        if (char === '{') depth++;
        else if (char === '}') return depth-- === 0;
        return false;
      });
      if (end < 0) throw new ParseError('unclosed "${" in a string', base + index);
      const start = base + index + 2;
      const nested = parseOperators(text.slice(index + 2, end), (offset) => locate(start + offset), parseReference, scope);
      if ('error' in nested) throw new ParseError(nested.error, start + nested.offset);
      diagnostics.push(...nested.diagnostics);
      const part = nested.expression;
      if (part.kind === 'literal' && (part.value === null || typeof part.value !== 'object')) buffer += part.value ?? '';
      else {
        if (buffer !== '') parts.push(buffer);
        buffer = '';
        parts.push(part.kind === 'reference' ? part.reference : (part as TemplatePart));
      }
      index = end + 1;
    }
    if (buffer !== '') parts.push(buffer);
    if (parts.every((part) => typeof part === 'string')) return { kind: 'literal', value: parts.join(''), location };
    return { kind: 'template', parts, location };
  };

  const call = (): Expression => {
    const name = lexer.next();
    const location = locate(name.start);
    expect('(');
    const args: Expression[] = [];
    while (!lexer.at(')')) {
      args.push(expression());
      if (!lexer.at(',')) break;
      lexer.next();
    }
    if (lexer.peek().kind === 'end') fail(`missing ")" to close ${name.text}(`);
    expect(')', '"," or ")"');
    diagnostics.push(...callNameProblems(name.text, args.length, location));
    return { kind: 'call', name: name.text, arguments: args, location };
  };

  const record = (location: SourceLocation): Expression => {
    const keys: Expression[] = [];
    const values: Expression[] = [];
    while (!lexer.at('}')) {
      const token = lexer.peek();
      const bare = token.kind === 'name' && /^\s*[=:](?![=>])/.test(inner.slice(token.end));
      if (bare) lexer.next();
      keys.push(bare ? { kind: 'literal', value: token.text, location: locate(token.start) } : expression());
      if (!lexer.at('=') && !lexer.at(':')) fail(`expected "=" or ":" after a key, found ${shown(lexer.peek())}`);
      lexer.next();
      values.push(expression());
      if (lexer.at(',')) lexer.next();
    }
    lexer.next();
    operators = true;
    return { kind: 'record', keys, values, location };
  };

  const comprehension = (result: 'list' | 'map', location: SourceLocation): Expression => {
    lexer.next(); // "for"
    const first = lexer.next();
    if (first.kind !== 'name') fail(`expected a name after "for", found ${shown(first)}`, first);
    let keyName: string | undefined;
    let valueName = first.text;
    if (lexer.at(',')) {
      lexer.next();
      const second = lexer.next();
      if (second.kind !== 'name') fail(`expected a second name after ",", found ${shown(second)}`, second);
      keyName = first.text;
      valueName = second.text;
    }
    if (!lexer.atWord('in')) fail(`expected "in" after the names of "for", found ${shown(lexer.peek())}`);
    lexer.next();
    const collection = expression();
    expect(':', '":" after the collection of "for"');
    const names = keyName ? [keyName, valueName] : [valueName];
    scope.push(...names);
    try {
      let keyResult: Expression | undefined;
      let value = expression();
      if (result === 'map') {
        expect('=>', '"=>" between the key and the value');
        keyResult = value;
        value = expression();
      }
      let condition: Expression | undefined;
      if (lexer.atWord('if')) {
        lexer.next();
        condition = expression();
      }
      expect(result === 'list' ? ']' : '}', result === 'list' ? '"if" or "]"' : '"if" or "}"');
      operators = true;
      return { kind: 'for', result, keyName, valueName, collection, keyResult, value, condition, location };
    } finally {
      scope.length -= names.length;
    }
  };

  try {
    const parsed = expression();
    if (lexer.peek().kind !== 'end') fail(`unexpected ${shown(lexer.peek())}`);
    return { expression: parsed, diagnostics };
  } catch (error) {
    if (error instanceof ParseError || error instanceof LexError) return { error: error.message, offset: error.offset, operators };
    throw error;
  }
}
