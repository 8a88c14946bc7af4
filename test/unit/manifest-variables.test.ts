/**
 * Variables (issue 12): the precedence of `--var`, var files,
 * `CLOUDCTL_VAR_<name>`, `env:` and `default:` (and a saved plan's values);
 * `type` (text converted, YAML values checked); `validation` (pattern,
 * allowed values, message) reported at the value's source; a sensitive
 * value never shown in a message.
 */
import { expect } from 'chai';
import { writeFile } from 'node:fs/promises';
import { tempFolder } from '../temp-folders.js';
import { join } from 'node:path';
import { formatDiagnostic, type Value } from '../../src/core/types.js';
import { loadManifestFromSource } from '../../src/manifest/index.js';
import { parseManifest } from '../../src/manifest/parse/manifest.js';
import { coerceText, resolveVariables, type VariableInputs } from '../../src/manifest/expand/variables.js';
import { readVariableFile } from '../../src/manifest/expand/var-files.js';
import { loadErrors } from '../fixtures/load-errors.js';

const at = (line: number, column: number) => ({ file: 'vars.yaml', line, column });

/** Resolves the variables of `declarations` (lines under `variables:`). */
function resolve(declarations: string[], env: Record<string, string> = {}, inputs: VariableInputs = {}) {
  const parsed = parseManifest(['variables:', ...declarations].join('\n'), 'm.yaml');
  expect(parsed.diagnostics.map(formatDiagnostic)).to.deep.equal([]);
  const result = resolveVariables(parsed.manifest, env, inputs);
  return { values: { ...result.values }, errors: result.diagnostics.map(formatDiagnostic) };
}

describe('manifest variables', () => {
  describe('precedence: saved plan, --var, var files, CLOUDCTL_VAR_, env, default', () => {
    const declaration = ['  region: { env: REGION, default: from-default }'];
    const file = (value: string) => ({ region: { value, location: at(1, 9) } });
    const cases: Array<[string, Record<string, string>, VariableInputs, string]> = [
      ['default', {}, {}, 'from-default'],
      ['env:', { REGION: 'from-env' }, {}, 'from-env'],
      ['CLOUDCTL_VAR_ over env:', { REGION: 'from-env', CLOUDCTL_VAR_region: 'from-prefixed' }, {}, 'from-prefixed'],
      ['a var file over CLOUDCTL_VAR_', { CLOUDCTL_VAR_region: 'from-prefixed' }, { files: [file('from-file')] }, 'from-file'],
      ['a later var file', {}, { files: [file('first'), file('second')] }, 'second'],
      ['--var over var files', {}, { files: [file('from-file')], assignments: ['region=from-flag'] }, 'from-flag'],
      ['the last --var', {}, { assignments: ['region=one', 'region=two=2'] }, 'two=2'],
      ['a saved plan over all', { REGION: 'x' }, { saved: { region: 'planned' }, files: [file('planned')] }, 'planned'],
    ];
    for (const [name, env, inputs, expected] of cases) {
      it(name, () => {
        const result = resolve(declaration, env, inputs);
        expect(result.errors).to.deep.equal([]);
        expect(result.values.region).to.equal(expected);
      });
    }
  });

  describe('types', () => {
    const converted: Array<[string, string, Value]> = [
      ['number', ' 42 ', 42],
      ['number', '-1.5', -1.5],
      ['bool', 'TRUE', true],
      ['bool', 'false', false],
      ['list', '["a", 1]', ['a', 1]],
      ['list', '[a, b]', ['a', 'b']],
      ['map', '{"eu": 2}', { eu: 2 }],
      ['map', '{eu: 2, us: [x]}', { eu: 2, us: ['x'] }],
      ['string', '[not a list]', '[not a list]'],
    ];
    for (const [type, text, value] of converted) {
      it(`${type} from ${JSON.stringify(text)}`, () => {
        expect(coerceText(text, type as 'string')).to.deep.equal(value);
        expect(resolve([`  v: { type: ${type} }`], {}, { assignments: [`v=${text}`] }).values.v).to.deep.equal(value);
      });
    }
    const refused: Array<[string, string]> = [
      ['number', 'three'],
      ['number', ''],
      ['bool', 'yes'],
      ['list', '{a: 1}'],
      ['map', '[a]'],
      ['list', '[unclosed'],
    ];
    for (const [type, text] of refused) {
      it(`refuses ${JSON.stringify(text)} as a ${type}`, () => {
        expect(coerceText(text, type as 'string')).to.equal(undefined);
      });
    }

    it('names the source of a text that does not convert, and checks YAML values', () => {
      const result = resolve(
        [
          '  n: { type: number }',
          '  flag: { type: bool, default: "yes" }',
          '  name: { type: string, default: 7 }',
          '  tags: { type: list }',
        ],
        { CLOUDCTL_VAR_n: 'many' },
        { files: [{ tags: { value: 'a,b', location: at(3, 7) } }] },
      );
      expect(result.errors).to.deep.equal([
        'm.yaml:2:3: variable "n" expects a number: CLOUDCTL_VAR_n is "many"',
        'm.yaml:3:32: variable "flag" is of type bool: the default gives a string ("yes")',
        'vars.yaml:3:7: variable "tags" is of type list: the var file gives a string ("a,b")',
      ]);
      expect(result.values.name).to.equal('7');
    });

    it('keeps the default-kind conversion of untyped variables', () => {
      const result = resolve(['  n: { default: 3 }', '  list: { default: [] }'], {}, { assignments: ['n=8', 'list=["x"]'] });
      expect(result.values).to.deep.equal({ n: 8, list: ['x'] });
      expect(resolve(['  n: { default: 3 }'], {}, { assignments: ['n=x'] }).errors).to.deep.equal([
        'm.yaml:2:3: variable "n" expects a number like its default 3: --var n is "x"',
      ]);
    });
  });

  describe('validation', () => {
    const declarations = [
      '  region: { default: eu, validation: { allowed: [eu, us], message: "eu or us" } }',
      '  name: { default: web, validation: { pattern: "[a-z]+" } }',
      '  size: { type: number, default: 2, validation: { allowed: [1, 2, 4] } }',
      '  password: { sensitive: true, validation: { pattern: "\\\\S{12,}", message: "at least 12 characters" } }',
    ];

    it('accepts values it allows', () => {
      const result = resolve(declarations, { CLOUDCTL_VAR_password: 'long-enough-secret' });
      expect(result.errors).to.deep.equal([]);
      expect(result.values).to.deep.equal({ region: 'eu', name: 'web', size: 2, password: 'long-enough-secret' });
    });

    it('reports a refused value at its source, never showing a sensitive one', () => {
      const result = resolve(
        declarations,
        { CLOUDCTL_VAR_password: 'short-pw' },
        {
          assignments: ['name=Web1'],
          files: [{ region: { value: 'ap', location: at(1, 9) }, size: { value: 3, location: at(2, 7) } }],
        },
      );
      expect(result.errors).to.deep.equal([
        'vars.yaml:1:9: variable "region": "ap" from the var file is refused: eu or us',
        'm.yaml:3:3: variable "name": "Web1" from --var name must match [a-z]+',
        'vars.yaml:2:7: variable "size": 3 from the var file must be one of 1, 2, 4',
        'm.yaml:5:3: variable "password": the value from CLOUDCTL_VAR_password is refused: at least 12 characters',
      ]);
      expect(result.errors.join('\n')).to.not.include('short-pw');
    });

    it('checks the default at its position', () => {
      const result = resolve(['  region: { default: mars, validation: { allowed: [eu] } }']);
      expect(result.errors).to.deep.equal(['m.yaml:2:22: variable "region": "mars" from the default must be one of "eu"']);
    });

    it('reports bad declarations while parsing', () => {
      const parsed = parseManifest(
        [
          'variables:',
          '  a: { type: integer }',
          '  b: { validation: { pattern: "(" } }',
          '  c: { validation: { message: only } }',
          '  d: { validation: { allowed: x, wat: 1 } }',
        ].join('\n'),
        'm.yaml',
      );
      expect(parsed.diagnostics.map(formatDiagnostic)).to.deep.equal([
        'm.yaml:2:14: variables.a.type: expected one of string, number, bool, list, map, got "integer"',
        'm.yaml:3:31: variables.b.validation.pattern: not a regular expression: Invalid regular expression: /(/u: Unterminated group',
        'm.yaml:4:20: variables.c.validation: give a condition, a pattern or allowed values',
        'm.yaml:5:31: variables.d.validation.allowed: expected a list of values, got a string',
        'm.yaml:5:34: unknown key "wat" in variables.d.validation; expected one of condition, pattern, allowed, message',
      ]);
    });
  });

  describe('names and saved plans', () => {
    it('refuses --var and var file names no variable has, with a did-you-mean, without the value', () => {
      const result = resolve(
        ['  region: { default: eu }'],
        {},
        {
          assignments: ['regoin=Secr3tValue', 'novalue'],
          files: [{ regin: { value: 1, location: at(2, 8), keyLocation: at(2, 1) } }],
        },
      );
      expect(result.errors).to.deep.equal([
        '--var regoin: no variable "regoin" is declared in m.yaml; did you mean "region"?',
        '--var "novalue": expected NAME=VALUE, like --var region=eu',
        'vars.yaml:2:1: no variable "regin" is declared in m.yaml; did you mean "region"?',
      ]);
    });

    it('refuses another value for a saved plan, and asks again for a sensitive one', () => {
      const declarations = ['  region: { default: eu }', '  password: { sensitive: true }'];
      const saved = { region: 'us' };
      expect(resolve(declarations, {}, { saved, assignments: ['region=ap', 'password=x'] }).errors).to.deep.equal([
        `variable "region": the saved plan was made with "us", but --var region gives "ap"; run 'cloudctl plan' again to use it`,
      ]);
      expect(resolve(declarations, {}, { saved, assignments: ['region=us'] }).errors).to.deep.equal([
        'm.yaml:3:3: variable "password" has no value: it is sensitive, so the saved plan does not keep it; give it again when applying (--var password=VALUE, a var file, CLOUDCTL_VAR_password)',
      ]);
    });
  });

  describe('var files', () => {
    let folder: string;
    before(async () => {
      folder = await tempFolder('cloudctl-var-file-');
      await writeFile(join(folder, 'good.yaml'), '# production\nregion: us\nsizes: { eu: 2 }\nnames:\n  - a\n');
      await writeFile(join(folder, 'list.yaml'), '- a\n');
      await writeFile(join(folder, 'broken.yaml'), 'region: [\n');
      await writeFile(join(folder, 'secret.yaml'), 'password: short\n');
    });

    it('reads values with their positions', () => {
      const read = readVariableFile('good.yaml', folder);
      expect(read.diagnostics).to.deep.equal([]);
      expect({ ...read.values }).to.deep.equal({
        region: {
          value: 'us',
          location: { file: 'good.yaml', line: 2, column: 9 },
          keyLocation: { file: 'good.yaml', line: 2, column: 1 },
        },
        sizes: {
          value: { eu: 2 },
          location: { file: 'good.yaml', line: 3, column: 8 },
          keyLocation: { file: 'good.yaml', line: 3, column: 1 },
        },
        names: {
          value: ['a'],
          location: { file: 'good.yaml', line: 5, column: 3 },
          keyLocation: { file: 'good.yaml', line: 4, column: 1 },
        },
      });
    });

    it('reports files that are not a mapping, broken or missing', () => {
      expect(readVariableFile('list.yaml', folder).diagnostics.map(formatDiagnostic)).to.deep.equal([
        'list.yaml:1:1: a var file must be a mapping of variable names to values, got a list',
      ]);
      expect(readVariableFile('broken.yaml', folder).diagnostics.map(formatDiagnostic)[0]).to.match(/^broken\.yaml:\d+:\d+: invalid YAML/);
      expect(readVariableFile('nope.yaml', folder).diagnostics.map(formatDiagnostic)).to.deep.equal([
        'cannot read var file "nope.yaml": no such file',
      ]);
    });

    it('loads a manifest with var files: errors point into the file, a sensitive value is never shown', () => {
      const source = [
        'variables:',
        '  region: { validation: { allowed: [eu, us] } }',
        '  password: { sensitive: true, validation: { pattern: ".{8,}" } }',
        '',
      ].join('\n');
      expect(loadErrors(source, 'm.yaml', { cwd: folder, env: {}, variableInputs: { files: ['good.yaml', 'secret.yaml'] } })).to.deep.equal(
        [
          'good.yaml:3:1: no variable "sizes" is declared in m.yaml',
          'good.yaml:4:1: no variable "names" is declared in m.yaml',
          'secret.yaml:1:11: variable "password": the value from the var file must match .{8,}',
        ],
      );
      const loaded = loadManifestFromSource(source.replace('password', 'pass'), 'm.yaml', {
        cwd: folder,
        env: { CLOUDCTL_VAR_pass: 'long enough' },
        variableInputs: { assignments: ['region=eu'] },
      });
      expect({ ...loaded.variables }).to.deep.equal({ region: 'eu', pass: 'long enough' });
    });
  });
});
