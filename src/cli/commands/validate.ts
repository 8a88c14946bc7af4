/**
 * `cloudctl validate FILE`: parse and check a manifest without touching state or the API.
 */
import { load } from '../load.js';
import type { Workspace } from '../workspace.js';

/** `validate FILE`: parse and check without touching state or the API. */
export async function validateCommand(ws: Workspace, file: string): Promise<number> {
  const loaded = await load(ws, file);
  const count = Object.keys(loaded.manifest.resources).length;
  const data = Object.keys(loaded.manifest.data).length;
  ws.io.stdout.write(
    `${ws.style.green('The manifest is valid.')} ${count} resource${count === 1 ? '' : 's'}, ${data} data source${data === 1 ? '' : 's'}.\n`,
  );
  return 0;
}
