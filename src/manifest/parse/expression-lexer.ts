/**
 * The tokens of the text inside `${` and `}` when it holds operators
 * (parse/operators.ts parses them). Every token keeps its offset in that
 * text, so each diagnostic points at the exact column of the token at
 * fault. The lexer is read on demand (`peek`, `next`) and can be moved
 * (`seek`): the parser reads a reference's text itself and hands it to
 * parseReference (expressions.ts), the one reference grammar.
 */

/** One token: its kind, its text as written, its value (numbers and strings), and where it starts and ends. */
export interface Token {
  kind: 'number' | 'string' | 'name' | 'symbol' | 'end';
  text: string;
  /** The number or the string (escapes read) of a `number` or `string` token. */
  value?: number | string;
  /** A double-quoted string holding `${` or `%{`: its text between the quotes as written (a template, template.ts reads it). */
  template?: string;
  start: number;
  end: number;
}

/** A lexing error: the message and the offset it is at. */
export class LexError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

const SYMBOLS = [
  '...',
  '==',
  '!=',
  '<=',
  '>=',
  '&&',
  '||',
  '=>',
  '<',
  '>',
  '!',
  '+',
  '-',
  '*',
  '/',
  '%',
  '?',
  ':',
  '(',
  ')',
  '[',
  ']',
  '{',
  '}',
  ',',
  '.',
  '=',
];
const NAME = /[A-Za-z_][A-Za-z0-9_-]*/y;
const NUMBER = /\d+(\.\d+)?([eE][+-]?\d+)?/y;
const SINGLE_QUOTED = /'[^']*'/y;

/** Reads tokens from `text` (the inside of one `${...}`), blanks between them skipped. */
export class Lexer {
  private position = 0;
  private peeked: Token | undefined;

  constructor(readonly text: string) {}

  /** The next token without consuming it. */
  peek(): Token {
    return (this.peeked ??= this.read());
  }

  /** Consumes and returns the next token. */
  next(): Token {
    const token = this.peek();
    this.peeked = undefined;
    return token;
  }

  /** Moves to `offset` (the next token is read from there). */
  seek(offset: number): void {
    this.position = offset;
    this.peeked = undefined;
  }

  /** True when the next token is the symbol `symbol`. */
  at(symbol: string): boolean {
    const token = this.peek();
    return token.kind === 'symbol' && token.text === symbol;
  }

  /** True when the next token is the name `word`. */
  atWord(word: string): boolean {
    const token = this.peek();
    return token.kind === 'name' && token.text === word;
  }

  private read(): Token {
    const text = this.text;
    while (this.position < text.length && /\s/.test(text[this.position])) this.position++;
    const start = this.position;
    if (start >= text.length) return { kind: 'end', text: '', start, end: start };
    const match = (pattern: RegExp): string | undefined => {
      pattern.lastIndex = start;
      return pattern.exec(text)?.[0];
    };
    const token = (kind: Token['kind'], written: string, value?: number | string): Token => {
      this.position = start + written.length;
      return { kind, text: written, value, start, end: this.position };
    };
    const char = text[start];
    if (char === '"') {
      const close = stringEnd(text, start + 1);
      if (close < 0) throw new LexError('unclosed string', start);
      const quoted = text.slice(start, close + 1);
      const inside = quoted.slice(1, -1);
      if (/[$%]\{/.test(inside)) {
        this.position = close + 1;
        return { kind: 'string', text: quoted, template: inside, start, end: this.position };
      }
      try {
        return token('string', quoted, JSON.parse(quoted) as string);
      } catch {
        throw new LexError(`bad string ${quoted}`, start);
      }
    }
    if (char === "'") {
      const quoted = match(SINGLE_QUOTED);
      if (!quoted) throw new LexError('unclosed string', start);
      return token('string', quoted, quoted.slice(1, -1));
    }
    if (/\d/.test(char)) {
      const number = match(NUMBER)!;
      return token('number', number, Number(number));
    }
    const name = match(NAME);
    if (name) return token('name', name);
    const symbol = SYMBOLS.find((candidate) => text.startsWith(candidate, start));
    if (symbol) return token('symbol', symbol);
    throw new LexError(`unexpected "${char}"`, start);
  }
}

/**
 * The index of the `"` closing a double-quoted string whose text starts at
 * `start` (just after the opening quote), reading `\\` escapes and
 * `${...}` / `%{...}` inside it to any depth (so quotes inside an
 * interpolation do not close the string); -1 when it is not closed.
 */
export function stringEnd(text: string, start: number): number {
  for (let index = start; index < text.length; index++) {
    const char = text[index];
    if (char === '\\') index++;
    else if (char === '"') return index;
    else if ((char === '$' || char === '%') && text[index + 1] === '{') {
      if (text[index - 1] === char) {
        index++; // `$${` and `%%{`: escapes, not interpolations
        continue;
      }
      const end = interpolationEnd(text, index + 2);
      if (end < 0) return -1;
      index = end;
    }
  }
  return -1;
}

/**
 * The index of the `}` closing a `${` or `%{` whose inner text starts at
 * `start`: braces inside it are paired, and quoted strings inside it (with
 * their own interpolations, to any depth) skipped; -1 when there is none.
 */
export function interpolationEnd(text: string, start: number): number {
  let depth = 0;
  for (let index = start; index < text.length; index++) {
    const char = text[index];
    if (char === '"') {
      const end = stringEnd(text, index + 1);
      if (end < 0) return -1;
      index = end;
    } else if (char === "'") {
      const end = text.indexOf("'", index + 1);
      if (end < 0) return -1;
      index = end;
    } else if (char === '{') depth++;
    else if (char === '}') {
      if (depth === 0) return index;
      depth--;
    }
  }
  return -1;
}
