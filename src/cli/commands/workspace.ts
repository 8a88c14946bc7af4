/**
 * `cloudctl workspace list|new|select|delete|show` and `cloudctl state
 * migrate`: several states for one manifest (staging, production), on the
 * local folder or a database, as Terraform's workspaces. Each workspace has
 * its own state, journal, lock and saved plans; the selection is a local
 * file (`.cloudctl/environment`), so each operator chooses their own. The
 * engine does the work (its workspace and state operations); these print.
 */
import { openEngine } from '../run.js';
import type { Workspace } from '../workspace.js';

/** `workspace list`: every workspace, the current one starred. */
export async function workspaceList(ws: Workspace): Promise<number> {
  const engine = await openEngine(ws);
  try {
    const { names, current } = await engine.workspaces();
    for (const name of names) ws.io.stdout.write(`${name === current ? '*' : ' '} ${name}\n`);
    return 0;
  } finally {
    await engine.close();
  }
}

/** `workspace show`: the current workspace's name. */
export function workspaceShow(ws: Workspace): Promise<number> {
  ws.io.stdout.write(`${ws.name}\n`);
  return Promise.resolve(0);
}

/**
 * `workspace new NAME`: creates an empty workspace NAME and selects it.
 * @throws Error when NAME is invalid or exists.
 */
export async function workspaceNew(ws: Workspace, name: string): Promise<number> {
  const engine = await openEngine(ws);
  try {
    await engine.createWorkspace(name);
  } finally {
    await engine.close();
  }
  ws.io.stdout.write(
    `${ws.style.green(`Created and switched to workspace "${name}".`)} It has no state yet: a plan there creates everything its manifest declares.\n`,
  );
  return 0;
}

/**
 * `workspace select NAME`: makes NAME the current workspace of this folder.
 * @throws Error when NAME does not exist.
 */
export async function workspaceSelect(ws: Workspace, name: string): Promise<number> {
  const engine = await openEngine(ws);
  try {
    await engine.selectWorkspace(name);
  } finally {
    await engine.close();
  }
  ws.io.stdout.write(`Switched to workspace "${name}".\n`);
  return 0;
}

/**
 * `workspace delete NAME`: deletes an empty workspace's state, journal and
 * saved plans.
 * @throws Error for `default`, the current workspace, one that does not
 *   exist, or one that still manages resources (destroy them first).
 */
export async function workspaceDelete(ws: Workspace, name: string): Promise<number> {
  const engine = await openEngine(ws);
  try {
    await engine.deleteWorkspace(name);
  } finally {
    await engine.close();
  }
  ws.io.stdout.write(`Deleted workspace "${name}".\n`);
  return 0;
}

/**
 * `state migrate --to URL|local`: moves the current workspace's state,
 * journal and outputs to another backend (the engine's `migrateState`),
 * then tells how to point cloudctl at it.
 */
export async function stateMigrate(ws: Workspace, to: string, lockTimeoutSeconds: number): Promise<number> {
  const engine = await openEngine(ws);
  try {
    const report = await engine.migrateState(to, { lockTimeoutSeconds });
    ws.io.stdout.write(
      `${ws.style.green('State migrated and verified.')} ${report.resources} resources, ${report.outputs} outputs and ${report.journalEntries} journal entries ` +
        `(lineage ${report.lineage}, serial ${report.serial}, sha256 ${report.contentHash.slice(0, 12)}) moved from ${report.from} to ${report.to}.\n`,
    );
  } finally {
    await engine.close();
  }
  ws.io.stdout.write(
    to === 'local'
      ? 'The old copy is marked as moved and refuses to be used. Run cloudctl without --backend / CLOUDCTL_BACKEND from now on.\n'
      : `The old state is marked as moved and refuses to be used. Point cloudctl at the new one: export CLOUDCTL_BACKEND='${to.replace(/\/\/([^:@/]*):[^@/]*@/, '//$1@')}' (the password from PGPASSWORD), or a backend block in the manifest.\n`,
  );
  return 0;
}
