import { addKnowledgeReferences } from './add-knowledge-references.ts';
import { deleteKnowledgeReferences } from './delete-knowledge-references.ts';

/**
 * Makes a saved question reference exactly `next` (it referenced `previous`): one add per new node, one
 * delete per dropped node. Spec 001 section 8: a failed add or remove is reported only as false.
 */
export async function linkSubjectKnowledgeNodes(
  subjectId: number,
  previous: readonly number[],
  next: readonly number[],
): Promise<boolean> {
  const reference = { references: [{ refer_type: 'subject' as const, refer_id: subjectId }] };
  const added = next.filter((id) => !previous.includes(id));
  const removed = previous.filter((id) => !next.includes(id));
  const results = await Promise.allSettled([
    ...added.map((id) => addKnowledgeReferences(id, reference)),
    ...removed.map((id) => deleteKnowledgeReferences(id, reference)),
  ]);
  return results.every((result) => result.status === 'fulfilled');
}
