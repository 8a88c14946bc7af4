/**
 * The package.json that ships without `prepare` (npm 11 warns on `npm install -g` of a tarball about any
 * install-time script, `prepare` among them, though npm never runs it for a tarball). The checkout keeps
 * `prepare`, so `npm install` there still builds dist/. `npm pack` and `npm publish` run `prepack`
 * (build, then `strip`: package.json without `prepare`, the original kept beside it) and `postpack`
 * (`restore`). A `strip` with a copy already there (a pack that stopped halfway) restores first.
 *
 * Run: npx tsx scripts/package-manifest.ts strip|restore
 */
import { existsSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';

const manifest = new URL('../package.json', import.meta.url);
const kept = new URL('../package.json.packing', import.meta.url);

if (existsSync(kept)) await rename(kept, manifest);
if (process.argv[2] === 'strip') {
  const text = await readFile(manifest, 'utf8');
  await writeFile(kept, text);
  const parsed = JSON.parse(text) as { scripts: Record<string, string> };
  delete parsed.scripts.prepare;
  await writeFile(manifest, `${JSON.stringify(parsed, null, 2)}\n`);
} else if (process.argv[2] !== 'restore') {
  process.stderr.write('usage: tsx scripts/package-manifest.ts strip|restore\n');
  process.exitCode = 2;
}
