/**
 * A plan's changes as a reviewer takes them in (the HTML page and its
 * graph, html.ts and svg.ts): the instances of one repeated block (`count`,
 * `for_each`, in a repeated module too) as one block with their number, and
 * the blocks grouped by the module they are declared in. Also how each
 * action is drawn: colour, shape and sign, the same in the graph, the
 * changes' list and the legend. A `create_before_destroy` replace and the
 * delete of the account it deposed are drawn apart from an ordinary
 * replace and delete ({@link drawnAs}).
 */
import { formatAddress, parseAddress } from '../../core/address.js';
import type { Action, Change } from '../../plan/document.js';

/** How an action is drawn: fill and border colours, the graph's node shape and border style, its sign and words. */
export interface ActionStyle {
  fill: string;
  border: string;
  /** Graphviz shape of a resource node (data sources are always ellipses). */
  shape: 'box' | 'hexagon' | 'octagon' | 'ellipse' | 'parallelogram' | 'invtrapezium';
  /** Graphviz style of the node's border. */
  line: 'solid' | 'dashed' | 'bold';
  /** Terraform's sign: `+`, `~`, `-/+`, `+/-`, `-`, `<=`. */
  sign: string;
  words: string;
}

/**
 * How a change is drawn: its action, except a replace under
 * `create_before_destroy` (the new account first, reason
 * `replace_creates_first`) and the delete of an account such a replace
 * deposed (reason `delete_deposed`), each drawn its own way.
 */
export type Drawn = Action | 'create_before_destroy' | 'deposed';

/** How `change` is drawn (see {@link Drawn}). */
export function drawnAs(change: Pick<Change, 'action' | 'reasonCodes'>): Drawn {
  if (change.action === 'replace' && (change.reasonCodes ?? []).some((reason) => reason.code === 'replace_creates_first'))
    return 'create_before_destroy';
  if (change.action === 'delete' && (change.reasonCodes ?? []).some((reason) => reason.code === 'delete_deposed')) return 'deposed';
  return change.action;
}

/**
 * The style of each way a change is drawn. Delete, replace and
 * create-before-destroy (and its deposed delete) differ in colour, shape
 * and border, not only in shade.
 */
export const ACTION_STYLES: Readonly<Record<Drawn, ActionStyle>> = {
  create: { fill: '#c8f0c8', border: '#2e7d32', shape: 'box', line: 'solid', sign: '+', words: 'create' },
  update: { fill: '#fbeaa5', border: '#8a6d00', shape: 'box', line: 'solid', sign: '~', words: 'update in-place' },
  replace: {
    fill: '#f9c98a',
    border: '#b35900',
    shape: 'hexagon',
    line: 'bold',
    sign: '-/+',
    words: 'destroy and then create replacement',
  },
  create_before_destroy: {
    fill: '#d9c8f5',
    border: '#5b2c91',
    shape: 'parallelogram',
    line: 'bold',
    sign: '+/-',
    words: 'create replacement and then destroy',
  },
  delete: { fill: '#f4b4b4', border: '#a4000f', shape: 'octagon', line: 'dashed', sign: '-', words: 'destroy' },
  deposed: { fill: '#d6d6d6', border: '#4a4a4a', shape: 'invtrapezium', line: 'dashed', sign: '-', words: 'destroy deposed' },
  read: { fill: '#c7e6f5', border: '#1f6391', shape: 'ellipse', line: 'solid', sign: '<=', words: 'read during apply' },
  noop: { fill: '#ffffff', border: '#999999', shape: 'box', line: 'solid', sign: ' ', words: 'no change' },
};

/** Which way a block of mixed changes is drawn: the one a reviewer must see first. */
const SEVERITY: readonly Drawn[] = ['delete', 'deposed', 'replace', 'create_before_destroy', 'update', 'create', 'read', 'noop'];

/** The instances of one block (`web`, or every `web[i]` of every `cluster[j]`), in plan order. */
export interface BlockGroup {
  /** The block's address without any instance key: `cluster.web`. */
  key: string;
  /** How it is named: `web` for a block of one instance, `web[*]` / `cluster[*].web[*]` for a repeated one. */
  label: string;
  /** The module block it is declared in, keys left out (`cluster`); `''` for the root module. */
  module: string;
  type: string;
  mode: Change['mode'];
  /** True when any step of its addresses has a key (count, for_each). */
  repeated: boolean;
  changes: Change[];
  /** How many instances are drawn each way ({@link drawnAs}). */
  actions: Partial<Record<Drawn, number>>;
  /** How it is drawn: as its instances are, else as the most severe of them. */
  action: Drawn;
  /** Paid orders of every instance. */
  paidOrders: number;
  /** The blocks (keys) its instances wait for. */
  dependsOn: Set<string>;
}

/** The blocks declared in one module (every instance of it). */
export interface ModuleGroup {
  /** The module block, keys left out (`cluster`); `''` for the root module. */
  path: string;
  /** How many instances of the module the plan touches (1 for the root). */
  instances: number;
  blocks: BlockGroup[];
}

/** The block key, label, module and whether `address` is an instance of a repeated block or module. */
export function blockOf(address: string): { key: string; label: string; module: string; repeated: boolean; moduleInstance: string } {
  const parsed = parseAddress(address);
  if (!('address' in parsed)) return { key: address, label: address, module: '', repeated: false, moduleInstance: '' };
  const { resource } = parsed.address;
  let modules = parsed.address.modules;
  // A data source's address has a `data` step before its name (`data.ubuntu`, `cluster.data.ubuntu`).
  const data = modules.length > 0 && modules[modules.length - 1].name === 'data' && modules[modules.length - 1].key === undefined;
  if (data) modules = modules.slice(0, -1);
  const steps = [...modules, ...(data ? [{ name: 'data' }] : []), resource];
  const repeated = steps.some((step) => step.key !== undefined);
  const key = steps.map((step) => step.name).join('.');
  const label = steps.map((step) => (step.key === undefined ? step.name : `${step.name}[*]`)).join('.');
  const moduleInstance =
    modules.length === 0 ? '' : formatAddress({ modules: modules.slice(0, -1), resource: modules[modules.length - 1] });
  return { key, label, module: modules.map((step) => step.name).join('.'), repeated, moduleInstance };
}

/** The changes of a plan grouped by module (the root first, then in plan order) and by block (in plan order). */
export function groupChanges(changes: readonly Change[]): ModuleGroup[] {
  const modules = new Map<string, ModuleGroup & { seen: Set<string> }>();
  const blocks = new Map<string, BlockGroup>();
  const blockOfAddress = new Map<string, string>();
  for (const change of changes) {
    const where = blockOf(change.address);
    blockOfAddress.set(change.address, where.key);
    let module = modules.get(where.module);
    if (!module) {
      module = { path: where.module, instances: 0, blocks: [], seen: new Set() };
      modules.set(where.module, module);
    }
    if (!module.seen.has(where.moduleInstance)) {
      module.seen.add(where.moduleInstance);
      module.instances++;
    }
    let block = blocks.get(where.key);
    if (!block) {
      block = {
        key: where.key,
        label: where.label,
        module: where.module,
        type: change.type,
        mode: change.mode,
        repeated: false,
        changes: [],
        actions: {},
        action: drawnAs(change),
        paidOrders: 0,
        dependsOn: new Set(),
      };
      blocks.set(where.key, block);
      module.blocks.push(block);
    }
    block.repeated ||= where.repeated;
    if (where.repeated) block.label = where.label;
    block.changes.push(change);
    const drawn = drawnAs(change);
    block.actions[drawn] = (block.actions[drawn] ?? 0) + 1;
    block.paidOrders += change.paidOrders;
  }
  for (const block of blocks.values()) {
    block.action = SEVERITY.find((action) => (block.actions[action] ?? 0) > 0) ?? block.action;
    for (const change of block.changes)
      for (const dependency of change.dependsOn) {
        const target = blockOfAddress.get(dependency);
        if (target !== undefined && target !== block.key) block.dependsOn.add(target);
      }
  }
  const ordered = [...modules.values()].sort((a, b) => (a.path === '' ? -1 : b.path === '' ? 1 : 0));
  return ordered.map(({ seen: _seen, ...module }) => module);
}

/** `3000 create, 2 destroy` (in the order of {@link SEVERITY}, reversed: creates first). */
export function actionCounts(block: BlockGroup): string {
  return [...SEVERITY]
    .reverse()
    .filter((action) => (block.actions[action] ?? 0) > 0)
    .map((action) => `${block.actions[action]} ${ACTION_STYLES[action].words}`)
    .join(', ');
}
