/**
 * `npm run build`'s man page step: writes man/cloudctl.1 (package.json's
 * `man`, so `man cloudctl` works after `npm install -g`) from the
 * program's commander definitions (scripts/lib/man-page.ts).
 *
 * Run: npx tsx scripts/generate-man.ts
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { program } from '../src/cli/main.js';
import { processIo } from '../src/cli/main.js';
import { manPage } from './lib/man-page.js';

const root = new URL('..', import.meta.url);
const { version } = JSON.parse(await readFile(new URL('package.json', root), 'utf8')) as { version: string };
// The date of the sources, not of the build, so two builds of one commit write the same page.
const date = new Date(Number(process.env.SOURCE_DATE_EPOCH ?? 0) * 1000 || Date.now()).toISOString().slice(0, 10);
await mkdir(new URL('man/', root), { recursive: true });
await writeFile(new URL('man/cloudctl.1', root), manPage(program(processIo()), version, date));
process.stdout.write('wrote man/cloudctl.1\n');
