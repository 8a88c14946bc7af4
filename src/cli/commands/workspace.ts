/**
 * `cloudctl workspace list|new|select|delete|show` and `cloudctl state
 * migrate`: several states for one manifest (staging, production), on the
 * local folder or a database, as Terraform's workspaces. Each workspace has
 * its own state, journal, lock and saved plans; the selection is a local
 * file (`.cloudctl/environment`), so each operator chooses their own.
 */
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { migrateState, openBackend, openState, StateError, type StateLocation } from '../../state/index.js';
import { backendLocation, checkWorkspaceName, DEFAULT_WORKSPACE, type Workspace } from '../workspace.js';

/** The workspaces `ws`'s backend holds, `default` always among them, sorted. */
async function workspaceNames(ws: Workspace): Promise<string[]> {
  const location = ws.stateLocation();
  const names = new Set<string>([DEFAULT_WORKSPACE]);
  if (location.backend === 'postgres') {
    const database = openBackend(location);
    try {
      for (const name of await database.workspaces()) names.add(name);
    } finally {
      await database.close();
    }
  } else {
    const folder = ws.resolve(join(ws.baseFolder, 'workspaces'));
    const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) if (entry.isDirectory()) names.add(entry.name);
  }
  return [...names].sort();
}

async function select(ws: Workspace, name: string): Promise<void> {
  const folder = ws.resolve(ws.baseFolder);
  await mkdir(folder, { recursive: true, mode: 0o700 });
  await writeFile(join(folder, 'environment'), `${name}\n`, { mode: 0o600 });
}

/** `workspace list`: every workspace, the current one starred. */
export async function workspaceList(ws: Workspace): Promise<number> {
  for (const name of await workspaceNames(ws)) ws.io.stdout.write(`${name === ws.name ? '*' : ' '} ${name}\n`);
  return 0;
}

/** `workspace show`: the current workspace's name. */
export function workspaceShow(ws: Workspace): Promise<number> {
  ws.io.stdout.write(`${ws.name}\n`);
  return Promise.resolve(0);
}

/**
 * `workspace new NAME`: creates an empty state for NAME and selects it.
 * @throws Error when NAME is invalid or exists.
 */
export async function workspaceNew(ws: Workspace, name: string): Promise<number> {
  checkWorkspaceName(name);
  if ((await workspaceNames(ws)).includes(name))
    throw new Error(`workspace "${name}" already exists; 'cloudctl workspace select ${name}' switches to it`);
  const target = ws.forWorkspace(name);
  const location = target.stateLocation();
  if (location.backend === 'local') await mkdir(dirname(target.resolve(target.statePath)), { recursive: true, mode: 0o700 });
  else {
    const state = await openState(location, { env: ws.io.env, lock: { command: `workspace new ${name}` }, lineage: randomUUID() });
    try {
      await state.backend.write(state.store.document);
    } finally {
      await state.close();
    }
  }
  await select(ws, name);
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
  checkWorkspaceName(name);
  if (!(await workspaceNames(ws)).includes(name))
    throw new Error(`workspace "${name}" does not exist; 'cloudctl workspace new ${name}' creates it`);
  await select(ws, name);
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
  checkWorkspaceName(name);
  if (name === DEFAULT_WORKSPACE) throw new Error('the default workspace cannot be deleted');
  if (name === ws.name)
    throw new Error(`workspace "${name}" is the current one; select another first ('cloudctl workspace select default')`);
  if (!(await workspaceNames(ws)).includes(name)) throw new Error(`workspace "${name}" does not exist`);
  const target = ws.forWorkspace(name);
  const location = target.stateLocation();
  const state = await openState(location, { env: ws.io.env, lock: { command: `workspace delete ${name}` } });
  try {
    const managed = state.store.addresses();
    if (managed.length > 0) {
      throw new StateError(
        `workspace "${name}" still manages ${managed.length} resource${managed.length === 1 ? '' : 's'} (${managed.slice(0, 5).join(', ')}${managed.length > 5 ? ', ...' : ''}): destroy them first ('cloudctl destroy MANIFEST --workspace ${name}'), or forget them with 'cloudctl state rm'`,
      );
    }
    if (state.backend.kind === 'postgres') await state.backend.deleteWorkspace();
  } finally {
    await state.close();
  }
  if (location.backend === 'local') {
    const folder = dirname(target.resolve(target.statePath));
    if ((await stat(folder).catch(() => undefined))?.isDirectory()) await rm(folder, { recursive: true, force: true });
  }
  ws.io.stdout.write(`Deleted workspace "${name}".\n`);
  return 0;
}

/**
 * `state migrate --to URL|local`: moves the current workspace's state,
 * journal and outputs to another backend (see src/state/migrate.ts), then
 * tells how to point cloudctl at it.
 */
export async function stateMigrate(ws: Workspace, to: string, lockTimeoutSeconds: number): Promise<number> {
  const from = ws.stateLocation();
  const target: StateLocation = backendLocation(to, ws.name, undefined, ws.io.env) ?? {
    backend: 'local',
    statePath: ws.statePath,
    cwd: ws.io.cwd,
  };
  const report = await migrateState(from, target, { command: `state migrate --to ${target.backend}`, lockTimeoutSeconds });
  ws.io.stdout.write(
    `${ws.style.green('State migrated and verified.')} ${report.resources} resources, ${report.outputs} outputs and ${report.journalEntries} journal entries ` +
      `(lineage ${report.lineage}, serial ${report.serial}, sha256 ${report.contentHash.slice(0, 12)}) moved from ${report.from} to ${report.to}.\n`,
  );
  ws.io.stdout.write(
    target.backend === 'postgres'
      ? `The old state is marked as moved and refuses to be used. Point cloudctl at the new one: export CLOUDCTL_BACKEND='${to.replace(/\/\/([^:@/]*):[^@/]*@/, '//$1@')}' (the password from PGPASSWORD), or a backend block in the manifest.\n`
      : 'The database copy is marked as moved and refuses to be used. Run cloudctl without --backend / CLOUDCTL_BACKEND from now on.\n',
  );
  return 0;
}
