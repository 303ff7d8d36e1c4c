import type { ExamSubmissionDetail } from '@lectern/contracts/exams/exam-taking.schemas';
import type { Database } from '../../platform/database.ts';
import type { LoadedExam } from './exam-access.ts';
import { orderByLayout, paperOf } from './exam-paper.ts';
import { submissionVisibility } from './exam-taking.policy.ts';
import { correctAnswersOf, presentSubmission } from './exam-taking.presenter.ts';
import type { SubmissionWithInstance } from './exam-taking.repository.ts';
import { markingRepository } from './marking.repository.ts';
import { subjectsRepository, type SubjectTree } from './subjects.repository.ts';

/**
 * Submissions with their papers, as the viewer may see them (whether they may read them at all is the
 * caller's check). Papers are read once per exam paper, marked files in one query.
 */
export function submissionDetails(db: Database) {
  const marking = markingRepository(db);

  return async function details(
    exam: LoadedExam,
    rows: readonly SubmissionWithInstance[],
  ): Promise<ExamSubmissionDetail[]> {
    if (rows.length === 0) return [];
    const papers = new Map<boolean, Promise<SubjectTree[]>>();
    const paper = (isMakeup: boolean) => {
      let trees = papers.get(isMakeup);
      if (!trees) {
        trees = subjectsRepository.loadTrees({ activityId: exam.activity.id, isMakeup }, {}, db);
        papers.set(isMakeup, trees);
      }
      return trees;
    };
    const attachments = await marking.attachmentsOf(rows.map((r) => r.id));
    return Promise.all(
      rows.map(async (row) => {
        const visibility = submissionVisibility(exam.access, exam.settings, row.status === 'submitted');
        const trees = await paper(row.isMakeup);
        return {
          ...presentSubmission(row, visibility, {
            correctAnswers: visibility.answers ? correctAnswersOf(orderByLayout(trees, row.layout)) : null,
            attachments: attachments.filter((a) => a.submissionId === row.id),
          }),
          subjects: paperOf(trees, row.layout),
        };
      }),
    );
  };
}
