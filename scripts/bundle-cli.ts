/**
 * `npm run build`'s bundling step: bundles the CLI into dist/ (see
 * scripts/lib/bundle.ts) and prints how many files and bytes it wrote.
 *
 * Run: npx tsx scripts/bundle-cli.ts
 */
import { bundleCli } from './lib/bundle.js';

const started = Date.now();
const files = await bundleCli();
const total = files.reduce((sum, file) => sum + file.bytes, 0);
process.stdout.write(`bundled the CLI into dist/: ${files.length} files, ${Math.round(total / 1024)} KB, in ${Date.now() - started} ms\n`);
