import type { Locale } from '@lectern/contracts/common/locale';
import type {
  TeachingEntry,
  TeachingEntryType,
  TeachingWeek,
} from '@lectern/contracts/course-services/teaching-calendar.schemas';
import { translate } from '../../platform/messages.ts';
import type { TeachingEntryRow, TeachingWeekRow } from './teaching-calendar.repository.ts';

export function weekName(locale: Locale, sequence: number): string {
  return translate(locale, 'courseServices.weekName', { sequence });
}

export function presentWeek(row: TeachingWeekRow, locale: Locale): TeachingWeek {
  return {
    id: row.id,
    sequence: row.sequence,
    name: weekName(locale, row.sequence),
    semester_id: row.semesterId,
    start_date: row.startDate,
    end_date: row.endDate,
  };
}

export function presentEntry(row: TeachingEntryRow, locale: Locale): TeachingEntry {
  return {
    id: row.id,
    teachingWeekId: row.teachingWeekId,
    // Written only through the contract's enum.
    type: row.type as TeachingEntryType,
    content: row.content,
    hours: Number(row.hours),
    instructor: row.instructor,
    location: row.location,
    teachingDate: row.teachingDate,
    teachingTime: row.teachingTime,
    timeRange: row.timeRange,
    teachingWeek: {
      id: row.teachingWeekId,
      sequence: row.weekSequence,
      name: weekName(locale, row.weekSequence),
    },
    course: { id: row.courseId, name: row.courseName, display_name: row.courseDisplayName },
  };
}
