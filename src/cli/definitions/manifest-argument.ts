/**
 * A manifest argument left out: the current folder's manifest
 * (src/cli/default-manifest.ts, loaded on first use), said on stderr; no
 * manifest here is a usage error of the command being run.
 */
import { lazy, type CommandContext } from './define.js';

const manifestOrDefault = lazy(() => import('../default-manifest.js'), 'manifestOrDefault');

/** `given`, or the current folder's manifest. @throws commander's usage error when there is none. */
export function manifestArgument(context: CommandContext, given: string | undefined): Promise<string> {
  return manifestOrDefault(context.io, given, (message) => context.command.error(message, { code: 'cloudctl.noManifest', exitCode: 1 }));
}
