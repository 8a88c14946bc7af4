/**
 * Hash functions (Terraform's "Hash and Crypto Functions"): digests of a
 * text's UTF-8 bytes, from node:crypto.
 */
import { createHash } from 'node:crypto';
import { define, parameter, type FunctionDefinition } from './definition.js';

/** A function giving the digest of its argument with `algorithm`, as hexadecimal or Base64. */
function digest(name: string, algorithm: string, encoding: 'hex' | 'base64', example: string): FunctionDefinition {
  const how = encoding === 'hex' ? 'in lower-case hexadecimal' : 'in Base64';
  return define('hash', {
    name,
    parameters: [parameter('text', 'string')],
    result: 'string',
    description: `The ${algorithm.toUpperCase()} digest of the text's UTF-8 bytes, ${how}.`,
    example,
    run: ([value]) =>
      createHash(algorithm)
        .update(value as string, 'utf8')
        .digest(encoding),
  });
}

/** The hash functions, in the order of the docs. */
export const HASH_FUNCTIONS: FunctionDefinition[] = [
  digest('base64sha256', 'sha256', 'base64', '${base64sha256("hello")} → "LPJNul+wow4m6DsqxbninhsWHlwfp0JecwQzYpOLmCQ="'),
  digest(
    'base64sha512',
    'sha512',
    'base64',
    '${base64sha512("hello")} → "m3HSJL1i83hdltRq0+o9czGb+8KJDKra4t/3JRlnPKcjI8PZm6XBHXx6zG4UuMXaDEZjR1wuXDre9G9zvN7AQw=="',
  ),
  digest('md5', 'md5', 'hex', '${md5("hello")} → "5d41402abc4b2a76b9719d911017c592"'),
  digest('sha1', 'sha1', 'hex', '${sha1("hello")} → "aaf4c61ddcc5e8a2dabede0f3b482cd9aea9434d"'),
  digest('sha256', 'sha256', 'hex', '${sha256("hello")} → "2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824"'),
  digest(
    'sha512',
    'sha512',
    'hex',
    '${sha512("hello")} → "9b71d224bd62f3785d96d46ad3ea3d73319bfbc2890caadae2dff72519673ca72323c3d99ba5c11d7c7acc6e14b8c5da0c4663475c2e5c3adef46f73bcdec043"',
  ),
];
