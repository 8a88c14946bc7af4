/**
 * The reader of a manifest's commonest string: one plain reference and
 * nothing else (`${kp_00012.keypair_id}`, `${data.os.oss[0].name}`,
 * `${var.cycle}`). It scans the text once, character by character, and
 * builds the {@link Reference} the reference grammar (expressions.ts,
 * `parseReference`) builds for the same text, without that grammar's
 * regular expressions, slices and intermediate strings: a manifest of
 * 100,000 resources holds some 270,000 such strings, 66,000 of them
 * distinct.
 *
 * It answers only for these shapes, written without blanks:
 *
 * ```
 * "${" head step* "}"
 * head     := "var." NAME | "local." NAME | "data." NAME instance? attribute? | NAME instance? attribute?
 * instance := "[" DIGITS "]" | "[*]"
 * attribute := "." NAME
 * step     := "." NAME | "[" DIGITS "]"
 * ```
 *
 * where a resource's NAME is none of `var`, `local`, `data`, `module`,
 * `count`, `each`, `workspace` (names the grammar reads in their own ways),
 * and returns `undefined` for anything else (blanks, quoted keys, a late
 * `[*]`, an operator, a call, a malformed reference), which the caller then
 * reads with the full grammar: every diagnostic still comes from there.
 * test/unit/plain-reference.test.ts compares both readers over many shapes.
 */
import type { SourceLocation } from '../../core/types.js';
import type { Reference } from '../types.js';

/** Heads this reader leaves to the grammar when they name a resource (each is read in its own way there). */
const SPECIAL_HEADS = new Set(['module', 'count', 'each', 'workspace']);

/** Whether `code` may start a NAME (`[A-Za-z_]`). */
function isNameStart(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || code === 95;
}

/** Whether `code` may continue a NAME (`[A-Za-z0-9_-]`). */
function isNamePart(code: number): boolean {
  return isNameStart(code) || (code >= 48 && code <= 57) || code === 45;
}

/** The end of the NAME starting at `from` in `text` (before `end`); `from` itself when there is none. */
function nameEnd(text: string, from: number, end: number): number {
  if (from >= end || !isNameStart(text.charCodeAt(from))) return from;
  let at = from + 1;
  while (at < end && isNamePart(text.charCodeAt(at))) at++;
  return at;
}

/** The end of `[DIGITS]` starting at `from` (`-1` when there is none). */
function indexEnd(text: string, from: number, end: number): number {
  if (text.charCodeAt(from) !== 91) return -1;
  let at = from + 1;
  while (at < end) {
    const code = text.charCodeAt(at);
    if (code < 48 || code > 57) break;
    at++;
  }
  return at > from + 1 && at < end && text.charCodeAt(at) === 93 ? at + 1 : -1;
}

/** How many paths {@link sharedPath} keeps (then it starts again). */
const MAX_SHARED_PATHS = 1024;

/** The paths read, by their text (`.keypair_id`, `.oss[0].name`, `` for none). */
const sharedPaths = new Map<string, Array<string | number>>();

/**
 * The path written `written` (its steps `path`), shared by every reference
 * that writes it: a path is never changed (references are copied, not
 * changed), and thousands of references read the same few (each VM's
 * `${kp_00012.keypair_id}` reads `.keypair_id`), each path an array and
 * strings kept for the whole run. Kept as a copy of its exact length, as
 * the grammar keeps it (pushing left room for 16 more steps).
 */
function sharedPath(path: Array<string | number>, written: string): Array<string | number> {
  const known = sharedPaths.get(written);
  if (known) return known;
  const steps = path.slice();
  if (sharedPaths.size >= MAX_SHARED_PATHS) sharedPaths.clear();
  sharedPaths.set(written, steps);
  return steps;
}

/**
 * The {@link Reference} of `text` when it is exactly `${...}` of one plain
 * reference of the shapes of this module, located at `location` (its
 * `${`); `undefined` for any other text (the caller reads it with the
 * full grammar, which gives the same reference for every text this
 * function reads).
 */
export function readPlainReference(text: string, location: SourceLocation): Reference | undefined {
  const end = text.length - 1;
  if (end < 3 || text.charCodeAt(0) !== 36 || text.charCodeAt(1) !== 123 || text.charCodeAt(end) !== 125) return undefined;
  const headEnd = nameEnd(text, 2, end);
  if (headEnd === 2) return undefined;
  const head = text.slice(2, headEnd);
  let at = headEnd;
  let root: Reference['root'];
  let name: string;
  let key: number | undefined;
  let splat = false;
  const path: Array<string | number> = [];
  if (head === 'var' || head === 'local' || head === 'data') {
    if (text.charCodeAt(at) !== 46) return undefined;
    const after = nameEnd(text, at + 1, end);
    if (after === at + 1) return undefined;
    // The root as the grammar's own constant, not a copy of the text (compared in every pass).
    root = head === 'var' ? 'var' : head === 'local' ? 'local' : 'data';
    name = text.slice(at + 1, after);
    at = after;
  } else {
    if (SPECIAL_HEADS.has(head)) return undefined;
    root = 'resource';
    name = head;
  }
  if (root === 'resource' || root === 'data') {
    // The instance: `[0]` or `[*]`.
    if (text.charCodeAt(at) === 91) {
      const index = indexEnd(text, at, end);
      if (index > 0) {
        key = Number(text.slice(at + 1, index - 1));
        at = index;
      } else if (text.charCodeAt(at + 1) === 42 && text.charCodeAt(at + 2) === 93) {
        splat = true;
        at += 3;
      } else return undefined;
    }
    // Anything after the block (or its instance) starts with its attribute.
    if (at < end && text.charCodeAt(at) !== 46) return undefined;
  }
  const pathStart = at;
  while (at < end) {
    const code = text.charCodeAt(at);
    if (code === 46) {
      const after = nameEnd(text, at + 1, end);
      if (after === at + 1) return undefined;
      path.push(text.slice(at + 1, after));
      at = after;
    } else if (code === 91) {
      const index = indexEnd(text, at, end);
      if (index < 0) return undefined;
      path.push(Number(text.slice(at + 1, index - 1)));
      at = index;
    } else return undefined;
  }
  const source = text.slice(2, end);
  const steps = sharedPath(path, pathStart === end ? '' : text.slice(pathStart, end));
  // The property order of the grammar's references (one shape for V8).
  if (key !== undefined) return { text: source, root, name, key, path: steps, location };
  if (splat) return { text: source, root, name, splat: true, path: steps, location };
  return { text: source, root, name, path: steps, location };
}
