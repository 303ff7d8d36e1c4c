import { DownOutlined, VideoCameraAddOutlined } from '@ant-design/icons';
import type { Course } from '@lectern/contracts/courses/course.schemas';
import { Button, Dropdown } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The forms load when one is first opened, not with the course page.
const TencentMeetingsModal = lazy(async () => ({
  default: (await import('../components/tencent-meetings-modal.tsx')).TencentMeetingsModal,
}));
const CalendarMeetingModal = lazy(async () => ({
  default: (await import('../components/calendar-meeting-modal.tsx')).CalendarMeetingModal,
}));

export interface MeetingVendorButtonProps {
  course: Course;
  /** The module the new activities go in (this course's; other courses use their first module). */
  moduleId?: number | undefined;
}

/**
 * "Schedule meeting" for those who may manage the course: one Tencent meeting for several courses, or a
 * meeting booked into the members' calendars.
 */
export function MeetingVendorButton({ course, moduleId }: MeetingVendorButtonProps) {
  const { t } = useTranslation('meetings');
  const [opened, setOpened] = useState<'tencent' | 'calendar' | null>(null);
  const [open, setOpen] = useState(false);
  if (!course.can_manage) return null;
  const show = (which: 'tencent' | 'calendar') => {
    setOpened(which);
    setOpen(true);
  };
  const close = () => setOpen(false);
  const unmount = () => setOpened(null);
  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'tencent', label: t('vendor.menuTencent') },
            { key: 'calendar', label: t('vendor.menuCalendar') },
          ],
          onClick: ({ key }) => show(key === 'tencent' ? 'tencent' : 'calendar'),
        }}
      >
        <Button size="small" icon={<VideoCameraAddOutlined aria-hidden />}>
          {t('vendor.menu')} <DownOutlined aria-hidden />
        </Button>
      </Dropdown>
      <Suspense fallback={null}>
        {opened === 'tencent' ? (
          <TencentMeetingsModal
            open={open}
            course={course}
            moduleId={moduleId}
            onClose={close}
            afterClose={unmount}
          />
        ) : null}
        {opened === 'calendar' ? (
          <CalendarMeetingModal
            open={open}
            course={course}
            moduleId={moduleId}
            onClose={close}
            afterClose={unmount}
          />
        ) : null}
      </Suspense>
    </>
  );
}
