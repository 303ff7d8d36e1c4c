import { CloseOutlined } from '@ant-design/icons';
import { sortRoles } from '@lectern/contracts/courses/course-roles';
import {
  DISCUSSION_LIMITS,
  type Comment,
  type CommentsResponse,
} from '@lectern/contracts/discussions/discussions.schemas';
import { isPageLocation } from '@lectern/contracts/discussions/question-time';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { App, Button, Empty, Flex, Segmented, Spin, Typography } from 'antd';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../shared/components/page-state.tsx';
import { useCurrentCourse } from '../../courses/public/use-current-course.ts';
import { useCurrentUser } from '../../identity/public/get-current-user.ts';
import { useCreateComment } from '../api/create-comment.ts';
import {
  infiniteCommentsQueryKey,
  useInfiniteComments,
  type InfiniteCommentsQuery,
} from '../api/list-comments.ts';
import { CommentCard } from '../components/comment-card.tsx';
import { escapeHtml } from '../components/content-text.ts';
import { PageTags } from '../components/page-tags.tsx';
import { QuestionInput } from '../components/question-input.tsx';
import { ReadOnlyNote } from '../components/read-only-note.tsx';
import { scrollToTop } from '../components/scroll-to-top.ts';
import { useDebouncedValue, useThrottledCallback } from '../components/use-throttled-callback.ts';

/** Spec 001 section 9. */
export const QUESTION_PANEL_TIMING = {
  /** How often the viewer's page is read. */
  pollMs: 1000,
  /** A page change reloads the list only once the reader has stayed on the page this long. */
  reloadDebounceMs: 1000,
  scrollThrottleMs: 1000,
  /** Distance from the bottom (px) at which the next page loads. */
  loadThresholdPx: 10,
  successMessageSeconds: 1,
  scrollToTopMs: 1000,
} as const;

type QuestionFilter = 'all' | 'page';
/** Time orders by id, heat by approval_count. */
type QuestionSort = 'id' | 'approval_count';

type QuestionPages = InfiniteData<CommentsResponse>;

function withTotal(
  data: QuestionPages,
  change: number,
  edit: (comments: Comment[], index: number) => Comment[],
) {
  return {
    ...data,
    pages: data.pages.map((page, index) => ({
      ...page,
      total: Math.max(0, page.total + change),
      comments: edit(page.comments, index),
    })),
  };
}

/**
 * Reads the viewer's location every second. A new location drops a page the user picked from the tags
 * and, when the location is cleared, puts the sort back to heat.
 */
function usePolledLocation(readLocation: () => string | null, onChange: (location: string | null) => void) {
  const [location, setLocation] = useState(readLocation);
  const latest = useRef({ readLocation, onChange, last: location });
  useLayoutEffect(() => {
    latest.current.readLocation = readLocation;
    latest.current.onChange = onChange;
  });
  useEffect(() => {
    const timer = setInterval(() => {
      const next = latest.current.readLocation();
      if (next === latest.current.last) return;
      latest.current.last = next;
      setLocation(next);
      latest.current.onChange(next);
    }, QUESTION_PANEL_TIMING.pollMs);
    return () => clearInterval(timer);
  }, []);
  return location;
}

export interface QuestionPanelProps {
  activityId: number;
  /** The material file (upload reference) being read; questions hang off it. */
  referenceId: number | null;
  /** The viewer's page (a number as text for documents, hh:mm:ss for videos), null when unknown. */
  readLocation: () => string | null;
  onClose?: () => void;
}

/**
 * Questions tied to a page of the courseware (spec 001 sections 2 and 4): a count and close in the
 * header; all questions (by heat) or the current page's (by time or heat); a list that loads more near
 * its bottom; and, for learners, the box to ask. A member without the student role counts as teaching
 * here: they read only and cannot like.
 */
export function QuestionPanel({ activityId, referenceId, readLocation, onClose }: QuestionPanelProps) {
  const { t } = useTranslation('discussions');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const course = useCurrentCourse();
  const user = useCurrentUser().data;
  const create = useCreateComment();
  const listRef = useRef<HTMLDivElement>(null);

  const isInstructor = !course.current_user_roles.includes('student');
  const courseRole = sortRoles(course.current_user_roles)[0];

  const [filter, setFilter] = useState<QuestionFilter>('all');
  const [sort, setSort] = useState<QuestionSort>('approval_count');
  // A page chosen from the tags, for this file only; the reader turning pages takes over again.
  const [picked, setPicked] = useState<{ referenceId: number | null; page: string } | null>(null);
  const viewerLocation = usePolledLocation(readLocation, (next) => {
    setPicked(null);
    if (next === null) setSort('approval_count');
  });
  const settledViewerLocation = useDebouncedValue(viewerLocation, QUESTION_PANEL_TIMING.reloadDebounceMs);

  // "Current page" only means something for paged documents; a video's time is not a page.
  const pagedDocument = viewerLocation === null || isPageLocation(viewerLocation);
  const byPage = filter === 'page' && pagedDocument;
  const pickedPage = picked && picked.referenceId === referenceId ? picked.page : null;
  // A cleared location applies at once (it also resets the sort): no request for the page just left.
  // The first page known (the document just opened) applies at once too: the debounce only spares
  // reloads for pages flipped through, and until it settled "current page" would list every question.
  const listLocation =
    pickedPage ?? (viewerLocation === null ? null : (settledViewerLocation ?? viewerLocation));

  const query: InfiniteCommentsQuery = {
    page_size: DISCUSSION_LIMITS.defaultPageSize,
    type: 'question',
    referrer_type: referenceId === null ? 'none' : 'upload_reference',
    ...(referenceId === null ? {} : { referrer_id: referenceId }),
    order_key: byPage ? sort : 'approval_count',
    order: 'desc',
    ...(byPage && listLocation !== null ? { location: listLocation } : {}),
  };
  const queryKey = infiniteCommentsQueryKey(activityId, query);
  const list = useInfiniteComments(activityId, query);
  const pages = list.data?.pages ?? [];
  const seen = new Set<number>();
  const questions = pages
    .flatMap((page) => page.comments)
    .filter((question) => (seen.has(question.id) ? false : (seen.add(question.id), true)));
  const count = pages.at(-1)?.total ?? 0;

  // Another file: its questions start from the top.
  useEffect(() => {
    if (listRef.current) listRef.current.scrollTop = 0;
  }, [referenceId]);

  const onScroll = useThrottledCallback(
    () => {
      const element = listRef.current;
      if (!element || !list.hasNextPage || list.isFetchingNextPage) return;
      const remaining = element.scrollHeight - element.scrollTop - element.clientHeight;
      if (remaining <= QUESTION_PANEL_TIMING.loadThresholdPx) void list.fetchNextPage();
    },
    QUESTION_PANEL_TIMING.scrollThrottleMs,
    { trailing: true },
  );

  const submit = async ({ content, anonymous }: { content: string; anonymous: boolean }) => {
    const question = await create.mutateAsync({
      activityId,
      body: {
        content: escapeHtml(content),
        comment_type: 'question',
        anonymous,
        parent_type: 'learning_activity',
        referrer_id: referenceId,
        referrer_type: referenceId === null ? 'none' : 'upload_reference',
        ...(courseRole ? { course_role: courseRole } : {}),
        // The page read now: the polled one can be a second behind a reader who just turned the page.
        location: readLocation(),
      },
    });
    const shown = !byPage || listLocation === null || question.location === listLocation;
    queryClient.setQueryData<QuestionPages>(queryKey, (data) =>
      data
        ? withTotal(data, 1, (comments, index) => (index === 0 && shown ? [question, ...comments] : comments))
        : data,
    );
    void message.success(t('questions.sent'), QUESTION_PANEL_TIMING.successMessageSeconds);
    if (listRef.current) scrollToTop(listRef.current, QUESTION_PANEL_TIMING.scrollToTopMs);
  };

  const removeQuestion = (id: number) =>
    queryClient.setQueryData<QuestionPages>(queryKey, (data) =>
      data ? withTotal(data, -1, (comments) => comments.filter((question) => question.id !== id)) : data,
    );

  return (
    <Flex vertical style={{ height: '100%', minHeight: 0 }} aria-label={t('questions.title')} role="region">
      <Flex align="center" justify="space-between" gap={8} style={{ padding: '8px 12px' }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('questions.header', { count })}
        </Typography.Title>
        {onClose ? (
          <Button
            type="text"
            icon={<CloseOutlined aria-hidden />}
            aria-label={t('actions.close')}
            onClick={onClose}
          />
        ) : null}
      </Flex>
      {pagedDocument ? (
        <Flex vertical gap={8} style={{ padding: '0 12px 8px' }}>
          <Flex align="center" justify="space-between" gap={8} wrap>
            <Segmented<QuestionFilter>
              size="small"
              aria-label={t('questions.filterLabel')}
              value={filter}
              onChange={setFilter}
              options={[
                { value: 'all', label: t('questions.filterAll') },
                { value: 'page', label: t('questions.filterPage') },
              ]}
            />
            {byPage ? (
              <Segmented<QuestionSort>
                size="small"
                aria-label={t('questions.sortLabel')}
                value={sort}
                onChange={setSort}
                options={[
                  { value: 'id', label: t('questions.sortTime') },
                  { value: 'approval_count', label: t('questions.sortHeat') },
                ]}
              />
            ) : null}
          </Flex>
          {byPage && listLocation !== null ? (
            <PageTags
              key={listLocation}
              selected={Number(listLocation)}
              onSelect={(page) => setPicked({ referenceId, page: String(page) })}
            />
          ) : null}
        </Flex>
      ) : null}
      <div
        ref={listRef}
        onScroll={() => onScroll()}
        // A list role only while it holds questions: an empty ARIA list is an error for screen readers.
        role={questions.length > 0 ? 'list' : undefined}
        aria-label={questions.length > 0 ? t('questions.listLabel') : undefined}
        aria-busy={list.isFetching}
        style={{ flex: 1, minHeight: 120, maxHeight: 560, overflowY: 'auto', padding: '0 12px' }}
      >
        {questions.map((question) => (
          <div role="listitem" key={question.id} style={{ marginBottom: 8 }}>
            <CommentCard
              activityId={activityId}
              comment={question}
              commentType="question"
              canPost={!course.simulating}
              canLike={!isInstructor}
              withReplies={false}
              maxLength={DISCUSSION_LIMITS.questionContentMax}
              onDeleted={() => removeQuestion(question.id)}
            />
          </div>
        ))}
        {list.isPending || list.isFetchingNextPage ? (
          <Flex justify="center" style={{ padding: 12 }}>
            <span role="status" aria-label={t('questions.loading')}>
              <Spin size="small" />
            </span>
          </Flex>
        ) : null}
        {list.isError && !list.data ? (
          <ErrorState error={list.error} onRetry={() => void list.refetch()} retrying={list.isRefetching} />
        ) : null}
        {list.data && count < 1 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('questions.empty')} />
        ) : null}
      </div>
      {isInstructor ? null : course.simulating ? (
        <div style={{ padding: 12 }}>
          <ReadOnlyNote />
        </div>
      ) : (
        <QuestionInput avatarUrl={user?.avatar_big_url ?? user?.avatar_small_url ?? null} onSubmit={submit} />
      )}
    </Flex>
  );
}
