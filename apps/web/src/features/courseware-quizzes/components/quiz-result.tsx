import type { CoursewareQuizSubmission } from '@lectern/contracts/courseware-quizzes/courseware-quizzes.schemas';
import type { PaperSubject } from '@lectern/contracts/exams/subject.schemas';
import { Alert, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RenderedHtml } from '../../../shared/components/rendered-html.tsx';

const letter = (index: number) => String.fromCharCode(65 + index);

function lettersOf(subject: PaperSubject, ids: readonly number[]): string {
  return subject.options
    .flatMap((option, index) => (ids.includes(option.id) ? [letter(index)] : []))
    .join(', ');
}

/** The graded quiz: the score, and per question what the student answered beside what was right. */
export function QuizResult({
  subjects,
  submission,
}: {
  subjects: readonly PaperSubject[];
  submission: CoursewareQuizSubmission;
}) {
  const { t } = useTranslation('courseware-quizzes');
  return (
    <Flex vertical gap={16}>
      <Alert
        type={submission.correct_count === submission.subjects.length ? 'success' : 'info'}
        showIcon
        title={t('result.summary', {
          correct: submission.correct_count,
          total: submission.subjects.length,
          score: submission.score,
          points: submission.total_points,
        })}
      />
      {subjects.map((subject, index) => {
        const result = submission.subjects.find((r) => r.subject_id === subject.id);
        if (!result) return null;
        const blanks = subject.type === 'fill_in_blank';
        return (
          <section key={subject.id} aria-label={t('answer.question', { number: index + 1 })}>
            <Flex gap={8} align="baseline" wrap>
              <Typography.Text strong>{t('answer.question', { number: index + 1 })}</Typography.Text>
              <Tag color={result.correct ? 'success' : 'error'}>
                {result.correct ? t('result.correct') : t('result.wrong')}
              </Tag>
            </Flex>
            <RenderedHtml html={subject.description} />
            <Typography.Paragraph style={{ marginBottom: 4 }}>
              {t('result.yours', {
                answer: blanks
                  ? result.answers.map((a) => a.content).join(' / ')
                  : lettersOf(subject, result.answer_option_ids),
              })}
            </Typography.Paragraph>
            <Typography.Paragraph style={{ marginBottom: 4 }}>
              {t('result.right', {
                answer: blanks
                  ? result.correct_blanks.map((b) => b.answers.join(t('result.or'))).join(' / ')
                  : lettersOf(subject, result.correct_option_ids),
              })}
            </Typography.Paragraph>
            {result.answer_explanation ? (
              <div>
                <Typography.Text type="secondary">{t('result.explanation')}</Typography.Text>
                <RenderedHtml html={result.answer_explanation} />
              </div>
            ) : null}
          </section>
        );
      })}
    </Flex>
  );
}
