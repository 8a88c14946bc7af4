/**
 * Encoding, hash, IP network and date functions through the table:
 * Terraform's results (yamlencode in its style, jsonencode's escapes),
 * IPv4 and IPv6 prefix arithmetic, RFC 3339 timestamps, and the errors.
 */
import { expect } from 'chai';
import type { Value } from '../../../src/core/types.js';
import { type FunctionError } from '../../../src/manifest/functions/index.js';
import { call, errors, results } from './call.js';

describe('functions: encoding', () => {
  results([
    ['base64encode', ['hello'], 'aGVsbG8='],
    ['base64decode', ['aMOpbGxv'], 'héllo'],
    [
      'csvdecode',
      ['a,b\n1,2\n3,4'],
      [
        { a: '1', b: '2' },
        { a: '3', b: '4' },
      ],
    ],
    ['csvdecode', ['a,b\n"x, y","say ""hi"""\n'], [{ a: 'x, y', b: 'say "hi"' }]],
    ['csvdecode', ['a,b\n'], []],
    ['jsondecode', ['3'], 3],
    ['jsondecode', ['{"a":[true,null]}'], { a: [true, null] }],
    ['jsonencode', [{ b: [true, null], a: 1 }], '{"a":1,"b":[true,null]}'],
    ['jsonencode', ['<a & b>'], '"\\u003ca \\u0026 b\\u003e"'],
    ['jsonencode', [1e21], '1000000000000000000000'],
    ['textencodebase64', ['Hi', 'UTF-16LE'], 'SABpAA=='],
    ['textencodebase64', ['Hi', 'utf-16be'], 'AEgAaQ=='],
    ['urlencode', ['Hello World?/é~'], 'Hello+World%3F%2F%C3%A9~'],
    ['yamldecode', ['a: [1, "x", true, null]'], { a: [1, 'x', true, null] }],
    ['yamldecode', [''], null],
    ['yamlencode', [{ a: 1 }], '"a": 1\n'],
    ['yamlencode', [{ foo: [1, { c: 'd', a: 'b' }, 3], bar: 'baz' }], '"bar": "baz"\n"foo":\n- 1\n- "a": "b"\n  "c": "d"\n- 3\n'],
    ['yamlencode', [{ s: 'a\nb', e: {}, l: [], n: null, t: true }], '"e": {}\n"l": []\n"n": null\n"s": |-\n  a\n  b\n"t": true\n'],
  ]);
  errors([
    ['base64decode', ['abc'], /not valid Base64/],
    ['base64decode', ['/w=='], /not valid UTF-8/],
    ['csvdecode', ['a,b\n1'], /csvdecode\(\): .*/],
    ['csvdecode', [''], /no header line/],
    ['jsondecode', ['{'], /not valid JSON/],
    ['textencodebase64', ['x', 'EBCDIC'], /unsupported encoding "EBCDIC"/],
    ['yamldecode', ['a: [1'], /not valid YAML/],
    ['yamldecode', ['a: 1\n---\nb: 2'], /more than one YAML document/],
  ]);
});

describe('functions: hashes', () => {
  results([
    ['md5', ['hello'], '5d41402abc4b2a76b9719d911017c592'],
    ['sha1', ['hello'], 'aaf4c61ddcc5e8a2dabede0f3b482cd9aea9434d'],
    ['sha256', ['hello'], '2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824'],
    ['base64sha256', ['hello'], 'LPJNul+wow4m6DsqxbninhsWHlwfp0JecwQzYpOLmCQ='],
    [
      'sha512',
      [''],
      'cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e',
    ],
  ]);
});

describe('functions: IP networks', () => {
  results([
    ['cidrhost', ['10.0.0.0/24', 5], '10.0.0.5'],
    ['cidrhost', ['10.0.0.0/24', -1], '10.0.0.255'],
    ['cidrhost', ['10.0.0.7/24', 1], '10.0.0.1'],
    ['cidrhost', ['fd00:fd12:3456:7890::/56', 16], 'fd00:fd12:3456:7800::10'],
    ['cidrnetmask', ['10.0.0.0/16'], '255.255.0.0'],
    ['cidrnetmask', ['0.0.0.0/0'], '0.0.0.0'],
    ['cidrsubnet', ['10.1.0.0/16', 4, 15], '10.1.240.0/20'],
    ['cidrsubnet', ['fd00:fd12:3456:7890::/56', 16, 162], 'fd00:fd12:3456:7800:a200::/72'],
    ['cidrsubnet', ['010.1.0.0/16', 8, 2], '10.1.2.0/24'],
    ['cidrsubnets', ['10.1.0.0/16', 4, 4, 8, 4], ['10.1.0.0/20', '10.1.16.0/20', '10.1.32.0/24', '10.1.48.0/20']],
    [
      'cidrsubnets',
      ['fd00:fd12:3456:7890::/56', 16, 16, 16, 32],
      ['fd00:fd12:3456:7800::/72', 'fd00:fd12:3456:7800:100::/72', 'fd00:fd12:3456:7800:200::/72', 'fd00:fd12:3456:7800:300::/88'],
    ],
  ]);
  errors([
    ['cidrhost', ['10.0.0.0/30', 4], /has 4 addresses; host number 4 is outside it/],
    ['cidrhost', ['10.0.0.0', 1], /not an IP network prefix/],
    ['cidrhost', ['300.0.0.0/8', 1], /not an IP network prefix/],
    ['cidrnetmask', ['fd00::/8'], /only IPv4 prefixes have a netmask/],
    ['cidrsubnet', ['10.0.0.0/30', 3, 0], /longer than 32 bits/],
    ['cidrsubnet', ['10.0.0.0/16', 2, 4], /does not fit in 2 new bits/],
    ['cidrsubnets', ['10.0.0.0/30', 1, 1, 1], /not enough room/],
  ]);
});

describe('functions: dates', () => {
  results([
    ['formatdate', ['YYYY-MM-DD', '2026-11-29T04:00:00Z'], '2026-11-29'],
    ['formatdate', ['DD MMM YYYY hh:mm ZZZ', '2026-11-29T04:05:00Z'], '29 Nov 2026 04:05 UTC'],
    ['formatdate', ['EEEE, MMMM D, YY h:m:s', '2026-01-05T07:08:09Z'], 'Monday, January 5, 26 7:8:9'],
    ['formatdate', ["HH:mm AA aa 'at' ''Z''", '2026-11-29T00:30:00+05:30'], "12:30 AM am at '+05:30'"],
    ['formatdate', ['ZZZZ ZZZZZ Z', '2026-11-29T00:30:00-08:00'], '-0800 -08:00 -08:00'],
    ['timeadd', ['2026-11-29T00:00:00Z', '36h'], '2026-11-30T12:00:00Z'],
    ['timeadd', ['2026-11-29T00:00:00+01:00', '-1h30m'], '2026-11-28T22:30:00+01:00'],
    ['timeadd', ['2026-11-29T00:00:00.9Z', '100ms'], '2026-11-29T00:00:01Z'],
    ['timecmp', ['2026-11-29T05:00:00+01:00', '2026-11-29T04:00:00Z'], 0],
    ['timecmp', ['2026-11-29T04:00:00Z', '2026-11-29T04:00:01Z'], -1],
    ['timecmp', ['2027-01-01T00:00:00Z', '2026-11-29T04:00:00Z'], 1],
  ]);
  errors([
    ['formatdate', ['YYY', '2026-11-29T04:00:00Z'], /invalid date format sequence "YYY"/],
    ['formatdate', ["'open", '2026-11-29T04:00:00Z'], /unterminated quoted literal/],
    ['formatdate', ['YYYY', '2026-11-29'], /not an RFC 3339 timestamp/],
    ['formatdate', ['YYYY', '2026-02-30T00:00:00Z'], /not an RFC 3339 timestamp/],
    ['timeadd', ['2026-11-29T00:00:00Z', '1d'], /not a duration/],
    ['timecmp', ['now', '2026-11-29T00:00:00Z'], /not an RFC 3339 timestamp/],
  ]);
});

describe('functions: errors without values, for sensitive arguments', () => {
  const cases: Array<[string, Value[], string]> = [
    ['cidrhost', ['10.9.8.0/30', 4], '10.9.8.0'],
    ['cidrsubnet', ['10.9.8.0/16', 2, 4], 'number 4'],
    ['timeadd', ['secret-time', '1h'], 'secret-time'],
    ['timeadd', ['2026-11-29T00:00:00Z', 'secret'], 'secret'],
    ['textencodebase64', ['x', 'secret-encoding'], 'secret-encoding'],
    ['parseint', ['secret', 10], 'secret'],
    ['tonumber', ['secret'], 'secret'],
    ['format', ['%d', 1.2345], '1.2345'],
    ['regex', ['secret[0-9]', 'none'], 'secret'],
    ['lookup', [{ secret: 1 }, 'other'], 'secret'],
  ];
  for (const [name, args, hidden] of cases) {
    it(`${name}() names no argument in its message without values`, () => {
      try {
        call(name, ...args);
        expect.fail('expected an error');
      } catch (error) {
        expect((error as FunctionError).message).to.include(hidden);
        expect((error as FunctionError).withoutValues).to.not.include(hidden);
      }
    });
  }
});
