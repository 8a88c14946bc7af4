/**
 * Bad input fuzz (issue 5): 1,100 generated malformed manifests (YAML syntax
 * breaks, wrong types, huge and negative numbers, deep nesting, odd
 * unicode, references to nowhere, cycles, structural mistakes), each run as
 * `validate`, `plan`, `apply --auto-approve` or `destroy --auto-approve`
 * against a workspace holding a real state and a simulator. For each:
 * exit code 1, at least one diagnostic `file:line:col: message`, no other
 * kind of error, no stack trace, no API call, state, journal and lock
 * untouched.
 *
 * Why in-process: 1,100 CLI processes would take minutes. The cases go
 * through `runCli` (src/cli/main.ts), the very function the binary's
 * `main` runs (same commander program, same commands, same error printer),
 * with its own environment and stdout and stderr captured; a sample spread
 * over every family also goes through the real binary (`dist/cli/main.js`)
 * to check the process boundary (exit status, streams). Bad CLI arguments
 * and a corrupt state file are checked in process too.
 *
 * Counts: 1,100 cases and 30 through the binary under `npm run test:soak`;
 * `npm test` runs 110 cases (every family) and 2 through the binary.
 */
import { expectReadersAgree } from '../support/readers.js';
import { expect } from 'chai';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RunningSimulator } from '../../src/sim/index.js';
import { cli, soakCount, spawnCli, startCloud, tempFolder, write, type CliResult } from './helpers.js';
import { seededRng } from '../../src/sim/random.js';
import { CATALOGUE_DATA_SOURCES, FIRST_PRODUCT, liteKeypair, liteVm } from '../fixtures/lite-stack.js';

const SEED = 20261121;
/** Generated manifests, and how many of them also go through the binary. */
const CASES = soakCount(1100, 110);
const THROUGH_BINARY = soakCount(30, 2);
const PASSWORD = 'Fuzz3dPassword';

const rng = seededRng;

/** The valid manifest every case starts from. */
const BASE = `variables:
  password: { env: FUZZ_PASSWORD, sensitive: true }
  cycle: { default: m }
${CATALOGUE_DATA_SOURCES}resources:
${liteKeypair('key', 'fuzz-key')}${liteVm('web', 'web-fuzz-01', {
  ...FIRST_PRODUCT,
  password: 'password',
  cycle: '${var.cycle}',
  properties: '      disk_size: 80\n',
  after: '    lifecycle: { ignore_changes: [description] }\n',
})}${liteVm('worker', 'worker-fuzz', { password: 'password', before: '    depends_on: [web]\n' })}outputs:
  web_id: \${web.id}
  key: \${key.private_key}
`;

/** A generated case: its family and text. */
interface Case {
  family: string;
  text: string;
}

type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const int = (random: Random, low: number, high: number) => low + Math.floor(random() * (high - low + 1));

/** Replaces the value of `key:` on its first line holding `key: ` in the base manifest (or in `text`). */
function setValue(text: string, key: string, value: string, occurrence = 0): string {
  const lines = text.split('\n');
  let seen = 0;
  for (let i = 0; i < lines.length; i++) {
    const match = new RegExp(`^(\\s*${key}: )(.*)$`).exec(lines[i]!);
    if (match && seen++ === occurrence) {
      lines[i] = `${match[1]}${value}`;
      return lines.join('\n');
    }
  }
  throw new Error(`no ${key} in the base manifest`);
}

/** Adds a property line under the properties of resource `web` (or `worker`). */
function addProperty(text: string, line: string, resource: 'web' | 'worker' = 'web'): string {
  const anchor = resource === 'web' ? '      vm_name: web-fuzz-01\n' : '      vm_name: worker-fuzz\n';
  return text.replace(anchor, `${anchor}      ${line}\n`);
}

const PROPERTY_KEYS = 'product_id select_os keypair_id ssh_and_console_user console_password cycle vm_name disk_size'.split(' ');

/** Every family of malformed input; each returns one case from the RNG. */
const FAMILIES: Record<string, (random: Random) => string> = {
  /** YAML that does not parse. */
  'yaml-syntax': (random) => {
    const lines = BASE.split('\n');
    const at = int(random, 1, lines.length - 2);
    const indent = ' '.repeat(pick(random, [0, 2, 4, 6]));
    const breaks = [
      () => {
        lines.push(`${indent}trailing: "unterminated ${int(random, 0, 999)}`);
      },
      () => {
        // an unclosed flow sequence as a value
        const keyed = lines.map((line, index) => (/^\s+[a-z_]+: \S/.test(line) ? index : -1)).filter((index) => index >= 0);
        const line = pick(random, keyed);
        lines[line] = lines[line]!.replace(/: .*$/, `: [1, ${int(random, 2, 9)}`);
      },
      () => {
        lines.splice(at, 0, `\t${indent}tabbed: ${int(random, 0, 9)}`);
      },
      () => {
        // a key written twice in one mapping
        const keyed = lines.map((line, index) => (/^\s+[a-z_]+: \S/.test(line) ? index : -1)).filter((index) => index >= 0);
        const line = pick(random, keyed);
        lines.splice(line, 0, lines[line]!.replace(/: .*$/, `: dup-${int(random, 0, 99)}`));
      },
      () => {
        lines.splice(at, 0, `${indent}alias: *nowhere${int(random, 0, 99)}`);
      },
      () => {
        lines.length = at;
        lines.push(`${indent}cut: { name: fuzz-${int(random, 0, 99)}`);
      },
      () => {
        lines.splice(at, 0, `${indent}key: value: other`);
      },
      () => {
        lines.splice(at, 0, `${indent}- item`, `${indent}  : broken`);
      },
      () => {
        lines.push('---', 'second: document', '...', '%YAML 9.9');
      },
      () => {
        lines.splice(at, 0, `${pick(random, ['', '  '])}]]${pick(random, ['', ']', '}'])}: x`);
      },
      () => {
        lines.splice(at, 0, `${indent}bad: !!int "not a number ${int(random, 0, 9)}"`);
      },
      () => {
        lines.splice(at, 0, `${indent}"quoted key without colon"`, `${indent}  nested: [`);
      },
    ];
    const chosen = int(random, 0, breaks.length - 1);
    breaks[chosen]!();
    // Sometimes also a random character mutation elsewhere (on top of the guaranteed break).
    if (random() < 0.5) {
      const line = int(random, 0, lines.length - 1);
      const text = lines[line] ?? '';
      const col = int(random, 0, text.length);
      lines[line] =
        text.slice(0, col) +
        pick(random, ['{', '}', '[', ']', ':', '#', '&', '*', '!', '|', '>', "'", '"', '%', '@', '`']) +
        text.slice(col);
    }
    return `${lines.join('\n')}\n`;
  },

  /** A value of the wrong type. */
  'wrong-type': (random) => {
    const key = pick(random, PROPERTY_KEYS);
    const wrong: Record<string, string[]> = {
      product_id: ['"abc"', 'true', '[1547]', '{ id: 1547 }', '15.47', '"15x47"', 'null'],
      select_os: ['[ubuntu]', '{ name: ubuntu }', 'true'],
      keypair_id: ['"the-key"', 'false', '[1]', '{ a: 1 }', '2.5'],
      ssh_and_console_user: ['[deployer]', '{ user: deployer }', '12', 'true'],
      console_password: ['[x]', '{ a: b }', '12345678', 'true', 'short1A'],
      cycle: ['monthly', '[m]', '12', 'true', 'x'],
      vm_name: ['[web]', '{ a: b }', '12', 'true', 'a', 'has space in it', 'way-too-long-vm-name-here'],
      disk_size: ['"big"', 'true', '[80]', '{ gb: 80 }', '80.5', '"80 GB"'],
    };
    const structural = [
      () => BASE.replace('    properties: { name: fuzz-key }', `    properties: ${pick(random, ['"name"', '[fuzz-key]', '42', 'true'])}`),
      () => BASE.replace('    type: cloud_lite_keypair', `    type: ${pick(random, ['42', '[cloud_lite_keypair]', '{ a: b }', 'true'])}`),
      () => BASE.replace('    depends_on: [web]', `    depends_on: ${pick(random, ['42', '{ web: true }', '[42]', '[[web]]'])}`),
      () =>
        BASE.replace(
          '    lifecycle: { ignore_changes: [description] }',
          `    lifecycle: ${pick(random, ['"keep"', '[1]', '{ prevent_destroy: "maybe" }', '{ ignore_changes: 7 }', '{ ignore_changes: [no_such_attribute] }'])}`,
        ),
      () =>
        BASE.replace(
          '  cycle: { default: m }',
          `  cycle: ${pick(random, ['[m]', '{ default: m, sensitive: "yes" }', '{ env: 12 }', '{ unknown_field: 1 }'])}`,
        ),
      () => BASE.replace('resources:\n', `resources: ${pick(random, ['[]', '"none"', '7'])}\nunused:\n`),
    ];
    if (random() < 0.3) return pick(random, structural)();
    return setValue(BASE, key, pick(random, wrong[key]!));
  },

  /** Huge, negative, fractional and special numbers. */
  numbers: (random) => {
    const key = pick(random, ['product_id', 'keypair_id', 'disk_size']);
    const value = pick(random, [
      '-1',
      '-80',
      '-0.5',
      '0',
      '1e400',
      '-1e400',
      '.inf',
      '-.inf',
      '.nan',
      '99999999999999999999999999',
      '-99999999999999999999',
      '9007199254740993',
      '0x7fffffffffffffff',
      '1e16',
      String(-int(random, 1, 1e9)),
      `${int(random, 1, 99)}.${int(random, 1, 9)}`,
    ]);
    if (key === 'product_id' && random() < 0.3) return BASE.replace('      product_id: 1547', `      product_id: ${value}`);
    if (random() < 0.15)
      return addProperty(BASE, `timeouts: { create: "${pick(random, ['-5m', '1e400s', 'forever', '-1', '5 minutes', '1.5.5s'])}" }`);
    return setValue(BASE, key, value);
  },

  /** Very deep nesting of lists and maps (a misplaced generated block). */
  'deep-nesting': (random) => {
    const depth = pick(random, [50, 200, 1000, 5000, 20000]);
    const flowList = `${'['.repeat(depth)}1${']'.repeat(depth)}`;
    const flowMap = `${'{a: '.repeat(depth)}1${'}'.repeat(depth)}`;
    const blockDepth = Math.min(depth, 300);
    const block = Array.from({ length: blockDepth }, (_, i) => `${' '.repeat(8 + i * 2)}n${i}:`).join('\n') + ' 1';
    const variant = int(random, 0, 3);
    if (variant === 0) return setValue(BASE, pick(random, PROPERTY_KEYS), flowList);
    if (variant === 1) return addProperty(BASE, `tags: ${flowMap}`);
    if (variant === 2) return BASE.replace('      disk_size: 80\n', `      disk_size:\n${block}\n`);
    return `${BASE}deep: ${flowList}\n`;
  },

  /** Odd unicode in names, keys and values. */
  unicode: (random) => {
    const odd = pick(random, [
      '\u202e',
      '\u200b',
      '\u200d',
      '\ufeff',
      '\u0000',
      '\u0007',
      '\u001b[31m',
      '🚀',
      '𝕨𝕖𝕓',
      'ẅeb',
      'wеb' /* Cyrillic e */,
      '\u2028',
      '\ud83d',
      'Ω≈ç√',
      '\u0301',
    ]);
    const variant = int(random, 0, 5);
    if (variant === 0) return BASE.replace('  worker:\n', `  work${odd}er:\n`);
    if (variant === 1) return BASE.replace('      vm_name: web-fuzz-01', `      vm_name: "web${odd}fuzz"`);
    if (variant === 2) return BASE.replace('    type: cloud_lite_keypair', `    type: cloud_lite_key${odd}pair`);
    if (variant === 3) return BASE.replace('      cycle: m\n', `      cy${odd}cle: m\n`);
    if (variant === 4) return BASE.replace('      ssh_and_console_user: deployer\n', `      ssh_and_console_user: "dep${odd}loyer"\n`);
    return BASE.replace(
      '      keypair_id: ${key.keypair_id}\n      ssh_and_console_user: deployer\n      console_password: ${var.password}\n      cycle: m',
      `      keypair_id: \${k${odd}ey.keypair_id}\n      ssh_and_console_user: deployer\n      console_password: \${var.password}\n      cycle: m`,
    );
  },

  /**
   * Merge keys (`<<: *vm`, `<<: [*a, *b]`) gone wrong: the worker merges the
   * web VM's properties, and the merge or the merged block is broken.
   */
  'merge-keys': (random) => {
    const merging = BASE.replace(
      '  web:\n    type: cloud_lite_vm\n    properties:\n',
      '  web:\n    type: cloud_lite_vm\n    properties: &vm\n',
    );
    const merge = (line: string, text = merging) =>
      text.replace('    depends_on: [web]\n    properties:\n', `    depends_on: &deps [web]\n    properties:\n      ${line}\n`);
    const inAnchor = (line: string) => merge('<<: *vm', merging.replace('      disk_size: 80\n', `      disk_size: 80\n      ${line}\n`));
    const variant = int(random, 0, 7);
    if (variant === 0) return inAnchor(`colour: blue-${int(random, 0, 99)}`);
    if (variant === 1) return inAnchor(pick(random, ['bandwidth: ${nothing.id}', 'notes: ${var.undeclared}']));
    if (variant === 2) return merge(`<<: *nowhere${int(random, 0, 99)}`);
    if (variant === 3) return merge('<<: [*vm, *name]').replace('vm_name: web-fuzz-01', 'vm_name: &name web-fuzz-01');
    if (variant === 4) return merge(pick(random, ['<<: *deps', '<<: [*vm, *deps]', '<<: [*vm, [1, 2]]', '<<: 12']));
    if (variant === 5) return merge('<<:');
    if (variant === 6)
      return merge('<<: *vm').replace(
        '    depends_on: &deps [web]\n    properties:\n',
        '    depends_on: [web]\n    properties: &self\n      <<: *self\n',
      );
    return merge(`<<: { disk_size: ${pick(random, ['"eighty"', '-5', '[80]'])} }`).replace('      disk_size: 80\n', '');
  },

  /** References to nothing, and malformed references. */
  'bad-reference': (random) => {
    const reference = pick(random, [
      '${nothing.id}',
      '${data.none.products}',
      '${var.undeclared}',
      '${key.no_such_attribute}',
      '${web.vm_name.deeper}',
      '${key.keypair_id',
      '${}',
      '${1 +}', // ${123} is a valid expression since operators (issue 26)
      '${key..id}',
      '${key.keypair_id[}',
      '${data.products.products[x]}',
      '${var}',
      '${data}',
      '${key.keypair_id}${',
      'x ${nothing.here} y',
      '${web.id[0]}',
    ]);
    const variant = int(random, 0, 2);
    if (variant === 0)
      return BASE.replace(
        '      keypair_id: ${key.keypair_id}\n      ssh_and_console_user: deployer\n      console_password: ${var.password}\n      cycle: m',
        `      keypair_id: ${reference}\n      ssh_and_console_user: deployer\n      console_password: \${var.password}\n      cycle: m`,
      );
    if (variant === 1) return BASE.replace('  web_id: ${web.id}', `  web_id: "${reference}"`);
    return BASE.replace(
      '    depends_on: [web]',
      `    depends_on: [${pick(random, ['ghost', 'data.nothing', 'web, ghost', 'var.cycle', '"${web}"'])}]`,
    );
  },

  /** Dependency cycles through references and depends_on. */
  cycle: (random) => {
    const variant = int(random, 0, 4);
    if (variant === 0) return BASE.replace('    properties: { name: fuzz-key }', '    properties: { name: "${web.vm_name}" }');
    if (variant === 1)
      return BASE.replace(
        '    lifecycle: { ignore_changes: [description] }',
        '    lifecycle: { ignore_changes: [description] }\n    depends_on: [worker]',
      );
    if (variant === 2) return BASE.replace('      vm_name: web-fuzz-01', '      vm_name: "${web.id}-x"');
    if (variant === 3)
      return BASE.replace(
        '    properties: { product_id: "${data.products.products[0].product_id}" }',
        '    properties: { product_id: "${worker.product_id}" }',
      ).replace('      product_id: 1547', '      product_id: ${data.os.oss[0].vmid}');
    const names = ['k2', 'k3', 'k4'].slice(0, int(random, 2, 3));
    const blocks = names
      .map(
        (name, index) =>
          `  ${name}:\n    type: cloud_lite_keypair\n    properties: { name: "\${${names[(index + 1) % names.length]}.name}" }\n`,
      )
      .join('');
    return BASE.replace('resources:\n', `resources:\n${blocks}`);
  },

  /** Structure: unknown sections, types and attributes, missing requirements, both spellings. */
  structure: (random) => {
    const variant = int(random, 0, 7);
    if (variant === 0) return `${BASE}${pick(random, ['resource', 'output', 'modules', 'Resources'])}:\n  x: 1\n`;
    if (variant === 1)
      return BASE.replace(
        '    type: cloud_lite_keypair',
        `    type: ${pick(random, ['cloud_lite_keypiar', 'lite_vmm', 'cloud:index:LiteVM2', 'aws_instance', 'cloud_lite_products'])}`,
      );
    if (variant === 2) return addProperty(BASE, `${pick(random, ['vmname', 'productid2', 'password', 'ssh_user', 'region'])}: x`);
    if (variant === 3)
      return BASE.replace(
        `      ${pick(random, ['select_os', 'ssh_and_console_user', 'console_password', 'cycle'])}: `,
        '      # removed: ',
      );
    if (variant === 4) return addProperty(BASE, pick(random, ['productId: 1547', 'vmName: web-fuzz-02', 'diskSize: 90']));
    if (variant === 5) return BASE.replace('    type: cloud_lite_keypair\n', '');
    if (variant === 6) return BASE.replace('outputs:\n', `outputs:\n  ${pick(random, ['web_id', 'key'])}: dup\n`);
    return BASE.replace(
      '      select_os: ubuntu-22.04',
      `      select_os: ubuntu-22.04\n      rebuild_os: ${pick(random, ['[x]', '{ a: 1 }'])}\n      power_state: ${pick(random, ['off', 'reboot', 'on'])}`,
    );
  },
};

type Outcome = CliResult;

const STACK_TRACE = /^\s+at .+(:\d+:\d+\)?|\(native\))$|node:internal|file:\/\/\//m;
const COMMANDS: string[][] = [['validate'], ['plan'], ['apply', '--auto-approve'], ['destroy', '--auto-approve']];

describe(`integration: bad input fuzz (${CASES.toLocaleString('en')} malformed manifests, bad arguments, corrupt state)`, function () {
  this.timeout(600_000);
  let cloud: RunningSimulator;
  let folder: string;
  let statePath: string;
  let snapshot: { state: string; journal: string | null; backup: string | null };
  const env = () => ({ CLOUDCTL_BASE_URL: cloud.url, FUZZ_PASSWORD: PASSWORD });
  /** Runs the CLI in process in the fuzz workspace. */
  const inProcess = (args: string[]) => cli(args, { cwd: folder, env: env() });

  const files = async () => ({
    state: await readFile(statePath, 'utf8'),
    journal: existsSync(join(folder, '.cloudctl', 'journal.jsonl'))
      ? await readFile(join(folder, '.cloudctl', 'journal.jsonl'), 'utf8')
      : null,
    backup: existsSync(`${statePath}.backup`) ? await readFile(`${statePath}.backup`, 'utf8') : null,
  });

  before(async () => {
    cloud = await startCloud({ provisioningSeconds: 0.1 });
    folder = await tempFolder('cloudctl-fuzz-');
    statePath = join(folder, '.cloudctl', 'state.json');
    // A workspace with a real state: the base manifest applied once.
    await write(folder, 'base.yaml', BASE);
    const applied = await inProcess(['apply', 'base.yaml', '--auto-approve']);
    expect(applied.code, applied.stderr + applied.stdout).to.equal(0);
    snapshot = await files();
  });
  after(async () => {
    await cloud?.close();
  });

  /** The checks every malformed case must pass. */
  async function expectRejected(label: string, file: string, outcome: Outcome, requestsBefore: number): Promise<void> {
    const context = `${label}\n--- stderr:\n${outcome.stderr}\n--- stdout:\n${outcome.stdout}`;
    expect(outcome.code, `exit code: ${context}`).to.equal(1);
    const located = outcome.stderr.split('\n').filter((line) => line.startsWith(`${file}:`) && /^[^:]+:\d+:\d+: /.test(line));
    expect(located.length, `a diagnostic with file:line:col: ${context}`).to.be.greaterThan(0);
    expect(outcome.stderr, `only diagnostics: ${context}`).to.not.match(/^Error: /m);
    expect(outcome.stderr + outcome.stdout, `no stack trace: ${context}`).to.not.match(STACK_TRACE);
    expect(cloud.counts().requests, `no API call: ${context}`).to.equal(requestsBefore);
    expect(await files(), `state, backup and journal unchanged: ${context}`).to.deep.equal(snapshot);
    expect(existsSync(join(folder, '.cloudctl', 'state.lock')), `no lock left: ${context}`).to.equal(false);
    expect(existsSync(join(folder, '.cloudctl', 'last-plan.cplan')), `no plan saved: ${context}`).to.equal(false);
  }

  it('rejects every generated manifest: exit 1, located diagnostics, no stack trace, no API call, state unchanged', async () => {
    const random = rng(SEED);
    const cases: Case[] = [];
    const families = Object.keys(FAMILIES);
    const perFamily = Math.ceil(CASES / families.length);
    for (const family of families) for (let i = 0; i < perFamily; i++) cases.push({ family, text: FAMILIES[family]!(random) });
    expect(cases.length).to.be.at.least(CASES);

    const started = Date.now();
    const figures: Record<string, { cases: number; diagnostics: number }> = {};
    let exitOne = 0;
    let located = 0;
    const dir = join(folder, 'cases');
    await mkdir(dir, { recursive: true });
    const failures: string[] = [];
    for (let index = 0; index < cases.length; index++) {
      const { family, text } = cases[index]!;
      const file = join(dir, `case-${index}.yaml`);
      await writeFile(file, text);
      const command = COMMANDS[index % COMMANDS.length]!;
      // Before an apply or destroy, `validate`: a case that turned out valid is reported, and never applied.
      if (command[0] === 'apply' || command[0] === 'destroy') {
        const validated = await inProcess(['--state', statePath, 'validate', file]);
        if (validated.code !== 1) {
          failures.push(
            `case ${index} (${family}) was accepted by validate (exit ${validated.code}): ${file}\n${validated.stderr}${validated.stdout}`,
          );
          continue;
        }
      }
      const before = cloud.counts().requests;
      const outcome = await inProcess(['--state', statePath, command[0]!, file, ...command.slice(1)]);
      try {
        await expectRejected(`case ${index} (${family}, ${command.join(' ')}, ${file})`, file, outcome, before);
      } catch (error) {
        failures.push((error as Error).message.slice(0, 3000));
        if (failures.length > 20) break;
        continue;
      }
      exitOne++;
      const count = outcome.stderr.split('\n').filter((line) => line.startsWith(`${file}:`)).length;
      located += count > 0 ? 1 : 0;
      figures[family] ??= { cases: 0, diagnostics: 0 };
      figures[family]!.cases++;
      figures[family]!.diagnostics += count;
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    expect(failures, `${failures.length} cases were not rejected as they should be:\n${failures.slice(0, 8).join('\n\n')}`).to.deep.equal(
      [],
    );

    // A sample through the real binary, spread over all families.
    let binary = 0;
    const binaryStarted = Date.now();
    const step = Math.max(1, Math.floor(cases.length / THROUGH_BINARY));
    for (let index = 0; index < cases.length && binary < THROUGH_BINARY; index += step) {
      const file = join(dir, `case-${index}.yaml`);
      const command = COMMANDS[(index + binary) % COMMANDS.length]!;
      const before = cloud.counts().requests;
      const result = await spawnCli(['--state', statePath, command[0]!, file, ...command.slice(1)], { cwd: folder, env: env() });
      await expectRejected(`binary: case ${index} (${cases[index]!.family}, ${command.join(' ')})`, file, result, before);
      binary++;
    }
    expect(binary).to.equal(THROUGH_BINARY);
    process.stdout.write(
      `      fuzz (seed ${SEED}): ${cases.length} malformed manifests in-process in ${seconds}s ` +
        `(${Object.entries(figures)
          .map(([family, entry]) => `${family} ${entry.cases}`)
          .join(', ')}), ` +
        `${binary} more through the binary in ${((Date.now() - binaryStarted) / 1000).toFixed(1)}s; ` +
        `exit 1: ${exitOne + binary}, with a located diagnostic: ${located + binary}, ` +
        `diagnostics per case: ${(Object.values(figures).reduce((sum, entry) => sum + entry.diagnostics, 0) / cases.length).toFixed(1)}, ` +
        `stack traces: 0, API calls: 0, state changes: 0\n`,
    );
  });

  it('the fast YAML reader and the position-keeping one make the same of every generated manifest (diagnostics, locations)', () => {
    const random = rng(SEED);
    let taken = 0;
    let cases = 0;
    for (const family of Object.keys(FAMILIES)) {
      for (let i = 0; i < Math.ceil(CASES / Object.keys(FAMILIES).length); i++) {
        if (expectReadersAgree(FAMILIES[family]!(random), `case-${cases}.yaml`, { env: env(), cwd: folder })) taken++;
        cases++;
      }
    }
    process.stdout.write(`      readers: ${cases} generated manifests, the same from both; the fast reader took ${taken}\n`);
    expect(taken).to.be.greaterThan(0);
  });

  it('the base manifest itself is valid (the cases are malformed by what they change)', async () => {
    const outcome = await inProcess(['--state', statePath, 'validate', join(folder, 'base.yaml')]);
    expect(outcome.code, outcome.stderr).to.equal(0);
  });

  it('bad command-line arguments get a clear error, exit 1, no stack trace, no API call', async () => {
    const cases: Array<{ args: string[]; message: RegExp }> = [
      { args: ['refresh'], message: /error: missing required argument 'manifest'/ },
      {
        args: ['apply', 'base.yaml', '--parallelism', '0'],
        message: /option '--parallelism <n>' argument '0' is invalid\. expected a whole number of at least 1/,
      },
      { args: ['apply', 'base.yaml', '--parallelism', 'lots'], message: /expected a whole number of at least 1/ },
      {
        args: ['apply', 'base.yaml', '--lock-timeout', 'soon'],
        message: /'--lock-timeout <duration>' argument 'soon' is invalid\. "soon" is not a duration/,
      },
      { args: ['plan', 'base.yaml', '--refresh', 'maybe'], message: /expected true or false/ },
      { args: ['aply', 'base.yaml'], message: /unknown command 'aply'[\s\S]*apply/ },
      { args: ['apply', 'base.yaml', '--auto-aprove'], message: /unknown option '--auto-aprove'[\s\S]*--auto-approve/ },
      { args: ['import', 'lite_vm', 'abc', '--name', 'web2'], message: /^Error: .*account id/m },
      { args: ['import', 'no_such_type', '1', '--name', 'x'], message: /^Error: unknown resource type "no_such_type"/m },
      { args: ['force-unlock'], message: /missing required argument 'lock-id'/ },
      { args: ['apply', 'missing.yaml', '--auto-approve'], message: /missing\.yaml/ },
      {
        args: ['apply', 'not-a-plan.json'],
        message: /^Error: (no saved plan at not-a-plan\.json|not-a-plan\.json is not a cloudctl plan)/m,
      },
      { args: ['state', 'show', 'nobody'], message: /^Error: no resource "nobody"/m },
    ];
    for (const { args, message } of cases) {
      const before = cloud.counts().requests;
      const result = await inProcess(['--state', statePath, ...args]);
      const context = `cloudctl ${args.join(' ')}\n${result.stderr}${result.stdout}`;
      expect(result.code, context).to.equal(1);
      expect(result.stderr, context).to.match(message);
      expect(result.stderr + result.stdout, context).to.not.match(STACK_TRACE);
      expect(cloud.counts().requests, context).to.equal(before);
    }
    expect(await files()).to.deep.equal(snapshot);
  });

  it('a corrupt state file is a clear error naming it and the backup; nothing is called or written', async () => {
    const corruptFolder = await tempFolder('cloudctl-corrupt-');
    const corruptState = join(corruptFolder, '.cloudctl', 'state.json');
    await mkdir(join(corruptFolder, '.cloudctl'), { recursive: true });
    await write(corruptFolder, 'base.yaml', BASE);
    const bodies: Array<{ text: string; detail: RegExp }> = [
      { text: '{"format_version": 1, "lineage": "x", "serial": 3, "resources": {', detail: /invalid JSON/ },
      { text: '', detail: /the file is empty/ },
      {
        text: '{"format_version": 1, "lineage": "abc", "serial": "three", "resources": {}, "outputs": {}}',
        detail: /serial must be a whole number/,
      },
      {
        text: '{"format_version": 7, "lineage": "abc", "serial": 1, "resources": {}, "outputs": {}}',
        detail: /written by a newer cloudctl/,
      },
      {
        text: '{"format_version": 1, "lineage": "abc", "serial": 1, "resources": {"web": {"type": "cloud_lite_vm", "attributes": {}, "dependencies": []}}, "outputs": {}}',
        detail: /resources\.web\.id must be a string/,
      },
      { text: '[1, 2, 3]', detail: /must be a JSON object/ },
    ];
    const commands = [
      ['plan', 'base.yaml'],
      ['apply', 'base.yaml', '--auto-approve'],
      ['state', 'list'],
    ];
    for (const [index, { text, detail }] of bodies.entries()) {
      await writeFile(corruptState, text);
      // Every command on the first body, one (in turn) on the others.
      for (const args of index === 0 ? commands : [commands[index % commands.length]!]) {
        const before = cloud.counts().requests;
        const result = await cli(args, { cwd: corruptFolder, env: env() });
        const context = `cloudctl ${args.join(' ')} with state ${JSON.stringify(text)}\n${result.stderr}${result.stdout}`;
        expect(result.code, context).to.equal(1);
        expect(result.stderr, context).to.match(/^Error: state file \.cloudctl\/state\.json is corrupt: /m);
        expect(result.stderr, context).to.match(detail);
        expect(result.stderr, context).to.include('restore the previous version from .cloudctl/state.json.backup');
        expect(result.stderr + result.stdout, context).to.not.match(STACK_TRACE);
        expect(cloud.counts().requests, `no API call: ${context}`).to.equal(before);
        expect(await readFile(corruptState, 'utf8'), `state untouched: ${context}`).to.equal(text);
        expect(existsSync(join(corruptFolder, '.cloudctl', 'state.lock')), `lock released: ${context}`).to.equal(false);
      }
    }
  });
});

/**
 * Hostile manifests and broken workspaces (issue 16, items 5 to 8): alias
 * bombs, undefined and cyclic aliases, deep nesting, JavaScript built-in
 * names, non-plain YAML, unsupported YAML versions, bad values that only
 * variables carry, garbage with thousands of errors, and workspace files
 * that are directories. Each is refused with located diagnostics (or a clear
 * error naming the path), no stack trace, no API call and the state
 * untouched; names that are built-ins elsewhere plan like any other.
 */
describe('integration: hostile manifests and broken workspaces (alias bombs, built-in names, directories)', function () {
  this.timeout(300_000);
  let cloud: RunningSimulator;
  let folder: string;
  let statePath: string;
  let snapshot: string;
  const env = () => ({ CLOUDCTL_BASE_URL: cloud.url, FUZZ_PASSWORD: PASSWORD });

  before(async () => {
    cloud = await startCloud({ provisioningSeconds: 0.1 });
    folder = await tempFolder('cloudctl-hostile-');
    statePath = join(folder, '.cloudctl', 'state.json');
    await write(folder, 'base.yaml', BASE);
    const applied = await cli(['apply', 'base.yaml', '--auto-approve'], { cwd: folder, env: env() });
    expect(applied.code, applied.stderr + applied.stdout).to.equal(0);
    snapshot = await readFile(statePath, 'utf8');
  });
  after(async () => {
    await cloud?.close();
  });
  /** The CLI in process, in the workspace folder, with the cloud's environment. */
  const inProcess = (args: string[]) => cli(args, { cwd: folder, env: env() });

  /** A billion laughs: nine levels of nine aliases (about 1.4 KB) under a resource property. */
  const billionLaughs = (() => {
    const names = 'abcdefghi';
    const lines = ['        a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let level = 1; level < 9; level++)
      lines.push(
        `        ${names[level]}: &${names[level]} [${Array(9)
          .fill(`*${names[level - 1]}`)
          .join(',')}]`,
      );
    return addProperty(BASE, `tags:\n${lines.join('\n')}`);
  })();
  const deepMapping = BASE.replace(
    '      disk_size: 80\n',
    `      disk_size:\n${Array.from({ length: 2000 }, (_, i) => `${' '.repeat(8 + i * 2)}n${i}:`).join('\n')} 1\n`,
  );
  const prototypeBlocks = (name: string) => `  ${name}:\n    type: cloud_lite_keypair\n    properties: { name: proto-key }\n`;

  /** Each hostile case: a label, the text, and what its first located diagnostic must say. */
  const cases: Array<{ label: string; text: string; message: RegExp }> = [
    {
      label: 'billion laughs (1.4 KB)',
      text: billionLaughs,
      message: /alias "\*\w" brings the values added by aliases to [\d,]+, more than the 100,000 a manifest may hold/,
    },
    {
      label: '100,000 aliases in 300 KB',
      text: addProperty(BASE, `tags: &t [${Array(100_000).fill('*x').join(',')}]`).replace(
        'cycle: { default: m }',
        'cycle: { default: m }\n  x: { default: &x [1, 2, 3] }',
      ),
      message: /more than 50,000 aliases: a manifest this size is an alias bomb, not a manifest/,
    },
    {
      label: '30,000 aliases of a list (adding 120,000 values)',
      text: addProperty(BASE, `tags: [${Array(30_000).fill('*x').join(',')}]`).replace(
        'cycle: { default: m }',
        'cycle: { default: m }\n  x: { default: &x [1, 2, 3, 4] }',
      ),
      message: /alias "\*x" brings the values added by aliases to 100,004, more than the 100,000/,
    },
    {
      label: 'undefined alias',
      text: setValue(BASE, 'vm_name', '*nope'),
      message: /undefined alias "\*nope": no anchor "&nope" is written before it/,
    },
    {
      label: 'self-referencing anchor',
      text: BASE.replace(
        '  key:\n    type: cloud_lite_keypair\n    properties: { name: fuzz-key }',
        '  key: &k\n    type: cloud_lite_keypair\n    properties: { name: *k }',
      ),
      message: /alias "\*k" is part of the node it stands for/,
    },
    {
      label: 'recursive merge',
      text: BASE.replace('  key:\n    type: cloud_lite_keypair\n', '  key: &k\n    type: cloud_lite_keypair\n    <<: *k\n'),
      message: /merge key "<<: \*k" merges a mapping into itself \(a recursive merge\)/,
    },
    {
      label: 'recursive merge under YAML 1.1',
      text: `%YAML 1.1\n---\n${BASE.replace('  key:\n    type: cloud_lite_keypair\n', '  key: &k\n    type: cloud_lite_keypair\n    <<: *k\n')}`,
      message: /merge key "<<: \*k" merges a mapping into itself \(a recursive merge\)/,
    },
    { label: '2,000-deep mapping', text: deepMapping, message: /the manifest nests deeper than 64 levels of mappings and lists here/ },
    {
      label: '20,000-deep flow list',
      text: setValue(BASE, 'vm_name', `${'['.repeat(20_000)}1${']'.repeat(20_000)}`),
      message: /nests deeper than 64 levels/,
    },
    { label: '!!omap', text: setValue(BASE, 'vm_name', '!!omap [ a: 1 ]'), message: /"!!omap" \(an ordered mapping\) is not supported/ },
    { label: '%YAML 9.9', text: `%YAML 9.9\n---\n${BASE}`, message: /unsupported YAML version 9\.9/ },
    {
      label: 'resource named __proto__',
      text: BASE.replace('resources:\n', `resources:\n${prototypeBlocks('__proto__')}`),
      message: /invalid resource name "__proto__": it is reserved/,
    },
    {
      label: 'data source named __proto__',
      text: BASE.replace('data:\n', 'data:\n  __proto__: { type: cloud_lite_products }\n'),
      message: /invalid data source name "__proto__"/,
    },
    {
      label: 'variable named __proto__',
      text: BASE.replace('variables:\n', 'variables:\n  __proto__: { default: 1 }\n'),
      message: /invalid variable name "__proto__"/,
    },
    {
      label: 'output named __proto__',
      text: BASE.replace('outputs:\n', 'outputs:\n  __proto__: x\n'),
      message: /invalid output name "__proto__"/,
    },
    {
      label: '${constructor.name}',
      text: setValue(BASE, 'vm_name', '"${constructor.name}"'),
      message: /unknown reference "\$\{constructor\.name\}": no resource "constructor" is declared/,
    },
    {
      label: '${var.toString}',
      text: setValue(BASE, 'vm_name', '"${var.toString}"'),
      message: /unknown reference "\$\{var\.toString\}": no variable "toString" is declared/,
    },
    {
      label: 'a bad value carried by a variable (found after refreshing before)',
      text: BASE.replace('cycle: { default: m }', 'cycle: { default: monthly }'),
      message: /resources\.web\.cycle: must be one of m, a, q, s, b, t, p4, p5, got "monthly"/,
    },
    {
      label: 'a list interpolated from a variable',
      text: BASE.replace('cycle: { default: m }', 'cycle: { default: m }\n  tags: { default: [a, b] }').replace(
        'vm_name: web-fuzz-01',
        'vm_name: "web-${var.tags}"',
      ),
      message: /var\.tags: cannot interpolate a list into a string/,
    },
  ];

  it('refuses every hostile manifest at once: located diagnostics, no JavaScript error, no API call, state unchanged', async () => {
    const failures: string[] = [];
    const timings: string[] = [];
    for (const [index, { label, text, message }] of cases.entries()) {
      const file = join(folder, `hostile-${index}.yaml`);
      await writeFile(file, text);
      for (const command of COMMANDS) {
        const before = cloud.counts().requests;
        const started = Date.now();
        const outcome = await inProcess(['--state', statePath, command[0]!, file, ...command.slice(1)]);
        timings.push(`${label}: ${Date.now() - started} ms`);
        const context = `${label} (${command.join(' ')})\n--- stderr:\n${outcome.stderr.slice(0, 2000)}`;
        try {
          expect(outcome.code, context).to.equal(1);
          const located = outcome.stderr.split('\n').filter((line) => line.startsWith(`${file}:`) && /^[^:]+:\d+:\d+: /.test(line));
          expect(located.length, `located: ${context}`).to.be.greaterThan(0);
          expect(
            located.some((line) => message.test(line)),
            `message ${message}: ${context}`,
          ).to.equal(true);
          expect(outcome.stderr, `no JavaScript error: ${context}`).to.not.match(
            /^Error: |Maximum call stack|is not a function|Excessive alias count/m,
          );
          expect(outcome.stderr + outcome.stdout, `no stack trace: ${context}`).to.not.match(STACK_TRACE);
          expect(cloud.counts().requests, `no API call: ${context}`).to.equal(before);
          expect(await readFile(statePath, 'utf8'), `state unchanged: ${context}`).to.equal(snapshot);
        } catch (error) {
          failures.push((error as Error).message.slice(0, 2500));
        }
      }
    }
    expect(failures, failures.join('\n\n')).to.deep.equal([]);
    // The process boundary: the bomb and the undefined alias through the real binary.
    for (const index of [0, 2]) {
      const before = cloud.counts().requests;
      const result = await cli(['--state', statePath, 'plan', `hostile-${index}.yaml`], { cwd: folder, env: env() });
      expect(result.code, result.stderr).to.equal(1);
      expect(result.stderr.split('\n')[0], result.stderr).to.match(cases[index]!.message);
      expect(cloud.counts().requests).to.equal(before);
    }
    process.stdout.write(
      `      hostile manifests: ${cases.length} cases x ${COMMANDS.length} commands refused; slowest ${timings.sort((a, b) => Number(b.split(': ').pop()!.split(' ')[0]) - Number(a.split(': ').pop()!.split(' ')[0]))[0]}\n`,
    );
  });

  it('resources, data sources, variables and outputs named like JavaScript built-ins are data: plan, apply, plan again (no changes), destroy', async () => {
    const names = await tempFolder('cloudctl-builtin-names-');
    const text = `variables:
  constructor: { default: Passw0rdXyz12 }
  toString: { default: builtin-vm-01 }
data:
  toString: { type: cloud_lite_products }
resources:
  constructor:
    type: cloud_lite_keypair
    properties: { name: ctor-key }
  hasOwnProperty:
    type: cloud_lite_vm
    properties:
      product_id: \${data.toString.products[0].product_id}
      select_os: ubuntu-22.04
      keypair_id: \${constructor.keypair_id}
      ssh_and_console_user: deployer
      console_password: \${var.constructor}
      cycle: m
      vm_name: \${var.toString}
outputs:
  toString: \${hasOwnProperty.vm_name}
  valueOf: \${constructor.keypair_id}
`;
    await write(names, 'names.yaml', text);
    const run = (args: string[]) => cli(args, { cwd: names, env: env() });
    const planned = await run(['plan', 'names.yaml']);
    expect(planned.code, planned.stderr + planned.stdout).to.equal(0);
    expect(planned.stdout).to.match(/Plan: 2 to add, 0 to change, 0 to destroy/);
    const ordersBefore = cloud.counts().requests;
    const applied = await run(['apply', 'names.yaml', '--auto-approve']);
    expect(applied.code, applied.stderr + applied.stdout).to.equal(0);
    expect(applied.stdout).to.match(/Apply complete! Resources: 2 added/);
    expect(applied.stdout).to.match(/toString = "builtin-vm-01"/);
    expect(cloud.counts().requests).to.be.greaterThan(ordersBefore);
    const again = await run(['plan', 'names.yaml']);
    expect(again.code, again.stderr + again.stdout).to.equal(0);
    expect(again.stdout).to.match(/No changes/);
    const output = await run(['output', 'toString']);
    expect(output.stdout.trim()).to.equal('builtin-vm-01');
    const missing = await run(['output', 'constructor']);
    expect(missing.stderr).to.match(/^Error: no output "constructor"/m);
    const destroyed = await run(['destroy', 'names.yaml', '--auto-approve']);
    expect(destroyed.code, destroyed.stderr + destroyed.stdout).to.equal(0);
    expect(destroyed.stdout).to.match(/Destroy complete! Resources: 2 destroyed/);
  });

  it('garbage input prints at most 50 diagnostics and how many more were found', async () => {
    const file = join(folder, 'garbage.yaml');
    await writeFile(
      file,
      `resources:\n${Array.from({ length: 3000 }, (_, index) => `  r${index}: { type: nope_${index}, properties: { x${index}: 1 } }\n`).join('')}`,
    );
    const before = cloud.counts().requests;
    const outcome = await inProcess(['--state', statePath, 'plan', file]);
    expect(outcome.code).to.equal(1);
    const lines = outcome.stderr.trimEnd().split('\n');
    expect(lines).to.have.length(52);
    expect(lines.slice(0, 50).every((line) => line.startsWith(`${file}:`))).to.equal(true);
    expect(lines[50]).to.equal('... and 2,950 more errors not described: checking stops at 50 errors');
    expect(lines[51]).to.equal('at least 3,000 errors; nothing was changed.');
    expect(cloud.counts().requests).to.equal(before);
  });

  it('a workspace file that is a directory is a clear error naming it; no API call, nothing written', async () => {
    const files = [
      'state.json',
      'state.json.changes',
      'state.json.backup',
      'state.lock',
      'journal.jsonl',
      'last-plan.cplan',
      'last-plan.json',
      'simulator.json',
    ];
    for (const name of files) {
      const workspace = await tempFolder('cloudctl-directory-');
      await write(workspace, 'base.yaml', BASE);
      await mkdir(join(workspace, '.cloudctl', name), { recursive: true });
      for (const args of [
        ['plan', 'base.yaml'],
        ['apply', 'base.yaml', '--auto-approve'],
        ['state', 'list'],
      ]) {
        const before = cloud.counts().requests;
        const result = await cli(args, { cwd: workspace, env: env() });
        const context = `${name} is a directory: cloudctl ${args.join(' ')}\n${result.stderr}${result.stdout}`;
        expect(result.code, context).to.equal(1);
        expect(result.stderr, context).to.match(
          new RegExp(`^Error: \\.cloudctl/${name.replace(/\./g, '\\.')} is a directory, but it must be a file \\(`, 'm'),
        );
        expect(result.stderr, context).to.not.match(/EISDIR/);
        expect(result.stderr + result.stdout, context).to.not.match(STACK_TRACE);
        expect(cloud.counts().requests, context).to.equal(before);
      }
    }
    const manifestFolder = await tempFolder('cloudctl-directory-');
    await mkdir(join(manifestFolder, 'manifest.yaml'));
    const result = await cli(['plan', 'manifest.yaml'], { cwd: manifestFolder, env: env() });
    expect(result.code).to.equal(1);
    expect(result.stderr).to.match(/^cannot read manifest "manifest\.yaml\/\*\.yaml": the folder has no manifest file/m);
  });
});
