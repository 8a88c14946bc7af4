/**
 * Values checked against a data source at plan time: a bare-metal
 * `rebuild_os` must be in the server's rebuild OS list.
 */
import { expect } from 'chai';
import type { RunningSimulator } from '../../src/sim/index.js';
import { cli, startCloud, tempFolder, write, writes } from './helpers.js';

const manifest = (rebuild?: string) => `data:
  metal: { type: cloud_baremetal_products }
resources:
  key: { type: cloud_baremetal_keypair, properties: { name: rebuild-key } }
  db:
    type: cloud_baremetal
    properties:
      product_id: \${data.metal.products[0].product_id}
      cycle: m
      keypair_id: \${key.keypair_id}
      label: rebuild-db
${rebuild ? `      rebuild_os: ${rebuild}\n` : ''}`;

describe('integration: rebuild_os checked against the rebuild OS list', function () {
  this.timeout(60_000);
  let cloud: RunningSimulator;
  before(async () => {
    cloud = await startCloud();
  });
  after(async () => {
    await cloud?.close();
  });

  it('an OS the list does not have is a plan error naming the valid ones; a listed one plans the rebuild', async () => {
    const folder = await tempFolder();
    const env = { CLOUDCTL_BASE_URL: cloud.url };
    await write(folder, 'metal.yaml', manifest());
    const created = await cli(['apply', 'metal.yaml', '--auto-approve'], { cwd: folder, env });
    expect(created.code, created.stderr + created.stdout).to.equal(0);

    await write(folder, 'metal.yaml', manifest('windows-2022'));
    const before = cloud.requests().length;
    const bad = await cli(['plan', 'metal.yaml'], { cwd: folder, env });
    expect(bad.code).to.equal(1);
    expect(bad.stderr).to.match(
      /^metal\.yaml:12:7: db\.rebuild_os: "windows-2022" is not valid for cloud_baremetal \d+; cloud_baremetal_rebuild_os_list lists: ubuntu-22, .*debian-12/m,
    );
    expect(writes(cloud.requests().slice(before))).to.deep.equal([]);

    await write(folder, 'metal.yaml', manifest('debian-12'));
    const good = await cli(['plan', 'metal.yaml', '--detailed-exitcode'], { cwd: folder, env });
    expect(good.code, good.stderr).to.equal(2);
    expect(good.stdout).to.include('fires rebuild once');
  });
});
