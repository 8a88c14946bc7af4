/**
 * Types known before any request (issue 39, item 4): an expression whose
 * result type is known without data (a condition, a function's result, an
 * operator) and can never fit is a located error of `validate`, `plan` and
 * `apply`, with no request at all, whether the block it reads is still to
 * be created or already in the state (where plan would otherwise refresh
 * it with a GET).
 */
import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RunningSimulator } from '../../src/sim/index.js';
import { cli, startCloud, tempFolder, write } from './helpers.js';

/** A keypair `key_a` and a lite VM whose `keypair_id` is written as `keypairId` (YAML text). */
const manifest = (keypairId: string) => `resources:
  key_a:
    type: cloud_lite_keypair
    properties:
      name: key-a
  web:
    type: cloud_lite_vm
    properties:
      product_id: 1547
      select_os: ubuntu-22.04
      keypair_id: ${keypairId}
      ssh_and_console_user: deployer
      console_password: Passw0rdXyz1
      cycle: m
`;

const CASES: Array<[title: string, keypairId: string, expected: RegExp]> = [
  [
    'a number used as a condition',
    '"${key_a.keypair_id ? 1 : 2}"',
    /^main\.yaml:11:22: the condition of "\?" must be a boolean, got a number$/m,
  ],
  [
    "a function's string where an integer belongs",
    '"${upper(key_a.name)}"',
    /^main\.yaml:11:22: resources\.web\.keypair_id: expected an integer, got a string from upper\(\) \(convert it with tonumber\(\)\)$/m,
  ],
];

describe('integration: types known before any request (issue 39, item 4)', function () {
  this.timeout(60_000);
  let cloud: RunningSimulator;
  let env: Record<string, string>;
  before(async () => {
    cloud = await startCloud();
    env = { CLOUDCTL_BASE_URL: cloud.url };
  });
  after(async () => {
    await cloud?.close();
  });

  /** Runs validate, plan and apply in `folder`: each fails with `expected`, exit 1, and the simulator sees no request. */
  async function refusedWithoutRequests(folder: string, expected: RegExp): Promise<void> {
    const requests = cloud.requests().length;
    for (const command of [['validate'], ['plan'], ['apply', '--auto-approve']]) {
      const run = await cli([...command, 'main.yaml'], { cwd: folder, env });
      expect(run.code, `${command[0]}: ${run.stdout}${run.stderr}`).to.equal(1);
      expect(run.stderr, command[0]).to.match(expected);
      expect(run.stderr, command[0]).to.include('1 error; nothing was changed.');
      expect(cloud.requests().slice(requests), `${command[0]} made requests`).to.deep.equal([]);
    }
  }

  for (const [title, keypairId, expected] of CASES) {
    it(`${title} (${keypairId}): refused on an empty workspace, key_a not created`, async () => {
      const folder = await tempFolder('static-types');
      await write(folder, 'main.yaml', manifest(keypairId));
      await refusedWithoutRequests(folder, expected);
    });
  }

  it('with key_a in the state, plan refuses both before refreshing it (no GET), and the state is untouched', async () => {
    const folder = await tempFolder('static-types-seeded');
    await write(folder, 'main.yaml', manifest('${key_a.keypair_id}'));
    const created = await cli(['apply', 'main.yaml', '--auto-approve', '--target', 'key_a'], { cwd: folder, env });
    expect(created.code, created.stderr + created.stdout).to.equal(0);
    const state = await readFile(join(folder, '.cloudctl', 'state.json'), 'utf8');
    for (const [, keypairId, expected] of CASES) {
      await write(folder, 'main.yaml', manifest(keypairId));
      await refusedWithoutRequests(folder, expected);
    }
    expect(await readFile(join(folder, '.cloudctl', 'state.json'), 'utf8')).to.equal(state);
  });

  it('what the type allows still plans: a condition made of a comparison, a number from tonumber()', async () => {
    const folder = await tempFolder('static-types-fine');
    await write(folder, 'main.yaml', manifest('"${key_a.keypair_id > 0 ? key_a.keypair_id : 0}"'));
    const compared = await cli(['validate', 'main.yaml'], { cwd: folder, env });
    expect(compared.code, compared.stderr).to.equal(0);
    await write(folder, 'main.yaml', manifest('"${tonumber(key_a.keypair_id)}"'));
    const converted = await cli(['plan', 'main.yaml'], { cwd: folder, env });
    expect(converted.code, converted.stderr).to.equal(0);
    expect(converted.stdout).to.match(/2 to add/);
  });
});
