/**
 * Many stacks, one plan (docs/stacks.md): {@link Stacks} plans, applies and
 * destroys every stack of a stacks file through the engine's front door
 * (src/engine/engine.ts), one {@link Engine} per stack, so every stack keeps
 * its own state, lock and journal. Stacks run in dependency order,
 * independent ones in parallel; a variable reading another stack's output
 * is evaluated with the manifest's own evaluator (`evaluate` and a
 * ResolveRoot). An upstream output the plan changes, or that is unknown
 * until apply, is planned as unknown downstream (the engine's
 * `unknownVariables`), and the downstream stack is planned again once its
 * upstream has applied. Events are the engine's, tagged with the stack.
 */
import pLimit from 'p-limit';
import picomatch from 'picomatch';
import { containsUnknown, DiagnosticError, formatDiagnostic, unknown, type Value } from '../core/types.js';
import type { PlanDocument } from '../plan/document.js';
import { readFile } from 'node:fs/promises';
import { evaluate, parseManifest, type ResolveRoot } from '../manifest/index.js';
import { Engine, StalePlanError } from '../engine/engine.js';
import { DEFAULT_STACKS_FILE, readStacksFile, type StackDeclaration, type StacksFile } from './file.js';
import { budgetProblems, STACKS_PLAN_FORMAT, totalsOf, waitingChanges, type StackPlan, type StacksPlan } from './combined.js';
import { judge, type Verdict } from './rules.js';
import { ensureWorkspace } from './workspaces.js';
import type {
  StackApplyResult,
  StacksApplyOptions,
  StacksApplyResult,
  StacksOptions,
  StacksPlanOptions,
  StackStatusEvent,
} from './stacks-types.js';

export type {
  StackApplyResult,
  StackEngineEvent,
  StacksApplyOptions,
  StacksApplyResult,
  StacksEvent,
  StacksOptions,
  StacksPlanOptions,
  StackStatusEvent,
} from './stacks-types.js';

/** The message of an error, located diagnostics formatted. */
function messageOf(error: unknown): string {
  if (error instanceof DiagnosticError) return error.diagnostics.map(formatDiagnostic).join('\n');
  return (error as Error).message;
}

/** Outputs of one stack as another stack's variables read them: a value, or unknown (`stack NAME`). */
type OutputValues = Record<string, Value>;

/**
 * The stacks of one stacks file. Open with {@link Stacks.open}; each
 * operation opens an {@link Engine} per stack (its own state, lock, journal).
 */
export class Stacks {
  /** Stacks whose workspace this instance made sure exists. */
  private readonly created = new Set<string>();

  private constructor(
    /** The stacks file, read and checked. */
    readonly file: StacksFile,
    private readonly options: StacksOptions,
  ) {}

  /**
   * Reads and checks the stacks file (default `cloudctl.stacks.yaml`).
   * Nothing is called and no state is opened. Errors: DiagnosticError at
   * `file:line:col` (see readStacksFile).
   */
  static async open(path: string = DEFAULT_STACKS_FILE, options: StacksOptions = {}): Promise<Stacks> {
    return new Stacks(await readStacksFile(path), options);
  }

  /** The engine of one stack, its events tagged; its workspace created the first time (a stacks file declares it). */
  private async engine(stack: StackDeclaration): Promise<Engine> {
    const engine = await this.openStackEngine(stack);
    if (!this.created.has(stack.name)) {
      await ensureWorkspace(engine.workspace);
      this.created.add(stack.name);
    }
    return engine;
  }

  private openStackEngine(stack: StackDeclaration): Promise<Engine> {
    const postgres = /^postgres(ql)?:/.test(stack.backend ?? this.options.env?.CLOUDCTL_BACKEND ?? '');
    return Engine.open({
      directory: this.file.directory,
      state: stack.state,
      // One PostgreSQL database holds many stacks: each in a workspace of its own name unless one is given.
      workspace: stack.workspace ?? (postgres ? stack.name : 'default'),
      ...(stack.backend ? { backend: stack.backend } : {}),
      env: this.options.env,
      baseUrl: this.options.baseUrl,
      token: this.options.token,
      catalogue: this.options.catalogue,
      now: this.options.now,
      parallelism: this.options.parallelism,
      lockTimeoutSeconds: this.options.lockTimeoutSeconds,
      onEvent: (event) => this.options.onEvent?.({ ...event, stack: stack.name }),
    });
  }

  /** The engine of stack `name` (its own state, lock and journal), its events tagged (for the watcher of stacks, watch.ts). */
  openEngine(name: string): Promise<Engine> {
    return this.engine(this.declaration(name));
  }

  /**
   * The values of stack `name`'s variables from what its upstream stacks'
   * states record now. Errors: DiagnosticError (an output missing), Error
   * when a value is still unknown (an upstream stack never applied).
   */
  async recordedVariables(name: string): Promise<Record<string, Value>> {
    const stack = this.declaration(name);
    const outputs = new Map<string, OutputValues>();
    for (const upstream of stack.needs) outputs.set(upstream, await this.recordedOutputs(upstream));
    const { values, unknownVariables } = this.variables(stack, outputs);
    const missing = Object.keys(unknownVariables);
    if (missing.length > 0)
      throw new Error(
        `stack ${name}: ${missing.map((entry) => `var.${entry}`).join(', ')} unknown: apply ${unknownVariables[missing[0]]} first`,
      );
    return values;
  }

  private status(stack: string, status: StackStatusEvent['status'], message?: string): void {
    this.options.onEvent?.({ type: 'stack', stack, status, ...(message ? { message } : {}) });
  }

  /** The stacks named by `only` (globs) and every stack they read, in dependency order. Errors: a pattern matching none. */
  selected(only: string[] = []): string[] {
    if (only.length === 0) return [...this.file.order];
    const wanted = new Set<string>();
    for (const pattern of only) {
      const matches = this.file.order.filter((name) => picomatch.isMatch(name, pattern));
      if (matches.length === 0) throw new Error(`--stack ${pattern}: no stack matches (stacks: ${this.file.order.join(', ')})`);
      for (const name of matches) wanted.add(name);
    }
    const add = (name: string) => {
      for (const upstream of this.declaration(name).needs) {
        if (wanted.has(upstream)) continue;
        wanted.add(upstream);
        add(upstream);
      }
    };
    for (const name of [...wanted]) add(name);
    return this.file.order.filter((name) => wanted.has(name));
  }

  private declaration(name: string): StackDeclaration {
    return this.file.stacks.get(name) as StackDeclaration;
  }

  /**
   * Runs `work` for every stack of `names` once the stacks it waits for
   * (`after`) are done, at most `stackParallelism` at once; resolves with
   * the results by name.
   */
  private async inOrder<T>(names: string[], after: (name: string) => string[], work: (name: string, done: Map<string, T>) => Promise<T>) {
    const limit = pLimit(this.options.stackParallelism ?? 4);
    const done = new Map<string, T>();
    const running = new Map<string, Promise<void>>();
    const start = (name: string): Promise<void> => {
      let promise = running.get(name);
      if (promise) return promise;
      promise = (async () => {
        await Promise.all(
          after(name)
            .filter((other) => names.includes(other))
            .map(start),
        );
        done.set(name, await limit(() => work(name, done)));
      })();
      running.set(name, promise);
      return promise;
    };
    await Promise.all(names.map(start));
    return done;
  }

  /**
   * Evaluates the variables of `stack` with the outputs of its upstream
   * stacks (`outputs` by stack; a missing stack: its outputs unknown).
   * Returns the values, and the variables still unknown with the stacks
   * they wait for. Errors: DiagnosticError (an output the stack does not
   * have, a sensitive output, an evaluation error), located in the stacks file.
   */
  private variables(stack: StackDeclaration, outputs: Map<string, OutputValues>) {
    const diagnostics: DiagnosticError['diagnostics'] = [];
    for (const variable of Object.values(stack.variables)) {
      for (const read of variable.reads) {
        const values = outputs.get(read.stack);
        if (values && !Object.hasOwn(values, read.output))
          diagnostics.push({
            severity: 'error',
            code: 'reference_invalid_path',
            message: `"\${${read.reference.text}}": stack ${read.stack} has no output "${read.output}" (outputs: ${Object.keys(values).join(', ') || 'none'})`,
            location: read.reference.location,
          });
      }
    }
    const resolveRoot: ResolveRoot = (reference) => {
      if (reference.root !== 'resource' || reference.name !== 'stack') return undefined;
      const root: Record<string, { outputs: OutputValues }> = Object.create(null);
      for (const upstream of stack.needs) root[upstream] = { outputs: outputs.get(upstream) ?? {} };
      return { value: root as never, sensitive: false };
    };
    const values: Record<string, Value> = {};
    const unknownVariables: Record<string, string> = {};
    const waitsFor = new Set<string>();
    if (diagnostics.length === 0) {
      for (const [name, variable] of Object.entries(stack.variables)) {
        const result = evaluate(variable.expression, resolveRoot);
        diagnostics.push(...result.diagnostics);
        if (!containsUnknown(result.value)) {
          values[name] = result.value as Value;
          continue;
        }
        const upstream = [...new Set(variable.reads.map((read) => read.stack))];
        unknownVariables[name] = `stack ${upstream.join(', stack ')}`;
        for (const entry of upstream) waitsFor.add(entry);
      }
    }
    if (diagnostics.length > 0) throw new DiagnosticError(diagnostics);
    return { values, unknownVariables, waitsFor: [...waitsFor].sort() };
  }

  /** The outputs a stack's state records now (sensitive ones refused when read). */
  private async recordedOutputs(name: string): Promise<OutputValues> {
    const engine = await this.engine(this.declaration(name));
    try {
      const values: OutputValues = {};
      for (const [output, entry] of Object.entries(await engine.outputs()))
        values[output] = entry.sensitive ? (unknown(`the sensitive output ${output} of stack ${name}`) as never) : entry.value;
      return values;
    } finally {
      await engine.close();
    }
  }

  /** The outputs of a planned stack as downstream plans read them: unknown when the plan changes them or they wait for apply. */
  private static plannedOutputs(name: string, plan: PlanDocument): OutputValues {
    const values: OutputValues = {};
    for (const [output, entry] of Object.entries(plan.outputs)) {
      const changes = entry.action === 'create' || entry.action === 'update' || containsUnknown(entry.value) || entry.sensitive;
      values[output] = changes ? (unknown(`stack ${name}`) as never) : (entry.value as Value);
    }
    return values;
  }

  /**
   * The values variables still unknown load with before they are planned as
   * unknown: what the upstream state records now, else the declared
   * default, else a value of the declared type (`""`, `1`, `false`, `[]`, `{}`), else `""`.
   */
  private async placeholders(stack: StackDeclaration, unknownVariables: Record<string, string>, waitsFor: string[]) {
    const recorded = new Map<string, OutputValues>();
    for (const upstream of waitsFor) recorded.set(upstream, await this.recordedOutputs(upstream).catch(() => ({})));
    let declared: Record<string, { type?: string; default?: Value }> = {};
    try {
      declared = parseManifest(await readFile(stack.manifest, 'utf8'), stack.manifest).manifest.variables;
    } catch {
      // unreadable: the engine says why when it loads it
    }
    // 1 for a number: most numbers a stack passes on are ids, which are positive.
    const byType: Record<string, Value> = { string: '', number: 1, bool: false, list: [], map: {} };
    const placeholders: Record<string, Value> = {};
    for (const variable of Object.keys(unknownVariables)) {
      let value: Value | undefined;
      try {
        value = this.variables({ ...stack, variables: { [variable]: stack.variables[variable] } }, recorded).values[variable];
      } catch {
        // not recorded yet
      }
      const type = declared[variable]?.type;
      placeholders[variable] = value ?? declared[variable]?.default ?? (type ? byType[type] : '');
    }
    return placeholders;
  }

  /** Plans one stack with its upstream outputs (`outputs`); never throws (a failure is the stack's status). */
  private async planStack(name: string, outputs: Map<string, OutputValues>, options: StacksPlanOptions): Promise<StackPlan> {
    const stack = this.declaration(name);
    const base = { name, manifest: stack.manifestAsWritten, waitsFor: [], unknownVariables: [], waiting: [], budgetProblems: [] };
    this.status(name, 'planning');
    try {
      const { values, unknownVariables, waitsFor } = this.variables(stack, outputs);
      const deferred = Object.keys(unknownVariables).length > 0;
      const placeholders = deferred ? await this.placeholders(stack, unknownVariables, waitsFor) : {};
      const engine = await this.engine(stack);
      let plan: PlanDocument;
      try {
        plan = await engine.plan(stack.manifest, {
          variables: { ...values, ...placeholders },
          unknownVariables,
          refresh: options.refresh ?? true,
          allowOverBudget: options.allowOverBudget,
        });
      } catch (error) {
        if (!deferred || !(error instanceof DiagnosticError)) throw error;
        // Its manifest needs a value only an upstream apply gives (a check, a count): planned at apply, once known.
        const upstream = waitsFor.map((entry) => `stack ${entry}`).join(', ');
        const needed = Object.keys(unknownVariables)
          .map((entry) => `var.${entry}`)
          .join(', ');
        const message = `planned once ${upstream} applied: it needs ${needed} known (${messageOf(error).split('\n')[0]})`;
        this.status(name, 'planned', message);
        return { ...base, status: 'deferred', waitsFor, unknownVariables: Object.keys(unknownVariables), error: message };
      } finally {
        await engine.close();
      }
      const cost = plan.cost;
      const stackPlan: StackPlan = {
        ...base,
        status: 'planned',
        plan,
        waitsFor,
        unknownVariables: Object.keys(unknownVariables),
        waiting: waitingChanges(plan, Object.keys(unknownVariables)),
        budgetProblems: budgetProblems(
          stack.budget,
          {
            monthlyAfter: cost?.monthly_after ?? 0,
            paid: plan.changes.reduce((sum, change) => sum + change.paidOrders, 0),
            partial: cost?.partial ?? false,
          },
          `stack ${name}`,
        ),
        ...(this.file.approve.length > 0 ? { verdict: judge(this.file.approve, name, plan) } : {}),
      };
      this.status(name, 'planned');
      return stackPlan;
    } catch (error) {
      this.status(name, 'failed', messageOf(error));
      return { ...base, status: 'failed', error: messageOf(error) };
    }
  }

  /**
   * Plans every selected stack, in dependency order, independent ones in
   * parallel: one combined plan (per stack its plan, what waits, the rules'
   * verdict; the totals; the budgets). Writes no state. A stack that cannot
   * be planned is `failed`, and the stacks reading it `blocked`; the others
   * are planned. Endpoints: those of {@link Engine.plan}, per stack.
   * Errors: `only` matching no stack.
   */
  async plan(options: StacksPlanOptions = {}): Promise<StacksPlan> {
    const names = this.selected(options.only);
    const results = await this.inOrder<StackPlan>(
      names,
      (name) => this.declaration(name).needs,
      async (name, done) => {
        const stack = this.declaration(name);
        const broken = stack.needs.find((upstream) => !['planned', 'deferred'].includes(done.get(upstream)?.status ?? 'failed'));
        if (broken !== undefined) {
          const message = `not planned: stack ${broken}, whose outputs it reads, could not be planned`;
          this.status(name, 'blocked', message);
          return {
            name,
            manifest: stack.manifestAsWritten,
            status: 'blocked',
            waitsFor: [],
            unknownVariables: [],
            waiting: [],
            budgetProblems: [],
            error: message,
          };
        }
        const outputs = new Map<string, OutputValues>();
        for (const upstream of stack.needs) {
          const planned = (done.get(upstream) as StackPlan).plan;
          // A deferred upstream has no plan yet: every output this stack reads of it is unknown.
          const reads = Object.values(stack.variables).flatMap((variable) => variable.reads.filter((read) => read.stack === upstream));
          const unknownReads = Object.fromEntries(reads.map((read) => [read.output, unknown(`stack ${upstream}`) as never]));
          outputs.set(upstream, planned ? Stacks.plannedOutputs(upstream, planned) : unknownReads);
        }
        return this.planStack(name, outputs, options);
      },
    );
    const stacks = names.map((name) => results.get(name) as StackPlan);
    const totals = totalsOf(stacks);
    return {
      format: STACKS_PLAN_FORMAT,
      format_version: 1,
      created_at: new Date().toISOString(),
      file: this.file.path,
      mode: 'apply',
      stacks,
      totals,
      budgetProblems: budgetProblems(
        this.file.budget,
        { monthlyAfter: totals.monthlyAfter, paid: totals.paid, partial: totals.partial },
        'all stacks',
      ),
    };
  }

  /**
   * Refuses a combined plan that cannot be applied as it is: made from
   * another file, over a budget (unless `allowOverBudget`), a stack that
   * failed to plan, or a stack whose state moved since (StalePlanError,
   * before anything is applied).
   */
  private async checkSaved(plan: StacksPlan, allowOverBudget: boolean): Promise<void> {
    if (plan.file !== this.file.path) throw new Error(`the combined plan was made from ${plan.file}, not ${this.file.path}`);
    const over = [...plan.budgetProblems, ...plan.stacks.flatMap((stack) => stack.budgetProblems)];
    if (over.length > 0 && !allowOverBudget) throw new Error(`over budget (--allow-over-budget to go ahead):\n  ${over.join('\n  ')}`);
    for (const stack of plan.stacks) {
      if (stack.status !== 'planned' || !stack.plan || stack.unknownVariables.length > 0) continue;
      const engine = await this.engine(this.declaration(stack.name));
      try {
        const state = await engine.state();
        // A state never written yet has a lineage of the moment (the engine adopts the plan's when it writes it).
        const fresh = state.serial === 0 && stack.plan.serial === 0;
        if (!fresh && (state.lineage !== stack.plan.lineage || state.serial !== stack.plan.serial))
          throw new StalePlanError(
            `stale plan: stack ${stack.name} was planned against state serial ${stack.plan.serial} (lineage ${stack.plan.lineage}), but its state is now at serial ${state.serial} (lineage ${state.lineage}); run 'cloudctl plan --stacks' again`,
          );
      } finally {
        await engine.close();
      }
    }
  }

  /** Applies one stack of a combined plan: exactly its plan, or (when it read unknown upstream outputs) planned again with them now known. */
  private async applyStack(entry: StackPlan, options: StacksApplyOptions): Promise<StackApplyResult> {
    const stack = this.declaration(entry.name);
    if (options.autoApproveByRules && entry.verdict && !entry.verdict.approved)
      return { name: entry.name, status: 'stopped', verdict: entry.verdict };
    this.status(entry.name, 'applying');
    const engine = await this.engine(stack);
    try {
      if (entry.unknownVariables.length === 0) {
        const result = await engine.apply(entry.plan as PlanDocument, {
          allowOverBudget: options.allowOverBudget,
          planName: `the plan of stack ${entry.name}`,
        });
        return {
          name: entry.name,
          status: result.status === 'incomplete' ? 'incomplete' : result.status === 'no-changes' ? 'no-changes' : 'applied',
          result,
        };
      }
      const outputs = new Map<string, OutputValues>();
      for (const upstream of stack.needs) outputs.set(upstream, await this.recordedOutputs(upstream));
      const { values, unknownVariables } = this.variables(stack, outputs);
      if (Object.keys(unknownVariables).length > 0)
        throw new Error(`still unknown after its upstream applied: ${Object.keys(unknownVariables).join(', ')}`);
      let verdict: Verdict | undefined;
      const result = await engine.apply(stack.manifest, {
        variables: values,
        allowOverBudget: options.allowOverBudget,
        approve: (plan) => {
          if (!options.autoApproveByRules || this.file.approve.length === 0) return true;
          verdict = judge(this.file.approve, entry.name, plan);
          return verdict.approved;
        },
      });
      if (result.status === 'cancelled') return { name: entry.name, status: 'stopped', result, verdict };
      return {
        name: entry.name,
        status: result.status === 'incomplete' ? 'incomplete' : result.status === 'no-changes' ? 'no-changes' : 'applied',
        result,
        verdict,
      };
    } finally {
      await engine.close();
    }
  }

  /**
   * Applies a combined plan (made now when none is given), stack by stack
   * in dependency order, each under its own state lock: a stack's plan
   * exactly, or, when it read upstream outputs unknown at plan time,
   * planned again once they are known. A stack that fails (or is stopped by
   * a rule) stops the stacks reading it and no other. Errors: a stale or
   * over-budget plan (nothing applied); `only` matching no stack.
   * Endpoints: those of {@link Engine.apply}, per stack.
   */
  async apply(saved?: StacksPlan, options: StacksApplyOptions = {}): Promise<StacksApplyResult> {
    const plan = saved ?? (await this.plan(options));
    await this.checkSaved(plan, options.allowOverBudget ?? false);
    const entries = new Map(plan.stacks.map((stack) => [stack.name, stack]));
    const names = plan.stacks.map((stack) => stack.name);
    const finished: StackApplyResult[] = [];
    await this.inOrder<StackApplyResult>(
      names,
      (name) => this.declaration(name).needs,
      async (name, done) => {
        const entry = entries.get(name) as StackPlan;
        const stack = this.declaration(name);
        const broken = stack.needs.find((upstream) => !['applied', 'no-changes'].includes(done.get(upstream)?.status ?? 'blocked'));
        let result: StackApplyResult;
        if (entry.status !== 'planned' && entry.status !== 'deferred') result = { name, status: 'failed', message: entry.error };
        else if (broken !== undefined)
          result = { name, status: 'blocked', message: `not applied: stack ${broken}, whose outputs it reads, did not apply` };
        else {
          try {
            result = await this.applyStack(entry, options);
          } catch (error) {
            result = { name, status: 'failed', message: messageOf(error) };
          }
        }
        this.status(
          name,
          result.status,
          result.message ??
            (result.verdict && !result.verdict.approved ? result.verdict.failed.map((failure) => failure.rule).join(', ') : undefined),
        );
        finished.push(result);
        return result;
      },
    );
    return { plan, stacks: finished, complete: finished.every((entry) => entry.status === 'applied' || entry.status === 'no-changes') };
  }

  /**
   * Destroys every selected stack in reverse dependency order: a stack
   * after every stack that reads it, each under its own lock, its
   * variables from its upstream stacks' recorded outputs. A stack that
   * fails stops the destroy of the stacks it reads. `approve` is asked with
   * each stack's destroy plan (default: approve).
   * Endpoints: those of {@link Engine.destroy}, per stack.
   */
  async destroy(
    options: { only?: string[]; approve?: (stack: string, plan: PlanDocument) => boolean | Promise<boolean> } = {},
  ): Promise<StacksApplyResult> {
    const names = this.selected(options.only);
    const readers = (name: string) => names.filter((other) => this.declaration(other).needs.includes(name));
    const finished: StackApplyResult[] = [];
    await this.inOrder<StackApplyResult>(names, readers, async (name, done) => {
      const stack = this.declaration(name);
      const broken = readers(name).find((reader) => !['applied', 'no-changes'].includes(done.get(reader)?.status ?? 'blocked'));
      let result: StackApplyResult;
      if (broken !== undefined)
        result = { name, status: 'blocked', message: `not destroyed: stack ${broken}, which reads it, was not destroyed` };
      else {
        this.status(name, 'destroying');
        try {
          const outputs = new Map<string, OutputValues>();
          for (const upstream of stack.needs) outputs.set(upstream, await this.recordedOutputs(upstream));
          const { values, unknownVariables } = this.variables(stack, outputs);
          for (const variable of Object.keys(unknownVariables)) values[variable] = '';
          const engine = await this.engine(stack);
          try {
            const applied = await engine.destroy(stack.manifest, {
              variables: values,
              approve: (plan) => options.approve?.(name, plan) ?? true,
            });
            result = {
              name,
              status:
                applied.status === 'cancelled'
                  ? 'stopped'
                  : applied.status === 'incomplete'
                    ? 'incomplete'
                    : applied.status === 'no-changes'
                      ? 'no-changes'
                      : 'applied',
              result: applied,
            };
          } finally {
            await engine.close();
          }
        } catch (error) {
          result = { name, status: 'failed', message: messageOf(error) };
        }
      }
      this.status(name, result.status, result.message);
      finished.push(result);
      return result;
    });
    return { stacks: finished, complete: finished.every((entry) => entry.status === 'applied' || entry.status === 'no-changes') };
  }
}
