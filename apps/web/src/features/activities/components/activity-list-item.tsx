import { CheckCircleFilled, CheckCircleOutlined } from '@ant-design/icons';
import type { Activity } from '@lectern/contracts/activities/activity.schemas';
import { activityRowKey } from '@lectern/contracts/activities/activity-types';
import { Flex, Space, theme } from 'antd';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DeferredTooltip } from '../../../shared/components/deferred-tooltip.tsx';
import { ActivityStatusTag, ActivityTypeIcon, UnpublishedTag } from './activity-badges.tsx';
import { activityTimeText } from './activity-display.ts';

/** Where the edit and delete controls go: a "more" menu in a syllabus, plain icons at module level. */
export type ActivityListItemVariant = 'syllabus' | 'icons';

export interface ActivityListItemProps {
  activity: Activity;
  variant: ActivityListItemVariant;
  onEdit: (activity: Activity) => void;
  onDelete: (activity: Activity) => void;
  /** Beside the title: the sub-course label of a combined course's activity (instructor view). */
  label?: ReactNode;
}

const ActivityActions = lazy(async () => ({
  default: (await import('./activity-actions.tsx')).ActivityActions,
}));

export function activityPath(activity: Pick<Activity, 'id' | 'course_id'>): string {
  return `/course/${activity.course_id}/activity/${activity.id}`;
}

/** Where the edit and delete controls will be: their size, so nothing moves when they arrive. */
function ActivityActionsPlaceholder({ variant }: { variant: ActivityListItemVariant }) {
  const { token } = theme.useToken();
  const buttons = variant === 'syllabus' ? 1 : 2;
  return (
    <span
      aria-hidden
      style={{
        display: 'inline-block',
        flexShrink: 0,
        width: token.controlHeight * buttons,
        height: token.controlHeight,
      }}
    />
  );
}

/**
 * Spec 001 "optional completeness indicator with tip": for learners the server says whether the
 * completion criterion is met; the tip names the criterion.
 */
function CompletionIndicator({ activity }: { activity: Activity }) {
  const { t } = useTranslation('activities');
  const { token } = theme.useToken();
  if (activity.completed === undefined) return null;
  const key = activity.completion_criterion_key;
  const name = t(`criteria.${key}`, { defaultValue: key });
  const criterion =
    activity.completion_criterion_value !== null && (key === 'score' || key === 'completeness')
      ? t('list.criterionAtLeast', { criterion: name, value: activity.completion_criterion_value })
      : name;
  const tip = t(activity.completed ? 'list.completed' : 'list.notCompleted', { criterion });
  return (
    <DeferredTooltip title={tip}>
      <span role="img" aria-label={tip} tabIndex={0} data-completed={activity.completed}>
        {activity.completed ? (
          <CheckCircleFilled aria-hidden style={{ color: token.colorSuccess }} />
        ) : (
          <CheckCircleOutlined aria-hidden style={{ color: token.colorTextQuaternary }} />
        )}
      </span>
    </DeferredTooltip>
  );
}

/**
 * One activity in a course section. The row carries the type as a CSS class and data attribute with
 * underscores turned into hyphens (spec 001 "Activity list item"), so types can be styled and found.
 * Edit and delete appear only when the server says the viewer may edit (never while simulating).
 */
export function ActivityListItem(props: ActivityListItemProps) {
  const { activity } = props;
  const { t } = useTranslation('activities');
  const { token } = theme.useToken();
  const rowKey = activityRowKey(activity.type);
  return (
    <Flex
      align="center"
      gap={12}
      className={`activity-list-item ${rowKey}`}
      data-activity-type={rowKey}
      data-activity-id={activity.id}
      style={{ padding: `${token.paddingXS}px ${token.paddingSM}px`, minHeight: 48 }}
    >
      <ActivityTypeIcon type={activity.type} />
      <Flex vertical style={{ flex: 1, minWidth: 0 }}>
        <Space size={8} wrap>
          <Link to={activityPath(activity)}>{activity.title}</Link>
          <ActivityStatusTag status={activity.status} />
          <UnpublishedTag activity={activity} />
          {props.label}
        </Space>
        <span style={{ color: token.colorTextDescription, fontSize: token.fontSizeSM }}>
          {activityTimeText(t, activity)}
        </span>
      </Flex>
      <CompletionIndicator activity={activity} />
      {activity.can_edit ? (
        <Suspense fallback={<ActivityActionsPlaceholder variant={props.variant} />}>
          <ActivityActions {...props} />
        </Suspense>
      ) : null}
    </Flex>
  );
}
