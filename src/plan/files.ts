/**
 * Plan files: `plan` saves the plan it made (default
 * `.cloudctl/last-plan.json`), `apply` and `show` read one back. The text
 * written is the caller's (the CLI writes the document with the English of
 * each reason added); what is read is checked to be a plan document.
 */
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { PlanDocument } from './document.js';

/**
 * Writes `text` (a plan document as JSON, every sensitive value already
 * masked) to `path` with mode 0600, making its folder (0700) if needed.
 * @throws Error saying so when `path` is a directory; the file system's errors.
 */
export async function writePlanFile(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  try {
    await writeFile(path, text, { mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EISDIR')
      throw new Error(`cannot save the plan: ${path} is a directory; give --out a file path`);
    throw error;
  }
  await chmod(path, 0o600);
}

/**
 * Reads the plan file at `path` (`shown`: how messages name it).
 * @throws Error, clear, when it is missing, a directory, not JSON, or not a
 *   plan document (format version 1 with `changes` and `manifest`).
 */
export async function readPlanFile(path: string, shown = path): Promise<PlanDocument> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EISDIR') throw new Error(`${shown} is a directory, not a saved plan`);
    throw new Error(`no saved plan at ${shown}: run 'cloudctl plan MANIFEST' first, or give 'cloudctl apply MANIFEST'`);
  }
  let plan: PlanDocument;
  try {
    plan = JSON.parse(text) as PlanDocument;
  } catch {
    throw new Error(`${shown} is not a cloudctl plan (not JSON)`);
  }
  if (plan?.format_version !== 1 || !Array.isArray(plan.changes) || !plan.manifest) throw new Error(`${shown} is not a cloudctl plan`);
  return plan;
}
