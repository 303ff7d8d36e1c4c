import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { IMPORTED_SUBJECT_TYPES } from '@lectern/contracts/data-import/data-import.schemas';
import { toSubjectInput } from '@lectern/contracts/data-import/imported-subject';
import { subjectLibs } from '../../db/schema/exams.ts';
import { createAuthoringFixture } from '../../test/exams-factories.ts';
import type { Session } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { convertImportFile, identifyContent } from './import-pipeline.ts';

// "One library per category" (docs/data-import-format.md): the import page creates a folder and a library
// per category with the ordinary library calls, then saves each category's questions in batches of at
// most 200. These are the server's answers to exactly that sequence, for those who may and may not.

let t: TestApp;
let courseId: number;
let teacher: Session;
let student: Session;
let otherTeacher: Session;

beforeAll(async () => {
  t = await createTestApp();
  ({ courseId, teacher, student, otherTeacher } = await createAuthoringFixture(t));
});
afterAll(async () => t.close());

type Call = { method: 'GET' | 'POST'; url: string; payload?: object };
const as = (session: Session, call: Call) => t.app.inject({ ...call, headers: session.headers });

/** A GIFT file of `count` true-or-false questions filed under one Moodle category. */
async function identified(category: string, count: number) {
  const gift = [`$CATEGORY: $course$/top/${category}`, '']
    .concat(Array.from({ length: count }, (_, i) => `::Q${i + 1}::Statement ${i + 1}. {T}\n`))
    .join('\n');
  const converted = await convertImportFile('bank.gift', Buffer.from(gift), {
    locale: 'en-US',
    storeImage: async () => '/api/uploads/1/blob',
  });
  const { subjects } = identifyContent(converted.content, {
    locale: 'en-US',
    allowedTypes: IMPORTED_SUBJECT_TYPES,
  });
  return subjects;
}

describe('saving an import into one library per category', () => {
  it('creates the folder and a library in the course, and saves 200 per call but not 201', async () => {
    const subjects = await identified('Unit 1/Rivers', 201);
    expect(subjects.every((s) => s.category === 'Unit 1/Rivers' && s.errors.length === 0)).toBe(true);

    const folder = await as(teacher, {
      method: 'POST',
      url: `/api/course/${courseId}/subject-libs?lib_type=folder`,
      payload: { title: 'Unit 1' },
    });
    expect(folder.statusCode).toBe(201);
    const lib = await as(teacher, {
      method: 'POST',
      url: `/api/course/${courseId}/subject-libs?lib_type=exam`,
      payload: { title: 'Rivers', parent_id: folder.json().id },
    });
    expect(lib.statusCode).toBe(201);
    const libId = lib.json().id as number;
    const [row] = await t.db.select().from(subjectLibs).where(eq(subjectLibs.id, libId));
    expect(row?.parentId).toBe(folder.json().id);

    const url = `/api/subject-libs/${libId}/subjects`;
    const tooMany = await as(teacher, {
      method: 'POST',
      url,
      payload: { subjects: subjects.map(toSubjectInput) },
    });
    expect(tooMany.statusCode).toBe(400);
    const first = await as(teacher, {
      method: 'POST',
      url,
      payload: { subjects: subjects.slice(0, 200).map(toSubjectInput) },
    });
    expect(first.statusCode).toBe(201);
    // The names came along as notes.
    expect(first.json().subjects[0].note).toBe('Q1');
    const rest = await as(teacher, {
      method: 'POST',
      url,
      payload: { subjects: subjects.slice(200).map(toSubjectInput) },
    });
    expect(rest.statusCode).toBe(201);
    const detail = await as(teacher, { method: 'GET', url: `/api/subject-libs/${libId}` });
    expect(detail.json().subjects).toHaveLength(201);

    // Nobody outside the course's authors may create the folder or fill the library.
    for (const session of [student, otherTeacher]) {
      const refused = await as(session, {
        method: 'POST',
        url: `/api/course/${courseId}/subject-libs?lib_type=folder`,
        payload: { title: 'Unit 1' },
      });
      expect(refused.statusCode).toBe(403);
      const save = await as(session, {
        method: 'POST',
        url,
        payload: { subjects: subjects.slice(0, 1).map(toSubjectInput) },
      });
      expect([403, 404]).toContain(save.statusCode);
    }
  });
});
