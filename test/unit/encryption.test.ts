import { expect } from 'chai';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { StateDocument } from '../../src/state/document.js';
import {
  catalogueSensitivity,
  EncryptingBackend,
  isEncryptedValue,
  LocalBackend,
  openLocalState,
  StateCorruptError,
  StateError,
  StateStore,
} from '../../src/state/index.js';
import { useTempState } from '../support/temp-state.js';

const PASSWORD = 'Hunter2Hunter2';
const KEY = '-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIAbCdEf\n-----END PRIVATE KEY-----\n';
const CHEAP = { n: 1024, r: 8, p: 1 }; // fast scrypt for tests; real states use N = 32768

function document(): StateDocument {
  return {
    format_version: 1,
    lineage: '5b8f0f1e-0b8a-4c55-9b7e-3f1f3c7e9a10',
    serial: 1,
    resources: {
      web: {
        type: 'cloud_lite_vm',
        id: '100001',
        attributes: {
          id: '100001',
          vm_name: 'web-01',
          console_password: PASSWORD,
          cipassword: PASSWORD,
          raw: '{"cipassword":"***"}',
          product_id: 1547,
          promocode: null,
        },
        dependencies: ['key'],
      },
      key: {
        type: 'cloud_lite_keypair',
        id: '2001',
        attributes: { id: '2001', name: 'k', private_key: KEY, public_key: 'ssh-ed25519 AAAA k' },
        dependencies: [],
      },
    },
    outputs: {
      key: { value: KEY, sensitive: true },
      id: { value: '100001', sensitive: false },
      nested: { value: { a: [PASSWORD] }, sensitive: true },
    },
  };
}

describe('state: encryption of secrets at rest', () => {
  const temp = useTempState('cloudctl-encryption-');
  const backend = (passphrase: string) =>
    new EncryptingBackend(new LocalBackend({ statePath: temp.statePath }), { passphrase, sensitive: catalogueSensitivity, cost: CHEAP });

  it('writes sensitive attributes and outputs as AES-256-GCM envelopes, everything else readable; reads them back', async () => {
    await backend('pass phrase').write(document());
    const text = await readFile(temp.statePath, 'utf8');
    expect(text).to.not.include(PASSWORD);
    expect(text).to.not.include('PRIVATE KEY');
    const stored = JSON.parse(text);
    expect(stored.encryption).to.include({ algorithm: 'aes-256-gcm', kdf: 'scrypt', n: 1024, r: 8, p: 1 });
    expect(Buffer.from(stored.encryption.salt, 'base64')).to.have.length(16);
    for (const value of [
      stored.resources.web.attributes.console_password,
      stored.resources.web.attributes.cipassword,
      stored.resources.web.attributes.raw,
      stored.resources.key.attributes.private_key,
      stored.outputs.key.value,
      stored.outputs.nested.value,
    ]) {
      expect(isEncryptedValue(value), JSON.stringify(value)).to.equal(true);
      expect(value.$encrypted).to.match(/^v1:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]*:[A-Za-z0-9+/=]+$/);
    }
    expect(stored.resources.web.attributes).to.include({ vm_name: 'web-01', product_id: 1547, promocode: null });
    expect(stored.resources.key.attributes.public_key).to.equal('ssh-ed25519 AAAA k');
    expect(stored.outputs.id.value).to.equal('100001');
    if (process.platform !== 'win32') expect((await stat(temp.statePath)).mode & 0o777).to.equal(0o600);

    expect(await backend('pass phrase').read()).to.deep.equal(document());
  });

  it('uses a fresh IV for every write and keeps the salt of the state', async () => {
    const writer = backend('pass phrase');
    await writer.write(document());
    const first = JSON.parse(await readFile(temp.statePath, 'utf8'));
    await writer.write({ ...document(), serial: 2 });
    const second = JSON.parse(await readFile(temp.statePath, 'utf8'));
    expect(second.encryption.salt).to.equal(first.encryption.salt);
    expect(second.resources.web.attributes.console_password.$encrypted).to.not.equal(
      first.resources.web.attributes.console_password.$encrypted,
    );
    // A new writer (another run) reads the salt from the file.
    await backend('pass phrase').write({ ...document(), serial: 3 });
    expect(JSON.parse(await readFile(temp.statePath, 'utf8')).encryption.salt).to.equal(first.encryption.salt);
    // Another state gets another salt.
    const other = join(temp.dir, 'other', 'state.json');
    await new EncryptingBackend(new LocalBackend({ statePath: other }), {
      passphrase: 'pass phrase',
      sensitive: catalogueSensitivity,
      cost: CHEAP,
    }).write(document());
    expect(JSON.parse(await readFile(other, 'utf8')).encryption.salt).to.not.equal(first.encryption.salt);
  });

  it('a wrong passphrase is a clear error, even for a state with no secret in it', async () => {
    await backend('right').write({ ...document(), resources: {}, outputs: {} });
    let error: unknown;
    await backend('wrong')
      .read()
      .catch((caught) => (error = caught));
    expect(error).to.be.instanceOf(StateError);
    expect((error as Error).message).to.match(
      /^wrong passphrase: CLOUDCTL_STATE_PASSPHRASE does not decrypt the state file .*state\.json, which was encrypted with another passphrase$/,
    );
  });

  it('a damaged or moved encrypted value does not authenticate: StateCorruptError naming it', async () => {
    await backend('pass phrase').write(document());
    const stored = JSON.parse(await readFile(temp.statePath, 'utf8'));
    delete stored.crc32; // edited by hand: the file's checksum is removed, so only the envelopes can tell
    // swap two envelopes (bound to their place)
    const a = stored.resources.web.attributes.console_password;
    stored.resources.web.attributes.console_password = stored.resources.web.attributes.cipassword;
    stored.resources.web.attributes.cipassword = a;
    await writeFile(temp.statePath, JSON.stringify(stored));
    let error: unknown;
    await backend('pass phrase')
      .read()
      .catch((caught) => (error = caught));
    expect(error).to.be.instanceOf(StateCorruptError);
    expect((error as Error).message).to.match(/the encrypted value of resources\.web\.(console_password|cipassword) does not authenticate/);

    stored.encryption.algorithm = 'rot13';
    await writeFile(temp.statePath, JSON.stringify(stored));
    error = undefined;
    await backend('pass phrase')
      .read()
      .catch((caught) => (error = caught));
    expect(error).to.be.instanceOf(StateCorruptError);
    expect((error as Error).message).to.match(/encryption header is not one this cloudctl reads/);
  });

  it('a plain state is read as it is and encrypted on its next write', async () => {
    await new LocalBackend({ statePath: temp.statePath }).write(document());
    expect(await backend('pass phrase').read()).to.deep.equal(document());
    const store = await StateStore.open(backend('pass phrase'));
    const changed = { ...document().resources.web!, attributes: { ...document().resources.web!.attributes, vm_name: 'web-02' } };
    await store.setResource('web', changed);
    // the change log holds the changed resource, encrypted, and reads back decrypted
    const log = await readFile(`${temp.statePath}.changes`, 'utf8');
    expect(log).to.include('$encrypted');
    expect(log).to.not.include(PASSWORD);
    expect((await backend('pass phrase').read())!.resources.web).to.deep.equal(changed);
    await store.checkpoint();
    const text = await readFile(temp.statePath, 'utf8');
    expect(text).to.not.include(PASSWORD);
    expect(JSON.parse(text).serial).to.equal(2);
  });

  it('openLocalState: with the passphrase the store holds plain values; without it, reading works and locking for writes is refused', async () => {
    const first = await openLocalState(temp.statePath, { passphrase: 'pass phrase', lock: { command: 'test' } });
    await first.store.setResource('web', document().resources.web!);
    await first.close();
    expect(await readFile(temp.statePath, 'utf8')).to.not.include(PASSWORD);

    const decrypted = await openLocalState(temp.statePath, { passphrase: 'pass phrase' });
    expect(decrypted.store.resource('web')!.attributes.console_password).to.equal(PASSWORD);

    const saved = process.env.CLOUDCTL_STATE_PASSPHRASE;
    delete process.env.CLOUDCTL_STATE_PASSPHRASE;
    try {
      const readOnly = await openLocalState(temp.statePath);
      expect(readOnly.store.addresses()).to.deep.equal(['web']);
      expect(isEncryptedValue(readOnly.store.resource('web')!.attributes.console_password)).to.equal(true);
      let error: unknown;
      await openLocalState(temp.statePath, { lock: { command: 'apply x.yaml' } }).catch((caught) => (error = caught));
      expect(error).to.be.instanceOf(StateError);
      expect((error as Error).message).to.match(
        /holds encrypted secrets: set CLOUDCTL_STATE_PASSPHRASE to the passphrase it was written with/,
      );
      expect(await new LocalBackend({ statePath: temp.statePath }).lockHolder(), 'the lock is released after the refusal').to.equal(null);

      process.env.CLOUDCTL_STATE_PASSPHRASE = 'pass phrase';
      const fromEnv = await openLocalState(temp.statePath);
      expect(fromEnv.store.resource('web')!.attributes.console_password).to.equal(PASSWORD);
    } finally {
      if (saved === undefined) delete process.env.CLOUDCTL_STATE_PASSPHRASE;
      else process.env.CLOUDCTL_STATE_PASSPHRASE = saved;
    }
  });

  it('refuses an empty passphrase', () => {
    expect(() => backend('')).to.throw(StateError, /empty/);
  });
});
