/**
 * `cloud_lite_keypair` (and `cloud_lite_pro_keypair`): an SSH keypair
 * generated server-side in one pool. The private key exists only in the
 * create response and is kept in state afterwards.
 * Endpoints: docs/api/keypairs.md.
 */
import { wire } from '../../api/routes.js';
import { asRecord, parseId, pickFirst } from '../../api/parse.js';
import type { Attributes } from '../../core/types.js';
import type { ResourceType } from '../attribute.js';
import { computed } from '../attribute-blocks.js';
import { defineResource, numericImportId } from '../define.js';
import {
  canonicalKeys,
  deleteIgnoringNotFound,
  findKeypair,
  keypairAttributes,
  keypairListRead,
  listKeypairs,
  unknownRead,
} from '../account-replies.js';
import type { LiteGroup } from './group.js';

/** Builds the server-generated keypair type of one lite-style group. */
export function liteKeypairType(group: LiteGroup): ResourceType {
  const routes = group.routes.keypairs;
  return defineResource({
    type: `${group.prefix}_keypair`,
    description: `An SSH keypair in the ${group.product} pool, generated server-side. Usable only by ${group.product} VMs.`,
    keypairPool: group.pool,
    // No GET by id: read from the pool's list, which may lag behind a create.
    readFromListOnly: true,
    attributes: {
      id: computed('string', 'Keypair id as a string, also the import id.'),
      name: {
        type: 'string',
        mode: 'required',
        namesResource: true,
        description: 'Keypair name. Changing it recreates the keypair.',
        policy: { kind: 'replace' },
      },
      keypair_id: computed('int64', "Keypair id, the value to give as a VM's `keypair_id`."),
      public_key: computed('string', 'Public key in OpenSSH format, generated server-side.'),
      private_key: computed('string', 'Private key, returned once at create and kept in state afterwards.', {
        sensitive: true,
        keepFromCreate: true,
      }),
    },
    ...numericImportId('keypair id', 'keypair id'),

    create: {
      paid: false,
      /** POST {prefix}/keypairs/ {name}: the only reply that carries the private key. */
      async run(context, inputs) {
        const data = canonicalKeys(
          asRecord(
            await context.api.post(routes.collection, { name: inputs.name }, { signal: context.signal }),
            `POST ${routes.collection}`,
          ),
        ) as Record<string, unknown>;
        const id = parseId(pickFirst(data, [...wire.keypairIdAlternatives]), 'keypair_id');
        const privateKey = pickFirst(data, [...wire.privateKeyAlternatives]);
        const publicKey = pickFirst(data, [...wire.publicKeyAlternatives]);
        const attributes: Attributes = { id, keypair_id: Number(id), name: String(inputs.name) };
        if (typeof publicKey === 'string') attributes.public_key = publicKey;
        if (typeof privateKey === 'string') attributes.private_key = privateKey;
        return { id, attributes };
      },
    },

    /** GET {prefix}/keypairs/ (once per refresh: `context.memo`) and find the id; absent → null; a null list → the id alone (unknown: state kept). */
    async read(context, id, prior) {
      const item = await findKeypair(context, routes, id);
      if (item === undefined) return unknownRead(id);
      return item ? keypairAttributes(id, item, prior) : null;
    },

    /** A refresh maps each keypair from the pool's one list (GET {prefix}/keypairs/), without a read of its own. */
    refreshByList: keypairListRead(routes, keypairAttributes),

    /** GET {prefix}/keypairs/: every keypair of the pool. */
    list: (context) => listKeypairs(context, routes, (id, item) => keypairAttributes(id, item, undefined)),

    /** DELETE {prefix}/keypairs/{id}; 404 counts as deleted. */
    delete: (context, id) => deleteIgnoringNotFound(context, routes.one(id)),
  });
}
