/**
 * The engine's light front door for manifests: loading one (parse, validate,
 * variables), the manifest's JSON Schema and the formatter (`cloudctl fmt`),
 * without the engine, the state backends or the API client, so `cloudctl
 * validate`, `cloudctl schema` and `cloudctl fmt` start at once (test/integration/startup.test.ts). A program with an
 * {@link Engine} (engine.ts) loads with `Engine.load`, which reads the same.
 * The CLI imports from src/engine only this module, workspace-paths.ts,
 * engine.ts and events.ts (.dependency-cruiser.cjs).
 */
export { loadManifest, type CommandLineVariables, type LoadedManifest, type LoadOptions } from '../manifest/index.js';
export { manifestSchema } from '../manifest/schema.js';
export { formatManifest } from '../manifest/format.js';
