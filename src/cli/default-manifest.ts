/**
 * The manifest of a command run without one (`cloudctl plan`, `apply`,
 * `destroy`, `validate`), found in the current folder as Terraform uses the
 * configuration of the current folder: `cloudctl.yaml` (or `cloudctl.yml`);
 * else the one manifest file there; else, when there are several, the
 * folder itself as one manifest (docs/manifest-folders.md). Which one was
 * read is said on stderr, so `plan --json` keeps stdout to the plan.
 */
import { readdir } from 'node:fs/promises';
import { isManifestFileName } from '../core/manifest-files.js';
import type { CliIo } from './io.js';

/** The names a manifest of the current folder is looked for by first. */
export const DEFAULT_MANIFEST_NAMES = ['cloudctl.yaml', 'cloudctl.yml'] as const;

/** The stacks file's default name (docs/stacks.md): never taken for a manifest. */
const STACKS_FILE = /^cloudctl\.stacks\.ya?ml$/;

/** What {@link findDefaultManifest} found: the path to give the command, and how to say it. */
export type DefaultManifest = { path: string; said: string } | { error: string };

/**
 * The manifest of `folder` (absolute), as a path relative to it, and the
 * sentence saying which it is; or why there is none (no manifest file, or
 * several beside a stacks file). Errors: rejects with `readdir`'s error
 * only when the folder cannot be read for another reason than being absent.
 */
export async function findDefaultManifest(folder: string): Promise<DefaultManifest> {
  const entries = await readdir(folder, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const files = entries
    .filter((entry) => entry.isFile() || entry.isSymbolicLink())
    .map((entry) => entry.name)
    .sort();
  const named = DEFAULT_MANIFEST_NAMES.find((name) => files.includes(name));
  if (named) return { path: named, said: `reading ${named}` };
  const manifests = files.filter((name) => isManifestFileName(name) && !STACKS_FILE.test(name));
  if (manifests.length === 1) return { path: manifests[0], said: `reading ${manifests[0]}, the one manifest file here` };
  if (manifests.length === 0)
    return {
      error: `no manifest given, and none here (no ${DEFAULT_MANIFEST_NAMES[0]} nor other *.yaml file): name one, or write ${DEFAULT_MANIFEST_NAMES[0]}`,
    };
  if (files.some((name) => STACKS_FILE.test(name)))
    return {
      error: `no manifest given, and this folder holds ${manifests.length} manifest files and a stacks file: name the manifest, or use --stacks`,
    };
  return { path: '.', said: `reading this folder's ${manifests.length} manifest files as one manifest (${manifests.join(', ')})` };
}

/**
 * `given`, or the current folder's manifest (saying which on `io`'s
 * stderr). `fail` reports a usage error (commander's `command.error`, which
 * throws): no manifest here.
 */
export async function manifestOrDefault(io: CliIo, given: string | undefined, fail: (message: string) => never): Promise<string> {
  if (given !== undefined) return given;
  const found = await findDefaultManifest(io.cwd);
  if ('error' in found) return fail(`error: ${found.error}`);
  io.stderr.write(`cloudctl: no manifest given: ${found.said}\n`);
  return found.path;
}
