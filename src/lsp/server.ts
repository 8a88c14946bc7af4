/**
 * `cloudctl lsp`: the language server (Language Server Protocol over stdio,
 * vscode-languageserver) for manifests, module files, var files and
 * `*.test.yaml`. See docs/editors.md.
 *
 * Each feature is a file of src/lsp/ exporting one function that registers
 * its handlers on the connection and returns the capabilities it adds
 * ({@link FeatureRegistration}); {@link FEATURES} lists them. A new feature
 * is one file and one line there.
 */
import { createConnection, ProposedFeatures, type Connection, type ServerCapabilities } from 'vscode-languageserver/node.js';
import { TextDocumentSyncKind } from 'vscode-languageserver/node.js';
import type { Readable, Writable } from 'node:stream';
import { ManifestWorkspace, pathOfUri, type WorkspaceSettings } from './workspace.js';
import { registerDiagnostics } from './diagnostics.js';
import { registerCompletion } from './completion.js';
import { registerHover } from './hover.js';
import { registerSymbols } from './symbol-features.js';
import { registerRename } from './rename-feature.js';
import { registerCodeActions } from './code-action-feature.js';
import { registerFormatting } from './formatting.js';

/**
 * A feature: registers its handlers (`connection.onHover(...)`, listeners
 * on `workspace.documents`, ...) and returns the server capabilities it
 * adds (merged into the `initialize` answer). Called once, before the
 * connection listens; `workspace.root` and `workspace.settings` are known
 * only once `initialize` arrived, so read them inside the handlers.
 */
export type FeatureRegistration = (connection: Connection, workspace: ManifestWorkspace) => ServerCapabilities;

/** Every feature of the server, in registration order. */
export const FEATURES: readonly FeatureRegistration[] = [
  registerDiagnostics,
  registerCompletion,
  registerHover,
  registerSymbols,
  registerRename,
  registerCodeActions,
  registerFormatting,
];

/** Where the server reads and writes its messages, and the folder it serves until the client names one. */
export interface ServerStreams {
  input: Readable;
  output: Writable;
  /** Absolute; `initialize`'s first workspace folder (or root URI) replaces it. */
  root: string;
}

/**
 * Starts the language server on `streams` and resolves when the client has
 * closed the connection (after `exit`, or when the input ends). Nothing is
 * written to the output but protocol messages.
 */
export function runLanguageServer(streams: ServerStreams): Promise<void> {
  const connection = createConnection(ProposedFeatures.all, streams.input, streams.output);
  const workspace = new ManifestWorkspace(streams.root);
  const capabilities: ServerCapabilities = { textDocumentSync: TextDocumentSyncKind.Incremental };
  for (const register of FEATURES) Object.assign(capabilities, register(connection, workspace));
  connection.onInitialize((params) => {
    const folder = params.workspaceFolders?.[0]?.uri ?? params.rootUri;
    if (folder) workspace.root = pathOfUri(folder);
    workspace.settings = settingsFrom(params.initializationOptions);
    return { capabilities, serverInfo: { name: 'cloudctl', version: '0.1.0' } };
  });
  connection.onDidChangeConfiguration((change) => {
    const settings = (change.settings as { cloudctl?: unknown } | undefined)?.cloudctl;
    if (settings !== undefined) workspace.settings = settingsFrom(settings);
  });
  workspace.documents.listen(connection);
  const closed = new Promise<void>((resolve) => {
    connection.onExit(() => resolve());
    streams.input.on('end', () => resolve());
  });
  connection.listen();
  return closed;
}

/** The settings of {@link WorkspaceSettings} out of what the client sent (anything else ignored). */
function settingsFrom(value: unknown): WorkspaceSettings {
  const settings: WorkspaceSettings = {};
  if (typeof value !== 'object' || value === null) return settings;
  const strings = (entry: unknown) => (Array.isArray(entry) ? entry.filter((item): item is string => typeof item === 'string') : undefined);
  const given = value as Record<string, unknown>;
  const manifests = strings(given.manifests);
  const varFiles = strings(given.varFiles);
  if (manifests) settings.manifests = manifests;
  if (varFiles) settings.varFiles = varFiles;
  return settings;
}
