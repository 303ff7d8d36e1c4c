/**
 * Writes that arrive together go to the database as one statement (issue 12's exam storm: a whole class
 * saves within the same second). Every statement costs PostgreSQL a bind, an executor start, a commit and
 * a WAL flush, and Node a pool checkout and a round trip, whatever its row count; with a thousand students
 * in flight those per-statement costs, not the rows, were most of the work (decision 0006, session 17).
 *
 * Nothing waits for a timer: the items submitted during one turn of the event loop (the requests parsed
 * from one poll) are flushed on `setImmediate`, so a lone write goes out exactly as before, one turn later.
 * A batch holds at most one item per `key` (a student's second save in the same turn goes in the next
 * batch, so the later save is the one that stays) and only items that `compatible` says may share a
 * statement. When the batch statement fails (a lock conflict between two batches, say), each of its items
 * is tried again alone with `runOne`, which answers or fails exactly as an unbatched write would.
 */
export type StatementBatcher<Item, Result> = {
  submit(item: Item): Promise<Result | undefined>;
};

export type StatementBatcherOptions<Item, Result> = {
  /** The row a batch may hold once (a submission id): a duplicate waits for the next batch. */
  key: (item: Item) => string | number;
  /** Whether two items may share a statement (the same exam, judged on the same facts). */
  compatible: (a: Item, b: Item) => boolean;
  /** One statement for every item; the result for each item, in the items' order (undefined: not written). */
  runBatch: (items: readonly Item[]) => Promise<(Result | undefined)[]>;
  /** The same write for one item, as it would be without batching. */
  runOne: (item: Item) => Promise<Result | undefined>;
  /** The most items one statement carries. */
  maxItems: number;
};

type Pending<Item, Result> = {
  item: Item;
  resolve: (result: Result | undefined) => void;
  reject: (error: unknown) => void;
};

export function statementBatcher<Item, Result>(
  options: StatementBatcherOptions<Item, Result>,
): StatementBatcher<Item, Result> {
  let queue: Pending<Item, Result>[] = [];
  let scheduled = false;

  async function runGroup(group: Pending<Item, Result>[]): Promise<void> {
    if (group.length === 1) {
      const [only] = group as [Pending<Item, Result>];
      await options.runOne(only.item).then(only.resolve, only.reject);
      return;
    }
    let results: (Result | undefined)[];
    try {
      results = await options.runBatch(group.map((p) => p.item));
    } catch {
      await Promise.all(group.map((p) => options.runOne(p.item).then(p.resolve, p.reject)));
      return;
    }
    group.forEach((p, i) => p.resolve(results[i]));
  }

  /** Splits the queue into statements: compatible items, one per key, at most maxItems each. */
  function groupsOf(pending: Pending<Item, Result>[]): Pending<Item, Result>[][] {
    const groups: { first: Item; items: Pending<Item, Result>[]; keys: Set<string | number> }[] = [];
    for (const p of pending) {
      const key = options.key(p.item);
      let group = groups.find(
        (g) => g.items.length < options.maxItems && !g.keys.has(key) && options.compatible(g.first, p.item),
      );
      if (!group) groups.push((group = { first: p.item, items: [], keys: new Set() }));
      group.items.push(p);
      group.keys.add(key);
    }
    return groups.map((g) => g.items);
  }

  function flush(): void {
    scheduled = false;
    const pending = queue;
    queue = [];
    // A later group may hold a later save of a row an earlier group writes: the groups run one after
    // another only where they share a key, so arrival order decides which save of a row stays.
    const groups = groupsOf(pending);
    let previous: Promise<void> = Promise.resolve();
    const seen = new Set<string | number>();
    for (const group of groups) {
      const keys = group.map((p) => options.key(p.item));
      const dependsOnEarlier = keys.some((k) => seen.has(k));
      for (const k of keys) seen.add(k);
      const run = dependsOnEarlier ? previous.then(() => runGroup(group)) : runGroup(group);
      previous = Promise.all([previous, run]).then(() => undefined);
    }
  }

  return {
    submit(item) {
      return new Promise<Result | undefined>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        if (!scheduled) {
          scheduled = true;
          setImmediate(flush);
        }
      });
    },
  };
}
