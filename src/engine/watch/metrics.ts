/**
 * A watcher's Prometheus metrics (prom-client), kept up to date from its
 * events, and the HTTP server that serves them at `/metrics`
 * (`--metrics-listen ADDR`). Each watcher has its own registry.
 */
import { createServer, type Server } from 'node:http';
import { Counter, Gauge, Registry } from 'prom-client';
import type { WatchEvent } from './events.js';

/** The metrics of one watcher (names in docs/watch.md). */
export class WatchMetrics {
  readonly registry = new Registry();
  private readonly drifted = new Gauge({
    name: 'cloudctl_watch_drifted_resources',
    help: 'Managed resources changed or deleted outside cloudctl, as the last cycle found them',
    registers: [this.registry],
  });
  private readonly pending = new Gauge({
    name: 'cloudctl_watch_pending_changes',
    help: 'Changes the plan would make now, by kind (free, paid, destructive)',
    labelNames: ['kind'],
    registers: [this.registry],
  });
  private readonly awaiting = new Gauge({
    name: 'cloudctl_watch_paid_orders_awaiting_approval',
    help: 'Paid orders in the saved plan waiting for a person',
    registers: [this.registry],
  });
  private readonly cost = new Gauge({
    name: 'cloudctl_watch_monthly_cost',
    help: 'Monthly cost of the managed resources (known prices), in the account currency',
    registers: [this.registry],
  });
  private readonly unmanaged = new Gauge({
    name: 'cloudctl_watch_unmanaged_accounts',
    help: 'Accounts no state entry manages (unbudgeted spend)',
    registers: [this.registry],
  });
  private readonly unmanagedMonthly = new Gauge({
    name: 'cloudctl_watch_unmanaged_monthly_amount',
    help: 'Monthly amount of the unmanaged accounts (known prices), in the account currency',
    registers: [this.registry],
  });
  private readonly lastSuccess = new Gauge({
    name: 'cloudctl_watch_last_successful_cycle_timestamp_seconds',
    help: 'When the last cycle that completed ended (Unix time, seconds)',
    registers: [this.registry],
  });
  private readonly cycles = new Counter({
    name: 'cloudctl_watch_cycles_total',
    help: 'Cycles run, by outcome (ok, failed)',
    labelNames: ['outcome'],
    registers: [this.registry],
  });
  private readonly requests = new Counter({
    name: 'cloudctl_watch_api_requests_total',
    help: 'HTTP requests sent to the cloud API (retries included)',
    registers: [this.registry],
  });
  private readonly errors = new Counter({
    name: 'cloudctl_watch_api_errors_total',
    help: 'HTTP requests that failed (transport failure or an HTTP status of 400 or more)',
    registers: [this.registry],
  });
  private readonly leader = new Gauge({
    name: 'cloudctl_watch_leader',
    help: '1 while this watcher leads (acts), 0 while it follows',
    registers: [this.registry],
  });
  private readonly pendingByKind = { free: 0, paid: 0, destructive: 0 };

  /** Counts one API request (`failed`: a transport failure or HTTP status >= 400). */
  request(failed: boolean): void {
    this.requests.inc();
    if (failed) this.errors.inc();
  }

  /** Updates the metrics from one watcher event. */
  observe(event: WatchEvent): void {
    switch (event.type) {
      case 'leader':
        this.leader.set(event.role === 'leader' ? 1 : 0);
        break;
      case 'cycle_started':
        this.pendingByKind.free = this.pendingByKind.paid = this.pendingByKind.destructive = 0;
        this.awaitingOrders = 0;
        break;
      case 'pending_change':
        this.pendingByKind[event.kind] += 1;
        if (event.kind !== 'free') this.awaitingOrders += event.paidOrders;
        break;
      case 'cycle_finished':
        this.drifted.set(event.drifted);
        for (const [kind, count] of Object.entries(this.pendingByKind)) this.pending.set({ kind }, count);
        this.awaiting.set(this.awaitingOrders);
        if (event.monthlyCost !== null) this.cost.set(event.monthlyCost);
        this.unmanaged.set(event.unmanaged);
        this.unmanagedMonthly.set(event.unmanagedMonthly);
        this.lastSuccess.set(Date.now() / 1000);
        this.cycles.inc({ outcome: 'ok' });
        break;
      case 'cycle_failed':
        this.cycles.inc({ outcome: 'failed' });
        break;
      default:
        break;
    }
  }

  private awaitingOrders = 0;

  /** The metrics in the Prometheus text format. */
  text(): Promise<string> {
    return this.registry.metrics();
  }
}

/**
 * Serves `metrics` at `GET /metrics` on `address` (`host:port`, `:port` or
 * `port`; port 0 picks a free one). Resolves with the server and the URL
 * it listens at. Errors: the listen error (address in use, bad address).
 */
export async function serveMetrics(metrics: WatchMetrics, address: string): Promise<{ server: Server; url: string }> {
  const match = /^(?:(.*):)?(\d+)$/.exec(address);
  if (!match) throw new Error(`--metrics-listen ${address}: give HOST:PORT, :PORT or PORT`);
  const host = match[1] ? match[1].replace(/^\[|\]$/g, '') : '0.0.0.0';
  const port = Number(match[2]);
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || (request.url ?? '').split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found: metrics are at /metrics\n');
      return;
    }
    metrics.text().then(
      (text) => response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      (error: unknown) => response.writeHead(500, { 'content-type': 'text/plain' }).end(`${(error as Error).message}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const bound = server.address();
  const actualPort = typeof bound === 'object' && bound ? bound.port : port;
  return { server, url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${actualPort}/metrics` };
}
