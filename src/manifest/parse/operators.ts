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
import { callNameProblems } from './calls.js';
import { parseTemplateParts, templateExpression, TemplateSyntaxError } from './template.js';

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

/** The head of a traversal: a name. */
const HEAD = /[A-Za-z_][A-Za-z0-9_-]*/y;
/** One static step of a traversal as written: `.name`, `[0]`, `["key"]`, `[*]`. */
const STEP = /\.[A-Za-z_][A-Za-z0-9_-]*|\[\s*(?:\d+|"(?:[^"\\]|\\.)*"|'[^']*'|\*)\s*\]/y;
/** The name a splat binds to each item (`list[*].name` is the items' `name`); no manifest can write it. */
export const SPLAT_ITEM = '*';
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

  /** A `.name` or `[key]` step after `target` (undefined when the next token starts neither). */
  const step = (target: Expression, attributesOnly: boolean): Expression | undefined => {
    if (lexer.at('[') && !attributesOnly && !splatAhead()) {
      lexer.next();
      const key = expression();
      expect(']');
      operators = true;
      return { kind: 'index', target, key, location: target.location };
    }
    if (lexer.at('.') && !/^\.\s*\*/.test(inner.slice(lexer.peek().start))) {
      lexer.next();
      const name = lexer.next();
      if (name.kind !== 'name' && name.kind !== 'number') fail(`expected a field name after ".", found ${shown(name)}`, name);
      operators = true;
      const key: Expression =
        name.kind === 'number'
          ? { kind: 'literal', value: Number(name.text), location: locate(name.start) }
          : { kind: 'literal', value: name.text, location: locate(name.start) };
      return { kind: 'index', target, key, attribute: true, location: target.location };
    }
    return undefined;
  };
  /** True when the next tokens are `[*]`. */
  const splatAhead = () => /^\[\s*\*\s*\]/.test(inner.slice(lexer.peek().start));

  const postfix = (target: Expression): Expression => {
    for (;;) {
      const full = splatAhead();
      if (full || (lexer.at('.') && /^\.\s*\*/.test(inner.slice(lexer.peek().start)))) {
        // `[*]` (every following step applies to each item) or `.*` (the following `.name` steps do).
        lexer.next();
        lexer.next();
        if (full) expect(']');
        operators = true;
        let body: Expression = { kind: 'local', name: SPLAT_ITEM, location: target.location };
        for (let next = step(body, !full); next; next = step(body, !full)) body = next;
        target = { kind: 'splat', target, body, location: target.location };
        if (full) return target;
        continue;
      }
      const next = step(target, false);
      if (!next) return target;
      target = next;
    }
  };

  /** True when the text at the next token is `for NAME`: a comprehension. */
  const atFor = () => /^for\s+[A-Za-z_]/.test(inner.slice(lexer.peek().start));

  const primary = (): Expression => {
    const token = lexer.peek();
    const location = locate(token.start);
    if (token.kind === 'string' && token.template !== undefined) {
      lexer.next();
      operators = true;
      return template(token.template, token.start + 1, location);
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
    return traversal(token, location);
  };

  /**
   * A traversal from a root (`web`, `web[0].id`, `var.x`, `data.os.items`,
   * `each.value`, `local.name`): the longest run of static steps that
   * parseReference reads; the steps after it (an index by expression, a
   * splat) are read by {@link postfix}.
   */
  const traversal = (token: Token, location: SourceLocation): Expression => {
    HEAD.lastIndex = token.start;
    HEAD.exec(inner);
    const ends = [HEAD.lastIndex];
    for (;;) {
      STEP.lastIndex = ends[ends.length - 1];
      if (!STEP.exec(inner)) break;
      ends.push(STEP.lastIndex);
    }
    let first: string | undefined;
    for (let at = ends.length - 1; at >= 0; at--) {
      const parsed = parseReference(inner.slice(token.start, ends[at]), location);
      if ('error' in parsed) {
        first ??= parsed.error;
        continue;
      }
      lexer.seek(ends[at]);
      return { kind: 'reference', reference: parsed.reference, location };
    }
    throw new ParseError(first!, token.start);
  };

  /**
   * A quoted string with `${...}` or `%{...}` inside an expression
   * (`"${name}-${i}"` in a `for`): a template (template.ts) whose
   * interpolations are parsed with the names bound here. `base` is the
   * offset of the string's first character in `inner`.
   */
  const template = (text: string, base: number, location: SourceLocation): Expression => {
    try {
      const parts = parseTemplateParts(
        text,
        {
          locate: (offset) => locate(base + offset),
          expression: (source, offset, bound) => {
            const start = base + offset;
            const nested = parseOperators(source, (at) => locate(start + at), parseReference, [...scope, ...bound]);
            if ('error' in nested) throw new ParseError(nested.error, start + nested.offset);
            diagnostics.push(...nested.diagnostics);
            return nested.expression;
          },
        },
        true,
      );
      const only = templateExpression(parts, location);
      // A quoted string is a string even when it is one interpolation.
      if (only.kind === 'literal' || only.kind === 'template') return only;
      return { kind: 'template', parts: ['', only.kind === 'reference' ? only.reference : (only as TemplatePart)], location };
    } catch (error) {
      if (error instanceof TemplateSyntaxError) throw new ParseError(error.message, base + error.offset);
      throw error;
    }
  };

  const call = (): Expression => {
    const name = lexer.next();
    const location = locate(name.start);
    expect('(');
    const args: Expression[] = [];
    let expand = false;
    while (!lexer.at(')')) {
      args.push(expression());
      if (lexer.at('...')) {
        lexer.next();
        expand = true;
        break;
      }
      if (!lexer.at(',')) break;
      lexer.next();
    }
    if (lexer.peek().kind === 'end') fail(`missing ")" to close ${name.text}(`);
    expect(')', expand ? '")" after "..."' : '"," or ")"');
    // With `...` the number of arguments is known only once the last one's value is.
    if (!expand) diagnostics.push(...callNameProblems(name.text, args.length, location));
    else diagnostics.push(...callNameProblems(name.text, -1, location));
    return expand
      ? { kind: 'call', name: name.text, arguments: args, expand: true, location }
      : { kind: 'call', name: name.text, arguments: args, location };
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
      let group = false;
      if (result === 'map') {
        expect('=>', '"=>" between the key and the value');
        keyResult = value;
        value = expression();
        if (lexer.at('...')) {
          lexer.next();
          group = true;
        }
      }
      let condition: Expression | undefined;
      if (lexer.atWord('if')) {
        lexer.next();
        condition = expression();
      }
      expect(result === 'list' ? ']' : '}', result === 'list' ? '"if" or "]"' : '"if" or "}"');
      operators = true;
      const form: Expression = { kind: 'for', result, keyName, valueName, collection, keyResult, value, condition, location };
      return group ? { ...form, group: true } : form;
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
