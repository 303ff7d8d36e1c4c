import {
  CheckCircleFilled,
  CheckCircleOutlined,
  DeleteOutlined,
  EditOutlined,
  MoreOutlined,
} from '@ant-design/icons';
import type { Activity } from '@lectern/contracts/activities/activity.schemas';
import { activityRowKey } from '@lectern/contracts/activities/activity-types';
import { Button, Dropdown, Flex, Space, theme, Tooltip, Typography, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ActivityStatusTag, ActivityTypeIcon, UnpublishedTag } from './activity-badges.tsx';
import { activityTimeText } from './activity-display.ts';

/** Where the edit and delete controls go: a "more" menu in a syllabus, plain icons at module level. */
export type ActivityListItemVariant = 'syllabus' | 'icons';

export interface ActivityListItemProps {
  activity: Activity;
  variant: ActivityListItemVariant;
  onEdit: (activity: Activity) => void;
  onDelete: (activity: Activity) => void;
}

export function activityPath(activity: Pick<Activity, 'id' | 'course_id'>): string {
  return `/course/${activity.course_id}/activity/${activity.id}`;
}

function ActivityActions({ activity, variant, onEdit, onDelete }: ActivityListItemProps) {
  const { t } = useTranslation('activities');
  if (variant === 'syllabus') {
    const items: MenuProps['items'] = [
      { key: 'edit', icon: <EditOutlined aria-hidden />, label: t('list.edit') },
      { key: 'delete', icon: <DeleteOutlined aria-hidden />, label: t('list.delete'), danger: true },
    ];
    const onClick: MenuProps['onClick'] = ({ key, domEvent }) => {
      // Chosen with Enter, the item acts on keydown; the dialog it opens focuses a field at once, and the
      // keypress that follows would land there and submit the dialog (or press its close button).
      // Cancelling the keydown is what stops that keypress.
      domEvent.preventDefault();
      if (key === 'edit') onEdit(activity);
      if (key === 'delete') onDelete(activity);
    };
    return (
      // autoFocus moves focus into the opened menu, so the arrow keys and Enter work on its items.
      <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight" autoFocus>
        <Button
          type="text"
          icon={<MoreOutlined aria-hidden />}
          aria-haspopup="menu"
          aria-label={t('list.moreNamed', { title: activity.title })}
        />
      </Dropdown>
    );
  }
  return (
    <Space size={0}>
      <Tooltip title={t('list.edit')}>
        <Button
          type="text"
          icon={<EditOutlined aria-hidden />}
          aria-label={t('list.editNamed', { title: activity.title })}
          onClick={() => onEdit(activity)}
        />
      </Tooltip>
      <Tooltip title={t('list.delete')}>
        <Button
          type="text"
          danger
          icon={<DeleteOutlined aria-hidden />}
          aria-label={t('list.deleteNamed', { title: activity.title })}
          onClick={() => onDelete(activity)}
        />
      </Tooltip>
    </Space>
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
    <Tooltip title={tip}>
      <span role="img" aria-label={tip} tabIndex={0} data-completed={activity.completed}>
        {activity.completed ? (
          <CheckCircleFilled aria-hidden style={{ color: token.colorSuccess }} />
        ) : (
          <CheckCircleOutlined aria-hidden style={{ color: token.colorTextQuaternary }} />
        )}
      </span>
    </Tooltip>
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
        </Space>
        <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
          {activityTimeText(t, activity)}
        </Typography.Text>
      </Flex>
      <CompletionIndicator activity={activity} />
      {activity.can_edit ? <ActivityActions {...props} /> : null}
    </Flex>
  );
}
