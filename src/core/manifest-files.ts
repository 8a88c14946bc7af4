/**
 * Which files are manifest files: the rule a folder manifest reads its
 * files by (src/manifest/folder.ts) and the CLI finds the current folder's
 * manifest by (src/cli/default-manifest.ts), written once.
 */

/**
 * Whether a file name is one of a folder manifest's files: `*.yaml` or
 * `*.yml`, except test files (`*.test.yaml`, read by `cloudctl test`), var
 * files (`*.vars.yaml`, given with `--var-file`) and hidden files (`.x.yaml`).
 */
export function isManifestFileName(name: string): boolean {
  if (name.startsWith('.')) return false;
  if (!/\.ya?ml$/.test(name)) return false;
  return !/\.(test|vars)\.ya?ml$/.test(name);
}
