import { ClockCircleOutlined, FileTextOutlined, MessageOutlined } from '@ant-design/icons';
import type {
  Comment,
  CommentType,
  RepliesResponse,
} from '@lectern/contracts/discussions/discussions.schemas';
import { isPageLocation } from '@lectern/contracts/discussions/question-time';
import { App, Button, Card, Flex, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/components/date-time.ts';
import { useDeleteComment } from '../api/delete-comment.ts';
import { useToggleLike } from '../api/operate-comments.ts';
import { useUpdateComment } from '../api/update-comment.ts';
import { LikeButton } from './like-button.tsx';
import { PostAuthor } from './post-author.tsx';
import { PostContent } from './post-content.tsx';
import { PostEditor } from './post-editor.tsx';
import { postErrorText } from './post-errors.ts';
import { PostMenu } from './post-menu.tsx';
import { ReplyThread, type ReplyTarget } from './reply-thread.tsx';
import { useConfirmDelete } from './use-post-actions.ts';

/** What a card shows; comments, questions and forum topics all have it. */
export type CardPost = Pick<
  Comment,
  | 'id'
  | 'content'
  | 'created_by'
  | 'anonymous'
  | 'course_role'
  | 'approval_count'
  | 'current_user_liked'
  | 'can_edit'
  | 'can_delete'
  | 'can_like'
  | 'created_at'
  | 'updated_at'
  | 'reply_count'
> & { location?: string | null; title?: string | null };

/** A video time or a document page, as a small tag. */
export function LocationTag({ location }: { location: string }) {
  const { t } = useTranslation('discussions');
  if (isPageLocation(location)) {
    return <Tag icon={<FileTextOutlined aria-hidden />}>{t('location.page', { page: location })}</Tag>;
  }
  return <Tag icon={<ClockCircleOutlined aria-hidden />}>{location}</Tag>;
}

export interface CommentCardProps {
  activityId: number;
  comment: CardPost;
  commentType: CommentType;
  /** The viewer may post (not an instructor viewing as a student). */
  canPost: boolean;
  /** Extra client-side restriction on liking (instructors in the question panel); the server's can_like applies too. */
  canLike?: boolean;
  /** Show the replies and the reply box (comments and topics; questions have none). */
  withReplies?: boolean;
  /** The first reply page already fetched with the list. */
  firstReplies?: RepliesResponse;
  /** Questions are plain text of at most this many characters. */
  maxLength?: number;
  /** After a confirmed, successful delete. */
  onDeleted: () => void;
}

/**
 * One comment, question or topic: author and role badge, content in view or edit mode, approval count
 * with the like toggle, the edit/delete menu the server allows, and its replies with the reply box.
 */
export function CommentCard({
  activityId,
  comment,
  commentType,
  canPost,
  canLike = true,
  withReplies = true,
  firstReplies,
  maxLength,
  onDeleted,
}: CommentCardProps) {
  const { t } = useTranslation('discussions');
  const { message } = App.useApp();
  const [editing, setEditing] = useState(false);
  const [replyingTo, setReplyingTo] = useState<ReplyTarget>(null);
  const update = useUpdateComment(activityId);
  const remove = useDeleteComment();
  const like = useToggleLike(activityId);
  const confirmDelete = useConfirmDelete();
  const edited = comment.updated_at !== comment.created_at;

  return (
    <Card
      size="small"
      role="article"
      aria-label={
        comment.title ?? t(commentType === 'question' ? 'questions.itemLabel' : 'comments.itemLabel')
      }
    >
      <Flex vertical gap={8}>
        <Flex align="center" justify="space-between" gap={8}>
          <PostAuthor
            author={comment.created_by}
            anonymous={comment.anonymous}
            role={comment.course_role}
            extra={
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {formatDateTime(comment.created_at)}
                {edited ? ` · ${t('comments.edited', { time: formatDateTime(comment.updated_at) })}` : ''}
              </Typography.Text>
            }
          />
          <PostMenu
            canEdit={comment.can_edit}
            canDelete={comment.can_delete}
            onEdit={() => setEditing(true)}
            onDelete={() => confirmDelete(() => remove.mutateAsync(comment.id), onDeleted)}
          />
        </Flex>
        {comment.title ? (
          <Typography.Title level={4} style={{ margin: 0 }}>
            {comment.title}
          </Typography.Title>
        ) : null}
        {comment.location ? (
          <div>
            <LocationTag location={comment.location} />
          </div>
        ) : null}
        {editing ? (
          <PostEditor
            initialHtml={comment.content}
            plainText={commentType === 'question'}
            maxLength={maxLength}
            saving={update.isPending}
            onCancel={() => setEditing(false)}
            onSave={(content) =>
              update.mutate(
                { commentId: comment.id, body: { content, comment_type: commentType } },
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
          <PostContent html={comment.content} />
        )}
        <Flex gap={8} align="center">
          <LikeButton
            liked={comment.current_user_liked}
            count={comment.approval_count}
            disabled={!comment.can_like || !canLike}
            onToggle={(next) => like.mutate({ kind: 'comment', id: comment.id, like: next })}
          />
          {withReplies ? (
            <Button
              type="text"
              size="small"
              icon={<MessageOutlined aria-hidden />}
              aria-expanded={replyingTo === 0}
              disabled={!canPost}
              onClick={() => setReplyingTo(replyingTo === 0 ? null : 0)}
            >
              {t('replies.toggle', { count: comment.reply_count })}
            </Button>
          ) : null}
        </Flex>
        {withReplies ? (
          <ReplyThread
            activityId={activityId}
            commentId={comment.id}
            firstPage={firstReplies}
            canPost={canPost}
            replyingTo={replyingTo}
            onReplyingToChange={setReplyingTo}
          />
        ) : null}
      </Flex>
    </Card>
  );
}
