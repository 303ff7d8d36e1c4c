import type { ExportFormat, ImportBelong } from '@lectern/contracts/data-import/data-import.schemas';
import { buildUrl } from '../../../shared/api/http-client.ts';

/**
 * Where questions are imported to or exported from: an exam (its main or make-up paper), a classroom
 * exam or a question library. Exams and classroom exams are activities, so `id` is the activity id.
 */
export interface ImportTarget {
  belong: ImportBelong;
  id: number;
  /** Exams only: the make-up paper instead of the main one. */
  isMakeup: boolean;
}

/** Where a target's questions are listed and added: `/api/exams/{id}`, `/api/classroom-exams/{id}`, … */
function ownerPath(target: Pick<ImportTarget, 'belong' | 'id'>): string {
  switch (target.belong) {
    case 'exam':
      return `/api/exams/${target.id}`;
    case 'classroom':
      return `/api/classroom-exams/${target.id}`;
    case 'library':
      return `/api/subject-libs/${target.id}`;
  }
}

export function subjectsPath(target: Pick<ImportTarget, 'belong' | 'id'>): string {
  return `${ownerPath(target)}/subjects`;
}

/** `is_makeup_exam` for an exam's make-up paper; classroom exams and libraries have one set of questions. */
export function makeupQuery(target: ImportTarget): { is_makeup_exam?: 1 } {
  return target.belong === 'exam' && target.isMakeup ? { is_makeup_exam: 1 } : {};
}

/** `GET …/subjects/export?format=…`: a plain link, so the browser downloads with the session cookie. */
export function exportUrl(target: ImportTarget, format: ExportFormat): string {
  return buildUrl(`${subjectsPath(target)}/export`, { format, ...makeupQuery(target) });
}
