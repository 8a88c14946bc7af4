/**
 * Apply progress in Terraform's words: `web: Creating...`,
 * `web: still creating... [10s elapsed, Pending]`,
 * `web: Creation complete after 12s [id=100001]`.
 */
import type { ApplyReporter } from '../../engine/apply/index.js';
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
 * A reporter writing lines to `write`. Progress is printed each time the
 * elapsed time crosses a multiple of `everySeconds` (default 10).
 */
export function lineReporter(write: (line: string) => void, style: Style, everySeconds = 10): ApplyReporter {
  const lastShown = new Map<string, number>();
  return {
    started(address, action) {
      write(`${style.bold(address)}: ${WORDS[action]?.start ?? `${action}...`}`);
    },
    progress(address, action, elapsedSeconds, status) {
      const step = Math.floor(elapsedSeconds / everySeconds);
      if (step < 1 || (lastShown.get(address) ?? 0) >= step) return;
      lastShown.set(address, step);
      const words = WORDS[action] ?? WORDS.creating;
      write(`${style.bold(address)}: ${words.doing} [${formatElapsed(step * everySeconds)} elapsed, ${status}]`);
    },
    finished(address, action, elapsedSeconds, id) {
      const words = WORDS[action] ?? WORDS.creating;
      write(`${style.bold(address)}: ${words.done} after ${formatElapsed(elapsedSeconds)}${id ? ` [id=${id}]` : ''}`);
    },
    failed(address, action, error) {
      write(style.red(`${address}: ${action || 'operation'} failed: ${error.message}`));
    },
    notice(address, message) {
      write(style.yellow(`${address}: ${message}`));
    },
    skipped(address, because) {
      write(
        style.yellow(
          `${address}: skipped (${because === 'interrupted' ? 'interrupted' : `depends on ${because}, which did not complete`})`,
        ),
      );
    },
  };
}
