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
 *    (syntax/yaml.ts), parsed and validated on its own: its diagnostics carry its
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
import { blocksChanged, blocksOf } from '../block-list.js';
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { blockAddress } from '../../core/address.js';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { containsUnknown } from '../../core/types.js';
import { isSelfReference, mapConditions, referenceTarget, WORKSPACE_VARIABLE } from '../types.js';
import type { PlannedValue, Value } from '../../core/types.js';
import type { BlockDeclaration, Expression, Manifest, ModuleDeclaration, Reference } from '../types.js';
import { referencesOf } from '../parse/expressions.js';
import { evaluate } from '../evaluate/expressions.js';
import { readFileCalls } from './files.js';
import { expandModuleBlocks } from './module-repetition.js';
import { parseManifest } from '../parse/manifest.js';
import { jsonPointer, record } from '../parse/walker.js';
import { didYouMean } from '../suggest.js';
import { resolveVariables } from './variables.js';
import { MAX_MANIFEST_CHARACTERS } from '../syntax/yaml.js';
import {
  type Instance,
  type InstantiatedModules,
  type Level,
  MODULE_RULES,
  type ModuleChecks,
  type ModuleOptions,
  type Run,
  error,
} from './module-run.js';
import {
  applyPath,
  checkInputReference,
  checkModuleDependencies,
  expandModuleDependencies,
  isModuleReference,
  mapReferences,
  rewriteModuleReferences,
  stepText,
} from './module-references.js';

/**
 * Instantiates every module block of `manifest` (recursively), adding the
 * modules' resources and data sources to `manifest.resources` and
 * `manifest.data` under their prefixed addresses, and rewriting the
 * manifest's `${module.X.Y}` references and `depends_on` entries naming
 * modules. `values` and `sensitive` are the manifest's resolved variables.
 * Never throws; problems are returned as diagnostics (the manifest is then
 * not to be planned). A manifest without module blocks is left as it is,
 * apart from reporting its `${module.X.Y}` references as unknown. `checks`
 * are what each module file is checked with (see {@link ModuleChecks}).
 */
export function instantiateModules(
  manifest: Manifest,
  values: Record<string, Value>,
  sensitive: ReadonlySet<string>,
  options: ModuleOptions,
  checks: ModuleChecks,
): InstantiatedModules {
  const run: Run = {
    options,
    checks,
    diagnostics: [],
    files: [],
    instances: 0,
    sensitiveInputs: [],
    repetitions: record(),
    fileHashes: record(),
  };
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
  for (const block of [...blocksOf(manifest.resources), ...blocksOf(manifest.data)]) {
    const { properties } = block;
    for (const name of Object.keys(properties)) {
      const rewritten = rewrite(properties[name]);
      if (rewritten !== properties[name]) properties[name] = rewritten;
    }
    const conditions = mapConditions(block, rewrite);
    if (conditions) block.conditions = conditions;
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
    blocksChanged(manifest.resources);
    blocksChanged(manifest.data);
    Object.assign(variables, instance.variables);
    for (const name of instance.sensitive) sensitive.add(name);
  }
  return { variables, sensitive };
}

/** The file a module path stands for, as displayed and as read; `undefined` (reported) when it cannot be read. */
function moduleFile(run: Run, level: Level, block: ModuleDeclaration): ModuleFile | undefined {
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
    return { display, absolute, text: run.options.readText?.(absolute) ?? readFileSync(absolute, 'utf8') };
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return fail(directory ? `the directory has no ${MODULE_RULES.directoryFile}` : 'no such file');
    return fail(code === 'EISDIR' ? 'it is a directory' : (cause as Error).message);
  }
}

/** A module file read for a block: how messages name it, its absolute path, its text. */
interface ModuleFile {
  display: string;
  absolute: string;
  text: string;
}

/**
 * One module block instantiated (steps 1 to 4 of the module comment): its
 * file read, parsed and checked ({@link readModule}), its inputs resolved
 * ({@link moduleInputs}), its `file()` calls and values checked, its nested
 * modules instantiated, and its blocks and outputs prefixed with the
 * block's address ({@link prefixedInstance}). `undefined` when the block
 * names no file or its file cannot be used (the diagnostics say why).
 */
function instantiate(run: Run, level: Level, block: ModuleDeclaration): Instance | undefined {
  const read = readModule(run, level, block);
  if (!read) return undefined;
  const { file, module, before } = read;
  const { values, sensitive, substituted } = moduleInputs(run, level, block, file, module);

  // `file()` reads relative to the module file's folder (Terraform's path.module); its hash is kept by its path from the root's folder.
  const known = { ...values, [WORKSPACE_VARIABLE]: run.options.workspace };
  const hashes = record<string>();
  run.diagnostics.push(...readFileCalls(module, dirname(file.absolute), known, sensitive, hashes));
  for (const [path, hash] of Object.entries(hashes)) run.fileHashes[isAbsolute(path) ? path : join(dirname(file.display), path)] = hash;
  run.diagnostics.push(...run.checks.checkCalls(module, known, sensitive, run.options.catalogue));
  if (run.diagnostics.length === before) {
    run.diagnostics.push(...run.checks.checkVariableValues(module, known, sensitive, run.options.catalogue));
  }

  // Nested modules, then the whole module under the prefix.
  const nested = instantiateLevel(run, { manifest: module, values, sensitive, stack: [...level.stack, file.absolute] });
  const instance = prefixedInstance(run, block.address, module, substituted);
  const prefix = block.address;
  for (const [name, value] of Object.entries({ ...values, ...nested.variables })) instance.variables[`${prefix}.${name}`] = value;
  for (const name of [...sensitive, ...nested.sensitive]) instance.sensitive.add(`${prefix}.${name}`);
  return instance;
}

/**
 * Step 1 for one block: the depth, instance-count and cycle bounds, the
 * file read (and its hash kept in `run.files`), parsed and validated on its
 * own, without the root-only sections. `before`: how many diagnostics
 * `run` had before the module's own checks (the value checks run only when
 * none was added). `undefined` when the module cannot be used.
 */
function readModule(run: Run, level: Level, block: ModuleDeclaration): { file: ModuleFile; module: Manifest; before: number } | undefined {
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
  run.diagnostics.push(...run.checks.validateManifest(module, parsed.sourceMap, { catalogue: run.options.catalogue }));
  return { file, module, before };
}

/**
 * Steps 2 and 3 for one block: its inputs checked against the module's
 * variables; an input whose references are all the level's variables is
 * evaluated into `values` (and `sensitive`), the others kept in
 * `substituted` as expressions; a variable without an input takes its
 * `env` or `default` (an error without either).
 */
function moduleInputs(
  run: Run,
  level: Level,
  block: ModuleDeclaration,
  file: ModuleFile,
  module: Manifest,
): { values: Record<string, Value>; sensitive: Set<string>; substituted: Record<string, Expression> } {
  const values = record<Value>();
  const sensitive = new Set<string>();
  const substituted = record<Expression>();
  const locals = level.manifest.locals;
  const levelRoot = (reference: Reference): { value: PlannedValue; sensitive?: boolean } | undefined => {
    if (reference.root === 'var' && reference.name === WORKSPACE_VARIABLE) return { value: run.options.workspace };
    if (reference.root === 'var' && Object.hasOwn(level.values, reference.name))
      return { value: level.values[reference.name] as PlannedValue, sensitive: level.sensitive.has(reference.name) };
    // A local value of the calling level made of its variables (validation refused a cycle).
    if (reference.root === 'local' && locals && Object.hasOwn(locals, reference.name)) {
      const local = evaluate(locals[reference.name].value, levelRoot);
      return local.diagnostics.length > 0 || containsUnknown(local.value) ? undefined : { value: local.value, sensitive: local.sensitive };
    }
    return undefined;
  };
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
    const unfolded = references.find((reference) => reference.root === 'local' && levelRoot(reference) === undefined);
    if (unfolded) {
      // Substituted into the module, `local.NAME` would read the module's own locals: refused, not misread.
      error(
        run,
        `module "${block.address}" input "${name}": local.${unfolded.name} is not known at load (it reads resources or data sources); pass what it reads instead`,
        unfolded.location,
        'reference_unresolved',
      );
      continue;
    }
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
  return { values, sensitive, substituted };
}

/**
 * Step 4: the module's resources, data sources and outputs under `prefix`
 * (the block's address): names, addresses and `depends_on` prefixed,
 * references rewritten (a variable given as an expression, in
 * `substituted`, is replaced by it). The instance's `variables` and
 * `sensitive` are left empty for the caller to fill.
 */
function prefixedInstance(run: Run, prefix: string, module: Manifest, substituted: Record<string, Expression>): Instance {
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
    const keepSelf = (reference: Reference) => (isSelfReference(reference) ? undefined : rename(reference));
    const conditions = mapConditions(declaration, (expression) => mapReferences(run, expression, keepSelf));
    return {
      ...declaration,
      ...(conditions ? { conditions } : {}),
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
  for (const [name, output] of Object.entries(module.outputs)) {
    instance.outputs[name] = mapReferences(run, output.value, rename);
    instance.outputLocations[name] = output.location;
  }
  return instance;
}
