import { PlusOutlined } from '@ant-design/icons';
import type { Course } from '@lectern/contracts/courses/course.schemas';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActivityFormModal } from './activity-form-modal.tsx';
import type { CourseSection } from '../../courses/public/course-outline.tsx';

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
        <ActivityFormModal
          open={open}
          course={course}
          preset={{ moduleId: section.moduleId, syllabusId: section.syllabusId }}
          onClose={() => setOpen(false)}
          afterClose={() => setMounted(false)}
        />
      ) : null}
    </>
  );
}
