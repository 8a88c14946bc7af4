/**
 * Runs one of the crash harnesses' state-writer children
 * (test/support/state-writer-child.ts, state-writer-postgres-child.ts):
 * `node --import tsx CHILD ...args`. The child prints `acked N` for each
 * change it was told is durable and `closed` when it closed the state
 * cleanly. With `killAfterMs`, the child is killed (SIGKILL) that many
 * milliseconds after its first `acked` line.
 *
 * Resolves with the values acknowledged (`acked`, in order) and whether it
 * closed. Errors: rejects when the child could not start, or exited with a
 * non-zero code without being killed (its stderr in the message).
 */
import { spawn } from 'node:child_process';

export function runWriterChild(child: string, args: string[], killAfterMs?: number): Promise<{ acked: number[]; closed: boolean }> {
  return new Promise((resolve, reject) => {
    const writer = spawn(process.execPath, ['--import', 'tsx', child, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    let timer: NodeJS.Timeout | undefined;
    writer.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (killAfterMs !== undefined && timer === undefined && out.includes('acked'))
        timer = setTimeout(() => writer.kill('SIGKILL'), killAfterMs);
    });
    writer.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    writer.on('error', reject);
    writer.on('close', (code, signal) => {
      clearTimeout(timer);
      if (signal === null && code !== 0) return reject(new Error(`writer exited ${code}: ${err}`));
      const acked = [...out.matchAll(/^acked (\d+)$/gm)].map((match) => Number(match[1]));
      resolve({ acked, closed: out.includes('closed') });
    });
  });
}
