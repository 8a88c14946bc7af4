/**
 * Bad input left over from issue 24 (item 3), driven through the CLI in
 * process: every case must end as an error (located `file:line:col` where
 * the manifest has a place for it), a non-zero exit, no request to the
 * cloud and no change to the state, for `validate`, `plan` and `apply`.
 */
import { expect } from 'chai';
import { mkdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { RunningSimulator } from '../../src/sim/index.js';
import { cli, startCloud, tempFolder, write, type CliResult } from './helpers.js';

/** A keypair other blocks may refer to, and the state an apply of it leaves. */
const SEED = 'resources:\n  seed_key: { type: cloud_lite_keypair, properties: { name: seed-key } }\n';

/** `count` keypairs in one reference cycle: each name refers to the next one's. */
function keypairCycle(count: number): string {
  const lines = [SEED];
  for (let index = 0; index < count; index++) {
    lines.push(`  k${index}: { type: cloud_lite_keypair, properties: { name: "\${k${(index + 1) % count}.name}" } }\n`);
  }
  return lines.join('');
}

describe('integration: bad input is refused before any request (issue 24, item 3)', function () {
  this.timeout(60_000);
  let cloud: RunningSimulator;
  let folder: string;
  let env: Record<string, string>;
  before(async () => {
    cloud = await startCloud();
    folder = await tempFolder('bad-input');
    env = { CLOUDCTL_BASE_URL: cloud.url };
    await write(folder, 'seed.yaml', SEED);
    const seeded = await cli(['apply', 'seed.yaml', '--auto-approve'], { cwd: folder, env });
    expect(seeded.code, seeded.stderr + seeded.stdout).to.equal(0);
  });
  after(async () => {
    await cloud?.close();
  });

  /** A lite VM after the seed keypair, with `properties` (YAML lines) replacing the defaults of the same names. */
  const vm = (properties: Record<string, string>, before = '', after = '') =>
    `${before}${SEED}  web:\n    type: cloud_lite_vm\n    properties:\n${Object.entries({
      product_id: '1547',
      select_os: 'ubuntu-22.04',
      keypair_id: '${seed_key.keypair_id}',
      ssh_and_console_user: 'deployer',
      console_password: 'Passw0rdXyz1',
      cycle: 'm',
      ...properties,
    })
      .map(([name, value]) => `      ${name}: ${value}\n`)
      .join('')}${after}`;

  /** The state file's text (the workspace holds the seed keypair). */
  const stateText = () => readFile(join(folder, '.cloudctl', 'state.json'), 'utf8');

  /**
   * Runs `validate`, `plan` and `apply --auto-approve` with `args` (the
   * manifest path first) and checks each one fails with stderr matching
   * `expected`, without a request and without touching the state; returns
   * the `validate` run.
   */
  async function refusedEverywhere(args: string[], expected: RegExp): Promise<CliResult> {
    const state = await stateText();
    const requests = cloud.requests().length;
    const runs: CliResult[] = [];
    for (const command of [['validate'], ['plan'], ['apply', '--auto-approve']]) {
      const run = await cli([...command, ...args], { cwd: folder, env });
      expect(run.code, `${command[0]}: ${run.stdout}${run.stderr}`).to.equal(1);
      expect(run.stderr, `${command[0]}: ${run.stderr}`).to.match(expected);
      expect(run.stderr, command[0]).not.to.match(/Maximum call stack|TypeError|RangeError/);
      expect(cloud.requests().slice(requests), `${command[0]} made requests`).to.deep.equal([]);
      runs.push(run);
    }
    expect(await stateText()).to.equal(state);
    return runs[0];
  }

  describe('reference cycles through thousands of blocks', () => {
    it('a cycle through 5,000 resources is one located cycle error, not a stack overflow', async () => {
      await write(folder, 'cycle.yaml', keypairCycle(5_000));
      const run = await refusedEverywhere(['cycle.yaml'], /^cycle\.yaml:\d+:\d+: dependency cycle: k0 -> k1 -> k2 -> /m);
      // Located where the last block refers to the first (line 2 is the seed, then one line per block).
      expect(run.stderr).to.match(/^cycle\.yaml:5002:\d+: dependency cycle: k0 -> k1 -> /m);
      expect(run.stderr).to.include('1 error; nothing was changed.');
    });

    it('so is a cycle through 20,000 resources (validate; the other commands load the manifest the same way)', async () => {
      await write(folder, 'cycle.yaml', keypairCycle(20_000));
      const run = await cli(['validate', 'cycle.yaml'], { cwd: folder, env });
      expect(run.code).to.equal(1);
      expect(run.stderr).to.match(/^cycle\.yaml:20002:\d+: dependency cycle: k0 -> k1 -> k2 -> .*\.\.\. \([\d,]+ more characters\)$/m);
      expect(run.stderr).to.include('1 error; nothing was changed.');
    });
  });

  describe('type errors are found before any request', () => {
    const products = 'data:\n  products: { type: cloud_lite_products }\n';

    it('a reference followed by text is a string: never an integer or a boolean (keypair_id: "${key.keypair_id}}")', async () => {
      await write(folder, 'typed.yaml', vm({ keypair_id: '"${seed_key.keypair_id}}"' }));
      await refusedEverywhere(
        ['typed.yaml'],
        /^typed\.yaml:8:19: resources\.web\.keypair_id: expected an integer, got a string \(text around \$\{seed_key\.keypair_id\} makes a string\)$/m,
      );
      await write(folder, 'typed.yaml', vm({ pay_with_credit_card: '"${seed_key.name}-yes"' }));
      await refusedEverywhere(
        ['typed.yaml'],
        /^typed\.yaml:12:29: resources\.web\.pay_with_credit_card: expected a boolean, got a string \(text around/m,
      );
    });

    const cases: Array<[title: string, manifest: string, expected: RegExp, files?: Record<string, string>]> = [
      [
        'a list read from a data source for an integer',
        vm({ product_id: '${data.products.products}' }, products),
        /^typed\.yaml:8:19: resources\.web\.product_id: expected an integer, got a list from \$\{data\.products\.products\}$/m,
      ],
      [
        'a mapping read from a data source for a string',
        vm({ select_os: '${data.products.products[0].options}' }, products),
        /^typed\.yaml:9:18: resources\.web\.select_os: expected a string, got a mapping from \$\{data\.products\.products\[0\]\.options\}$/m,
      ],
      [
        "a data source's input from another one's mapping (it was sent as [object Object])",
        `${products}  os: { type: cloud_lite_os_list, properties: { product_id: "\${data.products.products[0]}" } }\n${SEED}`,
        /^typed\.yaml:3:61: data\.os\.product_id: expected an integer, got a mapping from \$\{data\.products\.products\[0\]\}$/m,
      ],
      [
        'a list interpolated into a string, in an input and in an output',
        vm({ vm_name: '"vm-${data.products.products}"' }, products, 'outputs:\n  names: "all: ${data.products.products}"\n'),
        /^typed\.yaml:14:20: data\.products\.products: cannot interpolate a list into a string\ntyped\.yaml:16:16: data\.products\.products: cannot interpolate a list into a string$/m,
      ],
      [
        'a module input read from a data source, of the wrong type for where the module uses it',
        `${products}${SEED}  m:\n    module: ./mod\n    inputs: { size: "\${data.products.products[0].options}" }\n`,
        /^typed\.yaml:7:21: resources\.m\.web\.disk_size: expected an integer, got a mapping from \$\{data\.products\.products\[0\]\.options\}$/m,
        {
          'mod/main.yaml': vm({ keypair_id: '1', disk_size: '${var.size}' }, 'variables:\n  size: {}\n').replace(SEED, 'resources:\n'),
        },
      ],
      [
        "a module's output of the wrong type",
        vm({ product_id: '${module.m.products}' }, '', '  m: { module: ./listing }\n'),
        /^listing\/main\.yaml:4:13: resources\.web\.product_id: expected an integer, got a list from \$\{data\.m\.products\.products\}$/m,
        { 'listing/main.yaml': `${products}outputs:\n  products: \${data.products.products}\n` },
      ],
      [
        'a list read from a data source for a function that wants a string, and a function result of the wrong type',
        vm({ vm_name: '${upper(data.products.products)}', disk_size: '${split(",", data.products.products[0].name)}' }, products),
        /^typed\.yaml:14:18: upper\(\): argument 1 \(text\) expects a string, got a list\ntyped\.yaml:15:20: resources\.web\.disk_size: expected an integer, got a list from split\(\)$/m,
      ],
      [
        'a variable of the wrong type beside a data source',
        vm(
          { product_id: '${data.products.products[0].product_id}', disk_size: '${var.size}' },
          `variables:\n  size: { type: list, default: [1] }\n${products}`,
        ),
        /^typed\.yaml:\d+:7: resources\.web\.disk_size: expected an integer, got a list$/m,
      ],
      [
        'count and for_each of the wrong type',
        `variables:\n  n: { default: abc }\n${products}${SEED}  a: { type: cloud_lite_keypair, count: "\${var.n}", properties: { name: a-key } }\n  b: { type: cloud_lite_keypair, for_each: 3, properties: { name: b-key } }\n`,
        /^typed\.yaml:7:41: resources\.a\.count: expected a whole number of 0 or more, got a string\ntyped\.yaml:8:44: resources\.b\.for_each: expected a list of strings or a mapping, got a number$/m,
      ],
    ];
    for (const [title, manifest, expected, files] of cases) {
      it(`${title}: no request, even to refresh what the state holds`, async () => {
        for (const [name, text] of Object.entries(files ?? {})) {
          await mkdir(join(folder, dirname(name)), { recursive: true });
          await write(folder, name, text);
        }
        await write(folder, 'typed.yaml', manifest);
        await refusedEverywhere(['typed.yaml'], expected);
      });
    }
  });

  describe('garbage input', () => {
    it('checking stops at 50 errors: 10,000 unknown attributes show 50, and count the rest without describing them', async () => {
      const unknown = Array.from({ length: 10_000 }, (_, index) => `      vm_nam${index}: x\n`).join('');
      await write(folder, 'garbage.yaml', vm({}).replace(/\n$/, `\n${unknown}`));
      const run = await refusedEverywhere(
        ['garbage.yaml'],
        /^garbage\.yaml:12:7: unknown attribute "vm_nam0" in resources\.web \(cloud_lite_vm\); did you mean "vm_name"\?$/m,
      );
      const lines = run.stderr.trimEnd().split('\n');
      expect(lines).to.have.length(52);
      expect(lines.slice(0, 50).every((line) => /^garbage\.yaml:\d+:7: unknown attribute "vm_nam\d+"/.test(line))).to.equal(true);
      expect(lines.slice(50)).to.deep.equal([
        '... and 9,950 more errors not described: checking stops at 50 errors',
        'at least 10,000 errors; nothing was changed.',
      ]);
    });
  });

  describe('manifest paths that name a folder', () => {
    it('a trailing slash after a manifest file is refused by every command that reads a manifest', async () => {
      await write(folder, 'stack.yaml', SEED);
      await refusedEverywhere(['stack.yaml/'], /^cannot read manifest "stack\.yaml\/": not a folder/m);
      await refusedEverywhere([`${join(folder, 'stack.yaml')}/`], /^cannot read manifest ".*stack\.yaml\/": not a folder/m);
      for (const command of [['refresh'], ['graph'], ['cost']]) {
        const requests = cloud.requests().length;
        const run = await cli([...command, 'stack.yaml/'], { cwd: folder, env });
        expect(run.code, command[0]).to.equal(1);
        expect(run.stderr, command[0]).to.match(/^cannot read manifest "stack\.yaml\/": not a folder/m);
        expect(cloud.requests().slice(requests), command[0]).to.deep.equal([]);
      }
    });

    it('a folder, and a var file path with a trailing slash, are refused too', async () => {
      await refusedEverywhere(['.cloudctl'], /^cannot read manifest "\.cloudctl\/\*\.yaml": the folder has no manifest file/m);
      await write(folder, 'values.yaml', 'name: x\n');
      await refusedEverywhere(
        ['stack.yaml', '--var-file', 'values.yaml/'],
        /^cannot read var file "values\.yaml\/": the path ends with "\/"/m,
      );
    });
  });
});
