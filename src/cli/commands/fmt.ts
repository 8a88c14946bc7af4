/**
 * `cloudctl fmt [PATH...]`: rewrites manifests in the canonical order and
 * style (src/manifest/format.ts; docs/formatting.md), as `terraform fmt`
 * does. Touches no state and no API.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { createTwoFilesPatch } from 'diff';
import { DiagnosticError, type Diagnostic } from '../../core/types.js';
import { formatManifest } from '../../engine/manifests.js';
import { isManifestFileName } from '../../core/manifest-files.js';
import type { Workspace } from '../workspace.js';

/** `fmt`'s options: `check` lists unformatted files and writes nothing; `diff` prints what changes; `recursive` descends into sub-folders. */
export interface FmtOptions {
  check?: boolean;
  diff?: boolean;
  recursive?: boolean;
}

/** The exit code of `fmt --check` when a file is not formatted (Terraform's). */
export const FMT_CHECK_FAILED = 3;

/**
 * The files `paths` name (relative to `cwd`, as shown): a file as given,
 * a folder's manifest files (`*.yaml`, `*.yml`, not test, var or hidden
 * files) in name order, its sub-folders too with `recursive` (hidden ones
 * and `node_modules` skipped). Rejects with the file system's error for a
 * path that does not exist.
 */
async function filesOf(cwd: string, paths: string[], recursive: boolean): Promise<string[]> {
  const files: string[] = [];
  const visit = async (path: string): Promise<void> => {
    const absolute = resolve(cwd, path);
    const info = await stat(absolute).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
      const message = `cannot read manifest "${path}": no such file or folder`;
      throw new DiagnosticError([{ severity: 'error', code: 'manifest_unreadable', message }]);
    });
    if (!info.isDirectory()) {
      files.push(path);
      return;
    }
    const entries = (await readdir(absolute, { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const inner = join(path, entry.name);
      if (entry.isDirectory()) {
        if (recursive && !entry.name.startsWith('.') && entry.name !== 'node_modules') await visit(inner);
      } else if (isManifestFileName(entry.name)) files.push(inner);
    }
  };
  for (const path of paths.length > 0 ? paths : ['.']) await visit(path);
  return [...new Set(files)];
}

/**
 * `fmt [PATH...]` (default: the current folder). Every file is read and
 * formatted before any is written: a file that is not valid YAML is a
 * located error, exit 1, and nothing is written. Then, by default, each
 * file whose layout changes is rewritten and its path printed; `--check`
 * prints the paths of the files that are not formatted and exits 3 when
 * there is one, writing nothing; `--diff` prints a unified diff of each
 * change (and writes, unless `--check`). Resolves with the exit code.
 */
export async function fmtCommand(ws: Workspace, paths: string[], options: FmtOptions = {}): Promise<number> {
  const { cwd } = ws.io;
  const files = await filesOf(cwd, paths, options.recursive === true);
  const diagnostics: Diagnostic[] = [];
  const changes: Array<{ file: string; before: string; after: string }> = [];
  for (const file of files) {
    const before = await readFile(resolve(cwd, file), 'utf8');
    const shown = relative(cwd, resolve(cwd, file)) || file;
    const result = formatManifest(before, shown);
    diagnostics.push(...result.diagnostics);
    if (result.text !== undefined && result.changed) changes.push({ file: shown, before, after: result.text });
  }
  if (diagnostics.length > 0) throw new DiagnosticError(diagnostics);
  for (const change of changes) {
    if (options.diff) ws.io.stdout.write(createTwoFilesPatch(`a/${change.file}`, `b/${change.file}`, change.before, change.after));
    else ws.io.stdout.write(`${change.file}\n`);
    if (!options.check) await writeFile(resolve(cwd, change.file), change.after);
  }
  return options.check && changes.length > 0 ? FMT_CHECK_FAILED : 0;
}
