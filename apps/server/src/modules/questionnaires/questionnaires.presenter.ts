import type {
  QuestionnaireResults,
  QuestionnaireStatus,
  QuestionnaireSubjectResult,
  MyQuestionnaireSubmission,
} from '@lectern/contracts/questionnaires/questionnaires.schemas';
import type { ActivityRow } from '../activities/activities.repository.ts';
import type { SubjectTree } from '../exams/subjects.repository.ts';
import { isAnswered } from '../exams/submitted-answers.ts';
import { asksNothing, isOptionType } from './questionnaire-answers.ts';
import type { NamedSubmissionRow, SubmissionRow } from './questionnaires.repository.ts';

export function questionnaireStatus(activity: ActivityRow, now: Date): QuestionnaireStatus {
  if (activity.startTime && activity.startTime > now) return 'not_started';
  if (activity.endTime && activity.endTime <= now) return 'ended';
  return 'in_progress';
}

export function presentMySubmission(row: SubmissionRow): MyQuestionnaireSubmission {
  return {
    subjects: row.answers,
    submitted_at: row.submittedAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function textOf(answer: { answer: string | null; answers: { content: string }[] }): string {
  if (answer.answer) return answer.answer;
  return answer.answers
    .map((a) => a.content)
    .filter((c) => c !== '')
    .join(' / ');
}

/**
 * Counts per option and the written answers of every question. In an anonymous questionnaire nothing ties
 * an answer to a person: no respondent, no respondent list, and written answers sorted by their text
 * rather than by when (or by whom) they were sent.
 */
export function presentResults(
  activity: ActivityRow,
  anonymous: boolean,
  trees: readonly SubjectTree[],
  submissions: readonly NamedSubmissionRow[],
  studentsCount: number,
  now: Date,
): QuestionnaireResults {
  const subjects = trees
    .filter((tree) => !asksNothing(tree.type))
    .map((tree): QuestionnaireSubjectResult => {
      const chosen = new Map<number, number>();
      const texts: QuestionnaireSubjectResult['text_answers'] = [];
      let submitterCount = 0;
      for (const submission of submissions) {
        const answer = submission.answers.find((a) => a.subject_id === tree.id);
        if (!answer || !isAnswered(answer)) continue;
        submitterCount += 1;
        for (const id of answer.answer_option_ids) chosen.set(id, (chosen.get(id) ?? 0) + 1);
        const text = textOf(answer);
        if (!isOptionType(tree.type) && text !== '') {
          texts.push({
            content: text,
            respondent: anonymous
              ? null
              : { id: submission.userId, user_no: submission.userNo, name: submission.name },
          });
        }
      }
      if (anonymous) texts.sort((a, b) => (a.content < b.content ? -1 : a.content > b.content ? 1 : 0));
      return {
        subject: { id: tree.id, type: tree.type, description: tree.description, sort: tree.sort },
        submitterCount,
        options: tree.options.map((o) => ({
          id: o.id,
          sort: o.sort,
          content: o.content,
          isAnswer: false,
          chosenCount: chosen.get(o.id) ?? 0,
        })),
        text_answers: texts,
      };
    });
  return {
    id: activity.id,
    title: activity.title,
    is_anonymous: anonymous,
    status: questionnaireStatus(activity, now),
    summary: { studentsCount, submitterCount: submissions.length },
    subjects,
    respondents: anonymous
      ? null
      : submissions.map((s) => ({
          id: s.userId,
          user_no: s.userNo,
          name: s.name,
          submitted_at: s.submittedAt.toISOString(),
        })),
  };
}
