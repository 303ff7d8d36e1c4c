import { CalendarOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
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
import { CalendarFeedModal } from '../components/calendar-feed-modal.tsx';
import {
  addDays,
  addMonths,
  entriesByDay,
  gridRange,
  isDateKey,
  isMonthKey,
  monthKeyOf,
  monthWeeks,
  weekOf,
  weekStartOf,
} from '../components/calendar-model.ts';
import { MonthGrid } from '../components/month-grid.tsx';

type View = 'month' | 'week' | 'list';

/**
 * `/user/calendar`: the dated moments (openings, deadlines, live sessions) of the activities of every
 * course of the user, a month at a time, in the zone chosen in their settings. A month grid on wider
 * screens, a list of days on phones, or one week (`view=week`, the week holding `week=YYYY-MM-DD`);
 * `?month=YYYY-MM&view=month|week|list` keep the place for links and Back. The user's iCalendar feed is
 * offered from here, for calendar apps.
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
  const view: View =
    askedView === 'month' || askedView === 'week' || askedView === 'list'
      ? askedView
      : phone
        ? 'list'
        : 'month';
  const [feedOpen, setFeedOpen] = useState(false);

  const weekStart = weekStartOf(currentLocale());
  const today = dateKeyOf(openedAt);
  const weeks = monthWeeks(month, weekStart);
  // The week shown: the asked one, else this week in this month, else the month's first week.
  const askedWeek = params.get('week');
  const week = weekOf(
    isDateKey(askedWeek) ? askedWeek : month === thisMonth ? today : `${month}-01`,
    weekStart,
  );
  const query = useCalendarEvents(gridRange(view === 'week' ? [week] : weeks));
  const byDay = entriesByDay(query.data?.events ?? []);

  const go = (next: { month?: string; view?: View; week?: string }) => {
    const updated = new URLSearchParams(params);
    if (next.month !== undefined) updated.set('month', next.month);
    if (next.view !== undefined) updated.set('view', next.view);
    if (next.week !== undefined) updated.set('week', next.week);
    setParams(updated);
  };
  // Paging a week keeps the month in step, so switching back to the month view lands on it.
  const goWeek = (firstDay: string) => go({ week: firstDay, month: firstDay.slice(0, 7) });
  const weekFirst = week[0] ?? today;
  const weekLast = week[6] ?? today;

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
          <Button icon={<CalendarOutlined aria-hidden />} onClick={() => setFeedOpen(true)}>
            {t('feed.open')}
          </Button>
        </Space>
      </Flex>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Space size={8} wrap>
          {view === 'week' ? (
            <>
              <Button
                icon={<LeftOutlined aria-hidden />}
                aria-label={t('previousWeek')}
                onClick={() => goWeek(addDays(weekFirst, -7))}
              />
              <Button onClick={() => goWeek(today)} disabled={week.includes(today)}>
                {t('today')}
              </Button>
              <Button
                icon={<RightOutlined aria-hidden />}
                aria-label={t('nextWeek')}
                onClick={() => goWeek(addDays(weekFirst, 7))}
              />
            </>
          ) : (
            <>
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
            </>
          )}
          <Typography.Title id={titleId} level={2} aria-live="polite" style={{ fontSize: 20, margin: 0 }}>
            {view === 'week'
              ? t('weekTitle', {
                  start: dayjs(weekFirst).format(t('weekDayFormat')),
                  end: dayjs(weekLast).format(t('weekDayFormat')),
                })
              : dayjs(`${month}-01`).format(t('monthTitle'))}
          </Typography.Title>
        </Space>
        <Segmented<View>
          aria-label={t('views.label')}
          value={view}
          onChange={(next) => go({ view: next })}
          options={[
            { value: 'month', label: t('views.month') },
            { value: 'week', label: t('views.week') },
            { value: 'list', label: t('views.list') },
          ]}
        />
      </Flex>
      {query.isPending ? (
        <LoadingState />
      ) : query.isError && query.data === undefined ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isRefetching} />
      ) : view === 'week' ? (
        // One row of the grid; every day of it counts as "in" the week, so none is muted.
        <MonthGrid
          weeks={[week]}
          month=""
          today={today}
          byDay={byDay}
          labelledBy={titleId}
          busy={query.isPlaceholderData}
        />
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
      <CalendarFeedModal open={feedOpen} onClose={() => setFeedOpen(false)} />
    </Flex>
  );
}
