/**
 * Unit tests of src/api/client.ts against undici's MockAgent (net connect
 * disabled): envelope, headers, retry policy (money safety), errors, masking.
 */
import { expect } from 'chai';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import { MockAgent } from 'undici';
import type { MockCallHistoryLog } from 'undici';
import { createApiClient, type ApiClientOptions, type RequestEvent } from '../../src/api/client.js';
import { ApiError, InvalidResponseError, NetworkError, OrderOutcomeUnknownError, isApiError, isNotFound } from '../../src/api/errors.js';
import type { ApiClient } from '../../src/api/types.js';
import { rejection } from '../support/rejection.js';

/** Asserts that `error` is a `kind` saying `message`, after exactly one call. */
function expectOneCallFailing(error: Error, calls: () => unknown[], kind: abstract new (...args: never[]) => Error, message: string): void {
  expect(error).to.be.instanceOf(kind);
  expect(error.message).to.equal(message);
  expect(calls()).to.have.length(1);
}

const ORIGIN = 'http://api.test';
const TOKEN = 'tok-9f8e7d6c5b4a';
const PASSWORD = 'Secr3tPassw0rd';
const JSON_HEADERS = { 'content-type': 'application/json' };

function transportError(code: string, message = `${code.toLowerCase()} happened`): Error {
  return Object.assign(new Error(message), { code });
}

interface Harness {
  agent: MockAgent;
  pool: ReturnType<MockAgent['get']>;
  client: ApiClient;
  events: RequestEvent[];
  calls(): MockCallHistoryLog[];
}

describe('api client (src/api/client.ts)', () => {
  let harness: Harness;
  let harnesses: Harness[] = [];

  function setup(overrides: Partial<ApiClientOptions> = {}): Harness {
    const agent = new MockAgent({ enableCallHistory: true });
    agent.disableNetConnect();
    const events: RequestEvent[] = [];
    const client = createApiClient({
      baseUrl: `${ORIGIN}/v1/`,
      token: TOKEN,
      dispatcher: agent,
      retryBaseDelayMs: 1,
      maxRetryDelayMs: 20,
      requestTimeoutSeconds: 2,
      onRequest: (event) => events.push(event),
      ...overrides,
    });
    harness = { agent, pool: agent.get(ORIGIN), client, events, calls: () => agent.getCallHistory()?.calls() ?? [] };
    harnesses.push(harness);
    return harness;
  }

  afterEach(async () => {
    for (const each of harnesses) {
      await each.client.close();
      await each.agent.close();
    }
    harnesses = [];
  });

  describe('envelope', () => {
    it('returns data when it is an object', async () => {
      const { pool, client } = setup();
      pool
        .intercept({ path: '/v1/lites/accounts/7', method: 'GET' })
        .reply(200, { success: true, code: 200, data: { account_id: '7', status: 'Active' } }, { headers: JSON_HEADERS });
      expect(await client.get('/lites/accounts/7')).to.deep.equal({ account_id: '7', status: 'Active' });
    });

    it('returns data when it is an array, and a bare array body as it is', async () => {
      const { pool, client } = setup();
      pool.intercept({ path: '/v1/lites/products', method: 'GET' }).reply(200, { success: true, code: 200, data: [{ product_id: 1 }] });
      pool.intercept({ path: '/v1/lites/keypairs/', method: 'GET' }).reply(200, [{ keypair_id: 3 }]);
      expect(await client.get('/lites/products')).to.deep.equal([{ product_id: 1 }]);
      expect(await client.get('/lites/keypairs/')).to.deep.equal([{ keypair_id: 3 }]);
    });

    it('returns a primitive data as it is ("success", true, 0)', async () => {
      const { pool, client } = setup();
      pool.intercept({ path: '/v1/lites/keypairs/5', method: 'DELETE' }).reply(200, { success: true, code: 200, data: 'success' });
      pool.intercept({ path: '/v1/baremetals/9', method: 'PUT' }).reply(200, { success: true, code: 200, data: true });
      pool.intercept({ path: '/v1/count', method: 'GET' }).reply(200, { success: true, code: 200, data: 0 });
      expect(await client.delete('/lites/keypairs/5')).to.equal('success');
      expect(await client.put('/baremetals/9', { label: 'db' })).to.equal(true);
      expect(await client.get('/count')).to.equal(0);
    });

    it('returns the whole body when data is missing or null', async () => {
      const { pool, client } = setup();
      pool.intercept({ path: '/v1/a', method: 'GET' }).reply(200, { account_id: 12, status: 'Pending' });
      pool.intercept({ path: '/v1/b', method: 'GET' }).reply(200, { success: true, code: 200, data: null });
      expect(await client.get('/a')).to.deep.equal({ account_id: 12, status: 'Pending' });
      expect(await client.get('/b')).to.deep.equal({ success: true, code: 200, data: null });
    });

    it('rejects a 2xx body that is not JSON, without retrying a GET', async () => {
      const { pool, client, calls } = setup();
      pool.intercept({ path: '/v1/lites/products', method: 'GET' }).reply(200, '<html>maintenance</html>');
      const error = await rejection(client.get('/lites/products'));
      expect(error).to.be.instanceOf(InvalidResponseError);
      expect(error.message).to.match(/^GET \/lites\/products: HTTP 200 but the response body is not JSON/);
      expect(calls()).to.have.length(1);
    });

    it('rejects an empty 2xx body, except on DELETE (null)', async () => {
      const { pool, client } = setup();
      pool.intercept({ path: '/v1/lites/products', method: 'GET' }).reply(200, '');
      pool.intercept({ path: '/v1/lites/7', method: 'DELETE' }).reply(204, '');
      const error = await rejection(client.get('/lites/products'));
      expect(error).to.be.instanceOf(InvalidResponseError);
      expect(error.message).to.contain('empty');
      expect(await client.delete('/lites/7')).to.equal(null);
    });
  });

  describe('request shape', () => {
    it('sends x-token, JSON content type only with a body, the body, the query, and strips the trailing /', async () => {
      const { pool, client, calls } = setup({ userAgent: 'cloudctl-test/1' });
      pool
        .intercept({ path: '/v1/lites', method: 'POST' })
        .reply(201, { success: true, code: 201, data: { order_id: '55', account_id: '56' } });
      pool.intercept({ path: '/v1/lites/accounts?status=Active&status=Pending', method: 'GET' }).reply(200, { data: [] });

      expect(await client.post('/lites', { product_id: 3, cycle: 'm' }, { paid: true })).to.deep.equal({
        order_id: '55',
        account_id: '56',
      });
      expect(await client.get('/lites/accounts', { query: { status: ['Active', 'Pending'] } })).to.deep.equal([]);

      const [post, get] = calls();
      expect(post?.path).to.equal('/v1/lites');
      expect(post?.headers?.['x-token']).to.equal(TOKEN);
      expect(post?.headers?.['content-type']).to.equal('application/json');
      expect(post?.headers?.['user-agent']).to.equal('cloudctl-test/1');
      expect(JSON.parse(String(post?.body))).to.deep.equal({ product_id: 3, cycle: 'm' });
      expect(get?.headers?.['x-token']).to.equal(TOKEN);
      expect(get?.headers?.['content-type']).to.equal(undefined);
      expect(get?.fullUrl).to.equal(`${ORIGIN}/v1/lites/accounts?status=Active&status=Pending`);
    });

    it('sends no x-token header when no token is configured', async () => {
      const { pool, client, calls } = setup({ token: undefined });
      pool.intercept({ path: '/v1/x', method: 'GET' }).reply(200, { data: 1 });
      await client.get('/x');
      expect(calls()[0]?.headers?.['x-token']).to.equal(undefined);
    });

    it('refuses a base URL that is not http(s)', () => {
      expect(() => createApiClient({ baseUrl: 'not a url' })).to.throw(/invalid API base URL/);
      expect(() => createApiClient({ baseUrl: 'ftp://host/v1' })).to.throw(/invalid API base URL/);
    });
  });

  describe('GET and DELETE retries', () => {
    it('retries a GET on 503 and then succeeds', async () => {
      const { pool, client, calls, events } = setup();
      pool.intercept({ path: '/v1/lites/accounts/7', method: 'GET' }).reply(503, { message: 'busy' });
      pool.intercept({ path: '/v1/lites/accounts/7', method: 'GET' }).reply(200, { data: { status: 'Active' } });
      expect(await client.get('/lites/accounts/7')).to.deep.equal({ status: 'Active' });
      expect(calls()).to.have.length(2);
      expect(events.map((event) => [event.attempt, event.status])).to.deep.equal([
        [1, 503],
        [2, 200],
      ]);
    });

    it('retries a GET on a connection reset and then succeeds', async () => {
      const { pool, client, calls, events } = setup();
      pool.intercept({ path: '/v1/lites/products', method: 'GET' }).replyWithError(transportError('ECONNRESET', 'read ECONNRESET'));
      pool.intercept({ path: '/v1/lites/products', method: 'GET' }).replyWithError(transportError('UND_ERR_SOCKET', 'other side closed'));
      pool.intercept({ path: '/v1/lites/products', method: 'GET' }).reply(200, { data: [] });
      expect(await client.get('/lites/products')).to.deep.equal([]);
      expect(calls()).to.have.length(3);
      expect(events[0]?.error).to.match(/^ECONNRESET/);
      expect(events[1]?.error).to.match(/^UND_ERR_SOCKET/);
    });

    it('retries a GET that times out', async () => {
      const { pool, client, calls } = setup({ requestTimeoutSeconds: 0.03 });
      pool.intercept({ path: '/v1/slow', method: 'GET' }).reply(200, { data: 'late' }).delay(500);
      pool.intercept({ path: '/v1/slow', method: 'GET' }).reply(200, { data: 'fast' });
      expect(await client.get('/slow')).to.equal('fast');
      expect(calls()).to.have.length(2);
    });

    it('gives up after retries (4 attempts by default) with ApiError on 500', async () => {
      const { pool, client, calls } = setup();
      pool.intercept({ path: '/v1/x', method: 'GET' }).reply(500, { message: 'boom' }).times(4);
      const error = await rejection(client.get('/x'));
      expect(error).to.be.instanceOf(ApiError);
      expect((error as ApiError).status).to.equal(500);
      expect(error.message).to.equal('GET /x: HTTP 500: boom');
      expect(calls()).to.have.length(4);
    });

    it('gives up after retries with NetworkError on persistent transport failures', async () => {
      const { pool, client, calls } = setup({ retries: 2 });
      pool.intercept({ path: '/v1/x', method: 'GET' }).replyWithError(transportError('ECONNRESET', 'socket hang up')).times(3);
      const error = await rejection(client.get('/x'));
      expect(error).to.be.instanceOf(NetworkError);
      expect((error as NetworkError).causeCode).to.equal('ECONNRESET');
      expect((error as NetworkError).attempts).to.equal(3);
      expect(error.message).to.equal('GET /x: network error after 3 attempts: ECONNRESET (socket hang up)');
      expect(calls()).to.have.length(3);
    });

    it('does not retry other 4xx', async () => {
      const { pool, client, calls } = setup();
      pool.intercept({ path: '/v1/x', method: 'GET' }).reply(401, { message: 'bad token' });
      const error = await rejection(client.get('/x'));
      expect((error as ApiError).status).to.equal(401);
      expect(calls()).to.have.length(1);
    });

    it('retries a DELETE on 502', async () => {
      const { pool, client, calls } = setup();
      pool.intercept({ path: '/v1/lites/7', method: 'DELETE' }).reply(502, 'Bad Gateway');
      pool.intercept({ path: '/v1/lites/7', method: 'DELETE' }).reply(200, { success: true, data: 'success' });
      expect(await client.delete('/lites/7')).to.equal('success');
      expect(calls()).to.have.length(2);
    });

    it('honours Retry-After on 429, capped by maxRetryDelayMs', async () => {
      const { pool, client } = setup({ maxRetryDelayMs: 1000 });
      pool.intercept({ path: '/v1/x', method: 'GET' }).reply(429, { message: 'slow down' }, { headers: { 'retry-after': '0.06' } });
      pool.intercept({ path: '/v1/x', method: 'GET' }).reply(200, { data: 1 });
      const started = Date.now();
      expect(await client.get('/x')).to.equal(1);
      expect(Date.now() - started).to.be.at.least(50);

      const capped = setup({ maxRetryDelayMs: 10 });
      capped.pool.intercept({ path: '/v1/y', method: 'GET' }).reply(503, 'busy', { headers: { 'retry-after': '3600' } });
      capped.pool.intercept({ path: '/v1/y', method: 'GET' }).reply(200, { data: 2 });
      const again = Date.now();
      expect(await capped.client.get('/y')).to.equal(2);
      expect(Date.now() - again).to.be.below(1000);
    });
  });

  describe('paid orders and other POST/PUT (money safety)', () => {
    it('does NOT retry a paid POST on 500: OrderOutcomeUnknownError after exactly one request', async () => {
      const { pool, client, calls } = setup();
      pool.intercept({ path: '/v1/lites', method: 'POST' }).reply(500, { message: 'internal error' }).persist();
      const error = await rejection(client.post('/lites', { product_id: 3 }, { paid: true }));
      expect(error).to.be.instanceOf(OrderOutcomeUnknownError);
      expect(error.message).to.equal('the outcome of POST /lites is unknown: the server answered HTTP 500: internal error');
      expect((error as OrderOutcomeUnknownError).status).to.equal(500);
      expect(error.cause).to.be.instanceOf(ApiError);
      expect(calls()).to.have.length(1);
    });

    it('does NOT retry a paid POST on 502/503/504 either', async () => {
      const { pool, client, calls } = setup();
      for (const status of [502, 503, 504]) {
        pool.intercept({ path: '/v1/lites', method: 'POST' }).reply(status, 'gateway');
        expect(await rejection(client.post('/lites', {}, { paid: true }))).to.be.instanceOf(OrderOutcomeUnknownError);
      }
      expect(calls()).to.have.length(3);
    });

    it('does NOT retry a paid POST on 429: the order may have been taken before the rate limiter answered', async () => {
      const { pool, client, calls } = setup();
      pool
        .intercept({ path: '/v1/lites', method: 'POST' })
        .reply(429, { success: false, code: 429, message: 'Too Many Requests' }, { headers: { 'retry-after': '0' } });
      pool
        .intercept({ path: '/v1/lites', method: 'POST' })
        .reply(201, { success: true, code: 201, data: { order_id: '1', account_id: '2' } });
      const error = await rejection(client.post('/lites', { product_id: 3 }, { paid: true }));
      expectOneCallFailing(
        error,
        calls,
        OrderOutcomeUnknownError,
        'the outcome of POST /lites is unknown: the server answered HTTP 429: Too Many Requests',
      );
      expect((error as OrderOutcomeUnknownError).status).to.equal(429);
    });

    it('does NOT retry a paid PUT on 429 either', async () => {
      const { pool, client, calls } = setup();
      pool.intercept({ path: '/v1/lites/accounts/7/storage', method: 'PUT' }).reply(429, { message: 'slow down' }).persist();
      expect(await rejection(client.put('/lites/accounts/7/storage', { disk_size: 80 }, { paid: true }))).to.be.instanceOf(
        OrderOutcomeUnknownError,
      );
      expect(calls()).to.have.length(1);
    });

    it('retries a paid POST when the connection is refused (nothing was sent)', async () => {
      const { pool, client, calls } = setup();
      pool
        .intercept({ path: '/v1/lites', method: 'POST' })
        .replyWithError(transportError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:4010'));
      pool.intercept({ path: '/v1/lites', method: 'POST' }).reply(201, { data: { order_id: '1', account_id: '2' } });
      expect(await client.post('/lites', {}, { paid: true })).to.deep.equal({ order_id: '1', account_id: '2' });
      expect(calls()).to.have.length(2);
    });

    it('raises NetworkError (not OrderOutcomeUnknownError) when a paid POST is refused on every attempt', async () => {
      const { pool, client, calls } = setup({ retries: 1 });
      pool.intercept({ path: '/v1/lites', method: 'POST' }).replyWithError(transportError('ECONNREFUSED')).times(2);
      const error = await rejection(client.post('/lites', {}, { paid: true }));
      expect(error).to.be.instanceOf(NetworkError);
      expect(calls()).to.have.length(2);
    });

    it('raises OrderOutcomeUnknownError on a connection reset of a paid POST, after one request', async () => {
      const { pool, client, calls } = setup();
      pool.intercept({ path: '/v1/lites', method: 'POST' }).replyWithError(transportError('ECONNRESET', 'read ECONNRESET')).persist();
      const error = await rejection(client.post('/lites', {}, { paid: true }));
      expect(error).to.be.instanceOf(OrderOutcomeUnknownError);
      expect(error.message).to.equal('the outcome of POST /lites is unknown: the connection was reset after the request was sent');
      expect(calls()).to.have.length(1);
    });

    it('raises OrderOutcomeUnknownError when a paid PUT times out, after one request', async () => {
      const { pool, client, calls } = setup({ requestTimeoutSeconds: 0.03 });
      pool.intercept({ path: '/v1/lites/accounts/7/storage', method: 'PUT' }).reply(200, { data: {} }).delay(500);
      const error = await rejection(client.put('/lites/accounts/7/storage', { disk_size: 80 }, { paid: true }));
      expect(error).to.be.instanceOf(OrderOutcomeUnknownError);
      expect(error.message).to.contain('no complete response within 0.03 s');
      expect(calls()).to.have.length(1);
    });

    it('raises OrderOutcomeUnknownError when a paid POST answers 2xx with a body that is not JSON', async () => {
      const { pool, client } = setup();
      pool.intercept({ path: '/v1/lites', method: 'POST' }).reply(200, 'OK');
      const error = await rejection(client.post('/lites', {}, { paid: true }));
      expect(error).to.be.instanceOf(OrderOutcomeUnknownError);
      expect(error.message).to.equal(
        'the outcome of POST /lites is unknown: the server answered HTTP 200 but the response body is not JSON',
      );
      expect(error.cause).to.be.instanceOf(InvalidResponseError);
    });

    it('raises ApiError (not retried) on a 422 of a paid POST: the order was rejected', async () => {
      const { pool, client, calls } = setup();
      pool
        .intercept({ path: '/v1/lites', method: 'POST' })
        .reply(422, { success: false, code: 422, detail: 'console_password must contain a digit' });
      const error = await rejection(client.post('/lites', {}, { paid: true }));
      expectOneCallFailing(error, calls, ApiError, 'POST /lites: HTTP 422: console_password must contain a digit');
      expect((error as ApiError).envelopeCode).to.equal(422);
    });

    it('raises ApiError without retrying on a 5xx of a non-paid POST/PUT', async () => {
      const { pool, client, calls } = setup();
      pool.intercept({ path: '/v1/lites/accounts/7/change-vm-name', method: 'PUT' }).reply(503, { message: 'busy' });
      const error = await rejection(client.put('/lites/accounts/7/change-vm-name', { name: 'web-02' }));
      expect(error).to.be.instanceOf(ApiError);
      expect((error as ApiError).status).to.equal(503);
      expect(calls()).to.have.length(1);
    });

    it('retries a non-paid POST on 429 and on connection refused', async () => {
      const { pool, client, calls } = setup();
      pool.intercept({ path: '/v1/lites/keypairs/', method: 'POST' }).reply(429, '');
      pool.intercept({ path: '/v1/lites/keypairs/', method: 'POST' }).replyWithError(transportError('ECONNREFUSED'));
      pool.intercept({ path: '/v1/lites/keypairs/', method: 'POST' }).reply(200, { data: { sshkey_id: 4 } });
      expect(await client.post('/lites/keypairs/', { name: 'deploy' })).to.deep.equal({ sshkey_id: 4 });
      expect(calls()).to.have.length(3);
    });

    it('raises OrderOutcomeUnknownError on a reset of a non-paid POST (keypair generate)', async () => {
      const { pool, client, calls } = setup();
      pool.intercept({ path: '/v1/lites/keypairs/', method: 'POST' }).replyWithError(transportError('ECONNRESET')).persist();
      const error = await rejection(client.post('/lites/keypairs/', { name: 'deploy' }));
      expect(error).to.be.instanceOf(OrderOutcomeUnknownError);
      expect(error.message).to.equal(
        'the outcome of POST /lites/keypairs/ is unknown: the connection was reset after the request was sent',
      );
      expect(calls()).to.have.length(1);
    });
  });

  describe('not found', () => {
    it('resolves null on 404 with notFoundAsNull (GET and DELETE), without retrying', async () => {
      const { pool, client, calls } = setup();
      pool.intercept({ path: '/v1/lites/accounts/7', method: 'GET' }).reply(404, { message: 'not found' });
      pool.intercept({ path: '/v1/lites/7', method: 'DELETE' }).reply(404, { message: 'not found' });
      expect(await client.get('/lites/accounts/7', { notFoundAsNull: true })).to.equal(null);
      expect(await client.delete('/lites/7', { notFoundAsNull: true })).to.equal(null);
      expect(calls()).to.have.length(2);
    });

    it('raises ApiError 404 otherwise (isNotFound, isApiError)', async () => {
      const { pool, client } = setup();
      pool.intercept({ path: '/v1/lites/accounts/7', method: 'GET' }).reply(404, { message: 'Account not found' });
      const error = await rejection(client.get('/lites/accounts/7'));
      expect(isApiError(error)).to.equal(true);
      expect(isNotFound(error)).to.equal(true);
      expect(isNotFound(new Error('404'))).to.equal(false);
      expect(error.message).to.equal('GET /lites/accounts/7: HTTP 404: Account not found');
    });
  });

  describe('error messages and secrets', () => {
    it('extracts detail, then message, then error, then the raw body', async () => {
      const { pool, client } = setup();
      pool.intercept({ path: '/v1/a', method: 'GET' }).reply(400, { detail: 'bad cycle', message: 'ignored' });
      pool
        .intercept({ path: '/v1/b', method: 'GET' })
        .reply(400, { detail: [{ loc: ['body', 'label'], msg: 'at most 16 characters', type: 'value_error' }] });
      pool.intercept({ path: '/v1/c', method: 'GET' }).reply(400, { success: false, code: 4001, message: 'label too long' });
      pool.intercept({ path: '/v1/d', method: 'GET' }).reply(400, { error: 'invalid product' });
      pool.intercept({ path: '/v1/e', method: 'GET' }).reply(400, 'plain text failure');
      pool.intercept({ path: '/v1/f', method: 'GET' }).reply(400, '');
      pool.intercept({ path: '/v1/g', method: 'GET' }).reply(400, 'x'.repeat(2000));
      const messages = [];
      for (const path of ['/a', '/b', '/c', '/d', '/e', '/f']) messages.push((await rejection(client.get(path))).message);
      expect(messages).to.deep.equal([
        'GET /a: HTTP 400: bad cycle',
        'GET /b: HTTP 400: body.label: at most 16 characters',
        'GET /c: HTTP 400: label too long',
        'GET /d: HTTP 400: invalid product',
        'GET /e: HTTP 400: plain text failure',
        'GET /f: HTTP 400',
      ]);
      const long = (await rejection(client.get('/g'))) as ApiError;
      expect(long.serverMessage.length).to.be.below(560);
      expect(long.serverMessage).to.contain('more characters');
    });

    it('never shows a console_password echoed by a 422 reply', async () => {
      const { pool, client } = setup();
      const body = { product_id: 3, ssh_and_console_user: 'deployer', console_password: PASSWORD };
      const replies: object[] = [
        // the whole body echoed, no message keys: the raw body is the message
        { success: false, code: 422, request: body },
        // a validation list echoing the input under a non-secret key
        { detail: [{ loc: ['body', 'console_password'], msg: 'must contain a digit', input: PASSWORD }] },
        // the value quoted inside a sentence
        { detail: `console_password '${PASSWORD}' must contain a digit` },
        // an object detail
        { detail: { console_password: [PASSWORD, 'is too weak'] } },
      ];
      for (const reply of replies) {
        pool.intercept({ path: '/v1/lites', method: 'POST' }).reply(422, reply);
        const error = (await rejection(client.post('/lites', body, { paid: true }))) as ApiError;
        expect(error).to.be.instanceOf(ApiError);
        for (const text of [error.message, error.serverMessage, String(error.stack), JSON.stringify(error.body)]) {
          expect(text).not.to.contain(PASSWORD);
        }
        expect(error.message).to.match(/^POST \/lites: HTTP 422: /);
      }
      pool.intercept({ path: '/v1/lites', method: 'POST' }).reply(422, `<p>console_password=${PASSWORD.slice(0, 3)}zz&x=1</p>`);
      const html = (await rejection(client.post('/lites', { console_password: 'abc' }))) as ApiError;
      expect(html.message).to.contain('console_password=(sensitive)');
    });

    it('never shows the token in error messages or request events', async () => {
      const { pool, client, events } = setup({ retries: 1 });
      pool.intercept({ path: '/v1/a', method: 'GET' }).reply(401, { message: `invalid token ${TOKEN}`, token: TOKEN });
      pool
        .intercept({ path: '/v1/b', method: 'GET' })
        .replyWithError(transportError('ECONNRESET', `reset while sending x-token: ${TOKEN}`))
        .times(2);
      pool.intercept({ path: '/v1/c', method: 'POST' }).reply(500, `token=${TOKEN}`);
      const errors = [
        await rejection(client.get('/a')),
        await rejection(client.get('/b')),
        await rejection(client.post('/c', {}, { paid: true })),
      ];
      expect(errors[0]?.message).to.equal('GET /a: HTTP 401: invalid token (sensitive)');
      for (const error of errors) {
        expect(String(error.stack)).not.to.contain(TOKEN);
        expect(JSON.stringify({ ...error, cause: String(error.cause) })).not.to.contain(TOKEN);
      }
      expect(JSON.stringify(events)).not.to.contain(TOKEN);
    });
  });

  describe('abort and events', () => {
    it('rejects with the abort reason when the signal aborts a GET, without retrying', async () => {
      const { pool, client, calls } = setup();
      pool.intercept({ path: '/v1/slow', method: 'GET' }).reply(200, { data: 1 }).delay(1000);
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 20);
      const error = await rejection(client.get('/slow', { signal: controller.signal }));
      expect(error.name).to.equal('AbortError');
      expect(calls()).to.have.length(1);
    });

    it('sends nothing when the signal is already aborted', async () => {
      const { client, calls } = setup();
      const error = await rejection(client.post('/lites', {}, { paid: true, signal: AbortSignal.abort() }));
      expect(error.name).to.equal('AbortError');
      expect(calls()).to.have.length(0);
    });

    it('treats an abort of a paid POST in flight as an unknown outcome', async () => {
      const { pool, client } = setup();
      pool.intercept({ path: '/v1/lites', method: 'POST' }).reply(200, { data: {} }).delay(1000);
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 20);
      const error = await rejection(client.post('/lites', {}, { paid: true, signal: controller.signal }));
      expect(error).to.be.instanceOf(OrderOutcomeUnknownError);
      expect(error.message).to.contain('aborted after it was sent');
    });

    it('reports every attempt to onRequest without bodies; a throwing hook is ignored', async () => {
      let seen = 0;
      const { pool, client } = setup({
        onRequest: () => {
          seen++;
          throw new Error('hook bug');
        },
      });
      pool.intercept({ path: '/v1/x', method: 'GET' }).reply(500, 'no');
      pool.intercept({ path: '/v1/x', method: 'GET' }).reply(200, { data: 'ok' });
      expect(await client.get('/x')).to.equal('ok');
      expect(seen).to.equal(2);

      const second = setup();
      second.pool.intercept({ path: '/v1/x?status=Active', method: 'GET' }).reply(200, { data: 'ok' });
      await second.client.get('/x', { query: { status: 'Active' } });
      const [event] = second.events;
      expect(event).to.include({ method: 'GET', path: '/x', status: 200, attempt: 1 });
      expect(event?.durationMs).to.be.a('number');
      expect(Object.keys(event ?? {}).sort()).to.deep.equal(['attempt', 'durationMs', 'method', 'path', 'status']);
    });
  });

  describe('close', () => {
    it('leaves an injected dispatcher open and refuses calls once closed', async () => {
      const { pool, client } = setup();
      pool.intercept({ path: '/v1/x', method: 'GET' }).reply(200, { data: 1 });
      await client.close();
      expect((await rejection(client.get('/x'))).message).to.contain('closed');
      const other = createApiClient({ baseUrl: `${ORIGIN}/v1`, dispatcher: harness.agent });
      expect(await other.get('/x')).to.equal(1);
      await other.close();
    });

    it('closes its own keep-alive agent', async () => {
      const own = createApiClient({ baseUrl: 'http://127.0.0.1:9/v1' });
      await own.close();
      await own.close();
    });
  });

  describe('real sockets (own keep-alive agent, loopback server)', () => {
    let server: Server | undefined;

    afterEach(async () => {
      const current = server;
      server = undefined;
      if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
    });

    async function listen(handler: Parameters<typeof createServer>[1]): Promise<string> {
      server = createServer(handler);
      await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server?.address() as AddressInfo).port}/v1`;
    }

    it('maps a real connection refusal to a retried, then NetworkError ECONNREFUSED (paid: nothing sent)', async () => {
      const baseUrl = await listen(() => undefined);
      await new Promise<void>((resolve) => server?.close(() => resolve()));
      server = undefined;
      const events: RequestEvent[] = [];
      const client = createApiClient({ baseUrl, token: TOKEN, retries: 1, retryBaseDelayMs: 1, onRequest: (event) => events.push(event) });
      try {
        const error = await rejection(client.post('/lites', { product_id: 1 }, { paid: true }));
        expect(error).to.be.instanceOf(NetworkError);
        expect((error as NetworkError).causeCode).to.equal('ECONNREFUSED');
        expect(events).to.have.length(2);
      } finally {
        await client.close();
      }
    });

    it('maps a socket destroyed after a paid POST was received to OrderOutcomeUnknownError, one request', async () => {
      let received = 0;
      const baseUrl = await listen((req, res) => {
        received++;
        req.resume();
        req.on('end', () => res.socket?.destroy());
      });
      const client = createApiClient({ baseUrl, token: TOKEN, retryBaseDelayMs: 1 });
      try {
        const error = await rejection(client.post('/lites', { product_id: 1 }, { paid: true }));
        expect(error).to.be.instanceOf(OrderOutcomeUnknownError);
        expect(error.message).to.match(
          /^the outcome of POST \/lites is unknown: the connection was (closed|reset) after the request was sent$/,
        );
        expect(received).to.equal(1);
      } finally {
        await client.close();
      }
    });

    it('sends a POST or PUT made after a blocked event loop on a live connection, not on one the server closed meanwhile', async () => {
      // The engine planning 100,000 resources blocks the event loop for minutes while
      // the server closes the idle keep-alive connection (its keepAliveTimeout). The
      // server here is in a worker thread (its own event loop, as a remote API): told
      // to, it closes every connection and raises a flag, which this thread waits for
      // without reading any I/O, inside an I/O callback, as the engine's work does.
      const closed = new Int32Array(new SharedArrayBuffer(4));
      const worker = new Worker(
        `const { createServer } = require('node:http');
        const { parentPort, workerData } = require('node:worker_threads');
        const received = [];
        const sockets = new Set();
        const server = createServer((req, res) => {
          received.push(req.method + ' ' + req.url);
          req.resume();
          req.on('end', () => {
            res.setHeader('content-type', 'application/json');
            res.end(JSON.stringify({ success: true, code: 200, data: { ok: received.length } }));
          });
        });
        server.on('connection', (socket) => sockets.add(socket));
        server.listen(0, '127.0.0.1', () => parentPort.postMessage(server.address().port));
        parentPort.on('message', (message) => {
          if (message !== 'close') return parentPort.postMessage(received);
          for (const socket of sockets) socket.destroy();
          sockets.clear();
          Atomics.store(workerData, 0, 1);
          Atomics.notify(workerData, 0);
        });`,
        { eval: true, workerData: closed },
      );
      const next = (): Promise<unknown> => new Promise((resolve) => worker.once('message', resolve));
      const port = (await next()) as number;
      const client = createApiClient({ baseUrl: `http://127.0.0.1:${port}/v1`, token: TOKEN, retryBaseDelayMs: 1 });
      const blockUntilClosed = async (): Promise<void> => {
        await new Promise((resolve) => setTimeout(resolve, 20)); // the socket is idle in the pool
        await readFile(import.meta.filename); // continue inside an I/O callback (the poll phase)
        Atomics.store(closed, 0, 0);
        worker.postMessage('close');
        Atomics.wait(closed, 0, 0, 10_000); // blocked: the server's FIN arrives, unread
        const until = Date.now() + 20;
        while (Date.now() < until) {
          // and is on this side of the loopback
        }
      };
      try {
        await client.get('/lites/accounts/1');
        await blockUntilClosed();
        expect(await client.put('/lites/accounts/1/change-vm-name', { vm_name: 'b' })).to.deep.equal({ ok: 2 });
        await blockUntilClosed();
        expect(await client.post('/lites', { product_id: 1 }, { paid: true })).to.deep.equal({ ok: 3 });
        worker.postMessage('received');
        expect(await next()).to.deep.equal(['GET /v1/lites/accounts/1', 'PUT /v1/lites/accounts/1/change-vm-name', 'POST /v1/lites']);
      } finally {
        await client.close();
        await worker.terminate();
      }
    });

    it('retries a GET whose socket is destroyed, then reads the envelope over keep-alive', async () => {
      let received = 0;
      const tokens: Array<string | string[] | undefined> = [];
      const baseUrl = await listen((req, res) => {
        received++;
        tokens.push(req.headers['x-token']);
        if (received === 1) {
          res.socket?.destroy();
          return;
        }
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ success: true, code: 200, data: { status: 'Active' } }));
      });
      const client = createApiClient({ baseUrl: `${baseUrl}/`, token: TOKEN, retryBaseDelayMs: 1 });
      try {
        expect(await client.get('/lites/accounts/1')).to.deep.equal({ status: 'Active' });
        expect(await client.get('/lites/accounts/1')).to.deep.equal({ status: 'Active' });
        expect(received).to.equal(3);
        expect(tokens).to.deep.equal([TOKEN, TOKEN, TOKEN]);
      } finally {
        await client.close();
      }
    });
  });
});
