/**
 * How a long apply's pace changes as it goes: a timeline of segments (wall
 * and CPU time per resource of each `segment` operations started) and CPU
 * profiles of chosen windows of the run (taken in process through the
 * inspector, so the profile holds that window alone, not the load, plan or
 * replay around it). Both are driven by the operations started
 * (`ApplyReporter.started`, the harness's `onStarted`): the Nth start is
 * about the (N − parallelism)th finish, so a segment's figures are the
 * pace of resources done at that point of the run.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { cpuMs, now, round } from './measure.js';

/** One segment of the timeline: the operations started from `from` (exclusive) to `to` (inclusive). */
export interface Segment {
  from: number;
  to: number;
  /** Wall time per resource in the segment, in ms. */
  wallMs: number;
  /** This process's CPU time per resource in the segment, in ms. */
  cpuMs: number;
  /** Heap used at the end of the segment, in MB. */
  heapMb: number;
}

/** A window to profile: from the `from`th operation started to the `to`th. */
export interface ProfileWindow {
  from: number;
  to: number;
}

/**
 * Counts operations started and, every `segment` of them, notes a
 * {@link Segment}; starts and stops the inspector's CPU profiler at each
 * {@link ProfileWindow}'s ends, writing `<dir>/apply-<from>-<to>.cpuprofile`.
 * Call {@link PaceRecorder.started} for every operation started and
 * {@link PaceRecorder.finish} once the run ends (a window still open is
 * then written as it stands).
 */
export class PaceRecorder {
  readonly segments: Segment[] = [];
  /** The profiles written (paths). */
  readonly profiles: string[] = [];
  private count = 0;
  private mark = { at: now(), cpu: cpuMs(), count: 0 };
  private session: Session | undefined;
  private open: ProfileWindow | undefined;
  private pending: Promise<unknown> = Promise.resolve();
  private failure: unknown;

  constructor(
    private readonly segment: number,
    private readonly windows: ProfileWindow[] = [],
    private readonly dir = '.',
  ) {}

  /** Call synchronously as each operation starts. */
  readonly started = (): void => {
    this.count++;
    if (this.segment > 0 && this.count % this.segment === 0) this.note();
    const starting = this.windows.find((window) => window.from === this.count);
    if (starting) this.then(() => this.startProfile(starting));
    if (this.open && this.open.to === this.count) this.then(() => this.stopProfile());
  };

  /** Notes the last (partial) segment and writes a profile still open. */
  async finish(): Promise<void> {
    if (this.count > this.mark.count) this.note();
    if (this.open) this.then(() => this.stopProfile());
    await this.pending;
    if (this.failure) throw this.failure;
    this.session?.disconnect();
  }

  /**
   * The last segment's wall and CPU per resource against the middle one's
   * (1 = no slower at the end than halfway). The middle, not the first: an
   * apply of bench/lib/generate.ts's manifest creates its keypairs first
   * (every one is ready at once) and its VMs and disks after, so the first
   * third is of another kind of work than the rest.
   */
  growth(): { wall: number; cpu: number } | undefined {
    const middle = this.segments[Math.floor(this.segments.length / 2)];
    const last = this.segments.at(-1);
    if (!middle || !last || middle === last) return undefined;
    return { wall: round(last.wallMs / middle.wallMs, 2), cpu: round(last.cpuMs / middle.cpuMs, 2) };
  }

  /** Chains profiler work after what is pending; its first failure is raised by {@link finish}. */
  private then(work: () => Promise<void>): void {
    this.pending = this.pending.then(work).catch((error: unknown) => {
      this.failure ??= error;
    });
  }

  private note(): void {
    const at = now();
    const cpu = cpuMs();
    const done = this.count - this.mark.count;
    this.segments.push({
      from: this.mark.count,
      to: this.count,
      wallMs: round((at - this.mark.at) / done, 3),
      cpuMs: round((cpu - this.mark.cpu) / done, 3),
      heapMb: round(process.memoryUsage().heapUsed / 2 ** 20),
    });
    this.mark = { at, cpu, count: this.count };
  }

  private async startProfile(window: ProfileWindow): Promise<void> {
    if (!this.session) {
      this.session = new Session();
      this.session.connect();
      await this.session.post('Profiler.enable');
    }
    await this.session.post('Profiler.start');
    this.open = window;
  }

  private async stopProfile(): Promise<void> {
    if (!this.session || !this.open) return;
    const window = this.open;
    this.open = undefined;
    const { profile } = await this.session.post('Profiler.stop');
    const path = join(this.dir, `apply-${window.from}-${window.to}.cpuprofile`);
    await mkdir(this.dir, { recursive: true });
    await writeFile(path, JSON.stringify(profile));
    this.profiles.push(path);
  }
}
