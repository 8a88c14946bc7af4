/**
 * Deposed accounts (Terraform's word): during a `create_before_destroy`
 * replace, the old account's state entry moves from its address to
 * `ADDRESS (deposed ID)` before the new one is ordered, so a crash between
 * the new order and the old account's delete leaves both in state, each
 * under its own key. The manifest never declares a deposed key, so the next
 * plan deletes it like any orphan (reason `delete_deposed`), after the
 * address it was deposed from is applied; the delete goes through the same
 * owned-delete check (apply/delete.ts `checkOwnedDelete`).
 */

const DEPOSED = /^(.+) \(deposed ([^()\s]+)\)$/;

/** The state key of the account `id` deposed from `address`: `web (deposed 100003)`. */
export function deposedKey(address: string, id: string): string {
  return `${address} (deposed ${id})`;
}

/** The address and id of a deposed key, or undefined for any other address. */
export function deposedOf(key: string): { address: string; id: string } | undefined {
  const match = DEPOSED.exec(key);
  return match ? { address: match[1]!, id: match[2]! } : undefined;
}
