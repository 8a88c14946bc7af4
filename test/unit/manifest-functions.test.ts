/**
 * Functions inside `${...}` (issue 12): every function of the table with
 * its results, arity and argument types; unknown functions with a
 * did-you-mean; positions at the function's name; unknown and sensitive
 * arguments; references inside arguments; `file()` read at load time.
 */
import { expect } from 'chai';
import { writeFile } from 'node:fs/promises';
import { tempFolder } from '../temp-folders.js';
import { join } from 'node:path';
import { formatDiagnostic, unknown, type Diagnostic, type PlannedValue, type SourceLocation } from '../../src/core/types.js';
import { type Reference } from '../../src/manifest/types.js';
import { parseStringExpression, referencesOf } from '../../src/manifest/parse/expressions.js';
import { evaluate } from '../../src/manifest/evaluate/expressions.js';
import { FUNCTIONS, signature } from '../../src/manifest/functions/index.js';
import { loadManifestFromSource } from '../../src/manifest/index.js';
import { parseManifest } from '../../src/manifest/parse/manifest.js';
import { loadErrors } from '../fixtures/load-errors.js';
import { buildDependencyGraph, dependenciesOf, topologicalOrder } from '../../src/manifest/graph.js';

const at: SourceLocation = { file: 'm.yaml', line: 1, column: 1 };
/** Offsets of the text are columns of line 1. */
const locate = (offset: number): SourceLocation => ({ file: 'm.yaml', line: 1, column: offset + 1 });

const variables: Record<string, PlannedValue> = {
  names: ['web', 'db'],
  sizes: { prod: 4, dev: 1 },
  numbers: [5, 2, 9],
  env: 'Prod',
  n: 3,
  secret: 'hunter2-Secret',
  later: unknown('web.ip_address'),
};

/** Parses and evaluates `text`; `var.secret` is sensitive. */
function run(text: string): { value: PlannedValue; sensitive: boolean; errors: string[] } {
  const parsed = parseStringExpression(text, at, locate);
  const evaluation = evaluate(parsed.expression, (reference: Reference) =>
    reference.root === 'var' && Object.hasOwn(variables, reference.name)
      ? { value: variables[reference.name], sensitive: reference.name === 'secret' }
      : undefined,
  );
  const errors = [...parsed.diagnostics, ...evaluation.diagnostics].map((diagnostic: Diagnostic) => formatDiagnostic(diagnostic));
  return { value: evaluation.value, sensitive: evaluation.sensitive, errors };
}

describe('manifest functions', () => {
  const results: Array<[string, PlannedValue]> = [
    ['${join(", ", var.names)}', 'web, db'],
    ['${join("-", [])}', ''],
    ['${split(",", "a,b,,c")}', ['a', 'b', '', 'c']],
    ['${format("%s-%d-%%", var.env, var.n)}', 'Prod-3-%'],
    ['${format("plain")}', 'plain'],
    ['${lower(var.env)}', 'prod'],
    ['${upper("web")}', 'WEB'],
    ['${replace("a.b.c", ".", "-")}', 'a-b-c'],
    ['${length("héllo")}', 5],
    ['${length(var.names)}', 2],
    ['${length(var.sizes)}', 2],
    ['${lookup(var.sizes, "prod", 1)}', 4],
    ['${lookup(var.sizes, "test", 1)}', 1],
    ['${concat(var.names, split(",", "x,y"))}', ['web', 'db', 'x', 'y']],
    ['${min(5, 2, 9)}', 2],
    ['${max(4, 9, 1.5)}', 9],
    ['${lower(length(var.names))}', '2'],
    ['${split("", "abc")}', ['a', 'b', 'c']],
    ['${replace("abc", "", "x")}', 'xaxbxcx'],
    ['${join("-", [1, true])}', '1-true'],
    ['${max(-1, -7)}', -1],
    ['name-${lower(format("%s%d", var.env, 2))}', 'name-prod2'],
    ['${upper( lower ( "MiXeD" ) )}', 'MIXED'],
    ['${join("", [ ])}', ''],
    ['${join("-", ["a", var.env])}', 'a-Prod'],
    ['${format("%s", true)}', 'true'],
  ];
  for (const [text, expected] of results) {
    it(`${text} → ${JSON.stringify(expected)}`, () => {
      const result = run(text);
      if (typeof expected === 'string' && expected.startsWith('${')) {
        // A syntax error inside `${...}`.
        expect(result.errors.join('\n')).to.match(/invalid reference|invalid function call/);
        return;
      }
      expect(result.errors).to.deep.equal([]);
      expect(result.value).to.deep.equal(expected);
      expect(result.sensitive).to.equal(false);
    });
  }

  const errors: Array<[string, string]> = [
    ['${jion(", ", var.names)}', 'm.yaml:1:3: unknown function "jion"; did you mean "join"?'],
    ['${frobnicate(1)}', 'm.yaml:1:3: unknown function "frobnicate"; the functions are'],
    ['x ${upper("a", "b")}', 'm.yaml:1:5: upper() takes 1 argument (upper(text)), got 2'],
    ['${lookup(var.sizes)}', 'm.yaml:1:3: lookup() takes 2 to 3 arguments (lookup(map, key, [default])), got 1'],
    ['${concat()}', 'm.yaml:1:3: concat() takes at least 1 argument (concat(lists...)), got 0'],
    ['${join(", ", "web")}', 'm.yaml:1:3: join(): argument 2 (lists) expects a list, got a string'],
    ['${lower(var.names)}', 'm.yaml:1:3: lower(): argument 1 (text) expects a string, got a list'],
    ['${upper(lower(var.sizes))}', 'm.yaml:1:9: lower(): argument 1 (text) expects a string, got a mapping'],
    ['${length(var.n)}', 'm.yaml:1:3: length(): argument 1 (value) expects a string or a list or a mapping, got a number'],
    ['${format("%d", var.env)}', 'm.yaml:1:3: format(): "%d": cannot convert "Prod" to a number'],
    ['${format("%s %s", var.env)}', 'm.yaml:1:3: format(): "%s" needs value 2 but 1 is given'],
    ['${format("%s", 1, 2)}', 'm.yaml:1:3: format(): 2 values given but the format uses 1'],
    ['${format("%y", 1)}', 'm.yaml:1:3: format(): unsupported verb "%y"'],
    ['${lookup(var.sizes, "test")}', 'm.yaml:1:3: lookup(): no key "test" in the mapping (keys: prod, dev), and no default'],
    ['${min(var.names)}', 'm.yaml:1:3: min(): argument 1 (numbers) expects a number, got a list'],
    ['${join(",", var.sizes)}', 'm.yaml:1:3: join(): argument 2 (lists) expects a list, got a mapping'],
    ['${join(" ", split(",", var.names))}', 'm.yaml:1:13: split(): argument 2 (text) expects a string, got a list'],
    ['${upper("a" "b")}', 'm.yaml:1:1: invalid function call "${upper("a" "b")}": expected "," or ")"'],
    ['${upper("a"}', 'm.yaml:1:1: invalid function call "${upper("a"}": missing ")" to close upper('],
    ['${upper(var.)}', 'm.yaml:1:1: invalid reference "${var.}": expected a variable name'],
    ['${upper("a") x}', 'm.yaml:1:1: invalid function call "${upper("a") x}": unexpected "x" after the call'],
    ['${upper(var.nope)}', 'm.yaml:1:9: cannot resolve "${var.nope}"'],
    ['${join(var.names)}', 'm.yaml:1:3: join() takes at least 2 arguments (join(separator, lists...)), got 1'],
    ['${lower("a\\u00")}', 'm.yaml:1:1: invalid function call'],
  ];
  for (const [text, message] of errors) {
    it(`${text}: ${message}`, () => {
      expect(run(text).errors.join('\n')).to.include(message);
    });
  }

  it('documents every function with a signature, a description and an example', () => {
    const names = FUNCTIONS.map((definition) => definition.name);
    expect(names).to.include.members([
      'file',
      'join',
      'split',
      'format',
      'lower',
      'upper',
      'replace',
      'length',
      'lookup',
      'concat',
      'min',
      'max',
    ]);
    expect(new Set(names).size).to.equal(names.length);
    for (const definition of FUNCTIONS) {
      expect(signature(definition)).to.match(new RegExp(`^${definition.name}\\(`));
      expect(definition.description).to.not.equal('');
      expect(definition.example).to.include(`\${${definition.name}(`);
    }
  });

  it('is unknown while an argument is unknown, and sensitive with a sensitive argument', () => {
    expect(run('${upper(var.later)}').value).to.deep.equal(unknown('web.ip_address'));
    expect(run('name-${lower(var.later)}').value).to.deep.equal(unknown('web.ip_address'));
    const secret = run('${upper(var.secret)}');
    expect(secret.value).to.equal('HUNTER2-SECRET');
    expect(secret.sensitive).to.equal(true);
    expect(run('x-${length(var.secret)}').sensitive).to.equal(true);
  });

  it('never shows a sensitive argument in its errors', () => {
    const failed = run('${lookup(var.sizes, var.secret)}');
    expect(failed.errors).to.deep.equal(['m.yaml:1:3: lookup(): the key is not in the mapping, and no default is given']);
    expect(run('${format(var.secret)}').errors.join('\n')).to.not.include('hunter2');
  });

  it('shows every reference of its arguments to the dependency graph', () => {
    const { expression } = parseStringExpression('${join(",", concat(data.os.list, web.tags))}-${lower(var.env)}', at, locate);
    expect(referencesOf(expression).map((reference) => `${reference.text}@${reference.location.column}`)).to.deep.equal([
      'data.os.list@20',
      'web.tags@34',
      'var.env@54',
    ]);
  });

  it('orders resources by the references inside function arguments', () => {
    const { manifest } = parseManifest(
      [
        'resources:',
        '  web: { type: lite_vm, properties: { vm_name: \'${lower(format("%s-web", key.name))}\' } }',
        '  key: { type: lite_keypair, properties: { name: deploy } }',
      ].join('\n'),
      'm.yaml',
    );
    expect(dependenciesOf(manifest.resources.web).map((dependency) => dependency.address)).to.deep.equal(['key']);
    expect(topologicalOrder(buildDependencyGraph(manifest))).to.deep.equal(['key', 'web']);
  });

  it('keeps the type of a lone call, and points at the function name in the manifest', () => {
    const source = [
      'variables:',
      '  names: { type: list, default: [a, b] }',
      'outputs:',
      '  count: ${length(var.names)}',
      '  text: "n=${length(var.names)}"',
      '  bad: \'x ${join(", ", lenght(var.names))}\'',
      '  late: ${upper(web.ip)}',
    ].join('\n');
    const parsed = parseManifest(source, 'm.yaml');
    expect(parsed.diagnostics.map(formatDiagnostic)).to.deep.equal(['m.yaml:6:24: unknown function "lenght"; did you mean "length"?']);
    expect(parsed.manifest.outputs.count.value.kind).to.equal('call');
    expect(parsed.manifest.outputs.text.value.kind).to.equal('template');
  });

  it('checks the result of a call of literals against the attribute when the manifest loads', () => {
    const source = [
      'resources:',
      '  web:',
      '    type: cloud_lite_vm',
      '    properties:',
      '      product_id: ${max(1547, 12)}',
      '      select_os: ubuntu-22.04',
      '      keypair_id: 1',
      '      ssh_and_console_user: deployer',
      '      console_password: Secret12345678',
      '      cycle: m',
      `      vm_name: '\${format("%s_%s", "web", "01")}'`,
    ].join('\n');
    expect(loadErrors(source, 'm.yaml', { env: {} })).to.deep.equal([
      'm.yaml:11:7: resources.web.vm_name: must contain only letters, digits, hyphens and periods, got "web_01"',
    ]);
  });

  describe('file()', () => {
    let folder: string;
    before(async () => {
      folder = await tempFolder('cloudctl-file-');
      await writeFile(join(folder, 'deploy.pub'), 'ssh-ed25519 AAAAC3Nza deploy\n');
      await writeFile(join(folder, 'big.pub'), 'x'.repeat(70_000));
    });
    const manifest = (outputs: string[], extra: string[] = []) =>
      ['variables:', '  key: { default: deploy.pub }', ...extra, 'outputs:', ...outputs].join('\n');
    const load = (outputs: string[]) => loadManifestFromSource(manifest(outputs), 'm.yaml', { cwd: folder, env: {} });
    const errorsOf = (outputs: string[], extra: string[] = []) => loadErrors(manifest(outputs, extra), 'm.yaml', { cwd: folder, env: {} });

    it('reads the file relative to the manifest when the manifest loads', () => {
      const loaded = load(['  key: ${file("deploy.pub")}', '  again: ${file(var.key)}']);
      const call = loaded.manifest.outputs.key.value;
      expect(call.kind === 'call' ? call.fileText : call.kind).to.equal('ssh-ed25519 AAAAC3Nza deploy\n');
      const again = loaded.manifest.outputs.again.value;
      expect(evaluate(again, () => ({ value: 'deploy.pub' })).value).to.equal('ssh-ed25519 AAAAC3Nza deploy\n');
    });

    it('reports a missing, too large or late-known file at the call', () => {
      expect(
        errorsOf(['  a: ${file("missing.pub")}', '  b: ${file("big.pub")}', '  c: ${file(web.path)}', '  d: ${file(1)}']),
      ).to.deep.equal([
        `m.yaml:4:8: file("missing.pub"): no such file (paths are relative to the manifest's folder)`,
        'm.yaml:5:8: file("big.pub"): the file has 70000 bytes, more than the 65536 file() reads',
        'm.yaml:6:8: file(): the path must be known when the manifest is loaded (a string or variables), but it uses ${web.path}',
        'm.yaml:6:13: unknown reference "${web.path}": no resource "web" is declared',
        'm.yaml:7:8: file(): argument 1 (path) expects a string, got a number',
      ]);
    });

    it('refuses a path with a trailing slash, which path resolution would drop, and a folder', () => {
      expect(errorsOf(['  a: ${file("deploy.pub/")}', '  b: ${file(".")}'])).to.deep.equal([
        'm.yaml:4:8: file("deploy.pub/"): not a file (the path ends with "/")',
        'm.yaml:5:8: file("."): not a file',
      ]);
    });

    it('never shows a path taken from a sensitive variable', () => {
      const errors = errorsOf(['  a: ${file(var.hidden)}'], ['  hidden: { default: Sup3rHidden.pub, sensitive: true }']);
      expect(errors).to.deep.equal([`m.yaml:5:8: file(): no such file (paths are relative to the manifest's folder)`]);
    });
  });
});
