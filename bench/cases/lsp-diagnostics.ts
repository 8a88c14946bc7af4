/**
 * The language server's diagnostic latency (issue 37): the built server
 * (`node dist/cli/main.js lsp --stdio`, as an editor starts it) opens a
 * generated manifest of `size` resources (bench/lib/generate.ts), then
 * `runs` times replaces the document's text (one `vm_name` changed, a whole
 * new text as an editor without incremental sync sends) and waits for the
 * diagnostics it publishes. The figure is the time from sending the change
 * to receiving the diagnostics: median and slowest, in ms, and the open's.
 * Every other run's text has an unknown attribute, so half the answers
 * carry an error and half clear it. The baseline, measured in the same
 * conditions (taking turns with the changes): the same texts loaded in this
 * process by `loadManifestFromSource`, the path `cloudctl validate` and the
 * server take (`baselineMs`, median).
 *
 * Needs `npm run build` (dist/). Args: `{ size, runs }`.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  createProtocolConnection,
  DidChangeTextDocumentNotification,
  DidOpenTextDocumentNotification,
  ExitNotification,
  InitializedNotification,
  InitializeRequest,
  PublishDiagnosticsNotification,
  ShutdownRequest,
  StreamMessageReader,
  StreamMessageWriter,
  type Diagnostic,
} from 'vscode-languageserver-protocol/node';
import { DiagnosticError } from '../../src/core/types.js';
import { loadManifestFromSource } from '../../src/manifest/index.js';
import { runCase } from '../lib/child.js';
import { generateManifest, namesOf } from '../lib/generate.js';
import { median, now, projectRoot, round } from '../lib/measure.js';

interface Args {
  size: number;
  runs: number;
}

runCase(async (args: Args) => {
  const root = projectRoot(import.meta.url, 'lsp-diagnostics');
  const folder = await mkdtemp(join(tmpdir(), 'cloudctl-bench-lsp-'));
  const file = join(folder, 'stack.yaml');
  const uri = pathToFileURL(file).href;
  const text = generateManifest(args.size);
  await writeFile(file, text);
  const child = spawn(process.execPath, [`${root}dist/cli/main.js`, 'lsp', '--stdio'], { cwd: folder, stdio: 'pipe' });
  const connection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  let waiting: ((diagnostics: Diagnostic[]) => void) | undefined;
  connection.onNotification(PublishDiagnosticsNotification.type, (params) => {
    if (params.uri === uri) waiting?.(params.diagnostics);
  });
  connection.listen();
  const published = () => new Promise<Diagnostic[]>((resolve) => (waiting = resolve));
  try {
    await connection.sendRequest(InitializeRequest.type, { processId: process.pid, rootUri: pathToFileURL(folder).href, capabilities: {} });
    await connection.sendNotification(InitializedNotification.type, {});
    const openStarted = now();
    const opened = published();
    await connection.sendNotification(DidOpenTextDocumentNotification.type, {
      textDocument: { uri, languageId: 'yaml', version: 1, text },
    });
    const openDiagnostics = await opened;
    const openMs = now() - openStarted;
    if (openDiagnostics.length > 0)
      throw new Error(`lsp-diagnostics: the generated manifest has diagnostics: ${openDiagnostics[0].message}`);
    const vmName = namesOf(1).vm;
    const times: number[] = [];
    const baseline: number[] = [];
    for (let run = 1; run <= args.runs; run++) {
      const broken = run % 2 === 1;
      const changed = text.replace(`vm_name: ${vmName}`, broken ? `vm_nam: ${vmName}-${run}` : `vm_name: ${vmName}-${run}`);
      const answer = published();
      const started = now();
      await connection.sendNotification(DidChangeTextDocumentNotification.type, {
        textDocument: { uri, version: run + 1 },
        contentChanges: [{ text: changed }],
      });
      const diagnostics = await answer;
      times.push(now() - started);
      if (diagnostics.length !== (broken ? 1 : 0)) throw new Error(`lsp-diagnostics: run ${run}: ${diagnostics.length} diagnostics`);
      const loadStarted = now();
      try {
        loadManifestFromSource(changed, 'stack.yaml', { cwd: folder });
      } catch (error) {
        if (!(error instanceof DiagnosticError)) throw error;
      }
      baseline.push(now() - loadStarted);
    }
    await connection.sendRequest(ShutdownRequest.type);
    await connection.sendNotification(ExitNotification.type);
    return {
      size: args.size,
      runs: args.runs,
      openMs: round(openMs),
      medianMs: round(median(times)),
      slowestMs: round(Math.max(...times)),
      baselineMs: round(median(baseline)),
    };
  } finally {
    connection.dispose();
    child.kill();
    await rm(folder, { recursive: true, force: true });
  }
});
