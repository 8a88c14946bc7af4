/**
 * The request timeout and the reconcile grace (src/engine/timing.ts): the
 * engine's options win over the environment, `CLOUDCTL_REQUEST_TIMEOUT`
 * takes seconds or a duration, the grace follows the timeout unless set
 * apart, and a setting that is not a duration above 0 is refused.
 */
import { expect } from 'chai';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Engine } from '../../src/engine/engine.js';
import { reconcileGraceSeconds, requestTimeoutSeconds } from '../../src/engine/timing.js';

describe('unit: engine timing settings (issue 39, item 7)', () => {
  it('the request timeout: the option, else CLOUDCTL_REQUEST_TIMEOUT (seconds or a duration), else 30', () => {
    expect(requestTimeoutSeconds({ env: {} })).to.equal(30);
    expect(requestTimeoutSeconds({ env: { CLOUDCTL_REQUEST_TIMEOUT: '5' } })).to.equal(5);
    expect(requestTimeoutSeconds({ env: { CLOUDCTL_REQUEST_TIMEOUT: '500ms' } })).to.equal(0.5);
    expect(requestTimeoutSeconds({ requestTimeoutSeconds: 2, env: { CLOUDCTL_REQUEST_TIMEOUT: '5' } })).to.equal(2);
    expect(() => requestTimeoutSeconds({ env: { CLOUDCTL_REQUEST_TIMEOUT: '0' } })).to.throw(
      'CLOUDCTL_REQUEST_TIMEOUT must be a duration above 0',
    );
    expect(() => requestTimeoutSeconds({ env: { CLOUDCTL_REQUEST_TIMEOUT: 'soon' } })).to.throw('is not a duration');
  });

  it('the reconcile grace: the option, else CLOUDCTL_RECONCILE_GRACE, else the request timeout', () => {
    expect(reconcileGraceSeconds({ env: {} })).to.equal(30);
    expect(reconcileGraceSeconds({ env: { CLOUDCTL_REQUEST_TIMEOUT: '4' } })).to.equal(4);
    expect(reconcileGraceSeconds({ requestTimeoutSeconds: 3, env: {} })).to.equal(3);
    expect(reconcileGraceSeconds({ env: { CLOUDCTL_REQUEST_TIMEOUT: '4', CLOUDCTL_RECONCILE_GRACE: '0s' } })).to.equal(0);
    expect(reconcileGraceSeconds({ reconcileGraceSeconds: 1, env: { CLOUDCTL_RECONCILE_GRACE: '9s' } })).to.equal(1);
  });

  it('CLOUDCTL_REQUEST_TIMEOUT reaches the API client: a request with no reply gives up after it', async () => {
    const held: ServerResponse[] = [];
    const server = createServer((_request, response) => held.push(response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
      const engine = await Engine.open({
        directory: '.',
        env: { CLOUDCTL_REQUEST_TIMEOUT: '200ms', CLOUDCTL_RETRY_BASE_MS: '1' },
        baseUrl,
      });
      const connection = await engine.connect();
      try {
        const error = await connection.api.get('/lites/accounts').then(
          () => undefined,
          (caught: Error) => caught,
        );
        expect(error?.message).to.include('0.2 s');
      } finally {
        await connection.close();
      }
    } finally {
      for (const response of held) response.destroy();
      server.close();
    }
  });
});
