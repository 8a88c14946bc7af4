/**
 * The child process a crashing step runs in (crash-child.ts), started ahead
 * of its step: it loads the engine, the step's manifest and the HTTP client
 * while earlier steps run, then waits for the go over IPC, so a crash step
 * does not pay for a process start and a module load. It sends itself SIGKILL at the N-th paid call's reply;
 * nothing of the runner reaches into it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { StepOutcome } from './checks.js';
import type { CrashChildInput } from './crash-child.js';

/** The arguments of `node` for the child: `dist/testing/crash-child.js`, or its source through tsx when running from source. */
function childArguments(): string[] {
  const here = import.meta.url;
  if (here.endsWith('.ts')) return ['--import', import.meta.resolve('tsx'), fileURLToPath(new URL('./crash-child.ts', here))];
  return [fileURLToPath(new URL('../../dist/testing/crash-child.js', here))];
}

/** A child process waiting to run one crashing step. */
export class CrashChild {
  private readonly child: ChildProcess;
  private output = '';
  private readonly exited: Promise<NodeJS.Signals | null>;
  /** Resolves once the child said `ready` (loaded), or exited. */
  private readonly ready: Promise<unknown>;

  private constructor(input: CrashChildInput) {
    this.child = spawn(process.execPath, [...childArguments(), JSON.stringify(input)], { stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
    this.child.stdout!.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    this.child.stderr!.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    this.exited = new Promise((resolve) => this.child.on('exit', (_code, signal) => resolve(signal)));
    this.ready = Promise.race([new Promise((resolve) => this.child.once('message', resolve)), this.exited]);
    this.child.on('error', () => undefined); // a child that cannot start shows as exited without a report
  }

  /** Starts the child of a step (`input`); it loads what the run uses and waits for {@link CrashChild.run}. */
  static start(input: CrashChildInput): CrashChild {
    return new CrashChild(input);
  }

  /**
   * Runs the step in the child and resolves once it exited: `crashed` when
   * it was killed with SIGKILL (its N-th paid call returned), else how its
   * run ended (`applied`, `incomplete`, `failed` with its message).
   */
  async run(): Promise<StepOutcome> {
    await this.ready;
    if (this.child.connected) this.child.send('go');
    const signal = await this.exited;
    if (signal === 'SIGKILL') return { status: 'crashed', codes: ['crashed'], failed: [] };
    let report: { paidCalls?: number; status?: string; error?: string } = {};
    try {
      report = JSON.parse(this.output.trim().split('\n').pop() ?? '{}') as typeof report;
    } catch {
      report = { error: this.output.trim() || `the child process ended (${signal ?? 'no signal'}) without a report` };
    }
    return {
      status: report.error !== undefined ? 'failed' : (report.status ?? 'failed'),
      message: report.error ?? `the run ended after ${report.paidCalls ?? 0} paid calls returned`,
      codes: [],
      failed: [],
    };
  }

  /** Ends a child that was not used (its IPC channel closes; it exits without running anything). */
  async stop(): Promise<void> {
    if (this.child.connected) this.child.disconnect();
    await this.exited;
  }
}
