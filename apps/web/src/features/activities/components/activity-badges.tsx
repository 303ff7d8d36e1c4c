import {
  AppstoreOutlined,
  CommentOutlined,
  FileTextOutlined,
  FolderOpenOutlined,
  FormOutlined,
  Html5Outlined,
  LinkOutlined,
  PlayCircleOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import type { Activity } from '@lectern/contracts/activities/activity.schemas';
import type { ActivityStatus } from '@lectern/contracts/activities/activity-status';
import { MEETING_TYPES } from '@lectern/contracts/activities/activity-types';
import { Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { activityTypeName } from './activity-display.ts';

const TYPE_ICONS: Readonly<Record<string, ReactNode>> = {
  material: <FolderOpenOutlined />,
  online_video: <PlayCircleOutlined />,
  page: <FileTextOutlined />,
  web_link: <LinkOutlined />,
  forum: <CommentOutlined />,
  homework: <FormOutlined />,
  h5_courseware: <Html5Outlined />,
};

function iconOf(type: string): ReactNode {
  if (Object.hasOwn(TYPE_ICONS, type)) return TYPE_ICONS[type];
  if ((MEETING_TYPES as readonly string[]).includes(type)) return <VideoCameraOutlined />;
  return <AppstoreOutlined />;
}

/** The type's icon, named for screen readers by the type's localised name. */
export function ActivityTypeIcon({ type, size = 18 }: { type: string; size?: number }) {
  const { t } = useTranslation('activities');
  return (
    <span role="img" aria-label={activityTypeName(t, type)} style={{ fontSize: size, lineHeight: 1 }}>
      {iconOf(type)}
    </span>
  );
}

const STATUS_COLORS: Record<ActivityStatus, string | undefined> = {
  notStarted: 'blue',
  inProgress: 'green',
  expired: undefined,
};

/** The server-derived status: not started, in progress or expired. */
export function ActivityStatusTag({ status }: { status: ActivityStatus }) {
  const { t } = useTranslation('activities');
  return (
    <Tag color={STATUS_COLORS[status]} className={`activity-status activity-status-${status}`}>
      {t(`status.${status}`)}
    </Tag>
  );
}

/** Shown to those who can see drafts: the activity is hidden from students. */
export function UnpublishedTag({ activity }: { activity: Pick<Activity, 'published'> }) {
  const { t } = useTranslation('activities');
  if (activity.published) return null;
  return <Tag color="orange">{t('list.unpublished')}</Tag>;
}
