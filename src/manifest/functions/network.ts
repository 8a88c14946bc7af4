/**
 * IP network functions (Terraform's cidrhost, cidrnetmask, cidrsubnet,
 * cidrsubnets), IPv4 and IPv6. IPv6 addresses are read and written by the
 * `ipaddr.js` package (written compressed, RFC 5952); the prefix arithmetic
 * is BigInt. IPv4 octets with leading zeros are read as decimal, as
 * Terraform does.
 */
import ipaddr from 'ipaddr.js';
import type { Value } from '../../core/types.js';
import { define, FunctionError, parameter, type FunctionDefinition } from './definition.js';

/** A network prefix: its first address (host bits cleared), its length and its family's width in bits. */
interface Prefix {
  address: bigint;
  length: number;
  bits: 32 | 128;
}

function invalidPrefix(text: string, name: string): FunctionError {
  return new FunctionError(
    `${name}(): ${JSON.stringify(text)} is not an IP network prefix in CIDR notation (like "10.0.0.0/16")`,
    `${name}(): the prefix is not in CIDR notation (like "10.0.0.0/16")`,
  );
}

function parseIPv4(text: string): bigint | undefined {
  const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (!match) return undefined;
  const octets = match.slice(1).map(Number);
  if (octets.some((octet) => octet > 255)) return undefined;
  return octets.reduce((value, octet) => (value << 8n) | BigInt(octet), 0n);
}

/** Reads `"10.0.0.0/16"` or `"fd00::/56"`; host bits set are cleared (as Terraform). */
function parsePrefix(text: string, name: string): Prefix {
  const slash = text.indexOf('/');
  const lengthText = text.slice(slash + 1);
  if (slash < 0 || !/^\d{1,3}$/.test(lengthText)) throw invalidPrefix(text, name);
  const addressText = text.slice(0, slash);
  let address = parseIPv4(addressText);
  let bits: 32 | 128 = 32;
  if (address === undefined) {
    if (!ipaddr.IPv6.isValid(addressText)) throw invalidPrefix(text, name);
    address = ipaddr.IPv6.parse(addressText)
      .toByteArray()
      .reduce((value, byte) => (value << 8n) | BigInt(byte), 0n);
    bits = 128;
  }
  const length = Number(lengthText);
  if (length > bits) throw invalidPrefix(text, name);
  const hostMask = (1n << BigInt(bits - length)) - 1n;
  return { address: address & ~hostMask, length, bits };
}

/** An address as text: dotted IPv4, or compressed IPv6 (IPv4-mapped ones end in dotted form, as Go writes them). */
function addressText(address: bigint, bits: 32 | 128): string {
  const bytes = Array.from({ length: bits / 8 }, (_, index) => Number((address >> BigInt(bits - 8 * (index + 1))) & 0xffn));
  if (bits === 32) return bytes.join('.');
  if (bytes.slice(0, 10).every((byte) => byte === 0) && bytes[10] === 0xff && bytes[11] === 0xff)
    return `::ffff:${bytes.slice(12).join('.')}`;
  return ipaddr.fromByteArray(bytes).toString();
}

function wholeNumber(value: Value, what: string): bigint {
  if (typeof value !== 'number' || !Number.isInteger(value))
    throw new FunctionError(`${what} must be a whole number, got ${String(value)}`, `${what} must be a whole number`);
  return BigInt(value);
}

function host(prefixText: string, number: Value): string {
  const prefix = parsePrefix(prefixText, 'cidrhost');
  const size = 1n << BigInt(prefix.bits - prefix.length);
  let hostNumber = wholeNumber(number, 'cidrhost(): the host number');
  if (hostNumber < 0n) hostNumber += size;
  if (hostNumber < 0n || hostNumber >= size)
    throw new FunctionError(
      `cidrhost(): the prefix ${prefixText} has ${size} addresses; host number ${String(number)} is outside it`,
      'cidrhost(): the host number is outside the prefix',
    );
  return addressText(prefix.address + hostNumber, prefix.bits);
}

function netmask(prefixText: string): string {
  const prefix = parsePrefix(prefixText, 'cidrnetmask');
  if (prefix.bits !== 32) throw new FunctionError('cidrnetmask(): only IPv4 prefixes have a netmask');
  const mask = ((1n << 32n) - 1n) ^ ((1n << BigInt(32 - prefix.length)) - 1n);
  return addressText(mask, 32);
}

function subnet(prefix: Prefix, newBits: bigint, netNumber: bigint, name: string): Prefix {
  const length = prefix.length + Number(newBits);
  if (newBits < 0n || length > prefix.bits)
    throw new FunctionError(
      `${name}(): ${newBits} new bits would make a /${length} prefix, longer than ${prefix.bits} bits`,
      `${name}(): the new bits would make a prefix longer than ${prefix.bits} bits`,
    );
  if (netNumber < 0n || netNumber >= 1n << newBits)
    throw new FunctionError(
      `${name}(): network number ${netNumber} does not fit in ${newBits} new bits (0 to ${(1n << newBits) - 1n})`,
      `${name}(): the network number does not fit in the new bits`,
    );
  return { address: prefix.address + (netNumber << BigInt(prefix.bits - length)), length, bits: prefix.bits };
}

const prefixText = (prefix: Prefix): string => `${addressText(prefix.address, prefix.bits)}/${prefix.length}`;

/** `cidrsubnets`: consecutive subnets of the given sizes, each aligned to its own size, as Terraform allocates them. */
function subnets(text: string, sizes: Value[]): string[] {
  const base = parsePrefix(text, 'cidrsubnets');
  let next = base.address;
  const end = base.address + (1n << BigInt(base.bits - base.length));
  return sizes.map((size, index) => {
    const newBits = wholeNumber(size, `cidrsubnets(): argument ${index + 2}`);
    const length = base.length + Number(newBits);
    if (newBits < 1n || length > base.bits)
      throw new FunctionError(
        `cidrsubnets(): argument ${index + 2}: ${newBits} new bits must be 1 or more and make a prefix of at most ${base.bits} bits`,
      );
    const block = 1n << BigInt(base.bits - length);
    const start = ((next + block - 1n) / block) * block;
    if (start + block > end)
      throw new FunctionError(
        `cidrsubnets(): not enough room in ${text} for subnet ${index + 1} (/${length})`,
        `cidrsubnets(): not enough room in the prefix for subnet ${index + 1}`,
      );
    next = start + block;
    return prefixText({ address: start, length, bits: base.bits });
  });
}

const cidr = parameter('prefix', 'string');

/** The IP network functions, in the order of the docs. */
export const NETWORK_FUNCTIONS: FunctionDefinition[] = [
  define('network', {
    name: 'cidrhost',
    parameters: [cidr, parameter('hostnum', 'number')],
    result: 'string',
    description: 'The address of host number `hostnum` in the prefix (a negative number counts back from the last address).',
    example: '${cidrhost("10.12.112.0/20", 16)} → "10.12.112.16"',
    run: ([prefix, number]) => host(prefix as string, number),
  }),
  define('network', {
    name: 'cidrnetmask',
    parameters: [cidr],
    result: 'string',
    description: 'The netmask of an IPv4 prefix, in dotted form.',
    example: '${cidrnetmask("172.16.0.0/12")} → "255.240.0.0"',
    run: ([prefix]) => netmask(prefix as string),
  }),
  define('network', {
    name: 'cidrsubnet',
    parameters: [cidr, parameter('newbits', 'number'), parameter('netnum', 'number')],
    result: 'string',
    description: 'Subnet number `netnum` of the prefix lengthened by `newbits` bits.',
    example: '${cidrsubnet("10.1.0.0/16", 8, 2)} → "10.1.2.0/24"',
    run: ([prefix, newBits, netNumber]) =>
      prefixText(
        subnet(
          parsePrefix(prefix as string, 'cidrsubnet'),
          wholeNumber(newBits, 'cidrsubnet(): newbits'),
          wholeNumber(netNumber, 'cidrsubnet(): netnum'),
          'cidrsubnet',
        ),
      ),
  }),
  define('network', {
    name: 'cidrsubnets',
    parameters: [cidr, { name: 'newbits', types: ['number'], variadic: true }],
    result: 'list',
    description:
      'Consecutive subnets of the prefix, one per `newbits` argument (each that many bits longer), allocated in order without overlap.',
    example: '${cidrsubnets("10.1.0.0/16", 4, 4, 8)} → ["10.1.0.0/20", "10.1.16.0/20", "10.1.32.0/24"]',
    run: ([prefix, ...sizes]) => subnets(prefix as string, sizes),
  }),
];
