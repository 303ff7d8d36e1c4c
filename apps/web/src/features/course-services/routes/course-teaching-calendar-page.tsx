import type { TeachingEntry } from '@lectern/contracts/course-services/teaching-calendar.schemas';
import { App, Button, Card, Flex, Grid, Popconfirm, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/components/page-state.tsx';
import { useCurrentCourse } from '../../courses/public/use-current-course.ts';
import { useCurrentUser } from '../../identity/public/get-current-user.ts';
import { useDeleteTeachingCalendar } from '../api/delete-teaching-calendar.ts';
import { useTeachingCalendars } from '../api/list-teaching-calendars.ts';
import { useTeachingWeeks } from '../api/list-teaching-weeks.ts';
import { useSaveTeachingCalendar } from '../api/save-teaching-calendar.ts';
import { TeachingEntryFormModal } from '../components/teaching-entry-form-modal.tsx';

/**
 * `/course/:courseId/teaching-calendar`: the course's teaching schedule by week. Students read it (a list
 * of cards on phones); the teaching team adds, edits and removes entries.
 */
export function CourseTeachingCalendarPage() {
  const { t } = useTranslation('course-services');
  const { message } = App.useApp();
  const course = useCurrentCourse();
  const user = useCurrentUser();
  const phone = Grid.useBreakpoint().md === false;
  const calendars = useTeachingCalendars(course.id);
  const canManage = course.can_manage;
  const weeks = useTeachingWeeks(
    user.data?.org_id ?? 0,
    course.semester_id ?? undefined,
    canManage && !!user.data && course.semester_id !== null,
  );
  const save = useSaveTeachingCalendar(course.id);
  const remove = useDeleteTeachingCalendar(course.id);
  const [editing, setEditing] = useState<TeachingEntry | null | undefined>(undefined);

  if (calendars.isPending) return <LoadingState />;
  if (calendars.isError)
    return <ErrorState error={calendars.error} onRetry={() => void calendars.refetch()} />;
  const entries = calendars.data.teaching_calendars;
  const weekList = weeks.data?.teaching_weeks ?? [];

  const actions = (entry: TeachingEntry) => (
    <Space size={4}>
      <Button size="small" onClick={() => setEditing(entry)}>
        {t('calendar.editShort')}
      </Button>
      <Popconfirm
        title={t('calendar.deleteConfirm')}
        onConfirm={async () => {
          await remove.mutateAsync(entry.id);
          void message.success(t('calendar.deleted'));
        }}
      >
        <Button size="small" danger>
          {t('calendar.delete')}
        </Button>
      </Popconfirm>
    </Space>
  );

  return (
    <Flex vertical gap={16} style={{ paddingTop: 16 }}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={2} style={{ fontSize: 20, margin: 0 }}>
          {t('calendar.title')}
        </Typography.Title>
        {canManage && (
          <Button type="primary" disabled={weekList.length === 0} onClick={() => setEditing(null)}>
            {t('calendar.add')}
          </Button>
        )}
      </Flex>
      {canManage && weeks.isSuccess && weekList.length === 0 && (
        <Typography.Text type="secondary">{t('calendar.noSemester')}</Typography.Text>
      )}
      {entries.length === 0 ? (
        <EmptyState description={t('calendar.empty')} />
      ) : phone ? (
        <Flex vertical gap={8}>
          {entries.map((entry) => (
            <Card key={entry.id} size="small" title={`${entry.teachingWeek.name} · ${entry.teachingDate}`}>
              <Typography.Paragraph style={{ marginBottom: 4 }}>{entry.content}</Typography.Paragraph>
              <Typography.Text type="secondary">
                {[
                  t(`types.${entry.type}`),
                  entry.timeRange,
                  entry.location,
                  entry.instructor,
                  t('calendar.hoursValue', { hours: entry.hours }),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Typography.Text>
              {canManage && <div style={{ marginTop: 8 }}>{actions(entry)}</div>}
            </Card>
          ))}
        </Flex>
      ) : (
        <Table<TeachingEntry>
          rowKey="id"
          dataSource={entries}
          pagination={false}
          columns={[
            { title: t('calendar.week'), render: (_, e) => e.teachingWeek.name },
            { title: t('calendar.date'), dataIndex: 'teachingDate' },
            { title: t('calendar.timeRange'), dataIndex: 'timeRange' },
            { title: t('calendar.type'), render: (_, e) => t(`types.${e.type}`) },
            { title: t('calendar.content'), dataIndex: 'content' },
            { title: t('calendar.hours'), dataIndex: 'hours' },
            { title: t('calendar.instructor'), dataIndex: 'instructor' },
            { title: t('calendar.location'), dataIndex: 'location' },
            ...(canManage
              ? [{ title: t('calendar.actions'), render: (_: unknown, e: TeachingEntry) => actions(e) }]
              : []),
          ]}
        />
      )}
      {canManage && editing !== undefined && (
        <TeachingEntryFormModal
          open
          entry={editing}
          weeks={weekList}
          onSubmit={(body) => save.mutateAsync({ entryId: editing?.id ?? null, body })}
          onClose={() => setEditing(undefined)}
        />
      )}
    </Flex>
  );
}
