import type { KnowledgeForest } from './knowledge-source.schemas.ts';
import type {
  KnowledgeNodeDiff,
  KnowledgeNodeField,
  KnowledgeRelationDiff,
} from './knowledge-sync.schemas.ts';

/** Pure rules of graph management: the diff against a source, and text similarity of nodes. */

export type LocalSyncNode = {
  id: number;
  parent_id: number | null;
  source_key: string | null;
  name: string;
  description: string;
  bloom_level: string | null;
  sort: number;
};
export type LocalSyncRelation = {
  id: number;
  source_id: number;
  target_id: number;
  type: 'directed' | 'undirected';
};

/** A relation's diff key: the unordered pair, so a relation reversed in the source is a change, not two items. */
export function relationPairKey(a: string, b: string): string {
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}

/**
 * What a sync would change here. Nodes are matched by the source key each synced node keeps; nodes made
 * here (no source key) and relations touching them are never part of the diff. A node's parent is compared
 * through its parent's source key, so a node under a local node counts as moved.
 */
export function diffKnowledgeGraph(
  local: readonly LocalSyncNode[],
  relations: readonly LocalSyncRelation[],
  forest: Pick<KnowledgeForest, 'nodes' | 'relations'>,
): { nodes: KnowledgeNodeDiff[]; relations: KnowledgeRelationDiff[] } {
  const localById = new Map(local.map((n) => [n.id, n]));
  const localByKey = new Map<string, LocalSyncNode>();
  for (const n of local) if (n.source_key !== null) localByKey.set(n.source_key, n);
  const forestByKey = new Map(forest.nodes.map((n) => [n.key, n]));
  const parentKeyOf = (n: LocalSyncNode): string | null => {
    if (n.parent_id === null) return null;
    const parent = localById.get(n.parent_id);
    return parent?.source_key ?? `local:${n.parent_id}`;
  };

  const nodes: KnowledgeNodeDiff[] = [];
  for (const f of forest.nodes) {
    const here = localByKey.get(f.key);
    if (!here) {
      nodes.push({ key: f.key, change: 'added', node_id: null, name: null, source_name: f.name, fields: [] });
      continue;
    }
    const fields: KnowledgeNodeField[] = [];
    if (here.name !== f.name) fields.push('name');
    if (here.description !== f.description) fields.push('description');
    if (here.bloom_level !== f.bloom_level) fields.push('bloom_level');
    const parentKey = f.parent_key !== null && forestByKey.has(f.parent_key) ? f.parent_key : null;
    if (parentKeyOf(here) !== parentKey) fields.push('parent');
    if (here.sort !== f.sort) fields.push('sort');
    if (fields.length > 0) {
      nodes.push({
        key: f.key,
        change: 'changed',
        node_id: here.id,
        name: here.name,
        source_name: f.name,
        fields,
      });
    }
  }
  for (const n of local) {
    if (n.source_key !== null && !forestByKey.has(n.source_key)) {
      nodes.push({
        key: n.source_key,
        change: 'removed',
        node_id: n.id,
        name: n.name,
        source_name: null,
        fields: [],
      });
    }
  }

  const nameOfKey = (key: string) => forestByKey.get(key)?.name ?? localByKey.get(key)?.name ?? key;
  const localPairs = new Map<string, { relation: LocalSyncRelation; source: string; target: string }>();
  for (const r of relations) {
    const source = localById.get(r.source_id)?.source_key;
    const target = localById.get(r.target_id)?.source_key;
    if (!source || !target) continue;
    localPairs.set(relationPairKey(source, target), { relation: r, source, target });
  }
  const out: KnowledgeRelationDiff[] = [];
  const seen = new Set<string>();
  for (const f of forest.relations) {
    if (!forestByKey.has(f.source_key) || !forestByKey.has(f.target_key) || f.source_key === f.target_key) {
      continue;
    }
    const key = relationPairKey(f.source_key, f.target_key);
    if (seen.has(key)) continue;
    seen.add(key);
    const here = localPairs.get(key);
    const item = {
      key,
      source_key: f.source_key,
      target_key: f.target_key,
      source_name: nameOfKey(f.source_key),
      target_name: nameOfKey(f.target_key),
      type: f.type,
    };
    if (!here) out.push({ ...item, change: 'added', relation_id: null });
    else if (here.relation.type !== f.type || here.source !== f.source_key) {
      out.push({ ...item, change: 'changed', relation_id: here.relation.id });
    }
  }
  for (const [key, here] of localPairs) {
    if (seen.has(key)) continue;
    out.push({
      key,
      change: 'removed',
      relation_id: here.relation.id,
      source_key: here.source,
      target_key: here.target,
      source_name: nameOfKey(here.source),
      target_name: nameOfKey(here.target),
      type: here.relation.type,
    });
  }
  const order = { added: 0, changed: 1, removed: 2 } as const;
  nodes.sort((a, b) => order[a.change] - order[b.change]);
  out.sort((a, b) => order[a.change] - order[b.change] || a.key.localeCompare(b.key));
  return { nodes, relations: out };
}

/**
 * Character bigrams of a text, counted: lower-cased, NFKC-folded, split at anything that is not a letter
 * or digit. Chinese has no spaces, so its runs yield bigrams of neighbouring characters; a one-character run
 * counts as itself.
 */
export function characterBigrams(text: string): Map<string, number> {
  const grams = new Map<string, number>();
  const runs =
    text
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  for (const run of runs) {
    const chars = [...run];
    if (chars.length === 1) grams.set(run, (grams.get(run) ?? 0) + 1);
    for (let i = 0; i + 1 < chars.length; i += 1) {
      const gram = `${chars[i]}${chars[i + 1]}`;
      grams.set(gram, (grams.get(gram) ?? 0) + 1);
    }
  }
  return grams;
}

export type SimilarityInput = { id: number; name: string; description: string };

/** A node's vector: its name counts twice as much as its description, since names are what duplicates share. */
function vectorOf(node: SimilarityInput): Map<string, number> {
  const vector = new Map<string, number>();
  for (const [gram, count] of characterBigrams(node.name)) vector.set(gram, 2 * count);
  for (const [gram, count] of characterBigrams(node.description)) {
    vector.set(gram, (vector.get(gram) ?? 0) + count);
  }
  return vector;
}

export type SimilarPair = { source: number; target: number; score: number };

/**
 * Cosine similarity of bigram vectors for every pair scoring at least `threshold`: between `sources` and
 * `targets`, or within `sources` when `targets` is null (each unordered pair once, lower id as source).
 * Only pairs sharing a bigram are scored (an inverted index), so 2,000 nodes stay fast. Sorted by score,
 * then ids, so the answer is the same on every call.
 */
export function similarPairs(
  sources: readonly SimilarityInput[],
  targets: readonly SimilarityInput[] | null,
  threshold: number,
): SimilarPair[] {
  const within = targets === null;
  const left = sources.map((n) => ({ id: n.id, vector: vectorOf(n) }));
  const right = within ? left : targets.map((n) => ({ id: n.id, vector: vectorOf(n) }));
  const norm = (v: Map<string, number>) => Math.sqrt([...v.values()].reduce((s, x) => s + x * x, 0));
  const rightNorms = right.map((r) => norm(r.vector));
  const postings = new Map<string, { index: number; weight: number }[]>();
  right.forEach((r, index) => {
    for (const [gram, weight] of r.vector) {
      const list = postings.get(gram);
      if (list) list.push({ index, weight });
      else postings.set(gram, [{ index, weight }]);
    }
  });
  const pairs: SimilarPair[] = [];
  left.forEach((l, leftIndex) => {
    const leftNorm = norm(l.vector);
    if (leftNorm === 0) return;
    const dots = new Map<number, number>();
    for (const [gram, weight] of l.vector) {
      for (const p of postings.get(gram) ?? []) {
        if (within && p.index <= leftIndex) continue;
        dots.set(p.index, (dots.get(p.index) ?? 0) + weight * p.weight);
      }
    }
    for (const [index, dot] of dots) {
      const r = right[index];
      const rightNorm = rightNorms[index] ?? 0;
      if (!r || rightNorm === 0 || r.id === l.id) continue;
      const score = Math.round((dot / (leftNorm * rightNorm)) * 10_000) / 10_000;
      if (score < threshold) continue;
      const [source, target] = within && r.id < l.id ? [r.id, l.id] : [l.id, r.id];
      pairs.push({ source, target, score });
    }
  });
  return pairs.sort((a, b) => b.score - a.score || a.source - b.source || a.target - b.target);
}

/**
 * Groups nodes joined by similar pairs (union-find): clusters of two or more, members by id, clusters by
 * their smallest id, each with the best score inside it.
 */
export function clusterPairs(pairs: readonly SimilarPair[]): { ids: number[]; score: number }[] {
  const parent = new Map<number, number>();
  const find = (x: number): number => {
    let root = x;
    while ((parent.get(root) ?? root) !== root) root = parent.get(root) ?? root;
    let at = x;
    while (at !== root) {
      const next = parent.get(at) ?? root;
      parent.set(at, root);
      at = next;
    }
    return root;
  };
  for (const { source, target } of pairs) {
    if (!parent.has(source)) parent.set(source, source);
    if (!parent.has(target)) parent.set(target, target);
    const a = find(source);
    const b = find(target);
    if (a !== b) parent.set(Math.max(a, b), Math.min(a, b));
  }
  const groups = new Map<number, { ids: number[]; score: number }>();
  for (const id of parent.keys()) {
    const root = find(id);
    const group = groups.get(root) ?? { ids: [], score: 0 };
    group.ids.push(id);
    groups.set(root, group);
  }
  for (const { source, score } of pairs) {
    const group = groups.get(find(source));
    if (group) group.score = Math.max(group.score, score);
  }
  return [...groups.values()]
    .map((g) => ({ ids: g.ids.sort((a, b) => a - b), score: g.score }))
    .filter((g) => g.ids.length > 1)
    .sort((a, b) => (a.ids[0] ?? 0) - (b.ids[0] ?? 0));
}
