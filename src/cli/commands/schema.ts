/**
 * `cloudctl schema`: the manifest's JSON Schema.
 */
import { manifestSchema } from '../../engine/manifests.js';
import { type CliIo } from '../io.js';

/** `schema`: prints the manifest JSON Schema on `io.stdout`. */
export async function schemaCommand(io: CliIo): Promise<number> {
  io.stdout.write(`${JSON.stringify(manifestSchema(), null, 2)}\n`);
  return 0;
}
