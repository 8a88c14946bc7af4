/**
 * Mocha hooks of a suite over a local state file: a fresh temp folder for
 * each test, removed after it.
 */
import { rm } from 'node:fs/promises';
import { tempFolder } from '../temp-folders.js';
import { dirname, join } from 'node:path';
import { FileJournal } from '../../src/state/index.js';

/** The folder of the running test and its state path (`.cloudctl/state.json` inside it). */
export interface TempState {
  dir: string;
  statePath: string;
}

/** Registers `beforeEach`/`afterEach` (call it inside `describe`); the holder is filled in before each test. */
export function useTempState(prefix: string): TempState {
  const holder = {} as TempState;
  beforeEach(async () => {
    holder.dir = await tempFolder(prefix);
    holder.statePath = join(holder.dir, '.cloudctl', 'state.json');
  });
  afterEach(async () => {
    await rm(holder.dir, { recursive: true, force: true });
  });
  return holder;
}

/** A journal file in the running test's folder (`.cloudctl/journal.jsonl`), its warnings collected. */
export interface TempJournal extends TempState {
  path: string;
  warnings: string[];
  journal: FileJournal;
}

/** {@link useTempState} with a fresh {@link FileJournal} beside the state path for each test. */
export function useTempJournal(prefix: string): TempJournal {
  const holder = useTempState(prefix) as TempJournal;
  beforeEach(() => {
    holder.path = join(dirname(holder.statePath), 'journal.jsonl');
    holder.warnings = [];
    holder.journal = new FileJournal(holder.path, { onWarning: (message) => holder.warnings.push(message) });
  });
  return holder;
}
