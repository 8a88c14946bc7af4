/**
 * Addresses of resource and data source instances, as written in plan
 * output, state, `--target`, `--replace`, `state mv`, `moved:` and
 * `import:` blocks.
 *
 * ```
 * address  := (step ".")* step
 * step     := NAME key?
 * key      := "[" INTEGER "]" | "[" QUOTED "]"
 * NAME     := [A-Za-z_][A-Za-z0-9_-]*
 * QUOTED   := a JSON string ("eu", "a\"b")
 * ```
 *
 * Every step but the last names a module instance (`cluster`, `cluster[0]`,
 * `cluster["eu"]`); the last names the resource (`web`, `web[2]`,
 * `web["eu"]`). A resource block with neither `count` nor `for_each` has
 * one instance whose address is its name, so addresses written before
 * repetition existed (`web`) stay valid and every existing state keeps its
 * keys. The canonical text (what {@link formatAddress} writes and state
 * keys use) has no blanks and double-quoted string keys.
 */

/** One step of an address: a name and, for an instance of a repeated block, its key. */
export interface AddressStep {
  name: string;
  /** `count` index (a whole number) or `for_each` key (a string); absent for a block without repetition. */
  key?: number | string;
}

/** A parsed address: module steps (outermost first), then the resource step. */
export interface Address {
  modules: AddressStep[];
  resource: AddressStep;
}

const NAME = /^[A-Za-z_][A-Za-z0-9_-]*/;

/** Text of one step: `web`, `web[0]`, `web["eu"]`. */
export function formatStep(step: AddressStep): string {
  if (step.key === undefined) return step.name;
  return typeof step.key === 'number' ? `${step.name}[${step.key}]` : `${step.name}[${JSON.stringify(step.key)}]`;
}

/** Canonical text of an address: `cluster["eu"].web[0]`. */
export function formatAddress(address: Address): string {
  return [...address.modules, address.resource].map(formatStep).join('.');
}

/** Address of the instance `key` of the block `name` (no modules): `instanceAddress('web', 0)` → `web[0]`. */
export function instanceAddress(name: string, key?: number | string): string {
  return formatStep({ name, key });
}

/**
 * Parses an address written by a user or read from state.
 *
 * Returns the address, or `{ error }` with a complete message such as
 * `invalid address "web[": expected a whole number or a quoted key inside "[ ]"`.
 * Blanks around the whole text and inside brackets are allowed; `web['eu']`
 * (single quotes) is read like `web["eu"]`.
 */
export function parseAddress(text: string): { address: Address } | { error: string } {
  let rest = text.trim();
  const fail = (why: string) => ({ error: `invalid address "${text}": ${why}` });
  if (rest === '') return fail('it is empty');
  const steps: AddressStep[] = [];
  for (;;) {
    const name = NAME.exec(rest);
    if (!name) return fail(`expected a name at "${rest}"`);
    rest = rest.slice(name[0].length);
    const step: AddressStep = { name: name[0] };
    if (rest.startsWith('[')) {
      const index = /^\[\s*(\d+)\s*\]/.exec(rest);
      const quoted = /^\[\s*("(?:[^"\\]|\\.)*"|'[^']*')\s*\]/.exec(rest);
      if (index) {
        const value = Number(index[1]);
        if (!Number.isSafeInteger(value)) return fail(`index ${index[1]} is too large`);
        step.key = value;
        rest = rest.slice(index[0].length);
      } else if (quoted) {
        try {
          step.key = quoted[1].startsWith('"') ? (JSON.parse(quoted[1]) as string) : quoted[1].slice(1, -1);
        } catch {
          return fail(`bad quoted key ${quoted[1]}`);
        }
        rest = rest.slice(quoted[0].length);
      } else {
        return fail(`expected a whole number or a quoted key inside "[ ]" after "${step.name}"`);
      }
    }
    steps.push(step);
    if (rest === '') break;
    if (!rest.startsWith('.')) return fail(`unexpected "${rest.charAt(0)}" after "${formatStep(step)}"`);
    rest = rest.slice(1);
  }
  const resource = steps.pop() as AddressStep;
  return { address: { modules: steps, resource } };
}

/**
 * The canonical text of an address (`web['eu']` → `web["eu"]`), or
 * undefined when `text` is not an address.
 */
export function canonicalAddress(text: string): string | undefined {
  const parsed = parseAddress(text);
  return 'address' in parsed ? formatAddress(parsed.address) : undefined;
}

/**
 * Whether the address `target`, as given to `--target` or `--replace`,
 * selects the instance `address`: the same address, or one that contains
 * it, as Terraform reads targets. `web` selects `web`, `web[0]` and
 * `web["eu"]`; `cluster` selects `cluster.web` and `cluster[1].db[0]`;
 * `web[0]` selects only `web[0]`. Both are canonical texts or any text
 * {@link parseAddress} reads; an unreadable one selects nothing.
 */
export function addressSelects(target: string, address: string): boolean {
  const outer = parseAddress(target);
  const inner = parseAddress(address);
  if (!('address' in outer) || !('address' in inner)) return false;
  const outerSteps = [...outer.address.modules, outer.address.resource];
  const innerSteps = [...inner.address.modules, inner.address.resource];
  if (outerSteps.length > innerSteps.length) return false;
  return outerSteps.every((step, index) => {
    const other = innerSteps[index];
    if (step.name !== other.name) return false;
    if (step.key === undefined) return true;
    return step.key === other.key;
  });
}

/** Address without the resource step's key: `cluster.web[0]` → `cluster.web` (the block an instance comes from). */
export function blockAddress(address: string): string {
  const parsed = parseAddress(address);
  if (!('address' in parsed)) return address;
  return formatAddress({ modules: parsed.address.modules, resource: { name: parsed.address.resource.name } });
}
