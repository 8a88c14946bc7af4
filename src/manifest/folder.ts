/**
 * A manifest written as a folder: every manifest file of the folder read as
 * one manifest, like Terraform reads every `.tf` file of a folder. Which
 * files are manifest files ({@link isManifestFileName}), reading them
 * ({@link readManifestFolder}) and merging their parses into one
 * ({@link mergeParses}): sections merged, a name declared in two files a
 * located error naming both, each diagnostic and position keeping its own
 * file. The merged manifest's `source` is the files' texts one after the
 * other (a saved plan keeps it with each file's length, see
 * {@link ManifestPart}); the source map answers each question from the
 * file that declares what is asked about.
 */
import { open, readdir, readFile, type FileHandle } from 'node:fs/promises';
import { isAscii } from 'node:buffer';
import { join } from 'node:path';
import type { Diagnostic, SourceLocation } from '../core/types.js';
import { isManifestFileName } from '../core/manifest-files.js';
import type { BlockDeclaration, Manifest } from './types.js';
import type { ParseResult } from './parse/manifest.js';
import { record, type ManifestSourceMap, type NodeInfo } from './parse/walker.js';
import { blocksKnown, blocksOf } from './block-list.js';

export { isManifestFileName };

/** One file of a folder manifest: its path (the folder as given joined with its name) and its text. */
export interface ManifestPart {
  path: string;
  source: string;
}

/** The path a folder manifest is shown and planned as: `stack/*.yaml` for the folder `stack` (or `stack/`). */
export function folderManifestPath(folder: string): string {
  return join(folder, '*.yaml');
}

/**
 * Reads the manifest files of `folder` (`absolute` is where it is on disk,
 * `folder` how the user gave it), in name order (so positions, plans and
 * diagnostics do not depend on the file system's order). Sub-folders are
 * not read (they are modules). Errors: rejects with the `readdir` /
 * `readFile` error; a folder with no manifest file resolves with `[]`.
 */
export async function readManifestFolder(folder: string, absolute: string): Promise<ManifestPart[]> {
  const entries = await readdir(absolute, { withFileTypes: true });
  const names = entries
    .filter((entry) => (entry.isFile() || entry.isSymbolicLink()) && isManifestFileName(entry.name))
    .map((entry) => entry.name)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const whole = await readAsciiTexts(names.map((name) => join(absolute, name)));
  if (whole) {
    let offset = 0;
    const parts = names.map((name, index) => ({
      path: join(folder, name),
      source: whole.text.slice(offset, (offset += whole.lengths[index]!)),
    }));
    return partsOfText(whole.text, parts);
  }
  return Promise.all(names.map(async (name) => ({ path: join(folder, name), source: await readFile(join(absolute, name), 'utf8') })));
}

/**
 * The files at `paths` read into one buffer and decoded at once, when
 * every byte is ASCII (then UTF-8 and Latin-1 read the same text) and
 * each file is as long as its size said: the text and each file's length
 * in it. `undefined` otherwise (the caller reads each file as UTF-8). A
 * folder of 100,000 resources is some 21 MB: read file by file, each text
 * was decoded in chunks then joined into one, a copy more. Errors: rejects
 * with the `open` / `read` error.
 */
async function readAsciiTexts(paths: string[]): Promise<{ text: string; lengths: number[] } | undefined> {
  const handles: FileHandle[] = [];
  try {
    for (const path of paths) handles.push(await open(path, 'r'));
    const lengths = await Promise.all(handles.map(async (handle) => (await handle.stat()).size));
    const bytes = Buffer.allocUnsafeSlow(lengths.reduce((sum, length) => sum + length, 0));
    let offset = 0;
    const starts = lengths.map((length) => (offset += length) - length);
    const complete = await Promise.all(handles.map((handle, index) => readInto(handle, bytes, starts[index]!, lengths[index]!)));
    if (!complete.every(Boolean) || !isAscii(bytes)) return undefined;
    return { text: bytes.toString('latin1'), lengths };
  } finally {
    await Promise.all(handles.map((handle) => handle.close()));
  }
}

/** Reads exactly `length` bytes of `handle` into `bytes` at `start`; false when the file is shorter or longer than that. */
async function readInto(handle: FileHandle, bytes: Buffer, start: number, length: number): Promise<boolean> {
  let read = 0;
  while (read < length) {
    const { bytesRead } = await handle.read(bytes, start + read, length - read, read);
    if (bytesRead === 0) return false;
    read += bytesRead;
  }
  const after = await handle.read(Buffer.alloc(1), 0, 1, length);
  return after.bytesRead === 0;
}

/**
 * The texts the parts of a folder manifest were cut from, by the parts'
 * array ({@link partsOfText}): {@link wholeTextOf} gives it back, so that
 * the load keeps that text rather than joining the parts into a copy.
 */
const wholeTexts = new WeakMap<readonly ManifestPart[], { text: string; sources: string[] }>();

/** Records `parts` as cut, in order and whole, from `text` (each part's source a slice of it); returns `parts`. */
export function partsOfText<T extends readonly ManifestPart[]>(text: string, parts: T): T {
  wholeTexts.set(parts, { text, sources: parts.map((part) => part.source) });
  return parts;
}

/**
 * The parts' texts one after the other: the text they were cut from
 * ({@link partsOfText}) when they are still those slices (each source
 * the same string: usually the same object, compared at once), else
 * their join.
 */
export function wholeTextOf(parts: readonly ManifestPart[]): string {
  const whole = wholeTexts.get(parts);
  if (whole && whole.sources.length === parts.length && parts.every((part, index) => part.source === whole.sources[index]))
    return whole.text;
  return parts.map((part) => part.source).join('');
}

/** Sections keyed by name: a name is declared once across the files (`resources:` holds module blocks too). */
const NAMED_SECTIONS = ['variables', 'locals', 'data', 'resources', 'outputs'] as const;
/** Sections that are one block: written in one file only. */
const SINGLE_SECTIONS = ['provider', 'budget', 'backend'] as const;
/** Sections that are lists: their entries follow each other, file by file. */
const LIST_SECTIONS = ['moved', 'import', 'removed'] as const;

/** The manifest's field for each list section. */
const LIST_FIELDS = { moved: 'moved', import: 'imports', removed: 'removed' } as const;

/** A parse of one file of a folder manifest. */
export interface PartParse {
  part: ManifestPart;
  parsed: ParseResult;
}

/**
 * Merges the parses of a folder's files (in order) into one parse of the
 * manifest `path` (the folder's {@link folderManifestPath}). Each section's
 * entries are gathered from every file; a variable, local, data source, resource
 * (or module block) or output declared in two files, and `provider:`,
 * `budget:` or `backend:` written in two files, is an error at the second
 * one naming the first (`resources.web is declared in both stack/a.yaml:3:3
 * and stack/b.yaml:7:3`), the second left out. The merged source map finds
 * a node in the file that declares it (node ranges moved by the file's
 * offset in the merged `source`). `source`: the files' texts joined, when
 * the caller has it (the files' texts may be slices of it). Never throws.
 */
export function mergeParses(parses: PartParse[], path: string, source = parses.map(({ part }) => part.source).join('')): ParseResult {
  const manifest: Manifest = {
    path,
    source,
    variables: record(),
    data: record(),
    resources: record(),
    outputs: record(),
    provider: {},
  };
  const diagnostics: Diagnostic[] = parses.flatMap(({ parsed }) => parsed.diagnostics);
  const data = record<unknown>();
  const owners = new Owners(manifest, parses);
  const singleOwners = new Map<string, number>();
  // The merged blocks in the order they are added (the merged records' lists, see block-list.ts).
  const lists: BlockLists = { resources: [], data: [] };
  const offsets: number[] = [];
  let offset = 0;
  const where = (at: SourceLocation | undefined, file: string) => (at ? `${at.file}:${at.line}:${at.column}` : file);
  const duplicate = (subject: string, first: number, second: number, segments: string[]) => {
    const before = where(parses[first].parsed.sourceMap.nodeAt(segments)?.key, parses[first].part.path);
    const at = parses[second].parsed.sourceMap.nodeAt(segments)?.key;
    diagnostics.push({
      severity: 'error',
      code: 'duplicate_declaration',
      message: `${subject} is declared in both ${before} and ${where(at, parses[second].part.path)}; declare it in one file of the folder`,
      ...(at ? { location: at } : {}),
    });
  };
  parses.forEach(({ part, parsed }, index) => {
    offsets.push(offset);
    offset += part.source.length;
    const own = parsed.sourceMap.data;
    for (const section of NAMED_SECTIONS) {
      const written = own[section];
      const names = written && typeof written === 'object' && !Array.isArray(written) ? (written as Record<string, unknown>) : undefined;
      // Module blocks are written under `resources:` but kept apart from the blocks the schema checks.
      const modules = section === 'resources' ? Object.keys(parsed.manifest.modules ?? {}) : [];
      if (!names && modules.length === 0) continue;
      const blockSection = section === 'resources' || section === 'data';
      // The blocks' data is merged when first read (what the schema reads: validation proves it silent from each file's, see check/input-names.ts).
      if (blockSection && !(section in data)) lazyBlockData(data, section, parses, owners);
      const merged = blockSection ? undefined : ((data[section] ??= record<unknown>()) as Record<string, unknown>);
      const keys = names ? Object.keys(names) : [];
      // The common case: the file's blocks are its data's names, in order (nothing left out by the walk): each taken from its list, not looked up by name.
      const blocks = blockSection && modules.length === 0 ? blocksOf(parsed.manifest[section as 'resources' | 'data']) : undefined;
      const aligned = blocks !== undefined && blocks.length === keys.length && blocks.every((block, at) => block.name === keys[at]);
      const all = modules.length === 0 ? keys : [...keys, ...modules];
      for (let at = 0; at < all.length; at++) {
        const name = all[at];
        const first = owners.of(section, name);
        if (first !== undefined) {
          if (first !== index) duplicate(`${section}.${name}`, first, index, [section, name]);
          continue;
        }
        if (aligned) {
          // Its owner is found from its declaration's file (no entry per block: 100,000 of them).
          manifest[section as 'resources' | 'data'][name] = blocks[at];
          lists[section as 'resources' | 'data'].push(blocks[at]);
          continue;
        }
        owners.set(section, name, index);
        if (merged && names && name in names) merged[name] = names[name];
        mergeBlock(manifest, parsed.manifest, section, name, lists);
      }
    }
    for (const section of SINGLE_SECTIONS) {
      if (!(section in own)) continue;
      const first = singleOwners.get(section);
      if (first !== undefined) {
        duplicate(`${section}:`, first, index, [section]);
        continue;
      }
      singleOwners.set(section, index);
      data[section] = own[section];
      if (section === 'provider') manifest.provider = parsed.manifest.provider;
      else if (parsed.manifest[section]) manifest[section] = parsed.manifest[section] as never;
    }
    for (const section of LIST_SECTIONS) {
      const entries = own[section];
      if (Array.isArray(entries)) data[section] = [...((data[section] as unknown[] | undefined) ?? []), ...(entries as unknown[])];
      const field = LIST_FIELDS[section];
      const blocks = parsed.manifest[field];
      if (blocks && blocks.length > 0) manifest[field] = [...(manifest[field] ?? []), ...blocks] as never;
    }
  });
  blocksKnown(manifest.resources, lists.resources);
  blocksKnown(manifest.data, lists.data);
  const sourceMap = mergedSourceMap(parses, path, data, owners, singleOwners, offsets);
  return { manifest, diagnostics, sourceMap, stopped: parses.some(({ parsed }) => parsed.stopped) };
}

/**
 * Makes `data[section]` (`resources` or `data`) the merge of the files'
 * normalised blocks, each taken from the file that owns its name
 * (`owners`, complete once the merge is done), in file order, then
 * in each file's order, as {@link mergeParses} merges the other sections;
 * merged when first read (a 100,000-entry record is some 0.1 s to fill),
 * then kept as a plain property.
 */
function lazyBlockData(data: Record<string, unknown>, section: 'resources' | 'data', parses: PartParse[], owners: Owners): void {
  Object.defineProperty(data, section, {
    enumerable: true,
    configurable: true,
    get() {
      const merged = record<unknown>();
      parses.forEach(({ parsed }, index) => {
        const written = parsed.sourceMap.data[section];
        if (!written || typeof written !== 'object' || Array.isArray(written)) return;
        for (const [name, value] of Object.entries(written as Record<string, unknown>))
          if (owners.of(section, name) === index) merged[name] = value;
      });
      Object.defineProperty(data, section, { value: merged, enumerable: true, configurable: true, writable: true });
      return merged;
    },
  });
}

/**
 * Which file (its index in the parses) declares each name of each named
 * section ({@link NAMED_SECTIONS}). A resource or data source merged from
 * its file's list (most of them) is found from its declaration's file, not
 * kept by name; any other name is kept when {@link set}.
 */
class Owners {
  readonly #named = new Map<string, Map<string, number>>(NAMED_SECTIONS.map((section) => [section, new Map<string, number>()]));
  readonly #fileIndex: Map<string, number>;

  constructor(
    private readonly manifest: Manifest,
    parses: PartParse[],
  ) {
    this.#fileIndex = new Map(parses.map(({ part }, index) => [part.path, index]));
  }

  /** Whether `section` is a named section. */
  keeps(section: string): boolean {
    return this.#named.has(section);
  }

  /** The index of the file declaring `name` in `section`; `undefined` when none does (yet). */
  of(section: string, name: string): number | undefined {
    const owner = this.#named.get(section)?.get(name);
    if (owner !== undefined || (section !== 'resources' && section !== 'data')) return owner;
    const block = this.manifest[section][name];
    return block === undefined ? undefined : this.#fileIndex.get(block.location.file);
  }

  set(section: string, name: string, index: number): void {
    this.#named.get(section)!.set(name, index);
  }
}

/** The blocks merged into `resources:` and `data:` so far, in order. */
interface BlockLists {
  resources: BlockDeclaration[];
  data: BlockDeclaration[];
}

/** Copies the block `name` of `section` from one file's manifest into the merged one (and a resource or data source into `lists`). */
function mergeBlock(merged: Manifest, from: Manifest, section: (typeof NAMED_SECTIONS)[number], name: string, lists: BlockLists): void {
  if (section === 'resources' && from.modules && name in from.modules) {
    (merged.modules ??= record())[name] = from.modules[name];
    return;
  }
  const source = from[section] as Record<string, unknown> | undefined;
  if (source && name in source) {
    const into = (merged[section] ??= record()) as Record<string, unknown>;
    into[name] = source[name];
    if (section === 'resources' || section === 'data') lists[section].push(source[name] as BlockDeclaration);
  }
}

/** The source map of the merged manifest: each node read from the file that declares it. */
function mergedSourceMap(
  parses: PartParse[],
  path: string,
  data: Record<string, unknown>,
  owners: Owners,
  singleOwners: Map<string, number>,
  offsets: number[],
): ManifestSourceMap {
  /** The file holding the node at `segments` and the node's path in that file. */
  const locate = (segments: Array<string | number>): { index: number; local: Array<string | number> } | undefined => {
    const [section, name] = segments;
    if (section === undefined) return parses.length > 0 ? { index: 0, local: segments } : undefined;
    if (owners.keeps(String(section))) {
      if (name === undefined) {
        const index = parses.findIndex(({ parsed }) => section in parsed.sourceMap.data);
        return index < 0 ? undefined : { index, local: segments };
      }
      const index = owners.of(String(section), String(name));
      return index === undefined ? undefined : { index, local: segments };
    }
    if ((LIST_SECTIONS as readonly string[]).includes(String(section)) && name !== undefined) {
      let position = Number(name);
      for (let index = 0; index < parses.length; index++) {
        const entries = parses[index].parsed.sourceMap.data[String(section)];
        const length = Array.isArray(entries) ? entries.length : 0;
        if (position < length) return { index, local: [section, position, ...segments.slice(2)] };
        position -= length;
      }
      return undefined;
    }
    const single = singleOwners.get(String(section));
    if (single !== undefined) return { index: single, local: segments };
    const index = parses.findIndex(({ parsed }) => String(section) in parsed.sourceMap.data);
    return index < 0 ? undefined : { index, local: segments };
  };
  const nodeAt = (segments: Array<string | number>): NodeInfo | undefined => {
    const found = locate(segments);
    if (!found) return undefined;
    const info = parses[found.index].parsed.sourceMap.nodeAt(found.local);
    const shift = offsets[found.index];
    return info && shift !== 0 ? new ShiftedNodeInfo(info, shift) : info;
  };
  return { file: path, data, fileData: parses.map(({ parsed }) => parsed.sourceMap.data), nodes: new RoutedNodes(nodeAt), nodeAt };
}

/**
 * A node of one file of a folder manifest, its range moved by the file's
 * offset in the merged source; read when asked for (an enumerable getter),
 * since a fast-read file computes a range by reading its text again.
 */
class ShiftedNodeInfo implements NodeInfo {
  declare key?: SourceLocation;
  value: SourceLocation;
  declare written?: string;
  #info: NodeInfo;
  #shift: number;

  constructor(info: NodeInfo, shift: number) {
    if (info.key !== undefined) this.key = info.key;
    this.value = info.value;
    if (info.written !== undefined) this.written = info.written;
    this.#info = info;
    this.#shift = shift;
  }

  get range(): [number, number] | undefined {
    const range = this.#info.range;
    return range ? [range[0] + this.#shift, range[1] + this.#shift] : undefined;
  }
}
Object.defineProperty(ShiftedNodeInfo.prototype, 'range', {
  ...Object.getOwnPropertyDescriptor(ShiftedNodeInfo.prototype, 'range'),
  enumerable: true,
});

/**
 * The `nodes` of a merged source map: `get` and `has` by JSON pointer answer
 * from the file declaring the node; nothing is copied (iterating it yields
 * nothing: the checks only look nodes up).
 */
class RoutedNodes extends Map<string, NodeInfo> {
  constructor(private readonly find: (segments: Array<string | number>) => NodeInfo | undefined) {
    super();
  }

  override get(pointer: string): NodeInfo | undefined {
    return this.find(segmentsOfPointer(pointer));
  }

  override has(pointer: string): boolean {
    return this.get(pointer) !== undefined;
  }
}

/** The segments of a JSON pointer (the inverse of `jsonPointer`). */
function segmentsOfPointer(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
}
