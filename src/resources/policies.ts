/**
 * What each policy kind means, in one table. An attribute's policy says
 * what a change of it does; every part of cloudctl that cares (the planner,
 * apply's converge and update, reconciliation, refresh, import, the docs
 * and `doctor`) reads the facts and the plan step of its kind here instead
 * of switching on `policy.kind`. A new kind is: its shape in {@link Policy},
 * its entry in {@link POLICY_KINDS}, and, when it plans with a reason of its
 * own, that reason's code (src/plan/document.ts, schemas/plan.schema.json) and
 * its English (src/cli/views/reasons.ts).
 */
import { isUnknown, type DiagnosticCode, type PlannedValue, type Value } from '../core/types.js';
import { type AttributeReason, type ChangeCause, type ChangeReason } from '../plan/document.js';

/**
 * What a change of the attribute in the manifest does:
 * - `replace`: recreates the resource (delete, then create).
 * - `update`: calls `operation` in place.
 * - `grow`: calls `operation` in place, upward only; a smaller value is a plan error.
 * - `trigger`: one-shot; fires `operation` once when the value changes to a
 *   non-empty value; removing it does nothing. With `becomes`, the paid
 *   trigger turns the resource into that type (`migrate_to_pro`): once
 *   placed, the entry is marked migrated in state and never read, ordered
 *   or replaced again. `becomesFound` says how `cloudctl state mv` finds
 *   the resource it became by listing that type (see {@link MigrationMatch}).
 * - `desired`: declarative (power state); fires `operation` when the desired
 *   value differs from the observed one.
 * - `reject`: a plan error naming the attribute and `hint` (the way out).
 * - `local`: stored in state, no call.
 */
export type Policy =
  | { kind: 'replace' }
  | { kind: 'update'; operation: string }
  | { kind: 'grow'; operation: string }
  | { kind: 'trigger'; operation: string; becomes?: string; becomesFound?: MigrationMatch }
  | { kind: 'desired'; operation: string }
  | { kind: 'reject'; hint: string }
  | { kind: 'local' };

/** The name of a policy kind, `update`. */
export type PolicyKind = Policy['kind'];

/**
 * How the resource a paid trigger turned its resource into is found among
 * the live resources of the `becomes` type (its `list`): the one with the
 * old resource's id when there is one (the account kept its id), else the
 * one whose `valueAs` attribute is the trigger's value (the target product)
 * and whose `same` attributes equal the old resource's.
 */
export interface MigrationMatch {
  /** The attribute of the new resource the trigger's value becomes, e.g. `product_id`. */
  valueAs: string;
  /** Attributes the new resource keeps from the old one, e.g. `vm_name`. */
  same: string[];
}

/** One attribute whose manifest value differs from the state's, as the planner hands it to its policy. */
export interface PolicyStep {
  /** `web`. */
  address: string;
  /** `product_id`. */
  name: string;
  /** The type's name, `cloud_lite_vm`. */
  typeName: string;
  /** The state's value (`undefined`: unknown). */
  before: Value | undefined;
  /** The manifest's value (may be unknown until apply). */
  after: PlannedValue;
  /** The value is sensitive: messages mask it. */
  sensitive: boolean;
  /** `--replace ADDRESS` was given for the resource. */
  forceReplace: boolean;
  /** The policy's operation places a paid order. */
  paid: boolean;
  /** Refresh found the attribute changed outside cloudctl. */
  drifted: boolean;
  /** The attribute's unit (`GB`), if any. */
  unit: string | undefined;
  /** Why it changes: in the manifest, outside cloudctl, or known only after apply. */
  cause: { cause: ChangeCause; waits_for?: string };
  /** A value as a message shows it (masked when sensitive, with the unit). */
  shown(value: unknown): string;
}

/** What the planner does with one {@link PolicyStep}. */
export interface PolicyPlan {
  /** The attribute's reason in the change (absent: the attribute is left out of the change). */
  attribute?: AttributeReason;
  /** The change's reason for it (absent: none). */
  reason?: ChangeReason;
  /** The change calls the policy's operation for it. */
  callsOperation?: boolean;
  /** The change replaces the resource. */
  replace?: boolean;
  /** A plan error instead (its code and message; the planner adds the location). */
  error?: { code: DiagnosticCode; message: string };
}

/** The facts of one policy kind, read by every part of cloudctl that cares. */
export interface PolicyKindFacts {
  /** It calls `policy.operation` in place (a change is an update, not a replace). */
  callsOperation: boolean;
  /**
   * Right after a create, a read-back that differs is converged by calling
   * the operation (update, grow, desired; a trigger's value at create is its
   * baseline, never fired).
   */
  convergedAfterCreate: boolean;
  /** A paid change of it needs a value the API reported as its "before" (I2). */
  paidNeedsObservedBefore: boolean;
  /** A change of it replaces the resource or fails the plan. */
  replacesOrRejects: boolean;
  /**
   * What the order sent of it identifies the order when an unknown outcome
   * is looked for in a listing (not what converges after the create or is
   * cloudctl's own record).
   */
  identifiesOrder: boolean;
  /** Its value is cloudctl's own record: never read back from the API. */
  stateOnly: boolean;
  /** `cloudctl import` writes it into the manifest it prints (a trigger fired once, or a local value, is not). */
  importable: boolean;
  /** A smaller value is an error (it only grows). */
  growOnly: boolean;
  /**
   * Once its operation took, the API reports the new value (a trigger's
   * value is never shown: only its effect is), so a reconciliation can check it.
   */
  shownOnceTaken: boolean;
  /** How the policy reads in the reference docs (`paid`: its operation places a paid order). */
  describe(policy: Policy, paid: boolean): string;
  /** Plans one changed attribute (see {@link PolicyStep}). */
  plan(step: PolicyStep, policy: Policy): PolicyPlan;
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';
const operationOf = (policy: Policy) => ('operation' in policy ? policy.operation : '');
const paidWords = (paid: boolean) => (paid ? ', paid order' : '');

/** Every policy kind's facts. */
export const POLICY_KINDS: Readonly<Record<PolicyKind, PolicyKindFacts>> = {
  replace: {
    callsOperation: false,
    convergedAfterCreate: false,
    paidNeedsObservedBefore: false,
    replacesOrRejects: true,
    identifiesOrder: true,
    stateOnly: false,
    importable: true,
    growOnly: false,
    shownOnceTaken: false,
    describe: () => 'replace (forces a new resource)',
    plan: (step) => ({
      attribute: { code: 'forces_replacement' },
      reason: { code: 'replace_because_attribute_forces', attribute: step.name },
      replace: true,
    }),
  },
  reject: {
    callsOperation: false,
    convergedAfterCreate: false,
    paidNeedsObservedBefore: false,
    replacesOrRejects: true,
    identifiesOrder: true,
    stateOnly: false,
    importable: true,
    growOnly: false,
    shownOnceTaken: false,
    describe: () => 'create-only: a change is a plan error',
    plan: (step, policy) => {
      if (isUnknown(step.after)) return {}; // checked again at apply, when known
      if (step.forceReplace) return { attribute: { code: 'changes_with_replacement' } };
      const hint = policy.kind === 'reject' ? policy.hint.replace(/ADDRESS/g, step.address) : '';
      return {
        error: {
          code: 'change_rejected',
          message: `${step.address}.${step.name}: cannot change from ${step.shown(step.before)} to ${step.shown(step.after)}: ${step.typeName} does not change ${step.name} in place; ${hint}`,
        },
      };
    },
  },
  update: {
    callsOperation: true,
    convergedAfterCreate: true,
    paidNeedsObservedBefore: true,
    replacesOrRejects: false,
    identifiesOrder: true,
    stateOnly: false,
    importable: true,
    growOnly: false,
    shownOnceTaken: true,
    describe: (policy, paid) => `update in place (\`${operationOf(policy)}\`${paidWords(paid)})`,
    plan: (step, policy) => ({
      attribute: { code: 'calls_operation', operation: operationOf(policy) },
      reason: { code: 'update_calls_operation', attribute: step.name, operation: operationOf(policy), paid: step.paid, ...step.cause },
      callsOperation: true,
    }),
  },
  grow: {
    callsOperation: true,
    convergedAfterCreate: true,
    paidNeedsObservedBefore: true,
    replacesOrRejects: false,
    identifiesOrder: false,
    stateOnly: false,
    importable: true,
    growOnly: true,
    shownOnceTaken: true,
    describe: (policy, paid) => `grow only (\`${operationOf(policy)}\`${paidWords(paid)}); a smaller value is a plan error`,
    plan: (step, policy) => {
      const { before, after } = step;
      if (!isUnknown(after) && typeof before === 'number' && typeof after === 'number' && after < before) {
        return {
          error: {
            code: 'shrink_rejected',
            message: `${step.address}.${step.name}: cannot shrink from ${step.shown(before)} to ${step.shown(after)}; ${step.name} only grows`,
          },
        };
      }
      const unit = step.unit ? { unit: step.unit } : {};
      return {
        attribute: { code: 'grows', operation: operationOf(policy), ...unit },
        reason: {
          code: 'update_grows',
          attribute: step.name,
          operation: operationOf(policy),
          paid: step.paid,
          before: before ?? null,
          after,
          sensitive: step.sensitive,
          ...unit,
        },
        callsOperation: true,
      };
    },
  },
  trigger: {
    callsOperation: true,
    convergedAfterCreate: false,
    paidNeedsObservedBefore: false,
    replacesOrRejects: false,
    identifiesOrder: false,
    stateOnly: false,
    importable: false,
    growOnly: false,
    shownOnceTaken: false,
    describe: (policy, paid) => `one-shot trigger (\`${operationOf(policy)}\`${paidWords(paid)}); removing it does nothing`,
    plan: (step, policy) => {
      if (isEmpty(step.after)) return {}; // removing a trigger does nothing
      const unit = step.unit ? { unit: step.unit } : {};
      return {
        attribute: { code: 'fires_once', operation: operationOf(policy) },
        reason: {
          code: 'trigger_fires',
          attribute: step.name,
          operation: operationOf(policy),
          paid: step.paid,
          value: step.after,
          sensitive: step.sensitive,
          ...unit,
        },
        callsOperation: true,
      };
    },
  },
  desired: {
    callsOperation: true,
    convergedAfterCreate: true,
    paidNeedsObservedBefore: false,
    replacesOrRejects: false,
    identifiesOrder: false,
    stateOnly: false,
    importable: true,
    growOnly: false,
    shownOnceTaken: true,
    describe: (policy) => `desired state (\`${operationOf(policy)}\` when it differs from the observed value)`,
    plan: (step, policy) => {
      if (isEmpty(step.after)) return {};
      const unit = step.unit ? { unit: step.unit } : {};
      return {
        attribute: { code: 'observed_differs', operation: operationOf(policy), ...unit },
        reason: {
          code: 'update_because_observed_differs',
          attribute: step.name,
          operation: operationOf(policy),
          paid: step.paid,
          observed: step.before ?? null,
          wanted: step.after,
          drifted: step.drifted,
          sensitive: step.sensitive,
          ...unit,
        },
        callsOperation: true,
      };
    },
  },
  local: {
    callsOperation: false,
    convergedAfterCreate: false,
    paidNeedsObservedBefore: false,
    replacesOrRejects: false,
    identifiesOrder: false,
    stateOnly: true,
    importable: false,
    growOnly: false,
    shownOnceTaken: false,
    describe: () => 'stored in state only',
    plan: (step) => ({
      attribute: { code: 'stored_in_state_only' },
      reason: { code: 'update_stored_in_state_only', attribute: step.name, ...step.cause },
    }),
  },
};

/** The facts of `policy`'s kind, or `undefined` for an attribute without a policy (a computed one). */
export function policyFacts(policy: Policy | undefined): PolicyKindFacts | undefined {
  return policy === undefined ? undefined : POLICY_KINDS[policy.kind];
}

/** The operation `policy` calls, or `undefined` when its kind calls none (replace, reject, local). */
export function policyOperation(policy: Policy | undefined): string | undefined {
  return policy !== undefined && POLICY_KINDS[policy.kind].callsOperation ? operationOf(policy) : undefined;
}
