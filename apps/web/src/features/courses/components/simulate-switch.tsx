import type { Course } from '@lectern/contracts/courses/course.schemas';
import { App, Space, Switch } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSimulate } from '../api/simulate.ts';

/** The teaching team's "view as student" switch in the course header. */
export function SimulateSwitch({ course }: { course: Course }) {
  const { t } = useTranslation('courses');
  const { message } = App.useApp();
  const simulate = useSimulate();
  const id = useId();
  const onChange = (simulating: boolean) => {
    simulate.mutate(
      { courseId: course.id, simulating },
      { onError: (error) => void message.error(error.message) },
    );
  };
  return (
    <Space size="small">
      <Switch id={id} checked={course.simulating} loading={simulate.isPending} onChange={onChange} />
      <label htmlFor={id}>{t('simulate.switch')}</label>
    </Space>
  );
}
