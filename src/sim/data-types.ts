/**
 * The simulator's data model (the types of store.ts, kept apart for size):
 * accounts with their timestamps and scheduled changes, keypairs,
 * assignments, and the whole persisted data.
 */
import type { Group } from './catalog.js';
import type { LedgerEntry, RequestLogEntry } from './types.js';

/** Account status values (lite account, docs/api/envelope-and-errors.md "Shared reply shapes"). */
export type AccountStatus = 'Active' | 'Pending' | 'Suspended' | 'Terminated';

/** A deferred attribute change of an account (see module doc). */
export interface Change<A> {
  /** Epoch ms the patch takes effect; null = never (unpaid). */
  at: number | null;
  patch: Partial<A>;
  /** Operation that caused it, for debugging the data file. */
  op: string;
  /**
   * A change that does not make the account `Pending` while it waits (the
   * `upgrade-keeps-old-value` variation: the account stays `Active` with
   * the old value until `at`).
   */
  quiet?: boolean;
}

/** The lite account's `last_invoice` (docs/api/envelope-and-errors.md "Shared reply shapes"). */
export interface Invoice {
  id: number;
  paid_id: number;
  status: 'Paid' | 'Unpaid';
  date: string;
  duedate: string;
  paybefore: string;
  datepaid: string;
  invoice_type: string;
  /**
   * Set by the `upgrade-keeps-old-value` variation: the invoice reads
   * `Unpaid` until this epoch-ms time and `Paid` from then on. Not on the wire.
   */
  paidAt?: number;
  /** Amount of the order the invoice bills (IDR; a simulator extension, set when the order is recorded). */
  amount?: number;
}

/** Fields every account kind shares. */
export interface AccountBase<K extends string, A> {
  kind: K;
  /** Decimal account id. */
  id: string;
  /** Billing cycle code (`m`, `a`, ...). */
  cycle: string;
  order_id: string;
  /** Epoch ms of the order. */
  created_at: number;
  /** Epoch ms the account becomes Active; null = unpaid order, Pending forever. */
  ready_at: number | null;
  /** Epoch ms of the DELETE, or null. */
  terminated_at: number | null;
  changes: Array<Change<A>>;
  attrs: A;
  invoice: Invoice;
  /** Amount billed every cycle (IDR), set when an order is recorded (see handlers/accounts-and-invoices.ts `recordOrder`). */
  recurring_amount?: number;
}

/** Mutable attributes of a lite / lite pro VM. */
export interface VmAttrs {
  product_id: number;
  name: string;
  description: string;
  osname: string;
  /** GB. */
  disk_size: number;
  sshkey_id: number;
  ciuser: string;
  cipassword: string;
  region: string;
  region_label: string;
  tenant_id: string;
  ip_address: string;
  vmid: number;
  /** Monthly IDR of the storage above the plan's base disk. */
  extra_storage_monthly: number;
  migrated_to_pro?: { litepro_product_id: number };
}

/** Hypervisor power state of a VM. */
export type VmPower = 'running' | 'stopped' | 'paused';

/** A lite / lite pro VM account. */
export interface VmAccount extends AccountBase<'vm', VmAttrs> {
  group: Group;
  /** `since`: epoch ms the state was entered (uptime origin). */
  power: { state: VmPower; since: number };
}

/** Attributes of a snapshot account. */
export interface SnapshotAttrs {
  product_id: number;
  name: string;
  description: string;
  region: string;
  lite_account_id: string;
  /** OS and disk of the source VM at snapshot time (used by VM-from-snapshot). */
  source_osname: string;
  source_disk_size: number;
}

/** A lite / lite pro snapshot account. */
export interface SnapshotAccount extends AccountBase<'snapshot', SnapshotAttrs> {
  group: Group;
}

/** Attributes of an extra disk. */
export interface DiskAttrs {
  product_id: number;
  service_name: string;
  /** GB. */
  size: number;
  lite_account_id: string;
}

/** A lite / lite pro extra-disk account. */
export interface DiskAccount extends AccountBase<'disk', DiskAttrs> {
  group: Group;
}

/** Attributes of a bare-metal server. */
export interface MetalAttrs {
  product_id: number;
  label: string;
  keypair_id: number;
  select_os: string;
  ip_address: string;
  public_ip: number;
}

/** A bare-metal server account. */
export interface MetalAccount extends AccountBase<'baremetal', MetalAttrs> {
  power: { state: 'on' | 'off'; since: number };
}

/** Attributes of an additional IP. */
export interface IpAttrs {
  product_id: number;
  region: string;
  ip_address: string;
}

/** An additional IP account. */
export type IpAccount = AccountBase<'additional-ip', IpAttrs>;

/** Attributes of an elastic storage volume. */
export interface StorageAttrs {
  product_id: number;
  storage_name: string;
  /** GB. */
  size: number;
  metal_account_id: string;
}

/** An elastic storage account. */
export type StorageAccount = AccountBase<'elastic-storage', StorageAttrs>;

/** Any account. */
export type AnyAccount = VmAccount | SnapshotAccount | DiskAccount | MetalAccount | IpAccount | StorageAccount;

/** The keypair pools. */
export type Pool = 'lite' | 'lite-pro' | 'baremetal';

/** A stored keypair (the private key is never stored). */
export interface Keypair {
  id: number;
  pool: Pool;
  name: string;
  public_key: string;
  created_at: number;
}

/** An additional IP assigned to a bare-metal server. */
export interface Assignment {
  ip_id: string;
  metal_id: string;
  created_at: number;
}

/** The whole persisted state (the data file's JSON). */
export interface SimData {
  format: 'cloudctl-simulator/1';
  seed: number;
  counters: { account: number; keypair: number; order: number; invoice: number; vmid: number; ledger: number; request: number };
  accounts: Record<string, AnyAccount>;
  keypairs: Keypair[];
  assignments: Assignment[];
  ledger: LedgerEntry[];
  requests: RequestLogEntry[];
  /** The snapshot's generation: the lines of `FILE.log` that follow it carry the same (data-log.ts). */
  generation?: number;
}
