import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Flex, Grid, Segmented, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ErrorState, LoadingState } from '../../../shared/components/page-state.tsx';
import { dateKeyOf, useDisplayTimeZone } from '../../../shared/components/zoned-time.ts';
import { currentLocale } from '../../../shared/i18n/i18n.ts';
import { useCalendarEvents } from '../api/list-calendar-events.ts';
import { AgendaList } from '../components/agenda-list.tsx';
import {
  addMonths,
  entriesByDay,
  gridRange,
  isMonthKey,
  monthKeyOf,
  monthWeeks,
  weekStartOf,
} from '../components/calendar-model.ts';
import { MonthGrid } from '../components/month-grid.tsx';

type View = 'month' | 'list';

/**
 * `/user/calendar`: the dated moments (openings, deadlines, live sessions) of the activities of every
 * course of the user, a month at a time, in the zone chosen in their settings. A month grid on wider
 * screens, a list of days on phones; `?month=YYYY-MM&view=month|list` keep the place for links and Back.
 */
export function CalendarPage() {
  const { t } = useTranslation('calendar');
  const titleId = useId();
  // Days and times are read in the user's zone: a change in settings redraws the page.
  const zone = useDisplayTimeZone();
  const screens = Grid.useBreakpoint();
  const phone = screens.md === false;
  const [params, setParams] = useSearchParams();

  // "Today" is when the page opened: rendering stays pure, and a page left open overnight still works.
  const [openedAt] = useState(() => Date.now());
  const asked = params.get('month');
  const thisMonth = monthKeyOf(openedAt);
  const month = isMonthKey(asked) ? asked : thisMonth;
  const askedView = params.get('view');
  const view: View = askedView === 'month' || askedView === 'list' ? askedView : phone ? 'list' : 'month';

  const weeks = monthWeeks(month, weekStartOf(currentLocale()));
  const query = useCalendarEvents(gridRange(weeks));
  const byDay = entriesByDay(query.data?.events ?? []);
  const today = dateKeyOf(openedAt);

  const go = (next: { month?: string; view?: View }) => {
    const updated = new URLSearchParams(params);
    if (next.month !== undefined) updated.set('month', next.month);
    if (next.view !== undefined) updated.set('view', next.view);
    setParams(updated);
  };

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="baseline" wrap gap={8}>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {t('title')}
        </Typography.Title>
        <Space size={8} wrap>
          <Typography.Text type="secondary">
            {t('zoneNote', { zone: zone ?? dayjs.tz.guess() })}
          </Typography.Text>
          {/* Underlined: beside grey text, colour alone would not mark it as a link. */}
          <Link to="/user/settings" style={{ textDecoration: 'underline' }}>
            {t('changeZone')}
          </Link>
        </Space>
      </Flex>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Space size={8} wrap>
          <Button
            icon={<LeftOutlined aria-hidden />}
            aria-label={t('previousMonth')}
            onClick={() => go({ month: addMonths(month, -1) })}
          />
          <Button onClick={() => go({ month: thisMonth })} disabled={month === thisMonth}>
            {t('today')}
          </Button>
          <Button
            icon={<RightOutlined aria-hidden />}
            aria-label={t('nextMonth')}
            onClick={() => go({ month: addMonths(month, 1) })}
          />
          <Typography.Title id={titleId} level={2} aria-live="polite" style={{ fontSize: 20, margin: 0 }}>
            {dayjs(`${month}-01`).format(t('monthTitle'))}
          </Typography.Title>
        </Space>
        <Segmented<View>
          aria-label={t('views.label')}
          value={view}
          onChange={(next) => go({ view: next })}
          options={[
            { value: 'month', label: t('views.month') },
            { value: 'list', label: t('views.list') },
          ]}
        />
      </Flex>
      {query.isPending ? (
        <LoadingState />
      ) : query.isError && query.data === undefined ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isRefetching} />
      ) : view === 'month' ? (
        <MonthGrid
          weeks={weeks}
          month={month}
          today={today}
          byDay={byDay}
          labelledBy={titleId}
          busy={query.isPlaceholderData}
        />
      ) : (
        <AgendaList days={weeks.flat().filter((day) => day.startsWith(month))} byDay={byDay} today={today} />
      )}
    </Flex>
  );
}
