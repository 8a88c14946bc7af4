/**
 * Writes docs/resources/<type>.md, docs/data-sources/<type>.md and
 * docs/api/read-back.md from the catalogue, and docs/functions.md from the
 * table of manifest functions. `--check` exits 1 (listing the stale files) instead of writing.
 */
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { catalogue } from '../src/resources/index.js';
import { docPath, renderDoc } from '../src/docs-generator/render.js';
import { FUNCTIONS_DOC_PATH, renderFunctionsDoc } from '../src/docs-generator/functions.js';
import { READ_BACK_DOC, renderReadBackDoc } from '../src/docs-generator/read-back.js';

/** Every generated page: path → content. */
export function expectedDocs(): Map<string, string> {
  const pages = new Map<string, string>();
  for (const entry of catalogue.values()) pages.set(docPath(entry), renderDoc(entry));
  pages.set(FUNCTIONS_DOC_PATH, renderFunctionsDoc());
  pages.set(READ_BACK_DOC, renderReadBackDoc(catalogue.values()));
  return pages;
}

/** Paths that are missing, different, or left over. */
export function staleDocs(root = '.'): string[] {
  const stale: string[] = [];
  const pages = expectedDocs();
  for (const [path, content] of pages) {
    const full = `${root}/${path}`;
    if (!existsSync(full) || readFileSync(full, 'utf8') !== content) stale.push(path);
  }
  for (const folder of ['docs/resources', 'docs/data-sources']) {
    if (!existsSync(`${root}/${folder}`)) continue;
    for (const name of readdirSync(`${root}/${folder}`)) if (!pages.has(`${folder}/${name}`)) stale.push(`${folder}/${name}`);
  }
  return stale;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv.includes('--check')) {
    const stale = staleDocs();
    if (stale.length > 0) {
      console.error(`out of date: ${stale.join(', ')}\nrun: npm run docs`);
      process.exit(1);
    }
  } else {
    for (const folder of ['docs/resources', 'docs/data-sources']) rmSync(folder, { recursive: true, force: true });
    for (const [path, content] of expectedDocs()) {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, content);
    }
    console.log(`wrote ${expectedDocs().size} pages under docs/`);
  }
}
