import { PlusOutlined } from '@ant-design/icons';
import type { Course } from '@lectern/contracts/courses/course.schemas';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CourseSection } from '../../courses/public/course-outline.tsx';

// The form (date pickers, uploads, the editor) downloads when it is first opened, not with the course page.
const ActivityFormModal = lazy(async () => ({
  default: (await import('./activity-form-modal.tsx')).ActivityFormModal,
}));

export interface CreateActivityButtonProps {
  course: Course;
  section: CourseSection;
}

/** "Add activity" for those who may manage the course; the form starts in this section. */
export function CreateActivityButton({ course, section }: CreateActivityButtonProps) {
  const { t } = useTranslation('activities');
  const [mounted, setMounted] = useState(false);
  const [open, setOpen] = useState(false);
  if (!course.can_manage) return null;
  const module = course.modules.find((m) => m.id === section.moduleId);
  const syllabus = module?.syllabuses.find((s) => s.id === section.syllabusId);
  const place = syllabus?.summary ?? module?.name;
  return (
    <>
      <Button
        size="small"
        icon={<PlusOutlined aria-hidden />}
        aria-label={place ? t('list.addTo', { name: place }) : undefined}
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
      >
        {t('list.add')}
      </Button>
      {mounted ? (
        <Suspense fallback={null}>
          <ActivityFormModal
            open={open}
            course={course}
            preset={{ moduleId: section.moduleId, syllabusId: section.syllabusId }}
            onClose={() => setOpen(false)}
            afterClose={() => setMounted(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
