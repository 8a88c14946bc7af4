/**
 * The simulator's data model and its persistence.
 *
 * Every account keeps epoch-millisecond timestamps and its status is computed
 * from them at read time, so a restarted simulator (same data file) continues
 * where the last one stopped: `Pending` until `ready_at`, then `Active`;
 * `ready_at = null` marks an unpaid order (Pending forever). Asynchronous
 * operations append a `Change` whose patch becomes visible at `at`; until then
 * the account is `Pending` again (`at = null`: an unpaid upgrade, Pending forever).
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync, unlinkSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Group } from './catalog.js';
import type { LedgerEntry, RequestLogEntry } from './types.js';
import { maskSecrets } from './records.js';
import { iso, ymdhms } from './dates.js';

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
}

const FORMAT = 'cloudctl-simulator/1';

function freshData(seed: number): SimData {
  return {
    format: FORMAT,
    seed,
    counters: { account: 100000, keypair: 2000, order: 500000, invoice: 700000, vmid: 10100, ledger: 0, request: 0 },
    accounts: {},
    keypairs: [],
    assignments: [],
    ledger: [],
    requests: [],
  };
}

/**
 * Parses a data file. Throws when the file is not JSON or not a simulator data file.
 */
export function readDataFile(file: string): SimData {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<SimData> | null;
  if (!parsed || typeof parsed !== 'object' || parsed.format !== FORMAT) {
    throw new Error(`${file} is not a cloudctl simulator data file (format ${FORMAT})`);
  }
  const base = freshData(typeof parsed.seed === 'number' ? parsed.seed : 1);
  return {
    ...base,
    ...parsed,
    counters: { ...base.counters, ...(parsed.counters ?? {}) },
    format: FORMAT,
  } as SimData;
}

/** Patch of an account's attributes with every change applied (the values it is heading to). */
export function target<A>(rec: { attrs: A; changes: Array<Change<A>> }): A {
  let out = rec.attrs;
  for (const c of rec.changes) out = { ...out, ...c.patch };
  return out;
}

/** The attributes visible at `now`: changes whose time has come are applied, in order. */
export function effective<A>(rec: { attrs: A; changes: Array<Change<A>> }, now: number): A {
  let out = rec.attrs;
  for (const c of rec.changes) if (c.at !== null && c.at <= now) out = { ...out, ...c.patch };
  return out;
}

/** Status at `now`, computed from the account's timestamps (see module doc). */
export function statusOf(rec: AnyAccount, now: number): AccountStatus {
  if (rec.terminated_at !== null) return 'Terminated';
  if (rec.ready_at === null || now < rec.ready_at) return 'Pending';
  if ((rec.changes as Array<Change<unknown>>).some((c) => !c.quiet && (c.at === null || c.at > now))) return 'Pending';
  return 'Active';
}

/** True while the account's initial order is not provisioned (unpaid or before `ready_at`). */
export function provisioning(rec: AnyAccount, now: number): boolean {
  return rec.ready_at === null || now < rec.ready_at;
}

/**
 * The simulator's state plus persistence. Handlers mutate `data` through the
 * helpers here and call `touch()`; the server calls `flush()` after each
 * request, before answering, so a response always follows a durable write.
 */
export class Store {
  readonly data: SimData;
  private dirty = false;
  private logDirty = false;
  private logTimer: NodeJS.Timeout | undefined;

  /**
   * @param dataFile optional JSON file; loaded when it exists (the file's seed wins over `seed`).
   * @param seed seed of a fresh cloud.
   * Throws when the data file exists but cannot be parsed.
   */
  constructor(
    readonly dataFile: string | undefined,
    seed: number,
  ) {
    this.data = dataFile && existsSync(dataFile) ? readDataFile(dataFile) : freshData(seed);
  }

  /** Marks the data as changed (written by the next `flush`). */
  touch(): void {
    this.dirty = true;
  }

  /** Increments and returns one of the id counters (never reused). */
  private next(counter: keyof SimData['counters']): number {
    this.touch();
    return ++this.data.counters[counter];
  }

  /** Next account id (decimal string, never reused). */
  nextAccountId(): string {
    return String(this.next('account'));
  }

  /** Next keypair id (separate counter). */
  nextKeypairId(): number {
    return this.next('keypair');
  }

  /** Next order id (decimal string). */
  nextOrderId(): string {
    return String(this.next('order'));
  }

  /** Next invoice id. */
  nextInvoiceId(): number {
    return this.next('invoice');
  }

  /** Next hypervisor vmid. */
  nextVmid(): number {
    return this.next('vmid');
  }

  /** Adds an account. */
  addAccount(rec: AnyAccount): void {
    this.data.accounts[rec.id] = rec;
    this.touch();
  }

  /** An account of the given kind by id (any status), or undefined. */
  account<K extends AnyAccount['kind']>(kind: K, id: string): Extract<AnyAccount, { kind: K }> | undefined {
    const rec = this.data.accounts[String(Number.parseInt(id, 10))];
    return rec && rec.kind === kind ? (rec as Extract<AnyAccount, { kind: K }>) : undefined;
  }

  /** Every account of the kind, in id order. */
  accountsOf<K extends AnyAccount['kind']>(kind: K): Array<Extract<AnyAccount, { kind: K }>> {
    return Object.values(this.data.accounts)
      .filter((a): a is Extract<AnyAccount, { kind: K }> => a.kind === kind)
      .sort((a, b) => Number(a.id) - Number(b.id));
  }

  /**
   * Folds the changes that took effect by `now` into `attrs` (keeps the data
   * file small); visible values are unchanged by this.
   */
  settle<A>(rec: { attrs: A; changes: Array<Change<A>> }, now: number): void {
    const keep: Array<Change<A>> = [];
    let attrs = rec.attrs;
    let blocked = false;
    for (const c of rec.changes) {
      if (!blocked && c.at !== null && c.at <= now) attrs = { ...attrs, ...c.patch };
      else {
        blocked = true;
        keep.push(c);
      }
    }
    if (keep.length !== rec.changes.length) {
      rec.attrs = attrs;
      rec.changes = keep;
      this.touch();
    }
  }

  /**
   * Schedules an asynchronous change: visible (and the account Active again)
   * `delayMs` after `now`, or never when `paid` is false.
   */
  schedule<A>(
    rec: { attrs: A; changes: Array<Change<A>> },
    patch: Partial<A>,
    now: number,
    delayMs: number,
    paid: boolean,
    op: string,
  ): void {
    this.settle(rec, now);
    const last = rec.changes.reduce<number>((m, c) => (c.at === null ? m : Math.max(m, c.at)), 0);
    rec.changes.push({ at: paid ? Math.max(now + delayMs, last) : null, patch, op });
    this.touch();
  }

  /**
   * Pays an open invoice (the portal's "pay now"): the invoice becomes
   * `Paid`, an unpaid order starts provisioning (`Active` after
   * `provisioningMs`) and unpaid upgrades take effect after `asyncMs`.
   * Resolves with the paid invoice. Throws `Error` with `code` 404 when no
   * account holds invoice `id` as its last invoice, 409 when it is paid already.
   */
  payInvoice(id: number, now: number, provisioningMs: number, asyncMs: number): Invoice {
    const rec = Object.values(this.data.accounts).find((account) => account.invoice.id === id);
    if (!rec) throw Object.assign(new Error(`no open invoice ${id}`), { code: 404 });
    if (rec.invoice.status === 'Paid') throw Object.assign(new Error(`invoice ${id} is paid already`), { code: 409 });
    rec.invoice = { ...rec.invoice, status: 'Paid', paid_id: id, datepaid: ymdhms(now) };
    if (rec.ready_at === null) {
      rec.ready_at = now + provisioningMs;
      if ('power' in rec) rec.power.since = rec.ready_at;
    }
    for (const change of rec.changes as Array<Change<unknown>>) if (change.at === null) change.at = now + asyncMs;
    this.touch();
    return { ...rec.invoice };
  }

  /** Appends an order to the ledger (body masked). */
  recordOrder(entry: Omit<LedgerEntry, 'seq' | 'time' | 'body'> & { body: Record<string, unknown> }, now: number): LedgerEntry {
    const full: LedgerEntry = {
      seq: ++this.data.counters.ledger,
      time: iso(now),
      method: entry.method,
      path: entry.path,
      operation: entry.operation,
      account_id: entry.account_id,
      ...(entry.product_id !== undefined ? { product_id: entry.product_id } : {}),
      ...(entry.amount !== undefined ? { amount: entry.amount } : {}),
      body: maskSecrets(entry.body),
    };
    this.data.ledger.push(full);
    this.touch();
    return full;
  }

  /** Appends a request to the request log; written with the next flush (or soon after, see `flushSoon`). */
  logRequest(entry: Omit<RequestLogEntry, 'seq'>): void {
    this.data.requests.push({ seq: ++this.data.counters.request, ...entry });
    this.logDirty = true;
  }

  /** Writes the data file now when anything changed. Throws on I/O errors. */
  flush(): void {
    if (!this.dirty && !this.logDirty) return;
    this.dirty = false;
    this.logDirty = false;
    if (this.logTimer) {
      clearTimeout(this.logTimer);
      this.logTimer = undefined;
    }
    if (!this.dataFile) return;
    writeAtomic(this.dataFile, JSON.stringify(this.data));
  }

  /** Writes mutations now; request-log-only changes are written within ~250 ms (timer unref'd). */
  flushAfterRequest(): void {
    if (this.dirty) {
      this.flush();
      return;
    }
    if (this.logDirty && this.dataFile && !this.logTimer) {
      this.logTimer = setTimeout(() => {
        this.logTimer = undefined;
        try {
          this.flush();
        } catch {
          // best effort; the next mutation or close() writes again
        }
      }, 250);
      this.logTimer.unref();
    }
  }

  /** Cancels a pending timer and writes whatever is unwritten. */
  close(): void {
    if (this.logTimer) clearTimeout(this.logTimer);
    this.logTimer = undefined;
    this.flush();
  }
}

/** Writes `text` to `file` atomically: temp file in the same folder (mode 0600), then rename. */
export function writeAtomic(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    writeFileSync(tmp, text, { mode: 0o600 });
    renameSync(tmp, file);
  } catch (err) {
    try {
      unlinkSync(tmp);
    } catch {
      // ignore
    }
    throw err;
  }
}
