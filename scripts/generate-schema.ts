/**
 * Generates from the resource catalogue:
 *
 * - schemas/manifest.schema.json (committed, for editors; `--check` exits 1
 *   and says why when it is stale), and
 * - the manifest validator compiled ahead of time (ajv standalone code),
 *   into the build output dist/manifest/schema-validator.generated.json
 *   (never committed: `npm run build` writes it with `--validator`).
 *
 * Run: npx tsx scripts/generate-schema.ts [--check | --validator]
 * (no option: both files).
 */
import { checkManifestSchemaFile, SCHEMA_FILE, writeManifestSchema } from '../src/manifest/schema.js';
import { VALIDATOR_FILE } from '../src/manifest/schema-validator.js';
import { writeSchemaValidator } from './lib/schema-validator-module.js';

if (process.argv.includes('--check')) {
  const status = await checkManifestSchemaFile();
  if (!status.current) {
    process.stderr.write(`${status.message}\n`);
    process.exit(1);
  }
  process.stdout.write(`${SCHEMA_FILE} is current\n`);
} else {
  if (!process.argv.includes('--validator')) {
    await writeManifestSchema();
    process.stdout.write(`wrote ${SCHEMA_FILE}\n`);
  }
  await writeSchemaValidator();
  process.stdout.write(`wrote ${VALIDATOR_FILE}\n`);
}
