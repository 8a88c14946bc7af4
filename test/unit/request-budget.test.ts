/**
 * The request budget (src/api/request-budget.ts) on a fake clock: never
 * more than `perMinute` requests in any minute, a 429 slows it down and
 * quiet minutes restore it; and the API client takes a token for every
 * attempt, retries included, telling the budget of each 429.
 */
import { expect } from 'chai';
import { MockAgent } from 'undici';
import { createApiClient } from '../../src/api/client.js';
import { RequestBudget, type RequestLimiter } from '../../src/api/request-budget.js';

/** A fake clock: `wait` moves it forward instead of sleeping. */
function fakeClock() {
  const clock = { now: 0 };
  return {
    clock,
    now: () => clock.now,
    wait: async (ms: number) => {
      clock.now += ms;
    },
  };
}

/** The largest number of `times` in any half-open window of `windowMs`. */
function busiestWindow(times: number[], windowMs = 60_000): number {
  let most = 0;
  let start = 0;
  for (let end = 0; end < times.length; end++) {
    while (times[end]! - times[start]! >= windowMs) start++;
    most = Math.max(most, end - start + 1);
  }
  return most;
}

describe('request budget (src/api/request-budget.ts)', () => {
  it('sends at most perMinute requests in any minute, however many are asked for', async () => {
    for (const perMinute of [2, 7, 60, 600]) {
      const { clock, now, wait } = fakeClock();
      const budget = new RequestBudget({ perMinute, now, wait });
      const times: number[] = [];
      for (let i = 0; i < perMinute * 5; i++) {
        await budget.take();
        times.push(clock.now);
      }
      expect(busiestWindow(times), `perMinute ${perMinute}`).to.be.at.most(perMinute);
      // And it keeps up the sustained rate it promises: perMinute - burst a minute after the first burst.
      const sustained = (perMinute - budget.burst) / 60_000;
      expect(clock.now).to.be.at.most(Math.ceil((perMinute * 5 - budget.burst) / sustained) + perMinute * 5);
    }
  });

  it('serves concurrent callers one at a time, within the budget', async () => {
    const { clock, now, wait } = fakeClock();
    const budget = new RequestBudget({ perMinute: 30, now, wait });
    const times: number[] = [];
    await Promise.all(Array.from({ length: 90 }, () => budget.take().then(() => times.push(clock.now))));
    expect(times).to.have.length(90);
    expect(busiestWindow(times)).to.be.at.most(30);
  });

  it('a 429 empties the bucket and halves the rate; a quiet minute doubles it back', async () => {
    const { clock, now, wait } = fakeClock();
    const budget = new RequestBudget({ perMinute: 60, burst: 1, now, wait });
    await budget.take();
    const start = clock.now;
    await budget.take();
    const normalGap = clock.now - start;
    budget.throttled();
    const before = clock.now;
    await budget.take();
    const slowGap = clock.now - before;
    expect(slowGap).to.be.greaterThan(normalGap * 1.9);
    expect(budget.throttles).to.equal(1);
    clock.now += 61_000;
    await budget.take();
    const after = clock.now;
    await budget.take();
    expect(clock.now - after).to.be.at.most(normalGap + 1);
  });

  it('refuses a budget under 2 a minute', () => {
    expect(() => new RequestBudget({ perMinute: 1 })).to.throw('at least 2');
    expect(() => new RequestBudget({ perMinute: 2.5 })).to.throw('whole number');
  });

  it('the API client takes a token for every attempt, retries included, and reports each 429', async () => {
    const agent = new MockAgent();
    agent.disableNetConnect();
    const pool = agent.get('http://api.test');
    pool
      .intercept({ path: '/v1/things', method: 'GET' })
      .reply(429, { success: false, message: 'slow down' }, { headers: { 'retry-after': '0' } });
    pool.intercept({ path: '/v1/things', method: 'GET' }).reply(503, { success: false });
    pool.intercept({ path: '/v1/things', method: 'GET' }).reply(200, { success: true, data: [1] });
    const taken: string[] = [];
    const limiter: RequestLimiter = {
      take: async () => {
        taken.push('take');
      },
      throttled: () => taken.push('429'),
    };
    const client = createApiClient({ baseUrl: 'http://api.test/v1', dispatcher: agent, budget: limiter, retryBaseDelayMs: 1 });
    expect(await client.get('/things')).to.deep.equal([1]);
    expect(taken).to.deep.equal(['take', '429', 'take', 'take']);
    await client.close();
    await agent.close();
  });
});
