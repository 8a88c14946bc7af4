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

/** Whether colour should be on for `stream`: a terminal, no `NO_COLOR` in `env`, no `--no-color`; `FORCE_COLOR` forces it. */
export function colorWanted(
  flag: boolean | undefined,
  stream: { isTTY?: boolean },
  env: Readonly<Record<string, string | undefined>>,
): boolean {
  if (flag === false) return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0') return true;
  return Boolean(stream.isTTY);
}
