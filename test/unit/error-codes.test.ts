/**
 * Every error class a program may meet is exported from the package root
 * (src/index.ts) with a stable string `code`, and docs/automation.md's
 * "Errors" table lists it with that code. A new exported error class without
 * a sample here (and so, without its row) fails the first test.
 *
 * Run: npx mocha --no-config --import=tsx test/unit/error-codes.test.ts
 */
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import * as root from '../../src/index.js';

const holder = { id: 'l1', pid: 1, host: 'h', started_at: '2026-01-01T00:00:00Z', command: 'plan' };
const call = { method: 'GET', path: '/lites/accounts' };
const payment = { invoice_id: 'i1' } as unknown as ConstructorParameters<typeof root.AwaitingPaymentError>[2];

/** One instance of each exported error class (the abstract ApiCallError through a subclass). */
const samples: Record<string, () => Error> = {
  DiagnosticError: () => new root.DiagnosticError([{ severity: 'error', message: 'bad' }]),
  StalePlanError: () => new root.StalePlanError('stale'),
  PlanAlteredError: () => new root.PlanAlteredError('altered'),
  PlanWorkspaceError: () => new root.PlanWorkspaceError('elsewhere'),
  EngineBusyError: () => new root.EngineBusyError('plan', 'apply', 0, 'fail'),
  EngineClosedError: () => new root.EngineClosedError('plan'),
  StateError: () => new root.StateError('state'),
  StateLockedError: () => new root.StateLockedError(holder, '.cloudctl/state.lock'),
  StateCorruptError: () => new root.StateCorruptError('state.json', 'not JSON'),
  StateDamagedError: () => new root.StateDamagedError('journal.jsonl', [{ line: 2, reason: 'checksum' }], 'the order'),
  AccountHeldError: () => new root.AccountHeldError('b', 'cloud_lite_vm 1', 'a'),
  WatcherRunningError: () => new root.WatcherRunningError('watching'),
  ReconcileError: () => new root.ReconcileError('ambiguous', []),
  MigrationMoveError: () => new root.MigrationMoveError('no'),
  ApiCallError: () => new root.NetworkError({ ...call, code: 'ECONNRESET', detail: '', attempts: 4 }),
  ApiError: () => new root.ApiError({ ...call, status: 422, code: 7, serverMessage: 'no' }),
  InvalidResponseError: () => new root.InvalidResponseError({ ...call, status: 200, reason: 'not JSON' }),
  NetworkError: () => new root.NetworkError({ ...call, code: 'ECONNREFUSED', detail: '', attempts: 1 }),
  OrderOutcomeUnknownError: () => new root.OrderOutcomeUnknownError({ ...call, reason: 'reset' }),
  PollTimeoutError: () => new root.PollTimeoutError({ path: '/x', lastStatus: 'Pending', waitedSeconds: 5 }),
  ResourceFailedError: () => new root.ResourceFailedError({ path: '/x', status: 'Suspended' }),
  AwaitingPaymentError: () => new root.AwaitingPaymentError('vm', '7', payment),
  DeleteRefusedError: () => new root.DeleteRefusedError('no'),
  PaidCallRefusedError: () => new root.PaidCallRefusedError('no'),
  FreeRunRefusedError: () => new root.FreeRunRefusedError('no'),
  OrderNotPlacedError: () => new root.OrderNotPlacedError('no'),
};

/** `| \`Class\` | \`code\` |` rows of docs/automation.md's table. */
function documentedCodes(): Map<string, string> {
  const text = readFileSync(new URL('../../docs/automation.md', import.meta.url), 'utf8');
  const rows = new Map<string, string>();
  for (const match of text.matchAll(/^\| `(\w+Error)` \| (`(\w+)`|\(its subclass's\)) \|/gm)) rows.set(match[1], match[3] ?? '');
  return rows;
}

describe('error classes: exported from the package root, each with a documented code', () => {
  it('has a sample for every error class the root exports (and nothing else)', () => {
    const exported = Object.entries(root)
      .filter(([, value]) => typeof value === 'function' && (value as { prototype?: unknown }).prototype instanceof Error)
      .map(([name]) => name)
      .sort();
    expect(exported).to.deep.equal(Object.keys(samples).sort());
  });

  it('gives each a string code, unique to its class, as the docs table says', () => {
    const documented = documentedCodes();
    const seen = new Map<string, string>();
    for (const [name, make] of Object.entries(samples)) {
      const error = make();
      expect(error, name).to.be.instanceOf((root as unknown as Record<string, new (...args: never[]) => Error>)[name]);
      const code = (error as { code?: unknown }).code;
      expect(code, name)
        .to.be.a('string')
        .and.match(/^[a-z]+(_[a-z]+)*$/);
      expect(documented.has(name), `docs/automation.md has no row for ${name}`).to.equal(true);
      if (name === 'ApiCallError') continue; // abstract: its subclasses' codes
      expect(documented.get(name), name).to.equal(code);
      expect(seen.get(code as string), `${name} and ${seen.get(code as string)} share ${String(code)}`).to.equal(undefined);
      seen.set(code as string, name);
    }
  });
});
