/**
 * Mocha hooks of a suite over a local state file: a fresh temp folder for
 * each test, removed after it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The folder of the running test and its state path (`.cloudctl/state.json` inside it). */
export interface TempState {
  dir: string;
  statePath: string;
}

/** Registers `beforeEach`/`afterEach` (call it inside `describe`); the holder is filled in before each test. */
export function useTempState(prefix: string): TempState {
  const holder = {} as TempState;
  beforeEach(async () => {
    holder.dir = await mkdtemp(join(tmpdir(), prefix));
    holder.statePath = join(holder.dir, '.cloudctl', 'state.json');
  });
  afterEach(async () => {
    await rm(holder.dir, { recursive: true, force: true });
  });
  return holder;
}
