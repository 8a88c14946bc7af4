/**
 * Formatting (`textDocument/formatting`): the open manifest or module file
 * rewritten in the canonical order and style of `cloudctl fmt`
 * (src/manifest/format.ts), as one edit of the whole text. A text that is
 * not valid YAML is left as it is (its errors are the diagnostics'); test
 * files and var files are not formatted.
 */
import type { Connection, ServerCapabilities, TextEdit } from 'vscode-languageserver/node.js';
import { formatManifest } from '../manifest/format.js';
import { pathOfUri, type ManifestWorkspace } from './workspace.js';

/** The edits that format `text` (`name` for messages): none when it is formatted already or cannot be read. */
export function formattingEdits(text: string, name: string): TextEdit[] {
  const result = formatManifest(text, name);
  if (result.text === undefined || !result.changed) return [];
  const lines = text.split('\n');
  const end = { line: lines.length - 1, character: lines[lines.length - 1].length };
  return [{ range: { start: { line: 0, character: 0 }, end }, newText: result.text }];
}

/** Registers formatting (see the file's comment). */
export function registerFormatting(connection: Connection, workspace: ManifestWorkspace): ServerCapabilities {
  connection.onDocumentFormatting((params) => {
    const path = pathOfUri(params.textDocument.uri);
    const text = workspace.text(path);
    const kind = workspace.kindOf(path);
    if (text === undefined || kind === 'test' || kind === 'vars') return [];
    return formattingEdits(text, workspace.display(path));
  });
  return { documentFormattingProvider: true };
}
