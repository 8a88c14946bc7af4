#!/usr/bin/env node
/**
 * The `cloudctl` binary's entry point (`dist/cli/main.js`, the package's
 * `bin`): answers `cloudctl --version` and `cloudctl --help` at once, from
 * text the build wrote here from commander's own output (scripts/lib/bundle.ts
 * runs the program of main.ts and passes the text in as
 * `CLOUDCTL_FAST_OUTPUT`, scripts/lib/fast-output.ts), and loads the program (main.ts, with commander)
 * for anything else. So the two commands a newcomer types first cost about
 * what `node -e 0` costs (issue 29), and their text cannot drift from the
 * program's: test/integration/startup.test.ts compares them.
 *
 * Help is as wide as the terminal (main.ts), so the fast answer is given
 * only where the build has commander's text for that width: output that is
 * not a terminal (80 columns, commander's default), a terminal of 80
 * columns, or one at least as wide as the widest help line needs (then the
 * help is the same at any width). Other widths load the program. The help
 * has no colour (main.ts styles none): should it get some, this entry must
 * answer only where colour is off.
 */

/** What the build passes in: the version line, and the help for 80 columns and for wide terminals (from `wideFrom` columns on). */
interface FastOutput {
  version: string;
  help80: string;
  helpWide: string;
  wideFrom: number;
}

/** {@link FastOutput} as JSON: a string, which esbuild writes in place (an object would become a chunk of its own). */
declare const CLOUDCTL_FAST_OUTPUT: string | undefined;

/** The text commander would print for `args` to this process's stdout, when the build has it; `undefined` otherwise. */
function fastAnswer(args: string[], output: FastOutput): string | undefined {
  if (args.length !== 1) return undefined;
  if (args[0] === '--version' || args[0] === '-V') return output.version;
  if (args[0] !== '--help' && args[0] !== '-h') return undefined;
  const columns = process.stdout.isTTY ? process.stdout.columns : 80;
  if (columns === 80) return output.help80;
  return columns >= output.wideFrom ? output.helpWide : undefined;
}

// Under tsx (no build) there is no fast output: the program answers everything.
const fast =
  typeof CLOUDCTL_FAST_OUTPUT === 'undefined'
    ? undefined
    : fastAnswer(process.argv.slice(2), JSON.parse(CLOUDCTL_FAST_OUTPUT) as FastOutput);
if (fast !== undefined) {
  process.stdout.write(fast);
} else {
  const { main } = await import('./main.js');
  await main(process.argv);
}
