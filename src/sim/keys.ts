/**
 * Real SSH key material for the simulator's keypair endpoints.
 */
import { generateKeyPairSync } from 'node:crypto';

function sshString(buf: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(buf.length, 0);
  return Buffer.concat([len, buf]);
}

/**
 * Generates an ed25519 keypair.
 * @param comment the comment of the public key line (the keypair name; whitespace becomes `-`).
 * @returns `public_key` in OpenSSH one-line form `ssh-ed25519 <base64 wire encoding> <comment>`,
 *   `private_key` as a PKCS#8 PEM.
 */
export function generateEd25519(comment: string): { public_key: string; private_key: string } {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const jwk = publicKey.export({ format: 'jwk' });
  const raw = Buffer.from(String(jwk.x), 'base64url');
  const blob = Buffer.concat([sshString(Buffer.from('ssh-ed25519')), sshString(raw)]);
  const safeComment = comment.replace(/\s+/g, '-');
  return {
    public_key: `ssh-ed25519 ${blob.toString('base64')}${safeComment ? ` ${safeComment}` : ''}`,
    private_key: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
  };
}

const KEY_TYPES = new Set([
  'ssh-ed25519',
  'ssh-rsa',
  'ssh-dss',
  'ecdsa-sha2-nistp256',
  'ecdsa-sha2-nistp384',
  'ecdsa-sha2-nistp521',
  'sk-ssh-ed25519@openssh.com',
  'sk-ecdsa-sha2-nistp256@openssh.com',
]);

/**
 * True when `text` is a one-line OpenSSH public key whose base64 blob decodes
 * and starts with the declared key type.
 */
export function isOpenSshPublicKey(text: string): boolean {
  const parts = text.trim().split(/\s+/);
  if (parts.length < 2) return false;
  const [type, b64] = parts as [string, string];
  if (!KEY_TYPES.has(type) || !/^[A-Za-z0-9+/]+={0,2}$/.test(b64)) return false;
  const blob = Buffer.from(b64, 'base64');
  if (blob.length < 4) return false;
  const len = blob.readUInt32BE(0);
  return len === type.length && blob.subarray(4, 4 + len).toString() === type;
}
