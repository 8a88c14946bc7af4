/**
 * Walks a dependency graph of jobs with bounded parallelism. A job starts
 * when every job it depends on succeeded; when one fails, its dependents are
 * skipped (and named) while independent branches go on. After `signal`
 * aborts, no new job starts; jobs in flight finish.
 */
import pLimit from 'p-limit';

/** One unit of work. `dependsOn` names other jobs by id (unknown ids are ignored). */
export interface Job {
  id: string;
  dependsOn: string[];
  run(): Promise<void>;
}

/** How each job ended. */
export type JobOutcome =
  { id: string; status: 'done' } | { id: string; status: 'failed'; error: Error } | { id: string; status: 'skipped'; because: string };

/**
 * Runs `jobs` and resolves with one outcome per job, in completion order.
 * Never rejects for a job's failure. Errors: throws when the jobs form a cycle.
 */
export async function walk(jobs: Job[], parallelism: number, signal?: AbortSignal): Promise<JobOutcome[]> {
  const limit = pLimit(Math.max(1, parallelism));
  const byId = new Map(jobs.map((job) => [job.id, job]));
  const settled = new Map<string, Promise<JobOutcome>>();
  const outcomes: JobOutcome[] = [];
  const visiting = new Set<string>();

  const start = (job: Job): Promise<JobOutcome> => {
    const existing = settled.get(job.id);
    if (existing) return existing;
    if (visiting.has(job.id)) throw new Error(`dependency cycle through ${job.id}`);
    visiting.add(job.id);
    const dependencies = job.dependsOn.filter((id) => id !== job.id && byId.has(id)).map((id) => start(byId.get(id)!));
    visiting.delete(job.id);
    const promise = (async (): Promise<JobOutcome> => {
      const results = await Promise.all(dependencies);
      const blocked = results.find((result) => result.status !== 'done');
      let outcome: JobOutcome;
      if (blocked) {
        outcome = { id: job.id, status: 'skipped', because: blocked.status === 'skipped' ? blocked.because : blocked.id };
      } else {
        outcome = await limit(async (): Promise<JobOutcome> => {
          if (signal?.aborted) return { id: job.id, status: 'skipped', because: 'interrupted' };
          try {
            await job.run();
            return { id: job.id, status: 'done' };
          } catch (error) {
            return { id: job.id, status: 'failed', error: error instanceof Error ? error : new Error(String(error)) };
          }
        });
      }
      outcomes.push(outcome);
      return outcome;
    })();
    settled.set(job.id, promise);
    return promise;
  };

  await Promise.all(jobs.map(start));
  return outcomes;
}
