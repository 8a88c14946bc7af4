/**
 * The slice of a manifest that a saved plan's apply loads (issue 35: an
 * apply costs what changed). A plan of one changed attribute among 100,000
 * resources lists 100,000 `noop` changes; applying it needs only the blocks
 * of what changes, of what those blocks reference (transitively), of what
 * the outputs, locals and data sources reference, and of the `noop`s whose
 * apply still writes something ({@link resourceBlocksNeeded}). `plan` names
 * those resource blocks in the saved plan (`manifest.slice`, sealed with the
 * rest); `apply` of that plan loads the manifest text with every other entry
 * of `resources:` blanked out, line for line ({@link sliceManifestText}, so
 * every position stays the same), and applies only the changes whose blocks
 * it declares (the `noop`s left out have nothing to do).
 *
 * Safety: the slice is proven at plan time, not assumed. The text the apply
 * slices is the text the plan was made from (the plan's sealed copy, or the
 * files checked against the plan's SHA-256), the slicing is a deterministic
 * function of that text and the sealed list of names, and the plan loads
 * the slice itself and keeps it only when every declaration it holds equals
 * the whole manifest's ({@link provenSlice}): same variables, data sources,
 * outputs, locals, provider, backend, budget; the same blocks, instances,
 * repetitions and dependencies for every resource kept; nothing else. A
 * manifest the line scan cannot read with certainty (flow style at the top,
 * tabs, documents, complex keys), one with modules, `moved:`, `import:`,
 * `removed:` blocks or `file()` calls, and a slice that would hold more than
 * half the blocks, are applied whole, as before; so is a plan that moves,
 * imports or forgets state entries (implied moves included).
 */
import { sameData } from '../core/equal.js';
import {
  loadManifestFromFiles,
  loadManifestFromSource,
  splitManifestSource,
  type CatalogueView,
  type LoadedManifest,
  type LoadOptions,
  type ManifestPart,
} from '../manifest/index.js';
import type { Manifest } from '../manifest/types.js';
import type { Change, PlanDocument } from '../plan/document.js';
import type { StateDocument } from '../state/document.js';
import { neverRead } from './diff.js';
import type { ResourceType } from '../resources/attribute.js';

/** What a saved plan records of its slice: the names of the `resources:` entries its apply loads, sorted. */
export interface ManifestSlice {
  resources: string[];
}

/** A top-level key written as a block (`resources:` alone on its line, maybe a comment after it). */
const TOP_BLOCK_KEY = /^([A-Za-z_][A-Za-z0-9_-]*)[ ]*:[ ]*(?:#.*)?$/;
/** A top-level key with a value on its line (`variables: {}`). */
const TOP_INLINE_KEY = /^([A-Za-z_][A-Za-z0-9_-]*)[ ]*:[ ]/;
/** An entry of `resources:` (its name, a colon, then a space or the end of the line). */
const ENTRY_KEY = /^([A-Za-z0-9_-]+)[ ]*:(?: |$)/;

/**
 * What {@link slicedLines} reads: a manifest file's text, or its bytes
 * (UTF-8: every character the scan looks at is ASCII, and no byte of a
 * multi-byte character is below 0x80, so lines, indentations and the
 * pieces kept fall at the same places in both).
 */
interface LineSource {
  length: number;
  /** The code (UTF-16 unit or byte) at `at`; NaN or undefined past the end. */
  code(at: number): number | undefined;
  /** Where the next newline is from `from`, or -1. */
  newline(from: number): number;
  /** The text of `[from, to)`. */
  text(from: number, to: number): string;
}

/**
 * The scan of {@link sliceManifestText} over `source` (a text, or its
 * bytes: {@link sliceManifestBytes}). Pure; O(length of `source`).
 */
function slicedLines(source: LineSource, wanted: ReadonlySet<string>): string | undefined {
  const kept: string[] = [];
  let keptFrom = 0; // start of the text not yet copied to `kept`
  let dropFrom = -1; // start of the entry being dropped, -1 when keeping
  let droppedLines = 0;
  let inResources = false;
  let entryIndent = -1;
  const endDrop = (at: number) => {
    if (dropFrom < 0) return;
    kept.push(source.text(keptFrom, dropFrom), '\n'.repeat(droppedLines));
    keptFrom = at;
    dropFrom = -1;
  };
  const length = source.length;
  for (let start = 0; start < length;) {
    const newline = source.newline(start);
    const end = newline < 0 ? length : newline + 1;
    let indent = start;
    while (source.code(indent) === 32) indent++;
    const first = indent < end ? source.code(indent) : 10;
    if (first === 9 || first === 13) return undefined; // a tab or carriage return where the content should start
    if (first !== 10 && first !== 35 /* # */) {
      if (indent === start) {
        const line = source.text(indent, newline < 0 ? length : newline);
        const block = TOP_BLOCK_KEY.exec(line);
        if (!block && !TOP_INLINE_KEY.test(line)) return undefined;
        endDrop(start);
        inResources = block?.[1] === 'resources';
        entryIndent = -1;
      } else if (inResources) {
        if (entryIndent < 0) entryIndent = indent - start;
        if (indent - start < entryIndent) return undefined;
        if (indent - start === entryIndent) {
          const entry = ENTRY_KEY.exec(source.text(indent, newline < 0 ? length : newline));
          if (!entry) return undefined;
          const wantedEntry = wanted.has(entry[1]!);
          if (wantedEntry) endDrop(start);
          else if (dropFrom < 0) {
            dropFrom = start;
            droppedLines = 0;
          }
        }
      }
    }
    if (dropFrom >= 0 && newline >= 0) droppedLines++;
    start = end;
  }
  endDrop(length);
  kept.push(source.text(keptFrom, length));
  return kept.join('');
}

/**
 * `text` (one manifest file) with the lines of every entry of its block
 * `resources:` whose name is not in `wanted` made empty (their newlines
 * kept, so lines and columns stay where they were); the rest as it is.
 * `undefined` when the file is not written in the plain block style the
 * scan reads with certainty: a top-level line that is not a plain key
 * (`---`, a list, a quoted or complex key), a tab or carriage return in
 * an indentation, an entry of `resources:` indented less than the first,
 * or one whose key is not a plain name. Pure; O(length of `text`).
 */
export function sliceManifestText(text: string, wanted: ReadonlySet<string>): string | undefined {
  return slicedLines(
    {
      length: text.length,
      code: (at) => text.charCodeAt(at),
      newline: (from) => text.indexOf('\n', from),
      text: (from, to) => text.slice(from, to),
    },
    wanted,
  );
}

/**
 * {@link sliceManifestText} of the text whose UTF-8 is `bytes` (valid
 * UTF-8: a file whose digest matched the text's), without decoding the
 * whole file: only the pieces kept and the lines looked at are decoded (of
 * 21 MB at 100,000 resources, a few KB). Pure; O(length of `bytes`).
 */
export function sliceManifestBytes(bytes: Buffer, wanted: ReadonlySet<string>): string | undefined {
  return slicedLines(
    {
      length: bytes.length,
      code: (at) => bytes[at],
      newline: (from) => bytes.indexOf(10, from),
      text: (from, to) => bytes.toString('utf8', from, to),
    },
    wanted,
  );
}

/** The manifest's files (or its one file) with `wanted`'s slice of each; `undefined` when one cannot be sliced. */
function slicedParts(
  source: string,
  parts: LoadedManifest['parts'],
  path: string,
  wanted: ReadonlySet<string>,
): ManifestPart[] | undefined {
  const files = parts ? splitManifestSource(source, parts) : [{ path, source }];
  const sliced: ManifestPart[] = [];
  for (const file of files) {
    const text = sliceManifestText(file.source, wanted);
    if (text === undefined) return undefined;
    sliced.push({ ...file, source: text });
  }
  return sliced;
}

/**
 * Loads the slice `slice` of the manifest whose files' bytes are `files`
 * (the files of `parts`, in order, or the one file at `path`): the UTF-8
 * of the text planned (their digest matched it), and with `parts` each as
 * many bytes as its part has characters (so all ASCII, and the files split
 * where the plan's text does). As {@link loadManifestSlice} of their text,
 * without decoding it whole.
 * Errors: as {@link loadManifestSlice}; Error when the files are not of
 * their parts' lengths.
 */
export function loadManifestSliceOfBytes(
  files: Buffer[],
  parts: LoadedManifest['parts'],
  path: string,
  slice: ManifestSlice,
  options: Omit<LoadOptions, 'source'>,
): LoadedManifest {
  const paths = parts ? parts.map((part) => part.path) : [path];
  if (files.length !== paths.length || (parts && parts.some((part, index) => part.length !== files[index]!.length)))
    throw new Error(`the manifest ${path} cannot be sliced as its plan says: it is not the text the plan was made from`);
  const wanted = new Set(slice.resources);
  const sliced: ManifestPart[] = [];
  for (const [index, bytes] of files.entries()) {
    const text = sliceManifestBytes(bytes, wanted);
    if (text === undefined)
      throw new Error(`the manifest ${path} cannot be sliced as its plan says: it is not the text the plan was made from`);
    sliced.push({ path: paths[index]!, source: text });
  }
  return parts ? loadManifestFromFiles(sliced, path, options) : loadManifestFromSource(sliced[0]!.source, path, options);
}

/**
 * Loads the slice `slice` of the manifest text `source` (`parts`: a folder's
 * files in it, as a plan keeps them). Errors: DiagnosticError as any load;
 * Error when the text cannot be sliced (it is not the text the slice was
 * proven on).
 */
export function loadManifestSlice(
  source: string,
  parts: LoadedManifest['parts'],
  path: string,
  slice: ManifestSlice,
  options: Omit<LoadOptions, 'source'>,
): LoadedManifest {
  const files = slicedParts(source, parts, path, new Set(slice.resources));
  if (files === undefined)
    throw new Error(`the manifest ${path} cannot be sliced as its plan says: it is not the text the plan was made from`);
  return parts ? loadManifestFromFiles(files, path, options) : loadManifestFromSource(files[0]!.source, path, options);
}

/**
 * The `resources:` entry (block name) of a resource address of a manifest
 * without modules: `web` for `web[0]` and `web["eu"]`. Read from the address,
 * so no declaration is touched.
 */
function blockNameOfAddress(address: string): string {
  const bracket = address.indexOf('[');
  return bracket < 0 ? address : address.slice(0, bracket);
}

/**
 * How many `resources:` entries (blocks) the resources of `manifest` come
 * from: each address without an instance key is its own block (counted,
 * not gathered: 100,000 of them make no set), the others are gathered by
 * block name, a name counted once whether or not a plain address also has it.
 */
function resourceBlockCount(manifest: Manifest): number {
  let plain = 0;
  const repeated = new Set<string>();
  for (const address of Object.keys(manifest.resources)) {
    const name = blockNameOfAddress(address);
    if (name === address) plain++;
    else repeated.add(name);
  }
  let count = plain + repeated.size;
  for (const name of repeated) if (Object.hasOwn(manifest.resources, name)) count--;
  return count;
}

/** The `resources:` entry an address of `manifest` belongs to, `undefined` when it declares no such resource. */
function blockNameOf(manifest: Manifest, address: string): string | undefined {
  return Object.hasOwn(manifest.resources, address) ? blockNameOfAddress(address) : undefined;
}

/** Members of declarations that are positions, never references (walking them would only resolve lines). */
const NOT_EXPRESSIONS = new Set(['location', 'propertyLocations', 'locations']);

/** The names of the resource blocks `value` (declarations, expressions) refers to, added to `into`. */
function collectResourceReferences(value: unknown, into: Set<string>): void {
  if (typeof value !== 'object' || value === null) return;
  if (Array.isArray(value)) {
    for (const item of value) collectResourceReferences(item, into);
    return;
  }
  const record = value as Record<string, unknown>;
  if (record.root === 'resource' && typeof record.name === 'string' && typeof record.text === 'string') into.add(record.name);
  for (const key in record) if (!NOT_EXPRESSIONS.has(key)) collectResourceReferences(record[key], into);
}

const neverReadOf = new WeakMap<ResourceType, string[]>();

/** The inputs of `type` the API never reports (keep.ts adopts them from the manifest when the state lacks them). */
function neverReadInputs(type: ResourceType): string[] {
  let names = neverReadOf.get(type);
  if (!names) {
    names = Object.entries(type.attributes)
      .filter(([, attribute]) => neverRead(attribute))
      .map(([name]) => name);
    neverReadOf.set(type, names);
  }
  return names;
}

/**
 * True when applying `change`, a `noop`, writes nothing: the state's entry
 * records its dependencies as planned, holds every input the API never
 * reports, and the block has no condition to check (apply/keep.ts).
 */
function quietNoop(change: Change, state: StateDocument, manifest: Manifest, catalogue: CatalogueView): boolean {
  const prior = state.resources[change.address];
  if (!prior) return true;
  const dependencies = change.dependsOn.filter((dependency) => !dependency.startsWith('data.'));
  if (!sameData(prior.dependencies, dependencies)) return false;
  const type = catalogue.resource(change.type);
  if (!type) return false;
  const block = manifest.resources[change.address];
  if (!block || (block.conditions ?? []).length > 0) return false;
  for (const name of neverReadInputs(type)) {
    if (prior.attributes[name] === undefined && block.properties[name] !== undefined) return false;
  }
  return true;
}

/**
 * The `resources:` entries the apply of `plan` needs (see the module
 * comment): those of its changes other than quiet `noop`s, those any
 * output, local or data source refers to, and, transitively, those these
 * refer to or depend on.
 */
export function resourceBlocksNeeded(
  loaded: LoadedManifest,
  plan: PlanDocument,
  state: StateDocument,
  catalogue: CatalogueView,
): Set<string> {
  const { manifest, graph } = loaded;
  const wanted = new Set<string>();
  for (const change of plan.changes) {
    if (change.mode !== 'resource') continue;
    if (change.action === 'noop' && quietNoop(change, state, manifest, catalogue)) continue;
    const name = blockNameOf(manifest, change.address);
    if (name !== undefined) wanted.add(name);
  }
  collectResourceReferences([manifest.outputs, manifest.locals ?? {}, manifest.data, manifest.variables, manifest.provider], wanted);
  const instances = new Map<string, string[]>();
  for (const address of Object.keys(manifest.resources)) {
    const name = blockNameOfAddress(address);
    const list = instances.get(name);
    if (list) list.push(address);
    else instances.set(name, [address]);
  }
  const pending = [...wanted];
  while (pending.length > 0) {
    const found = new Set<string>();
    for (const address of instances.get(pending.pop()!) ?? []) {
      collectResourceReferences(manifest.resources[address], found);
      for (const dependency of graph.predecessors(address) ?? []) {
        const name = blockNameOf(manifest, dependency);
        if (name !== undefined) found.add(name);
      }
    }
    for (const name of found) {
      if (!wanted.has(name) && instances.has(name)) {
        wanted.add(name);
        pending.push(name);
      }
    }
  }
  return wanted;
}

/**
 * True when the changes of `plan` other than `noop`s belong to more than
 * `most` resource blocks (each of them is in {@link resourceBlocksNeeded});
 * it stops counting there (a plan from an empty state passes it halfway).
 */
function changesMoreBlocksThan(manifest: Manifest, plan: PlanDocument, most: number): boolean {
  const names = new Set<string>();
  for (const change of plan.changes) {
    if (change.mode !== 'resource' || change.action === 'noop') continue;
    const name = blockNameOf(manifest, change.address);
    if (name !== undefined && names.add(name).size > most) return true;
  }
  return false;
}

/** Everything of a manifest but its resources, repetitions and text, as JSON (what a slice must keep as it is). */
function restOf(manifest: Manifest): string {
  const { resources: _resources, repetitions: _repetitions, source: _source, ...rest } = manifest;
  return JSON.stringify(rest);
}

/** True when `slice` declares exactly the resources of `whole` in `wanted`, as `whole` declares them, and everything else as it. */
function sameApplyInputs(whole: LoadedManifest, slice: LoadedManifest, wanted: ReadonlySet<string>): boolean {
  if (restOf(whole.manifest) !== restOf(slice.manifest)) return false;
  if (!sameData(whole.variables, slice.variables) || !sameData([...whole.sensitiveVariables], [...slice.sensitiveVariables])) return false;
  let kept = 0;
  for (const address of Object.keys(whole.manifest.resources)) {
    if (!wanted.has(blockNameOfAddress(address))) continue;
    kept++;
    const block = whole.manifest.resources[address];
    const other = slice.manifest.resources[address];
    if (!other || JSON.stringify(block) !== JSON.stringify(other)) return false;
    const before = whole.graph.predecessors(address) ?? [];
    const after = slice.graph.predecessors(address) ?? [];
    if (!sameData([...before].sort(), [...after].sort())) return false;
  }
  if (kept !== Object.keys(slice.manifest.resources).length) return false;
  for (const name of wanted) {
    if (!sameData(whole.manifest.repetitions?.[name], slice.manifest.repetitions?.[name])) return false;
  }
  return true;
}

/** Share of the resource blocks above which a slice is not worth it (the whole manifest is loaded). */
const MOST_BLOCKS_SLICED = 0.5;

/**
 * The slice of `loaded` the apply of `plan` (made against `state`) loads,
 * proven (see the module comment) by loading it with `options` (the
 * variable inputs the plan was made with); `undefined` when the manifest is
 * applied whole (not sliceable, not worth it, or the proof failed).
 */
export function provenSlice(
  loaded: LoadedManifest,
  plan: PlanDocument,
  state: StateDocument,
  catalogue: CatalogueView,
  options: Omit<LoadOptions, 'source'>,
): ManifestSlice | undefined {
  const { manifest } = loaded;
  if (plan.mode !== 'apply' || loaded.moduleFiles.length > 0 || Object.keys(manifest.modules ?? {}).length > 0) return undefined;
  if ((manifest.moved ?? []).length > 0 || (manifest.imports ?? []).length > 0 || (manifest.removed ?? []).length > 0) return undefined;
  // Moves (implied ones too), imports and forgets rename or add state entries before the changes: applied whole.
  if ((plan.moves ?? []).length > 0 || (plan.imports ?? []).length > 0 || (plan.forgets ?? []).length > 0) return undefined;
  if (Object.keys(loaded.files ?? {}).length > 0) return undefined;
  const blocks = resourceBlockCount(manifest);
  // The blocks of the changes that are not noops are needed whatever else is: past the share, nothing more is walked
  // (a plan from an empty state would otherwise walk every declaration of the manifest for references).
  if (changesMoreBlocksThan(manifest, plan, blocks * MOST_BLOCKS_SLICED)) return undefined;
  const wanted = resourceBlocksNeeded(loaded, plan, state, catalogue);
  if (wanted.size > blocks * MOST_BLOCKS_SLICED) return undefined;
  const slice: ManifestSlice = { resources: [...wanted].sort() };
  try {
    const sliced = loadManifestSlice(manifest.source, loaded.parts, manifest.path, slice, options);
    return sameApplyInputs(loaded, sliced, wanted) ? slice : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The changes of `plan` its apply runs with the slice `loaded`: every
 * change but the `noop`s of resources the slice does not declare (quiet:
 * they have nothing to do). What the others wait for is kept as planned
 * (the walk ignores what it does not run; the state records it).
 */
export function changesOfSlice(plan: PlanDocument, loaded: LoadedManifest): Change[] {
  return plan.changes.filter(
    (change) => change.action !== 'noop' || change.mode !== 'resource' || loaded.manifest.resources[change.address] !== undefined,
  );
}
