import { useTranslation } from 'react-i18next';
import { useCurrentCourse } from '../../courses/public/use-current-course.ts';
import { useCreateCourseAnnouncement } from '../api/create-course-announcement.ts';
import { useCourseAnnouncements } from '../api/list-course-announcements.ts';
import { AnnouncementsPanel } from '../components/announcements-panel.tsx';

/** /course/:courseId/announcements: the course's announcements; its teaching team posts them here. */
export function CourseAnnouncementsPage() {
  const { t } = useTranslation('announcements');
  const course = useCurrentCourse();
  const announcements = useCourseAnnouncements(course.id);
  const create = useCreateCourseAnnouncement(course.id);
  // can_manage is off while simulating a student: the page then shows what students see.
  return (
    <AnnouncementsPanel
      title={t('page.title')}
      query={announcements}
      create={course.can_manage ? create.mutateAsync : undefined}
    />
  );
}
