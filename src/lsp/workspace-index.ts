/**
 * The symbol index (symbols.ts) of what the editor works on, from the
 * {@link ManifestWorkspace}: the manifest a file belongs to (or every
 * manifest of the workspace, for a workspace symbol search) with its var
 * files (the settings' `varFiles` and the `*.vars.yaml` beside the
 * manifest), open documents' unsaved text first; and the state of a
 * manifest, read without a lock (state-view.ts), kept a few seconds so the
 * code actions an editor asks for at every cursor move do not read it each
 * time.
 */
import { readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { buildSymbolIndex, type ManifestScope, type SymbolIndex } from './symbols.js';
import { readStateResources, type StateRead } from './state-view.js';
import { isVarFileName, pathOfUri, type ManifestRoot, type ManifestWorkspace } from './workspace.js';

/** The index of the manifest `path` (absolute) belongs to. */
export function indexForFile(workspace: ManifestWorkspace, path: string): SymbolIndex {
  return indexOfRoots(workspace, [workspace.rootOf(path)]);
}

/**
 * The index of every manifest of the workspace: those the settings list,
 * those of the open documents, and those of the manifest files in the
 * workspace's root folder and its folders one level down.
 */
export function indexForWorkspace(workspace: ManifestWorkspace): SymbolIndex {
  const paths = new Set<string>();
  for (const listed of workspace.settings.manifests ?? []) {
    const absolute = resolve(workspace.root, listed);
    const files = workspace.manifestFilesIn(absolute);
    paths.add(files[0] ?? absolute);
  }
  for (const document of workspace.documents.all()) paths.add(pathOfUri(document.uri));
  for (const folder of [workspace.root, ...subfolders(workspace.root)])
    for (const file of workspace.manifestFilesIn(folder)) paths.add(file);
  const roots = new Map<string, ManifestRoot>();
  for (const path of paths) {
    if (isVarFileName(path)) continue;
    const root = workspace.rootOf(path);
    roots.set(root.path, root);
  }
  return indexOfRoots(workspace, [...roots.values()]);
}

/** The folders directly inside `folder` (hidden ones and node_modules left out). */
function subfolders(folder: string): string[] {
  try {
    return readdirSync(folder, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.') && entry.name !== 'node_modules')
      .map((entry) => join(folder, entry.name));
  } catch {
    return [];
  }
}

/** The last index built, with the texts it read (by path): reused while every one of them reads the same. */
let lastIndex: { key: string; texts: Map<string, string | undefined>; index: SymbolIndex } | undefined;

/**
 * The index of `roots`, each with its var files: the last one built when
 * it was of the same files and none changed (an editor asks for symbols
 * and code actions at every cursor move; only a change parses again).
 */
function indexOfRoots(workspace: ManifestWorkspace, roots: ManifestRoot[]): SymbolIndex {
  const manifests = roots.map((root) => ({ files: root.files, varFiles: varFilesOf(workspace, root) }));
  const key = JSON.stringify(manifests);
  if (lastIndex?.key === key && [...lastIndex.texts].every(([path, text]) => workspace.text(path) === text)) return lastIndex.index;
  const texts = new Map<string, string | undefined>();
  const read = (path: string) => {
    if (!texts.has(path)) texts.set(path, workspace.text(path));
    return texts.get(path);
  };
  const index = buildSymbolIndex({ manifests, read });
  lastIndex = { key, texts, index };
  return index;
}

/** The var files of a manifest: the settings' `varFiles`, and the `*.vars.yaml` files of its folder. */
function varFilesOf(workspace: ManifestWorkspace, root: ManifestRoot): string[] {
  const folder = root.kind === 'folder' ? root.path : dirname(root.path);
  const files = new Set((workspace.settings.varFiles ?? []).map((file) => resolve(workspace.root, file)));
  try {
    for (const name of readdirSync(folder)) if (isVarFileName(name)) files.add(join(folder, name));
  } catch {
    // A folder that cannot be listed has no var files beside the manifest.
  }
  return [...files].sort();
}

/** How long a state read is reused, in ms. */
const STATE_REUSE_MS = 2_000;
const stateReads = new Map<string, { at: number; read: Promise<StateRead> }>();

/**
 * The state of the manifest `scope` of `index` (its `backend:` block, the
 * workspace's root folder, the server's environment), read without a lock;
 * a read of the last {@link STATE_REUSE_MS} is reused unless `fresh`.
 */
export function stateOf(workspace: ManifestWorkspace, index: SymbolIndex, scope: ManifestScope, fresh = false): Promise<StateRead> {
  const backend = scope.files.map((file) => index.files.get(file)?.parsed?.manifest.backend).find((block) => block !== undefined);
  const key = `${workspace.root}|${backend?.url ?? ''}|${backend?.schema ?? ''}`;
  const now = Date.now();
  const kept = stateReads.get(key);
  if (!fresh && kept && now - kept.at < STATE_REUSE_MS) return kept.read;
  const read = readStateResources({
    cwd: workspace.root,
    env: process.env,
    backend: backend && { url: backend.url, schema: backend.schema },
  });
  stateReads.set(key, { at: now, read });
  return read;
}
