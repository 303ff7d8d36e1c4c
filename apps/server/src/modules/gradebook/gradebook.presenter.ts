import type {
  GradebookRow,
  GradeItemType,
  GradeScoreItem,
} from '@lectern/contracts/gradebook/gradebook.schemas';
import type { GradeActivityRow, StudentRow } from './gradebook.repository.ts';

export type GradeItem = Readonly<{
  row: GradeActivityRow;
  type: GradeItemType;
  weight: number;
  /** Scores released to students now. */
  published: boolean;
  maxScore: number;
  groupSetId: number | null;
}>;

export function presentItem(item: GradeItem): GradeScoreItem {
  return {
    id: item.row.id,
    title: item.row.title,
    type: item.type,
    weight: item.weight,
    published: item.published,
    activity_published: item.row.published,
    max_score: item.maxScore,
    end_time: item.row.endTime?.toISOString() ?? null,
  };
}

export function presentRow(
  student: StudentRow,
  items: readonly GradeItem[],
  scores: readonly (number | null)[],
  total: number | null,
): GradebookRow {
  return {
    student: { id: student.id, name: student.name, user_no: student.userNo },
    scores: items.map((item, i) => ({ activity_id: item.row.id, score: scores[i] ?? null })),
    total,
  };
}
