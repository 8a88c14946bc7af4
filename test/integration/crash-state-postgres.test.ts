/**
 * Crash harness of the PostgreSQL backend's state write path (issue 35): a
 * state of 300 resources in a real PostgreSQL schema goes through rounds of
 * a clean run of 2 changes and a run of 200 changes (written four at a
 * time, so records of several changes, two on one address, go through the
 * net-effect write: one upsert, one delete, serial and log in one
 * statement) killed with SIGKILL at a seeded random instant. After each
 * kill: the lock is free again (the next run takes it), the state reads
 * back as a valid document, every change the killed run was told was
 * durable is in it, it holds what the rows hold (it is read from the
 * compacted snapshot and the log since), and the serial is the change log's last record. Rounds:
 * 1 in `npm test`, 12 under the soak tier.
 */
import { expect } from 'chai';
import { join } from 'node:path';
import pg from 'pg';
import { openState, PostgresBackend } from '../../src/state/index.js';
import { seededRng } from '../../src/sim/random.js';
import { runWriterChild } from '../support/writer-child-run.js';
import { soakCount } from './helpers.js';
import { freshSchema, stopTestPostgres, testPostgresUrl } from '../support/postgres.js';

const CHILD = join('test', 'support', 'state-writer-postgres-child.ts');

/** Runs the writer child on `schema` of `url` (runWriterChild); with `killAfterMs`, kills it that long after its first durable change. */
function runWriter(
  url: string,
  schema: string,
  first: number,
  count: number,
  killAfterMs?: number,
): Promise<{ acked: number[]; closed: boolean }> {
  return runWriterChild(CHILD, [url, schema, String(first), String(count)], killAfterMs);
}

describe('integration: crashes on the PostgreSQL state write path', function () {
  this.timeout(soakCount(900_000, 180_000));
  let url: string;

  before(async () => {
    url = await testPostgresUrl();
  });
  after(async () => {
    await stopTestPostgres();
  });

  it('loses no acknowledged change when killed mid-run, the serial is the log last record, and the lock is freed', async () => {
    const schema = freshSchema('crash');
    const seeded = await openState(
      { backend: 'postgres', url, schema, workspace: 'default' },
      { lock: { command: 'seed' }, passphrase: '' },
    );
    for (let slot = 0; slot < 300; slot++)
      void seeded.store.setResource(`r${slot}`, {
        type: 'cloud_lite_keypair',
        id: String(100_000 + slot),
        attributes: { name: `key-${slot}`, n: -1, status: 'Active' },
        dependencies: [],
      });
    await seeded.store.checkpoint();
    await seeded.close();
    const random = seededRng(35);
    const latest = new Map<string, number>();
    let next = 0;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      for (let round = 0; round < soakCount(12, 1); round++) {
        const clean = await runWriter(url, schema, next, 2);
        expect(clean.closed, 'a clean run takes the lock the killed run held').to.equal(true);
        for (const n of clean.acked) latest.set(`r${(n >> 1) % 300}`, n);
        next += 2;
        const killed = await runWriter(url, schema, next, 200, Math.floor(random() * 200));
        for (const n of killed.acked) latest.set(`r${(n >> 1) % 300}`, n);
        next += 200;
        const reader = new PostgresBackend({ url, schema });
        const document = await reader.read().finally(() => reader.close());
        expect(document, 'the state reads back').to.not.equal(null);
        expect(Object.keys(document!.resources)).to.have.length(300);
        for (const [address, n] of latest)
          expect(document!.resources[address]!.attributes.n as number, `${address} holds its acknowledged change ${n}`).to.be.at.least(n);
        // Read from the snapshot and the log since: the same entries as the rows.
        const rows = await client.query<{ address: string; resource: unknown }>(`SELECT address, resource FROM "${schema}".resources`);
        expect(
          Object.fromEntries(rows.rows.map((row) => [row.address, row.resource])),
          'the snapshot and its log hold what the rows hold',
        ).to.deep.equal(Object.fromEntries(Object.keys(document!.resources).map((address) => [address, document!.resources[address]])));
        const log = await client.query<{ last: string | null }>(`SELECT max(serial)::text AS last FROM "${schema}".changes`);
        if (log.rows[0]!.last !== null)
          expect(document!.serial, 'the serial is the last record of the log').to.equal(Number(log.rows[0]!.last));
      }
    } finally {
      await client.end();
    }
  });
});
