import { Alert, Flex, Progress, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RenderedHtml } from '../../../shared/components/rendered-html.tsx';
import { useQuizStatistics } from '../api/get-quiz-statistics.ts';

/** Per question of one quiz: how many answered and got it right, and how often each option was chosen. */
export function QuizStatistics({ quizId }: { quizId: number }) {
  const { t } = useTranslation('courseware-quizzes');
  const stats = useQuizStatistics(quizId);
  if (stats.isLoading)
    return (
      <span role="status" aria-label={t('loading')}>
        <Spin />
      </span>
    );
  if (!stats.data) return <Alert type="error" showIcon title={stats.error?.message ?? t('loadFailed')} />;
  const { summary, subjects } = stats.data;
  return (
    <Flex vertical gap={12}>
      <Typography.Text>
        {t('statistics.summary', { answered: summary.submitterCount, students: summary.studentsCount })}
      </Typography.Text>
      {subjects.map((entry, index) => (
        <section key={entry.subject.id} aria-label={t('answer.question', { number: index + 1 })}>
          <Typography.Text strong>{t('answer.question', { number: index + 1 })}</Typography.Text>
          <RenderedHtml html={entry.subject.description} />
          <Typography.Text type="secondary">
            {t('statistics.correct', { correct: entry.correctCount, answered: entry.submitterCount })}
          </Typography.Text>
          {entry.options.map((option, i) => {
            const percent =
              entry.submitterCount === 0 ? 0 : Math.round((option.chosenCount / entry.submitterCount) * 100);
            return (
              <Flex key={option.id} gap={8} align="center">
                <Typography.Text style={{ minWidth: 0, flex: 1 }} ellipsis>
                  {`${String.fromCharCode(65 + i)}. ${option.content.replace(/<[^>]*>/g, '')}`}
                  {option.isAnswer ? ` (${t('statistics.rightOption')})` : ''}
                </Typography.Text>
                <Progress
                  percent={percent}
                  size="small"
                  style={{ width: 120, margin: 0 }}
                  aria-label={t('statistics.chosen', { count: option.chosenCount })}
                  format={() => String(option.chosenCount)}
                />
              </Flex>
            );
          })}
        </section>
      ))}
    </Flex>
  );
}
