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
  const parser = new OperatorParser(inner, locate, parseReference, bound);
  try {
    const parsed = parser.expression();
    if (parser.lexer.peek().kind !== 'end') parser.fail(`unexpected ${shown(parser.lexer.peek())}`);
    return { expression: parsed, diagnostics: parser.diagnostics };
  } catch (error) {
    if (error instanceof ParseError || error instanceof LexError)
      return { error: error.message, offset: error.offset, operators: parser.operators };
    throw error;
  }
}

/** How a message names a token: the end, or its text in quotes. */
function shown(token: Token): string {
  return token.kind === 'end' ? 'the end' : `"${token.text}"`;
}

/**
 * The recursive-descent parser of one `${...}` text (the grammar of the
 * module comment): one method per rule; {@link parseOperators} runs it.
 */
class OperatorParser {
  readonly lexer: Lexer;
  readonly diagnostics: Diagnostic[] = [];
  /** The names the comprehensions around the current position bind (and the `bound` names given). */
  readonly scope: string[];
  /** True once an operator form was read (see {@link OperatorParse}). */
  operators = false;

  constructor(
    readonly inner: string,
    readonly locate: (offset: number) => SourceLocation,
    readonly parseReference: ReferenceParser,
    bound: readonly string[],
  ) {
    this.lexer = new Lexer(inner);
    this.scope = [...bound];
  }

  /** @throws ParseError `why`, at `token` (the next one by default). */
  fail(why: string, token: Token = this.lexer.peek()): never {
    throw new ParseError(why, token.start);
  }

  /** The next token, which must be `symbol` (else a ParseError saying `what` was expected). */
  expect(symbol: string, what = `"${symbol}"`): Token {
    if (!this.lexer.at(symbol)) this.fail(`expected ${what}, found ${shown(this.lexer.peek())}`);
    return this.lexer.next();
  }

  /** `expression`: a binary expression, or a conditional (right-associative). */
  expression(): Expression {
    const condition = this.binary(0);
    if (!this.lexer.at('?')) return condition;
    this.lexer.next();
    this.operators = true;
    const then = this.expression();
    this.expect(':', '":" of the conditional');
    const otherwise = this.expression();
    return { kind: 'conditional', condition, then, otherwise, location: condition.location };
  }

  /** The binary operators of precedence `level` ({@link LEVELS}) and tighter, left-associative. */
  binary(level: number): Expression {
    if (level === LEVELS.length) return this.unary();
    let left = this.binary(level + 1);
    for (;;) {
      const token = this.lexer.peek();
      const operator = LEVELS[level].find((candidate) => token.kind === 'symbol' && token.text === candidate);
      if (!operator) return left;
      this.lexer.next();
      this.operators = true;
      const right = this.binary(level + 1);
      left = { kind: 'binary', operator, left, right, location: left.location, operatorLocation: this.locate(token.start) };
    }
  }

  /** `!x`, `-x` (a negative number literal when `x` is a number), or a postfix expression. */
  unary(): Expression {
    const token = this.lexer.peek();
    if (token.kind === 'symbol' && (token.text === '!' || token.text === '-')) {
      this.lexer.next();
      this.operators = true;
      const operand = this.unary();
      const location = this.locate(token.start);
      // `-3` is the number -3 (a literal keeps the static checks' view of its type).
      if (token.text === '-' && operand.kind === 'literal' && typeof operand.value === 'number') {
        return { kind: 'literal', value: -operand.value, location };
      }
      return { kind: 'unary', operator: token.text, operand, location };
    }
    return this.postfix(this.primary());
  }

  /** A `.name` or `[key]` step after `target` (undefined when the next token starts neither). */
  step(target: Expression, attributesOnly: boolean): Expression | undefined {
    const lexer = this.lexer;
    if (lexer.at('[') && !attributesOnly && !this.splatAhead()) {
      lexer.next();
      const key = this.expression();
      this.expect(']');
      this.operators = true;
      return { kind: 'index', target, key, location: target.location };
    }
    if (lexer.at('.') && !this.attributeSplatAhead()) {
      lexer.next();
      const name = lexer.next();
      if (name.kind !== 'name' && name.kind !== 'number') this.fail(`expected a field name after ".", found ${shown(name)}`, name);
      this.operators = true;
      const key: Expression =
        name.kind === 'number'
          ? { kind: 'literal', value: Number(name.text), location: this.locate(name.start) }
          : { kind: 'literal', value: name.text, location: this.locate(name.start) };
      return { kind: 'index', target, key, attribute: true, location: target.location };
    }
    return undefined;
  }

  /** True when the next tokens are `[*]`. */
  splatAhead(): boolean {
    return /^\[\s*\*\s*\]/.test(this.inner.slice(this.lexer.peek().start));
  }

  /** True when the next tokens are `.*`. */
  attributeSplatAhead(): boolean {
    return /^\.\s*\*/.test(this.inner.slice(this.lexer.peek().start));
  }

  /** `target` followed by its steps: `[key]`, `.name`, and the splats `[*]` and `.*`. */
  postfix(target: Expression): Expression {
    const lexer = this.lexer;
    for (;;) {
      const full = this.splatAhead();
      if (full || (lexer.at('.') && this.attributeSplatAhead())) {
        // `[*]` (every following step applies to each item) or `.*` (the following `.name` steps do).
        lexer.next();
        lexer.next();
        if (full) this.expect(']');
        this.operators = true;
        let body: Expression = { kind: 'local', name: SPLAT_ITEM, location: target.location };
        for (let next = this.step(body, !full); next; next = this.step(body, !full)) body = next;
        target = { kind: 'splat', target, body, location: target.location };
        if (full) return target;
        continue;
      }
      const next = this.step(target, false);
      if (!next) return target;
      target = next;
    }
  }

  /** True when the text at the next token is `for NAME`: a comprehension. */
  atFor(): boolean {
    return /^for\s+[A-Za-z_]/.test(this.inner.slice(this.lexer.peek().start));
  }

  /** `primary`: a literal, a quoted template, a parenthesised expression, a collection, a call, a bound name or a reference. */
  primary(): Expression {
    const lexer = this.lexer;
    const token = lexer.peek();
    const location = this.locate(token.start);
    if (token.kind === 'string' && token.template !== undefined) {
      lexer.next();
      this.operators = true;
      return this.template(token.template, token.start + 1, location);
    }
    if (token.kind === 'number' || token.kind === 'string') {
      lexer.next();
      return { kind: 'literal', value: token.value!, location };
    }
    if (token.kind === 'symbol') return this.bracketed(token, location);
    if (token.kind === 'end') return this.fail('expected a value, found the end');
    const after = this.inner.slice(token.end);
    if (/^\s*\(/.test(after)) return this.call();
    if (['true', 'false', 'null'].includes(token.text) && !/^[.[]/.test(after)) {
      lexer.next();
      return { kind: 'literal', value: token.text === 'null' ? null : token.text === 'true', location };
    }
    if (this.scope.includes(token.text)) {
      lexer.next();
      return { kind: 'local', name: token.text, location };
    }
    return this.traversal(token, location);
  }

  /** A primary that starts with a symbol: `( expression )`, a list or list comprehension `[...]`, a mapping or map comprehension `{...}`. */
  bracketed(token: Token, location: SourceLocation): Expression {
    const lexer = this.lexer;
    if (token.text === '(') {
      lexer.next();
      this.operators = true;
      const inside = this.expression();
      this.expect(')');
      return inside;
    }
    if (token.text === '[') {
      lexer.next();
      this.operators = true;
      if (this.atFor()) return this.comprehension('list', location);
      const items: Expression[] = [];
      while (!lexer.at(']')) {
        items.push(this.expression());
        if (!lexer.at(',')) break;
        lexer.next();
      }
      this.expect(']', '"," or "]"');
      return { kind: 'tuple', items, location };
    }
    if (token.text === '{') {
      lexer.next();
      this.operators = true;
      if (this.atFor()) return this.comprehension('map', location);
      return this.record(location);
    }
    return this.fail(`expected a value, found ${shown(token)}`);
  }

  /**
   * A traversal from a root (`web`, `web[0].id`, `var.x`, `data.os.items`,
   * `each.value`, `local.name`): the longest run of static steps that
   * parseReference reads; the steps after it (an index by expression, a
   * splat) are read by {@link postfix}.
   */
  traversal(token: Token, location: SourceLocation): Expression {
    const inner = this.inner;
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
      const parsed = this.parseReference(inner.slice(token.start, ends[at]), location);
      if ('error' in parsed) {
        first ??= parsed.error;
        continue;
      }
      this.lexer.seek(ends[at]);
      return { kind: 'reference', reference: parsed.reference, location };
    }
    throw new ParseError(first!, token.start);
  }

  /**
   * A quoted string with `${...}` or `%{...}` inside an expression
   * (`"${name}-${i}"` in a `for`): a template (template.ts) whose
   * interpolations are parsed with the names bound here. `base` is the
   * offset of the string's first character in `inner`.
   */
  template(text: string, base: number, location: SourceLocation): Expression {
    const { locate, parseReference } = this;
    try {
      const parts = parseTemplateParts(
        text,
        {
          locate: (offset) => locate(base + offset),
          expression: (source, offset, bound) => {
            const start = base + offset;
            const nested = parseOperators(source, (at) => locate(start + at), parseReference, [...this.scope, ...bound]);
            if ('error' in nested) throw new ParseError(nested.error, start + nested.offset);
            this.diagnostics.push(...nested.diagnostics);
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
  }

  /** `NAME(arguments)`, the last argument possibly expanded (`list...`); the name and arity are checked here. */
  call(): Expression {
    const lexer = this.lexer;
    const name = lexer.next();
    const location = this.locate(name.start);
    this.expect('(');
    const args: Expression[] = [];
    let expand = false;
    while (!lexer.at(')')) {
      args.push(this.expression());
      if (lexer.at('...')) {
        lexer.next();
        expand = true;
        break;
      }
      if (!lexer.at(',')) break;
      lexer.next();
    }
    if (lexer.peek().kind === 'end') this.fail(`missing ")" to close ${name.text}(`);
    this.expect(')', expand ? '")" after "..."' : '"," or ")"');
    // With `...` the number of arguments is known only once the last one's value is.
    this.diagnostics.push(...callNameProblems(name.text, expand ? -1 : args.length, location));
    return expand
      ? { kind: 'call', name: name.text, arguments: args, expand: true, location }
      : { kind: 'call', name: name.text, arguments: args, location };
  }

  /** The entries of a mapping after its `{`: `key = value` or `key: value`, commas optional; a bare name key is a string. */
  record(location: SourceLocation): Expression {
    const lexer = this.lexer;
    const keys: Expression[] = [];
    const values: Expression[] = [];
    while (!lexer.at('}')) {
      const token = lexer.peek();
      const bare = token.kind === 'name' && /^\s*[=:](?![=>])/.test(this.inner.slice(token.end));
      if (bare) lexer.next();
      keys.push(bare ? { kind: 'literal', value: token.text, location: this.locate(token.start) } : this.expression());
      if (!lexer.at('=') && !lexer.at(':')) this.fail(`expected "=" or ":" after a key, found ${shown(lexer.peek())}`);
      lexer.next();
      values.push(this.expression());
      if (lexer.at(',')) lexer.next();
    }
    lexer.next();
    this.operators = true;
    return { kind: 'record', keys, values, location };
  }

  /** The names of a comprehension after `for`: `VALUE` or `KEY, VALUE`, then `in`. */
  forNames(): { keyName?: string; valueName: string } {
    const lexer = this.lexer;
    const first = lexer.next();
    if (first.kind !== 'name') this.fail(`expected a name after "for", found ${shown(first)}`, first);
    let names: { keyName?: string; valueName: string } = { valueName: first.text };
    if (lexer.at(',')) {
      lexer.next();
      const second = lexer.next();
      if (second.kind !== 'name') this.fail(`expected a second name after ",", found ${shown(second)}`, second);
      names = { keyName: first.text, valueName: second.text };
    }
    if (!lexer.atWord('in')) this.fail(`expected "in" after the names of "for", found ${shown(lexer.peek())}`);
    lexer.next();
    return names;
  }

  /** A comprehension after its `[` or `{`: `for NAMES in COLLECTION : RESULT [if CONDITION]`, its names bound in what follows `:`. */
  comprehension(result: 'list' | 'map', location: SourceLocation): Expression {
    const lexer = this.lexer;
    lexer.next(); // "for"
    const { keyName, valueName } = this.forNames();
    const collection = this.expression();
    this.expect(':', '":" after the collection of "for"');
    const names = keyName ? [keyName, valueName] : [valueName];
    this.scope.push(...names);
    try {
      let keyResult: Expression | undefined;
      let value = this.expression();
      let group = false;
      if (result === 'map') {
        this.expect('=>', '"=>" between the key and the value');
        keyResult = value;
        value = this.expression();
        if (lexer.at('...')) {
          lexer.next();
          group = true;
        }
      }
      let condition: Expression | undefined;
      if (lexer.atWord('if')) {
        lexer.next();
        condition = this.expression();
      }
      this.expect(result === 'list' ? ']' : '}', result === 'list' ? '"if" or "]"' : '"if" or "}"');
      this.operators = true;
      const form: Expression = { kind: 'for', result, keyName, valueName, collection, keyResult, value, condition, location };
      return group ? { ...form, group: true } : form;
    } finally {
      this.scope.length -= names.length;
    }
  }
}
