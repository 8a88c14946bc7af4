/**
 * `cloudctl force-unlock LOCK_ID`: removes the state lock a run left behind
 * (on another host, or one this host cannot judge), when its id is the one
 * named. A lock of a dead process on this host needs no command: the next
 * run takes it over as stale.
 */
import { hostname } from 'node:os';
import { describeHolder, openBackend, StateError } from '../../state/index.js';
import type { Workspace } from '../workspace.js';

/** True unless `pid` certainly does not run on this host. */
function running(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Runs `force-unlock`; resolves with the exit code (0 when the lock was
 * removed). Refuses, unless `force`, when the holder is a process still
 * running on this host (two writers would risk ordering twice).
 * @throws StateError when the state is not locked, the id does not match,
 *   or the holder still runs here.
 */
export async function forceUnlockCommand(ws: Workspace, id: string, options: { force?: boolean } = {}): Promise<number> {
  const location = ws.stateLocation();
  if (location.backend === 'postgres') {
    // The database lock dies with its holder's session: a lock that is held has a live holder, ended here on purpose.
    const database = openBackend(location);
    try {
      await database.forceUnlock(id);
    } finally {
      await database.close();
    }
    ws.io.stdout.write(
      `${ws.style.green(`Removed the state lock ${id}.`)} Its holder's database session was ended: that run can record nothing more.\n`,
    );
    return 0;
  }
  const backend = openBackend({ backend: 'local', statePath: ws.statePath, cwd: ws.io.cwd });
  const holder = await backend.lockHolder();
  if (holder === null) throw new StateError(`the state ${ws.statePath} is not locked; nothing to do`);
  if (holder.id !== id)
    throw new StateError(`lock id ${id} does not match the lock on ${ws.statePath} (held by ${describeHolder(holder)}); nothing removed`);
  if (!options.force && holder.host === hostname() && running(holder.pid)) {
    throw new StateError(
      `the lock holder still runs on this host (${describeHolder(holder)}); stop it first (Ctrl-C), or pass --force if you are sure it no longer writes the state`,
    );
  }
  await backend.forceUnlock(id);
  ws.io.stdout.write(`${ws.style.green(`Removed the state lock ${id}.`)} It was held by ${describeHolder(holder)}.\n`);
  ws.io.stdout.write("If that run may still be going, its writes now race with yours: check with 'cloudctl plan' before applying.\n");
  return 0;
}
