import { isTeaching, type CourseRole } from '@lectern/contracts/courses/course-roles';
import { DINGTALK_COVER_EXTENSIONS, lessonFieldsEditable } from '@lectern/contracts/meetings/meeting-rules';
import type { Database } from '../../platform/database.ts';
import { conflict, type FieldMessages } from '../../platform/errors.ts';
import { uploadsRepository } from '../uploads/uploads.repository.ts';
import { meetingsRepository } from './meetings.repository.ts';

export type MeetingFormInput = Readonly<{
  type: string;
  courseId: number;
  startTime: Date | null;
  endTime: Date | null;
  data: Record<string, unknown>;
  /** The activity as stored; null when creating. */
  existing: Readonly<{
    startTime: Date | null;
    endTime: Date | null;
    data: Record<string, unknown>;
  }> | null;
}>;

/** The `data` fields that name a host by user id, across the meeting types. */
const HOST_ID_FIELDS = ['host_user_id', 'instructor_id', 'meeting_host_user_id'] as const;

const sameTime = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);
const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The form rules of the meeting types that the generic activity create and update calls must keep
 * (spec 001 §4, §5): Dingtalk live locks start, end and host once started or closed; ClassIn never
 * changes start, end and playback after creation and needs an instructor with a bound mobile phone;
 * lesson fields are fixed once the lesson has begun; a trial teaching is edited only before it starts;
 * a host chosen by id teaches the course; a Dingtalk cover is a jpg, jpeg, png or webp image.
 */
export async function checkMeetingForm(
  db: Database,
  input: MeetingFormInput,
  now = Date.now(),
): Promise<FieldMessages> {
  const fields: FieldMessages = {};
  const { existing, data } = input;
  const lock = (
    field: string,
    key: 'meetings.lockedAfterStart' | 'meetings.lockedOnUpdate' | 'meetings.lessonLocked',
  ) => {
    fields[field] = [key];
  };

  // Required when creating (spec 001 §5); older activities linked without them stay editable.
  if (!existing && (input.type === 'dingtalk_live' || input.type === 'classin')) {
    if (!input.startTime) fields.start_time = ['meetings.startRequired'];
    if (!input.endTime) fields.end_time = ['meetings.endRequired'];
    const hasText = (value: unknown) => typeof value === 'string' && value.trim() !== '';
    if (input.type === 'dingtalk_live' && !hasText(data.host) && typeof data.instructor_id !== 'number') {
      fields['data.host'] = ['meetings.hostRequired'];
    }
    if (input.type === 'classin' && typeof data.instructor_id !== 'number') {
      fields['data.instructor_id'] = ['meetings.instructorRequired'];
    }
  }

  if (input.type === 'dingtalk_live' && existing) {
    const started = existing.startTime !== null && existing.startTime.getTime() <= now;
    const closed = existing.endTime !== null && existing.endTime.getTime() <= now;
    if (started || closed) {
      if (!sameTime(input.startTime, existing.startTime)) lock('start_time', 'meetings.lockedAfterStart');
      if (!sameTime(input.endTime, existing.endTime)) lock('end_time', 'meetings.lockedAfterStart');
      for (const key of ['host', 'host_user_id', 'instructor_id']) {
        if (!sameValue(data[key], existing.data[key])) lock(`data.${key}`, 'meetings.lockedAfterStart');
      }
    }
  }

  if (input.type === 'classin') {
    if (existing) {
      if (!sameTime(input.startTime, existing.startTime)) lock('start_time', 'meetings.lockedOnUpdate');
      if (!sameTime(input.endTime, existing.endTime)) lock('end_time', 'meetings.lockedOnUpdate');
      if (!sameValue(data.playback, existing.data.playback)) lock('data.playback', 'meetings.lockedOnUpdate');
    }
    const instructorId = data.instructor_id;
    if (typeof instructorId === 'number') {
      const instructor = await meetingsRepository(db).findUser(instructorId);
      if (!instructor?.mobilePhone) fields['data.instructor_id'] = ['meetings.hostPhoneRequired'];
    }
  }

  if (input.type === 'lesson_replay' && existing) {
    const start =
      typeof existing.data.lesson_start_time === 'string' ? existing.data.lesson_start_time : null;
    if (!lessonFieldsEditable(start, now)) {
      for (const key of ['lesson_start_time', 'lesson_end_time']) {
        if (!sameValue(data[key], existing.data[key])) lock(`data.${key}`, 'meetings.lessonLocked');
      }
    }
  }

  if (
    input.type === 'trial_teaching' &&
    existing &&
    existing.startTime &&
    existing.startTime.getTime() <= now
  ) {
    throw conflict('meetings.lockedAfterStart');
  }

  // Which vendor made the meeting, and under whose vendor account, is written by the server only (the
  // vendor calls read attendance and recordings under that account): a client may keep or drop these
  // fields, never set or change them.
  for (const key of ['meeting_vendor', 'vendor_host_userid'] as const) {
    if (data[key] !== undefined && !sameValue(data[key], existing?.data[key])) {
      fields[`data.${key}`] = ['meetings.vendorFieldsServerOnly'];
    }
  }

  // A host chosen by id hosts for this course: one of its instructors or assistants, as the host picker
  // offers (`GET /api/courses/{id}/hosts`). Only a changed choice is checked, so a host who has since left
  // the course does not block editing the rest.
  const hostFields = HOST_ID_FIELDS.filter(
    (key) => typeof data[key] === 'number' && !sameValue(data[key], existing?.data[key]),
  );
  if (hostFields.length > 0) {
    const roles = await meetingsRepository(db).rolesIn(
      input.courseId,
      hostFields.map((key) => data[key] as number),
    );
    for (const key of hostFields) {
      const held = (roles.get(data[key] as number) ?? []) as CourseRole[];
      if (!isTeaching(held)) fields[`data.${key}`] ??= ['meetings.hostNotMember'];
    }
  }

  if (
    input.type === 'dingtalk_live' &&
    typeof data.cover_id === 'number' &&
    !sameValue(data.cover_id, existing?.data.cover_id)
  ) {
    const cover = await uploadsRepository(db).findById(data.cover_id);
    const extension = cover?.name.split('.').pop()?.toLowerCase() ?? '';
    const image = cover?.mimeType?.startsWith('image/') ?? false;
    if (!cover || !image || !(DINGTALK_COVER_EXTENSIONS as readonly string[]).includes(extension)) {
      fields['data.cover_id'] = ['meetings.coverTypeInvalid'];
    }
  }
  return fields;
}
