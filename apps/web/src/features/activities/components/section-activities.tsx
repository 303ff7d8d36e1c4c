import type { Activity } from '@lectern/contracts/activities/activity.schemas';
import { COMBINED_COURSE_TYPE } from '@lectern/contracts/course-combining/course-combining.rules';
import type { Course } from '@lectern/contracts/courses/course.schemas';
import { isTeaching } from '@lectern/contracts/courses/course-roles';
import { theme } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SubCourseLabel } from '../../course-combining/public/sub-course-label.tsx';
import type { CourseSection } from '../../courses/public/course-outline.tsx';
import { ActivityListItem } from './activity-list-item.tsx';

// Editing and deleting are for course managers: both dialogs download when first opened.
const ActivityFormModal = lazy(async () => ({
  default: (await import('./activity-form-modal.tsx')).ActivityFormModal,
}));
const DeleteActivityModal = lazy(async () => ({
  default: (await import('./delete-activity-modal.tsx')).DeleteActivityModal,
}));

/** The section's activities in their course order (sort, then id). */
export function activitiesOfSection(activities: readonly Activity[], section: CourseSection): Activity[] {
  return activities
    .filter((a) => a.module_id === section.moduleId && a.syllabus_id === section.syllabusId)
    .sort((a, b) => a.sort - b.sort || a.id - b.id);
}

type Dialog = { kind: 'edit' | 'delete'; activity: Activity };

export interface SectionActivitiesProps {
  course: Course;
  section: CourseSection;
  /** Every activity of the course; the section shows its own. */
  activities: readonly Activity[];
}

export function SectionActivities({ course, section, activities }: SectionActivitiesProps) {
  const { t } = useTranslation('activities');
  const { token } = theme.useToken();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);

  const own = activitiesOfSection(activities, section);
  const variant = section.syllabusId === null ? 'icons' : 'syllabus';
  // Spec 001: a combined course's activities show their sub-courses, in the instructor view only.
  const labelled = course.course_type === COMBINED_COURSE_TYPE && isTeaching(course.current_user_roles);

  const open = (next: Dialog) => {
    setDialog(next);
    setDialogOpen(true);
  };
  const close = () => setDialogOpen(false);
  const clear = () => setDialog(null);

  return (
    <>
      {own.length === 0 ? (
        <span
          style={{
            display: 'block',
            padding: `${token.paddingXS}px ${token.paddingSM}px`,
            color: token.colorTextDescription,
          }}
        >
          {t('section.empty')}
        </span>
      ) : (
        <ul
          className="section-activities"
          aria-label={t('section.label')}
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
        >
          {own.map((activity) => (
            <li key={activity.id} style={{ borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
              <ActivityListItem
                activity={activity}
                variant={variant}
                onEdit={(target) => open({ kind: 'edit', activity: target })}
                onDelete={(target) => open({ kind: 'delete', activity: target })}
                label={
                  labelled ? (
                    <Suspense fallback={null}>
                      <SubCourseLabel courseId={course.id} activityId={activity.id} teaching />
                    </Suspense>
                  ) : null
                }
              />
            </li>
          ))}
        </ul>
      )}
      <Suspense fallback={null}>
        {dialog?.kind === 'edit' ? (
          <ActivityFormModal
            open={dialogOpen}
            course={course}
            activity={dialog.activity}
            onClose={close}
            afterClose={clear}
          />
        ) : null}
        {dialog?.kind === 'delete' ? (
          <DeleteActivityModal
            open={dialogOpen}
            activity={dialog.activity}
            onClose={close}
            afterClose={clear}
          />
        ) : null}
      </Suspense>
    </>
  );
}
