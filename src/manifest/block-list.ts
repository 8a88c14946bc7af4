/**
 * The blocks of a manifest's `resources:` or `data:` record as an array,
 * made once per record. A manifest of 100,000 resources keeps them in a
 * record V8 holds as a dictionary, where every `Object.values` collects and
 * sorts 100,000 entries again (about 0.1 s each); the load's dozen passes
 * over the blocks (validation, calls, repetition, lifecycle, the graph)
 * read this list instead. Code that adds or replaces a block of a record
 * after reading its list must say so with {@link blocksChanged} (parse/,
 * folder.ts and expand/modules.ts do); expansion makes new records.
 */

/** The lists made so far, by record (a record no longer used is collected with its list). */
const lists = new WeakMap<object, readonly unknown[]>();

/** The values of `record` in its order, as `Object.values` gives them; the same array until {@link blocksChanged}. Never mutate it. */
export function blocksOf<T>(record: Readonly<Record<string, T>>): readonly T[] {
  let list = lists.get(record) as readonly T[] | undefined;
  if (!list) {
    list = Object.values(record);
    lists.set(record, list);
  }
  return list;
}

/** Forgets the list of `record` (a block was added, replaced or removed): the next {@link blocksOf} reads the record again. */
export function blocksChanged(record: object): void {
  lists.delete(record);
}

/**
 * Records `list` as the blocks of `record`: the code that filled a record
 * block by block, in order, knows its list (the values in insertion order,
 * which is `Object.values`'s order, block names never being array indexes),
 * so the first {@link blocksOf} need not read a large record again.
 */
export function blocksKnown<T>(record: Readonly<Record<string, T>>, list: readonly T[]): void {
  lists.set(record, list);
}
