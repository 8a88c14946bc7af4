/**
 * Which kind of account a resource type's id names. Two types name the same
 * kind when the API gives their ids from one sequence and reads, lists and
 * deletes them at the same paths: a VM restored from a snapshot
 * (`cloud_lite_vm_from_snapshot`) is an ordinary lite VM account
 * (`/lites/accounts/{id}`, `DELETE /lites/{id}`; docs/api/lite.md, "VM from
 * snapshot"). Every other type names its own kind.
 *
 * The state layer keys its one-account-per-address rule (docs/design.md,
 * "Safety invariants", I1) on `(accountKind(type), id)`, so a restore can
 * never be bound to the VM it was restored from.
 */

/** Types whose accounts are of another type's kind, by type name. */
const SAME_ACCOUNTS_AS: Readonly<Record<string, string>> = {
  cloud_lite_vm_from_snapshot: 'cloud_lite_vm',
};

/** The kind of account an id of `type` names (a canonical type name); `type` itself unless it shares another's. */
export function accountKind(type: string): string {
  return SAME_ACCOUNTS_AS[type] ?? type;
}

/** The key of one account: its kind and id, `cloud_lite_vm 100001`. */
export function accountKey(type: string, id: string): string {
  return `${accountKind(type)} ${id}`;
}
