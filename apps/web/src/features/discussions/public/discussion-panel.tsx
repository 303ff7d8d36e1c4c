import type { Activity } from '@lectern/contracts/activities/activity.schemas';
import { BLUEPRINT_COURSE_TYPE } from '@lectern/contracts/courses/course-roles';
import { Tabs, type TabsProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CommentPanel } from './comment-panel.tsx';
import { QuestionPanel } from './question-panel.tsx';

export interface DiscussionPanelProps {
  activity: Activity;
  courseType?: number | null;
  /** Whether the comment tab is offered (spec: canSubmitComment). */
  canSubmitComment?: boolean;
  /** Whether the question tab is offered (spec: canSubmitQuestion). */
  canSubmitQuestion?: boolean;
  hideQuiz?: boolean;
  /** The quiz tab's content, from the activity that has quizzes (an online video); no tab without it. */
  quizTab?: ReactNode;
  /** The place being watched or read: a video's hh:mm:ss, or a document's page. */
  readLocation?: () => string | null;
  /** The file the questions hang off (upload reference id). */
  referenceId?: number | null;
  /** The video's length in seconds, the limit of a comment's question time. */
  mediaDuration?: number;
}

const noLocation = () => null;

/**
 * The combined comment-and-question panel (spec 001 section 2): a comment tab and a question tab by the
 * two toggles; a blueprint course (type 13) shows only the question tab. The quiz tab shows what the
 * activity passes in `quizTab` (an online video's quizzes) unless `hideQuiz`.
 */
export function DiscussionPanel({
  activity,
  courseType,
  canSubmitComment = true,
  canSubmitQuestion = true,
  readLocation,
  referenceId = null,
  mediaDuration,
  hideQuiz = false,
  quizTab,
}: DiscussionPanelProps) {
  const { t } = useTranslation('discussions');
  const blueprint = courseType === BLUEPRINT_COURSE_TYPE;

  const items: NonNullable<TabsProps['items']> = [];
  if (!blueprint && canSubmitComment) {
    items.push({
      key: 'comment',
      label: t('tabs.comment'),
      children: (
        <CommentPanel activityId={activity.id} readLocation={readLocation} mediaDuration={mediaDuration} />
      ),
    });
  }
  if (blueprint || canSubmitQuestion) {
    items.push({
      key: 'question',
      label: t('tabs.question'),
      children: (
        <QuestionPanel
          activityId={activity.id}
          referenceId={referenceId}
          readLocation={readLocation ?? noLocation}
        />
      ),
    });
  }
  if (!blueprint && !hideQuiz && quizTab) {
    items.push({ key: 'quiz', label: t('tabs.quiz'), children: quizTab });
  }
  if (items.length === 0) return null;
  return <Tabs items={items} destroyOnHidden={false} />;
}
