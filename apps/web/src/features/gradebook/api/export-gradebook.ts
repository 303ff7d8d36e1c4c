import type { GradebookExportFormat } from '@lectern/contracts/gradebook/gradebook.schemas';
import { buildUrl } from '../../../shared/api/http-client.ts';

/**
 * `GET /api/courses/{id}/gradebook/export`: a plain link, so the browser downloads the file with the
 * session cookie and the server names it.
 */
export function gradebookExportUrl(
  courseId: number,
  format: GradebookExportFormat,
  subCourseId: number | null = null,
): string {
  return buildUrl(`/api/courses/${courseId}/gradebook/export`, { format, sub_course_id: subCourseId });
}
