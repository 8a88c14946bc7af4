// The layers of src/, checked by `npm run lint` (dependency-cruiser).
// Imports only go downwards:
//   cli  →  lsp  →  testing  →  stacks  →  engine  →  manifest, state  →  resources  →  api  →  plan  →  core
// plan (the plan document, its masking and files) sits just above core: the
// catalogue's policies speak of its reasons.
// docs-generator (writes the reference pages of docs/) sits beside the engine and reads only the catalogue.
// The simulator (sim) is the cloud, not part of cloudctl's engine: it may use
// core only, and only the CLI, the engine's connection (to embed it when
// no base URL is configured) and the test runner (src/testing: `cloudctl test`
// runs each test file against a simulator of its own) may import it.
// stacks (many stacks, one plan: src/stacks) runs one engine per stack, through the front door only.
// lsp (the language server, `cloudctl lsp`) sits just below the CLI: it evaluates expressions only through
// src/manifest/evaluate (one evaluator), and reaches the engine through its front door only.
// The CLI reaches the engine through its front door only: src/engine/engine.ts
// (the Engine class) and src/engine/events.ts (its events, and what views
// read), and the two light front-door modules a command may load without the
// engine: src/engine/workspace-paths.ts (where a workspace lives, read by every
// command) and src/engine/manifests.ts (`validate`, `schema`). It never reaches
// around the engine into the layers below it: state, manifest, resources, api.
const layers = ['core', 'plan', 'api', 'resources', 'manifest|state', 'engine|docs-generator', 'stacks', 'testing', 'lsp', 'cli'];

const forbidden = [];
layers.forEach((layer, level) => {
  const higher = layers.slice(level + 1).flatMap((entry) => entry.split('|'));
  if (higher.length === 0) return;
  for (const name of layer.split('|')) {
    forbidden.push({
      name: `${name}-imports-upward`,
      comment: `src/${name} is below ${higher.join(', ')}: it must not import them`,
      severity: 'error',
      from: { path: `^src/${name}/` },
      to: { path: `^src/(${higher.join('|')})/` },
    });
  }
});
// Folders on one level do not import each other either.
for (const layer of layers.filter((entry) => entry.includes('|'))) {
  const names = layer.split('|');
  for (const name of names) {
    const others = names.filter((other) => other !== name);
    forbidden.push({
      name: `${name}-imports-sideways`,
      comment: `src/${name} and src/${others.join(', ')} are on one level: neither imports the other`,
      severity: 'error',
      from: { path: `^src/${name}/` },
      to: { path: `^src/(${others.join('|')})/` },
    });
  }
}
forbidden.push(
  {
    name: 'only-cli-embeds-the-simulator',
    comment:
      "the simulator is the cloud: only the CLI, the engine's connection (src/engine/connection.ts) and the test runner (src/testing) embed it",
    severity: 'error',
    from: { path: '^src/', pathNot: '^src/(cli|sim|testing)/|^src/engine/connection[.]ts$' },
    to: { path: '^src/sim/' },
  },
  {
    name: 'cli-uses-the-front-door',
    comment:
      'the CLI imports from the engine only its front door (engine.ts), the events and view helpers (events.ts) and the light front-door modules (workspace-paths.ts, manifests.ts)',
    severity: 'error',
    from: { path: '^src/cli/' },
    to: { path: '^src/engine/', pathNot: '^src/engine/(engine|events|workspace-paths|manifests)[.]ts$' },
  },
  {
    name: 'cli-goes-through-the-engine',
    comment:
      'the CLI never reaches around the engine: state, manifests, resource types and the API are the front door operations (src/engine/engine.ts) or what they return',
    severity: 'error',
    from: { path: '^src/cli/' },
    to: { path: '^src/(state|manifest|resources|api)/' },
  },
  {
    name: 'lsp-uses-the-front-door',
    comment: 'src/lsp imports from the engine only its front door (engine.ts) and its events (events.ts)',
    severity: 'error',
    from: { path: '^src/lsp/' },
    to: { path: '^src/engine/', pathNot: '^src/engine/(engine|events)[.]ts$' },
  },
  {
    name: 'stacks-use-the-front-door',
    comment: 'src/stacks imports from the engine only its front door (engine.ts) and its events (events.ts)',
    severity: 'error',
    from: { path: '^src/stacks/' },
    to: { path: '^src/engine/', pathNot: '^src/engine/(engine|events)[.]ts$' },
  },
  {
    name: 'simulator-stands-alone',
    comment: 'the simulator follows the API contract by itself: it uses src/core only',
    severity: 'error',
    from: { path: '^src/sim/' },
    to: { path: '^src/', pathNot: '^src/(sim|core)/' },
  },
  {
    // No import cycle anywhere, type-only imports included: within a folder
    // too (src/state's contracts import nothing from src/state; the manifest's
    // stages form a hierarchy), so every module can be read after what it uses.
    name: 'no-circular',
    comment: 'no import cycle anywhere in src, not even through type-only imports',
    severity: 'error',
    from: {},
    to: { circular: true },
  },
);

// The manifest front end (src/manifest) runs in stages, a folder each:
// syntax (reading YAML) → parse (the walker, a parser a section, expressions
// read) → evaluate (expressions evaluated: at load time for count, for_each,
// module inputs and file() arguments, and by the engine at plan and apply
// time) → expand (variables, modules, repetition) → check (values,
// references, schema, moves, calls). A stage imports only earlier ones;
// the files at src/manifest/ itself are shared by every stage (catalogue,
// functions, graph, schema, ...) and index.ts runs the stages in order.
const manifestStages = ['syntax', 'parse', 'evaluate', 'expand', 'check'];
manifestStages.forEach((stage, level) => {
  const later = manifestStages.slice(level + 1);
  if (later.length === 0) return;
  forbidden.push({
    name: `manifest-${stage}-imports-a-later-stage`,
    comment: `src/manifest/${stage} comes before ${later.join(', ')}: it must not import them (type-only imports included)`,
    severity: 'error',
    from: { path: `^src/manifest/${stage}/` },
    to: { path: `^src/manifest/(${later.join('|')})/` },
  });
});
module.exports = {
  forbidden,
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
  },
};
