import type { HomeworkDetail } from '@lectern/contracts/homework/homework.schemas';
import { Collapse } from 'antd';
import { useTranslation } from 'react-i18next';
import { RubricPreview } from '../../rubrics/public/rubric-preview.tsx';
import { useRubric } from '../../rubrics/public/use-rubric.ts';

/** Does a student see the marking rubric now: always, never, or from the chosen time. */
export function isRubricVisible(
  detail: Pick<HomeworkDetail, 'rubric_id' | 'rubric_visible_type' | 'rubric_visible_time'>,
  now: Date = new Date(),
): boolean {
  if (!detail.rubric_id) return false;
  if (detail.rubric_visible_type === 'visible') return true;
  if (detail.rubric_visible_type === 'custom_time') {
    return detail.rubric_visible_time !== null && Date.parse(detail.rubric_visible_time) <= now.getTime();
  }
  return false;
}

/** The homework's marking rubric, folded away under its name, for students once it is visible to them. */
export function HomeworkRubric({ rubricId }: { rubricId: number }) {
  const { t } = useTranslation('homework');
  const query = useRubric(rubricId);
  if (!query.data) return null;
  return (
    <Collapse
      items={[
        {
          key: 'rubric',
          label: t('rubric.studentTitle', { name: query.data.name }),
          children: <RubricPreview rubric={query.data} />,
        },
      ]}
    />
  );
}
