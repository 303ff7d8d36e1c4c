import { formatMediaTime } from '@lectern/contracts/discussions/question-time';
import { Alert, Button, Flex, List, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useVideoQuizzes } from '../api/list-video-quizzes.ts';
import { QuizAnswerPanel } from '../components/quiz-answer-panel.tsx';
import { VideoQuizManager } from '../components/video-quiz-manager.tsx';

/**
 * The quiz tab of an online video's comment-and-question panel (spec 001 section 2). The teaching team
 * places quizzes and reads their statistics; a student sees where the quizzes are and, once answered,
 * their result.
 */
export function VideoQuizTab({
  activityId,
  courseId,
  readTime,
}: {
  activityId: number;
  courseId: number;
  /** The player's current time in seconds, offered when placing a quiz. */
  readTime?: () => number | null;
}) {
  const { t } = useTranslation('courseware-quizzes');
  const list = useVideoQuizzes(activityId);
  const [openId, setOpenId] = useState<number | null>(null);
  if (list.isLoading) return <Spin />;
  if (!list.data) return <Alert type="error" showIcon title={list.error?.message ?? t('loadFailed')} />;
  const { quizzes, can_manage: canManage, can_submit: canSubmit } = list.data;
  if (canManage) {
    return (
      <VideoQuizManager activityId={activityId} courseId={courseId} quizzes={quizzes} readTime={readTime} />
    );
  }
  const shown = quizzes.filter((q) => q.published && q.subjects_count > 0);
  if (shown.length === 0) return <Typography.Text type="secondary">{t('empty')}</Typography.Text>;
  return (
    <List
      dataSource={shown}
      renderItem={(quiz) => (
        <List.Item>
          <Flex vertical gap={8} style={{ width: '100%' }}>
            <Flex gap={8} align="center" wrap>
              <Typography.Text strong>{formatMediaTime(quiz.position)}</Typography.Text>
              {quiz.title ? <Typography.Text>{quiz.title}</Typography.Text> : null}
              <Tag color={quiz.submitted ? 'success' : 'default'}>
                {quiz.submitted ? t('status.answered') : t('status.open')}
              </Tag>
              {quiz.submitted ? (
                <Button
                  size="small"
                  aria-expanded={openId === quiz.id}
                  onClick={() => setOpenId(openId === quiz.id ? null : quiz.id)}
                >
                  {t('status.viewResult')}
                </Button>
              ) : null}
            </Flex>
            {!quiz.submitted && canSubmit ? (
              <Typography.Text type="secondary">{t('status.whenReached')}</Typography.Text>
            ) : null}
            {openId === quiz.id ? (
              <QuizAnswerPanel activityId={activityId} quizId={quiz.id} canSubmit={false} />
            ) : null}
          </Flex>
        </List.Item>
      )}
    />
  );
}
