/**
 * `cloud_lite_keypair` (and `cloud_lite_pro_keypair`): an SSH keypair
 * generated server-side in one pool. The private key exists only in the
 * create response and is kept in state afterwards.
 * Endpoints: docs/api/keypairs.md.
 */
import { wire, type KeypairRoutes } from '../../api/routes.js';
import { asArray, asRecord, parseId, pickFirst } from '../../api/parse.js';
import type { Attributes } from '../../core/types.js';
import type { KeypairPool, OperationContext, ResourceType } from '../attribute.js';
import { computed, memoised } from '../common.js';

/** What differs between keypair pools. */
export interface KeypairGroup {
  type: string;
  token: string;
  aliases: string[];
  routes: KeypairRoutes;
  pool: KeypairPool;
  product: string;
}

/**
 * Finds one keypair in its pool's list (there is no GET by id). Resolves
 * `null` when the list does not hold `id` (the keypair is gone). The list,
 * indexed by id, is memoised on `context.memo` when there is one (a
 * refresh lists each pool once, however many keypairs it reads); without
 * one, every call lists the pool. Endpoint: GET {prefix}/keypairs/.
 */
export async function findKeypair(routes: KeypairRoutes, context: OperationContext, id: string): Promise<Record<string, unknown> | null> {
  const index = await memoised(context, `GET ${routes.collection} by id`, async () => {
    const items = asArray(await context.api.get(routes.collection, { signal: context.signal }), `GET ${routes.collection}`);
    const byId = new Map<string, Record<string, unknown>>();
    for (const item of items) {
      if (!item || typeof item !== 'object') continue;
      const candidate = pickFirst(item as Record<string, unknown>, [...wire.keypairIdAlternatives]);
      // The first item with an id wins, as a scan of the list would find it.
      if (candidate !== undefined && candidate !== null && !byId.has(String(candidate))) byId.set(String(candidate), item as Record<string, unknown>);
    }
    return byId;
  });
  return index.get(id) ?? null;
}

/** Maps a KeypairItem of the list to attributes. */
function keypairAttributes(item: Record<string, unknown>, id: string): Attributes {
  const publicKey = pickFirst(item, [...wire.publicKeyAlternatives]);
  return {
    id,
    keypair_id: Number(id),
    name: String(item.name ?? ''),
    public_key: typeof publicKey === 'string' ? publicKey : '',
  };
}

/** Builds the server-generated keypair type of one pool. */
export function generatedKeypairType(group: KeypairGroup): ResourceType {
  const { routes } = group;
  return {
    kind: 'resource',
    type: group.type,
    token: group.token,
    aliases: group.aliases,
    description: `An SSH keypair in the ${group.product} pool, generated server-side. Usable only by ${group.product} VMs.`,
    keypairPool: group.pool,
    attributes: {
      id: computed('string', 'Keypair id as a string, also the import id.'),
      name: { type: 'string', mode: 'required', description: 'Keypair name. Changing it recreates the keypair.', policy: { kind: 'replace' } },
      keypair_id: computed('int64', 'Keypair id, the value to give as a VM\'s `keypair_id`.'),
      public_key: computed('string', 'Public key in OpenSSH format, generated server-side.'),
      private_key: computed('string', 'Private key, returned once at create and kept in state afterwards.', { sensitive: true, keepFromCreate: true }),
    },
    operationOrder: [],
    paidOperations: [],
    paidCreate: false,
    timeouts: {},
    importId: 'keypair id',
    parseImportId: (text) => parseId(text, 'keypair id'),

    /** POST {prefix}/keypairs/ {name} */
    async create(context, inputs) {
      const data = asRecord(await context.api.post(routes.collection, { name: inputs.name }, { signal: context.signal }), `POST ${routes.collection}`);
      const id = parseId(pickFirst(data, [...wire.keypairIdAlternatives]), 'keypair_id');
      const privateKey = pickFirst(data, [...wire.privateKeyAlternatives]);
      const publicKey = pickFirst(data, [...wire.publicKeyAlternatives]);
      const attributes: Attributes = { id, keypair_id: Number(id), name: String(inputs.name) };
      if (typeof publicKey === 'string') attributes.public_key = publicKey;
      if (typeof privateKey === 'string') attributes.private_key = privateKey;
      return { id, attributes };
    },

    /** GET {prefix}/keypairs/ (once per refresh: `context.memo`) and find the id; absent → null. */
    async read(context, id) {
      const item = await findKeypair(routes, context, id);
      return item ? keypairAttributes(item, id) : null;
    },

    /** GET {prefix}/keypairs/: every keypair of the pool. */
    async list(context) {
      const items = asArray(await context.api.get(routes.collection, { signal: context.signal }), `GET ${routes.collection}`);
      const listed: Array<{ id: string; attributes: Attributes }> = [];
      for (const item of items) {
        if (!item || typeof item !== 'object') continue;
        const raw = pickFirst(item, [...wire.keypairIdAlternatives]);
        if (raw === undefined) continue;
        const id = parseId(raw, `keypair id in GET ${routes.collection}`);
        listed.push({ id, attributes: keypairAttributes(item as Record<string, unknown>, id) });
      }
      return listed;
    },

    operations: {},

    /** DELETE {prefix}/keypairs/{id}; 404 counts as deleted. */
    async delete(context, id) {
      await context.api.delete(routes.one(id), { notFoundAsNull: true, signal: context.signal });
    },
  };
}
