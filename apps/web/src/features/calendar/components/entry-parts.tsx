import {
  EditOutlined,
  FileDoneOutlined,
  FileTextOutlined,
  ThunderboltOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/components/date-time.ts';
import { categoryOf, kindLabelOf, type DayEntry, type EventCategory } from './calendar-model.ts';

export const CATEGORY_ICONS: Record<EventCategory, ReactNode> = {
  homework: <EditOutlined aria-hidden />,
  exam: <FileDoneOutlined aria-hidden />,
  classroom_exam: <ThunderboltOutlined aria-hidden />,
  meeting: <VideoCameraOutlined aria-hidden />,
  other: <FileTextOutlined aria-hidden />,
};

const TIME = 'HH:mm';

/** The words of one entry: its time ("09:00" or "09:00–10:30"), its moment ("Due") and its type. */
export function useEntryText(entry: DayEntry) {
  const { t } = useTranslation('calendar');
  const category = categoryOf(entry.event.activity_type);
  const label = kindLabelOf(category, entry.kind);
  const time =
    entry.until === null
      ? formatDateTime(entry.time, TIME)
      : `${formatDateTime(entry.time, TIME)}–${formatDateTime(entry.until, TIME)}`;
  return {
    category,
    time,
    moment: label ? t(`kinds.${label}`) : null,
    type: t(`types.${category}`),
    draft: entry.event.published ? null : t('draft'),
  };
}
