/**
 * Crash harness of the state's write path at the end of a run (issue 35):
 * a run that changed a few resources of a larger state closes it without
 * rewriting the snapshot (`StateStore.settle`: the change log is kept until
 * it holds a record per 100 resources), so later runs start with a
 * non-empty change log and append to it. Here a state of 300 resources
 * goes through rounds of two clean runs of 1 change (the second must
 * leave the log in place) and a run of 200 changes killed with SIGKILL at a seeded
 * random instant; after each kill, every change the killed run was told
 * was durable is in the state read back, and the state reads as a valid
 * document, each resource's `raw` (written compacted in the snapshot,
 * src/state/local/compact.ts) the exact text of its change. Rounds: 1 in
 * `npm test`, 12 under the soak tier.
 */
import { expect } from 'chai';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { LocalBackend, openLocalState } from '../../src/state/index.js';
import { seededRng } from '../../src/sim/random.js';
import { runWriterChild } from '../support/writer-child-run.js';
import { soakCount, tempFolder } from './helpers.js';

const CHILD = join('test', 'support', 'state-writer-child.ts');

/** Runs the writer child on `statePath` (runWriterChild); with `killAfterMs`, kills it that long after its first durable change. */
function runWriter(statePath: string, first: number, count: number, killAfterMs?: number): Promise<{ acked: number[]; closed: boolean }> {
  return runWriterChild(CHILD, [statePath, String(first), String(count)], killAfterMs);
}

describe('integration: crashes on the state write path that keeps the change log across runs', function () {
  this.timeout(soakCount(900_000, 180_000)); // 12 rounds of three processes under the soak tier

  it('loses no acknowledged change when killed, a clean run of a few changes leaving the log in place', async () => {
    const folder = await tempFolder('cloudctl-crash-log-');
    const statePath = join(folder, '.cloudctl', 'state.json');
    const seeded = await openLocalState(statePath, { lock: { command: 'seed' }, passphrase: '' });
    for (let n = 0; n < 300; n++) {
      void seeded.store.setResource(`r${n}`, {
        type: 'cloud_lite_keypair',
        id: String(100_000 + n),
        attributes: {
          name: `key-${n}`,
          n,
          status: 'Active',
          raw: JSON.stringify({ id: 100_000 + n, name: `key-${n}`, n, status: 'Active' }),
        },
        dependencies: [],
      });
    }
    await seeded.store.checkpoint();
    await seeded.close();
    const random = seededRng(35);
    const latest = new Map<string, number>();
    let next = 300;
    for (let round = 0; round < soakCount(12, 1); round++) {
      // Two clean runs of 1 change: the first compacts the long log a killed run left (if any), the second keeps its record.
      for (let run = 0; run < 2; run++) {
        const clean = await runWriter(statePath, next, 1);
        expect(clean.closed).to.equal(true);
        for (const n of clean.acked) latest.set(`r${n % 300}`, n);
        next += 1;
      }
      expect(statSync(`${statePath}.changes`).size, 'the change log is kept by a run of 1 change in 300 resources').to.be.greaterThan(0);
      const killed = await runWriter(statePath, next, 200, Math.floor(random() * 150));
      for (const n of killed.acked) latest.set(`r${n % 300}`, n);
      next += 200;
      const document = await new LocalBackend({ statePath }).read();
      expect(document, 'the state reads back').to.not.equal(null);
      for (const [address, n] of latest) {
        const attributes = document!.resources[address]!.attributes;
        expect((attributes.n as number) >= n, `${address} holds its acknowledged change ${n}`).to.equal(true);
        // The snapshot keeps raw compacted: read back, it is the exact text of the same change.
        expect(attributes.raw, `${address}'s raw`).to.equal(
          JSON.stringify({ id: Number(document!.resources[address]!.id), name: attributes.name, n: attributes.n, status: 'Active' }),
        );
      }
      expect(readFileSync(statePath, 'utf8'), 'the snapshot is written compacted').to.match(/"format_version": 2,[^]*"raw_elided":true/);
    }
    expect(existsSync(`${statePath}.changes`)).to.equal(true);
  });
});
