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
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync, unlinkSync } from 'node:fs';
import { DataLog, replayLog, type LogLine } from './data-log.js';
import { dirname } from 'node:path';
import type { LedgerEntry, RequestLogEntry } from './types.js';
import { maskSecrets } from './records.js';
import { iso, ymdhms } from './dates.js';

export type {
  AccountStatus,
  Change,
  Invoice,
  AccountBase,
  VmAttrs,
  VmPower,
  VmAccount,
  SnapshotAttrs,
  SnapshotAccount,
  DiskAttrs,
  DiskAccount,
  MetalAttrs,
  MetalAccount,
  IpAttrs,
  IpAccount,
  StorageAttrs,
  StorageAccount,
  AnyAccount,
  Pool,
  Keypair,
  Assignment,
  SimData,
} from './data-types.js';
import type { AnyAccount, AccountStatus, Change, Invoice, Keypair, Pool, SimData } from './data-types.js';

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
 * Reads a data file: the snapshot `file`, then the lines of its log
 * (`FILE.log`, data-log.ts) replayed, a torn last line ignored. Throws when
 * the file is not JSON or not a simulator data file, or a line before the
 * last is damaged.
 */
export function readDataFile(file: string): SimData {
  return readData(file).data;
}

/** {@link readDataFile}, saying whether the log ended with a torn line. */
function readData(file: string): { data: SimData; torn: boolean } {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<SimData> | null;
  if (!parsed || typeof parsed !== 'object' || parsed.format !== FORMAT) {
    throw new Error(`${file} is not a cloudctl simulator data file (format ${FORMAT})`);
  }
  const base = freshData(typeof parsed.seed === 'number' ? parsed.seed : 1);
  const data = {
    ...base,
    ...parsed,
    counters: { ...base.counters, ...(parsed.counters ?? {}) },
    format: FORMAT,
  } as SimData;
  const { torn } = replayLog(file, data);
  return { data, torn };
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
 * helpers here and call `touch(rec)` with the account they changed; the
 * server calls `flush()` after each request, before answering, so a
 * response always follows a durable write. A flush appends what changed to
 * the data file's log (data-log.ts): the accounts looked up by id, added or
 * touched since the last flush whose JSON changed, keypairs added or
 * removed, the assignments when changed, new ledger entries and requests,
 * and the counters; so its cost follows what the request changed, not the
 * size of the cloud.
 */
export class Store {
  readonly data: SimData;
  private dirty = false;
  private logDirty = false;
  private logTimer: NodeJS.Timeout | undefined;
  private readonly log: DataLog | undefined;
  /** Accounts looked up by id, added or touched since the last flush: the ones a flush compares. */
  private readonly seen = new Set<AnyAccount>();
  /** How many times each account left {@link seen} (may have changed): see {@link revision}. */
  private readonly revisions = new WeakMap<AnyAccount, number>();
  /** SHA-1 of each account's JSON as last written (what tells a changed account). */
  private readonly written = new Map<string, string>();
  /** Keypair by id, and the keypairs added and removed since the last flush. */
  private readonly keypairIndex = new Map<number, Keypair>();
  private addedKeypairs: Keypair[] = [];
  private removedKeypairs: number[] = [];
  /** Account id by the id of its last invoice (kept up at each flush; a miss scans once). */
  private readonly invoiceIndex = new Map<number, string>();
  private writtenAssignments = '[]';
  private writtenCounters = '';
  private loggedLedger = 0;
  private loggedRequests = 0;
  /** The whole data must be written again (a fresh cloud, a torn log line to drop). */
  private compactionDue = false;
  /** Accounts by kind in id order ({@link accountsOf}); undefined until asked for, and again after an account is added. */
  private byKind: Map<AnyAccount['kind'], AnyAccount[]> | undefined;

  /**
   * @param dataFile optional JSON file; loaded when it exists (the file's seed wins over `seed`).
   * @param seed seed of a fresh cloud.
   * Throws when the data file exists but cannot be parsed.
   */
  constructor(
    readonly dataFile: string | undefined,
    seed: number,
  ) {
    if (dataFile && existsSync(dataFile)) {
      const read = readData(dataFile);
      this.data = read.data;
      this.compactionDue = read.torn;
    } else {
      this.data = freshData(seed);
      this.compactionDue = dataFile !== undefined;
    }
    this.log = dataFile ? new DataLog(dataFile) : undefined;
    for (const keypair of this.data.keypairs) this.keypairIndex.set(keypair.id, keypair);
    this.markWritten();
    // The index of accounts by kind is built with the data, not by the first list request.
    this.accountsOf('vm');
  }

  /** Records the data as written in full (after loading or a compaction). */
  private markWritten(): void {
    this.written.clear();
    for (const rec of Object.values(this.data.accounts)) {
      this.written.set(rec.id, digest(rec));
      this.invoiceIndex.set(rec.invoice.id, rec.id);
    }
    this.writtenAssignments = JSON.stringify(this.data.assignments);
    this.writtenCounters = JSON.stringify(this.data.counters);
    this.loggedLedger = this.data.ledger.length;
    this.loggedRequests = this.data.requests.length;
    this.addedKeypairs = [];
    this.removedKeypairs = [];
    this.releaseSeen();
  }

  /**
   * A number that changes whenever `rec` may have changed, or undefined
   * while it may be changing (looked up by id, added or touched since the
   * last flush): what a cache of an account's view (view-cache.ts) is
   * checked against. Every change of an account goes through
   * {@link accountById}, {@link addAccount} or {@link touch} (as the data
   * file's log needs: an account changed otherwise would not be written).
   */
  revision(rec: AnyAccount): number | undefined {
    return this.seen.has(rec) ? undefined : (this.revisions.get(rec) ?? 0);
  }

  /** Empties {@link seen}, giving each account in it a new {@link revision}. */
  private releaseSeen(): void {
    for (const rec of this.seen) this.revisions.set(rec, (this.revisions.get(rec) ?? 0) + 1);
    this.seen.clear();
  }

  /**
   * Marks the data as changed (written by the next `flush`); `rec`: the
   * account changed (an account looked up by id or added is compared at the
   * flush anyway).
   */
  touch(rec?: AnyAccount): void {
    this.dirty = true;
    if (rec) this.seen.add(rec);
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
    this.byKind = undefined;
    this.touch(rec);
  }

  /** The account with id `id` (any kind and status), or undefined; what the caller changes is written by the next flush. */
  accountById(id: string | number): AnyAccount | undefined {
    const rec = this.data.accounts[String(id)] as AnyAccount | undefined;
    if (rec) this.seen.add(rec);
    return rec;
  }

  /** An account of the given kind by id (any status), or undefined; what the caller changes is written by the next flush. */
  account<K extends AnyAccount['kind']>(kind: K, id: string): Extract<AnyAccount, { kind: K }> | undefined {
    const rec = this.accountById(String(Number.parseInt(id, 10)));
    return rec && rec.kind === kind ? (rec as Extract<AnyAccount, { kind: K }>) : undefined;
  }

  /** The keypair `id` (any pool), or undefined. */
  keypairById(id: number): Keypair | undefined {
    return this.keypairIndex.get(id);
  }

  /** The keypair `id` when it is in `pool`. */
  keypairIn(pool: Pool, id: number): Keypair | undefined {
    const keypair = this.keypairIndex.get(id);
    return keypair?.pool === pool ? keypair : undefined;
  }

  /** Adds a keypair. */
  addKeypair(keypair: Keypair): void {
    this.data.keypairs.push(keypair);
    this.keypairIndex.set(keypair.id, keypair);
    this.addedKeypairs.push(keypair);
    this.touch();
  }

  /** Removes the keypair `id` of `pool`; false when there is none. */
  removeKeypair(pool: Pool, id: number): boolean {
    const index = this.data.keypairs.findIndex((keypair) => keypair.pool === pool && keypair.id === id);
    if (index < 0) return false;
    this.data.keypairs.splice(index, 1);
    this.keypairIndex.delete(id);
    this.addedKeypairs = this.addedKeypairs.filter((keypair) => keypair.id !== id);
    this.removedKeypairs.push(id);
    this.touch();
    return true;
  }

  /**
   * Every account of the kind, in id order (a new array each call). The
   * accounts of each kind are indexed once and the index kept until an
   * account is added (accounts are never removed: a terminated one stays),
   * so a list of 33,000 accounts in a cloud of 100,000 costs no scan of the
   * others and no sort.
   */
  accountsOf<K extends AnyAccount['kind']>(kind: K): Array<Extract<AnyAccount, { kind: K }>> {
    if (!this.byKind) {
      this.byKind = new Map();
      const all = Object.values(this.data.accounts)
        .map((rec): [number, AnyAccount] => [Number(rec.id), rec])
        .sort((a, b) => a[0] - b[0])
        .map(([, rec]) => rec);
      for (const rec of all) {
        let list = this.byKind.get(rec.kind);
        if (!list) this.byKind.set(rec.kind, (list = []));
        list.push(rec);
      }
    }
    return (this.byKind.get(kind) ?? []).slice() as Array<Extract<AnyAccount, { kind: K }>>;
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
      this.dirty = true;
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
    this.dirty = true;
  }

  /**
   * Pays an open invoice (the portal's "pay now"): the invoice becomes
   * `Paid`, an unpaid order starts provisioning (`Active` after
   * `provisioningMs`) and unpaid upgrades take effect after `asyncMs`.
   * Resolves with the paid invoice. Throws `Error` with `code` 404 when no
   * account holds invoice `id` as its last invoice, 409 when it is paid already.
   */
  payInvoice(id: number, now: number, provisioningMs: number, asyncMs: number): Invoice {
    const rec = this.accountOfInvoice(id);
    if (!rec) throw Object.assign(new Error(`no open invoice ${id}`), { code: 404 });
    if (rec.invoice.status === 'Paid') throw Object.assign(new Error(`invoice ${id} is paid already`), { code: 409 });
    rec.invoice = { ...rec.invoice, status: 'Paid', paid_id: id, datepaid: ymdhms(now) };
    if (rec.ready_at === null) {
      rec.ready_at = now + provisioningMs;
      if ('power' in rec) rec.power.since = rec.ready_at;
    }
    for (const change of rec.changes as Array<Change<unknown>>) if (change.at === null) change.at = now + asyncMs;
    this.touch(rec);
    return { ...rec.invoice };
  }

  /** The account whose last invoice is `id`, or undefined (the index, else one scan that fills it). */
  private accountOfInvoice(id: number): AnyAccount | undefined {
    const known = this.invoiceIndex.get(id);
    const rec = known === undefined ? undefined : this.data.accounts[known];
    if (rec?.invoice.id === id) {
      this.seen.add(rec);
      return rec;
    }
    for (const account of Object.values(this.data.accounts)) this.invoiceIndex.set(account.invoice.id, account.id);
    const found = this.invoiceIndex.get(id);
    const scanned = found === undefined ? undefined : this.data.accounts[found];
    if (scanned?.invoice.id !== id) return undefined;
    this.seen.add(scanned);
    return scanned;
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

  /** Writes what changed now (a line of the log, or the whole data when due). Throws on I/O errors. */
  flush(): void {
    if (!this.dirty && !this.logDirty && !this.compactionDue) return;
    this.dirty = false;
    this.logDirty = false;
    if (this.logTimer) {
      clearTimeout(this.logTimer);
      this.logTimer = undefined;
    }
    if (!this.log) {
      this.releaseSeen();
      return;
    }
    if (this.compactionDue || !this.log.hasSnapshot()) return this.compact();
    const line = this.changes();
    if (line) this.log.append(line);
    if (this.log.wantsCompaction()) this.compact();
  }

  /** Writes the whole data as a new snapshot and empties the log. */
  private compact(): void {
    this.log!.compact(this.data, writeAtomic);
    this.compactionDue = false;
    this.markWritten();
  }

  /** What changed since the last flush, as a log line (undefined: nothing). */
  private changes(): LogLine | undefined {
    const line: LogLine = { g: this.data.generation ?? 0 };
    let any = false;
    const accounts: AnyAccount[] = [];
    for (const rec of this.seen) {
      const hash = digest(rec);
      if (this.written.get(rec.id) === hash) continue;
      this.written.set(rec.id, hash);
      this.invoiceIndex.set(rec.invoice.id, rec.id);
      accounts.push(rec);
    }
    this.releaseSeen();
    if (accounts.length > 0) [line.accounts, any] = [accounts, true];
    if (this.addedKeypairs.length > 0) [line.keypairs, this.addedKeypairs, any] = [this.addedKeypairs, [], true];
    if (this.removedKeypairs.length > 0) [line.removedKeypairs, this.removedKeypairs, any] = [this.removedKeypairs, [], true];
    const assignments = JSON.stringify(this.data.assignments);
    if (assignments !== this.writtenAssignments)
      [line.assignments, this.writtenAssignments, any] = [this.data.assignments, assignments, true];
    if (this.data.ledger.length > this.loggedLedger) {
      [line.ledger, this.loggedLedger, any] = [this.data.ledger.slice(this.loggedLedger), this.data.ledger.length, true];
    }
    if (this.data.requests.length > this.loggedRequests) {
      [line.requests, this.loggedRequests, any] = [this.data.requests.slice(this.loggedRequests), this.data.requests.length, true];
    }
    const counters = JSON.stringify(this.data.counters);
    if (counters !== this.writtenCounters) [line.counters, this.writtenCounters, any] = [this.data.counters, counters, true];
    return any ? line : undefined;
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

/** SHA-1 of an account's JSON (base64): tells whether it changed since written. */
function digest(rec: AnyAccount): string {
  return createHash('sha1').update(JSON.stringify(rec)).digest('base64');
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
