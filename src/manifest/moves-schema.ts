/** The JSON Schema of the manifest's `moved:`, `import:` and `removed:` sections (see parse/moved.ts), merged into schema.ts's. */

/** An address as src/core/address.ts reads it: `web`, `web[0]`, `web["eu"]`, `cluster.web`. */
const ADDRESS = {
  type: 'string',
  pattern: '^\\s*[A-Za-z_][A-Za-z0-9_-]*(\\[[^\\]]+\\])?(\\.[A-Za-z_][A-Za-z0-9_-]*(\\[[^\\]]+\\])?)*\\s*$',
  description: 'A resource address: web, web[0], web["eu"], cluster.web.',
};

/** `properties` entries `moved`, `import` and `removed` of the manifest schema. */
export function addressBlocksSchema(): Record<string, unknown> {
  return {
    moved: {
      type: ['array', 'null'],
      description:
        'Renames in state, applied at plan time: the state entry at `from` becomes `to` (shown as a move, never destroy and create).',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['from', 'to'],
        properties: { from: ADDRESS, to: ADDRESS },
      },
    },
    import: {
      type: ['array', 'null'],
      description: 'Existing resources the plan adopts into state (no order): `to` the manifest address, `id` the resource id.',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['to', 'id'],
        properties: {
          to: ADDRESS,
          id: { type: ['string', 'integer'], description: 'The id of the existing resource, e.g. "100001".' },
          type: {
            type: 'string',
            description: 'The resource type, needed only when `to` has no resource block yet (plan --generate-config-out).',
          },
        },
      },
    },
    removed: {
      type: ['array', 'null'],
      description:
        'Addresses no longer declared (Terraform 1.7 removed blocks): with `lifecycle: { destroy: false }` the state forgets them and the accounts keep running and billing; `destroy: true` (the default) deletes them.',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['from'],
        properties: {
          from: ADDRESS,
          lifecycle: {
            type: 'object',
            additionalProperties: false,
            properties: {
              destroy: { type: 'boolean', description: 'false: forget without deleting the account; true (default): delete it.' },
            },
          },
        },
      },
    },
  };
}
