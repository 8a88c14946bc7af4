/**
 * Writes schemas/manifest.schema.json from the resource catalogue.
 * Run: npx tsx scripts/generate-schema.ts [--check]
 * With --check, exits 1 (and says why) when the checked-in file is stale.
 */
import { checkManifestSchemaFile, SCHEMA_FILE, writeManifestSchema } from '../src/engine/manifest/schema.js';

if (process.argv.includes('--check')) {
  const status = await checkManifestSchemaFile();
  if (!status.current) {
    process.stderr.write(`${status.message}\n`);
    process.exit(1);
  }
  process.stdout.write(`${SCHEMA_FILE} is current\n`);
} else {
  await writeManifestSchema();
  process.stdout.write(`wrote ${SCHEMA_FILE}\n`);
}
