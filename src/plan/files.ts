/**
 * Plan files: `plan` saves the plan it made (default
 * `.cloudctl/last-plan.cplan`; `last-plan.json` before), `apply` and `show` read one back. A plan file
 * starts with a header line stating its format (`cloudctl-plan/3`; 1 and
 * 2 are still read, see {@link PLAN_FILE_FORMAT}), then words for whoever
 * looks at it), followed by the plan's text (plan-text.ts: the plan
 * document with nothing that can be recomputed, the text its seal hashes),
 * compressed with gzip (RFC 1952):
 * an attribute known only after apply whose value is its own address
 * (`web.status` for `web`'s `status`, what every computed attribute of a
 * create is) is written as its name alone (`"status"`, or `"status!"` when
 * sensitive) and rebuilt on reading; the caller leaves out the English of
 * the reasons (rendered again from their codes); a quiet `noop` (a
 * resource left as it is, nothing to tell) is written `[address, type, id,
 * dependsOn]` and read back as the very object the planner made (a third
 * of its text: the plan of a one-change apply at 100,000 resources holds
 * 99,999 of them). A plan of 5,000 creates is
 * about 115 KB instead of 7.8 MB. What is read is the whole document,
 * checked to be a plan and checked against its seal (seal.ts): a plan
 * altered since it was made is refused here. A file of a later format (or a
 * plain-JSON plan of a later `format_version`) is refused as made by a newer
 * cloudctl. The header line also holds the SHA-256 of the
 * compressed data (`sha256:` and 64 hex digits) when the plan was sealed in
 * the writing process: reading such a file checks that digest instead of
 * computing the checksum again (seal.ts). Also read: plain JSON (`plan --json > plan.json`), and gzip
 * without the header (written before it existed; refused then for want of
 * a checksum, with a message saying so).
 */
import { createHash } from 'node:crypto';
import { chmod, mkdir, open, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { createGzip, gunzip } from 'node:zlib';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import type { AttributeChange, Change, PlanDocument } from './document.js';
import { planText, quietNoopChange, type WrittenAttribute } from './plan-text.js';
import { checkPlanSeal, notePlanUnaltered, PlanAlteredError, sealedInThisProcess, takeKeptPlanFile } from './seal.js';
import { PLAN_FILE_GZIP } from './compression.js';

const gunzipAsync = promisify(gunzip);

/** Most bytes a plan file may expand to (a damaged or hostile file must not exhaust memory): 1 GiB. */
const MAX_PLAN_TEXT_BYTES = 1024 * 1024 * 1024;

/** Most bytes of output gunzip is given at once, whatever a file's trailer claims: 128 MiB. */
const MOST_OUTPUT_AT_ONCE = 128 * 1024 * 1024;

/**
 * The output chunk for gunzipping `compressed`: the expanded size its gzip
 * trailer states (ISIZE, the last 4 bytes, little-endian: the size modulo
 * 2^32), plus one, between 16 KiB (zlib's default) and
 * {@link MOST_OUTPUT_AT_ONCE}. A plan's text then comes out in one buffer
 * instead of thousands of 16 KiB pieces copied together at the end (about
 * 0.2 s of an apply at 100,000 resources). Only a size hint: a wrong
 * trailer costs memory or copies, never other bytes (gzip's own check
 * still runs).
 */
function gunzipChunkSize(compressed: Buffer): number {
  const stated = compressed.length >= 4 ? compressed.readUInt32LE(compressed.length - 4) : 0;
  return Math.min(Math.max(stated + 1, 16 * 1024), MOST_OUTPUT_AT_ONCE);
}

/**
 * The newest format of plan files this cloudctl reads, and the one it
 * writes: 3, a plan sealed as its file holds it (seal.ts: the checksum is
 * the SHA-256 of the plan's text, plan-text.ts). Format 2 (sealed over
 * canonical JSON) could hold quiet `noop`s as tuples and the manifest text
 * after the document, as 3 does; format 1 held every change as an object.
 * A cloudctl that reads only formats 1 and 2 refuses a format 3 file as
 * made by a newer cloudctl (it would otherwise find its checksum not that
 * of its canonical JSON, and call it altered).
 */
export const PLAN_FILE_FORMAT = 3;

/** The first format whose changes may be tuples and whose manifest text may follow the document. */
const PLAN_FILE_FORMAT_COMPACT = 2;

/** The format of a plan file whose changes are all objects (gzip without a header line was read as it). */
const PLAN_FILE_FORMAT_OBJECTS = 1;

/** The document format (`format_version`) this cloudctl writes, and the newest it reads. */
const PLAN_DOCUMENT_FORMAT = 1;

/** What every plan file starts with, before its format number. */
const HEADER_MAGIC = 'cloudctl-plan/';

/** The words of a header line after its format (and digest), for whoever looks at the file. */
const HEADER_WORDS = "gzip-compressed JSON follows; read it with 'cloudctl show --json FILE'\n";

/** The header line of a plan file of `format`, with the digest of what follows it when given (`sha256:` and 64 hex digits). */
function headerLine(format: number, digest?: string): string {
  return `${HEADER_MAGIC}${format} ${digest === undefined ? '' : `${digest} `}${HEADER_WORDS}`;
}

/** The digest of the compressed data of a plan file as its header carries it. */
function digestOf(compressed: Buffer | Buffer[]): string {
  const hash = createHash('sha256');
  for (const chunk of Array.isArray(compressed) ? compressed : [compressed]) hash.update(chunk);
  return `sha256:${hash.digest('hex')}`;
}

/** The longest header line read (a later format's may say more). */
const MAX_HEADER_BYTES = 512;

/** True when `bytes` start with the gzip magic number (1f 8b). */
function isGzip(bytes: Buffer): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/** True when `bytes` start with the header of a plan file (of any format). */
function hasHeader(bytes: Buffer): boolean {
  return bytes.subarray(0, HEADER_MAGIC.length).toString('latin1') === HEADER_MAGIC;
}

/**
 * True when the file at `path` starts as a plan file does (the header line,
 * or gzip's magic number as plan files had before it; a manifest, YAML
 * text, never does). False when it does not, or cannot be read (the
 * caller's next read says why).
 */
export async function isCompressedPlanFile(path: string): Promise<boolean> {
  try {
    const file = await open(path, 'r');
    try {
      const { buffer, bytesRead } = await file.read(Buffer.alloc(HEADER_MAGIC.length), 0, HEADER_MAGIC.length, 0);
      const start = buffer.subarray(0, bytesRead);
      return hasHeader(start) || isGzip(start);
    } finally {
      await file.close();
    }
  } catch {
    return false;
  }
}

/** The message for a plan of a later format than this cloudctl reads. */
function newerMessage(shown: string, what: string, found: number, known: number): string {
  return `${shown} was made by a newer cloudctl (${what} ${found}; this cloudctl reads up to ${known}): upgrade cloudctl to apply or show it, or plan again with this one`;
}

/**
 * The compressed data of a plan file after its header line, and whether
 * the header carries the digest of that data (`sha256:` and 64 hex digits
 * after the format; written since cloudctl seals plan files so; a cloudctl
 * before reads the line as the format and words, and checks the seal).
 * @throws Error when the header is damaged, or states a later format;
 *   PlanAlteredError when the data does not match the digest.
 */
function afterHeader(bytes: Buffer, shown: string): { compressed: Buffer; digest: string | undefined; format: number } {
  const end = bytes.subarray(0, MAX_HEADER_BYTES).indexOf(0x0a);
  const line = bytes.subarray(HEADER_MAGIC.length, end === -1 ? MAX_HEADER_BYTES : end).toString('latin1');
  const format = /^(\d{1,9})(?: (sha256:[0-9a-f]{64})(?= |$))?(?: |$)/.exec(line);
  if (end === -1 || !format)
    throw new Error(`${shown} is damaged (its header line does not read back): run 'cloudctl plan MANIFEST' again`);
  const version = Number(format[1]);
  if (version > PLAN_FILE_FORMAT) throw new Error(newerMessage(shown, 'plan file format', version, PLAN_FILE_FORMAT));
  return { compressed: bytes.subarray(end + 1), digest: format[2], format: version };
}

/**
 * True when `compressed` has the digest `carried` (the header's), false
 * when the header carries none.
 * @throws PlanAlteredError when it does not match.
 */
function provenByDigest(compressed: Buffer, carried: string | undefined, shown: string): boolean {
  if (carried === undefined) return false;
  const actual = digestOf(compressed);
  if (actual !== carried)
    throw new PlanAlteredError(
      `${shown} was altered after it was made: its header carries digest ${carried}, but what follows it has ${actual}; nothing was applied. Run 'cloudctl plan' again (and apply the file plan wrote, unchanged)`,
    );
  return true;
}

/**
 * `plan` (read from a format 2 file whose manifest text followed the
 * document as `following`) with `manifest.source` that text, decoded on
 * first read (an enumerable property in its place: `JSON.stringify`, the
 * seal and a spread see it as any member).
 * @throws Error (not a plan) when the document's `manifest.source` is not `null`.
 */
function withFollowingSource(plan: PlanDocument, following: Buffer, shown: string): PlanDocument {
  const manifest = plan.manifest as unknown as Record<string, unknown>;
  if (manifest.source !== null) throw new Error(`${shown} is not a cloudctl plan (its manifest text is given twice)`);
  let source: string | undefined;
  Object.defineProperty(manifest, 'source', {
    get: () => (source ??= following.toString('utf8')),
    set: (value: string) => (source = value),
    enumerable: true,
    configurable: true,
  });
  return plan;
}

/**
 * The document of a plan file as read: attributes written as names made
 * whole again, and (in a file of format 2, `tuples`) each quiet `noop`
 * written as a tuple made the change it stands for.
 * @throws Error (not a plan) for a change that is an array but not such a tuple.
 */
function expanded(plan: PlanDocument, tuples: boolean, shown: string): PlanDocument {
  const changes = plan.changes as unknown[];
  for (let index = 0; index < changes.length; index++) {
    const written = changes[index];
    if (Array.isArray(written) && tuples) {
      const change = quietNoopChange(written);
      if (change === undefined) throw new Error(`${shown} is not a cloudctl plan (change ${index} does not read back)`);
      changes[index] = change; // no attribute: nothing else to make whole
      continue;
    }
    const change = written as Change | null | undefined;
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
 * Writes `plan` (every sensitive value already masked, sealed as the
 * engine made it: the file is read back only while its checksum matches)
 * to `path` as a plan file (the header line, then JSON without what can be
 * recomputed, gzip-compressed), with mode 0600, making its folder (0700)
 * if needed.
 * @throws Error saying so when `path` is a directory; the file system's errors.
 */
export async function writePlanFile(path: string, plan: PlanDocument): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  // A plan this process sealed gets the digest of the compressed data in its header: reading it back then
  // checks that digest instead of computing the plan's checksum again (seal.ts). Any other plan is checked whole when read.
  const sealed = sealedInThisProcess(plan);
  try {
    // Compressed already when the seal wrote the text (seal.ts `sealPlanKeepingFile`); again from the document if that failed.
    const compressed = (await takeKeptPlanFile(plan)?.catch(() => undefined)) ?? (await compressedPlanText(plan));
    const header = Buffer.from(headerLine(PLAN_FILE_FORMAT, sealed ? digestOf(compressed) : undefined), 'latin1');
    await writeFile(path, Buffer.concat([header, ...compressed]), { mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EISDIR')
      throw new Error(`cannot save the plan: ${path} is a directory; give --out a file path`);
    throw error;
  }
  await chmod(path, 0o600);
}

/**
 * The plan's text as its file holds it (plan-text.ts), gzip-compressed
 * ({@link PLAN_FILE_GZIP}) piece by piece: the text of 100,000 changes is
 * never whole; the data is a few MB at most.
 */
async function compressedPlanText(plan: PlanDocument): Promise<Buffer[]> {
  const compressed: Buffer[] = [];
  await pipeline(Readable.from(planText(plan)), createGzip(PLAN_FILE_GZIP), async (chunks: AsyncIterable<Buffer>) => {
    for await (const chunk of chunks) compressed.push(chunk);
  });
  return compressed;
}

/**
 * The JSON text of a plan file's bytes: after the header line, gunzipped
 * (plans saved by this cloudctl); gunzipped (gzip without a header, saved
 * before headers); as they are otherwise (plain JSON, `plan --json`).
 * `shown`: how messages name the file.
 * @throws Error, clear, when the header or the compressed data is damaged,
 *   the expanded text too large, or the header states a later format
 *   ("made by a newer cloudctl").
 */
export async function planFileText(bytes: Buffer, shown: string): Promise<string> {
  const { text, following } = await planFileContent(bytes, shown);
  if (following === undefined) return text;
  // The manifest text that follows the document put back in its place.
  const document = JSON.parse(text) as { manifest: { source: unknown } };
  return JSON.stringify({ ...document, manifest: { ...document.manifest, source: following.toString('utf8') } });
}

/**
 * {@link planFileText}, and whether the bytes were proven to be those
 * written (the digest in the header matched); in a file of format 2, the
 * text is the document alone, `following` the bytes of the manifest text
 * written after it (when it was).
 * @throws as {@link planFileText}; PlanAlteredError when the digest does not match.
 */
async function planFileContent(
  bytes: Buffer,
  shown: string,
): Promise<{ text: string; proven: boolean; format: number; following?: Buffer }> {
  const { compressed, digest, format } = hasHeader(bytes)
    ? afterHeader(bytes, shown)
    : { compressed: bytes, digest: undefined, format: PLAN_FILE_FORMAT_OBJECTS };
  if (compressed === bytes && !isGzip(bytes)) return { text: bytes.toString('utf8'), proven: false, format };
  let data: Buffer;
  try {
    data = await gunzipAsync(compressed, { maxOutputLength: MAX_PLAN_TEXT_BYTES, chunkSize: gunzipChunkSize(compressed) });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ERR_BUFFER_TOO_LARGE') throw new Error(`${shown} is not a cloudctl plan (it expands past 1 GiB)`, { cause: error });
    throw new Error(`${shown} is damaged (its compressed data does not read back): run 'cloudctl plan MANIFEST' again`, {
      cause: error,
    });
  }
  // Damaged data is told as damaged (gzip's own check, above) before altered (the digest).
  const proven = provenByDigest(compressed, digest, shown);
  const separator = format >= PLAN_FILE_FORMAT_COMPACT ? data.indexOf(0) : -1;
  if (separator < 0) return { text: data.toString('utf8'), proven, format };
  return { text: data.toString('utf8', 0, separator), proven, format, following: data.subarray(separator + 1) };
}

/** Options of {@link readPlanFile}. */
export interface ReadPlanFileOptions {
  /**
   * Whether the seal is checked here (default true). False only for a plan
   * handed straight to `Engine.apply`, which checks it first thing, before
   * anything is read or locked: the seal of a plan of 100,000 changes costs
   * about a second, and is then checked once per apply, not twice.
   */
  checkSeal?: boolean;
}

/**
 * Reads the plan file at `path` (`shown`: how messages name it): a plan
 * file as {@link writePlanFile} writes it, gzip without the header, or
 * plain JSON (`plan --json`), and checks its seal (unless `checkSeal: false`).
 * @throws Error, clear, when it is missing, a directory, damaged, not JSON,
 *   not a plan document (`format_version` 1 with `changes` and `manifest`),
 *   of a later format (made by a newer cloudctl: upgrade); PlanAlteredError
 *   when its checksum is missing or does not match (seal.ts).
 */
export async function readPlanFile(path: string, shown = path, options: ReadPlanFileOptions = {}): Promise<PlanDocument> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EISDIR') throw new Error(`${shown} is a directory, not a saved plan`);
    throw new Error(`no saved plan at ${shown}: run 'cloudctl plan MANIFEST' first, or give 'cloudctl apply MANIFEST'`);
  }
  const { text, proven, format, following } = await planFileContent(bytes, shown);
  let plan: PlanDocument;
  try {
    plan = JSON.parse(text) as PlanDocument;
  } catch {
    throw new Error(`${shown} is not a cloudctl plan (not JSON)`);
  }
  const version: unknown = (plan as { format_version?: unknown } | null)?.format_version;
  if (typeof version === 'number' && Number.isInteger(version) && version > PLAN_DOCUMENT_FORMAT)
    throw new Error(newerMessage(shown, 'plan format_version', version, PLAN_DOCUMENT_FORMAT));
  if (version !== PLAN_DOCUMENT_FORMAT || !Array.isArray(plan.changes) || !plan.manifest)
    throw new Error(`${shown} is not a cloudctl plan`);
  const document = expanded(
    following === undefined ? plan : withFollowingSource(plan, following, shown),
    format >= PLAN_FILE_FORMAT_COMPACT,
    shown,
  );
  if (proven) notePlanUnaltered(document);
  if (options.checkSeal !== false) checkPlanSeal(document, shown);
  return document;
}
