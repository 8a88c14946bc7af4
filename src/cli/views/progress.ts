/**
 * Apply progress in Terraform's words: `web: Creating...`,
 * `web: still creating... [10s elapsed, Pending]`,
 * `web: Creation complete after 12s [id=100001]`.
 */
import type { ProgressEvent } from '../../engine/events.js';
import { formatElapsed } from '../../core/duration.js';
import type { Style } from './style.js';

const WORDS: Record<string, { start: string; doing: string; done: string }> = {
  creating: { start: 'Creating...', doing: 'still creating...', done: 'Creation complete' },
  resuming: { start: 'Resuming the wait for an order placed earlier...', doing: 'still creating...', done: 'Creation complete' },
  modifying: { start: 'Modifying...', doing: 'still modifying...', done: 'Modifications complete' },
  destroying: { start: 'Destroying...', doing: 'still destroying...', done: 'Destruction complete' },
  reading: { start: 'Reading...', doing: 'still reading...', done: 'Read complete' },
};

/**
 * A printer of the front door's progress events, writing lines to `write`.
 * Progress is printed each time the elapsed time crosses a multiple of
 * `everySeconds` (default 10), counted per operation: the note of what was
 * shown is dropped when an operation ends, so the create of a replace
 * reports its own elapsed time, and the notes follow the operations in
 * flight, not the size of the apply.
 */
export function progressPrinter(write: (line: string) => void, style: Style, everySeconds = 10): (event: ProgressEvent) => void {
  const lastShown = new Map<string, number>();
  return (event) => {
    const { address } = event;
    switch (event.type) {
      case 'started':
        write(`${style.bold(address)}: ${WORDS[event.action]?.start ?? `${event.action}...`}`);
        return;
      case 'progress': {
        const step = Math.floor(event.elapsedSeconds / everySeconds);
        if (step < 1 || (lastShown.get(address) ?? 0) >= step) return;
        lastShown.set(address, step);
        const words = WORDS[event.action] ?? WORDS.creating;
        write(`${style.bold(address)}: ${words.doing} [${formatElapsed(step * everySeconds)} elapsed, ${event.status}]`);
        return;
      }
      case 'finished': {
        lastShown.delete(address);
        const words = WORDS[event.action] ?? WORDS.creating;
        write(`${style.bold(address)}: ${words.done} after ${formatElapsed(event.elapsedSeconds)}${event.id ? ` [id=${event.id}]` : ''}`);
        return;
      }
      case 'failed':
        lastShown.delete(address);
        write(style.red(`${address}: ${event.action || 'operation'} failed: ${event.message}`));
        return;
      case 'skipped':
        lastShown.delete(address);
        write(
          style.yellow(
            `${address}: skipped (${event.because === 'interrupted' ? 'interrupted' : `depends on ${event.because}, which did not complete`})`,
          ),
        );
        return;
      case 'settling':
        write(style.yellow(`${address}: ${event.message}`));
    }
  };
}
