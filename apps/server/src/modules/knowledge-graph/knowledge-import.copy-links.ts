/**
 * Matching a copied graph's links to the target course's own content (spec 001 section 7, import from another
 * course with `import_refer_resource`). Another course holds its own copies of activities, libraries and
 * questions, with new ids: an item maps only when exactly one item of the target matches it, so a link is never
 * guessed between two look-alikes.
 */

/** Maps each source item to the one target item with the same key; items with no or several matches stay out. */
export function uniqueMatches<T extends { id: number }>(
  sources: readonly T[],
  targets: readonly T[],
  keyOf: (item: T) => string,
): Map<number, number> {
  const byKey = new Map<string, number[]>();
  for (const target of targets) {
    const key = keyOf(target);
    byKey.set(key, [...(byKey.get(key) ?? []), target.id]);
  }
  const mapped = new Map<number, number>();
  for (const source of sources) {
    const matches = byKey.get(keyOf(source)) ?? [];
    if (matches.length === 1 && matches[0] !== undefined) mapped.set(source.id, matches[0]);
  }
  return mapped;
}

export type QuestionRow = {
  id: number;
  activityId: number | null;
  libId: number | null;
  parentId: number | null;
  isMakeup: boolean;
  type: string;
  description: string;
  sort: number;
};

/**
 * Maps the source's questions to the target's inside owners already mapped (a paper to its copy, a library to
 * its copy). A question is matched on its owner, paper (main or make-up), stem (for a sub-question), type and
 * text; when the same text appears more than once in one paper, its place (sort) tells them apart.
 */
export function matchQuestions(
  source: readonly QuestionRow[],
  target: readonly QuestionRow[],
  activityMap: ReadonlyMap<number, number>,
  libMap: ReadonlyMap<number, number>,
): Map<number, number> {
  const keyer = (rows: readonly QuestionRow[], owner: (q: QuestionRow) => string | undefined) => {
    const byId = new Map(rows.map((q) => [q.id, q]));
    const content = (q: QuestionRow): string => {
      const parent = q.parentId === null ? undefined : byId.get(q.parentId);
      return [owner(q) ?? `?${q.id}`, q.isMakeup, parent ? content(parent) : '', q.type, q.description].join(
        '\u0000',
      );
    };
    return { content, placed: (q: QuestionRow) => `${content(q)}\u0000${q.sort}` };
  };
  const sourceOwner = (q: QuestionRow) =>
    q.activityId !== null
      ? activityMap.has(q.activityId)
        ? `a${activityMap.get(q.activityId)}`
        : undefined
      : q.libId !== null && libMap.has(q.libId)
        ? `l${libMap.get(q.libId)}`
        : undefined;
  const targetOwner = (q: QuestionRow) =>
    q.activityId !== null ? `a${q.activityId}` : q.libId !== null ? `l${q.libId}` : undefined;
  const from = keyer(source, sourceOwner);
  const to = keyer(target, targetOwner);
  const mapped = new Map<number, number>();
  const byContent = new Map<string, number[]>();
  const byPlace = new Map<string, number[]>();
  for (const q of target) {
    const content = to.content(q);
    const placed = to.placed(q);
    byContent.set(content, [...(byContent.get(content) ?? []), q.id]);
    byPlace.set(placed, [...(byPlace.get(placed) ?? []), q.id]);
  }
  for (const q of source) {
    if (sourceOwner(q) === undefined) continue;
    const same = byContent.get(from.content(q)) ?? [];
    const candidates = same.length > 1 ? (byPlace.get(from.placed(q)) ?? []) : same;
    if (candidates.length === 1 && candidates[0] !== undefined) mapped.set(q.id, candidates[0]);
  }
  return mapped;
}
