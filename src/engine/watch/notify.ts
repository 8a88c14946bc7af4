/**
 * `--notify URL`: each new finding of a watcher POSTed once as JSON
 * (`{ "source": "cloudctl watch", "finding": EVENT }`) with undici,
 * retried on a transport failure or an HTTP 429/5xx (3 retries, backoff).
 * Findings carry no secret (events.ts); the body is masked again anyway
 * (secret keys, and the literals given: the API token).
 */
import { request } from 'undici';
import { maskLiterals, maskSecrets } from '../../core/mask.js';
import type { WatchEvent } from './events.js';

/** Settings of {@link Notifier}. */
export interface NotifierOptions {
  url: string;
  /** Values never to send (the API token). */
  secrets?: readonly string[];
  /** Retries after the first attempt (default 3). */
  retries?: number;
  /** Backoff base in ms (default 500): retry n waits base·2^(n-1). */
  retryBaseDelayMs?: number;
  /** Called when a finding could not be delivered after every retry. */
  onFailure?: (message: string) => void;
}

/** Delivers findings to one URL, one at a time, in order. */
export class Notifier {
  private queue: Promise<void> = Promise.resolve();
  /** Findings delivered, and given up on. */
  delivered = 0;
  failed = 0;

  /** @throws Error when `url` is not an http(s) URL. */
  constructor(private readonly options: NotifierOptions) {
    let parsed: URL;
    try {
      parsed = new URL(options.url);
    } catch {
      throw new Error(`--notify ${options.url}: not a URL`);
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
      throw new Error(`--notify ${options.url}: give an http:// or https:// URL`);
  }

  /** Queues `finding` for delivery. */
  send(finding: WatchEvent): void {
    this.queue = this.queue.then(() => this.deliver(finding));
  }

  /** Resolves once every queued finding was delivered or given up on. */
  idle(): Promise<void> {
    return this.queue;
  }

  private async deliver(finding: WatchEvent): Promise<void> {
    const body = maskLiterals(JSON.stringify({ source: 'cloudctl watch', finding: maskSecrets(finding) }), this.options.secrets ?? []);
    const retries = this.options.retries ?? 3;
    const base = this.options.retryBaseDelayMs ?? 500;
    let last = '';
    for (let attempt = 0; attempt <= retries; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, base * 2 ** (attempt - 1)));
      try {
        const response = await request(this.options.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'user-agent': 'cloudctl' },
          body,
          headersTimeout: 10_000,
          bodyTimeout: 10_000,
        });
        await response.body.dump();
        if (response.statusCode < 300) {
          this.delivered += 1;
          return;
        }
        last = `HTTP ${response.statusCode}`;
        if (response.statusCode !== 429 && response.statusCode < 500) break;
      } catch (error) {
        last = (error as Error).message;
      }
    }
    this.failed += 1;
    this.options.onFailure?.(
      `could not notify ${this.options.url} of a ${finding.type} finding: ${maskLiterals(last, this.options.secrets ?? [])}`,
    );
  }
}
