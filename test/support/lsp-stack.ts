/**
 * The language server's test set-up, shared by its integration tests
 * (test/integration/lsp*.test.ts): a workspace on its own simulator with the
 * given files written, optionally applied, and one `cloudctl lsp --stdio`
 * server for the suite ({@link useLspStack}). The manifests they open are
 * built from the lite blocks of test/fixtures/lite-stack.ts (the shared
 * stack of rename and code actions: test/fixtures/lsp-stack.ts).
 */
import { expect } from 'chai';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { useStack, type TestStack } from '../integration/helpers.js';
import { LspClient } from './lsp-client.js';

/** Options of {@link useLspStack}. */
export interface LspStackOptions {
  /** Files written into the workspace before anything runs: path relative to it → text. */
  files: Record<string, string>;
  /** A manifest (relative path) applied with `--auto-approve` before the server starts; the apply must succeed. */
  apply?: string;
  /** Added to the environment of the CLI runs and of the server. */
  env?: Record<string, string>;
  /** Prefix of the temp folder. */
  prefix?: string;
  /** Runs after the files (and the apply), before the server starts: more set-up, or a snapshot of what the server must not touch. */
  beforeStart?: (stack: TestStack) => Promise<void>;
}

/** What {@link useLspStack} holds once its `before` hook has run. */
export interface LspStack {
  /** The workspace and its simulator. */
  stack: TestStack;
  /** The language server, started in the workspace folder. */
  client: LspClient;
}

/**
 * Mocha hooks of a language server suite (call it inside `describe`): a
 * simulator and a workspace ({@link useStack}) with `options.files`
 * written, `options.apply` applied, then one server for the suite, whose
 * `stop` must exit 0 after it. Returns the holder, filled once the hook ran.
 */
export function useLspStack(options: LspStackOptions): LspStack {
  const stack = useStack({ env: options.env, prefix: options.prefix });
  const holder = { stack } as LspStack;
  before(async () => {
    for (const [path, text] of Object.entries(options.files)) {
      await mkdir(dirname(join(stack.folder, path)), { recursive: true });
      await writeFile(join(stack.folder, path), text);
    }
    if (options.apply) {
      const applied = await stack.run('apply', options.apply, '--auto-approve');
      expect(applied.code, applied.stderr + applied.stdout).to.equal(0);
    }
    await options.beforeStart?.(stack);
    holder.client = await LspClient.start(stack.folder, undefined, options.env);
  });
  after(async () => {
    if (holder.client) expect(await holder.client.stop()).to.equal(0);
  });
  return holder;
}
