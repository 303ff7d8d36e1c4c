import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { subjectLibs, subjects } from '../../db/schema/exams.ts';
import { examPaperInstances } from '../../db/schema/exam-submissions.ts';
import {
  createAuthoringFixture,
  createExam,
  createSubjectLib,
  everyTypeInputs,
  insertSubjects,
  singleChoice,
} from '../../test/exams-factories.ts';
import {
  addMember,
  createCourse,
  createModule,
  createUser,
  loginAs,
  type Session,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let orgId: number;
let teacherId: number;
let studentId: number;
let otherTeacherId: number;
let courseId: number;
let otherCourseId: number;
let moduleId: number;
let teacher: Session;
let assistant: Session;
let student: Session;
let simulating: Session;
let otherTeacher: Session;
let admin: Session;

beforeAll(async () => {
  t = await createTestApp();
  ({
    orgId,
    teacherId,
    studentId,
    otherTeacherId,
    courseId,
    otherCourseId,
    moduleId,
    teacher,
    assistant,
    student,
    simulating,
    otherTeacher,
    admin,
  } = await createAuthoringFixture(t));
});
afterAll(async () => t.close());

type Call = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object };
const as = (session: Session, call: Call) => t.app.inject({ ...call, headers: session.headers });
const libCount = async () => (await t.db.select({ n: count() }).from(subjectLibs))[0]?.n ?? 0;
const subjectsIn = async (where: { libId?: number; activityId?: number }) => {
  const rows = await t.db
    .select({ n: count() })
    .from(subjects)
    .where(where.libId ? eq(subjects.libId, where.libId) : eq(subjects.activityId, where.activityId!));
  return rows[0]?.n ?? 0;
};
const personalLib = (
  values: { parentId?: number; libType?: 'exam' | 'folder' | 'questionnaire'; title?: string } = {},
) => createSubjectLib(t, { orgId, ownerId: teacherId, ...values });
const courseLib = (values: { parentId?: number; libType?: 'exam' | 'folder'; title?: string } = {}) =>
  createSubjectLib(t, { orgId, ownerId: teacherId, courseId, ...values });

describe('personal libraries', () => {
  it('creates a personal exam library for a teacher, and folders and questionnaires by lib_type', async () => {
    const res = await as(teacher, {
      method: 'POST',
      url: '/api/subject-libs',
      payload: { title: '  Algebra ' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      title: 'Algebra',
      lib_type: 'exam',
      course_id: null,
      parent_id: null,
      owner: { id: teacherId, name: 'Teacher Tao' },
      subjects_count: 0,
    });
    const folder = await as(teacher, {
      method: 'POST',
      url: '/api/subject-libs?lib_type=folder',
      payload: { title: 'Term 1' },
    });
    expect(folder.json().lib_type).toBe('folder');
    const inFolder = await as(teacher, {
      method: 'POST',
      url: '/api/subject-libs',
      payload: { title: 'Geometry', parent_id: folder.json().id },
    });
    expect(inFolder.statusCode).toBe(201);
    expect(inFolder.json().parent_id).toBe(folder.json().id);
    const questionnaire = await as(teacher, {
      method: 'POST',
      url: '/api/subject-libs?lib_type=questionnaire',
      payload: { title: 'Feedback' },
    });
    expect(questionnaire.json().lib_type).toBe('questionnaire');
  });

  it('refuses a student, a missing title and an unknown type', async () => {
    const before = await libCount();
    const byStudent = await as(student, {
      method: 'POST',
      url: '/api/subject-libs',
      payload: { title: 'Mine' },
    });
    expect(byStudent.statusCode).toBe(403);
    expect(byStudent.json().message).toBe('Only teachers can create question libraries.');
    const blank = await as(teacher, { method: 'POST', url: '/api/subject-libs', payload: { title: ' ' } });
    expect(blank.json().errors.title).toEqual(['Enter a name.']);
    const odd = await as(teacher, {
      method: 'POST',
      url: '/api/subject-libs?lib_type=quiz',
      payload: { title: 'x' },
    });
    expect(odd.statusCode).toBe(400);
    expect(odd.json().errors.lib_type).toEqual(['The library type must be exam, folder or questionnaire.']);
    expect(await libCount()).toBe(before);
  });

  it('lets an organisation administrator keep personal libraries', async () => {
    const res = await as(admin, {
      method: 'POST',
      url: '/api/subject-libs',
      payload: { title: 'Admin lib' },
    });
    expect(res.statusCode).toBe(201);
  });

  it('lists my libraries flat, as a folder tree, or questionnaires, and nobody else’s', async () => {
    const owner = await createUser(t, orgId);
    await addMember(t, otherCourseId, owner.id, ['instructor']);
    const session = await loginAs(t, owner);
    const folder = await createSubjectLib(t, { orgId, ownerId: owner.id, libType: 'folder', title: 'F' });
    const sub = await createSubjectLib(t, {
      orgId,
      ownerId: owner.id,
      libType: 'folder',
      title: 'F2',
      parentId: folder.id,
    });
    const inner = await createSubjectLib(t, { orgId, ownerId: owner.id, title: 'Inner', parentId: sub.id });
    const loose = await createSubjectLib(t, { orgId, ownerId: owner.id, title: 'Loose' });
    await createSubjectLib(t, { orgId, ownerId: owner.id, libType: 'questionnaire', title: 'Q' });
    await createSubjectLib(t, { orgId, ownerId: owner.id, courseId: otherCourseId, title: 'Course one' });
    await insertSubjects(t, { libId: inner.id }, [singleChoice(1), singleChoice(1)], owner.id);

    const flat = await as(session, { method: 'GET', url: '/api/subject-libs?with_folder=0' });
    expect(flat.statusCode).toBe(200);
    expect(flat.json().subject_libs.map((l: { title: string }) => l.title)).toEqual(['Inner', 'Loose']);
    expect(flat.json().subject_libs[0]).toMatchObject({ subjects_count: 2, children: [] });

    const tree = await as(session, { method: 'GET', url: '/api/subject-libs?with_folder=1' });
    const top = tree.json().subject_libs;
    expect(top.map((l: { title: string }) => l.title)).toEqual(['F', 'Loose']);
    expect(top[0].children[0]).toMatchObject({ title: 'F2', lib_type: 'folder' });
    expect(top[0].children[0].children[0]).toMatchObject({ id: inner.id, title: 'Inner', subjects_count: 2 });
    expect(loose.id).toBe(top[1].id);

    const questionnaires = await as(session, {
      method: 'GET',
      url: '/api/subject-libs?lib_type=questionnaire',
    });
    expect(questionnaires.json().subject_libs.map((l: { title: string }) => l.title)).toEqual(['Q']);

    const others = await as(teacher, { method: 'GET', url: '/api/subject-libs?with_folder=1' });
    expect(others.json().subject_libs.map((l: { id: number }) => l.id)).not.toContain(folder.id);
    expect((await as(teacher, { method: 'GET', url: `/api/subject-libs/${inner.id}` })).statusCode).toBe(404);
    expect((await as(admin, { method: 'GET', url: `/api/subject-libs/${inner.id}` })).statusCode).toBe(404);
  });

  it('refuses a parent that is not one of my folders', async () => {
    const notFolder = await personalLib();
    const othersFolder = await createSubjectLib(t, { orgId, ownerId: otherTeacherId, libType: 'folder' });
    const courseFolder = await courseLib({ libType: 'folder' });
    for (const parent_id of [notFolder.id, othersFolder.id, courseFolder.id, 999_999]) {
      const res = await as(teacher, {
        method: 'POST',
        url: '/api/subject-libs',
        payload: { title: 'x', parent_id },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.parent_id).toEqual([
        'Choose a folder in the same place (your own, or this course’s).',
      ]);
    }
  });
});

describe('course libraries', () => {
  it('creates exam libraries and folders for the teaching team', async () => {
    const lib = await as(assistant, {
      method: 'POST',
      url: `/api/course/${courseId}/subject-libs`,
      payload: { title: 'Week 1' },
    });
    expect(lib.statusCode).toBe(201);
    expect(lib.json()).toMatchObject({ lib_type: 'exam', course_id: courseId });
    const folder = await as(teacher, {
      method: 'POST',
      url: `/api/course/${courseId}/subject-libs?lib_type=folder`,
      payload: { title: 'Midterm' },
    });
    expect(folder.statusCode).toBe(201);
    expect(folder.json().lib_type).toBe('folder');
  });

  it('refuses any other lib_type with a field error and creates nothing', async () => {
    const before = await libCount();
    for (const type of ['questionnaire', 'quiz']) {
      const res = await as(teacher, {
        method: 'POST',
        url: `/api/course/${courseId}/subject-libs?lib_type=${type}`,
        payload: { title: 'Nope' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.lib_type).toEqual([
        'A course library must be a question library or a folder.',
      ]);
    }
    expect(await libCount()).toBe(before);
  });

  it('refuses students, a simulating instructor and other courses’ teachers', async () => {
    const before = await libCount();
    const url = `/api/course/${courseId}/subject-libs`;
    expect((await as(student, { method: 'POST', url, payload: { title: 'x' } })).statusCode).toBe(403);
    const sim = await as(simulating, { method: 'POST', url, payload: { title: 'x' } });
    expect(sim.json().code).toBe('simulating_read_only');
    expect((await as(otherTeacher, { method: 'POST', url, payload: { title: 'x' } })).statusCode).toBe(403);
    expect(await libCount()).toBe(before);
    expect((await as(student, { method: 'GET', url })).statusCode).toBe(403);
    expect((await as(otherTeacher, { method: 'GET', url })).statusCode).toBe(403);
    expect((await as(admin, { method: 'POST', url, payload: { title: 'By admin' } })).statusCode).toBe(201);
  });

  it('lists the course’s libraries with folders when asked', async () => {
    const course = await createCourse(t, orgId, teacherId);
    const folder = await createSubjectLib(t, {
      orgId,
      ownerId: teacherId,
      courseId: course.id,
      libType: 'folder',
      title: 'F',
    });
    await createSubjectLib(t, {
      orgId,
      ownerId: teacherId,
      courseId: course.id,
      title: 'In F',
      parentId: folder.id,
    });
    await createSubjectLib(t, { orgId, ownerId: teacherId, courseId: course.id, title: 'Top' });
    const tree = await as(teacher, {
      method: 'GET',
      url: `/api/course/${course.id}/subject-libs?with_folder=1`,
    });
    expect(tree.statusCode).toBe(200);
    expect(tree.json().subject_libs.map((l: { title: string }) => l.title)).toEqual(['F', 'Top']);
    expect(tree.json().subject_libs[0].children.map((l: { title: string }) => l.title)).toEqual(['In F']);
    const flat = await as(teacher, { method: 'GET', url: `/api/course/${course.id}/subject-libs` });
    expect(flat.json().subject_libs.map((l: { title: string }) => l.title)).toEqual(['In F', 'Top']);
  });
});

describe('a library’s questions', () => {
  it('adds questions all or nothing and reads them back filtered', async () => {
    const lib = await courseLib();
    const res = await as(teacher, {
      method: 'POST',
      url: `/api/subject-libs/${lib.id}/subjects`,
      payload: { subjects: everyTypeInputs() },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().subjects[0]).toMatchObject({ lib_id: lib.id, exam_id: null, sort: 1 });
    const bad = await as(teacher, {
      method: 'POST',
      url: `/api/subject-libs/${lib.id}/subjects`,
      payload: { subjects: [singleChoice(1), { type: 'multiple_selection', description: 'x', options: [] }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors['subjects.1.options']).toEqual(['Add at least two options.']);
    // No points limit in a library.
    const big = await as(teacher, {
      method: 'POST',
      url: `/api/subject-libs/${lib.id}/subjects`,
      payload: { subjects: [singleChoice(500)] },
    });
    expect(big.statusCode).toBe(201);
    expect(big.json().subjects[0].sort).toBe(10);
    expect(await subjectsIn({ libId: lib.id })).toBe(10 + 4);

    const detail = await as(teacher, { method: 'GET', url: `/api/subject-libs/${lib.id}` });
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ id: lib.id, subjects_count: 10 });
    expect(detail.json().subjects).toHaveLength(10);
    const filtered = await as(teacher, {
      method: 'GET',
      url: `/api/subject-libs/${lib.id}?keyword=prime&subject_type=multiple_selection`,
    });
    expect(filtered.json().subjects.map((s: { description: string }) => s.description)).toEqual([
      '<p>Which are prime?</p>',
    ]);
    const noMatch = await as(teacher, {
      method: 'GET',
      url: `/api/subject-libs/${lib.id}?keyword=prime&subject_type=cloze`,
    });
    expect(noMatch.json().subjects).toEqual([]);
    expect((await as(student, { method: 'GET', url: `/api/subject-libs/${lib.id}` })).statusCode).toBe(403);
  });

  it('refuses 201 questions and questions in a folder', async () => {
    const lib = await personalLib();
    const res = await as(teacher, {
      method: 'POST',
      url: `/api/subject-libs/${lib.id}/subjects`,
      payload: { subjects: Array.from({ length: 201 }, () => singleChoice(1)) },
    });
    expect(res.statusCode).toBe(400);
    expect(await subjectsIn({ libId: lib.id })).toBe(0);
    const folder = await personalLib({ libType: 'folder' });
    const intoFolder = await as(teacher, {
      method: 'POST',
      url: `/api/subject-libs/${folder.id}/subjects`,
      payload: { subjects: [singleChoice(1)] },
    });
    expect(intoFolder.statusCode).toBe(400);
    expect(intoFolder.json().message).toBe('A folder holds libraries, not questions. Choose a library.');
  });

  it('edits, deletes and reorders library questions', async () => {
    const lib = await personalLib();
    const ids = await insertSubjects(
      t,
      { libId: lib.id },
      [singleChoice(1, 'a'), singleChoice(1, 'b')],
      teacherId,
    );
    const edit = await as(teacher, {
      method: 'PUT',
      url: `/api/subjects/${ids[0]}`,
      payload: singleChoice(300, 'A!'),
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({ lib_id: lib.id, point: 300 });
    const sorted = await as(teacher, {
      method: 'PUT',
      url: `/api/subject-libs/${lib.id}/subjects/sort`,
      payload: { subject_ids: [ids[1], ids[0]] },
    });
    expect(sorted.json().subjects.map((s: { id: number }) => s.id)).toEqual([ids[1], ids[0]]);
    expect(
      (await as(otherTeacher, { method: 'PUT', url: `/api/subjects/${ids[0]}`, payload: singleChoice(1) }))
        .statusCode,
    ).toBe(404);
    expect((await as(teacher, { method: 'DELETE', url: `/api/subjects/${ids[0]}` })).statusCode).toBe(200);
    // Deleted into the owner's personal bin (decision 0015): gone from the library, the row kept.
    const left = await as(teacher, { method: 'GET', url: `/api/subject-libs/${lib.id}` });
    expect(left.json().subjects.map((s: { id: number }) => s.id)).toEqual([ids[1]]);
    expect(await subjectsIn({ libId: lib.id })).toBe(2);
  });

  it('needs no right answer in a questionnaire library, but still does in an exam library', async () => {
    const opinion = (description: string) => ({
      type: 'single_selection',
      description: `<p>${description}</p>`,
      options: [
        { content: 'Agree', is_answer: false },
        { content: 'Disagree', is_answer: false },
      ],
    });
    const survey = await personalLib({ libType: 'questionnaire' });
    const saved = await as(teacher, {
      method: 'POST',
      url: `/api/subject-libs/${survey.id}/subjects`,
      payload: {
        subjects: [
          opinion('Pace?'),
          { ...opinion('Topics?'), type: 'multiple_selection' },
          { type: 'fill_in_blank', description: '<p>One word: ____</p>', blanks: [{ answers: [] }] },
        ],
      },
    });
    expect(saved.statusCode).toBe(201);
    expect(await subjectsIn({ libId: survey.id })).toBe(3);
    const edited = await as(teacher, {
      method: 'PUT',
      url: `/api/subjects/${saved.json().subjects[0].id}`,
      payload: opinion('Pace of the course?'),
    });
    expect(edited.statusCode).toBe(200);

    const exam = await personalLib();
    const refused = await as(teacher, {
      method: 'POST',
      url: `/api/subject-libs/${exam.id}/subjects`,
      payload: { subjects: [opinion('Pace?')] },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors['subjects.0.options']).toEqual([
      'Mark exactly one option as the correct answer.',
    ]);
    expect(await subjectsIn({ libId: exam.id })).toBe(0);
    const [examSubject] = await insertSubjects(t, { libId: exam.id }, [singleChoice(1)], teacherId);
    const editRefused = await as(teacher, {
      method: 'PUT',
      url: `/api/subjects/${examSubject}`,
      payload: opinion('Pace?'),
    });
    expect(editRefused.statusCode).toBe(400);
    expect(editRefused.json().errors.options).toEqual(['Mark exactly one option as the correct answer.']);

    // Leaving the questionnaire library for an exam library, they must name their answer like any other.
    const surveyIds = saved.json().subjects.map((s: { id: number }) => s.id);
    for (const mode of ['copy', 'move']) {
      const moved = await as(teacher, {
        method: 'POST',
        url: `/api/subject-libs/${survey.id}/subjects/${mode}`,
        payload: { subject_ids: [surveyIds[0]], target_lib_id: exam.id },
      });
      expect(moved.statusCode).toBe(400);
      expect(moved.json().errors['subject_ids.0.options']).toEqual([
        'Mark exactly one option as the correct answer.',
      ]);
    }
    expect(await subjectsIn({ libId: exam.id })).toBe(1);
    expect(await subjectsIn({ libId: survey.id })).toBe(3);
  });
});

describe('renaming, moving and deleting libraries', () => {
  it('renames and moves a library into a folder and back to the top', async () => {
    const lib = await personalLib({ title: 'Old' });
    const folder = await personalLib({ libType: 'folder' });
    const renamed = await as(teacher, {
      method: 'PUT',
      url: `/api/subject-libs/${lib.id}`,
      payload: { title: 'New' },
    });
    expect(renamed.json()).toMatchObject({ title: 'New', parent_id: null });
    const moved = await as(teacher, {
      method: 'PUT',
      url: `/api/subject-libs/${lib.id}`,
      payload: { parent_id: folder.id },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().parent_id).toBe(folder.id);
    const back = await as(teacher, {
      method: 'PUT',
      url: `/api/subject-libs/${lib.id}`,
      payload: { parent_id: null },
    });
    expect(back.json().parent_id).toBeNull();
  });

  it('refuses moving a folder into itself or below itself, or into another place', async () => {
    const outer = await personalLib({ libType: 'folder' });
    const inner = await personalLib({ libType: 'folder', parentId: outer.id });
    const self = await as(teacher, {
      method: 'PUT',
      url: `/api/subject-libs/${outer.id}`,
      payload: { parent_id: outer.id },
    });
    expect(self.json().errors.parent_id).toEqual([
      'A folder cannot be moved into itself or one of its sub-folders.',
    ]);
    const below = await as(teacher, {
      method: 'PUT',
      url: `/api/subject-libs/${outer.id}`,
      payload: { parent_id: inner.id },
    });
    expect(below.statusCode).toBe(400);
    const courseFolder = await courseLib({ libType: 'folder' });
    const elsewhere = await as(teacher, {
      method: 'PUT',
      url: `/api/subject-libs/${outer.id}`,
      payload: { parent_id: courseFolder.id },
    });
    expect(elsewhere.statusCode).toBe(400);
    const [row] = await t.db.select().from(subjectLibs).where(eq(subjectLibs.id, outer.id));
    expect(row?.parentId).toBeNull();
  });

  it('deletes a library with its questions, and a folder only when empty', async () => {
    const folder = await courseLib({ libType: 'folder' });
    const lib = await courseLib({ parentId: folder.id });
    await insertSubjects(t, { libId: lib.id }, [singleChoice(1)], teacherId);
    const full = await as(teacher, { method: 'DELETE', url: `/api/subject-libs/${folder.id}` });
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe('This folder is not empty. Move or delete the libraries in it first.');
    expect((await as(student, { method: 'DELETE', url: `/api/subject-libs/${lib.id}` })).statusCode).toBe(
      403,
    );
    expect((await as(simulating, { method: 'DELETE', url: `/api/subject-libs/${lib.id}` })).statusCode).toBe(
      403,
    );
    const res = await as(assistant, { method: 'DELETE', url: `/api/subject-libs/${lib.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('The question library has been deleted.');
    expect(await subjectsIn({ libId: lib.id })).toBe(0);
    expect((await as(teacher, { method: 'DELETE', url: `/api/subject-libs/${folder.id}` })).statusCode).toBe(
      200,
    );
  });
});

describe('moving and copying questions between libraries', () => {
  it('moves selected questions with their sub-questions to the end of another library', async () => {
    const from = await personalLib();
    const to = await personalLib();
    await insertSubjects(t, { libId: to.id }, [singleChoice(1, 'Existing')], teacherId);
    const ids = await insertSubjects(
      t,
      { libId: from.id },
      [everyTypeInputs()[4]!, singleChoice(1, 'Stay')],
      teacherId,
    );
    const res = await as(teacher, {
      method: 'POST',
      url: `/api/subject-libs/${from.id}/subjects/move`,
      payload: { subject_ids: [ids[0]], target_lib_id: to.id },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().subjects[0]).toMatchObject({ id: ids[0], lib_id: to.id, sort: 2 });
    expect(res.json().subjects[0].sub_subjects.every((s: { lib_id: number }) => s.lib_id === to.id)).toBe(
      true,
    );
    expect(await subjectsIn({ libId: from.id })).toBe(1);
    expect(await subjectsIn({ libId: to.id })).toBe(1 + 3);
  });

  it('copies selected questions, leaving the originals', async () => {
    const from = await courseLib();
    const to = await personalLib();
    const ids = await insertSubjects(
      t,
      { libId: from.id },
      [singleChoice(2, 'One'), everyTypeInputs()[7]!],
      teacherId,
    );
    const res = await as(teacher, {
      method: 'POST',
      url: `/api/subject-libs/${from.id}/subjects/copy`,
      payload: { subject_ids: [ids[1], ids[0]], target_lib_id: to.id },
    });
    expect(res.statusCode).toBe(200);
    const copied = res.json().subjects;
    expect(copied.map((s: { type: string }) => s.type)).toEqual(['matching', 'single_selection']);
    expect(copied[0].id).not.toBe(ids[1]);
    expect(copied[0].pairs).toEqual([
      { sort: 0, content: 'France', option_sort: 0 },
      { sort: 1, content: 'Italy', option_sort: 1 },
    ]);
    expect(await subjectsIn({ libId: from.id })).toBe(2);
  });

  it('refuses questions of another library and targets the caller cannot write', async () => {
    const from = await personalLib();
    const elsewhere = await personalLib();
    const [foreign] = await insertSubjects(t, { libId: elsewhere.id }, [singleChoice(1)], teacherId);
    const to = await personalLib();
    const wrong = await as(teacher, {
      method: 'POST',
      url: `/api/subject-libs/${from.id}/subjects/move`,
      payload: { subject_ids: [foreign], target_lib_id: to.id },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.subject_ids).toEqual([
      'Some of the selected questions are not in this library.',
    ]);
    const othersLib = await createSubjectLib(t, { orgId, ownerId: otherTeacherId });
    const [mine] = await insertSubjects(t, { libId: from.id }, [singleChoice(1)], teacherId);
    const intoOthers = await as(teacher, {
      method: 'POST',
      url: `/api/subject-libs/${from.id}/subjects/copy`,
      payload: { subject_ids: [mine], target_lib_id: othersLib.id },
    });
    expect(intoOthers.statusCode).toBe(404);
    expect(await subjectsIn({ libId: othersLib.id })).toBe(0);
  });
});

describe('copying a library into an exam', () => {
  it('copies every question after the exam’s last one, or only the selected ones', async () => {
    const lib = await courseLib();
    const ids = await insertSubjects(t, { libId: lib.id }, everyTypeInputs(), teacherId);
    const exam = await createExam(t, { courseId, moduleId, createdBy: teacherId });
    await insertSubjects(t, { activityId: exam.id, isMakeup: false }, [singleChoice(1)], teacherId);
    const all = await as(teacher, {
      method: 'POST',
      url: `/api/subject-libs/${lib.id}/copy?examId=${exam.id}`,
    });
    expect(all.statusCode).toBe(201);
    expect(all.json().subjects).toHaveLength(9);
    expect(all.json().subjects[0]).toMatchObject({ exam_id: exam.id, lib_id: null, sort: 2 });
    expect((await as(teacher, { method: 'GET', url: `/api/exams/${exam.id}/points` })).json().points).toBe(
      24,
    );

    const some = await as(teacher, {
      method: 'POST',
      url: `/api/subject-libs/${lib.id}/copy?examId=${exam.id}&is_makeup_exam=1`,
      payload: { subject_ids: [ids[5]] },
    });
    expect(some.statusCode).toBe(201);
    expect(some.json().subjects).toHaveLength(1);
    expect(some.json().subjects[0]).toMatchObject({ type: 'short_answer', is_makeup_exam: true });
    expect(await subjectsIn({ libId: lib.id })).toBe(9 + 4);
  });

  it('copies into a classroom exam', async () => {
    const lib = await personalLib();
    await insertSubjects(t, { libId: lib.id }, [singleChoice(5)], teacherId);
    const classroom = await createExam(t, {
      courseId,
      moduleId,
      createdBy: teacherId,
      type: 'classroom_exam',
    });
    const res = await as(teacher, {
      method: 'POST',
      url: `/api/subject-libs/${lib.id}/copy?classroomId=${classroom.id}`,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await subjectsIn({ activityId: classroom.id })).toBe(1);
  });

  it('needs exactly one target', async () => {
    const lib = await personalLib();
    await insertSubjects(t, { libId: lib.id }, [singleChoice(5)], teacherId);
    const exam = await createExam(t, { courseId, moduleId, createdBy: teacherId });
    const none = await as(teacher, { method: 'POST', url: `/api/subject-libs/${lib.id}/copy` });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors.target).toEqual(['Choose exactly one place to copy the questions to.']);
    const two = await as(teacher, {
      method: 'POST',
      url: `/api/subject-libs/${lib.id}/copy?examId=${exam.id}&classroomId=${exam.id}`,
    });
    expect(two.statusCode).toBe(400);
    expect(two.json().errors.target).toBeDefined();
    // Video quizzes receive copies (courseware-quizzes slice); a quiz that does not exist is not found.
    const quiz = await as(teacher, {
      method: 'POST',
      url: `/api/subject-libs/${lib.id}/copy?videoQuizId=999999`,
    });
    expect(quiz.statusCode).toBe(404);
    // Questionnaires receive copies (questionnaires slice); an exam is not one.
    const notQuestionnaire = await as(teacher, {
      method: 'POST',
      url: `/api/subject-libs/${lib.id}/copy?questionnaireId=${exam.id}`,
    });
    expect(notQuestionnaire.statusCode).toBe(404);
    expect(await subjectsIn({ activityId: exam.id })).toBe(0);
  });

  it('keeps the exam’s points limit and paper lock, copying nothing on refusal', async () => {
    const lib = await personalLib();
    await insertSubjects(t, { libId: lib.id }, [singleChoice(60), singleChoice(50)], teacherId);
    const exam = await createExam(t, { courseId, moduleId, createdBy: teacherId });
    const over = await as(teacher, {
      method: 'POST',
      url: `/api/subject-libs/${lib.id}/copy?examId=${exam.id}`,
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().errors.examId).toEqual([
      'These questions add up to 110 points, but only 100 of the exam’s 100 points are left.',
    ]);
    expect(await subjectsIn({ activityId: exam.id })).toBe(0);
    await t.db.insert(examPaperInstances).values({ activityId: exam.id, userId: studentId, layout: [] });
    const emptySelection = await as(teacher, {
      method: 'POST',
      url: `/api/subject-libs/${lib.id}/copy?examId=${exam.id}`,
      payload: { subject_ids: [] },
    });
    expect(emptySelection.json().errors.subject_ids).toEqual(['Send at least one question.']);
    const lockedOne = await as(teacher, {
      method: 'POST',
      url: `/api/subject-libs/${lib.id}/copy?examId=${exam.id}`,
    });
    expect(lockedOne.statusCode).toBe(409);
  });

  it('refuses a target exam the caller cannot author and a library they cannot read', async () => {
    const lib = await personalLib();
    await insertSubjects(t, { libId: lib.id }, [singleChoice(5)], teacherId);
    const otherModule = await createModule(t, otherCourseId);
    const foreignExam = await createExam(t, {
      courseId: otherCourseId,
      moduleId: otherModule.id,
      createdBy: otherTeacherId,
    });
    const res = await as(teacher, {
      method: 'POST',
      url: `/api/subject-libs/${lib.id}/copy?examId=${foreignExam.id}`,
    });
    expect(res.statusCode).toBe(403);
    const exam = await createExam(t, { courseId, moduleId, createdBy: teacherId });
    const notMine = await as(otherTeacher, {
      method: 'POST',
      url: `/api/subject-libs/${lib.id}/copy?examId=${exam.id}`,
    });
    expect(notMine.statusCode).toBe(404);
    const sim = await as(simulating, {
      method: 'POST',
      url: `/api/subject-libs/${lib.id}/copy?examId=${exam.id}`,
    });
    expect(sim.json().code).toBe('simulating_read_only');
    expect(await subjectsIn({ activityId: exam.id })).toBe(0);
  });
});
