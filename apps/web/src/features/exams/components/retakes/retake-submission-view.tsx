import { Card, Descriptions, Empty, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../shared/components/date-time.ts';
import { ErrorState, LoadingState } from '../../../../shared/components/page-state.tsx';
import { useRetakeRecordSubmission } from '../../api/get-retake-record-submission.ts';
import { reviewDataOf, SubmissionReview } from '../taking/submission-review.tsx';

/**
 * What a retake record refers to: who was let retake, by whom, and the paper the student had handed in
 * before (rendered by the exam editor for `#/retake-record-submission/{recordId}`).
 */
export function RetakeSubmissionView({ examId, recordId }: { examId: number; recordId: number }) {
  const { t } = useTranslation('exams');
  const query = useRetakeRecordSubmission(examId, recordId);

  if (query.isPending) return <LoadingState />;
  if (!query.data) {
    return (
      <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isRefetching} />
    );
  }
  const { record, submission } = query.data;
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('retakes.submissionTitle', { name: record.examinee.name })}
      </Typography.Title>
      <Card size="small">
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2 }}
          items={[
            { key: 'student', label: t('retakes.student'), children: record.examinee.name },
            { key: 'userNo', label: t('retakes.userNo'), children: record.examinee.user_no },
            {
              key: 'examType',
              label: t('retakes.examType'),
              children: record.exam_type === 'makeup' ? t('retakes.makeup') : t('retakes.main'),
            },
            {
              key: 'submitTime',
              label: t('retakes.submitTime'),
              children: formatDateTime(record.submit_time) || '—',
            },
            { key: 'operator', label: t('retakes.operator'), children: record.retake_operator?.name ?? '—' },
            {
              key: 'operateTime',
              label: t('retakes.operateTime'),
              children: formatDateTime(record.retake_operate_time),
            },
            {
              key: 'score',
              label: t('retakes.score'),
              children: submission?.score ?? (submission ? t('result.awaitingMarkingTotal') : '—'),
            },
          ]}
        />
        {submission?.comment_data?.comment ? (
          <Typography.Paragraph style={{ marginTop: 12, marginBottom: 0, whiteSpace: 'pre-wrap' }}>
            {t('result.instructorComment')}: {submission.comment_data.comment}
          </Typography.Paragraph>
        ) : null}
      </Card>
      {submission ? (
        <SubmissionReview subjects={submission.subjects} data={reviewDataOf(submission)} />
      ) : (
        <Empty description={t('retakes.noSubmission')} />
      )}
    </Flex>
  );
}
