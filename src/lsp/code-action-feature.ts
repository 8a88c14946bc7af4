/**
 * Code actions over the protocol (`textDocument/codeAction`): the
 * did-you-mean fixes of the diagnostics the editor sends back, the
 * required attributes a block lacks, and a hard-coded id that is a state
 * resource's turned into a reference (code-actions.ts).
 */
import { CodeActionKind, type CodeAction, type Connection, type ServerCapabilities } from 'vscode-languageserver/node.js';
import { didYouMeanFixes, missingAttributesFix, stateReferenceFixes, type CodeActionResult } from './code-actions.js';
import { workspaceEdit } from './rename-feature.js';
import { SourceText } from './text.js';
import type { IndexedFile } from './symbols.js';
import { indexForFile, stateOf } from './workspace-index.js';
import { pathOfUri, type ManifestWorkspace } from './workspace.js';

/** Registers the code actions (see the file's comment). */
export function registerCodeActions(connection: Connection, workspace: ManifestWorkspace): ServerCapabilities {
  connection.onCodeAction(async (params) => {
    const path = pathOfUri(params.textDocument.uri);
    const index = indexForFile(workspace, path);
    const file: IndexedFile = index.files.get(path) ?? { path, text: new SourceText(workspace.text(path) ?? ''), scope: '' };
    const wanted = (kind: string) =>
      !params.context.only || params.context.only.some((only) => kind === only || kind.startsWith(`${only}.`));
    const actions: CodeActionResult[] = [];
    if (wanted(CodeActionKind.QuickFix)) {
      actions.push(...didYouMeanFixes(file, params.context.diagnostics));
      const missing = missingAttributesFix(index, file, params.range.start);
      if (missing) actions.push(missing);
    }
    const scope = index.scopes.get(file.scope);
    if (wanted(CodeActionKind.RefactorRewrite) && scope && !scope.module) {
      const read = await stateOf(workspace, index, scope);
      if ('resources' in read) actions.push(...stateReferenceFixes(index, file, params.range, read.resources));
    }
    return actions.map((action): CodeAction => ({
      title: action.title,
      kind: action.kind,
      ...(action.diagnostic
        ? { diagnostics: [params.context.diagnostics.find((entry) => entry.message === action.diagnostic!.message)!] }
        : {}),
      ...(action.preferred ? { isPreferred: true } : {}),
      edit: workspaceEdit(action),
    }));
  });
  return { codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, CodeActionKind.RefactorRewrite] } };
}
