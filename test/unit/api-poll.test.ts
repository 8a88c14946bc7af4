/**
 * Unit tests of src/api/poll.ts: waitUntilActive with a scripted client and
 * once through the real client on a MockAgent.
 */
import { expect } from 'chai';
import { MockAgent } from 'undici';
import { createApiClient } from '../../src/api/client.js';
import { ApiError, PollTimeoutError, ResourceFailedError } from '../../src/api/errors.js';
import { sleep, waitUntilActive } from '../../src/api/poll.js';
import type { ApiClient, RequestOptions } from '../../src/api/types.js';
import type { OperationContext } from '../../src/resources/attribute.js';
import { rejection as rejectionOf } from '../support/rejection.js';

/** A client whose GET answers the scripted replies in order (the last one repeats); an Error reply is thrown. */
function scripted(replies: unknown[]): ApiClient & { paths: string[] } {
  const paths: string[] = [];
  let index = 0;
  return {
    paths,
    async get(path: string, _options?: RequestOptions) {
      paths.push(path);
      const reply = replies[Math.min(index++, replies.length - 1)];
      if (reply instanceof Error) throw reply;
      return reply;
    },
    post: () => Promise.reject(new Error('unexpected POST')),
    put: () => Promise.reject(new Error('unexpected PUT')),
    delete: () => Promise.reject(new Error('unexpected DELETE')),
    close: () => Promise.resolve(),
  };
}

function context(api: ApiClient, overrides: Partial<OperationContext> = {}): OperationContext & { progress: Array<[number, string]> } {
  const progress: Array<[number, string]> = [];
  return {
    api,
    pollIntervalSeconds: 0.005,
    deadline: Date.now() + 5_000,
    onProgress: (elapsed, status) => progress.push([elapsed, status]),
    progress,
    ...overrides,
  };
}

function rejection(promise: Promise<unknown>): Promise<Error> {
  return rejectionOf(promise, 'expected a failure, but the call succeeded');
}

const LITE_FAILURES = ['suspended', 'terminated'];

describe('api poll (src/api/poll.ts)', () => {
  it("starts polls one interval apart: the GET's own time is part of the interval (issue 15)", async () => {
    // A clock that only the GETs move (30 ms each) and a setTimeout that
    // records each requested delay and fires at once: no real time involved.
    const realNow = Date.now;
    const realSetTimeout = globalThis.setTimeout;
    let clock = 1_000_000;
    const delays: number[] = [];
    Date.now = () => clock;
    globalThis.setTimeout = ((callback: () => void, delay?: number) => {
      delays.push(delay ?? 0);
      return realSetTimeout(callback, 0);
    }) as typeof setTimeout;
    try {
      const inner = scripted([{ status: 'Pending' }, { status: 'Pending' }, { status: 'Active' }]);
      const slow: ApiClient = {
        ...inner,
        get: async (path, options) => {
          clock += 30;
          return inner.get(path, options);
        },
      };
      await waitUntilActive(context(slow, { pollIntervalSeconds: 0.05, deadline: clock + 60_000 }), {
        path: '/x',
        failureStatuses: LITE_FAILURES,
      });
    } finally {
      Date.now = realNow;
      globalThis.setTimeout = realSetTimeout;
    }
    expect(delays).to.deep.equal([20, 20]);
  });

  it('resolves with the body once the status is Active, after Pending, reporting every poll', async () => {
    const api = scripted([{ status: 'Pending' }, { status: 'Pending' }, { account_id: '7', status: 'Active' }]);
    const ctx = context(api);
    const body = await waitUntilActive(ctx, { path: '/lites/accounts/7', failureStatuses: LITE_FAILURES });
    expect(body).to.deep.equal({ account_id: '7', status: 'Active' });
    expect(api.paths).to.deep.equal(['/lites/accounts/7', '/lites/accounts/7', '/lites/accounts/7']);
    expect(ctx.progress.map(([, status]) => status)).to.deep.equal(['Pending', 'Pending', 'Active']);
    const elapsed = ctx.progress.map(([seconds]) => seconds);
    expect(elapsed[0]).to.be.at.least(0);
    expect(elapsed).to.deep.equal([...elapsed].sort((a, b) => a - b));
  });

  it('reads the status under state, case-insensitively, and under custom keys', async () => {
    expect(
      await waitUntilActive(context(scripted([{ state: 'ACTIVE' }])), { path: '/baremetals/accounts/1', failureStatuses: ['terminated'] }),
    ).to.deep.equal({ state: 'ACTIVE' });
    const custom = scripted([
      { status: 'Pending', phase: 'building' },
      { status: 'Pending', phase: 'active' },
    ]);
    expect(await waitUntilActive(context(custom), { path: '/x', statusKeys: ['phase'], failureStatuses: [] })).to.deep.equal({
      status: 'Pending',
      phase: 'active',
    });
  });

  it('keeps waiting while the status is missing', async () => {
    const ctx = context(scripted([{ account_id: '1' }, { status: 'Active' }]));
    await waitUntilActive(ctx, { path: '/x', failureStatuses: LITE_FAILURES });
    expect(ctx.progress.map(([, status]) => status)).to.deep.equal(['', 'Active']);
  });

  it('raises ResourceFailedError on a failure status', async () => {
    const ctx = context(scripted([{ status: 'Pending' }, { status: 'Suspended' }, { status: 'Active' }]));
    const error = await rejection(waitUntilActive(ctx, { path: '/lites/accounts/7', failureStatuses: LITE_FAILURES, what: 'lite VM web' }));
    expect(error).to.be.instanceOf(ResourceFailedError);
    expect((error as ResourceFailedError).status).to.equal('Suspended');
    expect(error.message).to.equal('lite VM web (GET /lites/accounts/7) went to status Suspended while waiting for it to become Active');
    expect(ctx.progress).to.have.length(2);
  });

  it('raises PollTimeoutError at the deadline, after a last poll', async () => {
    const api = scripted([{ status: 'Pending' }]);
    const started = Date.now();
    const ctx = context(api, { deadline: started + 60, pollIntervalSeconds: 0.02 });
    const error = await rejection(waitUntilActive(ctx, { path: '/lites/accounts/7', failureStatuses: LITE_FAILURES, what: 'lite VM web' }));
    expect(error).to.be.instanceOf(PollTimeoutError);
    const timeout = error as PollTimeoutError;
    expect(timeout.lastStatus).to.equal('Pending');
    expect(timeout.path).to.equal('/lites/accounts/7');
    expect(timeout.waitedSeconds).to.be.at.least(0.05);
    expect(Date.now() - started).to.be.below(1000);
    expect(error.message).to.match(
      /^timed out after [\d.]+ s waiting for lite VM web \(GET \/lites\/accounts\/7\) to become Active; last status: Pending \(an order whose invoice is unpaid stays Pending/,
    );
    expect(api.paths.length).to.be.within(2, 6);
    expect(ctx.progress.length).to.equal(api.paths.length);
  });

  it('ends the wait at once when the GET fails (a 404 included)', async () => {
    const notFound = new ApiError({ method: 'GET', path: '/lites/accounts/7', status: 404, serverMessage: 'not found' });
    const api = scripted([{ status: 'Pending' }, notFound]);
    expect(await rejection(waitUntilActive(context(api), { path: '/lites/accounts/7', failureStatuses: LITE_FAILURES }))).to.equal(
      notFound,
    );
    expect(api.paths).to.have.length(2);
  });

  it('rejects a reply that is not an object', async () => {
    const error = await rejection(waitUntilActive(context(scripted([['a']])), { path: '/x', failureStatuses: [] }));
    expect(error.message).to.equal('reply of GET /x: expected an object, got an array');
  });

  it('stops when the signal aborts during the sleep', async () => {
    const controller = new AbortController();
    const ctx = context(scripted([{ status: 'Pending' }]), { pollIntervalSeconds: 10, signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    const started = Date.now();
    const error = await rejection(waitUntilActive(ctx, { path: '/x', failureStatuses: [] }));
    expect(error.name).to.equal('AbortError');
    expect(Date.now() - started).to.be.below(1000);
  });

  it('sleep resolves after the delay and rejects on abort', async () => {
    const started = Date.now();
    await sleep(15);
    expect(Date.now() - started).to.be.at.least(10);
    expect((await rejection(sleep(10, AbortSignal.abort()))).name).to.equal('AbortError');
  });

  it('polls through the real client and its envelope', async () => {
    const agent = new MockAgent();
    agent.disableNetConnect();
    const pool = agent.get('http://api.test');
    pool
      .intercept({ path: '/v1/lites/snapshots/accounts/9', method: 'GET' })
      .reply(200, { success: true, code: 200, data: { account_id: 9, status: 'Pending' } });
    pool.intercept({ path: '/v1/lites/snapshots/accounts/9', method: 'GET' }).reply(503, 'busy');
    pool
      .intercept({ path: '/v1/lites/snapshots/accounts/9', method: 'GET' })
      .reply(200, { success: true, code: 200, data: { account_id: 9, status: 'Active' } });
    const api = createApiClient({ baseUrl: 'http://api.test/v1', token: 't', dispatcher: agent, retryBaseDelayMs: 1 });
    try {
      const ctx = context(api);
      expect(
        await waitUntilActive(ctx, { path: '/lites/snapshots/accounts/9', statusKeys: ['status'], failureStatuses: LITE_FAILURES }),
      ).to.deep.equal({ account_id: 9, status: 'Active' });
      expect(ctx.progress.map(([, status]) => status)).to.deep.equal(['Pending', 'Active']);
    } finally {
      await api.close();
      await agent.close();
    }
  });
});
