import { ArrowLeftOutlined, DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { Activity } from '@lectern/contracts/activities/activity.schemas';
import type { Course } from '@lectern/contracts/courses/course.schemas';
import { trialTeachingEditable } from '@lectern/contracts/meetings/meeting-rules';
import { Button, Card, Descriptions, Flex, Result, Space, Typography, type DescriptionsProps } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../../shared/api/http-client.ts';
import { formatDateTime } from '../../../shared/components/date-time.ts';
import { ErrorState, LoadingState } from '../../../shared/components/page-state.tsx';
import { useCurrentCourse } from '../../courses/public/use-current-course.ts';
import { AttachmentList } from '../../uploads/public/attachment-list.tsx';
import { useActivity } from '../api/get-activity.ts';
import { useMarkRead } from '../api/mark-read.ts';
import { ActivityFormModal } from '../components/activity-form-modal.tsx';
import { ActivityStatusTag, ActivityTypeIcon, UnpublishedTag } from '../components/activity-badges.tsx';
import { ActivityBody, bodyListsAttachments } from '../components/activity-body.tsx';
import { activityTimeText, activityTypeName, completionText } from '../components/activity-display.ts';
import { DeleteActivityModal } from '../components/delete-activity-modal.tsx';

function coursePath(courseId: number): string {
  return `/course/${courseId}`;
}

function NotFoundState({ course, reason }: { course: Course; reason?: string }) {
  const { t } = useTranslation('activities');
  return (
    <Result
      status="404"
      title={t('detail.notFoundTitle')}
      subTitle={reason ?? t('detail.notFoundDescription')}
      extra={<Link to={coursePath(course.id)}>{t('detail.backToCourse')}</Link>}
    />
  );
}

/**
 * Records one read per opened activity for learners. The teaching team's reads are not counted, and an
 * instructor viewing as a student records nothing, so neither calls the server.
 */
function useRecordRead(course: Course, activityId: number | undefined) {
  const { mutate } = useMarkRead();
  const recordedFor = useRef<number | null>(null);
  const records = !course.can_manage && !course.simulating;
  useEffect(() => {
    if (!records || activityId === undefined || recordedFor.current === activityId) return;
    recordedFor.current = activityId;
    mutate({ activityId, courseId: course.id });
  }, [records, activityId, course.id, mutate]);
}

type Dialog = 'edit' | 'delete';

function ActivityDetail({ activity, course }: { activity: Activity; course: Course }) {
  const { t } = useTranslation('activities');
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  // When the page was opened: a trial teaching that starts while it is open is refused by the server.
  const [openedAt] = useState(() => Date.now());
  const [dialogOpen, setDialogOpen] = useState(false);

  const open = (next: Dialog) => {
    setDialog(next);
    setDialogOpen(true);
  };

  const placement = activity.syllabus_summary
    ? t('detail.placementWithSyllabus', { module: activity.module_name, syllabus: activity.syllabus_summary })
    : activity.module_name;

  const items: DescriptionsProps['items'] = [
    { key: 'type', label: t('detail.type'), children: activityTypeName(t, activity.type) },
    { key: 'time', label: t('detail.time'), children: activityTimeText(t, activity) },
    { key: 'completion', label: t('detail.completion'), children: completionText(t, activity) },
    { key: 'placement', label: t('detail.placement'), children: placement },
    { key: 'createdBy', label: t('detail.createdBy'), children: activity.created_by.name },
    { key: 'createdAt', label: t('detail.createdAt'), children: formatDateTime(activity.created_at) },
  ];

  const showAttachments = !bodyListsAttachments(activity.type) && activity.uploads.length > 0;

  return (
    <Flex vertical gap={16}>
      <div>
        <Link to={coursePath(course.id)}>
          <Space size={4}>
            <ArrowLeftOutlined aria-hidden />
            {t('detail.backToCourse')}
          </Space>
        </Link>
      </div>
      <Card>
        <Flex vertical gap={16}>
          <Flex align="center" justify="space-between" gap={16} wrap>
            <Flex align="center" gap={12} wrap style={{ minWidth: 0 }}>
              <ActivityTypeIcon type={activity.type} size={24} />
              <Typography.Title level={2} style={{ margin: 0, fontSize: 22 }}>
                {activity.title}
              </Typography.Title>
              <ActivityStatusTag status={activity.status} />
              <UnpublishedTag activity={activity} />
            </Flex>
            {activity.can_edit ? (
              <Space>
                {/* A trial teaching that has started is never edited again (the server refuses it). */}
                {activity.type !== 'trial_teaching' || trialTeachingEditable(activity, openedAt) ? (
                  <Button icon={<EditOutlined aria-hidden />} onClick={() => open('edit')}>
                    {t('list.edit')}
                  </Button>
                ) : null}
                <Button danger icon={<DeleteOutlined aria-hidden />} onClick={() => open('delete')}>
                  {t('list.delete')}
                </Button>
              </Space>
            ) : null}
          </Flex>
          <Descriptions size="small" column={{ xs: 1, sm: 1, md: 2 }} items={items} />
        </Flex>
      </Card>
      <Card title={t('detail.content')}>
        <ActivityBody activity={activity} />
      </Card>
      {showAttachments ? (
        <Card title={t('detail.attachments')}>
          <AttachmentList attachments={activity.uploads} />
        </Card>
      ) : null}
      {dialog === 'edit' ? (
        <ActivityFormModal
          open={dialogOpen}
          course={course}
          activity={activity}
          onClose={() => setDialogOpen(false)}
          afterClose={() => setDialog(null)}
        />
      ) : null}
      {dialog === 'delete' ? (
        <DeleteActivityModal
          open={dialogOpen}
          activity={activity}
          onClose={() => setDialogOpen(false)}
          afterClose={() => setDialog(null)}
          onDeleted={() => void navigate(coursePath(course.id), { replace: true })}
        />
      ) : null}
    </Flex>
  );
}

/** One activity: what it is, when, how it is completed, and its type-specific content. */
export function ActivityPage() {
  const { activityId } = useParams();
  const course = useCurrentCourse();
  const id = Number(activityId);
  const validId = Number.isInteger(id) && id > 0;
  const query = useActivity(id, validId);
  const activity = query.data;
  useRecordRead(course, activity && activity.course_id === course.id ? activity.id : undefined);

  if (!validId) return <NotFoundState course={course} />;
  // Checked before the data: an activity deleted meanwhile must not linger from the cache.
  if (isApiError(query.error) && query.error.status === 404) {
    return <NotFoundState course={course} reason={query.error.message} />;
  }
  if (query.isPending) return <LoadingState />;
  if (!activity) {
    return (
      <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isRefetching} />
    );
  }
  // An address with another course's id still finds the activity; show it inside its own course.
  if (activity.course_id !== course.id) {
    return <Navigate to={`${coursePath(activity.course_id)}/activity/${activity.id}`} replace />;
  }
  return <ActivityDetail activity={activity} course={course} />;
}
