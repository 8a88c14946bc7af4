/**
 * Keypair pools (docs/api/keypairs.md): list and generate on
 * `<prefix>/keypairs/` (trailing slash), import on `<prefix>/keypairs/import`,
 * delete on `<prefix>/keypairs/{id}`. Each pool is separate: ids of one pool
 * are not valid in another.
 */
import { generateEd25519, isOpenSshPublicKey } from '../keys.js';
import type { Route } from '../router.js';
import type { Pool } from '../store.js';
import { Validator } from '../request-body.js';
import { notFound } from '../request-errors.js';
import { checkText, OK } from './accounts-and-invoices.js';

/**
 * Routes of one pool.
 * @param prefix `/lites`, `/lite-pros` or `/baremetals`.
 * @param idKey key of the id in generate/import responses: `sshkey_id` (lite, pro) or `keypair_id` (bare metal).
 */
export function keypairRoutes(prefix: string, pool: Pool, idKey: 'sshkey_id' | 'keypair_id'): Route[] {
  return [
    {
      method: 'GET',
      pattern: `${prefix}/keypairs/`,
      handler: ({ env }) =>
        env.store.data.keypairs.filter((k) => k.pool === pool).map((k) => ({ keypair_id: k.id, name: k.name, public_key: k.public_key })),
    },
    {
      method: 'POST',
      pattern: `${prefix}/keypairs/`,
      handler: ({ env, body, now }) => {
        const v = new Validator(body);
        const name = v.str('name', true);
        checkText(v, 'name', name, 64);
        v.check();
        const keys = generateEd25519(name as string);
        const id = env.store.nextKeypairId();
        env.store.addKeypair({ id, pool, name: name as string, public_key: keys.public_key, created_at: now });
        return { [idKey]: id, name, public_key: keys.public_key, private_key: keys.private_key };
      },
    },
    {
      method: 'POST',
      pattern: `${prefix}/keypairs/import`,
      handler: ({ env, body, now }) => {
        const v = new Validator(body);
        const name = v.str('name', true);
        checkText(v, 'name', name, 64);
        const publicKey = v.str('public_key', true);
        if (publicKey !== undefined && !isOpenSshPublicKey(publicKey)) {
          v.fail('public_key', 'public_key must be an OpenSSH public key line (e.g. "ssh-ed25519 AAAA... comment")');
        }
        v.check();
        const id = env.store.nextKeypairId();
        const key = (publicKey as string).trim();
        env.store.addKeypair({ id, pool, name: name as string, public_key: key, created_at: now });
        return { [idKey]: id, name, public_key: key };
      },
    },
    {
      method: 'DELETE',
      pattern: `${prefix}/keypairs/:id`,
      handler: ({ env, params }) => {
        const id = Number(params.id);
        if (!env.store.removeKeypair(pool, id)) throw notFound('keypair', id);
        return OK;
      },
    },
  ];
}
