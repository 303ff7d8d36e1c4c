import type { CalendarEvent } from '@lectern/contracts/calendar/calendar.schemas';
import { afterEach, describe, expect, it } from 'vitest';
import { setDisplayTimeZone } from '../../../shared/components/date-time.ts';
import {
  addDays,
  addMonths,
  entriesByDay,
  gridRange,
  isDateKey,
  kindLabelOf,
  monthKeyOf,
  monthWeeks,
  weekOf,
} from './calendar-model.ts';

const event = (overrides: Partial<CalendarEvent>): CalendarEvent => ({
  kind: 'start',
  time: '2027-03-01T00:00:00.000Z',
  activity_id: 1,
  activity_type: 'lecture_live',
  title: 'Lecture',
  published: true,
  start_time: null,
  end_time: null,
  course_id: 1,
  course_name: 'Course',
  ...overrides,
});

afterEach(() => setDisplayTimeZone(null));

describe('calendar model', () => {
  it('lays a month out in whole weeks from the locale’s first weekday', () => {
    const monday = monthWeeks('2027-02', 1);
    expect(monday[0]?.[0]).toBe('2027-02-01');
    expect(monday.at(-1)?.at(-1)).toBe('2027-02-28');
    expect(monday).toHaveLength(4);
    const sunday = monthWeeks('2027-02', 0);
    expect(sunday[0]?.[0]).toBe('2027-01-31');
    expect(sunday.at(-1)?.at(-1)).toBe('2027-03-06');
  });

  it('bounds the grid by the user’s midnights, through a daylight-saving change', () => {
    setDisplayTimeZone('America/New_York');
    // Clocks go forward on 14 March 2027 in New York: the range starts at UTC-5 and ends at UTC-4.
    expect(gridRange(monthWeeks('2027-03', 0))).toEqual({
      start: '2027-02-28T05:00:00.000Z',
      end: '2027-04-04T04:00:00.000Z',
    });
  });

  it('reads the current month in the user’s zone and steps across years', () => {
    setDisplayTimeZone('Asia/Shanghai');
    expect(monthKeyOf('2027-12-31T17:00:00.000Z')).toBe('2028-01');
    expect(addMonths('2027-12', 1)).toBe('2028-01');
    expect(addMonths('2027-01', -1)).toBe('2026-12');
  });

  it('groups by the user’s day and joins a same-day opening and closing into one window', () => {
    setDisplayTimeZone('Asia/Shanghai');
    const days = entriesByDay([
      event({ kind: 'end', time: '2027-03-14T22:00:00.000Z', activity_id: 8 }),
      event({ kind: 'start', time: '2027-03-14T20:00:00.000Z', activity_id: 8 }),
      // Opens late on the 15th (Shanghai), closes the next day: two entries on two days.
      event({ kind: 'start', time: '2027-03-15T15:00:00.000Z', activity_id: 9 }),
      event({ kind: 'end', time: '2027-03-15T17:00:00.000Z', activity_id: 9 }),
    ]);
    expect([...days.keys()]).toEqual(['2027-03-15', '2027-03-16']);
    expect(days.get('2027-03-15')?.map((e) => [e.event.activity_id, e.kind, e.until])).toEqual([
      [8, 'window', '2027-03-14T22:00:00.000Z'],
      [9, 'start', null],
    ]);
    expect(days.get('2027-03-16')?.map((e) => [e.event.activity_id, e.kind])).toEqual([[9, 'end']]);
  });

  it('names moments by what they mean for the type', () => {
    expect(kindLabelOf('homework', 'end')).toBe('due');
    expect(kindLabelOf('exam', 'start')).toBe('opens');
    expect(kindLabelOf('classroom_exam', 'end')).toBe('closes');
    expect(kindLabelOf('meeting', 'start')).toBe('start');
    expect(kindLabelOf('homework', 'late_end')).toBe('late_end');
    expect(kindLabelOf('exam', 'window')).toBeNull();
  });

  it('finds the whole week holding a day, across months and years, for either first weekday', () => {
    // 1 January 2027 is a Friday.
    expect(weekOf('2027-01-01', 1)).toEqual([
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
      '2027-01-03',
    ]);
    expect(weekOf('2027-01-01', 0)[0]).toBe('2026-12-27');
    expect(weekOf('2027-03-14', 1)[0]).toBe('2027-03-08');
    expect(weekOf('2027-03-14', 0)[0]).toBe('2027-03-14');
    expect(addDays('2027-02-26', 7)).toBe('2027-03-05');
  });

  it('accepts only real dates as a week in the address', () => {
    expect(isDateKey('2027-03-14')).toBe(true);
    expect(isDateKey('2027-04-31')).toBe(false);
    expect(isDateKey('2027-3-14')).toBe(false);
    expect(isDateKey(null)).toBe(false);
  });
});
