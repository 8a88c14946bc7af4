/**
 * `cloudctl watch MANIFEST`: keeps watching (docs/watch.md). Each cycle's
 * findings are JSON lines on stdout (one `WatchEvent` each); notices go to
 * stderr. The watch itself is the engine's (`Watcher`, src/engine/watch); this command
 * parses nothing (commander does) and renders the events.
 */
import { Engine, Watcher } from '../../engine/engine.js';
import type { EngineEvent, WatchEvent } from '../../engine/events.js';
import { onInterrupt } from '../io.js';
import { notice, variableOptions } from '../run.js';
import type { Workspace } from '../workspace.js';

/** Options of `watch`, as parsed. */
export interface WatchCommandOptions {
  /** Seconds between cycles. */
  interval: number;
  maxRequestsPerMinute?: number;
  once: boolean;
  repair: 'none' | 'free';
  notify?: string;
  metricsListen?: string;
  parallelism: number;
}

/**
 * Runs `watch`; resolves with the exit code: with `--once`, 0 when the
 * cycle found nothing, 2 when it found drift, pending changes or unmanaged
 * accounts, 1 when it failed; otherwise 0 once stopped (SIGTERM, SIGINT:
 * after the current step).
 * Errors: a second watcher on the local backend (WatcherRunningError); a bad manifest; a bad option.
 */
export async function watchCommand(ws: Workspace, file: string, options: WatchCommandOptions): Promise<number> {
  const engine = await Engine.open({
    directory: ws.io.cwd,
    env: ws.io.env,
    workspace: ws.name,
    state: ws.options.state,
    backend: ws.options.backend,
    onEvent: (event: EngineEvent) => {
      if (event.type === 'notice') notice(ws, event.message);
      else if (event.type === 'reconcile') notice(ws, `reconcile: ${event.message}`);
    },
  });
  const controller = new AbortController();
  const stopListening = onInterrupt(ws.io, () => controller.abort(new Error('interrupted')), undefined, { terminate: true });
  try {
    const watcher = new Watcher(engine, file, {
      intervalSeconds: options.interval,
      ...(options.maxRequestsPerMinute !== undefined ? { maxRequestsPerMinute: options.maxRequestsPerMinute } : {}),
      once: options.once,
      repair: options.repair,
      ...(options.notify ? { notifyUrl: options.notify } : {}),
      ...(options.metricsListen ? { metricsListen: options.metricsListen } : {}),
      parallelism: options.parallelism,
      signal: controller.signal,
      onWatchEvent: (event: WatchEvent) => ws.io.stdout.write(`${JSON.stringify(event)}\n`),
      ...variableOptions(ws),
    });
    const outcome = await watcher.run();
    if (outcome.status === 'failed') {
      ws.io.stderr.write(`Error: ${outcome.message ?? 'the cycle failed'}\n`);
      return 1;
    }
    return outcome.status === 'findings' ? 2 : 0;
  } finally {
    stopListening();
    await engine.close();
  }
}
