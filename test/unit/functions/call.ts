/**
 * Test helpers for the function table: `call(name, ...args)` runs a
 * function's implementation as the evaluator does (arity and argument
 * checks first), and `literal(text)` reads the small literal language of
 * the conformance cases (strings, numbers, booleans, null, `[...]`,
 * `{ k = v }`, `var.x`, nested calls) without the expression parser.
 */
import { expect } from 'chai';
import type { Value } from '../../../src/core/types.js';
import type { CallExpression } from '../../../src/manifest/types.js';
import { argumentProblem, arityProblem, FunctionError, lookupFunction, valueType } from '../../../src/manifest/functions/index.js';

const CALL = { kind: 'call' } as unknown as CallExpression;

/** The result of `name(...values)`, or throws the FunctionError (or an Error for an arity or type problem). */
export function call(name: string, ...values: Value[]): Value {
  const definition = lookupFunction(name);
  if (!definition) throw new Error(`unknown function ${name}`);
  const arity = arityProblem(definition, values.length);
  if (arity) throw new FunctionError(arity);
  values.forEach((value, index) => {
    const problem = argumentProblem(definition, index, valueType(value));
    if (problem) throw new FunctionError(problem);
  });
  return definition.implementation(values, CALL);
}

/** The message of the error `name(...values)` raises; fails the test when it does not raise one. */
export function failure(name: string, ...values: Value[]): string {
  try {
    const result = call(name, ...values);
    expect.fail(`${name}(${JSON.stringify(values).slice(1, -1)}) gave ${JSON.stringify(result)}, expected an error`);
  } catch (error) {
    if (!(error instanceof FunctionError)) throw error;
    return error.message;
  }
}

/** One test per case: `name(...args)` gives the expected value. */
export function results(cases: Array<[string, Value[], Value]>): void {
  for (const [name, args, expected] of cases) {
    it(`${name}(${JSON.stringify(args).slice(1, -1)}) → ${JSON.stringify(expected)}`, () => {
      expect(call(name, ...args)).to.deep.equal(expected);
    });
  }
}

/** One test per case: `name(...args)` fails with a message matching the pattern. */
export function errors(cases: Array<[string, Value[], RegExp]>): void {
  for (const [name, args, message] of cases) {
    it(`${name}(${JSON.stringify(args).slice(1, -1)}) fails: ${String(message)}`, () => {
      expect(failure(name, ...args)).to.match(message);
    });
  }
}

/** Reads one literal expression (see the module comment); `undefined` when it uses anything else. */
export function literal(text: string, variables: Record<string, Value>): Value | undefined {
  let index = 0;
  const space = () => {
    while (/\s/.test(text[index] ?? '')) index++;
  };
  const fail = (): never => {
    throw new SyntaxError(`not a literal at ${index}: ${text}`);
  };
  const read = (): Value => {
    space();
    const rest = text.slice(index);
    const string = /^"(?:[^"\\]|\\.)*"/.exec(rest);
    if (string) {
      if (string[0].includes('${')) fail();
      index += string[0].length;
      return JSON.parse(string[0]) as string;
    }
    const number = /^-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?/.exec(rest);
    if (number) {
      index += number[0].length;
      return Number(number[0]);
    }
    const word = /^[A-Za-z_][\w]*(?:\.[A-Za-z_]\w*)*/.exec(rest);
    if (word) {
      index += word[0].length;
      if (word[0] === 'true' || word[0] === 'false') return word[0] === 'true';
      if (word[0] === 'null') return null;
      if (word[0].startsWith('var.') && !word[0].slice(4).includes('.')) {
        const name = word[0].slice(4);
        if (!Object.hasOwn(variables, name)) fail();
        return variables[name];
      }
      space();
      if (text[index] !== '(' || word[0].includes('.')) fail();
      index++;
      const definition = lookupFunction(word[0]);
      if (!definition || definition.special) fail();
      return call(word[0], ...sequence(')'));
    }
    if (text[index] === '[') {
      index++;
      return sequence(']');
    }
    if (text[index] === '{') {
      index++;
      const entries: Record<string, Value> = {};
      space();
      while (text[index] !== '}') {
        space();
        const key = /^(?:"(?:[^"\\]|\\.)*"|[A-Za-z_]\w*)/.exec(text.slice(index)) ?? fail();
        index += key[0].length;
        space();
        if (text[index] !== '=' && text[index] !== ':') fail();
        index++;
        entries[key[0].startsWith('"') ? (JSON.parse(key[0]) as string) : key[0]] = read();
        space();
        if (text[index] === ',') index++;
        space();
      }
      index++;
      return entries;
    }
    return fail();
  };
  const sequence = (close: string): Value[] => {
    const items: Value[] = [];
    space();
    while (text[index] !== close) {
      if (index >= text.length) fail();
      items.push(read());
      space();
      if (text[index] === ',') index++;
      space();
    }
    index++;
    return items;
  };
  try {
    const value = read();
    space();
    return index === text.length ? value : undefined;
  } catch (error) {
    if (error instanceof SyntaxError) return undefined;
    throw error;
  }
}
