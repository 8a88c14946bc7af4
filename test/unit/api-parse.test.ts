/**
 * Unit tests of src/api/parse.ts (lenient parsing), of secret masking
 * (src/core/mask.ts, as the API layer uses it) and of
 * the error-body description in src/api/errors.ts.
 */
import { expect } from 'chai';
import { asArray, asRecord, parseId, pickFirst, rawJson, toInt } from '../../src/api/parse.js';
import { collectSecretValues, isSecretKey, maskLiterals, maskSecretPairsInText, maskSecrets } from '../../src/core/mask.js';
import { ApiError, NetworkError, OrderOutcomeUnknownError, PollTimeoutError, describeErrorBody } from '../../src/api/errors.js';

describe('api parse (src/api/parse.ts)', () => {
  describe('parseId', () => {
    it('accepts numbers and numeric strings and returns canonical decimal strings', () => {
      expect(parseId(1547, 'account_id')).to.equal('1547');
      expect(parseId('1547', 'account_id')).to.equal('1547');
      expect(parseId(' 0042 ', 'account_id')).to.equal('42');
      expect(parseId(0, 'sshkey_id')).to.equal('0');
      expect(parseId(12.0, 'account_id')).to.equal('12');
      expect(parseId('90071992547409930', 'account_id')).to.equal('90071992547409930');
    });

    it('throws an Error naming what for anything else', () => {
      for (const bad of [undefined, null, '', 'abc', '12a', '-3', 1.5, -1, Number.NaN, {}, [], true, 2 ** 60]) {
        expect(() => parseId(bad, 'account_id of the order reply')).to.throw(Error, /^account_id of the order reply: /);
      }
      expect(() => parseId(null, 'keypair_id')).to.throw('keypair_id: expected a numeric id, got null');
    });
  });

  it('pickFirst returns the first present non-null key', () => {
    expect(pickFirst({ id: 5, account_id: null }, ['account_id', 'id'])).to.equal(5);
    expect(pickFirst({ account_id: '7', id: 5 }, ['account_id', 'id'])).to.equal('7');
    expect(pickFirst({ account_id: 0 }, ['account_id'])).to.equal(0);
    expect(pickFirst({ other: 1 }, ['account_id', 'id'])).to.equal(undefined);
    expect(pickFirst(['x'], ['0'])).to.equal(undefined);
    expect(pickFirst(null, ['a'])).to.equal(undefined);
  });

  it('asRecord narrows objects and throws a clear Error otherwise', () => {
    expect(asRecord({ a: 1 })).to.deep.equal({ a: 1 });
    expect(() => asRecord([1], 'reply of POST /lites')).to.throw('reply of POST /lites: expected an object, got an array');
    expect(() => asRecord('success')).to.throw('response: expected an object, got a string');
    expect(() => asRecord(null)).to.throw('response: expected an object, got null');
  });

  it('asArray narrows arrays, treats null and a null-data envelope as empty, throws otherwise', () => {
    expect(asArray([1, 2])).to.deep.equal([1, 2]);
    expect(asArray(null)).to.deep.equal([]);
    expect(asArray({ success: true, code: 200, data: null })).to.deep.equal([]);
    expect(() => asArray({ a: 1 }, 'lite accounts')).to.throw('lite accounts: expected an array, got an object');
    expect(() => asArray('x')).to.throw('list: expected an array, got a string');
  });

  it('toInt parses numbers and numeric strings, else null', () => {
    expect(toInt(60)).to.equal(60);
    expect(toInt('60')).to.equal(60);
    expect(toInt(' 60 ')).to.equal(60);
    expect(toInt('60.0')).to.equal(60);
    expect(toInt('-5')).to.equal(-5);
    for (const bad of ['', '60GB', '6.5', 6.5, null, undefined, {}, true, Number.POSITIVE_INFINITY]) expect(toInt(bad)).to.equal(null);
  });

  describe('secrets', () => {
    const account = {
      account_id: '7',
      CIPassword: 'hunter2hunter2',
      extra_details: { ciuser: 'deployer', cipassword: 'p4ssW0rdX', nested: [{ private_key: '-----BEGIN', name: 'k' }, 'plain'] },
      keys: [[{ Secret: 's', PEM: 'p', token: 't', passwd: 'x', consolePassword: 'y' }]],
      private: null,
    };

    it('isSecretKey matches the list case-insensitively', () => {
      const passwordKeys = ['cipassword', 'console_password', 'ConsolePassword', 'PASSWORD', 'passwd'];
      const keyAndTokenKeys = ['private_key', 'privatekey', 'private', 'secret_key', 'secretkey', 'secret', 'pem', 'Token'];
      for (const key of [...passwordKeys, ...keyAndTokenKeys]) expect(isSecretKey(key), key).to.equal(true);
      for (const key of ['public_key', 'sshkey_id', 'ciuser', 'tokens', 'password_hint']) expect(isSecretKey(key), key).to.equal(false);
    });

    it('maskSecrets masks recursively through objects and arrays, as a deep copy', () => {
      const masked = maskSecrets(account);
      expect(masked).to.deep.equal({
        account_id: '7',
        CIPassword: '(sensitive)',
        extra_details: { ciuser: 'deployer', cipassword: '(sensitive)', nested: [{ private_key: '(sensitive)', name: 'k' }, 'plain'] },
        keys: [
          [{ Secret: '(sensitive)', PEM: '(sensitive)', token: '(sensitive)', passwd: '(sensitive)', consolePassword: '(sensitive)' }],
        ],
        private: null,
      });
      expect(account.extra_details.cipassword).to.equal('p4ssW0rdX');
      expect(maskSecrets('text')).to.equal('text');
      expect(maskSecrets(null)).to.equal(null);
    });

    it('rawJson is the compact JSON of the masked value', () => {
      const raw = rawJson(account);
      expect(raw).to.equal(JSON.stringify(maskSecrets(account)));
      for (const secret of ['hunter2hunter2', 'p4ssW0rdX', '-----BEGIN']) expect(raw).not.to.contain(secret);
      expect(rawJson(undefined)).to.equal('null');
      expect(rawJson([1, 'a'])).to.equal('[1,"a"]');
    });

    it('rawJson leaves the value it masks as it was, nested secrets in lists included', () => {
      const items = [account, { name: 'plain', nested: [{ token: 't0ken-value' }] }];
      const before = JSON.stringify(items);
      const raw = rawJson(items);
      expect(raw).to.equal(JSON.stringify(maskSecrets(items)));
      expect(raw).not.to.contain('t0ken-value');
      expect(JSON.stringify(items)).to.equal(before);
    });

    it('masks key/value pairs in free text and known literals', () => {
      expect(maskSecretPairsInText('user=bob&password=abc123&x=1')).to.equal('user=bob&password=(sensitive)&x=1');
      expect(maskSecretPairsInText('{"console_password": "a\\"b", "token":\'zz\'}')).to.equal(
        '{"console_password": "(sensitive)", "token":\'(sensitive)\'}',
      );
      expect(maskSecretPairsInText('password must contain a digit')).to.equal('password must contain a digit');
      expect(maskLiterals('bad token tok-123456 and tok-123456', ['tok-123456'])).to.equal('bad token (sensitive) and (sensitive)');
      expect(maskLiterals('abc stays', ['abc'])).to.equal('abc stays');
      expect(maskLiterals('quoted \\"Pa\\"ss\\"', ['Pa"ss"'])).to.equal('quoted \\"(sensitive)');
    });

    it('collectSecretValues finds string values under secret keys', () => {
      expect(collectSecretValues({ console_password: 'A1bcdefgh', nested: [{ token: 'tt-tt' }], name: 'n' })).to.deep.equal([
        'A1bcdefgh',
        'tt-tt',
      ]);
      expect(collectSecretValues(undefined)).to.deep.equal([]);
    });
  });
});

describe('api errors (src/api/errors.ts)', () => {
  it('describeErrorBody picks detail, message, error, raw body; keeps the integer code; masks', () => {
    expect(describeErrorBody('{"success":false,"code":422,"detail":"label too long","message":"x"}')).to.deep.include({
      serverMessage: 'label too long',
      code: 422,
    });
    expect(describeErrorBody('{"detail":{"password":"abc","field":"label"}}').serverMessage).to.equal(
      '{"password":"(sensitive)","field":"label"}',
    );
    expect(describeErrorBody('{"detail":[{"msg":"required"}]}').serverMessage).to.equal('required');
    expect(describeErrorBody('{"message":"nope","code":"E1"}')).to.deep.equal({
      serverMessage: 'nope',
      body: { message: 'nope', code: 'E1' },
    });
    expect(describeErrorBody('{"error":{"token":"abcd","reason":"expired"}}').serverMessage).to.equal(
      '{"token":"(sensitive)","reason":"expired"}',
    );
    expect(describeErrorBody('{"success":false,"cipassword":"Zz9zzzzzz"}').serverMessage).to.equal(
      '{"success":false,"cipassword":"(sensitive)"}',
    );
    expect(describeErrorBody('"plain string"').serverMessage).to.equal('plain string');
    expect(describeErrorBody('  \n')).to.deep.equal({ serverMessage: '' });
    expect(describeErrorBody('<h1>Bad\n   Gateway</h1>').serverMessage).to.equal('<h1>Bad Gateway</h1>');
    expect(describeErrorBody('{"message":"echo S3cretValue1"}', ['S3cretValue1'])).to.deep.equal({
      serverMessage: 'echo (sensitive)',
      body: { message: 'echo (sensitive)' },
    });
  });

  it('builds the documented messages', () => {
    expect(
      new ApiError({ method: 'POST', path: '/lites', status: 422, serverMessage: 'console_password must contain a digit' }).message,
    ).to.equal('POST /lites: HTTP 422: console_password must contain a digit');
    expect(new ApiError({ method: 'GET', path: '/x', status: 500, serverMessage: '' }).message).to.equal('GET /x: HTTP 500');
    expect(new NetworkError({ method: 'GET', path: '/x', code: 'ECONNREFUSED', detail: '', attempts: 1 }).message).to.equal(
      'GET /x: network error after 1 attempt: ECONNREFUSED',
    );
    expect(
      new OrderOutcomeUnknownError({
        method: 'POST',
        path: '/lites/keypairs/',
        reason: 'the connection was reset after the request was sent',
      }).message,
    ).to.equal('the outcome of POST /lites/keypairs/ is unknown: the connection was reset after the request was sent');
    expect(new PollTimeoutError({ path: '/x', lastStatus: '', waitedSeconds: 1200 }).message).to.equal(
      'timed out after 1200 s waiting for GET /x to become Active; last status: (none)',
    );
  });
});
