/**
 * Bad input left over from issue 24 (item 3), driven through the CLI in
 * process: every case must end as an error (located `file:line:col` where
 * the manifest has a place for it), a non-zero exit, no request to the
 * cloud and no change to the state, for `validate`, `plan` and `apply`.
 */
import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
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
      expect(run.stderr, command[0]).to.match(expected);
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

  describe('manifest paths that name a folder', () => {
    it('a trailing slash after a manifest file is refused by every command that reads a manifest', async () => {
      await write(folder, 'stack.yaml', SEED);
      await refusedEverywhere(
        ['stack.yaml/'],
        /^cannot read manifest "stack\.yaml\/": the path ends with "\/"; give the manifest's file name/m,
      );
      await refusedEverywhere([`${join(folder, 'stack.yaml')}/`], /^cannot read manifest ".*stack\.yaml\/": the path ends with "\/"/m);
      for (const command of [['refresh'], ['graph'], ['cost']]) {
        const requests = cloud.requests().length;
        const run = await cli([...command, 'stack.yaml/'], { cwd: folder, env });
        expect(run.code, command[0]).to.equal(1);
        expect(run.stderr, command[0]).to.match(/^cannot read manifest "stack\.yaml\/": the path ends with "\/"/m);
        expect(cloud.requests().slice(requests), command[0]).to.deep.equal([]);
      }
    });

    it('a folder, and a var file path with a trailing slash, are refused too', async () => {
      await refusedEverywhere(['.cloudctl'], /^cannot read manifest "\.cloudctl": it is a directory$/m);
      await write(folder, 'values.yaml', 'name: x\n');
      await refusedEverywhere(
        ['stack.yaml', '--var-file', 'values.yaml/'],
        /^cannot read var file "values\.yaml\/": the path ends with "\/"/m,
      );
    });
  });
});
