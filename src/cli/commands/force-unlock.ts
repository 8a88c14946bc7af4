/**
 * `cloudctl force-unlock LOCK_ID`: removes the state lock a run left behind
 * (on another host, or one this host cannot judge), when its id is the one
 * named. A lock of a dead process on this host needs no command: the next
 * run takes it over as stale. The backend checks the holder (the engine's
 * `forceUnlock`); this prints what it removed.
 */
import { describeHolder } from '../../engine/events.js';
import { openEngine } from '../run.js';
import type { Workspace } from '../workspace.js';

/**
 * Runs `force-unlock`; resolves with the exit code (0 when the lock was
 * removed). Refuses, unless `force`, when the holder is a process still
 * running on this host whose writes would race (the local folder).
 * @throws StateError when the state is not locked, the id does not match,
 *   or the holder still runs here.
 */
export async function forceUnlockCommand(ws: Workspace, id: string, options: { force?: boolean } = {}): Promise<number> {
  const engine = await openEngine(ws);
  try {
    const { holder, holderStopped } = await engine.forceUnlock(id, { force: options.force });
    if (holderStopped) {
      ws.io.stdout.write(
        `${ws.style.green(`Removed the state lock ${id}.`)} It was held by ${describeHolder(holder)}; that run's session was ended: it can record nothing more.\n`,
      );
      return 0;
    }
    ws.io.stdout.write(`${ws.style.green(`Removed the state lock ${id}.`)} It was held by ${describeHolder(holder)}.\n`);
    ws.io.stdout.write("If that run may still be going, its writes now race with yours: check with 'cloudctl plan' before applying.\n");
    return 0;
  } finally {
    await engine.close();
  }
}
