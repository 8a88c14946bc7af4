/**
 * `cloud_baremetal_additional_ip_assignment`: attaches an additional IP to a
 * bare-metal server. Not a paid order and not polled. Reassigning to another
 * server destroys and recreates the assignment. The id is the composite
 * `<metal_account_id>:<additional_ip_id>` (server first, although the paths
 * put the IP first). Endpoints: docs/api/additional-ips.md "Assignment" (paths in `additionalIp` of routes.ts).
 */
import { additionalIp } from '../../api/routes.js';
import { isRecord, parseId, pickFirst, rawJson } from '../../api/parse.js';
import type { Attributes } from '../../core/types.js';
import type { ResourceType } from '../attribute.js';
import { computed, rawAttribute, replacingInput } from '../attribute-blocks.js';
import { defineResource } from '../define.js';
import { deleteIgnoringNotFound, listItems, liveAccounts, statusOf, type ListedResource } from '../account-replies.js';

const COMPOSITE = /^(\d+):(\d+)$/;

/** The composite id of an assignment: `<metal_account_id>:<additional_ip_id>`. */
export function assignmentId(metalAccountId: string | number, additionalIpId: string | number): string {
  return `${parseId(metalAccountId, 'metal_account_id')}:${parseId(additionalIpId, 'additional_ip_id')}`;
}

/**
 * Splits a composite id `<metal_account_id>:<additional_ip_id>` (both decimal
 * digits) into its parts, normalised (`007` → `7`).
 * @throws Error naming the expected form for anything else.
 */
export function parseAssignmentId(id: string): { metal: string; ip: string } {
  const match = COMPOSITE.exec(id);
  if (!match) {
    throw new Error(
      `invalid assignment id ${JSON.stringify(id)}: expected <metal_account_id>:<additional_ip_id>, two numeric ids joined by a colon with the server first (e.g. 100001:100002)`,
    );
  }
  return { metal: parseId(match[1], 'metal_account_id'), ip: parseId(match[2], 'additional_ip_id') };
}

/** The attributes of assignment `id` from an assignment object (or `{}` when the reply is a primitive). */
function assignmentAttributes(id: string, reply: unknown): Attributes {
  const { metal, ip } = parseAssignmentId(id);
  const record = isRecord(reply) ? reply : {};
  return {
    id,
    metal_account_id: Number(metal),
    additional_ip_id: Number(ip),
    status: statusOf(record),
    raw: rawJson(reply ?? null),
  };
}

/** `cloud_baremetal_additional_ip_assignment` (token `cloud:index:BaremetalAdditionalIpAssignment`, alias `baremetal_additional_ip_assignment`). */
export const assignmentType: ResourceType = defineResource({
  type: 'cloud_baremetal_additional_ip_assignment',
  description:
    'Attaches an additional IP to a bare-metal server. Not a paid order. Moving the address to another server destroys and recreates the assignment.',
  attributes: {
    id: computed('string', 'The composite id `<metal_account_id>:<additional_ip_id>`, server first; it is also the import id.'),
    additional_ip_id: {
      ...replacingInput(
        'int64',
        'Account id of the additional IP to attach (`cloud_baremetal_additional_ip`). Changing it recreates the assignment.',
        { minimum: 1 },
        { type: 'cloud_baremetal_additional_ip', attribute: 'id' },
      ),
      heldOnce: 'an additional IP can be assigned to one server once, and the API refuses a second assignment (409) while the first exists',
    },
    metal_account_id: replacingInput(
      'int64',
      'Account id of the bare-metal server that receives the address. Changing it recreates the assignment.',
      { minimum: 1 },
      { type: 'cloud_baremetal', attribute: 'id' },
    ),
    status: computed('string', 'The assignment status as the service reports it.'),
    raw: rawAttribute,
  },
  importId: '<metal_account_id>:<additional_ip_id>',
  parseImportId: (textId) => {
    const { metal, ip } = parseAssignmentId(textId);
    return `${metal}:${ip}`;
  },

  create: {
    paid: false,
    /** PUT /baremetal-additional-ips/{additional_ip_id}/assigns {metal_account_id}; not polled. */
    async run(context, inputs) {
      const metal = parseId(inputs.metal_account_id, 'metal_account_id');
      const ip = parseId(inputs.additional_ip_id, 'additional_ip_id');
      const reply = await context.api.put(additionalIp.assigns(ip), { metal_account_id: Number(metal) }, { signal: context.signal });
      const id = assignmentId(metal, ip);
      return { id, attributes: assignmentAttributes(id, reply) };
    },
  },

  /**
   * GET /baremetal-additional-ips/{ip}/assigns/{metal}; 404 → null. The ids
   * come from the composite id, so an import fills both inputs.
   */
  async read(context, id) {
    const { metal, ip } = parseAssignmentId(id);
    const reply = await context.api.get(additionalIp.assign(ip, metal), { notFoundAsNull: true, signal: context.signal });
    if (reply === null) return null;
    return assignmentAttributes(id, reply);
  },

  /** DELETE /baremetal-additional-ips/{ip}/assigns/{metal}; 404 counts as already unassigned. */
  async delete(context, id) {
    const { metal, ip } = parseAssignmentId(id);
    await deleteIgnoringNotFound(context, additionalIp.assign(ip, metal));
  },

  /**
   * GET /baremetal-additional-ips (live IPs), then GET
   * /baremetal-additional-ips/{ip}/assigns for each: every assignment the account has.
   */
  async list(context) {
    const out: ListedResource[] = [];
    for (const [ip] of await liveAccounts(context, additionalIp.collection)) {
      const assigns = await context.api.get(additionalIp.assigns(ip), { notFoundAsNull: true, signal: context.signal });
      // A 404 is no assignment; a null list is unknown (UnknownListError), not empty.
      for (const assignment of assigns === null ? [] : listItems(assigns, `GET ${additionalIp.assigns(ip)}`)) {
        const metal = pickFirst(assignment, ['metal_account_id']);
        let id: string;
        try {
          id = assignmentId(parseId(metal, 'metal_account_id'), ip);
        } catch {
          continue;
        }
        out.push({ id, attributes: assignmentAttributes(id, assignment), ...(isRecord(assignment) ? { item: assignment } : {}) });
      }
    }
    return out;
  },
});
