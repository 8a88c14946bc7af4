/**
 * What a watcher (`cloudctl watch`, {@link Watcher} in watcher.ts) reports:
 * one typed event per finding and per step, in the order things happen.
 * The CLI writes each as one JSON line on stdout. No event carries a
 * secret: drifted sensitive values read `(sensitive)`, and API error
 * messages are masked as everywhere else.
 */
import type { Value } from '../../core/types.js';
import type { BackendKind } from '../../state/contracts.js';

/** How a pending change would be applied: by the watcher (`free`), or only by a person from the saved plan. */
export type PendingKind = 'free' | 'paid' | 'destructive';

/** One account the API has that no state entry manages (what an import of everything would adopt). */
export interface UnmanagedAccount {
  /** Canonical resource type whose list showed it (`cloud_lite_vm`). */
  resourceType: string;
  id: string;
  /** Its name as listed, when the type has one. */
  name?: string;
  /** What it costs a month (its recurring amount over its cycle, rounded); null when unknown. */
  monthly: number | null;
  /** Billing cycle code (`m`, `a`, ...); empty when unknown. */
  billingCycle: string;
}

/** A watcher's event (see the module comment). `cycle` numbers the cycles of this watcher from 1. */
export type WatchEvent =
  | {
      type: 'watch_started';
      manifest: string;
      intervalSeconds: number;
      maxRequestsPerMinute: number | null;
      repair: 'none' | 'free';
      /** Which backend keeps the workspace's state (`local`, `postgres`). */
      backend: BackendKind;
      /** Where the Prometheus metrics are served, when they are. */
      metricsUrl?: string;
    }
  /** This watcher leads (acts) or follows (waits for the leader to die). */
  | { type: 'leader'; role: 'leader' | 'follower'; message: string }
  | { type: 'cycle_started'; cycle: number; at: string }
  /** An attribute changed outside cloudctl. */
  | { type: 'drift'; cycle: number; address: string; attribute: string; before: Value | null; after: Value | null }
  /** A managed resource is gone (404 or Terminated). */
  | { type: 'deleted'; cycle: number; address: string }
  /** A change the plan would make now. */
  | { type: 'pending_change'; cycle: number; address: string; resourceType: string; action: string; kind: PendingKind; paidOrders: number }
  /** An account nobody manages: unbudgeted spend. */
  | ({ type: 'unmanaged'; cycle: number; currency: string | null } & UnmanagedAccount)
  /** `--repair free` applied a free change. */
  | { type: 'repaired'; cycle: number; address: string; action: string }
  | { type: 'repair_failed'; cycle: number; address: string; message: string }
  /** Paid or destructive changes were written as a plan for a person (`cloudctl apply PATH`); sent once per set of changes. */
  | {
      type: 'plan_saved';
      cycle: number;
      path: string;
      changes: Array<{ address: string; action: string; kind: PendingKind }>;
      paidOrders: number;
      dueNow: number | null;
    }
  | {
      type: 'cycle_finished';
      cycle: number;
      drifted: number;
      pending: number;
      unmanaged: number;
      /** Monthly amount of the unmanaged accounts (known ones). */
      unmanagedMonthly: number;
      /** Monthly cost of the managed resources (known ones), as the plan prices them. */
      monthlyCost: number | null;
      currency: string | null;
      /** HTTP requests this cycle sent (retries included), and how many failed or were refused. */
      requests: number;
      apiErrors: number;
      durationMs: number;
    }
  | { type: 'cycle_failed'; cycle: number; message: string; requests: number; apiErrors: number }
  /** A finding could not be POSTed to `--notify` after every retry. */
  | { type: 'notify_failed'; message: string }
  | { type: 'stopped'; reason: string }
  /** The watcher never ran: another watcher holds the workspace's watcher lock (`reason` names it). Sent instead of `watch_started`. */
  | { type: 'refused'; reason: string };

/** Receives a watcher's events. */
export type WatchEventHandler = (event: WatchEvent) => void;

/** True for the events that are findings (each sent to `--notify` once while it lasts). */
export function isFinding(event: WatchEvent): boolean {
  return ['drift', 'deleted', 'pending_change', 'unmanaged', 'plan_saved', 'repair_failed'].includes(event.type);
}
