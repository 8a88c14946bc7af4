/**
 * What the language server reads of a state (src/lsp/state-view.ts): the
 * resources without their sensitive attributes, read without the lock and
 * writing nothing; a state that cannot be read is an error, not an empty
 * state (a rename must not go on without its `moved:` entry then).
 */
import { expect } from 'chai';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { openLocalState } from '../../src/state/index.js';
import { readStateResources } from '../../src/lsp/state-view.js';
import { useTempState } from '../support/temp-state.js';

describe('lsp state view', () => {
  const temp = useTempState('lsp-state-');

  it('reads nothing and writes nothing where there is no state', async () => {
    expect(await readStateResources({ cwd: temp.dir, env: {} })).to.deep.equal({ resources: [] });
    expect(await readdir(temp.dir)).to.deep.equal([]);
  });

  it('lists the resources with their plain attributes, without taking the lock held by another run', async () => {
    const writer = await openLocalState(temp.statePath, { lock: { command: 'apply' }, env: {} });
    await writer.store.setResource('key', {
      type: 'cloud_lite_keypair',
      id: '5012',
      attributes: { name: 'k1', keypair_id: 5012, private_key: 'PRIVATE-KEY-TEXT' },
      dependencies: [],
    });
    await writer.store.setResource('web[0]', {
      type: 'cloud_lite_vm',
      id: '100001',
      attributes: { vm_name: 'web-0', label: 'from-a-secret' },
      dependencies: ['key'],
      sensitive_attributes: ['label'],
    });
    const files = (await readdir(dirname(temp.statePath))).sort();
    // The writer still holds the lock: the language server reads regardless, and leaves every file as it was.
    const read = await readStateResources({ cwd: temp.dir, env: {} });
    expect(read).to.deep.equal({
      resources: [
        { address: 'key', type: 'cloud_lite_keypair', id: '5012', attributes: { name: 'k1', keypair_id: 5012 } },
        { address: 'web[0]', type: 'cloud_lite_vm', id: '100001', attributes: { vm_name: 'web-0' } },
      ],
    });
    expect((await readdir(dirname(temp.statePath))).sort()).to.deep.equal(files);
    await writer.close();
  });

  it('says why a state cannot be read', async () => {
    await mkdir(dirname(temp.statePath), { recursive: true });
    await writeFile(temp.statePath, '{ not json');
    const read = await readStateResources({ cwd: temp.dir, env: {} });
    expect(read).to.have.property('error').that.is.a('string').and.not.empty;
    const missing = await readStateResources({ cwd: temp.dir, env: { CLOUDCTL_WORKSPACE: 'staging' } });
    expect(missing)
      .to.have.property('error')
      .that.matches(/workspace "staging" does not exist/);
  });
});
