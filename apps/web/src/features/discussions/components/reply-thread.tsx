import type { RepliesResponse, Reply } from '@lectern/contracts/discussions/discussions.schemas';
import { DISCUSSION_LIMITS } from '@lectern/contracts/discussions/discussions.schemas';
import { App, Button, Flex, Pagination, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/components/date-time.ts';
import { useCreateReply } from '../api/create-reply.ts';
import { useDeleteReply } from '../api/delete-reply.ts';
import { useReplies } from '../api/list-replies.ts';
import { useToggleLike } from '../api/operate-comments.ts';
import { useUpdateReply } from '../api/update-reply.ts';
import { CommentForm } from './comment-form.tsx';
import { LikeButton } from './like-button.tsx';
import { PostAuthor } from './post-author.tsx';
import { PostContent } from './post-content.tsx';
import { PostEditor } from './post-editor.tsx';
import { postErrorText } from './post-errors.ts';
import { PostMenu } from './post-menu.tsx';
import { useConfirmDelete, useRefreshDiscussion } from './use-post-actions.ts';

/** Which reply box is open: 0 answers the comment itself, otherwise the id of the reply answered. */
export type ReplyTarget = number | null;

interface ReplyItemProps {
  activityId: number;
  reply: Reply;
  canPost: boolean;
  onReply: () => void;
  onDeleted: () => void;
}

function ReplyItem({ activityId, reply, canPost, onReply, onDeleted }: ReplyItemProps) {
  const { t } = useTranslation('discussions');
  const { message } = App.useApp();
  const [editing, setEditing] = useState(false);
  const update = useUpdateReply(activityId);
  const remove = useDeleteReply();
  const like = useToggleLike(activityId);
  const confirmDelete = useConfirmDelete();

  const repliedTo = reply.parent
    ? t('replies.repliedTo', { name: reply.parent.created_by?.name ?? t('author.anonymous') })
    : null;

  return (
    <Flex vertical gap={4} role="article" aria-label={t('replies.itemLabel')} style={{ padding: '8px 0' }}>
      <Flex align="center" justify="space-between" gap={8}>
        <PostAuthor
          author={reply.created_by}
          anonymous={reply.anonymous}
          role={reply.course_role}
          size={24}
          extra={
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {repliedTo ? `${repliedTo} · ` : ''}
              {formatDateTime(reply.created_at)}
            </Typography.Text>
          }
        />
        <PostMenu
          canEdit={reply.can_edit}
          canDelete={reply.can_delete}
          onEdit={() => setEditing(true)}
          onDelete={() => confirmDelete(() => remove.mutateAsync(reply.id), onDeleted)}
        />
      </Flex>
      {editing ? (
        <PostEditor
          initialHtml={reply.content}
          saving={update.isPending}
          onCancel={() => setEditing(false)}
          onSave={(content) =>
            update.mutate(
              { replyId: reply.id, body: { content } },
              {
                onSuccess: () => {
                  void message.success(t('toast.saved'));
                  setEditing(false);
                },
                onError: (error) =>
                  void message.error(t('toast.saveFailed', { reason: postErrorText(error) })),
              },
            )
          }
        />
      ) : (
        <PostContent html={reply.content} />
      )}
      <Flex gap={8}>
        <LikeButton
          liked={reply.current_user_liked}
          count={reply.approval_count}
          disabled={!reply.can_like}
          onToggle={(next) => like.mutate({ kind: 'reply', id: reply.id, like: next })}
        />
        {canPost ? (
          <Button type="link" size="small" onClick={onReply}>
            {t('replies.reply')}
          </Button>
        ) : null}
      </Flex>
    </Flex>
  );
}

export interface ReplyThreadProps {
  activityId: number;
  commentId: number;
  /** The first reply page the list already brought (comment_replies or a topic's replies). */
  firstPage?: RepliesResponse;
  canPost: boolean;
  replyingTo: ReplyTarget;
  onReplyingToChange: (target: ReplyTarget) => void;
}

/** A comment's replies, 10 a page, oldest first, with the box to answer the comment or one of them. */
export function ReplyThread({
  activityId,
  commentId,
  firstPage,
  canPost,
  replyingTo,
  onReplyingToChange,
}: ReplyThreadProps) {
  const { t } = useTranslation('discussions');
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const query = useReplies(activityId, commentId, page, firstPage);
  const create = useCreateReply();
  const refresh = useRefreshDiscussion(activityId);
  const replies = query.data?.replies ?? [];
  const total = query.data?.total ?? 0;
  const pageSize = DISCUSSION_LIMITS.replyPageSize;

  const answered = replyingTo ? replies.find((reply) => reply.id === replyingTo) : undefined;
  const replyBox =
    replyingTo !== null && canPost ? (
      <CommentForm
        key={replyingTo}
        label={t('replies.boxLabel')}
        placeholder={
          answered
            ? t('replies.placeholderTo', { name: answered.created_by?.name ?? t('author.anonymous') })
            : t('replies.placeholder')
        }
        submitLabel={t('replies.send')}
        requireContentToSend
        rows={2}
        autoFocus
        onCancel={() => onReplyingToChange(null)}
        onSubmit={async (values) => {
          await create.mutateAsync({
            commentId,
            body: { content: values.content, anonymous: values.anonymous, parent_id: replyingTo },
          });
          void message.success(t('toast.sent'));
          onReplyingToChange(null);
          // A new reply is the newest, so it is on the last page.
          setPage(Math.max(1, Math.ceil((total + 1) / pageSize)));
          await refresh(commentId);
        }}
      />
    ) : null;

  return (
    <Flex vertical gap={4}>
      {replyingTo === 0 ? replyBox : null}
      {replies.length > 0 ? (
        <div
          role="list"
          aria-label={t('replies.listLabel')}
          style={{ paddingLeft: 16, borderLeft: '2px solid rgba(5, 5, 5, 0.06)' }}
        >
          {replies.map((reply) => (
            <div role="listitem" key={reply.id}>
              <ReplyItem
                activityId={activityId}
                reply={reply}
                canPost={canPost}
                onReply={() => onReplyingToChange(replyingTo === reply.id ? null : reply.id)}
                onDeleted={() => {
                  if (replies.length === 1 && page > 1) setPage(page - 1);
                  void refresh(commentId);
                }}
              />
              {replyingTo === reply.id ? replyBox : null}
            </div>
          ))}
        </div>
      ) : null}
      {total > pageSize ? (
        <Pagination
          size="small"
          simple
          current={page}
          pageSize={pageSize}
          total={total}
          onChange={setPage}
          style={{ alignSelf: 'flex-end' }}
        />
      ) : null}
    </Flex>
  );
}
