/**
 * Damage for the corruption tests: one character changed into another of
 * its class, so a damaged file keeps its shape and only a checksum can tell.
 */

/**
 * Another character of the class of the letter or digit `char`: a digit
 * `digitStep` places on (modulo 10), a letter of the same case `letterStep`
 * places on, or back when that leaves the alphabet (`z` → `y` for +1,
 * `a` → `b` for -1).
 */
export function otherOfClass(char: string, digitStep: number, letterStep: 1 | -1): string {
  if (/[0-9]/.test(char)) return String((Number(char) + digitStep) % 10);
  const letters = /[a-z]/.test(char) ? /[a-z]/ : /[A-Z]/;
  const shifted = String.fromCharCode(char.charCodeAt(0) + letterStep);
  return letters.test(shifted) ? shifted : String.fromCharCode(char.charCodeAt(0) - letterStep);
}
