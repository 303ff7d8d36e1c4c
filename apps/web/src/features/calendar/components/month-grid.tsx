import { calendarEventLink } from '@lectern/contracts/calendar/calendar.schemas';
import { theme } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import type { DayEntry } from './calendar-model.ts';
import { CATEGORY_ICONS, useEntryText } from './entry-parts.tsx';

function GridEntry({ entry }: { entry: DayEntry }) {
  const { token } = theme.useToken();
  const text = useEntryText(entry);
  const words = [text.time, text.moment, entry.event.title, text.draft ? `(${text.draft})` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <li style={{ minWidth: 0 }}>
      <Link
        to={calendarEventLink(entry.event)}
        title={`${words} · ${entry.event.course_name}`}
        style={{
          display: 'block',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
          fontSize: 12,
          lineHeight: '20px',
          paddingInline: 4,
          borderRadius: token.borderRadiusSM,
          background: token.colorFillQuaternary,
          border: entry.event.published ? '1px solid transparent' : `1px dashed ${token.colorBorder}`,
        }}
      >
        {CATEGORY_ICONS[text.category]} {words}
      </Link>
    </li>
  );
}

/**
 * A month as a table: one column per weekday, one row per week, each day listing its entries as links to
 * their activities. Days of the neighbouring months are shown (muted) so weeks stay whole.
 */
export function MonthGrid({
  weeks,
  month,
  today,
  byDay,
  labelledBy,
  busy,
}: {
  weeks: string[][];
  month: string;
  today: string;
  byDay: Map<string, DayEntry[]>;
  labelledBy: string;
  busy: boolean;
}) {
  const { token } = theme.useToken();
  const firstWeek = weeks[0] ?? [];
  return (
    // Below a tablet's width the grid scrolls inside its own box rather than crushing the days.
    <div style={{ overflowX: 'auto' }}>
      <table
        aria-labelledby={labelledBy}
        aria-busy={busy}
        style={{ width: '100%', minWidth: 640, tableLayout: 'fixed', borderCollapse: 'collapse' }}
      >
        <thead>
          <tr>
            {firstWeek.map((day) => (
              <th
                key={day}
                scope="col"
                abbr={dayjs(day).format('dddd')}
                style={{ padding: '4px 0', fontWeight: 600, textAlign: 'center' }}
              >
                {dayjs(day).format('dd')}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]}>
              {week.map((day) => {
                const inMonth = day.startsWith(month);
                const isToday = day === today;
                const entries = byDay.get(day) ?? [];
                return (
                  <td
                    key={day}
                    aria-current={isToday ? 'date' : undefined}
                    style={{
                      verticalAlign: 'top',
                      height: 96,
                      padding: 4,
                      border: `1px solid ${token.colorBorderSecondary}`,
                      background: inMonth ? token.colorBgContainer : token.colorFillQuaternary,
                    }}
                  >
                    <time
                      dateTime={day}
                      style={{
                        display: 'inline-block',
                        minWidth: 24,
                        textAlign: 'center',
                        borderRadius: 12,
                        fontWeight: isToday ? 600 : undefined,
                        color: isToday
                          ? token.colorTextLightSolid
                          : inMonth
                            ? token.colorText
                            : token.colorTextSecondary,
                        background: isToday ? token.colorPrimary : undefined,
                      }}
                    >
                      {dayjs(day).date()}
                    </time>
                    {entries.length > 0 ? (
                      <ul
                        style={{
                          listStyle: 'none',
                          margin: '4px 0 0',
                          padding: 0,
                          display: 'flex',
                          flexDirection: 'column',
                          gap: 2,
                        }}
                      >
                        {entries.map((entry) => (
                          <GridEntry key={entry.key} entry={entry} />
                        ))}
                      </ul>
                    ) : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
