import { calendarEventLink } from '@lectern/contracts/calendar/calendar.schemas';
import { Flex, Tag, theme, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DayEntry } from './calendar-model.ts';
import { CATEGORY_ICONS, useEntryText } from './entry-parts.tsx';

function AgendaEntry({ entry, first }: { entry: DayEntry; first: boolean }) {
  const { token } = theme.useToken();
  const text = useEntryText(entry);
  return (
    <li
      style={{
        display: 'flex',
        gap: 12,
        padding: '8px 0',
        borderTop: first ? undefined : `1px solid ${token.colorSplit}`,
        minWidth: 0,
      }}
    >
      <Typography.Text style={{ width: 92, flexShrink: 0, fontVariantNumeric: 'tabular-nums' }}>
        {text.time}
      </Typography.Text>
      <Flex vertical gap={2} style={{ minWidth: 0, flex: 1 }}>
        <Link to={calendarEventLink(entry.event)} style={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {entry.event.title}
        </Link>
        <Flex gap={8} align="center" wrap style={{ minWidth: 0 }}>
          <Tag icon={CATEGORY_ICONS[text.category]} style={{ marginInlineEnd: 0 }}>
            {text.type}
          </Tag>
          {text.moment ? <Typography.Text style={{ fontSize: 12 }}>{text.moment}</Typography.Text> : null}
          {text.draft ? <Tag style={{ marginInlineEnd: 0 }}>{text.draft}</Tag> : null}
          <Typography.Text type="secondary" ellipsis style={{ fontSize: 12, maxWidth: '100%' }}>
            {entry.event.course_name}
          </Typography.Text>
        </Flex>
      </Flex>
    </li>
  );
}

/**
 * The month as a list of the days that have something, for phones and for reading: each day a heading
 * and its entries in time order.
 */
export function AgendaList({
  days,
  byDay,
  today,
}: {
  /** The month's dates (YYYY-MM-DD), in order. */
  days: string[];
  byDay: Map<string, DayEntry[]>;
  today: string;
}) {
  const { t } = useTranslation('calendar');
  const { token } = theme.useToken();
  const busy = days.filter((day) => (byDay.get(day)?.length ?? 0) > 0);
  if (busy.length === 0) return <Typography.Paragraph type="secondary">{t('empty')}</Typography.Paragraph>;
  return (
    <ol style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {busy.map((day) => (
        <li key={day} style={{ marginBottom: 16 }}>
          <Typography.Title
            level={3}
            style={{
              fontSize: 16,
              margin: 0,
              paddingBottom: 4,
              borderBottom: `1px solid ${token.colorBorderSecondary}`,
            }}
          >
            <time dateTime={day}>{dayjs(day).format(t('dayTitle'))}</time>
            {day === today ? (
              <Tag color="processing" style={{ marginInlineStart: 8, verticalAlign: 'middle' }}>
                {t('today')}
              </Tag>
            ) : null}
          </Typography.Title>
          <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {(byDay.get(day) ?? []).map((entry, index) => (
              <AgendaEntry key={entry.key} entry={entry} first={index === 0} />
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}
