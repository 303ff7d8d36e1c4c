import type { HomeworkDetail } from '@lectern/contracts/homework/homework.schemas';
import { ANNOUNCE_SCORE_TYPES } from '@lectern/contracts/homework/homework-settings';
import { Alert, Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/http-client.ts';
import { formatDateTime } from '../../../shared/components/date-time.ts';
import { ErrorState, LoadingState } from '../../../shared/components/page-state.tsx';
import { useCurrentUser } from '../../identity/public/get-current-user.ts';
import { useStudentSubmission } from '../api/get-student-submission.ts';
import { useStudentSubmissions } from '../api/list-student-submissions.ts';
import { HomeworkFacts } from './homework-facts.tsx';
import { HomeworkRubric, isRubricVisible } from './homework-rubric.tsx';
import { windowState } from './homework-window.ts';
import { formatScore } from './score-format.ts';
import { SubmissionForm } from './submission-form.tsx';
import { SubmissionVersions } from './submission-versions.tsx';

function ScoreSummary({ detail, score }: { detail: HomeworkDetail; score: number | null }) {
  const { t } = useTranslation('homework');
  if (!detail.is_score_visible) {
    const text =
      detail.announceScoreType === ANNOUNCE_SCORE_TYPES.customTime && detail.announceScoreTime
        ? t('result.publishedAt', { time: formatDateTime(detail.announceScoreTime) })
        : t('result.notPublished');
    return <Typography.Text type="secondary">{text}</Typography.Text>;
  }
  return score === null ? (
    <Typography.Text type="secondary">{t('result.notMarked')}</Typography.Text>
  ) : (
    <Typography.Text>
      {t('result.myScore')} <Typography.Text strong>{formatScore(score)}</Typography.Text>
    </Typography.Text>
  );
}

/** A student's homework: where it stands, the rubric if shown, the hand-in form and their versions. */
export function StudentHomework({ detail }: { detail: HomeworkDetail }) {
  const { t } = useTranslation('homework');
  const me = useCurrentUser();
  const studentId = me.data?.id;
  const standing = useStudentSubmission(detail.id, studentId);
  const versions = useStudentSubmissions(detail.id, studentId);

  if (me.isPending || standing.isPending) return <LoadingState />;
  if (!standing.data) {
    // Not one of this homework's submitters (no group, not a learner): say so in the server's words.
    if (isApiError(standing.error) && standing.error.status === 404) {
      return <Alert type="info" showIcon title={standing.error.message} />;
    }
    return <ErrorState error={standing.error ?? me.error} onRetry={() => void standing.refetch()} />;
  }
  const data = standing.data;
  const makeUpEnd = data.submitter.make_up_end_time;
  const latest = data.submission;

  return (
    <Flex vertical gap={16}>
      <HomeworkFacts
        detail={detail}
        state={windowState(detail, makeUpEnd)}
        makeUpEndTime={makeUpEnd}
        submissionsLeft={data.submissions_left}
      />
      {latest ? <ScoreSummary detail={detail} score={latest.final_score ?? latest.score} /> : null}
      {isRubricVisible(detail) && detail.rubric_id ? <HomeworkRubric rubricId={detail.rubric_id} /> : null}
      <Card size="small" title={t('form.title')}>
        <SubmissionForm key={data.draft?.id ?? 'new'} detail={detail} standing={data} />
      </Card>
      <Card size="small" title={t('versions.title')}>
        {versions.data ? (
          <SubmissionVersions submissions={versions.data.submissions} />
        ) : versions.isError ? (
          <ErrorState error={versions.error} onRetry={() => void versions.refetch()} />
        ) : (
          <LoadingState />
        )}
      </Card>
    </Flex>
  );
}
