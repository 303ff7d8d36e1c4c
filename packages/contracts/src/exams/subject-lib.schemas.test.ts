import { describe, expect, it } from 'vitest';
import {
  CopySubjectLibQuerySchema,
  CopySubjectLibRequestSchema,
  CreateCourseSubjectLibQuerySchema,
  SubjectLibsQuerySchema,
} from './subject-lib.schemas.ts';

const messages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (result.success ? [] : (result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`));

describe('library request contracts', () => {
  it('takes exactly one copy target', () => {
    expect(CopySubjectLibQuerySchema.safeParse({ examId: '3' }).success).toBe(true);
    expect(messages(CopySubjectLibQuerySchema.safeParse({}))).toEqual(['target: exams.copyTargetRequired']);
    expect(messages(CopySubjectLibQuerySchema.safeParse({ examId: '3', classroomId: '4' }))).toEqual([
      'target: exams.copyTargetRequired',
    ]);
  });

  it('lets the copy body be left out', () => {
    expect(CopySubjectLibRequestSchema.parse(undefined)).toEqual({});
    expect(CopySubjectLibRequestSchema.parse(null)).toEqual({});
    expect(CopySubjectLibRequestSchema.parse({ subject_ids: ['5'] })).toEqual({ subject_ids: [5] });
  });

  it('allows only exam and folder for a course library, exam by default', () => {
    expect(CreateCourseSubjectLibQuerySchema.parse({})).toEqual({ lib_type: 'exam' });
    expect(CreateCourseSubjectLibQuerySchema.parse({ lib_type: 'folder' })).toEqual({ lib_type: 'folder' });
    expect(messages(CreateCourseSubjectLibQuerySchema.safeParse({ lib_type: 'questionnaire' }))).toEqual([
      'lib_type: exams.libTypeInvalid',
    ]);
  });

  it('reads with_folder as 0/1 and an empty lib_type as none', () => {
    expect(SubjectLibsQuerySchema.parse({ with_folder: '1', lib_type: '' })).toEqual({ with_folder: true });
    expect(SubjectLibsQuerySchema.parse({ with_folder: '0' })).toEqual({ with_folder: false });
  });
});
