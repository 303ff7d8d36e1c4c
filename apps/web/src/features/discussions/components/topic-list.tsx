import { MessageOutlined, PlusOutlined } from '@ant-design/icons';
import { DISCUSSION_LIMITS } from '@lectern/contracts/discussions/discussions.schemas';
import { App, Button, Flex, Modal, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/components/date-time.ts';
import { EmptyState, ErrorState } from '../../../shared/components/page-state.tsx';
import { useCreateComment } from '../api/create-comment.ts';
import { useTopics } from '../api/list-topics.ts';
import { CommentForm } from './comment-form.tsx';
import { htmlToText } from './content-text.ts';
import { PostAuthor } from './post-author.tsx';
import { useRefreshDiscussion } from './use-post-actions.ts';
import { PostsPager } from './posts-pager.tsx';

const EXCERPT_LENGTH = 140;

function excerpt(html: string): string {
  const text = htmlToText(html).replace(/\s+/g, ' ');
  return text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH)}…` : text;
}

export interface TopicListProps {
  activityId: number;
  canPost: boolean;
  onOpen: (topicId: number) => void;
  /** The address of a topic's thread, for its link. */
  topicHref: (topicId: number) => string;
}

/** A forum's topics, most recent activity first, with the dialog to start a new one. */
export function TopicList({ activityId, canPost, onOpen, topicHref }: TopicListProps) {
  const { t } = useTranslation('discussions');
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DISCUSSION_LIMITS.defaultPageSize);
  const [creating, setCreating] = useState(false);
  const topics = useTopics(activityId, { page, page_size: pageSize });
  const create = useCreateComment();
  const refresh = useRefreshDiscussion(activityId);
  const data = topics.data;

  return (
    <Flex vertical gap={16}>
      <Flex align="center" justify="space-between" gap={8}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('topics.header', { count: data?.total ?? 0 })}
        </Typography.Title>
        {canPost ? (
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setCreating(true)}>
            {t('topics.new')}
          </Button>
        ) : null}
      </Flex>
      {topics.isPending ? (
        <Flex justify="center" style={{ padding: 24 }}>
          <span role="status" aria-label={t('topics.loading')}>
            <Spin />
          </span>
        </Flex>
      ) : null}
      {topics.isError && !data ? (
        <ErrorState
          error={topics.error}
          onRetry={() => void topics.refetch()}
          retrying={topics.isRefetching}
        />
      ) : null}
      {data && data.total === 0 ? <EmptyState description={t('topics.empty')} /> : null}
      {data && data.topics.length > 0 ? (
        <Flex vertical role="list" aria-label={t('topics.listLabel')}>
          {data.topics.map((topic) => (
            <Flex
              key={topic.id}
              role="listitem"
              vertical
              gap={4}
              style={{ padding: '12px 0', borderBottom: '1px solid rgba(5, 5, 5, 0.06)' }}
            >
              {/* A real link (href): reachable with Tab, opened with Enter, and in a new tab on request. */}
              <Typography.Link
                strong
                href={topicHref(topic.id)}
                onClick={(event) => {
                  if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
                  event.preventDefault();
                  onOpen(topic.id);
                }}
                style={{ fontSize: 16 }}
              >
                {topic.title}
              </Typography.Link>
              <Typography.Text type="secondary">{excerpt(topic.content)}</Typography.Text>
              <Flex align="center" justify="space-between" gap={8} wrap>
                <PostAuthor
                  author={topic.created_by}
                  anonymous={topic.anonymous}
                  role={topic.course_role}
                  size={20}
                />
                <Flex gap={16}>
                  <Typography.Text type="secondary">
                    <MessageOutlined aria-hidden /> {t('topics.replies', { count: topic.reply_count })}
                  </Typography.Text>
                  <Typography.Text type="secondary">
                    {t('topics.lastActivity', {
                      time: formatDateTime(topic.last_replied_at ?? topic.created_at),
                    })}
                  </Typography.Text>
                </Flex>
              </Flex>
            </Flex>
          ))}
        </Flex>
      ) : null}
      <PostsPager
        page={page}
        pageSize={pageSize}
        total={data?.total}
        onChange={(nextPage, nextSize) => {
          setPage(nextPage);
          setPageSize(nextSize);
        }}
      />
      <Modal
        open={creating}
        title={t('topics.new')}
        footer={null}
        onCancel={() => setCreating(false)}
        destroyOnHidden
      >
        <CommentForm
          withTitle
          label={t('topics.content')}
          placeholder={t('topics.contentPlaceholder')}
          submitLabel={t('topics.publish')}
          rows={6}
          onCancel={() => setCreating(false)}
          onSubmit={async (values) => {
            await create.mutateAsync({
              activityId,
              body: {
                title: values.title,
                content: values.content,
                anonymous: values.anonymous,
                comment_type: 'forum',
                parent_type: 'learning_activity',
                referrer_type: 'none',
              },
            });
            void message.success(t('toast.sent'));
            setCreating(false);
            setPage(1);
            await refresh();
          }}
        />
      </Modal>
    </Flex>
  );
}
