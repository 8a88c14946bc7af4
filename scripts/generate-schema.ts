/**
 * Writes schemas/manifest.schema.json from the resource catalogue, and the
 * validator compiled from it ahead of time
 * (src/manifest/schema-validator.generated.ts, ajv standalone code).
 * Run: npx tsx scripts/generate-schema.ts [--check]
 * With --check, exits 1 (and says why) when either checked-in file is stale.
 */
import { checkManifestSchemaFile, SCHEMA_FILE, writeManifestSchema } from '../src/manifest/schema.js';
import { checkSchemaValidatorFile, VALIDATOR_FILE, writeSchemaValidatorModule } from '../src/manifest/schema-validator.js';

if (process.argv.includes('--check')) {
  const stale = [await checkManifestSchemaFile(), await checkSchemaValidatorFile()].filter((status) => !status.current);
  if (stale.length > 0) {
    process.stderr.write(stale.map((status) => `${status.message}\n`).join(''));
    process.exit(1);
  }
  process.stdout.write(`${SCHEMA_FILE} is current\n${VALIDATOR_FILE} is current\n`);
} else {
  await writeManifestSchema();
  process.stdout.write(`wrote ${SCHEMA_FILE}\n`);
  await writeSchemaValidatorModule();
  process.stdout.write(`wrote ${VALIDATOR_FILE}\n`);
}
