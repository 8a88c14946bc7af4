/**
 * An editor's side of `cloudctl lsp`, for tests: spawns
 * `node dist/cli/main.js lsp --stdio` (run `npm run build` first) and talks
 * to it over stdio with vscode-languageserver-protocol's client connection
 * (vscode-jsonrpc underneath), as an editor's LSP client does: initialize,
 * didOpen / didChange / didClose with whole texts, requests, and the
 * diagnostics the server publishes.
 *
 *   const client = await LspClient.start(folder);
 *   const diagnostics = await client.open(join(folder, 'stack.yaml'));   // the diagnostics of the open
 *   const items = await client.completion(file, client.positionOf(file, 'type: ', 6));
 *   await client.stop();
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  CompletionRequest,
  createProtocolConnection,
  DidChangeTextDocumentNotification,
  DidCloseTextDocumentNotification,
  DidOpenTextDocumentNotification,
  ExitNotification,
  HoverRequest,
  InitializedNotification,
  InitializeRequest,
  PublishDiagnosticsNotification,
  ShutdownRequest,
  StreamMessageReader,
  StreamMessageWriter,
  type CompletionItem,
  type CompletionList,
  type Diagnostic,
  type Hover,
  type InitializeResult,
  type Position,
  type ProtocolConnection,
} from 'vscode-languageserver-protocol/node';

/** The CLI the client spawns (the built one). */
const CLI = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));

/** How long a wait for the server (an answer, diagnostics) lasts before the test fails, in ms. */
const WAIT_MS = 30_000;

/** A `file:` URI of an absolute path. */
export function uriOf(path: string): string {
  return pathToFileURL(path).href;
}

/** A language server process and the client connection to it. */
export class LspClient {
  /** The answer to `initialize` (the server's capabilities). */
  initializeResult!: InitializeResult;
  /** The text the client last sent for each open document, by absolute path. */
  private readonly texts = new Map<string, { text: string; version: number }>();
  /** The diagnostics last published for each URI. */
  readonly published = new Map<string, Diagnostic[]>();
  private waiters: Array<{ uri: string; resolve: (diagnostics: Diagnostic[]) => void }> = [];
  /** The server's stderr (for a failing test's message). */
  stderr = '';

  private constructor(
    readonly process: ChildProcessWithoutNullStreams,
    readonly connection: ProtocolConnection,
  ) {}

  /**
   * Spawns the server with `folder` (absolute) as its working directory and
   * workspace folder, and initializes it (`initializationOptions` as an
   * editor's settings would pass them); `env` is added to this process's
   * environment for the server.
   */
  static async start(
    folder: string,
    initializationOptions?: Record<string, unknown>,
    env: Record<string, string> = {},
  ): Promise<LspClient> {
    const child = spawn(process.execPath, [CLI, 'lsp', '--stdio'], { cwd: folder, env: { ...process.env, NO_COLOR: '1', ...env } });
    const connection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
    const client = new LspClient(child, connection);
    child.stderr.on('data', (chunk: Buffer) => (client.stderr += chunk.toString()));
    connection.onNotification(PublishDiagnosticsNotification.type, (params) => {
      client.published.set(params.uri, params.diagnostics);
      const ready = client.waiters.filter((waiter) => waiter.uri === params.uri);
      client.waiters = client.waiters.filter((waiter) => waiter.uri !== params.uri);
      for (const waiter of ready) waiter.resolve(params.diagnostics);
    });
    connection.listen();
    client.initializeResult = await client.within(
      connection.sendRequest(InitializeRequest.type, {
        processId: process.pid,
        rootUri: uriOf(folder),
        workspaceFolders: [{ uri: uriOf(folder), name: 'test' }],
        capabilities: {
          textDocument: { completion: { completionItem: { snippetSupport: false, documentationFormat: ['markdown', 'plaintext'] } } },
        },
        initializationOptions,
      }),
      'initialize',
    );
    await connection.sendNotification(InitializedNotification.type, {});
    return client;
  }

  /** The next diagnostics published for `path` (absolute): ask before the change that causes them. */
  nextDiagnostics(path: string): Promise<Diagnostic[]> {
    const uri = uriOf(path);
    return this.within(new Promise((resolve) => this.waiters.push({ uri, resolve })), `diagnostics of ${path}`);
  }

  /** Opens `path` (absolute) with `text` (default: the file's) and resolves with the diagnostics published for it. */
  async open(path: string, text = readFileSync(path, 'utf8')): Promise<Diagnostic[]> {
    const next = this.nextDiagnostics(path);
    this.texts.set(path, { text, version: 1 });
    await this.connection.sendNotification(DidOpenTextDocumentNotification.type, {
      textDocument: { uri: uriOf(path), languageId: 'yaml', version: 1, text },
    });
    return next;
  }

  /** Replaces the whole text of the open document `path` and resolves with the diagnostics published for it. */
  async change(path: string, text: string): Promise<Diagnostic[]> {
    const next = this.nextDiagnostics(path);
    await this.send(path, text);
    return next;
  }

  /** Replaces the whole text of the open document `path` without waiting for anything. */
  async send(path: string, text: string): Promise<void> {
    const open = this.texts.get(path);
    if (!open) throw new Error(`${path} is not open`);
    open.version += 1;
    open.text = text;
    await this.connection.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri: uriOf(path), version: open.version },
      contentChanges: [{ text }],
    });
  }

  /** Closes the document `path`. */
  async close(path: string): Promise<void> {
    this.texts.delete(path);
    await this.connection.sendNotification(DidCloseTextDocumentNotification.type, { textDocument: { uri: uriOf(path) } });
  }

  /**
   * The position (0-based line and character) in the open document `path`
   * of the `occurrence`-th (0-based) appearance of `needle`, moved `shift`
   * characters into it. Throws when the needle is not there.
   */
  positionOf(path: string, needle: string, shift = 0, occurrence = 0): Position {
    const text = this.texts.get(path)?.text ?? readFileSync(path, 'utf8');
    let offset = -1;
    for (let seen = 0; seen <= occurrence; seen += 1) {
      offset = text.indexOf(needle, offset + 1);
      if (offset < 0) throw new Error(`"${needle}" is not in ${path}`);
    }
    const before = text.slice(0, offset + shift).split('\n');
    return { line: before.length - 1, character: before[before.length - 1].length };
  }

  /** `textDocument/completion` at `position` of `path`: the items (of a list or an array). */
  async completion(path: string, position: Position): Promise<CompletionItem[]> {
    const answer = await this.within(
      this.connection.sendRequest(CompletionRequest.type, { textDocument: { uri: uriOf(path) }, position }),
      'completion',
    );
    if (!answer) return [];
    return Array.isArray(answer) ? answer : (answer as CompletionList).items;
  }

  /** `textDocument/hover` at `position` of `path`: the hover's text (markdown or plain), or `undefined` for none. */
  async hover(path: string, position: Position): Promise<string | undefined> {
    const answer: Hover | null = await this.within(
      this.connection.sendRequest(HoverRequest.type, { textDocument: { uri: uriOf(path) }, position }),
      'hover',
    );
    if (!answer) return undefined;
    const contents = answer.contents;
    if (typeof contents === 'string') return contents;
    if (Array.isArray(contents)) return contents.map((part) => (typeof part === 'string' ? part : part.value)).join('\n');
    return contents.value;
  }

  /**
   * The diagnostics last published for every file under `folder`, as
   * `cloudctl validate` prints them: `path:line:col: message` (`warning: `
   * before a warning's message), the path relative to `folder`.
   */
  publishedLines(folder: string): string[] {
    const lines: string[] = [];
    for (const [uri, diagnostics] of this.published) {
      const path = relative(folder, fileURLToPath(uri));
      for (const each of diagnostics) {
        const where = `${path}:${each.range.start.line + 1}:${each.range.start.character + 1}`;
        lines.push(`${where}: ${each.severity === 2 ? 'warning: ' : ''}${each.message}`);
      }
    }
    return lines.sort();
  }

  /** Shuts the server down (`shutdown`, then `exit`) and resolves with its exit code. */
  async stop(): Promise<number | null> {
    const exited = new Promise<number | null>((resolve) => {
      if (this.process.exitCode !== null) resolve(this.process.exitCode);
      else this.process.once('exit', (code) => resolve(code));
    });
    await this.within(this.connection.sendRequest(ShutdownRequest.type), 'shutdown');
    await this.connection.sendNotification(ExitNotification.type);
    const code = await this.within(exited, 'exit');
    this.connection.dispose();
    return code;
  }

  /** `promise`, or a rejection naming `what` (and the server's stderr) after {@link WAIT_MS}. */
  within<T>(promise: Promise<T>, what: string): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no answer from the language server for ${what} in ${WAIT_MS} ms\n${this.stderr}`)),
        WAIT_MS,
      );
    });
    return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
  }
}
