/**
 * A local state file read ahead of its lock (issue 35: the copy of a
 * 130 MB file overlaps the manifest's parse, src/state/local/read-ahead.ts):
 * the store uses the bytes only when the file is, under the lock, the one
 * they were read from; a file replaced (cloudctl's own writes rename a new
 * file over it) or written in place since is read again, and bytes nobody
 * took are dropped.
 */
import { expect } from 'chai';
import { appendFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { LocalBackend } from '../../src/state/index.js';
import type { StateDocument } from '../../src/state/document.js';
import { readStateAhead, takeStateReadAhead } from '../../src/state/local/read-ahead.js';
import { resolveWorkspace, withStateReadAhead } from '../../src/state/workspace.js';
import { tempFolder } from '../temp-folders.js';

function documentOf(serial: number): StateDocument {
  return {
    format_version: 1,
    lineage: '6f1c1d2e-0000-4000-8000-000000000035',
    serial,
    resources: { key: { type: 'cloud_lite_keypair', id: '1', attributes: { name: 'k1' }, dependencies: [] } },
    outputs: {},
  };
}

async function written(): Promise<{ statePath: string; backend: LocalBackend }> {
  const folder = await tempFolder('cloudctl-read-ahead-');
  const statePath = join(folder, 'state.json');
  const backend = new LocalBackend({ statePath });
  await backend.write(documentOf(1));
  return { statePath, backend };
}

describe('state: a local state file read ahead of its lock', () => {
  it('gives the store the bytes of the unchanged file, once', async () => {
    const { statePath } = await written();
    readStateAhead(statePath);
    expect((await takeStateReadAhead(statePath))?.equals(await readFile(statePath))).to.equal(true);
    expect(await takeStateReadAhead(statePath)).to.equal(undefined);
  });

  it('refuses the bytes of a file replaced since (a write by another run): the store reads the new one', async () => {
    const { statePath, backend } = await written();
    const ahead = readStateAhead(statePath);
    await new Promise((resolve) => setTimeout(resolve, 20)); // the read ahead is done before the write
    await new LocalBackend({ statePath }).write(documentOf(2)); // a new file renamed over the old one
    expect((await backend.read())!.serial).to.equal(2);
    ahead.forget();
    readStateAhead(statePath);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await new LocalBackend({ statePath }).write(documentOf(3));
    expect(await takeStateReadAhead(statePath)).to.equal(undefined);
  });

  it('refuses the bytes of a file written in place since', async () => {
    const { statePath } = await written();
    readStateAhead(statePath);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await appendFile(statePath, '\n');
    expect(await takeStateReadAhead(statePath)).to.equal(undefined);
  });

  it('drops bytes nobody took, and reads nothing ahead for a missing file', async () => {
    const { statePath } = await written();
    readStateAhead(statePath).forget();
    expect(await takeStateReadAhead(statePath)).to.equal(undefined);
    const missing = join(await tempFolder('cloudctl-read-ahead-'), 'state.json');
    readStateAhead(missing);
    expect(await takeStateReadAhead(missing)).to.equal(undefined);
  });

  it('around a load, reads the workspace state ahead for the load and forgets it after, even when the load throws', async () => {
    const folder = await tempFolder('cloudctl-read-ahead-');
    const ws = resolveWorkspace({}, { cwd: folder, env: {} });
    const statePath = ws.resolve(ws.statePath);
    await mkdir(dirname(statePath), { recursive: true });
    await writeFile(statePath, 'the bytes');
    // The module instance withStateReadAhead loads (it imports read-ahead.ts when called).
    const loaded = await import('../../src/state/local/read-ahead.js');
    const taken = await withStateReadAhead(ws, () => loaded.takeStateReadAhead(statePath));
    expect(taken?.toString()).to.equal('the bytes');
    let thrown: unknown;
    try {
      await withStateReadAhead(ws, () => Promise.reject(new Error('bad manifest')));
    } catch (error) {
      thrown = error;
    }
    expect((thrown as Error).message).to.equal('bad manifest');
    expect(await loaded.takeStateReadAhead(statePath)).to.equal(undefined);
  });

  it('leaves a bad backend setting to be reported where the state is opened, after the load', async () => {
    const ws = resolveWorkspace({ backend: 'ftp://example.invalid/state' }, { cwd: await tempFolder('cloudctl-read-ahead-'), env: {} });
    expect(() => ws.stateLocation()).to.throw();
    expect(await withStateReadAhead(ws, () => Promise.resolve('loaded'))).to.equal('loaded');
  });
});
