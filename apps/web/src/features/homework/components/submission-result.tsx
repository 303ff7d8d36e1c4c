import type { HomeworkSubmission } from '@lectern/contracts/homework/homework.schemas';
import { Descriptions, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MarkedAttachments } from './marked-attachments.tsx';
import { formatScore } from './score-format.ts';

/** The marking of one version as its student sees it, once scores are published to them. */
export function SubmissionResult({ submission }: { submission: HomeworkSubmission }) {
  const { t } = useTranslation('homework');
  if (!submission.is_score_visible) {
    return <Typography.Text type="secondary">{t('result.notPublished')}</Typography.Text>;
  }
  if (!submission.is_marked && submission.score === null) {
    return <Typography.Text type="secondary">{t('result.notMarked')}</Typography.Text>;
  }
  const shown = submission.final_score ?? submission.score;
  const rubric = submission.rubric_score ?? [];
  return (
    <Flex vertical gap={8}>
      <Descriptions
        size="small"
        column={1}
        items={[
          {
            key: 'score',
            label: t('result.score'),
            children: shown === null ? '—' : <Typography.Text strong>{formatScore(shown)}</Typography.Text>,
          },
          ...(submission.instructor_comment
            ? [
                {
                  key: 'comment',
                  label: t('result.comment'),
                  children: (
                    <Typography.Paragraph
                      style={{ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                    >
                      {submission.instructor_comment}
                    </Typography.Paragraph>
                  ),
                },
              ]
            : []),
          ...(rubric.length > 0
            ? [
                {
                  key: 'rubric',
                  label: t('result.rubricScore'),
                  children: (
                    <ul aria-label={t('result.rubricScore')} style={{ margin: 0, paddingInlineStart: 18 }}>
                      {rubric.map((item, index) => (
                        <li key={`${item.condition_index ?? index}`}>
                          {t('result.rubricItem', {
                            name: item.name ?? t('result.criterion', { number: index + 1 }),
                            score:
                              item.score === null || item.score === undefined ? '—' : formatScore(item.score),
                          })}
                        </li>
                      ))}
                    </ul>
                  ),
                },
              ]
            : []),
        ]}
      />
      <MarkedAttachments homeworkId={submission.activity_id} submissionId={submission.id} />
    </Flex>
  );
}
