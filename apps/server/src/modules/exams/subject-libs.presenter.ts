import type { SubjectLib, SubjectLibNode } from '@lectern/contracts/exams/subject-lib.schemas';
import type { SubjectLibWithOwner } from './subject-libs.repository.ts';

export function presentSubjectLib(row: SubjectLibWithOwner, subjectsCount: number): SubjectLib {
  return {
    id: row.id,
    title: row.title,
    lib_type: row.libType,
    course_id: row.courseId,
    parent_id: row.parentId,
    owner: { id: row.ownerId, name: row.ownerName },
    subjects_count: subjectsCount,
    sort: row.sort,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * Listed libraries: flat (every row at the top, no children), or as a tree where folders carry what
 * they hold. A row whose folder is not in the list (another type, say) stays at the top.
 */
export function presentSubjectLibNodes(
  rows: readonly SubjectLibWithOwner[],
  counts: ReadonlyMap<number, number>,
  nested: boolean,
): SubjectLibNode[] {
  const nodes = new Map<number, SubjectLibNode>(
    rows.map((row) => [row.id, { ...presentSubjectLib(row, counts.get(row.id) ?? 0), children: [] }]),
  );
  if (!nested) return [...nodes.values()];
  const top: SubjectLibNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parent_id === null ? undefined : nodes.get(node.parent_id);
    if (parent && parent.lib_type === 'folder') parent.children.push(node);
    else top.push(node);
  }
  return top;
}
