/**
 * The PostgreSQL backend's compacted snapshot (src/state/postgres/snapshot.ts)
 * against a real server: a read is the snapshot plus the change log since,
 * the same document the rows hold; the rows are read instead when the
 * snapshot is unusable (damaged, edited around by hand); a damaged entry
 * is refused when used; a state of schema version 1 whose rows an older
 * cloudctl left in clear under an encrypted header is rewritten whole at
 * the next write.
 */
import { expect } from 'chai';
import pg from 'pg';
import { gunzipSync } from 'node:zlib';
import type { StateDocument } from '../../src/state/document.js';
import { isUnread } from '../../src/state/lazy-resources.js';
import { catalogueSensitivity, EncryptingBackend, PostgresBackend } from '../../src/state/index.js';
import { snapshotBytes } from '../../src/state/postgres/snapshot.js';
import { StateStore } from '../../src/state/store.js';
import { freshSchema, keypairEntryWithSecret, stopTestPostgres, testPostgresUrl } from '../support/postgres.js';

const vm = (id: string) => ({ type: 'cloud_lite_vm', id, attributes: { vm_name: `vm-${id}`, console_password: null }, dependencies: [] });

function documentOf(serial: number, resources: StateDocument['resources'] = {}): StateDocument {
  return { format_version: 1, lineage: 'lineage-a', serial, resources, outputs: {} };
}

describe('state on PostgreSQL: the compacted snapshot', function () {
  this.timeout(120_000);
  let url: string;
  let admin: pg.Client;
  const opened: PostgresBackend[] = [];
  const backend = (schema: string) => {
    const created = new PostgresBackend({ url, schema });
    opened.push(created);
    return created;
  };
  /** The document the rows hold (the snapshot set aside, as for a state without one). */
  const fromRows = async (schema: string) => {
    await admin.query(`UPDATE "${schema}".workspaces SET snapshot_serial = NULL`);
    return backend(schema).read();
  };
  const snapshotText = async (schema: string) =>
    gunzipSync((await admin.query(`SELECT resources FROM "${schema}".snapshots`)).rows[0].resources as Buffer).toString('utf8');

  before(async () => {
    url = await testPostgresUrl();
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((entry) => entry.close()));
  });
  after(async () => {
    await admin.end();
    await stopTestPostgres();
  });

  it('reads the snapshot and the log since as the rows hold them (sorted, entries parsed on use), compacts at the stored serial', async () => {
    const schema = freshSchema();
    const state = backend(schema);
    await state.write(documentOf(1, { web: vm('100'), db: vm('101'), cache: vm('102') }));
    await state.appendChanges({
      lineage: 'lineage-a',
      serial: 2,
      changes: [
        { op: 'remove', address: 'db' },
        { op: 'set', address: 'api', resource: vm('200') },
        { op: 'set', address: '__proto__', resource: vm('201') },
        { op: 'set', address: 'web', resource: vm('202') },
      ],
    });
    const read = (await backend(schema).read())!;
    expect(isUnread(read.resources, 'cache')).to.equal(true); // from the snapshot, not parsed yet
    expect(Object.keys(read.resources)).to.deep.equal(['__proto__', 'api', 'cache', 'web']);
    expect(Object.getPrototypeOf(read.resources)).to.equal(Object.prototype);
    const plain = {
      ...read,
      resources: Object.fromEntries(Object.keys(read.resources).map((address) => [address, read.resources[address]])),
    };
    expect(plain).to.deep.equal(await fromRows(schema));

    // The end of a run at the stored serial: the snapshot is written at it, the log emptied, no row touched.
    const versions = async () => (await admin.query(`SELECT address, xmin::text AS x FROM "${schema}".resources ORDER BY address`)).rows;
    const before = await versions();
    await backend(schema).write({ ...documentOf(2), resources: plain.resources });
    expect(await versions()).to.deep.equal(before);
    const head = await admin.query(`SELECT snapshot_serial, (SELECT count(*) FROM "${schema}".changes) AS log FROM "${schema}".workspaces`);
    expect(head.rows[0]).to.deep.equal({ snapshot_serial: '2', log: '0' });
    expect((await snapshotText(schema)).split('\n').filter(Boolean).length).to.equal(4);
    const again = backend(schema);
    expect(Object.keys((await again.read())!.resources)).to.deep.equal(['__proto__', 'api', 'cache', 'web']);
    expect(again.changesSinceSnapshot()).to.equal(0);
  });

  it('reads the rows when the snapshot is damaged or the rows were edited by hand, and refuses a damaged entry when it is used', async () => {
    const schema = freshSchema();
    await backend(schema).write(documentOf(1, { web: vm('100'), db: vm('101') }));
    // A fix by hand in SQL: the trigger sets the snapshot aside, the next read sees the edit.
    await admin.query(`UPDATE "${schema}".resources SET resource = $1 WHERE address = 'web'`, [JSON.stringify(vm('150'))]);
    const edited = backend(schema);
    expect((await edited.read())!.resources.web).to.deep.equal(vm('150'));
    expect(edited.changesSinceSnapshot()).to.be.at.least(2); // the next write makes a snapshot of the rows
    await edited.write(documentOf(1, { db: vm('101'), web: vm('150') }));
    expect(await snapshotText(schema)).to.include('"id":"150"');

    // A value that does not decompress: the rows are read.
    await admin.query(`UPDATE "${schema}".snapshots SET resources = $1`, [Buffer.from('not gzip')]);
    expect((await backend(schema).read())!.resources.web).to.deep.equal(vm('150'));

    // An entry that decompresses but is not valid: refused when used, naming the database and the entry.
    await admin.query(`UPDATE "${schema}".snapshots SET resources = $1`, [
      snapshotBytes({ db: vm('101'), web: { ...vm('150'), id: 150 } as never }).bytes,
    ]);
    const read = (await backend(schema).read())!;
    expect(() => read.resources.web).to.throw(
      /^the state in .*schema .*, workspace default\) is not valid: resources\.web\.id must be a string$/,
    );
    // So does anything that reads every entry (a whole write of it).
    expect(() => JSON.stringify(read)).to.throw(/resources\.web\.id must be a string/);
  });

  it('a state of schema version 1 with rows in clear under an encrypted header (an older cloudctl) is rewritten whole at the next write', async () => {
    const schema = freshSchema();
    const key = keypairEntryWithSecret;
    const encrypted = () =>
      new EncryptingBackend(backend(schema), { passphrase: 'pass phrase', sensitive: catalogueSensitivity, cost: { n: 1024, r: 8, p: 1 } });
    await encrypted().write(documentOf(1, { old: key('7'), other: key('6') }));
    // As a cloudctl of schema version 1 left it: no snapshot, no rows_key, and a row whose secret is in clear.
    await admin.query(
      `ALTER TABLE "${schema}".workspaces DROP COLUMN snapshot_serial, DROP COLUMN rows_key;
       DROP TABLE "${schema}".snapshots; DROP FUNCTION "${schema}".snapshot_outdated() CASCADE;
       UPDATE "${schema}".schema_version SET version = 1`,
    );
    await admin.query(`UPDATE "${schema}".resources SET resource = $1 WHERE address = 'old'`, [JSON.stringify(key('7'))]);
    const inClear = async () =>
      (await admin.query(`SELECT address FROM "${schema}".resources WHERE resource::text LIKE '%PRIVATE KEY%' ORDER BY address`)).rows.map(
        (row: { address: string }) => row.address,
      );
    expect(await inClear()).to.deep.equal(['old']);

    // One change of a run with the passphrase, settled at its end: every row under the key, the snapshot too.
    const store = await StateStore.open(encrypted());
    expect(store.resource('old')!.attributes.private_key).to.equal('-----BEGIN PRIVATE KEY-----7');
    await store.setResource('new', key('8'));
    await store.checkpoint();
    expect(await inClear()).to.deep.equal([]);
    expect(await snapshotText(schema)).to.not.include('PRIVATE KEY');
    const read = (await encrypted().read())!;
    expect(read.resources.old!.attributes.private_key).to.equal('-----BEGIN PRIVATE KEY-----7');
    expect(read.resources.new!.attributes.private_key).to.equal('-----BEGIN PRIVATE KEY-----8');
  });
});
