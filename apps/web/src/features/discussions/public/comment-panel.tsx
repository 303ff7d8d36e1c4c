import { DISCUSSION_LIMITS } from '@lectern/contracts/discussions/discussions.schemas';
import {
  formatQuestionTime,
  parseQuestionTime,
  partsFromInputs,
  secondsToQuestionTime,
} from '@lectern/contracts/discussions/question-time';
import { App, Flex, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState } from '../../../shared/components/page-state.tsx';
import { useCreateComment } from '../api/create-comment.ts';
import { useComments, type CommentsListQuery } from '../api/list-comments.ts';
import { CommentCard } from '../components/comment-card.tsx';
import { CommentForm } from '../components/comment-form.tsx';
import {
  QuestionTimeInput,
  questionTimeValue,
  useQuestionTimeError,
  type QuestionTimeValue,
} from '../components/question-time-input.tsx';
import { ReadOnlyNote } from '../components/read-only-note.tsx';
import { useCanPost } from '../components/use-can-post.ts';
import { useRefreshDiscussion } from '../components/use-post-actions.ts';
import { PostsPager } from '../components/posts-pager.tsx';

export interface CommentPanelProps {
  activityId: number;
  /** The video's current time (hh:mm:ss): prefills the comment's question time, sent as its location. */
  readLocation?: () => string | null;
  /** The video's length in seconds: the question time may not go past it. */
  mediaDuration?: number;
}

function readTime(readLocation: (() => string | null) | undefined): QuestionTimeValue {
  const parts = parseQuestionTime(readLocation?.() ?? '') ?? secondsToQuestionTime(0);
  return questionTimeValue(parts);
}

/** A video comment's time: prefilled from the player, editable, checked against the video's length. */
function useQuestionTime(readLocation: (() => string | null) | undefined, mediaDuration: number | undefined) {
  const enabled = mediaDuration !== undefined || parseQuestionTime(readLocation?.() ?? '') !== null;
  const [value, setValue] = useState<QuestionTimeValue>(() => readTime(readLocation));
  const [touched, setTouched] = useState(false);
  const [showError, setShowError] = useState(false);
  const error = useQuestionTimeError(value, mediaDuration);
  return {
    enabled,
    value,
    error: showError ? error : null,
    /** The player moved on since the user last looked: take its time unless they typed their own. */
    refresh: () => {
      if (enabled && !touched) setValue(readTime(readLocation));
    },
    change: (next: QuestionTimeValue) => {
      setTouched(true);
      setShowError(true);
      setValue(next);
    },
    /** False (and the error shown) when the time cannot be sent. */
    check: () => {
      setShowError(true);
      return error === null;
    },
    location: () => formatQuestionTime(partsFromInputs(value.hours, value.minutes, value.seconds)),
    reset: () => {
      setTouched(false);
      setShowError(false);
      setValue(readTime(readLocation));
    },
  };
}

/**
 * An activity's comments (comment_type forum, not tied to a file): the new-comment form, then the
 * comments newest first, 10 a page by default (10/20/30/50), each with its replies.
 */
export function CommentPanel({ activityId, readLocation, mediaDuration }: CommentPanelProps) {
  const { t } = useTranslation('discussions');
  const { message } = App.useApp();
  const canPost = useCanPost();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DISCUSSION_LIMITS.defaultPageSize);
  const time = useQuestionTime(readLocation, mediaDuration);
  const create = useCreateComment();
  const refresh = useRefreshDiscussion(activityId);

  const query: CommentsListQuery = {
    page,
    page_size: pageSize,
    order_key: 'id',
    order: 'desc',
    type: 'forum',
    referrer_type: 'none',
    include_replies: true,
  };
  const comments = useComments(activityId, query);
  const data = comments.data;

  return (
    <Flex vertical gap={16}>
      {canPost ? (
        <div onFocusCapture={time.refresh}>
          <CommentForm
            label={t('comments.boxLabel')}
            placeholder={t('comments.placeholder')}
            submitLabel={t('comments.send')}
            extra={
              time.enabled ? (
                <QuestionTimeInput value={time.value} onChange={time.change} error={time.error} />
              ) : null
            }
            canSubmit={time.enabled ? time.check : undefined}
            onSubmit={async (values) => {
              await create.mutateAsync({
                activityId,
                body: {
                  content: values.content,
                  anonymous: values.anonymous,
                  comment_type: 'forum',
                  parent_type: 'learning_activity',
                  referrer_type: 'none',
                  // Only a video time places a comment; pages are for questions (the question panel).
                  location: time.enabled ? time.location() : null,
                },
              });
              void message.success(t('toast.sent'));
              time.reset();
              setPage(1);
              await refresh();
            }}
          />
        </div>
      ) : (
        <ReadOnlyNote />
      )}
      {comments.isError && !data ? (
        <ErrorState
          error={comments.error}
          onRetry={() => void comments.refetch()}
          retrying={comments.isRefetching}
        />
      ) : null}
      {comments.isPending ? (
        <Flex justify="center" style={{ padding: 24 }}>
          <span role="status" aria-label={t('comments.loading')}>
            <Spin />
          </span>
        </Flex>
      ) : null}
      {data && data.total === 0 ? <EmptyState description={t('comments.empty')} /> : null}
      {data && data.comments.length > 0 ? (
        <Flex vertical gap={12} role="list" aria-label={t('comments.listLabel')}>
          {data.comments.map((comment) => (
            <div role="listitem" key={comment.id}>
              <CommentCard
                activityId={activityId}
                comment={comment}
                commentType="forum"
                canPost={canPost}
                firstReplies={{
                  replies: comment.comment_replies,
                  total: comment.reply_count,
                  pages: Math.ceil(comment.reply_count / DISCUSSION_LIMITS.replyPageSize),
                }}
                onDeleted={() => {
                  if (data.comments.length === 1 && page > 1) setPage(page - 1);
                  void refresh();
                }}
              />
            </div>
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
    </Flex>
  );
}
