import type { HomeworkDetail } from '@lectern/contracts/homework/homework.schemas';
import { Descriptions, Tag, type DescriptionsProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/components/date-time.ts';
import type { HomeworkWindowState } from './homework-window.ts';

const STATE_COLORS: Record<HomeworkWindowState, string> = {
  notStarted: 'default',
  open: 'green',
  late: 'orange',
  makeUp: 'blue',
  closed: 'red',
};

export interface HomeworkFactsProps {
  detail: HomeworkDetail;
  state: HomeworkWindowState;
  /** The end of the viewer's make-up window, when one was granted. */
  makeUpEndTime?: string | null;
  /** Hand-ins left for the viewer (null: unlimited); absent for the teaching team. */
  submissionsLeft?: number | null;
}

/** Deadline, where the homework stands, late policy and hand-ins left, as short label–value pairs. */
export function HomeworkFacts({ detail, state, makeUpEndTime, submissionsLeft }: HomeworkFactsProps) {
  const { t } = useTranslation('homework');
  const items: DescriptionsProps['items'] = [
    {
      key: 'state',
      label: t('facts.state'),
      children: <Tag color={STATE_COLORS[state]}>{t(`facts.states.${state}`)}</Tag>,
    },
    {
      key: 'deadline',
      label: t('facts.deadline'),
      children: detail.end_time ? formatDateTime(detail.end_time) : t('facts.noDeadline'),
    },
    {
      key: 'kind',
      label: t('facts.kind'),
      children: detail.is_group ? t('settings.group') : t('settings.individual'),
    },
    {
      key: 'late',
      label: t('facts.late'),
      children: !detail.allow_late_submission
        ? t('facts.lateRefused')
        : detail.late_submission_end_time
          ? t('facts.lateUntil', { time: formatDateTime(detail.late_submission_end_time) })
          : t('facts.lateAllowed'),
    },
  ];
  if (makeUpEndTime) {
    items.push({
      key: 'makeUp',
      label: t('facts.makeUp'),
      children: t('facts.makeUpUntil', { time: formatDateTime(makeUpEndTime) }),
    });
  }
  if (submissionsLeft !== undefined) {
    items.push({
      key: 'left',
      label: t('facts.left'),
      children:
        submissionsLeft === null
          ? t('facts.unlimited')
          : t('facts.leftOf', { left: submissionsLeft, total: detail.submit_times ?? 0 }),
    });
  } else {
    items.push({
      key: 'times',
      label: t('facts.allowed'),
      children: detail.submit_times === null ? t('facts.unlimited') : String(detail.submit_times),
    });
  }
  return <Descriptions size="small" column={{ xs: 1, sm: 2 }} items={items} />;
}
