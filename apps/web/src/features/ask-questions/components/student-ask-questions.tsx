import { Alert, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../../shared/components/page-state.tsx';
import { useMyPicks } from '../api/list-my-picks.ts';

/**
 * A student's view: whether they have been drawn. It changes by push while the page is open, so the
 * status sits in a live region a screen reader announces.
 */
export function StudentAskQuestions({ courseId }: { courseId: number }) {
  const { t } = useTranslation('ask-questions');
  const picks = useMyPicks(courseId);

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={2} style={{ margin: 0, fontSize: 20 }}>
        {t('page.title')}
      </Typography.Title>
      {picks.isPending ? (
        <LoadingState />
      ) : picks.isError ? (
        <ErrorState error={picks.error} onRetry={() => void picks.refetch()} />
      ) : (
        <div role="status" aria-live="polite">
          {picks.data.picks.length === 0 ? (
            <Typography.Paragraph type="secondary">{t('student.none')}</Typography.Paragraph>
          ) : (
            <Flex vertical gap={12}>
              {picks.data.picks.map((p) => (
                <Alert
                  key={p.pick_id}
                  type="success"
                  showIcon
                  title={
                    <span style={{ fontSize: 20, fontWeight: 600 }}>
                      {p.group_name ? t('student.pickedGroup', { group: p.group_name }) : t('student.picked')}
                    </span>
                  }
                  description={
                    <span style={{ overflowWrap: 'anywhere' }}>
                      {p.question ? t('student.question', { question: p.question }) : p.title}
                    </span>
                  }
                />
              ))}
            </Flex>
          )}
        </div>
      )}
    </Flex>
  );
}
