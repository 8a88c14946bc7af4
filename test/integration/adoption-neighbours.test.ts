/**
 * `cloudctl import --all` knows its neighbours (src/engine/adoption/neighbours.ts):
 * accounts another workspace of the backend manages (PostgreSQL, for real;
 * and the local folder's other workspaces) or another state file given with
 * `--exclude-state` manages are left out of the manifest and listed apart,
 * "managed by workspace prod"; and what the adopted accounts are billed is
 * printed as every other amount is (`Rp 75.000 per month`).
 *
 * Run: npx mocha --no-config --import=tsx --require test/temp-folders.ts test/integration/adoption-neighbours.test.ts
 */
import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'yaml';
import { TEST_TOKEN, useStack } from './helpers.js';
import { Portal } from '../fixtures/portal.js';
import { freshSchema, stopTestPostgres, testPostgresUrl } from '../support/postgres.js';

/** The ids the `import:` blocks of the written manifest adopt. */
async function adoptedIds(folder: string, file: string): Promise<string[]> {
  const manifest = parse(await readFile(join(folder, file), 'utf8')) as { import: Array<{ id: string }> };
  return manifest.import.map((entry) => entry.id).sort();
}

describe('integration: import --all leaves out what its neighbours manage', function () {
  this.timeout(120_000);
  const stack = useStack({ each: true, prefix: 'cloudctl-neighbours-' });
  const portal = () => new Portal(stack.cloud.url, TEST_TOKEN);

  /** Three keypairs and one VM ordered outside cloudctl. */
  async function accounts() {
    const keys = [];
    for (const name of ['team-key', 'prod-key', 'billing-key']) keys.push(await portal().keypair('/lites', name));
    const vm = await portal().vm('/lites', keys[0], 'web-01', { password: 'Neighb0urPass' });
    await portal().settle(['/lites/accounts']);
    return { team: keys[0], prod: keys[1], billing: keys[2], vm };
  }

  async function ok(...args: string[]) {
    const result = await stack.run(...args);
    expect(result.code, `${args.join(' ')}: ${result.stderr}${result.stdout}`).to.equal(0);
    return result;
  }

  it('local: leaves out the other workspaces and the --exclude-state files, each listed apart; money as everywhere', async () => {
    const ids = await accounts();
    await ok('workspace', 'new', 'prod');
    await ok('import', 'cloud_lite_keypair.prod_key', ids.prod);
    await ok('workspace', 'select', 'default');
    await ok('--state', 'billing/state.json', 'import', 'cloud_lite_keypair.billing_key', ids.billing);

    const result = await ok(
      'import',
      '--all',
      '--generate-config-out',
      'adopt.yaml',
      '--exclude-state',
      'billing/state.json',
      '--no-color',
    );
    expect(result.stdout).to.include(`Left out 1 account managed by workspace prod: cloud_lite_keypair ${ids.prod} (prod_key).`);
    expect(result.stdout).to.include(
      `Left out 1 account managed by state file billing/state.json: cloud_lite_keypair ${ids.billing} (billing_key).`,
    );
    expect(await adoptedIds(stack.folder, 'adopt.yaml')).to.deep.equal([ids.team, ids.vm].sort());
    expect(result.stdout).to.match(/^Billed now: Rp \d{1,3}(\.\d{3})* per month\.$/m);
    expect(result.stdout).to.not.match(/per cycle m|Billed now: \d/);

    // Without the file, its account is offered again; a file that is not there is refused.
    await ok('import', '--all', '--generate-config-out', 'again.yaml');
    expect(await adoptedIds(stack.folder, 'again.yaml')).to.include(ids.billing);
    const missing = await stack.run('import', '--all', '--generate-config-out', 'x.yaml', '--exclude-state', 'nowhere.json');
    expect(missing.code).to.equal(1);
    expect(missing.stderr).to.include('--exclude-state nowhere.json: no state file there');
    const alone = await stack.run('import', '--exclude-state', 'billing/state.json');
    expect(alone.code).to.equal(1);
    expect(alone.stderr).to.include('go with --all');
  });

  describe('on PostgreSQL', () => {
    after(async () => {
      await stopTestPostgres();
    });

    it('leaves out the accounts any workspace of the backend manages: "managed by workspace prod"', async () => {
      const url = await testPostgresUrl();
      stack.env.CLOUDCTL_BACKEND = `${url}${url.includes('?') ? '&' : '?'}schema=${freshSchema('neighbours')}`;
      const ids = await accounts();
      await ok('workspace', 'new', 'prod');
      await ok('import', 'cloud_lite_keypair.prod_key', ids.prod);
      await ok('workspace', 'new', 'staging');
      await ok('import', 'cloud_lite_keypair.team_key', ids.team);

      const result = await ok('import', '--all', '--generate-config-out', 'adopt.yaml', '--no-color');
      expect(result.stdout).to.include(`Left out 1 account the state manages already: team_key.`);
      expect(result.stdout).to.include(`Left out 1 account managed by workspace prod: cloud_lite_keypair ${ids.prod} (prod_key).`);
      expect(await adoptedIds(stack.folder, 'adopt.yaml')).to.deep.equal([ids.billing, ids.vm].sort());
      // From the default workspace, both others are neighbours.
      await ok('workspace', 'select', 'default');
      const fromDefault = await ok('import', '--all', '--generate-config-out', 'default.yaml', '--no-color');
      expect(fromDefault.stdout).to.include('managed by workspace prod');
      expect(fromDefault.stdout).to.include(`Left out 1 account managed by workspace staging: cloud_lite_keypair ${ids.team} (team_key).`);
      expect(await adoptedIds(stack.folder, 'default.yaml')).to.deep.equal([ids.billing, ids.vm].sort());
    });
  });
});
