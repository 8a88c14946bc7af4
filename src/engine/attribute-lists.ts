/**
 * A type's attribute table as the planner (diff.ts) walks it, worked out
 * once per table: its entries, its computed attributes, what a create
 * reads of each attribute, and the inputs a create converges with a paid
 * operation right after its order.
 */
import { type Attribute, type ResourceType } from '../resources/attribute.js';
import { policyFacts, policyOperation } from '../resources/policies.js';
import { type PlannedValue } from '../core/types.js';
import { type AttributeChange } from '../plan/document.js';

/** A type's attribute table as the planner walks it, made once per table (see {@link attributeEntries}). */
export interface AttributeLists {
  /** Every attribute, in table order. */
  entries: ReadonlyArray<readonly [string, Attribute]>;
  /** The names of computed attributes, in table order. */
  computed: readonly string[];
  /** What a create reads of each attribute, in table order, as objects of one shape (the tables' own vary by type). */
  creates: readonly CreateFacts[];
  /** `.NAME` for each computed attribute (what follows the address in its unknown marker, `web.status`), in table order. */
  computedSuffixes: readonly string[];
}

/** What a create (diff.ts `createChange`) reads of one attribute. */
export interface CreateFacts {
  name: string;
  computed: boolean;
  sensitive: boolean;
  /** The attribute's default (`undefined`: none). */
  default: PlannedValue | undefined;
  /**
   * The last attribute change of this input a create without a prior entry
   * made, when its value is a primitive: the next create with the same
   * value and sensitivity shares it (frozen then) instead of making its
   * own; thousands of creates write the same `cycle: m`. Set by diff.ts.
   */
  recent: AttributeChange | undefined;
  /** The plan `recent` was made for (diff.ts `beginPlanSharing`): never shared with another. */
  recentPlan: number;
}

/** Per attribute table (a type's tables are fixed once defined): its {@link AttributeLists}. */
const attributeLists = new WeakMap<Record<string, Attribute>, AttributeLists>();

/** The {@link AttributeLists} of `type`'s table (made on first use). Read-only (but for each create fact's `recent`). */
export function listsOf(type: ResourceType): AttributeLists {
  let lists = attributeLists.get(type.attributes);
  if (!lists) {
    const entries = Object.entries(type.attributes);
    lists = {
      entries,
      computed: entries.filter(([, attribute]) => attribute.mode === 'computed').map(([name]) => name),
      computedSuffixes: entries.filter(([, attribute]) => attribute.mode === 'computed').map(([name]) => `.${name}`),
      creates: entries.map(([name, attribute]) => ({
        name,
        computed: attribute.mode === 'computed',
        sensitive: Boolean(attribute.sensitive),
        default: attribute.default,
        recent: undefined,
        recentPlan: 0,
      })),
    };
    attributeLists.set(type.attributes, lists);
  }
  return lists;
}

/** An input a create converges right after its order with a paid operation (see {@link paidFollowUpsOf}). */
export interface PaidFollowUp {
  name: string;
  operation: string;
}

/** Per type (its tables and operations are fixed once defined): its {@link PaidFollowUp}s. */
const followUpLists = new WeakMap<ResourceType, readonly PaidFollowUp[]>();

/**
 * The inputs of `type` a create converges right after its order (their
 * policy is `convergedAfterCreate` and the order does not carry them)
 * through a paid operation, in table order: a create that sets one says so
 * (`create_followed_by_operation`). Made once per type.
 */
export function paidFollowUpsOf(type: ResourceType): readonly PaidFollowUp[] {
  let found = followUpLists.get(type);
  if (!found) {
    found = attributeEntries(type).flatMap(([name, attribute]) => {
      const operation = policyOperation(attribute.policy);
      const converged = policyFacts(attribute.policy)?.convergedAfterCreate && !type.orderCarries?.includes(name);
      return converged && operation !== undefined && type.paidOperations.includes(operation) ? [{ name, operation }] : [];
    });
    followUpLists.set(type, found);
  }
  return found;
}

/**
 * `Object.entries(type.attributes)`, made once per type rather than once per
 * resource planned (a 5,000-resource plan walks its few types' tables
 * thousands of times). Read-only.
 */
export function attributeEntries(type: ResourceType): ReadonlyArray<readonly [string, Attribute]> {
  return listsOf(type).entries;
}

/** The names of `type`'s computed attributes, in table order (made once per type). Read-only. */
export function computedAttributeNames(type: ResourceType): readonly string[] {
  return listsOf(type).computed;
}
