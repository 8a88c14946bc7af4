/**
 * The language server's view of the files it serves: the documents the
 * editor has open (their unsaved text wins) over the files on disk, and
 * which manifest each file belongs to.
 *
 * A file is one of:
 * - a manifest file: a manifest of its own (`stack.yaml`), or one file of a
 *   folder manifest (src/manifest/folder.ts) when its folder is one (see
 *   {@link ManifestWorkspace.rootOf});
 * - a module file: a file some loaded manifest instantiates with a module
 *   block (`source: ./web`), served through that manifest;
 * - a var file (`*.vars.yaml`): the values of the manifest of its folder;
 * - a test file (`*.test.yaml`, read by `cloudctl test`).
 *
 * Paths are absolute throughout; the loader is given them relative to the
 * workspace's root folder, as a user runs `cloudctl validate` from there.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { TextDocuments } from 'vscode-languageserver/node.js';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { isManifestFileName } from '../manifest/index.js';

/** What a served file is (see the file's comment). */
export type FileKind = 'manifest' | 'module' | 'vars' | 'test';

/** The manifest a file belongs to, as `cloudctl validate` would be given it. */
export interface ManifestRoot {
  /** A single file, or a folder of manifest files. */
  kind: 'file' | 'folder';
  /** Absolute path of the file or folder. */
  path: string;
  /** Absolute paths of the manifest's own files (one for a file, the folder's manifest files in name order for a folder). */
  files: string[];
}

/** Settings the client may pass (`initializationOptions`, or the `cloudctl` section of `workspace/didChangeConfiguration`). */
export interface WorkspaceSettings {
  /**
   * The manifests of the workspace, files or folders, relative to its root
   * folder: a file inside a listed folder belongs to that folder manifest,
   * and a listed file is a manifest of its own. Unlisted files follow the
   * default rule of {@link ManifestWorkspace.rootOf}.
   */
  manifests?: string[];
  /** Var files (relative to the root folder) the manifests are checked with, as `--var-file`. */
  varFiles?: string[];
}

/** A file's absolute path from a `file:` URI. */
export function pathOfUri(uri: string): string {
  return fileURLToPath(uri);
}

/** The `file:` URI of an absolute path. */
export function uriOfPath(path: string): string {
  return pathToFileURL(path).href;
}

/** Whether a file name is a var file's (`*.vars.yaml` / `*.vars.yml`). */
export function isVarFileName(name: string): boolean {
  return /\.vars\.ya?ml$/.test(name);
}

/** Whether a file name is a test file's (`*.test.yaml` / `*.test.yml`). */
export function isTestFileName(name: string): boolean {
  return /\.test\.ya?ml$/.test(name);
}

/** The open documents over the files on disk, and the manifests they belong to. */
export class ManifestWorkspace {
  /** The documents the editor has open (the server listens on its connection). */
  readonly documents = new TextDocuments(TextDocument);
  /** The folder the editor opened (absolute): the loader's working directory. */
  root: string;
  /** The client's settings. */
  settings: WorkspaceSettings = {};
  /** Module files (absolute) of each loaded manifest root, by the root's path: filled by whoever loads a manifest. */
  readonly moduleFilesOf = new Map<string, string[]>();

  constructor(root: string = process.cwd()) {
    this.root = root;
  }

  /** The open document at `path` (absolute), if the editor has it open. */
  document(path: string): TextDocument | undefined {
    return this.documents.get(uriOfPath(path));
  }

  /** The text of `path` (absolute): the open document's, else the file's on disk; `undefined` when neither can be read. */
  text(path: string): string | undefined {
    const open = this.document(path);
    if (open) return open.getText();
    try {
      return readFileSync(path, 'utf8');
    } catch {
      return undefined;
    }
  }

  /** `path` (absolute) as the loader is given it: relative to the root folder when inside it. */
  display(path: string): string {
    const inside = relative(this.root, path);
    return inside.startsWith('..') || inside === '' ? path : inside;
  }

  /** An absolute path from a path as the loader reports it (relative to the root folder, or absolute). */
  absolute(path: string): string {
    return resolve(this.root, path);
  }

  /** What the file at `path` (absolute) is. */
  kindOf(path: string): FileKind {
    const name = basename(path);
    if (isTestFileName(name)) return 'test';
    if (isVarFileName(name)) return 'vars';
    if (this.moduleRootOf(path)) return 'module';
    return 'manifest';
  }

  /** The manifest root (a loaded one) that instantiates the module file at `path`, if any. */
  moduleRootOf(path: string): string | undefined {
    for (const [root, files] of this.moduleFilesOf) if (files.includes(path)) return root;
    return undefined;
  }

  /**
   * The manifest the file at `path` (absolute) belongs to. A module file:
   * the manifest that instantiates it. A var or test file: the manifest of
   * its folder. Otherwise, a folder listed in the settings' `manifests`
   * that holds the file; else a listed file; else by default, its folder
   * when that folder holds two or more manifest files of which at most one
   * has a top-level `provider:` (files each with their own `provider:` are
   * separate manifests, as in examples/), and the file alone otherwise.
   */
  rootOf(path: string): ManifestRoot {
    const module = this.moduleRootOf(path);
    if (module) return this.rootOf(module);
    const folder = dirname(path);
    const listed = (this.settings.manifests ?? []).map((entry) => resolve(this.root, entry));
    if (listed.includes(folder)) return this.folderRoot(folder);
    const name = basename(path);
    if (!isManifestFileName(name)) {
      const siblings = this.manifestFilesIn(folder);
      if (siblings.length === 1) return { kind: 'file', path: siblings[0], files: siblings };
      return this.folderRoot(folder);
    }
    if (listed.includes(path)) return { kind: 'file', path, files: [path] };
    const siblings = this.manifestFilesIn(folder);
    if (siblings.length >= 2 && siblings.filter((file) => /^provider\s*:/m.test(this.text(file) ?? '')).length <= 1) {
      return this.folderRoot(folder);
    }
    return { kind: 'file', path, files: [path] };
  }

  /** The folder manifest at `folder` (absolute). */
  private folderRoot(folder: string): ManifestRoot {
    return { kind: 'folder', path: folder, files: this.manifestFilesIn(folder) };
  }

  /** The manifest files of `folder` (absolute paths, name order), unsaved open ones included. */
  manifestFilesIn(folder: string): string[] {
    const names = new Set<string>();
    try {
      for (const entry of readdirSync(folder, { withFileTypes: true })) if (entry.isFile()) names.add(entry.name);
    } catch {
      // An unreadable folder holds only the open documents.
    }
    for (const document of this.documents.all()) {
      const path = pathOfUri(document.uri);
      if (dirname(path) === folder) names.add(basename(path));
    }
    return [...names]
      .filter(isManifestFileName)
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
      .map((name) => join(folder, name));
  }
}
