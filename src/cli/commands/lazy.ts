/**
 * Every command's entry point, loaded on first call. `main.ts` imports the
 * commands from here, so `cloudctl --version` and `--help` load commander
 * and nothing else, and `validate` loads the manifest pipeline but not the
 * simulator, the HTTP client, the engine or the state backends. Each
 * function has the signature of the one it stands for and resolves with
 * what that one resolves with (same errors).
 *
 * A new command: export it from its module as usual and add one line here,
 * `export const nameCommand = lazy(() => import('./module.js'), 'nameCommand');`,
 * then import it in `main.ts` from `./commands/lazy.js`.
 */

/** A function of module `M` (any exported function), named `K`. */
type Exported<M, K extends keyof M> = M[K] extends (...args: infer A) => infer R ? (...args: A) => Promise<Awaited<R>> : never;

/**
 * Stands for the function `name` of the module `load` imports: the module is
 * imported on the first call (Node caches it for the next ones).
 */
export function lazy<M, K extends keyof M>(load: () => Promise<M>, name: K): Exported<M, K> {
  const call = async (...args: unknown[]) => {
    const loaded = (await load())[name] as (...args: unknown[]) => unknown;
    return loaded(...args);
  };
  return call as Exported<M, K>;
}

const stateModule = () => import('./state.js');
const workspaceModule = () => import('./workspace.js');

export const applyCommand = lazy(() => import('./apply.js'), 'applyCommand');
export const costCommand = lazy(() => import('./cost.js'), 'costCommand');
export const doctorCommand = lazy(() => import('./doctor.js'), 'doctorCommand');
export const fmtCommand = lazy(() => import('./fmt.js'), 'fmtCommand');
export const forceUnlockCommand = lazy(() => import('./force-unlock.js'), 'forceUnlockCommand');
export const graphCommand = lazy(() => import('./graph.js'), 'graphCommand');
export const importCommand = lazy(() => import('./import.js'), 'importCommand');
export const planCommand = lazy(() => import('./plan.js'), 'planCommand');
export const refreshCommand = lazy(() => import('./refresh.js'), 'refreshCommand');
export const showCommand = lazy(() => import('./show.js'), 'showCommand');
const stacksModule = () => import('./stacks.js');
export const stacksPlanCommand = lazy(stacksModule, 'stacksPlanCommand');
export const stacksApplyCommand = lazy(stacksModule, 'stacksApplyCommand');
export const stacksDestroyCommand = lazy(stacksModule, 'stacksDestroyCommand');
export const stacksWatchCommand = lazy(stacksModule, 'stacksWatchCommand');
export const watchCommand = lazy(() => import('./watch.js'), 'watchCommand');
export const testCommand = lazy(() => import('./test.js'), 'testCommand');

export const validateCommand = lazy(() => import('./validate.js'), 'validateCommand');
export const lspCommand = lazy(() => import('./lsp.js'), 'lspCommand');
export const simulatorCommand = lazy(() => import('./simulator.js'), 'simulatorCommand');
export const schemaCommand = lazy(() => import('./schema.js'), 'schemaCommand');

export const stateList = lazy(stateModule, 'stateList');
export const stateShow = lazy(stateModule, 'stateShow');
export const stateRemove = lazy(stateModule, 'stateRemove');
export const stateMove = lazy(stateModule, 'stateMove');
export const stateRepair = lazy(stateModule, 'stateRepair');
export const outputCommand = lazy(stateModule, 'outputCommand');

export const workspaceList = lazy(workspaceModule, 'workspaceList');
export const workspaceShow = lazy(workspaceModule, 'workspaceShow');
export const workspaceNew = lazy(workspaceModule, 'workspaceNew');
export const workspaceSelect = lazy(workspaceModule, 'workspaceSelect');
export const workspaceDelete = lazy(workspaceModule, 'workspaceDelete');
export const stateMigrate = lazy(workspaceModule, 'stateMigrate');
