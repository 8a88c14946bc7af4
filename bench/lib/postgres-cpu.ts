/**
 * PostgreSQL's own CPU time, for the PostgreSQL benchmark cases: the server
 * runs one process per connection, each reaped by the postmaster when it
 * ends, so the postmaster's CPU plus its reaped children's (`/proc/PID/stat`:
 * utime, stime, cutime, cstime) plus its live children's is the whole
 * server's CPU so far. Only for a server on this machine (the embedded one
 * of test/support/postgres.ts, or a local CLOUDCTL_TEST_PG_URL).
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';

const TICKS_PER_SECOND = 100;

/** CPU fields of /proc/PID/stat, in ms: own (utime + stime) and reaped children's (cutime + cstime). */
async function processCpu(pid: number): Promise<{ own: number; children: number; parent: number } | undefined> {
  try {
    const text = await readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    // After the name: state(0) ppid(1) ... utime(11) stime(12) cutime(13) cstime(14).
    const ms = (index: number) => (Number(fields[index]) * 1000) / TICKS_PER_SECOND;
    return { own: ms(11) + ms(12), children: ms(13) + ms(14), parent: Number(fields[1]) };
  } catch {
    return undefined;
  }
}

/**
 * A probe of the server at `url`: `cpuMs()` resolves its CPU time so far
 * (ms), or `undefined` when the server is not on this machine.
 */
export async function postgresCpuProbe(url: string): Promise<{ cpuMs(): Promise<number | undefined> }> {
  const client = new pg.Client({ connectionString: url });
  let postmaster: number | undefined;
  try {
    await client.connect();
    const { rows } = await client.query<{ data_directory: string }>('SHOW data_directory');
    const pidFile = await readFile(join(rows[0]!.data_directory, 'postmaster.pid'), 'utf8');
    postmaster = Number(pidFile.split('\n')[0]);
  } catch {
    postmaster = undefined;
  } finally {
    await client.end().catch(() => undefined);
  }
  return {
    async cpuMs() {
      if (postmaster === undefined) return undefined;
      const main = await processCpu(postmaster);
      if (!main) return undefined;
      let total = main.own + main.children;
      for (const entry of await readdir('/proc')) {
        if (!/^\d+$/.test(entry)) continue;
        const child = await processCpu(Number(entry));
        if (child && child.parent === postmaster) total += child.own;
      }
      return total;
    },
  };
}
