/**
 * Modules: a block under `resources:` written `module: ./path` with
 * `inputs:` instantiates another manifest's resources and data sources
 * under the block's address.
 *
 * ```yaml
 * resources:
 *   cluster:
 *     module: ./modules/web          # a file, or a directory holding main.yaml
 *     inputs: { name: front, keypair: "${key.id}" }
 *     depends_on: [network]          # every resource of the module waits for it
 * outputs:
 *   ip: ${module.cluster.ip}         # an output of the module
 * ```
 *
 * Instantiation, for each module block of a manifest (the root one after
 * its variables resolve, then recursively):
 *
 * 1. The module file is read (relative to the manifest naming it; a
 *    directory means `<dir>/main.yaml`), bounded like the root manifest
 *    (yaml.ts), parsed and validated on its own: its diagnostics carry its
 *    own file:line:col. A module may not have `provider:`, `backend:` or
 *    `budget:`. A module that includes itself (directly or not), nesting
 *    deeper than {@link MODULE_RULES.maxDepth} or more than
 *    {@link MODULE_RULES.maxInstances} instances in all are errors.
 * 2. Inputs must name the module's variables (an unknown one is an error at
 *    the input's key, with a suggestion); a variable without an input takes
 *    its `env` or `default`, and one with neither is an error at the module
 *    block.
 * 3. An input whose references are all variables (or none) is evaluated now
 *    and becomes a variable of the module's own, named with the prefix
 *    (`cluster.name`; sensitive when the module declares it so or its value
 *    comes from a sensitive variable), so the module's values are checked
 *    before any API call. An input that refers to a resource or data source
 *    is substituted, as an expression, into every reference of the module to
 *    that variable.
 * 4. Every block of the module is added to the manifest naming it under the
 *    prefix: resource `web` becomes `cluster.web`, data source `data.image`
 *    becomes `data.cluster.image` (data sources keep `data.` first, so their
 *    addresses are told apart from resources' at a glance); references and
 *    `depends_on` inside are rewritten to match, and the block's
 *    `depends_on` is added to every one of its resources (not to its data
 *    sources, which would then wait to be read during apply). Nested modules nest the
 *    prefix: `cluster.db.server`.
 * 5. `${module.cluster.x}` (anywhere in the manifest naming the module,
 *    including another module block's inputs) becomes the module's output
 *    `x` expression, rewritten like the rest; `depends_on: [cluster]` waits
 *    for every block of the module.
 *
 * A module block's address may be any canonical address text
 * (src/core/address.ts): `cluster`, `cluster[0]`, `cluster["eu"]`; the
 * prefix is that text. A block with `count` / `for_each` is expanded into
 * such instance blocks first (module-repetition.ts), and
 * `${module.cluster[*].x}` reads `x` of every instance, as a list.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { addressSelects, blockAddress, instanceAddress } from '../../core/address.js';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { containsUnknown, referenceTarget, WORKSPACE_VARIABLE } from '../../core/types.js';
import type {
  CallExpression,
  BlockDeclaration,
  Diagnostic,
  DiagnosticCode,
  Expression,
  Manifest,
  ModuleDeclaration,
  PlannedValue,
  Reference,
  Repetition,
  SourceLocation,
  Value,
} from '../../core/types.js';
import type { CatalogueView } from '../catalogue.js';
import { checkCalls } from '../check/check-calls.js';
import { describeKind, referencesOf } from '../parse/expressions.js';
import { evaluate } from '../evaluate/expressions.js';
import { readFileCalls } from './files.js';
import { expandModuleBlocks, repeatedModuleInstances } from './module-repetition.js';
import { parseManifest } from '../parse/manifest.js';
import { jsonPointer, record } from '../parse/walker.js';
import { didYouMean } from '../suggest.js';
import { validateManifest } from '../check/validate.js';
import { checkVariableValues } from '../check/variable-values.js';
import { resolveVariables } from './variables.js';
import { MAX_MANIFEST_CHARACTERS } from '../syntax/yaml.js';

/**
 * Bounds and names of modules: `maxDepth`, how deep modules may nest (the
 * root manifest's modules are depth 1); `maxInstances`, how many module
 * instances one manifest may hold in all, nested ones included;
 * `directoryFile`, the file a module directory stands for; `rootOnlySections`,
 * the sections a module may not have (the root manifest's apply to every module).
 */
export const MODULE_RULES = {
  maxDepth: 16,
  maxInstances: 1_000,
  directoryFile: 'main.yaml',
  rootOnlySections: ['provider', 'backend', 'budget'],
} as const;

/** What instantiating the modules of a manifest gives (see {@link instantiateModules}). */
export interface InstantiatedModules {
  /** Values of the variables the modules' inputs made, by prefixed name (`cluster.name`). */
  variables: Record<string, Value>;
  /** Which of them are sensitive. */
  sensitive: Set<string>;
  /** Every problem found, at the file:line:col of the file it is in. */
  diagnostics: Diagnostic[];
  /** Each module file read, in reading order. */
  files: ModuleFile[];
  /**
   * Inputs of the manifest's own module blocks (not nested ones) given to a
   * variable the module declares sensitive, written as a literal or a
   * template: `[module block name, input name]`. A plan document redacts
   * them from its copy of the source.
   */
  sensitiveInputs: Array<[string, string]>;
  /** The root manifest's repeated module blocks by name (`cluster`), for the plan's reasons. */
  repetitions: Record<string, Repetition>;
  /**
   * SHA-256 of each file a module's `file()` call read (relative to the
   * module file's folder), by its path from the root manifest's folder
   * (`modules/key.pub`), as a loaded manifest's `files` keeps them.
   */
  fileHashes: Record<string, string>;
}

/** A module file a manifest instantiates. */
export interface ModuleFile {
  /** The path as diagnostics show it: relative like the root manifest's path (`modules/web.yaml`). */
  path: string;
  /** SHA-256 of its text (hex), to tell whether it changed since a plan was made. */
  sha256: string;
}

/** Options of {@link instantiateModules}. */
export interface ModuleOptions {
  /** Folder the root manifest's relative path is read from (default: the process's working directory). */
  cwd?: string;
  /** Environment for the modules' `env:` variables. */
  env: NodeJS.ProcessEnv | Record<string, string | undefined>;
  catalogue?: CatalogueView;
  /** The run's workspace (`${workspace}` in module values). */
  workspace: string;
}

/** Shared by every level of one instantiation. */
interface Run {
  options: ModuleOptions;
  diagnostics: Diagnostic[];
  files: ModuleFile[];
  instances: number;
  sensitiveInputs: Array<[string, string]>;
  /** The root manifest's repeated module blocks. */
  repetitions: Record<string, Repetition>;
  /** SHA-256 of each file the modules' `file()` calls read, by path from the root manifest's folder. */
  fileHashes: Record<string, string>;
}

/** A manifest level: its variables' values (by its own names) and the files above it. */
interface Level {
  manifest: Manifest;
  values: Record<string, Value>;
  sensitive: Set<string>;
  /** Absolute paths of the manifest and the modules that include it (cycle detection). */
  stack: string[];
}

/** One module instantiated, in the naming of the manifest that names it. */
interface Instance {
  resources: BlockDeclaration[];
  data: BlockDeclaration[];
  variables: Record<string, Value>;
  sensitive: Set<string>;
  /** Output expressions by name. */
  outputs: Record<string, Expression>;
  outputLocations: Record<string, SourceLocation>;
}

function error(run: Run, message: string, location: SourceLocation | undefined, code: DiagnosticCode): void {
  run.diagnostics.push({ severity: 'error', code, message, ...(location ? { location } : {}) });
}

/**
 * Instantiates every module block of `manifest` (recursively), adding the
 * modules' resources and data sources to `manifest.resources` and
 * `manifest.data` under their prefixed addresses, and rewriting the
 * manifest's `${module.X.Y}` references and `depends_on` entries naming
 * modules. `values` and `sensitive` are the manifest's resolved variables.
 * Never throws; problems are returned as diagnostics (the manifest is then
 * not to be planned). A manifest without module blocks is left as it is,
 * apart from reporting its `${module.X.Y}` references as unknown.
 */
export function instantiateModules(
  manifest: Manifest,
  values: Record<string, Value>,
  sensitive: ReadonlySet<string>,
  options: ModuleOptions,
): InstantiatedModules {
  const run: Run = { options, diagnostics: [], files: [], instances: 0, sensitiveInputs: [], repetitions: record(), fileHashes: record() };
  const rootPath = resolve(options.cwd ?? process.cwd(), manifest.path);
  const instance = instantiateLevel(run, { manifest, values, sensitive: new Set(sensitive), stack: [rootPath] });
  const { diagnostics, files, sensitiveInputs, repetitions, fileHashes } = run;
  return { ...instance, diagnostics, files, sensitiveInputs, repetitions, fileHashes };
}

/**
 * Instantiates the module blocks of one level (in the order their inputs
 * need each other's outputs), merges their blocks into the level's
 * manifest and rewrites its module references. Resolves with the variables
 * its modules made (its own names).
 */
function instantiateLevel(run: Run, level: Level): { variables: Record<string, Value>; sensitive: Set<string> } {
  const { manifest } = level;
  // Repeated module blocks become one block per instance (cluster[0], cluster["eu"]) first.
  const expansion = expandModuleBlocks(
    manifest.modules ?? record<ModuleDeclaration>(),
    level.values,
    level.sensitive,
    run.options.workspace,
  );
  run.diagnostics.push(...expansion.diagnostics);
  const { modules, repetitions } = expansion;
  if (level.stack.length === 1) run.repetitions = repetitions;
  const done = new Map<string, Instance | undefined>();
  const inProgress = new Set<string>();
  const variables = record<Value>();
  const sensitive = new Set<string>();

  const instanceOf = (address: string): Instance | undefined => {
    if (done.has(address)) return done.get(address);
    const block = modules[address];
    inProgress.add(address);
    const inputs = record<Expression>();
    for (const [name, input] of Object.entries(block.inputs)) {
      for (const reference of referencesOf(input)) checkInputReference(run, manifest, reference);
      inputs[name] = rewriteModuleReferences(run, input, { modules, repetitions, instanceOf, inProgress, inside: address });
    }
    const instance = instantiate(run, level, { ...block, inputs });
    inProgress.delete(address);
    done.set(address, instance);
    return instance;
  };
  for (const address of Object.keys(modules)) instanceOf(address);
  for (const block of Object.values(modules)) checkModuleDependencies(run, manifest, modules, repetitions, block);

  // The level's own blocks and outputs read the modules' outputs (only expressions that name one are rebuilt).
  const moduleNames = new Set([...Object.keys(modules).map(blockAddress), ...Object.keys(repetitions)]);
  const rewrite = (expression: Expression) => {
    if (expression.kind === 'literal') return expression;
    const references = expression.kind === 'reference' ? [expression.reference] : referencesOf(expression);
    for (const reference of references) {
      if (reference.root !== 'resource' || !moduleNames.has(reference.name)) continue;
      error(
        run,
        `invalid reference "\${${reference.text}}": "${reference.name}" is a module; read its outputs as \${module.${reference.name}.OUTPUT}`,
        reference.location,
        'reference_invalid_path',
      );
    }
    return references.some(isModuleReference)
      ? rewriteModuleReferences(run, expression, { modules, repetitions, instanceOf, inProgress: new Set(), inside: undefined })
      : expression;
  };
  const hasModules = moduleNames.size > 0;
  for (const block of [...Object.values(manifest.resources), ...Object.values(manifest.data)]) {
    const { properties } = block;
    for (const name of Object.keys(properties)) {
      const rewritten = rewrite(properties[name]);
      if (rewritten !== properties[name]) properties[name] = rewritten;
    }
    if (hasModules) block.dependsOn = expandModuleDependencies(block.dependsOn, modules, repetitions, done);
  }
  for (const output of Object.values(manifest.outputs)) output.value = rewrite(output.value);

  for (const [address, instance] of done) {
    if (!instance) continue;
    const waitsFor = expandModuleDependencies(modules[address].dependsOn, modules, repetitions, done);
    for (const block of instance.resources) {
      block.dependsOn = [...block.dependsOn, ...waitsFor];
      manifest.resources[block.name] = block;
    }
    for (const block of instance.data) manifest.data[block.name] = block;
    Object.assign(variables, instance.variables);
    for (const name of instance.sensitive) sensitive.add(name);
  }
  return { variables, sensitive };
}

/** Reports `depends_on` entries of a module block that name nothing the manifest declares. */
function checkModuleDependencies(
  run: Run,
  manifest: Manifest,
  modules: Record<string, ModuleDeclaration>,
  repetitions: Record<string, Repetition>,
  block: ModuleDeclaration,
): void {
  for (const entry of block.dependsOn) {
    const known = entry.address.startsWith('data.')
      ? Object.hasOwn(manifest.data, entry.address.slice('data.'.length))
      : Object.hasOwn(manifest.resources, entry.address) ||
        Object.hasOwn(repetitions, entry.address) ||
        Object.keys(modules).some((address) => addressSelects(entry.address, address));
    if (known) continue;
    const candidates = [
      ...Object.keys(manifest.resources),
      ...Object.keys(modules),
      ...Object.keys(manifest.data).map((name) => `data.${name}`),
    ];
    error(
      run,
      `unknown depends_on target "${entry.address}" in module "${block.address}": nothing named "${entry.address}" is declared${didYouMean(entry.address, candidates)}`,
      entry.location,
      'unknown_dependency',
    );
  }
}

/** Whether a reference reads a module's output (`${module.cluster.ip}`). */
function isModuleReference(reference: Reference): boolean {
  return reference.root === 'resource' && reference.name === 'module';
}

/** `depends_on` entries naming a module replaced by every address of its instance; others kept. */
function expandModuleDependencies(
  entries: ModuleDeclaration['dependsOn'],
  modules: Record<string, ModuleDeclaration>,
  repetitions: Record<string, Repetition>,
  done: ReadonlyMap<string, Instance | undefined>,
): ModuleDeclaration['dependsOn'] {
  return entries.flatMap((entry) => {
    // `cluster` names module `cluster` and every instance of a repeated one (`cluster[0]`, `cluster["eu"]`; none with count 0).
    const named = Object.keys(modules).filter((address) => addressSelects(entry.address, address));
    if (named.length === 0) return Object.hasOwn(repetitions, entry.address) ? [] : [entry];
    return named.flatMap((address) => {
      const instance = done.get(address);
      return instance
        ? [...instance.resources, ...instance.data].map((block) => ({ address: block.address, location: entry.location }))
        : [];
    });
  });
}

/**
 * Replaces `${module.X.Y...}` references in an expression by the output
 * `Y` of module `X` (with the rest of the path applied). Unknown modules
 * and outputs, and a module block whose inputs need its own outputs (or a
 * cycle of such), are diagnostics; the reference is then left as it is.
 */
function rewriteModuleReferences(run: Run, expression: Expression, scope: ModuleScope): Expression {
  const { modules, instanceOf, inProgress, inside } = scope;
  const outputOf = (reference: Reference): Expression | undefined => {
    const shown = `\${${reference.text}}`;
    // `${module.cluster.x}`, or of an instance of a repeated module block: `${module.cluster[0].x}`, `${module.cluster["eu"].x}`.
    const [head, key] = reference.path;
    const keyed = typeof head === 'string' && key !== undefined ? instanceAddress(head, key) : undefined;
    const [moduleName, outputName, ...rest] =
      keyed !== undefined && Object.hasOwn(modules, keyed) ? [keyed, ...reference.path.slice(2)] : reference.path;
    if (typeof moduleName !== 'string' || typeof outputName !== 'string') {
      error(
        run,
        `invalid reference "${shown}": write a module output as \${module.NAME.OUTPUT}`,
        reference.location,
        'reference_invalid_path',
      );
      return undefined;
    }
    if (!Object.hasOwn(modules, moduleName)) {
      error(
        run,
        `unknown reference "${shown}": no module "${moduleName}" is declared${didYouMean(moduleName, Object.keys(modules))}`,
        reference.location,
        'reference_unknown',
      );
      return undefined;
    }
    if (inProgress.has(moduleName)) {
      const what =
        moduleName === inside
          ? `module "${moduleName}" cannot read its own outputs in its inputs`
          : `modules ${[...inProgress].join(', ')} read each other's outputs in their inputs`;
      error(run, `module cycle: ${what}`, reference.location, 'module_cycle');
      return undefined;
    }
    const instance = instanceOf(moduleName);
    if (!instance) return undefined; // reported where the module is
    if (!Object.hasOwn(instance.outputs, outputName)) {
      error(
        run,
        `unknown reference "${shown}": module "${moduleName}" has no output "${outputName}"${didYouMean(outputName, Object.keys(instance.outputs))}`,
        reference.location,
        'reference_unknown',
      );
      return undefined;
    }
    return applyPath(run, instance.outputs[outputName], rest, reference);
  };
  return mapReferences(run, expression, (reference) => {
    if (!isModuleReference(reference)) return undefined;
    const [head] = reference.path;
    if (typeof head !== 'string' || (!reference.splat && !Object.hasOwn(scope.repetitions, head))) return outputOf(reference);
    // A repeated module block (or a splat of a plain one): the instances read, each as `${module.cluster["eu"].x...}`.
    const selected = Object.hasOwn(scope.repetitions, head)
      ? repeatedModuleInstances(reference, head, scope.repetitions[head])
      : { addresses: [head], path: reference.path.slice(1), list: true };
    if ('severity' in selected) {
      run.diagnostics.push(selected);
      return undefined;
    }
    const outputs = selected.addresses.map((address) =>
      outputOf({
        ...reference,
        splat: undefined,
        path: [address, ...selected.path],
        text: `module.${address}${selected.path.map(stepText).join('')}`,
      }),
    );
    if (outputs.some((output) => output === undefined)) return undefined;
    if (!selected.list) return outputs[0];
    return { kind: 'list', items: outputs as Expression[], location: reference.location };
  });
}

/** What module references of one manifest level resolve against (see {@link rewriteModuleReferences}). */
interface ModuleScope {
  /** The level's module blocks, repeated ones expanded into their instances. */
  modules: Record<string, ModuleDeclaration>;
  /** Repeated module blocks by name. */
  repetitions: Record<string, Repetition>;
  instanceOf: (address: string) => Instance | undefined;
  /** Module blocks whose inputs are being rewritten (cycle detection). */
  inProgress: ReadonlySet<string>;
  /** The module block whose inputs hold the expression, if any. */
  inside: string | undefined;
}

/**
 * The expression with each reference `replace` gives an expression for
 * replaced by it. Inside a template a replacement is spliced in: a literal
 * scalar as text, a reference as a part, a template's parts; a list or
 * mapping there is a diagnostic (it cannot become text).
 */
function mapReferences(run: Run, expression: Expression, replace: (reference: Reference) => Expression | undefined): Expression {
  switch (expression.kind) {
    case 'literal':
      return expression;
    case 'reference':
      return replace(expression.reference) ?? expression;
    case 'template': {
      const parts: Array<string | Reference | CallExpression> = [];
      const push = (part: string | Reference | CallExpression) => {
        if (typeof part === 'string' && typeof parts[parts.length - 1] === 'string') parts[parts.length - 1] += part;
        else parts.push(part);
      };
      for (const part of expression.parts) {
        if (typeof part !== 'string' && 'kind' in part) {
          push(mapReferences(run, part, replace) as CallExpression);
          continue;
        }
        const replacement = typeof part === 'string' ? undefined : replace(part);
        if (replacement === undefined) push(part);
        else if (replacement.kind === 'reference') push(replacement.reference);
        else if (replacement.kind === 'template') replacement.parts.forEach(push);
        else if (replacement.kind === 'literal' && (replacement.value === null || typeof replacement.value !== 'object')) {
          push(replacement.value === null ? '' : String(replacement.value));
        } else {
          const what =
            replacement.kind === 'literal' ? describeKind(replacement.value) : replacement.kind === 'list' ? 'a list' : 'a mapping';
          error(
            run,
            `${(part as Reference).text}: cannot interpolate ${what} into a string`,
            (part as Reference).location,
            'type_mismatch',
          );
        }
      }
      if (parts.every((part) => typeof part === 'string')) {
        return { kind: 'literal', value: parts.join(''), location: expression.location };
      }
      return { kind: 'template', parts, location: expression.location };
    }
    case 'list':
      return { ...expression, items: expression.items.map((item) => mapReferences(run, item, replace)) };
    case 'object': {
      const entries = record<Expression>();
      for (const [key, entry] of Object.entries(expression.entries)) entries[key] = mapReferences(run, entry, replace);
      return { ...expression, entries };
    }
    case 'call':
      return { ...expression, arguments: expression.arguments.map((argument) => mapReferences(run, argument, replace)) };
  }
}

/** `.name`, `[0]` or `["key"]`: a path step as written in a reference. */
function stepText(step: string | number): string {
  if (typeof step === 'number') return `[${step}]`;
  return /^[A-Za-z_][A-Za-z0-9_-]*$/.test(step) ? `.${step}` : `[${JSON.stringify(step)}]`;
}

/**
 * `expression` with the reference path `path` applied, for `reference`
 * (`${var.settings.size}` with the input `{ size: "${disk.size}" }` is
 * `${disk.size}`). A step that does not exist is a diagnostic at
 * `reference` (the expression is then a `null` literal).
 */
function applyPath(run: Run, expression: Expression, path: Array<string | number>, reference: Reference): Expression {
  let current = expression;
  for (let index = 0; index < path.length; index++) {
    const step = path[index];
    if (current.kind === 'reference') {
      const rest = path.slice(index);
      const inner = current.reference;
      const text = `${inner.text}${rest.map(stepText).join('')}`;
      return { kind: 'reference', reference: { ...inner, text, path: [...inner.path, ...rest] }, location: current.location };
    }
    if (current.kind === 'literal') {
      const evaluation = evaluate(
        { kind: 'reference', reference: { ...reference, root: 'var', path: path.slice(index) }, location: reference.location },
        () => ({ value: current.kind === 'literal' ? (current.value as PlannedValue) : null }),
      );
      run.diagnostics.push(...evaluation.diagnostics);
      return { kind: 'literal', value: evaluation.value as Value, location: reference.location };
    }
    const next =
      current.kind === 'list' && typeof step === 'number'
        ? current.items[step]
        : current.kind === 'object' && typeof step === 'string' && Object.hasOwn(current.entries, step)
          ? current.entries[step]
          : undefined;
    if (next === undefined) {
      const what = current.kind === 'template' ? 'a string' : current.kind === 'list' ? 'a list' : 'a mapping';
      error(
        run,
        `${reference.text}: no ${typeof step === 'number' ? `item [${step}]` : `field "${step}"`} in ${what}`,
        reference.location,
        'reference_invalid_path',
      );
      return { kind: 'literal', value: null, location: reference.location };
    }
    current = next;
  }
  return current;
}

/**
 * Reports a reference in a module block's input whose target the manifest
 * naming the module does not declare (as validation does for properties).
 */
function checkInputReference(run: Run, manifest: Manifest, reference: Reference): void {
  const shown = `\${${reference.text}}`;
  if (reference.root === 'var') {
    if (reference.name === WORKSPACE_VARIABLE || Object.hasOwn(manifest.variables, reference.name)) return;
    const names = Object.keys(manifest.variables);
    error(
      run,
      `unknown reference "${shown}": no variable "${reference.name}" is declared${didYouMean(reference.name, names)}`,
      reference.location,
      'reference_unknown',
    );
    return;
  }
  if (isModuleReference(reference)) return; // rewritten before, or reported there
  if (reference.root === 'count' || reference.root === 'each') return; // substituted, or reported by module-repetition.ts
  const declared = reference.root === 'data' ? manifest.data : manifest.resources;
  if (Object.hasOwn(declared, reference.name)) return;
  const what = reference.root === 'data' ? 'data source' : 'resource';
  error(
    run,
    `unknown reference "${shown}": no ${what} "${reference.name}" is declared${didYouMean(reference.name, Object.keys(declared))}`,
    reference.location,
    'reference_unknown',
  );
}

/** The file a module path stands for, as displayed and as read; `undefined` (reported) when it cannot be read. */
function moduleFile(run: Run, level: Level, block: ModuleDeclaration): { display: string; absolute: string; text: string } | undefined {
  let display = isAbsolute(block.source) ? block.source : join(dirname(level.manifest.path), block.source);
  let absolute = resolve(dirname(level.stack[level.stack.length - 1]), block.source);
  const fail = (why: string) => {
    error(run, `module "${block.address}": cannot read "${block.source}": ${why}`, block.sourceLocation, 'module_unreadable');
    return undefined;
  };
  let directory = false;
  try {
    if (statSync(absolute).isDirectory()) {
      directory = true;
      display = join(display, MODULE_RULES.directoryFile);
      absolute = join(absolute, MODULE_RULES.directoryFile);
    }
    // Bounded before reading: a device (/dev/zero) or a huge file is refused, not read.
    const stats = statSync(absolute);
    if (!stats.isFile()) return fail('it is not a regular file');
    if (stats.size > 4 * MAX_MANIFEST_CHARACTERS)
      return fail(`it is larger than a manifest may be (${MAX_MANIFEST_CHARACTERS} characters)`);
    return { display, absolute, text: readFileSync(absolute, 'utf8') };
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return fail(directory ? `the directory has no ${MODULE_RULES.directoryFile}` : 'no such file');
    return fail(code === 'EISDIR' ? 'it is a directory' : (cause as Error).message);
  }
}

/** Instantiates one module block of `level`: reads, checks and prefixes the module (see the file's comment). */
function instantiate(run: Run, level: Level, block: ModuleDeclaration): Instance | undefined {
  if (block.source === '') return undefined;
  if (level.stack.length > MODULE_RULES.maxDepth) {
    error(run, `module "${block.address}": modules nest deeper than ${MODULE_RULES.maxDepth} levels`, block.sourceLocation, 'module_cycle');
    return undefined;
  }
  if (++run.instances > MODULE_RULES.maxInstances) {
    if (run.instances === MODULE_RULES.maxInstances + 1) {
      error(
        run,
        `module "${block.address}": more than ${MODULE_RULES.maxInstances} module instances in all`,
        block.sourceLocation,
        'module_cycle',
      );
    }
    return undefined;
  }
  const file = moduleFile(run, level, block);
  if (!file) return undefined;
  if (level.stack.includes(file.absolute)) {
    error(run, `module cycle: "${block.source}" includes itself (${file.display})`, block.sourceLocation, 'module_cycle');
    return undefined;
  }
  if (!run.files.some((known) => known.path === file.display)) {
    run.files.push({ path: file.display, sha256: createHash('sha256').update(file.text).digest('hex') });
  }
  const parsed = parseManifest(file.text, file.display, { catalogue: run.options.catalogue });
  run.diagnostics.push(...parsed.diagnostics);
  if (parsed.stopped) return undefined;
  const module = parsed.manifest;
  const before = run.diagnostics.length;
  for (const section of MODULE_RULES.rootOnlySections) {
    const at = parsed.sourceMap.nodes.get(jsonPointer([section]))?.key;
    if (at)
      error(run, `${file.display}: a module cannot have "${section}:"; the root manifest's applies to every module`, at, 'module_invalid');
  }
  run.diagnostics.push(...validateManifest(module, parsed.sourceMap, { catalogue: run.options.catalogue }));

  // Inputs: known values become the module's variables; the others are substituted as expressions.
  const values = record<Value>();
  const sensitive = new Set<string>();
  const substituted = record<Expression>();
  const levelRoot = (reference: Reference) =>
    reference.root === 'var' && reference.name === WORKSPACE_VARIABLE
      ? { value: run.options.workspace }
      : reference.root === 'var' && Object.hasOwn(level.values, reference.name)
        ? { value: level.values[reference.name] as PlannedValue, sensitive: level.sensitive.has(reference.name) }
        : undefined;
  for (const [name, input] of Object.entries(block.inputs)) {
    const declaration = module.variables[name];
    if (!declaration) {
      const names = Object.keys(module.variables);
      const expected = names.length > 0 ? `; it takes ${names.join(', ')}` : '; it declares no variables';
      error(
        run,
        `module "${block.address}" (${file.display}) has no variable "${name}"${didYouMean(name, names) || expected}`,
        block.inputLocations[name],
        'unknown_key',
      );
      continue;
    }
    if (declaration.sensitive && level.stack.length === 1 && input.kind !== 'reference') run.sensitiveInputs.push([block.name, name]);
    const references = referencesOf(input);
    if (references.every((reference) => levelRoot(reference) !== undefined)) {
      const evaluation = evaluate(input, levelRoot);
      run.diagnostics.push(...evaluation.diagnostics);
      if (containsUnknown(evaluation.value)) continue;
      values[name] = evaluation.value as Value;
      if (declaration.sensitive || evaluation.sensitive) sensitive.add(name);
    } else substituted[name] = input;
  }
  const unset = record<(typeof module.variables)[string]>();
  for (const [name, declaration] of Object.entries(module.variables)) {
    if (Object.hasOwn(block.inputs, name)) continue;
    if (declaration.default === undefined && declaration.env === undefined) {
      error(
        run,
        `module "${block.address}" (${file.display}): missing input "${name}" (the variable has no default)`,
        block.location,
        'variable_unset',
      );
      continue;
    }
    unset[name] = declaration;
  }
  const fromEnvironment = resolveVariables({ ...module, variables: unset }, run.options.env);
  run.diagnostics.push(...fromEnvironment.diagnostics);
  Object.assign(values, fromEnvironment.values);
  for (const name of fromEnvironment.sensitive) sensitive.add(name);

  // `file()` reads relative to the module file's folder (Terraform's path.module); its hash is kept by its path from the root's folder.
  const known = { ...values, [WORKSPACE_VARIABLE]: run.options.workspace };
  const hashes = record<string>();
  run.diagnostics.push(...readFileCalls(module, dirname(file.absolute), known, sensitive, hashes));
  for (const [path, hash] of Object.entries(hashes)) run.fileHashes[isAbsolute(path) ? path : join(dirname(file.display), path)] = hash;
  run.diagnostics.push(...checkCalls(module, known, sensitive, run.options.catalogue));
  if (run.diagnostics.length === before) {
    run.diagnostics.push(...checkVariableValues(module, known, sensitive, run.options.catalogue));
  }

  // Nested modules, then the whole module under the prefix.
  const nested = instantiateLevel(run, { manifest: module, values, sensitive, stack: [...level.stack, file.absolute] });
  const prefix = block.address;
  const rename = (reference: Reference): Expression | undefined => {
    if (reference.root === 'var') {
      if (reference.name === WORKSPACE_VARIABLE) return undefined;
      if (Object.hasOwn(substituted, reference.name)) return applyPath(run, substituted[reference.name], reference.path, reference);
      const name = `${prefix}.${reference.name}`;
      return {
        kind: 'reference',
        reference: { ...reference, name, text: `var.${name}${reference.path.map(stepText).join('')}` },
        location: reference.location,
      };
    }
    const name = `${prefix}.${reference.name}`;
    // The instance key stays in the text: `${key[1].id}` in the module is `${a.key[1].id}`.
    const text = `${referenceTarget({ ...reference, name })}${reference.splat ? '[*]' : ''}${reference.path.map(stepText).join('')}`;
    return { kind: 'reference', reference: { ...reference, name, text }, location: reference.location };
  };
  const prefixed = (declaration: BlockDeclaration, kind: 'resource' | 'data'): BlockDeclaration => {
    const name = `${prefix}.${declaration.name}`;
    const properties = record<Expression>();
    for (const [attribute, expression] of Object.entries(declaration.properties))
      properties[attribute] = mapReferences(run, expression, rename);
    return {
      ...declaration,
      name,
      address: kind === 'data' ? `data.${name}` : name,
      properties,
      dependsOn: declaration.dependsOn.map((entry) => ({
        ...entry,
        address: entry.address.startsWith('data.') ? `data.${prefix}.${entry.address.slice('data.'.length)}` : `${prefix}.${entry.address}`,
      })),
    };
  };
  const instance: Instance = {
    resources: Object.values(module.resources).map((declaration) => prefixed(declaration, 'resource')),
    data: Object.values(module.data).map((declaration) => prefixed(declaration, 'data')),
    variables: record(),
    sensitive: new Set(),
    outputs: record(),
    outputLocations: record(),
  };
  for (const [name, value] of Object.entries({ ...values, ...nested.variables })) instance.variables[`${prefix}.${name}`] = value;
  for (const name of [...sensitive, ...nested.sensitive]) instance.sensitive.add(`${prefix}.${name}`);
  for (const [name, output] of Object.entries(module.outputs)) {
    instance.outputs[name] = mapReferences(run, output.value, rename);
    instance.outputLocations[name] = output.location;
  }
  return instance;
}
