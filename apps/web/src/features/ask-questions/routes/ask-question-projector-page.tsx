import { Button, Checkbox, Flex, Result, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isApiError } from '../../../shared/api/http-client.ts';
import { ErrorState, LoadingState } from '../../../shared/components/page-state.tsx';
import { useCurrentCourse } from '../../courses/public/use-current-course.ts';
import { useAskQuestion } from '../api/get-ask-question.ts';
import { usePickAgain } from '../api/pick-again.ts';
import { PickedNames } from '../components/picked-names.tsx';
import { useAskQuestionPush } from '../components/use-ask-question-push.ts';

/** /course/:courseId/ask-questions/:askQuestionId/projector: the question and the drawn names in large type. */
export function AskQuestionProjectorPage() {
  const { t } = useTranslation('ask-questions');
  const course = useCurrentCourse();
  const { askQuestionId } = useParams();
  useAskQuestionPush(course.id);
  const query = useAskQuestion(Number(askQuestionId));
  const pick = usePickAgain();
  const [avoidRecent, setAvoidRecent] = useState<boolean | null>(null);

  const back = <Link to={`/course/${course.id}/ask-questions`}>{t('projector.back')}</Link>;
  if (query.isPending) return <LoadingState />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) {
      return <Result status="404" title={t('projector.notFound')} extra={back} />;
    }
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  }
  const q = query.data;
  const avoid = avoidRecent ?? q.avoid_recent;

  return (
    <Flex vertical align="center" gap={24} style={{ padding: '24px 0', textAlign: 'center' }}>
      <Typography.Title level={2} style={{ margin: 0 }}>
        {q.title}
      </Typography.Title>
      {q.data.question ? (
        <div style={{ fontSize: 'min(6vw, 2.5rem)', overflowWrap: 'anywhere', maxWidth: '100%' }}>
          {q.data.question}
        </div>
      ) : null}
      <div role="status" aria-live="polite" data-testid="projector-picked">
        <PickedNames pick={q.current_pick} large />
      </div>
      <Flex gap={16} wrap justify="center" align="center">
        {back}
        {q.end_time === null ? (
          <>
            <Checkbox checked={avoid} onChange={(e) => setAvoidRecent(e.target.checked)}>
              {t('modal.avoidRecent')}
            </Checkbox>
            <Button
              type="primary"
              size="large"
              loading={pick.isPending}
              onClick={() => pick.mutate({ id: q.id, avoidRecent: avoid })}
            >
              {t('list.pickAgain')}
            </Button>
          </>
        ) : (
          <Typography.Text>{t('list.ended')}</Typography.Text>
        )}
      </Flex>
    </Flex>
  );
}
