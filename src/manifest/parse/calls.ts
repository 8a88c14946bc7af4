/**
 * The text inside `${` and `}` when it is a function call: a small
 * recursive-descent parser that keeps the exact offset of every function
 * name and argument (for file:line:col diagnostics), and hands every
 * reference to `parseReference` (expressions.ts), so the reference grammar
 * lives in one place.
 *
 * ```
 * inner     := call | reference
 * call      := NAME "(" [argument ("," argument)*] ")"      blanks allowed between tokens
 * argument  := call | STRING | NUMBER | "true" | "false" | reference
 * STRING    := "..." (JSON escapes)
 * NUMBER    := -?digits[.digits][e[+-]digits]
 * reference := the text up to the next "," or ")" outside brackets and quotes,
 *              read by parseReference (var.x, web.id, data.x.y[0], ...)
 * ```
 */
import type { Diagnostic, SourceLocation } from '../../core/types.js';
import type { CallExpression, Expression, Reference } from '../types.js';
import { arityProblem, FUNCTIONS, lookupFunction } from '../functions/index.js';
import { didYouMean } from '../suggest.js';

const CALL_START = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*\(/;
const NUMBER = /^-?\d+(\.\d+)?([eE][+-]?\d+)?/;
const STRING = /^"(?:[^"\\]|\\.)*"/;

/**
 * The index of the first character of `text` at or after `start` for which
 * `stop` is true, skipping quoted text (`"..."` with backslash escapes, and
 * `'...'`); -1 when there is none. `stop` sees every character outside quotes, in order.
 */
export function findOutsideQuotes(text: string, start: number, stop: (char: string) => boolean): number {
  let quote: string | undefined;
  for (let index = start; index < text.length; index++) {
    const char = text[index];
    if (quote) {
      if (char === '\\' && quote === '"') index++;
      else if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'") quote = char;
    else if (stop(char)) return index;
  }
  return -1;
}

/** True when the text inside `${...}` is a function call (a name followed by `(`). */
export function isCall(inner: string): boolean {
  return CALL_START.test(inner);
}

/** Parses one reference: the text and its location; resolves the reference or an error message. */
export type ReferenceParser = (text: string, location: SourceLocation) => { reference: Reference } | { error: string };

/**
 * Parses the call in `inner` (the text between `${` and `}`). `locate(offset)`
 * gives the location of `inner[offset]`. Resolves the call expression with
 * the diagnostics of its names (unknown function with a did-you-mean, wrong
 * number of arguments, each at the function's name), or a syntax error
 * message (the caller reports it at the `${`).
 */
export function parseCall(
  inner: string,
  locate: (offset: number) => SourceLocation,
  parseReference: ReferenceParser,
): { expression: CallExpression; diagnostics: Diagnostic[] } | { error: string } {
  const shown = `"\${${inner}}"`;
  const diagnostics: Diagnostic[] = [];
  let position = 0;
  class SyntaxProblem extends Error {}
  const fail = (why: string): never => {
    throw new SyntaxProblem(`invalid function call ${shown}: ${why}`);
  };
  const skipBlanks = () => {
    while (position < inner.length && /\s/.test(inner[position])) position++;
  };
  const rest = () => inner.slice(position);

  /** The end of a reference's text: the next `,` or `)` outside brackets and quotes. */
  const referenceEnd = (): number => {
    let depth = 0;
    const end = findOutsideQuotes(inner, position, (char) => {
      if (char === '[' || char === '(') depth++;
      else if ((char === ']' || char === ')') && depth > 0) depth--;
      else return char === ',' || char === ')';
      return false;
    });
    return end < 0 ? inner.length : end;
  };

  const argument = (): Expression => {
    skipBlanks();
    const at = locate(position);
    const call = CALL_START.exec(rest());
    if (call) return callAt();
    const string = STRING.exec(rest());
    if (string) {
      position += string[0].length;
      let value: string;
      try {
        value = JSON.parse(string[0]) as string;
      } catch {
        return fail(`bad string ${string[0]}`);
      }
      return { kind: 'literal', value, location: at };
    }
    if (rest().startsWith('"')) return fail('unclosed string');
    const number = NUMBER.exec(rest());
    if (number && !/^[A-Za-z_.]/.test(inner.slice(position + number[0].length))) {
      position += number[0].length;
      return { kind: 'literal', value: Number(number[0]), location: at };
    }
    const word = /^(true|false)\b/.exec(rest());
    if (word && !/^\s*[.[]/.test(inner.slice(position + word[0].length))) {
      position += word[0].length;
      return { kind: 'literal', value: word[1] === 'true', location: at };
    }
    const end = referenceEnd();
    const text = inner.slice(position, end).trimEnd();
    if (text === '') return fail(`expected an argument at "${rest().trimEnd() || 'the end'}"`);
    const parsed = parseReference(text, at);
    if ('error' in parsed) throw new SyntaxProblem(parsed.error);
    position = end;
    return { kind: 'reference', reference: parsed.reference, location: at };
  };

  const callAt = (): CallExpression => {
    skipBlanks();
    const start = position;
    const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(rest())![0];
    position += name.length;
    skipBlanks();
    position++; // the "("
    const location = locate(start);
    const args: Expression[] = [];
    skipBlanks();
    if (inner[position] === ')') position++;
    else {
      for (;;) {
        args.push(argument());
        skipBlanks();
        if (inner[position] === ',') {
          position++;
          continue;
        }
        if (inner[position] === ')') {
          position++;
          break;
        }
        fail(position >= inner.length ? `missing ")" to close ${name}(` : `expected "," or ")" at "${rest()}"`);
      }
    }
    diagnostics.push(...callNameProblems(name, args.length, location));
    return { kind: 'call', name, arguments: args, location };
  };

  try {
    const expression = callAt();
    skipBlanks();
    if (position < inner.length) fail(`unexpected "${rest().trimEnd()}" after the call`);
    return { expression, diagnostics };
  } catch (error) {
    if (error instanceof SyntaxProblem) return { error: error.message };
    throw error;
  }
}

/**
 * The diagnostics of a call's name: an unknown function (with a
 * did-you-mean, or the list of functions) or a wrong number of arguments,
 * at `location` (where the name is written).
 */
export function callNameProblems(name: string, argumentCount: number, location: SourceLocation): Diagnostic[] {
  const definition = lookupFunction(name);
  if (!definition) {
    const names = FUNCTIONS.map((entry) => entry.name);
    return [
      {
        severity: 'error',
        code: 'unknown_function',
        message: `unknown function "${name}"${didYouMean(name, names) || `; the functions are ${names.join(', ')}`}`,
        location,
      },
    ];
  }
  // A negative count: the arguments are expanded with `...`, counted once known.
  const problem = argumentCount < 0 ? undefined : arityProblem(definition, argumentCount);
  return problem ? [{ severity: 'error', code: 'function_arity', message: problem, location }] : [];
}
