import { ArrowLeftOutlined } from '@ant-design/icons';
import { DISCUSSION_LIMITS } from '@lectern/contracts/discussions/discussions.schemas';
import { Button, Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../shared/components/page-state.tsx';
import { useTopic } from '../api/get-topic.ts';
import { CommentCard } from './comment-card.tsx';
import { useRefreshDiscussion } from './use-post-actions.ts';

export interface TopicThreadProps {
  activityId: number;
  topicId: number;
  canPost: boolean;
  onBack: () => void;
}

/** One forum topic and its thread of replies, with the same card as any comment. */
export function TopicThread({ activityId, topicId, canPost, onBack }: TopicThreadProps) {
  const { t } = useTranslation('discussions');
  const topic = useTopic(activityId, topicId);
  const refresh = useRefreshDiscussion(activityId);
  const data = topic.data;

  return (
    <Flex vertical gap={16}>
      <div>
        <Button
          type="link"
          icon={<ArrowLeftOutlined aria-hidden />}
          onClick={onBack}
          style={{ paddingInline: 0 }}
        >
          {t('topics.back')}
        </Button>
      </div>
      {topic.isPending ? (
        <Flex justify="center" style={{ padding: 24 }}>
          <span role="status" aria-label={t('topics.loading')}>
            <Spin />
          </span>
        </Flex>
      ) : null}
      {topic.isError && !data ? (
        <ErrorState error={topic.error} onRetry={() => void topic.refetch()} retrying={topic.isRefetching} />
      ) : null}
      {data ? (
        <CommentCard
          activityId={activityId}
          comment={data.topic}
          commentType="forum"
          canPost={canPost}
          firstReplies={{
            replies: data.replies,
            total: data.replies_total,
            pages: Math.ceil(data.replies_total / DISCUSSION_LIMITS.replyPageSize),
          }}
          onDeleted={() => {
            onBack();
            void refresh();
          }}
        />
      ) : null}
    </Flex>
  );
}
