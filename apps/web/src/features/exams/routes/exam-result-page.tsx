import type { Exam } from '@lectern/contracts/exams/exam.schemas';
import type { ExamSubmissionsResponse } from '@lectern/contracts/exams/exam-taking.schemas';
import { Alert, Card, Descriptions, Flex, Result, Segmented, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { formatDateTime } from '../../../shared/components/date-time.ts';
import { ErrorState, LoadingState } from '../../../shared/components/page-state.tsx';
import { useExam } from '../api/get-exam.ts';
import { useExamSubmission } from '../api/get-exam-submission.ts';
import { useExamSubmissions } from '../api/list-exam-submissions.ts';
import { MarkedAttachmentList } from '../components/marking/marked-attachment-list.tsx';
import { ExamPageHeader } from '../components/taking/exam-page-header.tsx';
import { NotFoundResult, useExamIdParam } from '../components/taking/exam-route-params.tsx';
import { reviewDataOf, SubmissionReview } from '../components/taking/submission-review.tsx';

function OverallScore({ exam, list }: { exam: Exam; list: ExamSubmissionsResponse }) {
  const { t } = useTranslation('exams');
  if (!list.score_released) {
    return <Typography.Text type="secondary">{t('result.scoreNotReleased')}</Typography.Text>;
  }
  if (list.score === null) {
    return <Typography.Text type="secondary">{t('result.awaitingMarkingTotal')}</Typography.Text>;
  }
  return (
    <Typography.Title level={3} style={{ margin: 0 }}>
      {t('result.totalScore', { score: list.score, total: exam.total_points })}
    </Typography.Title>
  );
}

function SubmissionDetail({ examId, submissionId }: { examId: number; submissionId: number }) {
  const { t } = useTranslation('exams');
  const query = useExamSubmission(examId, submissionId);
  if (query.isPending) return <LoadingState />;
  if (!query.data) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const submission = query.data;
  const comment = submission.comment_data?.comment;
  return (
    <Flex vertical gap={16}>
      <Card size="small">
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2 }}
          items={[
            {
              key: 'submittedAt',
              label: t('result.submittedAt'),
              children: formatDateTime(submission.submitted_at),
            },
            {
              key: 'score',
              label: t('result.attemptScore'),
              children: !submission.score_released
                ? t('result.scoreNotReleased')
                : submission.score === null
                  ? t('result.awaitingMarkingTotal')
                  : String(submission.score),
            },
          ]}
        />
        {comment ? (
          <Alert
            type="info"
            style={{ marginTop: 12 }}
            title={t('result.instructorComment')}
            description={<span style={{ whiteSpace: 'pre-wrap' }}>{comment}</span>}
          />
        ) : null}
        {submission.score_released && submission.marked_attachments.length > 0 ? (
          <Flex vertical gap={4} style={{ marginTop: 12 }}>
            <Typography.Text strong>{t('result.markedAttachments')}</Typography.Text>
            <MarkedAttachmentList
              attachments={submission.marked_attachments}
              subjects={submission.subjects}
              label={t('result.markedAttachments')}
            />
          </Flex>
        ) : null}
        {!submission.answers_released ? (
          <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
            {t('result.answersNotReleased')}
          </Typography.Paragraph>
        ) : null}
      </Card>
      <SubmissionReview subjects={submission.subjects} data={reviewDataOf(submission)} />
    </Flex>
  );
}

function ResultContent({ examId }: { examId: number }) {
  const { t } = useTranslation('exams');
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const exam = useExam({ kind: 'exam', id: examId });
  const list = useExamSubmissions(examId);

  if (exam.isPending || list.isPending) return <LoadingState />;
  if (!exam.data) return <ErrorState error={exam.error} onRetry={() => void exam.refetch()} />;
  if (!list.data) return <ErrorState error={list.error} onRetry={() => void list.refetch()} />;

  const submissions = list.data.submissions;
  const wanted = Number(params.get('submission'));
  const current = submissions.find((s) => s.id === wanted) ?? submissions.at(-1);
  const justSubmitted = (location.state as { justSubmitted?: boolean } | null)?.justSubmitted === true;

  return (
    <Flex vertical gap={16}>
      <ExamPageHeader exam={exam.data} title={t('result.title', { title: exam.data.title })} />
      {justSubmitted ? <Alert type="success" showIcon title={t('result.submitted')} /> : null}
      <Card size="small">
        <OverallScore exam={exam.data} list={list.data} />
      </Card>
      {current ? (
        <>
          {submissions.length > 1 ? (
            <Segmented
              aria-label={t('result.attempts')}
              value={current.id}
              onChange={(value) => setParams({ submission: String(value) }, { replace: true })}
              options={submissions.map((s, index) => ({
                value: s.id,
                label: t('result.attemptLabel', { number: index + 1 }),
              }))}
            />
          ) : null}
          <SubmissionDetail key={current.id} examId={examId} submissionId={current.id} />
        </>
      ) : (
        <Result status="info" title={t('result.noSubmissions')} />
      )}
    </Flex>
  );
}

/** `/exam/:id/result`: the student's handed-in papers, scores and answers as far as they are released. */
export function ExamResultPage() {
  const examId = useExamIdParam();
  if (examId === null) return <NotFoundResult />;
  return <ResultContent key={examId} examId={examId} />;
}
