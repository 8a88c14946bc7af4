/**
 * Plan files: `plan` saves the plan it made (default
 * `.cloudctl/last-plan.json`), `apply` and `show` read one back. A plan file
 * holds the plan document with nothing that can be recomputed, as JSON
 * compressed with gzip (RFC 1952): an attribute known only after apply
 * whose value is its own address (`web.status` for `web`'s `status`, what
 * every computed attribute of a create is) is written as its name alone
 * (`"status"`, or `"status!"` when sensitive) and rebuilt on reading; the
 * caller leaves out the English of the reasons (rendered again from their
 * codes). A plan of 5,000 creates is about 115 KB instead of 7.8 MB. What
 * is read is the whole document, checked to be a plan; plan files written
 * before compression (plain JSON, whole attributes) are still read.
 */
import { chmod, mkdir, open, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { gunzip, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import { isUnknown } from '../core/types.js';
import type { AttributeChange, PlanDocument } from './document.js';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/** Most bytes a plan file may expand to (a damaged or hostile file must not exhaust memory): 1 GiB. */
const MAX_PLAN_TEXT_BYTES = 1024 * 1024 * 1024;

/** True when `bytes` start with the gzip magic number (1f 8b). */
function isGzip(bytes: Buffer): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/**
 * True when the file at `path` starts as a plan file this cloudctl writes
 * (gzip's magic number; a manifest, YAML text, never does). False when it
 * does not, or cannot be read (the caller's next read says why).
 */
export async function isCompressedPlanFile(path: string): Promise<boolean> {
  try {
    const file = await open(path, 'r');
    try {
      const { buffer, bytesRead } = await file.read(Buffer.alloc(2), 0, 2, 0);
      return isGzip(buffer.subarray(0, bytesRead));
    } finally {
      await file.close();
    }
  } catch {
    return false;
  }
}

/** An attribute as a plan file writes it: whole, or its name alone (`name!` when sensitive) when it is its own address's unknown. */
type WrittenAttribute = AttributeChange | string;

/** The name alone of `attribute` when it is known only after apply as `ADDRESS.NAME` and holds nothing else, else undefined. */
function ownUnknownName(attribute: AttributeChange, address: string): string | undefined {
  const { after } = attribute;
  if (!isUnknown(after) || after.$unknown !== `${address}.${attribute.name}` || Object.keys(after).length !== 1) return undefined;
  for (const key of Object.keys(attribute))
    if (key !== 'name' && key !== 'after' && key !== 'sensitive' && (attribute as unknown as Record<string, unknown>)[key] !== undefined)
      return undefined;
  if (typeof attribute.sensitive !== 'boolean' || attribute.name.endsWith('!')) return undefined;
  return attribute.sensitive ? `${attribute.name}!` : attribute.name;
}

/** `plan` as a plan file holds it: each change's own unknown attributes as names (the rest shared, not copied). */
function compacted(plan: PlanDocument): PlanDocument {
  const changes = plan.changes.map((change) => {
    let written: WrittenAttribute[] | undefined;
    change.attributes.forEach((attribute, index) => {
      const name = ownUnknownName(attribute, change.address);
      if (name === undefined) {
        if (written) written.push(attribute);
        return;
      }
      written ??= change.attributes.slice(0, index);
      written.push(name);
    });
    return written ? { ...change, attributes: written as unknown as AttributeChange[] } : change;
  });
  return { ...plan, changes };
}

/** The document of a plan file as read: attributes written as names made whole again. */
function expanded(plan: PlanDocument): PlanDocument {
  for (const change of plan.changes) {
    if (!Array.isArray(change?.attributes) || !change.attributes.some((attribute) => typeof attribute === 'string')) continue;
    change.attributes = (change.attributes as WrittenAttribute[]).map((attribute) => {
      if (typeof attribute !== 'string') return attribute;
      const sensitive = attribute.endsWith('!');
      const name = sensitive ? attribute.slice(0, -1) : attribute;
      // As JSON.parse gives a written attribute whose `before` is undefined: without the key.
      return { name, after: { $unknown: `${change.address}.${name}` }, sensitive } as AttributeChange;
    });
  }
  return plan;
}

/**
 * Writes `plan` (every sensitive value already masked) to `path` as a plan
 * file (JSON without what can be recomputed, gzip-compressed), with mode
 * 0600, making its folder (0700) if needed.
 * @throws Error saying so when `path` is a directory; the file system's errors.
 */
export async function writePlanFile(path: string, plan: PlanDocument): Promise<void> {
  const compressed = await gzipAsync(Buffer.from(JSON.stringify(compacted(plan)), 'utf8'), { level: 6 });
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  try {
    await writeFile(path, compressed, { mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EISDIR')
      throw new Error(`cannot save the plan: ${path} is a directory; give --out a file path`);
    throw error;
  }
  await chmod(path, 0o600);
}

/**
 * The JSON text of a plan file's bytes: gunzipped when they are gzip
 * (plans saved by this cloudctl), as they are otherwise (plain JSON, saved
 * by an older one). `shown`: how messages name the file.
 * @throws Error, clear, when the compressed data is damaged or too large.
 */
export async function planFileText(bytes: Buffer, shown: string): Promise<string> {
  if (!isGzip(bytes)) return bytes.toString('utf8');
  try {
    return (await gunzipAsync(bytes, { maxOutputLength: MAX_PLAN_TEXT_BYTES })).toString('utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ERR_BUFFER_TOO_LARGE') throw new Error(`${shown} is not a cloudctl plan (it expands past 1 GiB)`, { cause: error });
    throw new Error(`${shown} is damaged (its compressed data does not read back): run 'cloudctl plan MANIFEST' again`, {
      cause: error,
    });
  }
}

/**
 * Reads the plan file at `path` (`shown`: how messages name it): gzip
 * compressed JSON, or plain JSON as older versions wrote it.
 * @throws Error, clear, when it is missing, a directory, damaged, not JSON,
 *   or not a plan document (format version 1 with `changes` and `manifest`).
 */
export async function readPlanFile(path: string, shown = path): Promise<PlanDocument> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EISDIR') throw new Error(`${shown} is a directory, not a saved plan`);
    throw new Error(`no saved plan at ${shown}: run 'cloudctl plan MANIFEST' first, or give 'cloudctl apply MANIFEST'`);
  }
  const text = await planFileText(bytes, shown);
  let plan: PlanDocument;
  try {
    plan = JSON.parse(text) as PlanDocument;
  } catch {
    throw new Error(`${shown} is not a cloudctl plan (not JSON)`);
  }
  if (plan?.format_version !== 1 || !Array.isArray(plan.changes) || !plan.manifest) throw new Error(`${shown} is not a cloudctl plan`);
  return expanded(plan);
}
