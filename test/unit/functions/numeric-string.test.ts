/**
 * Numeric and string functions through the table: Terraform's results
 * (from its function reference), automatic conversions, `format`'s verbs
 * and flags, RE2 patterns, and the errors.
 */
import { expect } from 'chai';
import { MAX_RESULT_CHARACTERS } from '../../../src/manifest/functions/index.js';
import { errors, failure, results } from './call.js';

describe('functions: numeric', () => {
  results([
    ['abs', [-3], 3],
    ['abs', ['-2.5'], 2.5],
    ['ceil', [1.2], 2],
    ['floor', [-1.2], -2],
    ['log', [100, 10], 2],
    ['log', [1000, 10], 2.9999999999999996],
    ['log', [8, 2], 3],
    ['max', [12, 54, 3], 54],
    ['min', [4, 2, 8], 2],
    ['min', ['3', 5], 3],
    ['parseint', ['ff', 16], 255],
    ['parseint', ['-1010', 2], -10],
    ['parseint', ['FF', 16], 255],
    ['parseint', ['zZ', 62], 35 * 62 + 61],
    ['pow', [2, 10], 1024],
    ['signum', [0], 0],
    ['signum', [-7.5], -1],
  ]);
  errors([
    ['parseint', ['zz', 10], /cannot parse "zz" as a base 10 integer/],
    ['parseint', ['', 10], /cannot parse/],
    ['parseint', ['1', 63], /base must be a whole number from 2 to 62/],
    ['abs', ['x'], /abs\(\): argument 1 \(number\): cannot convert "x" to a number/],
    ['abs', [[1]], /abs\(\): argument 1 \(number\) expects a number, got a list/],
    ['max', [], /max\(\) takes at least 1 argument/],
    ['log', [0, 10], /not a finite number/],
    ['abs', [null], /must not be null/],
  ]);
});

describe('functions: strings', () => {
  results([
    ['chomp', ['hello\n\r\n'], 'hello'],
    ['chomp', ['a\nb'], 'a\nb'],
    ['endswith', ['hello', 'lo'], true],
    ['startswith', ['hello', 'x'], false],
    ['strcontains', ['hello', 'ell'], true],
    ['indent', [2, 'a\nb\n'], 'a\n  b\n  '],
    ['join', ['-', [1, 2]], '1-2'],
    ['join', [', ', ['a'], ['b', true]], 'a, b, true'],
    ['lower', ['ÀB'], 'àb'],
    ['upper', ['straße'], 'STRASSE'],
    ['split', [',', ''], ['']],
    ['split', ['', 'ab'], ['a', 'b']],
    ['strrev', ['héllo'], 'olléh'],
    ['strrev', ['e\u0301a'], 'ae\u0301'],
    ['substr', ['hello world', 0, 5], 'hello'],
    ['substr', ['hello world', -5, -1], 'world'],
    ['substr', ['hello', 10, 2], ''],
    ['substr', ['hello', 1, -2], 'ello'],
    ['substr', ['hello', -9, 2], 'he'],
    ['substr', ['🇫🇷ab', 0, 1], '🇫🇷'],
    ['title', ["hello wORLD-x_y o'neil"], "Hello WORLD-X_y O'Neil"],
    ['trim', ['?!hello?!', '!?'], 'hello'],
    ['trimprefix', ['helloworld', 'hello'], 'world'],
    ['trimprefix', ['helloworld', 'x'], 'helloworld'],
    ['trimsuffix', ['helloworld', 'world'], 'hello'],
    ['trimspace', ['\u00a0 hi\t\n'], 'hi'],
    ['replace', ['hello world', '/o/', '0'], 'hell0 w0rld'],
    ['replace', ['a-b', '/(\\w)-(\\w)/', '$2+${1}'], 'b+a'],
    ['replace', ['ab', '/(?P<x>a)/', '[$x]$$'], '[a]$b'],
    ['replace', ['1.2.3', '.', '-'], '1-2-3'],
    ['regex', ['[a-z]+', '123abc456'], 'abc'],
    ['regex', ['(\\d+)-(\\d+)?', '12-'], ['12', null]],
    ['regex', ['(?P<year>\\d{4})-(?P<month>\\d{2})', 'on 2026-11'], { year: '2026', month: '11' }],
    ['regexall', ['[0-9]', 'a1b2c3'], ['1', '2', '3']],
    ['regexall', ['x', 'abc'], []],
    ['formatlist', ['%s-%s', ['a', 'b'], ['1', '2']], ['a-1', 'b-2']],
    ['formatlist', ['%s:%d', ['a', 'b'], 8], ['a:8', 'b:8']],
    ['formatlist', ['x'], ['x']],
  ]);
  errors([
    ['regex', ['[0-9]+', 'abc'], /does not match/],
    ['regex', ['(?=a)', 'abc'], /invalid regular expression/],
    ['regex', ['(a)(?P<n>b)', 'ab'], /mixes named and unnamed/],
    ['join', ['-', [null]], /item 0 is null/],
    ['join', ['-', [[1]]], /expects a string, number or boolean, got a list/],
    ['indent', [-1, 'a'], /spaces must be a whole number/],
    ['upper', ['a', 'b'], /upper\(\) takes 1 argument/],
    ['formatlist', ['%s', ['a'], ['b', 'c']], /must be the same length/],
  ]);
  it('refuses a result longer than the bound', () => {
    expect(failure('replace', 'x'.repeat(1000), 'x', 'y'.repeat(MAX_RESULT_CHARACTERS / 1000 + 1))).to.match(/more than 1000000$/);
  });
});

describe('functions: format', () => {
  results([
    ['format', ['%05d', 42], '00042'],
    ['format', ['%-5d|', 42], '42   |'],
    ['format', ['%+d %+d', 3, -3], '+3 -3'],
    ['format', ['% d', 3], ' 3'],
    ['format', ['%05d', -42], '-0042'],
    ['format', ['%q', 'x'], '"x"'],
    ['format', ['%x %X %o %b', 255, 255, 8, 5], 'ff FF 10 101'],
    ['format', ['%#x %#o %#b', 255, 8, 5], '0xff 010 0b101'],
    ['format', ['%.3d', 7], '007'],
    ['format', ['%f', 3.14159], '3.141590'],
    ['format', ['%.2f', 3.14159], '3.14'],
    ['format', ['%8.2f|', -3.14159], '   -3.14|'],
    ['format', ['%08.3f', 3.14159], '0003.142'],
    ['format', ['%e', 1234.5678], '1.234568e+03'],
    ['format', ['%.2E', 0.000123], '1.23E-04'],
    ['format', ['%g', 0.00001234], '1.234e-05'],
    ['format', ['%g', 100000], '100000'],
    ['format', ['%g', 1000000], '1e+06'],
    ['format', ['%.3g', 1234.5], '1.23e+03'],
    ['format', ['%.3g', 1.5], '1.5'],
    ['format', ['%v %v %v', 'a', 1.5, true], 'a 1.5 true'],
    ['format', ['%v', { a: [1] }], '{"a":[1]}'],
    ['format', ['%#v', 'hello'], '"hello"'],
    ['format', ['%#v', null], 'null'],
    ['format', ['%v', null], 'null'],
    ['format', ['%t', 'true'], 'true'],
    ['format', ['%s', 12], '12'],
    ['format', ['%d', '12'], '12'],
    ['format', ['%.3s', 'héllo'], 'hél'],
    ['format', ['%5s|%-5s|', 'ab', 'cd'], '   ab|cd   |'],
    ['format', ['%[2]s %[1]s %s', 'a', 'b'], 'b a b'],
    ['format', ['%[2]d %d', 1, 2, 3], '2 3'],
    ['format', ['100%%'], '100%'],
  ]);
  errors([
    ['format', ['%d', 1.5], /needs a whole number/],
    ['format', ['%y', 1], /unsupported verb "%y"/],
    ['format', ['%s %s', 'a'], /"%s" needs value 2 but 1 is given/],
    ['format', ['%s', 'a', 'b'], /2 values given but the format uses 1/],
    ['format', ['%s', null], /cannot format null/],
    ['format', ['%s', ['a']], /expects a string, number or boolean, got a list/],
    ['format', ['%t', 'yes'], /cannot convert "yes" to a boolean/],
    ['format', ['%[0]d', 1], /must be 1 or more/],
    ['format', ['abc %'], /ends inside the verb/],
  ]);
});
