/**
 * The ledger of a `cloudctl test --against` run (src/testing/real-api.ts):
 * what each step's state shows it ordered, and at the end what became of
 * every account: destroyed by a step or at the end, kept, or left behind
 * (an account live at the end that was not before the run and no state
 * holds: an order placed twice, or one the state never recorded).
 */
import { expect } from 'chai';
import { END_OF_RUN, RunLedger, accountLine, type Listing } from '../../src/testing/real-api.js';
import type { PlanDocument } from '../../src/plan/document.js';
import type { StateDocument } from '../../src/state/document.js';

const plan = (creates: string[]) =>
  ({ changes: creates.map((address) => ({ address, mode: 'resource', action: 'create' })) }) as unknown as PlanDocument;
const state = (resources: Record<string, [string, string]>) =>
  ({
    resources: Object.fromEntries(
      Object.entries(resources).map(([address, [type, id]]) => [address, { type, id, attributes: {}, dependencies: [] }]),
    ),
  }) as unknown as StateDocument;
const listing = (entries: Array<[string, string]>): Listing => new Map(entries.map(([type, id]) => [`${type} ${id}`, { type, id }]));

describe('unit: cloudctl test --against: the run ledger (issue 39, finding 2)', () => {
  it('tells every account ordered: destroyed by a step, at the end, or left behind when live and held by no state', () => {
    const ledger = new RunLedger();
    ledger.noteStep('apply', plan(['key', 'web']), state({ key: ['cloud_lite_keypair', '7'], web: ['cloud_lite_vm', '100001'] }));
    ledger.noteStep('remove web', plan([]), state({ key: ['cloud_lite_keypair', '7'] }));
    ledger.noteStep(END_OF_RUN, undefined, state({}));
    const before = listing([['cloud_lite_vm', '99']]);
    const after = listing([
      ['cloud_lite_vm', '99'],
      ['cloud_lite_vm', '100002'],
    ]);
    const accounts = ledger.outcomes({ stateKeys: new Set(), kept: undefined, before, after });
    expect(accounts.map(accountLine)).to.deep.equal([
      'cloud_lite_keypair 7 (key, ordered by "apply"): destroyed at the end of the run',
      'cloud_lite_vm 100001 (web, ordered by "apply"): destroyed by step "remove web"',
      `cloud_lite_vm 100002 (no state held it): LEFT BEHIND live since this run started, and no state holds it (it keeps billing); the run ordered web of that type: an order placed twice?`,
    ]);
  });

  it("an account an import brought in is not the run's order; a kept state keeps what it holds", () => {
    const ledger = new RunLedger();
    ledger.noteStep('import', plan([]), state({ old: ['cloud_lite_vm', '5'] }));
    ledger.noteStep('apply', plan(['web']), state({ old: ['cloud_lite_vm', '5'], web: ['cloud_lite_vm', '6'] }));
    const accounts = ledger.outcomes({
      stateKeys: new Set(['cloud_lite_vm 5', 'cloud_lite_vm 6']),
      kept: '/tmp/kept/.cloudctl/state.json',
      before: listing([['cloud_lite_vm', '5']]),
      after: listing([
        ['cloud_lite_vm', '5'],
        ['cloud_lite_vm', '6'],
      ]),
    });
    expect(accounts.map(accountLine)).to.deep.equal(['cloud_lite_vm 6 (web, ordered by "apply"): kept in /tmp/kept/.cloudctl/state.json']);
  });
});
