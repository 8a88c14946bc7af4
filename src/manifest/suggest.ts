/**
 * "Did you mean" helpers for diagnostics: the closest spelling among
 * candidates by edit distance (optimal string alignment, so a swap of two
 * neighbouring letters such as `vm_nmae` → `vm_name` counts as one edit).
 */

/**
 * Edit distance between `a` and `b`: insertions, deletions, substitutions
 * and transpositions of adjacent characters each cost 1.
 */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, d[i - 2][j - 2] + 1);
      d[i][j] = best;
    }
  }
  return d[rows - 1][cols - 1];
}

/**
 * The candidate closest to `name`, or `undefined` when none is close enough
 * (at most one edit per three characters of `name`, at least one allowed,
 * compared case-insensitively). Ties go to the earlier candidate.
 */
export function closest(name: string, candidates: Iterable<string>): string | undefined {
  const limit = Math.max(1, Math.floor(name.length / 3));
  let best: string | undefined;
  let bestDistance = Infinity;
  const lower = name.toLowerCase();
  for (const candidate of candidates) {
    // The distance is at least the difference in length: skip what cannot be close (garbage input meets thousands of candidates).
    if (candidate === name) continue;
    const other = candidate.toLowerCase();
    if (Math.abs(other.length - lower.length) > limit) continue;
    const distance = editDistance(lower, other);
    if (distance <= limit && distance < name.length && distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** `; did you mean "x"?` for the closest candidate, or the empty string. */
export function didYouMean(name: string, candidates: Iterable<string>): string {
  const suggestion = closest(name, candidates);
  return suggestion === undefined ? '' : `; did you mean "${suggestion}"?`;
}
