/**
 * Seeded randomness and short hashes: the same seed and requests give the same replies.
 */
import { createHash } from 'node:crypto';

/**
 * A deterministic pseudo-random generator (mulberry32).
 * @returns a function yielding floats in [0, 1).
 */
export function seededRng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Deterministic hex digest of the given parts (for tenant ids and the like). */
export function hashHex(...parts: Array<string | number>): string {
  return createHash('sha256').update(parts.join(':')).digest('hex');
}
