/**
 * `cloud_baremetal_keypair`: an SSH keypair in the bare-metal pool, either
 * generated server-side (no `public_key`: the private key exists only in the
 * create response and is kept in state afterwards) or imported from a given
 * `public_key`. No update exists: every input recreates the keypair.
 * Endpoints: docs/api/keypairs.md (paths in `baremetal.keypairs` of routes.ts).
 */
import { baremetal, wire } from '../../api/routes.js';
import { asRecord, parseId, pickFirst, rawJson } from '../../api/parse.js';
import type { Attributes } from '../../core/types.js';
import type { ResourceType } from '../attribute.js';
import { computed, rawAttribute, replacingInput } from '../attribute-blocks.js';
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

const routes = baremetal.keypairs;

/** A keypair object (list item or create reply) as attributes: the shared keypair attributes and `raw`. */
function baremetalKeypairAttributes(id: string, item: Record<string, unknown>, prior: Attributes | undefined): Attributes {
  return { ...keypairAttributes(id, item, prior), raw: rawJson(item) };
}

/** `cloud_baremetal_keypair` (token `cloud:index:BaremetalKeypair`, alias `baremetal_keypair`). */
export const baremetalKeypairType: ResourceType = defineResource({
  type: 'cloud_baremetal_keypair',
  description:
    'An SSH keypair in the bare-metal pool, generated server-side or imported from a public key. Usable only by bare-metal servers.',
  keypairPool: 'baremetal',
  // No GET by id: read from the pool's list, which may lag behind a create.
  readFromListOnly: true,
  attributes: {
    id: computed('string', 'The keypair id as a string; equals `keypair_id` and is the import id.'),
    name: { ...replacingInput('string', 'Keypair name. Changing it recreates the keypair.', { minLength: 1 }), namesResource: true },
    public_key: {
      type: 'string',
      mode: 'optional',
      description:
        'OpenSSH public key to import. When it is omitted the pair is generated server-side and this holds the generated public key. Changing it recreates the keypair.',
      policy: { kind: 'replace' },
    },
    keypair_id: computed('int64', 'The numeric keypair id, the value to give as `keypair_id` of `cloud_baremetal`.'),
    private_key: computed(
      'string',
      'The private key of a generated pair, returned once by the create call and kept in state afterwards; absent for an imported key.',
      { sensitive: true, keepFromCreate: true },
    ),
    raw: rawAttribute,
  },
  ...numericImportId('keypair id', 'keypair id'),

  create: {
    paid: false,
    /**
     * POST /baremetals/keypairs/import {name, public_key} when `public_key` is
     * set, else POST /baremetals/keypairs/ {name} (server-side generation; the
     * only reply that carries the private key).
     */
    async run(context, inputs) {
      const publicKeyInput = typeof inputs.public_key === 'string' && inputs.public_key.trim() !== '' ? inputs.public_key : undefined;
      const path = publicKeyInput === undefined ? routes.collection : routes.import;
      const body = publicKeyInput === undefined ? { name: inputs.name } : { name: inputs.name, public_key: publicKeyInput };
      const data = canonicalKeys(asRecord(await context.api.post(path, body, { signal: context.signal }), `POST ${path}`)) as Record<
        string,
        unknown
      >;
      const id = parseId(pickFirst(data, [...wire.keypairIdAlternatives]), 'keypair_id of the keypair reply');
      const attributes = baremetalKeypairAttributes(
        id,
        { name: inputs.name, ...data },
        publicKeyInput === undefined ? undefined : { public_key: publicKeyInput },
      );
      if (publicKeyInput !== undefined && attributes.public_key === '') attributes.public_key = publicKeyInput;
      const privateKey = pickFirst(data, [...wire.privateKeyAlternatives]);
      if (publicKeyInput === undefined && typeof privateKey === 'string') attributes.private_key = privateKey;
      return { id, attributes };
    },
  },

  /**
   * GET /baremetals/keypairs/ (once per refresh: `context.memo`) and find the
   * id (there is no GET by id); absent → null; a null list → the id alone
   * (unknown: the state is kept).
   */
  async read(context, id, prior) {
    const item = await findKeypair(context, routes, id);
    if (item === undefined) return unknownRead(id);
    return item ? baremetalKeypairAttributes(id, item, prior) : null;
  },

  /** DELETE /baremetals/keypairs/{id}; 404 counts as already deleted. */
  delete: (context, id) => deleteIgnoringNotFound(context, routes.one(id)),

  /** A refresh maps each keypair from the pool's one list (GET /baremetals/keypairs/), without a read of its own. */
  refreshByList: keypairListRead(routes, baremetalKeypairAttributes),

  /** GET /baremetals/keypairs/: every keypair of the pool. */
  list: (context) => listKeypairs(context, routes, (id, item) => baremetalKeypairAttributes(id, item, undefined)),
});
