/**
 * The state layer's front door to its backends: the one URL parser
 * (`parseBackendLocation`), the one factory (`openBackend`), and `state
 * migrate` between two local folders, which goes through the contract's
 * migration methods only.
 */
import { expect } from 'chai';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { StateDocument } from '../../src/state/document.js';
import {
  LocalBackend,
  migrateState,
  openBackend,
  openState,
  parseBackendLocation,
  PostgresBackend,
  type StateLocation,
} from '../../src/state/index.js';
import { useTempState } from '../support/temp-state.js';

const vm = (id: string) => ({ type: 'cloud_lite_vm', id, attributes: { vm_name: `vm-${id}` }, dependencies: [] });

function documentOf(serial: number): StateDocument {
  return { format_version: 1, lineage: 'lineage-a', serial, resources: { web: vm('100') }, outputs: {} };
}

/** The error `promise` rejects with, or undefined. */
async function failure(promise: Promise<unknown>): Promise<Error | undefined> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  return undefined;
}

describe('state: backend locations and the factory', () => {
  const temp = useTempState('state-backends');

  it('parses local as no location, and a postgres URL with its schema, PG* variables filling the gaps', () => {
    expect(parseBackendLocation('local', 'default')).to.equal(undefined);
    expect(parseBackendLocation('postgres://ops@db.internal:5432/infra', 'staging')).to.deep.equal({
      backend: 'postgres',
      url: 'postgres://ops@db.internal:5432/infra',
      schema: 'cloudctl',
      workspace: 'staging',
    });
    expect(parseBackendLocation('postgresql://ops@db/infra?schema=team', 'default', 'block')).to.include({ schema: 'team' });
    expect(parseBackendLocation('postgres://ops@db/infra', 'default', 'block')).to.include({ schema: 'block' });
    const filled = parseBackendLocation('postgres://db.internal/', 'default', undefined, {
      PGUSER: 'ops',
      PGPASSWORD: 'p@ss',
      PGPORT: '6432',
      PGDATABASE: 'infra',
    });
    expect(filled).to.include({ backend: 'postgres', url: 'postgres://ops:p%40ss@db.internal:6432/infra' });
    expect(parseBackendLocation('postgres://ops:given@db/infra', 'default', undefined, { PGPASSWORD: 'env' })).to.include({
      url: 'postgres://ops:given@db/infra',
    });
  });

  it('refuses text that is not a URL and schemes other than postgres', () => {
    expect(() => parseBackendLocation('not a url', 'default')).to.throw(/invalid backend URL/);
    expect(() => parseBackendLocation('s3://bucket/state', 'default')).to.throw(/unsupported backend s3/);
  });

  it('builds the backend of each location, not yet connected', async () => {
    const local = openBackend({ backend: 'local', statePath: temp.statePath });
    expect(local).to.be.instanceOf(LocalBackend);
    expect(local.kind).to.equal('local');
    expect(local.describe()).to.equal(temp.statePath);
    await local.close?.();
    const database = openBackend({ backend: 'postgres', url: 'postgres://ops@127.0.0.1:1/none', workspace: 'w' });
    expect(database).to.be.instanceOf(PostgresBackend);
    expect(database.kind).to.equal('postgres');
    expect(database.describe()).to.equal('postgres://ops@127.0.0.1:1/none (schema cloudctl, workspace w)');
    expect(await database.movedMarker()).to.equal(null);
    await database.close?.();
  });

  it('migrates a local state to another folder, marks the source moved, and refuses to open or migrate it again', async () => {
    const from: StateLocation = { backend: 'local', statePath: temp.statePath };
    const to: StateLocation = { backend: 'local', statePath: join(temp.dir, 'elsewhere', 'state.json') };
    const source = new LocalBackend({ statePath: temp.statePath });
    await source.write(documentOf(3));
    const intent = await source.journal.recordIntent({ address: 'web', type: 'cloud_lite_vm', operation: 'create', inputs: {}, match: {} });
    await source.close();

    const report = await migrateState(from, to, { command: 'state migrate' });
    expect(report).to.include({ lineage: 'lineage-a', serial: 3, resources: 1, journalEntries: 1 });
    const copy = new LocalBackend({ statePath: join(temp.dir, 'elsewhere', 'state.json') });
    expect(await copy.read()).to.deep.equal(documentOf(3));
    expect((await copy.journal.unfinished()).map((entry) => entry.intent_id)).to.deep.equal([intent]);
    await copy.close();

    const marker = JSON.parse(await readFile(`${temp.statePath}.moved`, 'utf8')) as { to: string; lineage: string };
    expect(marker).to.include({ to: to.statePath, lineage: 'lineage-a' });
    expect((await failure(openState(from)))?.message).to.match(/was moved to .*elsewhere.* by 'cloudctl state migrate'/);
    expect((await failure(migrateState(from, to, { command: 'state migrate' })))?.message).to.match(/was already moved to/);

    // Back again: the old place was moved away with this lineage, so its files are set aside and it takes the copy.
    await migrateState(to, from, { command: 'state migrate' });
    expect(await new LocalBackend({ statePath: temp.statePath }).read()).to.deep.equal(documentOf(3));
    expect((await readdir(join(temp.dir, '.cloudctl'))).some((name) => name.startsWith('migrated-'))).to.equal(true);
  });

  it('refuses to migrate onto a folder that holds another state', async () => {
    const other = join(temp.dir, 'other', 'state.json');
    await new LocalBackend({ statePath: temp.statePath }).write(documentOf(1));
    await new LocalBackend({ statePath: other }).write({ ...documentOf(1), lineage: 'lineage-b' });
    const error = await failure(
      migrateState({ backend: 'local', statePath: temp.statePath }, { backend: 'local', statePath: other }, { command: 'state migrate' }),
    );
    expect(error?.message).to.match(/already holds a state: refusing to overwrite it/);
  });
});
