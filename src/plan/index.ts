/**
 * The plan package: the plan document (what `plan --json` prints, with its
 * schema in schemas/plan.schema.json), its masking, the redaction of the
 * manifest copy it keeps, its seal (a checksum apply checks), the
 * workspace it belongs to, and plan files. It depends on src/core only, so
 * every layer that speaks of plans (the catalogue's policies, the engine,
 * the CLI, programs using the automation API) can.
 */
export * from './document.js';
export { maskPlan } from './mask.js';
export { redactSource, sha256 } from './redact.js';
export { isCompressedPlanFile, PLAN_FILE_FORMAT, planFileText, readPlanFile, writePlanFile } from './files.js';
export { canonicalJson, canonicalPlanChecksum, checkPlanSeal, PlanAlteredError, planChecksum, sealPlan } from './seal.js';
export { checkPlanWorkspace, planInWorkspace, PlanWorkspaceError, type WorkspaceIdentity } from './workspace.js';
export { planCounts, type PlanCounts } from './counts.js';
