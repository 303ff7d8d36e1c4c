import { buildUrl } from '../../../shared/api/http-client.ts';

/**
 * The exam's scores as CSV (user_no, name, per-question scores, total). A plain link: the browser
 * downloads it with the session cookie, and the server names the file.
 */
export function scoresCsvUrl(examId: number, isMakeup = false): string {
  return buildUrl(`/api/exams/${examId}/scores.csv`, isMakeup ? { is_makeup_exam: 1 } : undefined);
}
