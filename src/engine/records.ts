/**
 * Records of many properties whose keys are known only at run time, made
 * as ordinary objects. V8 turns an object given more than a dozen
 * properties by computed keys (`record[name] = value`) into a hash table
 * ("dictionary mode"), several times larger: a planned VM's 28 values took
 * about 1.6 KB instead of about 250 B. A {@link RecordMaker} makes each
 * distinct list of keys once as a template (by `JSON.parse`, whose objects
 * keep ordinary properties), and each record as a copy of its template
 * (`{ ...template }`, same layout) whose values are then stored in place.
 */

/** A step of a {@link RecordMaker}'s trie of key lists: the lists that go on, and the template of the list ending here. */
interface KeyStep {
  next: Map<string, KeyStep>;
  template?: Record<string, null>;
}

/**
 * Makes records of given keys and values (see the module comment). Keys
 * and values are gathered one by one ({@link RecordMaker.add}), then
 * {@link RecordMaker.make} gives the record: the keys in the order first
 * added, each with the value last added for it (what assigning them in
 * turn to `{}` gives). Not re-entrant: one record at a time.
 */
export class RecordMaker {
  private readonly root: KeyStep = { next: new Map() };
  private step: KeyStep = this.root;
  private readonly keys: string[] = [];
  private readonly values: unknown[] = [];
  private count = 0;
  /** A key that assigning cannot store as an own property (`__proto__`) was added: the record is made by assigning. */
  private unusual = false;

  /** Adds `key` with `value` to the record being made. */
  add(key: string, value: unknown): void {
    if (key === '__proto__') this.unusual = true;
    let next = this.step.next.get(key);
    if (!next) {
      next = { next: new Map() };
      this.step.next.set(key, next);
    }
    this.step = next;
    this.keys[this.count] = key;
    this.values[this.count++] = value;
  }

  /** The record of what was added since the last one (and starts the next). */
  make<T>(): Record<string, T> {
    const { keys, values, count, step } = this;
    this.step = this.root;
    this.count = 0;
    let record: Record<string, T>;
    if (this.unusual) {
      this.unusual = false;
      record = {};
    } else {
      step.template ??= JSON.parse(JSON.stringify(Object.fromEntries(keys.slice(0, count).map((key) => [key, null])))) as Record<
        string,
        null
      >;
      record = { ...step.template } as Record<string, T>;
    }
    for (let index = 0; index < count; index++) record[keys[index]!] = values[index] as T;
    values.fill(undefined, 0, count);
    return record;
  }
}
