/**
 * Colours for terminal output (picocolors). Off with `--no-color`, with the
 * `NO_COLOR` environment variable, or when stdout is not a terminal.
 */
import picocolors from 'picocolors';

/** The colour functions in use. */
export type Style = ReturnType<typeof picocolors.createColors>;

/** Colour on or off for this run. */
export function createStyle(enabled: boolean): Style {
  return picocolors.createColors(enabled);
}

/** Whether colour should be on: a terminal, no `NO_COLOR`, no `--no-color`. */
export function colorWanted(flag: boolean | undefined, stream: NodeJS.WriteStream = process.stdout): boolean {
  if (flag === false) return false;
  if (process.env.NO_COLOR !== undefined && process.env.NO_COLOR !== '') return false;
  if (process.env.FORCE_COLOR !== undefined && process.env.FORCE_COLOR !== '0') return true;
  return Boolean(stream.isTTY);
}
