/**
 * Optional encryption at rest of the state's secrets: with a passphrase
 * (`CLOUDCTL_STATE_PASSPHRASE`), every sensitive attribute value (per the
 * catalogue's `sensitive` flags, and those the resource's
 * `sensitive_attributes` marks) and every sensitive output value is stored
 * as `{ "$encrypted": "v1:<iv>:<ciphertext>:<tag>" }` (base64 parts),
 * AES-256-GCM with a key derived by scrypt from the passphrase and a random
 * per-state salt. The salt, the scrypt parameters and a check value (to tell
 * a wrong passphrase from a damaged file) sit in the document's
 * `encryption` header; everything else stays readable, so `state list` and
 * `state show` work without the passphrase (secrets print as `(sensitive)`
 * anyway). Each value is bound to its place (lineage, address, attribute)
 * as GCM additional data, so encrypted values cannot be swapped around.
 *
 * {@link EncryptingBackend} wraps any {@link StateBackend}: the store above
 * it sees plain values; the file below holds ciphertext only.
 */
import { createCipheriv, createDecipheriv, randomBytes, scrypt as scryptCallback, type ScryptOptions } from 'node:crypto';
import type { Value } from '../core/types.js';
import type { StateDocument } from './document.js';
import type { Journal, LockOptions, StateBackend, StateChangeRecord, StateLock } from './contracts.js';
import { StateCorruptError, StateError } from './errors.js';

/** The key of an encrypted value's envelope object. */
export const ENCRYPTED_KEY = '$encrypted';

/** The `encryption` header of an encrypted state document. */
export interface EncryptionHeader {
  algorithm: 'aes-256-gcm';
  kdf: 'scrypt';
  /** Random salt of this state, base64 (16 bytes). */
  salt: string;
  /** scrypt cost parameters. */
  n: number;
  r: number;
  p: number;
  /** A fixed text encrypted with the key: decrypting it proves the passphrase is right. */
  check: string;
}

/** A state document as stored when encrypted: the header beside the usual fields. */
export type EncryptedStateDocument = StateDocument & { encryption?: EncryptionHeader };

/** Says whether `attribute` of resource type `type` is sensitive. */
export type SensitivityCheck = (type: string, attribute: string) => boolean;

/** Options of {@link EncryptingBackend}. */
export interface EncryptionOptions {
  /** The passphrase (non-empty). */
  passphrase: string;
  /** Which attributes to encrypt. */
  sensitive: SensitivityCheck;
  /** scrypt cost for a new state (default N = 32768, r = 8, p = 1: about 32 MiB and 0.1 s). */
  cost?: { n: number; r: number; p: number };
  /** Where the passphrase came from, for messages (default `CLOUDCTL_STATE_PASSPHRASE`). */
  source?: string;
}

const CHECK_TEXT = 'cloudctl state key check';
const DEFAULT_COST = { n: 32768, r: 8, p: 1 };

function scrypt(passphrase: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCallback(passphrase, salt, 32, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** True when `value` is an encrypted value's envelope. */
export function isEncryptedValue(value: unknown): value is { [ENCRYPTED_KEY]: string } {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    typeof (value as Record<string, unknown>)[ENCRYPTED_KEY] === 'string' &&
    Object.keys(value).length === 1
  );
}

/** True when `document` (as read from disk) carries an encryption header. */
export function isEncryptedDocument(document: unknown): boolean {
  return (
    typeof document === 'object' &&
    document !== null &&
    typeof (document as Record<string, unknown>).encryption === 'object' &&
    (document as Record<string, unknown>).encryption !== null
  );
}

function seal(key: Buffer, plaintext: string, place: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(place, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `v1:${iv.toString('base64')}:${body.toString('base64')}:${cipher.getAuthTag().toString('base64')}`;
}

/** Decrypts a sealed text; `null` when it does not authenticate (wrong key, damaged or moved value). */
function open(key: Buffer, sealed: string, place: string): string | null {
  const parts = sealed.split(':');
  if (parts.length !== 4 || parts[0] !== 'v1') return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(parts[1]!, 'base64'));
    decipher.setAAD(Buffer.from(place, 'utf8'));
    decipher.setAuthTag(Buffer.from(parts[3]!, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(parts[2]!, 'base64')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** Encrypts `value` (unless null or already encrypted), bound to its place `path` in the state of `lineage`. */
type Encrypt = (value: Value, lineage: string, ...path: string[]) => Value;

/** The additional data binding a value to its place in the state. */
function placeOf(lineage: string, ...path: string[]): string {
  return ['cloudctl-state', 'v1', lineage, ...path].join('\u0000');
}

/**
 * A {@link StateBackend} that encrypts sensitive values on write and
 * decrypts them on read; the lock and the journal are the wrapped backend's.
 * The key is derived once per salt and kept in memory only.
 */
export class EncryptingBackend implements StateBackend {
  private key: { salt: string; cost: { n: number; r: number; p: number }; value: Buffer } | null = null;

  constructor(
    /** The backend that stores the encrypted document. */
    readonly inner: StateBackend,
    private readonly options: EncryptionOptions,
  ) {
    if (options.passphrase === '') throw new StateError('the state passphrase is empty');
  }

  get journal(): Journal {
    return this.inner.journal;
  }

  describe(): string {
    return this.inner.describe();
  }

  /** The wrapped backend's `open` (opening adds no record, so nothing needs encrypting). */
  async open(): Promise<void> {
    await this.inner.open?.();
  }

  lock(command: string, options?: LockOptions): Promise<StateLock> {
    return this.inner.lock(command, options);
  }

  forceUnlock(id: string): Promise<void> {
    return this.inner.forceUnlock(id);
  }

  /**
   * Reads and decrypts. A state written without encryption is returned as it
   * is (its secrets are encrypted on the next write).
   * @throws StateError when the passphrase is wrong; StateCorruptError when
   *   the header or an encrypted value is damaged; the inner backend's errors.
   */
  async read(): Promise<StateDocument | null> {
    const stored = (await this.inner.read()) as EncryptedStateDocument | null;
    if (stored === null) return null;
    const { encryption: header, ...document } = stored;
    if (header === undefined) return document;
    const where = this.inner.describe();
    if (
      header.algorithm !== 'aes-256-gcm' ||
      header.kdf !== 'scrypt' ||
      typeof header.salt !== 'string' ||
      typeof header.check !== 'string'
    ) {
      throw new StateCorruptError(where, 'its encryption header is not one this cloudctl reads (aes-256-gcm with scrypt)');
    }
    let key: Buffer;
    try {
      key = await this.keyFor(header.salt, { n: header.n, r: header.r, p: header.p });
    } catch (error) {
      throw new StateCorruptError(where, `its encryption header has unusable key parameters (${(error as Error).message})`);
    }
    if (open(key, header.check, placeOf(document.lineage, 'check')) !== CHECK_TEXT) {
      throw new StateError(
        `wrong passphrase: ${this.options.source ?? 'CLOUDCTL_STATE_PASSPHRASE'} does not decrypt the state file ${where}, which was encrypted with another passphrase`,
      );
    }
    const decrypt = (value: Value, ...path: string[]): Value => {
      if (!isEncryptedValue(value)) return value;
      const text = open(key, value[ENCRYPTED_KEY], placeOf(document.lineage, ...path));
      if (text === null)
        throw new StateCorruptError(
          where,
          `the encrypted value of ${path.join('.')} does not authenticate (damaged, or copied from elsewhere)`,
        );
      return JSON.parse(text) as Value;
    };
    for (const [address, resource] of Object.entries(document.resources ?? {})) {
      for (const [name, value] of Object.entries(resource.attributes ?? {}))
        resource.attributes[name] = decrypt(value, 'resources', address, name);
    }
    for (const [name, output] of Object.entries(document.outputs ?? {})) output.value = decrypt(output.value, 'outputs', name);
    return document;
  }

  /**
   * Encrypts the sensitive values of a copy of `document`, adds the header
   * (a new random salt for a state that had none) and writes it through
   * the inner backend. @throws the inner backend's errors.
   */
  async write(document: StateDocument): Promise<void> {
    const { encrypt, header } = await this.sealer();
    const copy = JSON.parse(JSON.stringify(document)) as EncryptedStateDocument;
    for (const [address, resource] of Object.entries(copy.resources)) this.encryptResource(encrypt, copy.lineage, address, resource);
    for (const [name, output] of Object.entries(copy.outputs)) {
      if (output.sensitive) output.value = encrypt(output.value, copy.lineage, 'outputs', name);
    }
    copy.encryption = header(copy.lineage);
    await this.inner.write(copy);
  }

  /**
   * Encrypts the sensitive values in a copy of `record` (each bound to its
   * place, as in the snapshot), attaches the header so a replay of the log
   * alone can be decrypted, and appends it through the inner backend.
   * @throws the inner backend's errors.
   */
  async appendChanges(record: StateChangeRecord): Promise<void> {
    const { encrypt, header } = await this.sealer();
    const copy = JSON.parse(JSON.stringify(record)) as StateChangeRecord;
    for (const change of copy.changes) {
      if (change.op === 'set') this.encryptResource(encrypt, copy.lineage, change.address, change.resource);
      else if (change.op === 'outputs') {
        for (const [name, output] of Object.entries(change.outputs)) {
          if (output.sensitive) output.value = encrypt(output.value, copy.lineage, 'outputs', name);
        }
      }
    }
    copy.encryption = header(copy.lineage);
    await this.inner.appendChanges(copy);
  }

  changesSinceSnapshot(): number {
    return this.inner.changesSinceSnapshot();
  }

  private encryptResource(
    encrypt: Encrypt,
    lineage: string,
    address: string,
    resource: { type: string; attributes: Record<string, Value>; sensitive_attributes?: string[] },
  ): void {
    const marked = new Set(resource.sensitive_attributes ?? []);
    for (const [name, value] of Object.entries(resource.attributes)) {
      if (marked.has(name) || this.options.sensitive(resource.type, name))
        resource.attributes[name] = encrypt(value, lineage, 'resources', address, name);
    }
  }

  /** The key (the stored salt, or a new one for a state without a header), an encrypting function and the header to store. */
  private async sealer(): Promise<{ encrypt: Encrypt; header: (lineage: string) => EncryptionHeader }> {
    if (this.key === null) {
      const existing = await this.storedHeader();
      if (existing) await this.keyFor(existing.salt, { n: existing.n, r: existing.r, p: existing.p });
      else await this.keyFor(randomBytes(16).toString('base64'), this.options.cost ?? DEFAULT_COST);
    }
    const { salt, cost, value: key } = this.key!;
    const encrypt: Encrypt = (value, lineage, ...path) =>
      value === null || isEncryptedValue(value) ? value : { [ENCRYPTED_KEY]: seal(key, JSON.stringify(value), placeOf(lineage, ...path)) };
    const header = (lineage: string): EncryptionHeader => {
      if (this.header?.lineage !== lineage || this.header.salt !== salt) {
        this.header = {
          lineage,
          salt,
          value: { algorithm: 'aes-256-gcm', kdf: 'scrypt', salt, ...cost, check: seal(key, CHECK_TEXT, placeOf(lineage, 'check')) },
        };
      }
      return this.header.value;
    };
    return { encrypt, header };
  }

  /** The header last made, reused while the lineage and salt stay the same. */
  private header: { lineage: string; salt: string; value: EncryptionHeader } | null = null;

  /** The header of the stored document, if it has one (when writing before any read). */
  private async storedHeader(): Promise<EncryptionHeader | undefined> {
    const stored = (await this.inner.read()) as EncryptedStateDocument | null;
    return stored?.encryption;
  }

  private async keyFor(salt: string, cost: { n: number; r: number; p: number }): Promise<Buffer> {
    if (this.key && this.key.salt === salt) return this.key.value;
    const value = await scrypt(this.options.passphrase, Buffer.from(salt, 'base64'), {
      N: cost.n,
      r: cost.r,
      p: cost.p,
      maxmem: 256 * cost.n * cost.r + 1024 * 1024,
    });
    this.key = { salt, cost, value };
    return value;
  }
}
