import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, or } from 'drizzle-orm';
import { classroomAnswers, examPaperInstances } from '../../db/schema/exam-submissions.ts';
import { subjectNotDeleted, subjectOptions, subjects } from '../../db/schema/exams.ts';
import { knowledgeNodes } from '../../db/schema/knowledge-graph.ts';
import { courses } from '../../db/schema/courses.ts';
import {
  EVERY_TYPE_POINTS,
  createAuthoringFixture,
  createExam,
  everyTypeInputs,
  insertSubjects,
  singleChoice,
} from '../../test/exams-factories.ts';
import type { Session } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let teacherId: number;
let studentId: number;
let courseId: number;
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
    teacherId,
    studentId,
    courseId,
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
const newExam = (data: object = {}, extra: object = {}) =>
  createExam(t, { courseId, moduleId, createdBy: teacherId, data, ...extra });
/** Questions of the exam an author or student can see (not in the recycle bin). */
const topLevelCount = async (activityId: number) => {
  const [row] = await t.db
    .select({ n: count() })
    .from(subjects)
    .where(and(eq(subjects.activityId, activityId), subjectNotDeleted));
  return row?.n ?? 0;
};

describe('adding questions to an exam', () => {
  it('saves one question of every type, in order, with answers for authors', async () => {
    const exam = await newExam();
    const res = await as(teacher, {
      method: 'POST',
      url: `/api/exams/${exam.id}/subjects`,
      payload: { subjects: everyTypeInputs() },
    });
    expect(res.statusCode).toBe(201);
    const saved = res.json().subjects;
    expect(saved.map((s: { type: string }) => s.type)).toEqual([
      'single_selection',
      'multiple_selection',
      'true_or_false',
      'fill_in_blank',
      'cloze',
      'short_answer',
      'analysis',
      'matching',
      'paragraph_desc',
    ]);
    expect(saved.map((s: { sort: number }) => s.sort)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(saved[0]).toMatchObject({
      exam_id: exam.id,
      lib_id: null,
      is_makeup_exam: false,
      point: 2,
      created_by: { id: teacherId, name: 'Teacher Tao' },
      options: [
        { sort: 0, content: '<p>Option 1</p>', is_answer: false },
        { sort: 1, content: '<p>Option 2</p>', is_answer: true },
      ],
    });
    expect(saved[3].blanks).toEqual([{ sort: 0, answers: ['Paris', 'paris'] }]);
    expect(saved[4].sub_subjects).toHaveLength(2);
    expect(saved[4].sub_subjects[0]).toMatchObject({ parent_id: saved[4].id, type: 'single_selection' });
    expect(saved[7].pairs).toEqual([
      { sort: 0, content: 'France', option_sort: 0 },
      { sort: 1, content: 'Italy', option_sort: 1 },
    ]);

    const listed = await as(teacher, { method: 'GET', url: `/api/exams/${exam.id}/subjects` });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().subjects).toHaveLength(9);
    const points = await as(teacher, { method: 'GET', url: `/api/exams/${exam.id}/points` });
    expect(points.json()).toEqual({ points: EVERY_TYPE_POINTS, total_points: 100 });
  });

  it('appends after the existing questions', async () => {
    const exam = await newExam();
    await insertSubjects(
      t,
      { activityId: exam.id, isMakeup: false },
      [singleChoice(1), singleChoice(1)],
      teacherId,
    );
    const res = await as(assistant, {
      method: 'POST',
      url: `/api/exams/${exam.id}/subjects`,
      payload: { subjects: [singleChoice(1, 'Third')] },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().subjects[0].sort).toBe(3);
  });

  it('keeps the make-up paper apart', async () => {
    const exam = await newExam();
    await insertSubjects(t, { activityId: exam.id, isMakeup: false }, [singleChoice(10)], teacherId);
    const res = await as(teacher, {
      method: 'POST',
      url: `/api/exams/${exam.id}/subjects?is_makeup_exam=1`,
      payload: { subjects: [singleChoice(4, 'Make-up')] },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().subjects[0]).toMatchObject({ is_makeup_exam: true, sort: 1 });
    const makeup = await as(teacher, {
      method: 'GET',
      url: `/api/exams/${exam.id}/subjects?is_makeup_exam=1`,
    });
    expect(makeup.json().subjects.map((s: { description: string }) => s.description)).toEqual([
      '<p>Make-up</p>',
    ]);
    const main = await as(teacher, { method: 'GET', url: `/api/exams/${exam.id}/subjects?is_makeup_exam=0` });
    expect(main.json().subjects).toHaveLength(1);
    expect(
      (await as(teacher, { method: 'GET', url: `/api/exams/${exam.id}/points?is_makeup_exam=1` })).json(),
    ).toEqual({
      points: 4,
      total_points: 100,
    });
  });

  it('refuses questions that would exceed the total points, saving none of them', async () => {
    const exam = await newExam();
    await insertSubjects(t, { activityId: exam.id, isMakeup: false }, [singleChoice(90)], teacherId);
    const res = await as(teacher, {
      method: 'POST',
      url: `/api/exams/${exam.id}/subjects`,
      payload: { subjects: [singleChoice(5), singleChoice(6)] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.subjects).toEqual([
      'These questions add up to 11 points, but only 10 of the exam’s 100 points are left.',
    ]);
    expect(await topLevelCount(exam.id)).toBe(1);

    const exact = await as(teacher, {
      method: 'POST',
      url: `/api/exams/${exam.id}/subjects`,
      payload: { subjects: [singleChoice(4.5), singleChoice(5.5)] },
    });
    expect(exact.statusCode).toBe(201);
  });

  it('uses the exam’s own total points when set', async () => {
    const exam = await newExam({ total_points: 10 });
    const over = await as(teacher, {
      method: 'POST',
      url: `/api/exams/${exam.id}/subjects`,
      payload: { subjects: [singleChoice(11)] },
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().errors.subjects[0]).toContain('only 10 of the exam’s 10 points');
    const points = await as(teacher, { method: 'GET', url: `/api/exams/${exam.id}/points` });
    expect(points.json()).toEqual({ points: 0, total_points: 10 });
  });

  it('refuses 201 questions at once and accepts 200', async () => {
    const exam = await newExam({ total_points: 1000 });
    const many = (n: number) => Array.from({ length: n }, () => singleChoice(0));
    const tooMany = await as(teacher, {
      method: 'POST',
      url: `/api/exams/${exam.id}/subjects`,
      payload: { subjects: many(201) },
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors.subjects).toEqual(['At most 200 questions can be saved at once.']);
    expect(await topLevelCount(exam.id)).toBe(0);
    const empty = await as(teacher, {
      method: 'POST',
      url: `/api/exams/${exam.id}/subjects`,
      payload: { subjects: [] },
    });
    expect(empty.json().errors.subjects).toEqual(['Send at least one question.']);
    const ok = await as(teacher, {
      method: 'POST',
      url: `/api/exams/${exam.id}/subjects`,
      payload: { subjects: many(200) },
    });
    expect(ok.statusCode).toBe(201);
    expect(await topLevelCount(exam.id)).toBe(200);
  });

  it('reports each question’s problems under its own path and saves nothing', async () => {
    const exam = await newExam();
    const res = await as(teacher, {
      method: 'POST',
      url: `/api/exams/${exam.id}/subjects`,
      payload: {
        subjects: [
          singleChoice(1),
          {
            type: 'single_selection',
            description: 'Two answers',
            options: [
              { content: 'a', is_answer: true },
              { content: 'b', is_answer: true },
            ],
          },
          { type: 'true_or_false', description: 'x', options: [{ content: 'only', is_answer: true }] },
          { type: 'fill_in_blank', description: 'x', blanks: [{ answers: [''] }] },
          { type: 'cloze', description: 'x', sub_subjects: [{ type: 'short_answer', description: 'y' }] },
          { type: 'single_selection', description: '', point: -1, options: [] },
        ],
      },
    });
    expect(res.statusCode).toBe(400);
    const errors = res.json().errors;
    expect(errors['subjects.1.options']).toEqual(['Mark exactly one option as the correct answer.']);
    expect(errors['subjects.2.options']).toEqual(['A true/false question has exactly two options.']);
    expect(errors['subjects.3.blanks.0.answers']).toEqual([
      'Give at least one accepted answer for this blank.',
    ]);
    expect(errors['subjects.4.sub_subjects.0.type']).toEqual([
      'Each gap of a cloze question is a single-choice question.',
    ]);
    expect(errors['subjects.5.description']).toEqual(['Enter the question text.']);
    expect(errors['subjects.5.point']).toBeDefined();
    expect(errors['subjects.0']).toBeUndefined();
    expect(await topLevelCount(exam.id)).toBe(0);
  });

  it('links questions only to live knowledge nodes of the exam’s course', async () => {
    const [course] = await t.db
      .select({ orgId: courses.orgId })
      .from(courses)
      .where(eq(courses.id, courseId));
    const [other] = await t.db
      .insert(courses)
      .values({ orgId: course!.orgId, name: 'Another course', createdBy: teacherId })
      .returning({ id: courses.id });
    const node = (course: number, name: string, deletedAt: Date | null = null) =>
      t.db
        .insert(knowledgeNodes)
        .values({ courseId: course, name, nodeKey: `k-${name}`, createdBy: teacherId, deletedAt })
        .returning({ id: knowledgeNodes.id })
        .then(([row]) => row!.id);
    const own = await node(courseId, 'own');
    const foreign = await node(other!.id, 'foreign');
    const deleted = await node(courseId, 'deleted', new Date());
    const exam = await newExam();
    const url = `/api/exams/${exam.id}/subjects`;
    for (const bad of [foreign, deleted]) {
      const refused = await as(teacher, {
        method: 'POST',
        url,
        payload: { subjects: [singleChoice(1), { ...singleChoice(1), knowledge_node_ids: [own, bad] }] },
      });
      expect(refused.statusCode).toBe(400);
      expect(Object.keys(refused.json().errors)).toEqual(['subjects.1.knowledge_node_ids']);
    }
    expect(await topLevelCount(exam.id)).toBe(0);
    const saved = await as(teacher, {
      method: 'POST',
      url,
      payload: { subjects: [{ ...singleChoice(1), knowledge_node_ids: [own] }] },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().subjects[0].knowledge_node_ids).toEqual([own]);
  });

  it('sanitises question HTML: scripts go, allowed tags stay', async () => {
    const exam = await newExam();
    const res = await as(teacher, {
      method: 'POST',
      url: `/api/exams/${exam.id}/subjects`,
      payload: {
        subjects: [
          {
            type: 'single_selection',
            description: '<p onclick="x()">Pick <strong>one</strong><script>alert(1)</script></p>',
            point: 1,
            answer_explanation: '<em>because</em><img src="javascript:alert(1)">',
            options: [
              { content: '<b>A</b><script>steal()</script>', is_answer: true },
              { content: '<a href="javascript:alert(1)">B</a>', is_answer: false },
            ],
          },
          {
            type: 'short_answer',
            description: 'Why?',
            point: 1,
            answer: '<p>Ref<iframe src="https://evil"></iframe></p>',
          },
          {
            type: 'matching',
            description: 'Match',
            options: [{ content: 'x', is_answer: false }],
            pairs: [{ content: '<u>left</u><script>1</script>', option_sort: 0 }],
          },
        ],
      },
    });
    expect(res.statusCode).toBe(201);
    const [choice, short, matching] = res.json().subjects;
    expect(choice.description).toBe('<p>Pick <strong>one</strong></p>');
    expect(choice.answer_explanation).toBe('<em>because</em><img />');
    expect(choice.options.map((o: { content: string }) => o.content)).toEqual(['<b>A</b>', '<a>B</a>']);
    expect(short.answer).toBe('<p>Ref</p>');
    expect(matching.pairs[0].content).toBe('<u>left</u>');
    const [stored] = await t.db.select().from(subjects).where(eq(subjects.id, choice.id));
    expect(stored?.description).toBe('<p>Pick <strong>one</strong></p>');
  });

  it('refuses a text that is only markup once sanitised', async () => {
    const exam = await newExam();
    const res = await as(teacher, {
      method: 'POST',
      url: `/api/exams/${exam.id}/subjects`,
      payload: { subjects: [{ ...singleChoice(1), description: '<script>alert(1)</script>' }] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors['subjects.0.description']).toEqual(['Enter the question text.']);
    expect(await topLevelCount(exam.id)).toBe(0);
  });

  it('lets only the course’s teaching team author', async () => {
    const exam = await newExam();
    const payload = { subjects: [singleChoice(1)] };
    const url = `/api/exams/${exam.id}/subjects`;
    const byStudent = await as(student, { method: 'POST', url, payload });
    expect(byStudent.statusCode).toBe(403);
    const bySimulating = await as(simulating, { method: 'POST', url, payload });
    expect(bySimulating.statusCode).toBe(403);
    expect(bySimulating.json().code).toBe('simulating_read_only');
    const byOther = await as(otherTeacher, { method: 'POST', url, payload });
    expect(byOther.statusCode).toBe(403);
    expect(await topLevelCount(exam.id)).toBe(0);
    const byAdmin = await as(admin, { method: 'POST', url, payload });
    expect(byAdmin.statusCode).toBe(201);
  });

  it('answers 404 for an activity that is not an exam', async () => {
    const exam = await newExam();
    const material = await as(teacher, {
      method: 'POST',
      url: `/api/courses/${courseId}/activities`,
      payload: { type: 'page', module_id: moduleId, title: 'Not an exam' },
    });
    const res = await as(teacher, {
      method: 'POST',
      url: `/api/exams/${material.json().id}/subjects`,
      payload: { subjects: [singleChoice(1)] },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('This exam does not exist or has been deleted.');
    // An exam id on the classroom routes is not a classroom exam either.
    const cross = await as(teacher, { method: 'GET', url: `/api/classroom-exams/${exam.id}/subjects` });
    expect(cross.statusCode).toBe(404);
  });
});

describe('reading an exam’s questions', () => {
  let examId: number;
  beforeAll(async () => {
    examId = (await newExam()).id;
    await insertSubjects(t, { activityId: examId, isMakeup: false }, everyTypeInputs(), teacherId);
  });

  it('filters by keyword and type', async () => {
    const byKeyword = await as(teacher, {
      method: 'GET',
      url: `/api/exams/${examId}/subjects?keyword=capital%20of`,
    });
    expect(byKeyword.json().subjects.map((s: { type: string }) => s.type)).toEqual(['fill_in_blank']);
    const byType = await as(teacher, {
      method: 'GET',
      url: `/api/exams/${examId}/subjects?subject_type=cloze`,
    });
    expect(byType.json().subjects).toHaveLength(1);
    expect(byType.json().subjects[0].sub_subjects).toHaveLength(2);
    const all = await as(teacher, { method: 'GET', url: `/api/exams/${examId}/subjects?subject_type=` });
    expect(all.json().subjects).toHaveLength(9);
    const bad = await as(teacher, { method: 'GET', url: `/api/exams/${examId}/subjects?subject_type=essay` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.subject_type).toEqual(['This question type is not supported.']);
  });

  it('lists the questions that need marking: short answers and stems holding one', async () => {
    const res = await as(teacher, { method: 'GET', url: `/api/exams/${examId}/subjective-questions` });
    expect(res.statusCode).toBe(200);
    expect(res.json().subjects.map((s: { type: string }) => s.type)).toEqual(['short_answer', 'analysis']);
  });

  it('keeps answers from students and a simulating instructor', async () => {
    for (const session of [student, simulating]) {
      for (const url of [
        `/api/exams/${examId}/subjects`,
        `/api/exams/${examId}/points`,
        `/api/exams/${examId}/subjective-questions`,
      ]) {
        const res = await as(session, { method: 'GET', url });
        expect(res.statusCode, url).toBe(403);
      }
    }
    const other = await as(otherTeacher, { method: 'GET', url: `/api/exams/${examId}/subjects` });
    expect(other.statusCode).toBe(403);
  });

  it('returns one question, a sub-question only when asked for', async () => {
    const list = (await as(teacher, { method: 'GET', url: `/api/exams/${examId}/subjects` })).json().subjects;
    const cloze = list[4];
    const one = await as(teacher, { method: 'GET', url: `/api/subjects/${cloze.id}?exam_id=${examId}` });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id: cloze.id, type: 'cloze', exam_id: examId });
    expect(one.json().sub_subjects).toHaveLength(2);
    const subId = cloze.sub_subjects[0].id;
    expect((await as(teacher, { method: 'GET', url: `/api/subjects/${subId}` })).statusCode).toBe(404);
    const sub = await as(teacher, { method: 'GET', url: `/api/subjects/${subId}?can_select_sub_subject=1` });
    expect(sub.statusCode).toBe(200);
    expect(sub.json()).toMatchObject({ id: subId, parent_id: cloze.id, sub_subjects: [] });
    const otherExam = await newExam();
    const wrongExam = await as(teacher, {
      method: 'GET',
      url: `/api/subjects/${cloze.id}?exam_id=${otherExam.id}`,
    });
    expect(wrongExam.statusCode).toBe(404);
    expect((await as(student, { method: 'GET', url: `/api/subjects/${cloze.id}` })).statusCode).toBe(403);
  });
});

describe('editing, deleting and reordering', () => {
  it('edits a question in place, keeping the points rule', async () => {
    const exam = await newExam();
    const [first, second] = await insertSubjects(
      t,
      { activityId: exam.id, isMakeup: false },
      [singleChoice(50), singleChoice(40)],
      teacherId,
    );
    const ok = await as(teacher, {
      method: 'PUT',
      url: `/api/subjects/${first}`,
      payload: {
        ...singleChoice(60, 'Changed'),
        options: [
          { content: 'x', is_answer: true },
          { content: '<script>y</script>z', is_answer: false },
        ],
      },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ id: first, point: 60, sort: 1, description: '<p>Changed</p>' });
    expect(ok.json().options[1].content).toBe('z');
    const over = await as(teacher, {
      method: 'PUT',
      url: `/api/subjects/${second}`,
      payload: singleChoice(41),
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().errors.point).toEqual([
      'These questions add up to 41 points, but only 40 of the exam’s 100 points are left.',
    ]);
    const [kept] = await t.db.select().from(subjects).where(eq(subjects.id, second!));
    expect(kept?.point).toBe(40);
    const invalid = await as(teacher, {
      method: 'PUT',
      url: `/api/subjects/${second}`,
      payload: { type: 'true_or_false', description: 'x', options: [] },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors.options).toEqual(['A true/false question has exactly two options.']);
  });

  it('edits a stem with its sub-questions, not a sub-question alone', async () => {
    const exam = await newExam();
    const [stem] = await insertSubjects(
      t,
      { activityId: exam.id, isMakeup: false },
      [everyTypeInputs()[6]!],
      teacherId,
    );
    const tree = (await as(teacher, { method: 'GET', url: `/api/subjects/${stem}` })).json();
    const subId = tree.sub_subjects[0].id;
    const refused = await as(teacher, {
      method: 'PUT',
      url: `/api/subjects/${subId}`,
      payload: singleChoice(1),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Edit or delete the question this sub-question belongs to.');
    const edited = await as(teacher, {
      method: 'PUT',
      url: `/api/subjects/${stem}`,
      payload: {
        type: 'analysis',
        description: 'New passage',
        point: 3,
        sub_subjects: [
          { type: 'fill_in_blank', description: 'Fill', point: 3, blanks: [{ answers: ['x'] }] },
        ],
      },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().sub_subjects).toHaveLength(1);
    expect(edited.json().sub_subjects[0]).toMatchObject({ type: 'fill_in_blank', parent_id: stem });
  });

  it('deletes a question with its sub-questions into the recycle bin, options kept for a restore', async () => {
    const exam = await newExam();
    const [stem] = await insertSubjects(
      t,
      { activityId: exam.id, isMakeup: false },
      [everyTypeInputs()[4]!],
      teacherId,
    );
    const res = await as(teacher, { method: 'DELETE', url: `/api/subjects/${stem}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('The question has been deleted.');
    expect(await topLevelCount(exam.id)).toBe(0);
    const [options] = await t.db
      .select({ n: count() })
      .from(subjectOptions)
      .innerJoin(subjects, eq(subjects.id, subjectOptions.subjectId))
      .where(or(eq(subjects.id, stem!), eq(subjects.parentId, stem!)));
    expect(options?.n).toBeGreaterThan(0);
    // The stem and its sub-questions point at one bin item, so they come back together.
    const rows = await t.db
      .select({ item: subjects.recycleBinItemId })
      .from(subjects)
      .where(or(eq(subjects.id, stem!), eq(subjects.parentId, stem!)));
    expect(rows.length).toBeGreaterThan(1);
    expect(new Set(rows.map((r) => r.item)).size).toBe(1);
    expect(rows[0]?.item).not.toBeNull();
    expect((await as(teacher, { method: 'DELETE', url: `/api/subjects/${stem}` })).statusCode).toBe(404);
  });

  it('refuses students, a simulating instructor and other courses’ teachers', async () => {
    const exam = await newExam();
    const [id] = await insertSubjects(
      t,
      { activityId: exam.id, isMakeup: false },
      [singleChoice(1)],
      teacherId,
    );
    for (const session of [student, simulating, otherTeacher]) {
      expect(
        (await as(session, { method: 'PUT', url: `/api/subjects/${id}`, payload: singleChoice(2) }))
          .statusCode,
      ).toBe(403);
      expect((await as(session, { method: 'DELETE', url: `/api/subjects/${id}` })).statusCode).toBe(403);
    }
    expect(await topLevelCount(exam.id)).toBe(1);
  });

  it('reorders a paper when given every question once', async () => {
    const exam = await newExam();
    const ids = await insertSubjects(
      t,
      { activityId: exam.id, isMakeup: false },
      [singleChoice(1, 'a'), singleChoice(1, 'b'), singleChoice(1, 'c')],
      teacherId,
    );
    const url = `/api/exams/${exam.id}/subjects/sort`;
    const res = await as(teacher, { method: 'PUT', url, payload: { subject_ids: [ids[2], ids[0], ids[1]] } });
    expect(res.statusCode).toBe(200);
    expect(res.json().subjects.map((s: { id: number }) => s.id)).toEqual([ids[2], ids[0], ids[1]]);
    const partial = await as(teacher, { method: 'PUT', url, payload: { subject_ids: [ids[0], ids[1]] } });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().errors.subject_ids).toEqual([
      'The new order must list every question of the paper exactly once.',
    ]);
    const repeated = await as(teacher, {
      method: 'PUT',
      url,
      payload: { subject_ids: [ids[0], ids[0], ids[1]] },
    });
    expect(repeated.statusCode).toBe(400);
    expect((await as(student, { method: 'PUT', url, payload: { subject_ids: ids } })).statusCode).toBe(403);
  });

  it('locks an exam paper once a student has been handed it', async () => {
    const exam = await newExam();
    const [id] = await insertSubjects(
      t,
      { activityId: exam.id, isMakeup: false },
      [singleChoice(1)],
      teacherId,
    );
    await t.db.insert(examPaperInstances).values({
      activityId: exam.id,
      userId: studentId,
      layout: [{ subject_id: id!, option_ids: [], sub: [] }],
    });
    const add = await as(teacher, {
      method: 'POST',
      url: `/api/exams/${exam.id}/subjects`,
      payload: { subjects: [singleChoice(1)] },
    });
    expect(add.statusCode).toBe(409);
    expect(add.json().message).toBe(
      'Students have already started this exam, so its questions can no longer be added, changed or deleted.',
    );
    expect(
      (await as(teacher, { method: 'PUT', url: `/api/subjects/${id}`, payload: singleChoice(2) })).statusCode,
    ).toBe(409);
    expect((await as(teacher, { method: 'DELETE', url: `/api/subjects/${id}` })).statusCode).toBe(409);
    expect(await topLevelCount(exam.id)).toBe(1);
    // The make-up paper nobody has started stays open.
    const makeup = await as(teacher, {
      method: 'POST',
      url: `/api/exams/${exam.id}/subjects?is_makeup_exam=true`,
      payload: { subjects: [singleChoice(1)] },
    });
    expect(makeup.statusCode).toBe(201);
  });
});

describe('classroom exam questions', () => {
  let classroomId: number;
  beforeAll(async () => {
    classroomId = (await newExam({}, { type: 'classroom_exam' })).id;
  });

  it('adds, lists and counts points', async () => {
    const res = await as(teacher, {
      method: 'POST',
      url: `/api/classroom-exams/${classroomId}/subjects`,
      payload: { subjects: [singleChoice(3), singleChoice(4)] },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().subjects[0]).toMatchObject({ exam_id: classroomId, is_makeup_exam: false, sort: 1 });
    const listed = await as(teacher, { method: 'GET', url: `/api/classroom-exams/${classroomId}/subjects` });
    expect(listed.json().subjects).toHaveLength(2);
    const points = await as(teacher, { method: 'GET', url: `/api/classrooms/${classroomId}/points` });
    expect(points.json()).toEqual({ points: 7, total_points: 100 });
    expect(
      (await as(student, { method: 'GET', url: `/api/classrooms/${classroomId}/points` })).statusCode,
    ).toBe(403);
    const over = await as(teacher, {
      method: 'POST',
      url: `/api/classroom-exams/${classroomId}/subjects`,
      payload: { subjects: [singleChoice(94)] },
    });
    expect(over.statusCode).toBe(400);
    // An exam route does not take a classroom exam.
    expect((await as(teacher, { method: 'GET', url: `/api/exams/${classroomId}/points` })).statusCode).toBe(
      404,
    );
  });

  it('fixes an answered question but keeps taking new ones', async () => {
    const [answered, fresh] = await insertSubjects(
      t,
      { activityId: classroomId, isMakeup: false },
      [singleChoice(1), singleChoice(1)],
      teacherId,
    );
    await t.db
      .insert(classroomAnswers)
      .values({ activityId: classroomId, subjectId: answered!, userId: studentId });
    const edit = await as(teacher, {
      method: 'PUT',
      url: `/api/subjects/${answered}`,
      payload: singleChoice(2),
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(
      'Students have already answered this question, so it can no longer be changed or deleted.',
    );
    expect((await as(teacher, { method: 'DELETE', url: `/api/subjects/${answered}` })).statusCode).toBe(409);
    expect(
      (await as(teacher, { method: 'PUT', url: `/api/subjects/${fresh}`, payload: singleChoice(2) }))
        .statusCode,
    ).toBe(200);
    const add = await as(teacher, {
      method: 'POST',
      url: `/api/classroom-exams/${classroomId}/subjects`,
      payload: { subjects: [singleChoice(1)] },
    });
    expect(add.statusCode).toBe(201);
  });
});
