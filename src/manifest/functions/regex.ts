/**
 * Regular expressions for `regex`, `regexall` and `replace("/.../")`, in
 * RE2 syntax as Terraform's (Go's `regexp`): the `re2js` package, a port of
 * RE2, so no look-around or back-references, and matching time linear in
 * the text's length.
 */
import type { RE2JS } from 're2js';
import type { Value } from '../../core/types.js';
import { FunctionError } from './errors.js';
import { re2Library } from './libraries.js';

/** A compiled pattern and the shape of its result. */
interface Compiled {
  pattern: ReturnType<typeof RE2JS.compile>;
  /** Capture group names by index (1-based), `undefined` for unnamed groups. */
  names: Array<string | undefined>;
  shape: 'string' | 'list' | 'map';
}

const CACHE = new Map<string, Compiled>();

/** Compiles `source` (cached); a {@link FunctionError} for invalid RE2 syntax, or named mixed with unnamed groups. */
export function compile(source: string, name: string): Compiled {
  const cached = CACHE.get(source);
  if (cached) return cached;
  let pattern: Compiled['pattern'];
  try {
    pattern = re2Library().RE2JS.compile(source);
  } catch (error) {
    throw new FunctionError(
      `${name}(): invalid regular expression ${JSON.stringify(source)}: ${(error as Error).message}`,
      `${name}(): invalid regular expression`,
    );
  }
  const names: Array<string | undefined> = [undefined];
  for (let index = 1; index <= pattern.groupCount(); index++) names.push(undefined);
  for (const [groupName, index] of Object.entries(pattern.namedGroups() as Record<string, number>)) names[index] = groupName;
  const named = names.slice(1).filter((groupName) => groupName !== undefined).length;
  const unnamed = names.length - 1 - named;
  if (named > 0 && unnamed > 0) throw new FunctionError(`${name}(): the pattern mixes named and unnamed capture groups; use one kind`);
  const compiled: Compiled = { pattern, names, shape: named > 0 ? 'map' : unnamed > 0 ? 'list' : 'string' };
  if (CACHE.size > 256) CACHE.clear();
  CACHE.set(source, compiled);
  return compiled;
}

type Matcher = ReturnType<Compiled['pattern']['matcher']>;

/** One match as Terraform gives it: the text (no groups), a list of the groups, or a mapping of the named groups (null for a group that did not take part). */
function result(compiled: Compiled, matcher: Matcher): Value {
  if (compiled.shape === 'string') return matcher.group(0) as string;
  if (compiled.shape === 'list') return compiled.names.slice(1).map((_, index) => (matcher.group(index + 1) as string | null) ?? null);
  const entries: Record<string, Value> = {};
  compiled.names.forEach((groupName, index) => {
    if (groupName !== undefined) entries[groupName] = (matcher.group(index) as string | null) ?? null;
  });
  return entries;
}

/** `regex`: the first match of `source` in `text`; a {@link FunctionError} when there is none. */
export function firstMatch(source: string, text: string): Value {
  const compiled = compile(source, 'regex');
  const matcher = compiled.pattern.matcher(text);
  if (!matcher.find())
    throw new FunctionError(
      `regex(): the pattern ${JSON.stringify(source)} does not match ${JSON.stringify(text)}`,
      'regex(): the pattern does not match the text',
    );
  return result(compiled, matcher);
}

/** `regexall`: every match of `source` in `text`, in order (an empty list when there is none). */
export function allMatches(source: string, text: string, limit: number): Value[] {
  const compiled = compile(source, 'regexall');
  const matcher = compiled.pattern.matcher(text);
  const matches: Value[] = [];
  while (matcher.find()) {
    matches.push(result(compiled, matcher));
    if (matches.length > limit) throw new FunctionError(`regexall(): more than ${limit} matches`);
  }
  return matches;
}

/** Go's template expansion: `$1`, `${1}`, `$name`, `${name}` (longest name), `$$`; unknown groups give "". */
function expand(template: string, compiled: Compiled, matcher: Matcher): string {
  return template.replace(/\$(?:\$|\{(\w+)\}|(\w+))/g, (whole, braced?: string, bare?: string) => {
    const groupName = braced ?? bare;
    if (groupName === undefined) return '$';
    const index = /^\d+$/.test(groupName) ? Number(groupName) : compiled.names.indexOf(groupName);
    if (index < 0 || index >= compiled.names.length) return '';
    return (matcher.group(index) as string | null) ?? '';
  });
}

/** `replace` with a `/pattern/`: every match replaced by `template` expanded (see {@link expand}). */
export function replaceMatches(source: string, text: string, template: string): string {
  const compiled = compile(source, 'replace');
  const matcher = compiled.pattern.matcher(text);
  let output = '';
  let from = 0;
  while (matcher.find()) {
    output += text.slice(from, matcher.start()) + expand(template, compiled, matcher);
    from = matcher.end();
  }
  return output + text.slice(from);
}
