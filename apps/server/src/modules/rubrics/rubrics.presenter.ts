import type { Rubric } from '@lectern/contracts/rubrics/rubric.schemas';
import { rubricTotal } from '@lectern/contracts/rubrics/rubric.rules';
import type { RubricWithCreator } from './rubrics.repository.ts';

export function presentRubric(row: RubricWithCreator, engageNumber: number, viewerId: number): Rubric {
  return {
    id: row.id,
    name: row.name,
    conditions: row.conditions.map((c) => ({
      name: c.name,
      description: c.description,
      levels: c.levels.map((l) => ({ score: l.score, description: l.description })),
    })),
    total: rubricTotal(row),
    created_by: { id: row.createdBy, name: row.creatorName },
    engage_number: engageNumber,
    can_edit: row.createdBy === viewerId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
