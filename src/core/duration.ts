/** Durations written in manifests: `500ms`, `90s`, `20m`, `1h` (or a number of seconds). */

const UNITS: Record<string, number> = { ms: 0.001, s: 1, m: 60, h: 3600 };

/**
 * Parses a duration into seconds.
 * Errors: throws `Error` naming the text when it is not a duration.
 */
export function parseDuration(text: string | number): number {
  if (typeof text === 'number' && Number.isFinite(text) && text >= 0) return text;
  const match = /^\s*([0-9]+(?:\.[0-9]+)?)\s*(ms|s|m|h)?\s*$/.exec(String(text));
  if (!match) throw new Error(`"${text}" is not a duration (examples: 90s, 20m, 1h)`);
  return Number(match[1]) * UNITS[match[2] ?? 's'];
}

/** Formats seconds like Terraform's progress lines: `10s`, `1m30s`. */
export function formatElapsed(seconds: number): string {
  const whole = Math.floor(seconds);
  if (whole < 60) return `${whole}s`;
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  return rest === 0 ? `${minutes}m` : `${minutes}m${rest}s`;
}
