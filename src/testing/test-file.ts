/**
 * Reading a `*.test.yaml` file (docs/testing.md): the manifest's
 * position-keeping YAML reader (src/manifest/syntax/yaml.ts), then a walk
 * that checks every key against the format and keeps where each value is
 * written, so a failed expectation or assertion is reported at
 * `file:line:col` of the test file. Unknown keys, wrong kinds and bad
 * values are diagnostics at their position (code `unknown_key`,
 * `wrong_kind`, `invalid_value`, `missing_value`); the file is then not run.
 */
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { DiagnosticError, type Diagnostic, type SourceLocation, type Value } from '../core/types.js';
import { readYaml, treeOfDocument } from '../manifest/syntax/yaml.js';
import { plainValue, type TreeMap, type TreeNode } from '../manifest/syntax/source-tree.js';

/** The commands a step runs. */
export const STEP_COMMANDS = ['plan', 'apply', 'destroy', 'refresh'] as const;
/** One of {@link STEP_COMMANDS}. */
export type StepCommand = (typeof STEP_COMMANDS)[number];

/** The fault kinds a step may inject on paths (the simulator's, src/sim/types.ts). */
export const STEP_FAULT_KINDS = ['429', '500', '503', 'reset', 'lost-response'] as const;

/** A value of the test file and where it is written. */
export interface Located<T> {
  value: T;
  location: SourceLocation;
}

/** `expect:` of a step: each count or bound as written, with its position. */
export interface StepExpectations {
  add?: Located<number>;
  change?: Located<number>;
  destroy?: Located<number>;
  replace?: Located<number>;
  import?: Located<number>;
  /** Orders the simulator took during the step (apply, destroy); for `plan`, the plan's paid orders. */
  paid_orders?: Located<number>;
  /** Bounds of the plan's monthly cost after the step (`cost.monthly_after`), in the catalogue's currency. */
  monthly_cost?: Located<{ min?: number; max?: number }>;
}

/** One `assert:` item: a `${...}` condition that must be true, and the message said when it is not. */
export interface StepAssertion {
  condition: string;
  message?: string;
  /** Where the condition's text starts (inside the quotes when quoted). */
  location: SourceLocation;
  /** Where the condition's value is written, as a range of the source (for positions inside the string). */
  offset: number;
}

/** `faults:` of a step (the simulator's fault options, for the step's duration). */
export interface StepFaults {
  /** Regular expression on `METHOD /path` (e.g. `^POST /lites$`); default every request. */
  paths?: string;
  kinds?: Array<(typeof STEP_FAULT_KINDS)[number]>;
  /** Matching requests let through before faults start. */
  skip?: number;
  /** At most this many faults. */
  times?: number;
  latency_ms?: number;
  latency_paths?: string;
  /** The run stops as after SIGKILL once this many paid calls have returned. */
  crash_after_paid_orders?: number;
  location: SourceLocation;
}

/** `drift:` of a step: one API call made outside cloudctl before the step runs. */
export interface DriftRequest {
  /** `METHOD /path`, the path relative to the API's base URL; `${...}` references to resources are filled in. */
  request: string;
  body?: Record<string, Value>;
  location: SourceLocation;
}

/** One step of `runs:`. */
export interface TestStep {
  name: string;
  command: StepCommand;
  /** Absolute path of the step's manifest (the file's unless the step names one). */
  manifest: string;
  variables: Record<string, Value>;
  expect: StepExpectations;
  /** `true`, or the diagnostic code the failure must carry. */
  expectFailure?: Located<true | string>;
  assert: StepAssertion[];
  faults?: StepFaults;
  drift: DriftRequest[];
  /** Pay every invoice the state records as open before the step runs. */
  payInvoices: boolean;
  location: SourceLocation;
}

/** A test file, read and checked. */
export interface TestFile {
  /** Absolute path. */
  path: string;
  /** The path as shown in messages (as given). */
  shown: string;
  /** The source text (positions inside condition strings are computed from it). */
  source: string;
  simulator: { seed: number; provisionSeconds: number };
  steps: TestStep[];
}

type Walk = { file: string; source: string; position: (offset: number) => { line: number; column: number }; problems: Diagnostic[] };

function at(walk: Walk, node: TreeNode | null | undefined, fallback?: SourceLocation): SourceLocation {
  const start = node?.range?.[0];
  if (start === undefined) return fallback ?? { file: walk.file, line: 1, column: 1 };
  return { file: walk.file, ...walk.position(start) };
}

function problem(
  walk: Walk,
  code: Diagnostic['code'],
  message: string,
  node: TreeNode | null | undefined,
  fallback?: SourceLocation,
): void {
  walk.problems.push({ severity: 'error', code, message, location: at(walk, node, fallback) });
}

/** The pairs of a mapping as `key → { key node, value node }`; unknown keys reported. */
function fields(
  walk: Walk,
  node: TreeNode | null,
  what: string,
  known: readonly string[],
): Map<string, { key: TreeNode; value: TreeNode | null }> {
  const out = new Map<string, { key: TreeNode; value: TreeNode | null }>();
  if (node === null || node.kind !== 'map') {
    problem(walk, 'wrong_kind', `${what} must be a mapping`, node);
    return out;
  }
  for (const pair of (node as TreeMap).items) {
    const key = pair.key;
    const name = key?.kind === 'scalar' ? String(key.value) : undefined;
    if (key === null || name === undefined) {
      problem(walk, 'invalid_key', `${what}: keys must be plain names`, key ?? node);
      continue;
    }
    if (!known.includes(name)) {
      problem(walk, 'unknown_key', `${what}: unknown key "${name}" (known: ${known.join(', ')})`, key);
      continue;
    }
    out.set(name, { key, value: pair.value });
  }
  return out;
}

function text(walk: Walk, node: TreeNode | null, what: string): string | undefined {
  if (node?.kind === 'scalar' && typeof node.value === 'string' && node.value !== '') return node.value;
  problem(walk, 'wrong_kind', `${what} must be a non-empty string`, node);
  return undefined;
}

function whole(walk: Walk, node: TreeNode | null, what: string, min = 0): number | undefined {
  if (node?.kind === 'scalar' && typeof node.value === 'number' && Number.isInteger(node.value) && node.value >= min) return node.value;
  problem(walk, 'invalid_value', `${what} must be a whole number >= ${min}`, node);
  return undefined;
}

function number(walk: Walk, node: TreeNode | null, what: string): number | undefined {
  if (node?.kind === 'scalar' && typeof node.value === 'number' && Number.isFinite(node.value) && node.value >= 0) return node.value;
  problem(walk, 'invalid_value', `${what} must be a number >= 0`, node);
  return undefined;
}

function record(walk: Walk, node: TreeNode | null, what: string): Record<string, Value> {
  if (node?.kind !== 'map') {
    problem(walk, 'wrong_kind', `${what} must be a mapping`, node);
    return {};
  }
  return { ...(plainValue(node) as Record<string, Value>) };
}

const FILE_KEYS = ['manifest', 'variables', 'simulator', 'runs'] as const;
const SIMULATOR_KEYS = ['seed', 'provision_seconds'] as const;
const STEP_KEYS = [
  'name',
  'command',
  'manifest',
  'variables',
  'expect',
  'expect_failure',
  'assert',
  'faults',
  'drift',
  'pay_invoices',
] as const;
const EXPECT_KEYS = ['add', 'change', 'destroy', 'replace', 'import', 'paid_orders', 'monthly_cost'] as const;
const FAULT_KEYS = ['paths', 'kinds', 'skip', 'times', 'latency_ms', 'latency_paths', 'crash_after_paid_orders'] as const;

/** Where a string scalar's text starts: after its opening quote when quoted. */
function textStart(walk: Walk, node: TreeNode): number {
  const start = node.range?.[0] ?? 0;
  const first = walk.source[start];
  return first === '"' || first === "'" ? start + 1 : start;
}

function expectations(walk: Walk, node: TreeNode | null): StepExpectations {
  const out: StepExpectations = {};
  for (const [name, { key, value }] of fields(walk, node, 'expect', EXPECT_KEYS)) {
    const location = at(walk, key);
    if (name === 'monthly_cost') {
      const bounds: { min?: number; max?: number } = {};
      for (const [bound, entry] of fields(walk, value, 'expect.monthly_cost', ['min', 'max'])) {
        const figure = number(walk, entry.value, `expect.monthly_cost.${bound}`);
        if (figure !== undefined) bounds[bound as 'min' | 'max'] = figure;
      }
      out.monthly_cost = { value: bounds, location };
      continue;
    }
    const count = whole(walk, value, `expect.${name}`);
    if (count !== undefined) out[name as Exclude<(typeof EXPECT_KEYS)[number], 'monthly_cost'>] = { value: count, location };
  }
  return out;
}

function assertions(walk: Walk, node: TreeNode | null): StepAssertion[] {
  if (node?.kind !== 'seq') {
    problem(walk, 'wrong_kind', 'assert must be a list of { condition, message }', node);
    return [];
  }
  const out: StepAssertion[] = [];
  for (const item of node.items) {
    const entries = fields(walk, item, 'assert item', ['condition', 'message']);
    const condition = entries.get('condition');
    if (!condition) {
      if (item?.kind === 'map') problem(walk, 'missing_value', 'assert item: condition is required', item);
      continue;
    }
    const written = condition.value?.kind === 'scalar' ? condition.value.value : undefined;
    if (typeof written !== 'string' && typeof written !== 'boolean') {
      problem(walk, 'wrong_kind', 'assert condition must be a "${...}" expression', condition.value ?? condition.key);
      continue;
    }
    const message = entries.get('message');
    const offset = textStart(walk, condition.value!);
    out.push({
      condition: String(written),
      ...(message ? { message: text(walk, message.value, 'assert message') } : {}),
      location: { file: walk.file, ...walk.position(offset) },
      offset,
    });
  }
  return out;
}

function faults(walk: Walk, node: TreeNode | null): StepFaults {
  const out: StepFaults = { location: at(walk, node) };
  for (const [name, { value }] of fields(walk, node, 'faults', FAULT_KEYS)) {
    if (name === 'paths' || name === 'latency_paths') {
      const source = text(walk, value, `faults.${name}`);
      if (source === undefined) continue;
      try {
        new RegExp(source);
        out[name] = source;
      } catch (error) {
        problem(walk, 'invalid_value', `faults.${name} is not a valid regular expression: ${(error as Error).message}`, value);
      }
    } else if (name === 'kinds') {
      if (value?.kind !== 'seq') {
        problem(walk, 'wrong_kind', `faults.kinds must be a list of ${STEP_FAULT_KINDS.join(', ')}`, value);
        continue;
      }
      out.kinds = [];
      for (const item of value.items) {
        const kind = item?.kind === 'scalar' ? String(item.value) : '';
        if ((STEP_FAULT_KINDS as readonly string[]).includes(kind)) out.kinds.push(kind as (typeof STEP_FAULT_KINDS)[number]);
        else problem(walk, 'invalid_value', `faults.kinds: unknown kind "${kind}" (known: ${STEP_FAULT_KINDS.join(', ')})`, item ?? value);
      }
    } else {
      const count = whole(walk, value, `faults.${name}`, name === 'crash_after_paid_orders' ? 1 : 0);
      if (count !== undefined) out[name as 'skip' | 'times' | 'latency_ms' | 'crash_after_paid_orders'] = count;
    }
  }
  return out;
}

function drift(walk: Walk, node: TreeNode | null): DriftRequest[] {
  if (node?.kind !== 'seq') {
    problem(walk, 'wrong_kind', 'drift must be a list of { request: "METHOD /path", body }', node);
    return [];
  }
  const out: DriftRequest[] = [];
  for (const item of node.items) {
    const entries = fields(walk, item, 'drift item', ['request', 'body']);
    const request = entries.get('request');
    if (!request) {
      if (item?.kind === 'map') problem(walk, 'missing_value', 'drift item: request is required', item);
      continue;
    }
    const written = text(walk, request.value, 'drift request');
    if (written === undefined) continue;
    if (!/^(GET|POST|PUT|PATCH|DELETE) \/\S*$/.test(written)) {
      problem(walk, 'invalid_value', `drift request must be "METHOD /path" (got "${written}")`, request.value);
      continue;
    }
    const body = entries.get('body');
    out.push({ request: written, ...(body ? { body: record(walk, body.value, 'drift body') } : {}), location: at(walk, request.value) });
  }
  return out;
}

function step(
  walk: Walk,
  node: TreeNode | null,
  index: number,
  defaults: { manifest?: string; variables: Record<string, Value> },
  folder: string,
): TestStep | undefined {
  const entries = fields(walk, node, `runs[${index}]`, STEP_KEYS);
  const location = at(walk, node);
  const name = entries.has('name') ? text(walk, entries.get('name')!.value, 'name') : undefined;
  if (!entries.has('name') && node?.kind === 'map') problem(walk, 'missing_value', `runs[${index}]: name is required`, node);
  let command: StepCommand = 'apply';
  const commandNode = entries.get('command')?.value;
  if (commandNode !== undefined) {
    const written = commandNode?.kind === 'scalar' ? String(commandNode.value) : '';
    if ((STEP_COMMANDS as readonly string[]).includes(written)) command = written as StepCommand;
    else problem(walk, 'invalid_value', `command must be one of ${STEP_COMMANDS.join(', ')} (got "${written}")`, commandNode);
  }
  const manifest = entries.has('manifest') ? text(walk, entries.get('manifest')!.value, 'manifest') : defaults.manifest;
  if (manifest === undefined && !entries.has('manifest'))
    problem(walk, 'missing_value', `runs[${index}]: no manifest (give one at the top of the file or in the step)`, node);
  let expectFailure: TestStep['expectFailure'];
  const failure = entries.get('expect_failure');
  if (failure) {
    const value = failure.value?.kind === 'scalar' ? failure.value.value : undefined;
    if (value === true) expectFailure = { value: true, location: at(walk, failure.key) };
    else if (typeof value === 'string' && /^[a-z_]+$/.test(value)) expectFailure = { value, location: at(walk, failure.key) };
    else if (value !== false)
      problem(walk, 'invalid_value', 'expect_failure must be true or a diagnostic code (such as over_budget)', failure.value);
  }
  const pay = entries.get('pay_invoices');
  const payValue = pay?.value?.kind === 'scalar' ? pay.value.value : undefined;
  if (pay && typeof payValue !== 'boolean') problem(walk, 'wrong_kind', 'pay_invoices must be true or false', pay.value);
  const faultsEntry = entries.get('faults');
  const stepFaults = faultsEntry ? faults(walk, faultsEntry.value) : undefined;
  if (stepFaults?.crash_after_paid_orders !== undefined && command !== 'apply' && command !== 'destroy')
    problem(
      walk,
      'invalid_value',
      `faults.crash_after_paid_orders needs a command that places orders (apply, destroy), not ${command}`,
      faultsEntry!.key,
    );
  if (name === undefined || manifest === undefined) return undefined;
  return {
    name,
    command,
    manifest: resolve(folder, manifest),
    variables: { ...defaults.variables, ...(entries.has('variables') ? record(walk, entries.get('variables')!.value, 'variables') : {}) },
    expect: entries.has('expect') ? expectations(walk, entries.get('expect')!.value) : {},
    ...(expectFailure ? { expectFailure } : {}),
    assert: entries.has('assert') ? assertions(walk, entries.get('assert')!.value) : [],
    ...(stepFaults ? { faults: stepFaults } : {}),
    drift: entries.has('drift') ? drift(walk, entries.get('drift')!.value) : [],
    payInvoices: payValue === true,
    location,
  };
}

/**
 * Reads and checks the test file at `path` (`shown`: how messages name it;
 * `given`: its text when already known, e.g. an editor's unsaved one, else
 * the file is read).
 * Errors: DiagnosticError with every problem at `file:line:col` (YAML
 * syntax, unknown keys, wrong kinds, bad values, a missing manifest or
 * name); an Error when the file cannot be read.
 */
export async function readTestFile(path: string, shown: string = path, given?: string): Promise<TestFile> {
  let source: string;
  try {
    source = given ?? (await readFile(path, 'utf8'));
  } catch (error) {
    throw new Error(`cannot read the test file ${shown}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  const read = readYaml(source, shown);
  if (!read.document || read.diagnostics.some((diagnostic) => diagnostic.severity === 'error'))
    throw new DiagnosticError(read.diagnostics.filter((diagnostic) => diagnostic.severity === 'error'));
  const tree = treeOfDocument(read.document);
  const walk: Walk = { file: shown, source, position: tree.linePosition, problems: [] };
  const top = fields(walk, tree.root, 'the test file', FILE_KEYS);
  const folder = dirname(resolve(path));
  const manifest = top.has('manifest') ? text(walk, top.get('manifest')!.value, 'manifest') : undefined;
  const variables = top.has('variables') ? record(walk, top.get('variables')!.value, 'variables') : {};
  const simulator = { seed: 1, provisionSeconds: 0 };
  if (top.has('simulator')) {
    for (const [name, { value }] of fields(walk, top.get('simulator')!.value, 'simulator', SIMULATOR_KEYS)) {
      if (name === 'seed') simulator.seed = whole(walk, value, 'simulator.seed') ?? 1;
      else simulator.provisionSeconds = number(walk, value, 'simulator.provision_seconds') ?? 0;
    }
  }
  const steps: TestStep[] = [];
  const runs = top.get('runs');
  if (!runs) {
    if (tree.root?.kind === 'map') problem(walk, 'missing_value', 'the test file has no runs: (a list of steps)', tree.root);
  } else if (runs.value?.kind !== 'seq' || runs.value.items.length === 0) {
    problem(walk, 'wrong_kind', 'runs must be a non-empty list of steps', runs.value ?? runs.key);
  } else {
    runs.value.items.forEach((item, index) => {
      const read = step(walk, item, index, { manifest, variables }, folder);
      if (read) steps.push(read);
    });
  }
  if (walk.problems.length > 0) throw new DiagnosticError(walk.problems);
  return { path: resolve(path), shown, source, simulator, steps };
}

/** The position of `offset` of a test file's source (for locations inside a condition string). */
export function positionIn(file: TestFile, offset: number): SourceLocation {
  let line = 1;
  let lineStart = 0;
  for (let index = file.source.indexOf('\n'); index >= 0 && index < offset; index = file.source.indexOf('\n', index + 1)) {
    line++;
    lineStart = index + 1;
  }
  return { file: file.shown, line, column: offset - lineStart + 1 };
}
