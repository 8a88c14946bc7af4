/** What a plan is made from, and what its walk shares (types only). */
import type { LoadedManifest } from '../../manifest/index.js';
import type { OperationContext } from '../../resources/attribute.js';
import type { Catalogue } from '../../manifest/catalogue.js';
import type { RefreshResult } from '../refresh.js';
import { type Scope } from '../scope.js';
import { type Attributes, type Diagnostic } from '../../core/types.js';
import { type StateDocument } from '../../state/document.js';
import { type Change, type PlanDocument, type PlanWarning, type PlannedMove } from '../../plan/document.js';

import type { TargetSelection } from './targets.js';

/** What a plan is made from. */
export interface PlanOptions {
  loaded: LoadedManifest;
  /** The resource and data source types the manifest's blocks name. */
  catalogue: Catalogue;
  /** State after refresh (resources deleted outside cloudctl already removed). */
  state: StateDocument;
  /**
   * `apply` (normal), `destroy` (delete everything in state), or
   * `refresh-only` (no changes: the plan records what refresh found).
   */
  mode: 'apply' | 'destroy' | 'refresh-only';
  /** Addresses to replace (`--replace`). */
  replace: string[];
  /**
   * `--target` addresses: when non-empty, the plan covers only these and
   * everything they depend on, and deletes only targeted addresses.
   */
  targets?: string[];
  /** `--exclude` addresses or patterns: left out of the plan with what depends on them (targets.ts). */
  exclude?: string[];
  /** What refresh found (recorded in the plan, and used to explain changes); absent with `--refresh=false`. */
  refresh?: RefreshResult;
  /** Gives a context for plan-time data source reads. */
  contextFor(address: string): OperationContext;
  /**
   * The `moved:` blocks the caller already applied to `state`
   * (engine/moves-and-imports.ts `resolveMoves`, before refreshing); when absent the
   * plan resolves them against `state` itself.
   */
  moves?: PlannedMove[];
  /** `plan --generate-config-out FILE`: imports of addresses without a resource block are read for FILE instead of failing. */
  generateConfigOut?: string;
  /**
   * The state's resources before refresh (after moves): an `import:` block
   * recorded there with its id is satisfied even when refresh found the
   * account gone. Absent: `state` is taken as recorded.
   */
  recorded?: StateDocument['resources'];
  /** Reads of `import:` blocks in flight at once (default 10). */
  parallelism?: number;
}

/** A plan and the scope of values it computed (unmasked: used to apply and to render outputs). */
export interface PlanResult {
  plan: PlanDocument;
  scope: Scope;
}

/**
 * What one plan's walk of the manifest has worked out so far, shared by the
 * planning of each kind of address (data-sources.ts, resources.ts,
 * orphans.ts, outputs.ts). Built once by `createPlan`.
 */
export interface PlanWalk {
  options: PlanOptions;
  /** The state after moves and imports (looked up by manifest names: no prototype). */
  state: StateDocument;
  /** Values known so far (the real ones: the plan document is masked, the scope is not). */
  scope: Scope;
  /** Every plan error and warning found so far. */
  diagnostics: Diagnostic[];
  /** The changes planned so far, in walk order (deletes of orphans are added at the end). */
  changes: Change[];
  /** The change planned for each address walked. */
  planned: Map<string, Change>;
  /** Data sources read during apply (their results unknown now). */
  deferred: Set<string>;
  /** Results of the data sources read now, by address. */
  dataResults: Record<string, Attributes>;
  /** The sensitive attributes of the data sources read now that hold any, by address. */
  sensitiveData: Record<string, Set<string>>;
  /** Paid changes not planned because the API never reported the value (I2), shown as plan warnings. */
  unobserved: PlanWarning[];
  /** Addresses replaced on request (`--replace`). */
  replace: Set<string>;
  /** What `--target` selects, when given. */
  selection: TargetSelection | undefined;
  /** Addresses refresh found deleted outside cloudctl. */
  gone: Set<string>;
  /** Per address, the attributes refresh found changed outside cloudctl. */
  drifted: Map<string, Set<string>>;
}
