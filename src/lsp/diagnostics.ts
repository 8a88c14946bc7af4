/**
 * Diagnostics: what `cloudctl validate` reports (same codes, positions and
 * did-you-mean suggestions: the same loading path, src/lsp/load.ts), pushed
 * on open and on change for every file of the manifest the document belongs
 * to (a folder manifest's files, its module files, the var file being
 * edited). Changes arriving while a check runs are coalesced: the next
 * check reads the latest text.
 */
import type { Connection, Diagnostic as LspDiagnostic, ServerCapabilities } from 'vscode-languageserver/node.js';
import { DiagnosticSeverity } from 'vscode-languageserver/node.js';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { MAX_DESCRIBED_ERRORS, type Diagnostic } from '../core/types.js';
import { checkTestFile, loadRoot, type RootLoad } from './load.js';
import { pathOfUri, uriOfPath, type ManifestWorkspace } from './workspace.js';

/** Registers the diagnostics feature (see the file's comment). Adds no capability: diagnostics are pushed. */
export function registerDiagnostics(connection: Connection, workspace: ManifestWorkspace): ServerCapabilities {
  const publisher = new DiagnosticsPublisher(connection, workspace);
  workspace.documents.onDidChangeContent((change) => publisher.schedule(change.document));
  workspace.documents.onDidClose((closed) => publisher.closed(closed.document));
  return {};
}

/** The `source` of every diagnostic the server sends. */
export const DIAGNOSTIC_SOURCE = 'cloudctl';

/** Runs the checks a document's changes call for and publishes what they find. */
class DiagnosticsPublisher {
  /** Documents waiting for a check, by URI (latest version wins). */
  private readonly pending = new Map<string, TextDocument>();
  private scheduled = false;
  /** The URIs given diagnostics by each root's last check, so a fixed file is cleared. */
  private readonly publishedBy = new Map<string, Set<string>>();

  constructor(
    private readonly connection: Connection,
    private readonly workspace: ManifestWorkspace,
  ) {}

  /** Checks `document`'s manifest soon (after the messages already received, so a burst of changes is one check). */
  schedule(document: TextDocument): void {
    this.pending.set(document.uri, document);
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => void this.run());
  }

  /** Checks the manifest of each pending document once (the pending ones of one manifest: one check). */
  private async run(): Promise<void> {
    const documents = [...this.pending.values()];
    this.pending.clear();
    const done = new Set<string>();
    try {
      for (const each of documents) {
        const path = pathOfUri(each.uri);
        const kind = this.workspace.kindOf(path);
        const key = kind === 'test' ? path : `${this.workspace.rootOf(path).path}|${kind === 'vars' ? path : ''}`;
        if (done.has(key)) continue;
        done.add(key);
        if (kind === 'test') this.publishTestFile(path, await checkTestFile(this.workspace, path));
        else this.check(path);
      }
    } catch (error) {
      this.connection.console.error(`cloudctl: checking failed: ${(error as Error).stack ?? String(error)}`);
    } finally {
      this.scheduled = false;
      if (this.pending.size > 0) this.schedule([...this.pending.values()].pop()!);
    }
  }

  /** Publishes a test file's diagnostics (at the file itself, or at the file they name). */
  private publishTestFile(path: string, result: RootLoad): void {
    const uri = uriOfPath(path);
    const diagnostics = result.diagnostics.map((diagnostic) => this.toLsp(diagnostic, uri));
    void this.connection.sendDiagnostics({ uri, diagnostics });
  }

  /** A closed document that is not part of a checked manifest any more keeps no diagnostics. */
  closed(document: TextDocument): void {
    const path = pathOfUri(document.uri);
    if (this.workspace.kindOf(path) === 'vars') void this.connection.sendDiagnostics({ uri: document.uri, diagnostics: [] });
  }

  /** Checks the manifest of the file at `path` and publishes the diagnostics of each of its files. */
  private check(path: string): void {
    const root = this.workspace.rootOf(path);
    const varFile = this.workspace.kindOf(path) === 'vars' ? path : undefined;
    const result = loadRoot(this.workspace, root, varFile);
    const byUri = new Map<string, LspDiagnostic[]>();
    const fallback = uriOfPath(path);
    for (const diagnostic of result.diagnostics) {
      const uri = diagnostic.location ? uriOfPath(this.workspace.absolute(diagnostic.location.file)) : fallback;
      if (!byUri.has(uri)) byUri.set(uri, []);
      byUri.get(uri)!.push(this.toLsp(diagnostic, uri));
    }
    if (result.stopped) {
      const notDescribed = result.stopped.notDescribed;
      const message =
        notDescribed > 0
          ? `... and ${notDescribed} more errors not described: checking stops at ${MAX_DESCRIBED_ERRORS} errors`
          : `... checking stops at ${MAX_DESCRIBED_ERRORS} errors; there may be more`;
      byUri.set(fallback, [...(byUri.get(fallback) ?? []), lspDiagnostic('error', message, 0, 0, 0)]);
    }
    const key = `${root.path}|${varFile ?? ''}`;
    const before = this.publishedBy.get(key) ?? new Set<string>();
    const own = [...root.files, ...(this.workspace.moduleFilesOf.get(root.path) ?? []), ...(varFile ? [varFile] : [])].map(uriOfPath);
    for (const uri of new Set([...before, ...own, ...byUri.keys()])) {
      void this.connection.sendDiagnostics({ uri, diagnostics: byUri.get(uri) ?? [] });
    }
    this.publishedBy.set(key, new Set(byUri.keys()));
  }

  /** One diagnostic of the loader as the protocol's, its range the token at its position (0-based lines and characters). */
  private toLsp(diagnostic: Diagnostic, uri: string): LspDiagnostic {
    if (!diagnostic.location) return lspDiagnostic(diagnostic.severity, diagnostic.message, 0, 0, 0, diagnostic.code);
    const line = diagnostic.location.line - 1;
    const character = diagnostic.location.column - 1;
    const text = this.workspace.documents.get(uri)?.getText() ?? this.workspace.text(pathOfUri(uri)) ?? '';
    const lineText = text.split('\n', line + 1)[line] ?? '';
    const token = /^[^\s:,#{}[\]]+/.exec(lineText.slice(character))?.[0] ?? '';
    return lspDiagnostic(diagnostic.severity, diagnostic.message, line, character, Math.max(token.length, 1), diagnostic.code);
  }
}

/** A protocol diagnostic of `length` characters at `line`:`character` (0-based). */
function lspDiagnostic(
  severity: Diagnostic['severity'],
  message: string,
  line: number,
  character: number,
  length: number,
  code?: string,
): LspDiagnostic {
  return {
    severity: severity === 'error' ? DiagnosticSeverity.Error : DiagnosticSeverity.Warning,
    range: { start: { line, character }, end: { line, character: character + length } },
    message,
    source: DIAGNOSTIC_SOURCE,
    ...(code ? { code } : {}),
  };
}
