import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AskQuestionSchema,
  MyPicksResponseSchema,
  type AskQuestion,
  type AskQuestionBody,
} from '@lectern/contracts/ask-questions/ask-questions.schemas';
import {
  addMember,
  createCourse,
  createGroup,
  createGroupSet,
  createModule,
  createOrg,
  createSyllabus,
  createUser,
  loginAs,
  type Session,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let orgId: number;
let teacherId: number;
let courseId: number;
let moduleId: number;
let syllabusId: number;
let groupSetId: number;
let emptyGroupSetId: number;
let groupIds: number[];
let teacher: Session;
let assistant: Session;
let outsider: Session;
let students: { id: number; session: Session }[];

beforeAll(async () => {
  t = await createTestApp();
  orgId = (await createOrg(t)).id;
  const teacherUser = await createUser(t, orgId);
  teacherId = teacherUser.id;
  const assistantUser = await createUser(t, orgId);
  const outsiderUser = await createUser(t, orgId);
  courseId = (await createCourse(t, orgId, teacherUser.id, { name: 'Rhetoric' })).id;
  await addMember(t, courseId, assistantUser.id, ['instructor_assistant']);
  const otherCourse = await createCourse(t, orgId, teacherUser.id);
  await addMember(t, otherCourse.id, outsiderUser.id, ['student']);
  moduleId = (await createModule(t, courseId)).id;
  syllabusId = (await createSyllabus(t, courseId, moduleId)).id;
  students = [];
  for (let i = 0; i < 6; i += 1) {
    const user = await createUser(t, orgId);
    await addMember(t, courseId, user.id, ['student']);
    students.push({ id: user.id, session: await loginAs(t, user) });
  }
  groupSetId = (await createGroupSet(t, courseId)).id;
  groupIds = [];
  for (let g = 0; g < 3; g += 1) {
    const members = students.slice(g * 2, g * 2 + 2).map((s) => s.id);
    groupIds.push((await createGroup(t, groupSetId, { name: `Team ${g + 1}`, memberIds: members })).id);
  }
  emptyGroupSetId = (await createGroupSet(t, courseId)).id;
  teacher = await loginAs(t, teacherUser);
  assistant = await loginAs(t, assistantUser);
  outsider = await loginAs(t, outsiderUser);
});

afterAll(async () => {
  await t.close();
});

const studentBody = (extra: Partial<AskQuestionBody> = {}): AskQuestionBody => ({
  module_id: moduleId,
  syllabus_id: syllabusId,
  type: 'select_student',
  question: 'Why is the sky blue?',
  title: '2026.11.26 09:30',
  select_num: 2,
  ...extra,
});

function create(body: unknown, session: Session = teacher, course = courseId) {
  return t.app.inject({
    method: 'POST',
    url: `/api/courses/${course}/ask-question`,
    headers: session.headers,
    payload: body as Record<string, unknown>,
  });
}

async function created(body: unknown): Promise<AskQuestion> {
  const response = await create(body);
  expect(response.statusCode, response.body).toBe(200);
  return AskQuestionSchema.parse(response.json());
}

async function pickAgain(id: number, payload: Record<string, unknown> = {}): Promise<AskQuestion> {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/ask-questions/${id}/picks`,
    headers: teacher.headers,
    payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  return AskQuestionSchema.parse(response.json());
}

type ErrorBody = { code: string; message: string; errors: Record<string, string[]> };

describe('validation tips (spec 000 section 5), in the caller’s language', () => {
  it('select_student without a number gives the select-student tip', async () => {
    const response = await create(studentBody({ select_num: null }));
    expect(response.statusCode).toBe(400);
    const body = response.json<ErrorBody>();
    expect(body.errors.select_num).toEqual(['Choose how many students to pick.']);
    expect(body.message).toBe('Choose how many students to pick.');
  });

  it('every tip shows at once, each under its own field', async () => {
    const response = await create({ type: 'select_student', question: 'x'.repeat(201) });
    expect(response.statusCode).toBe(400);
    const { errors } = response.json<ErrorBody>();
    expect(errors.module_id).toEqual(['Choose a module.']);
    expect(errors.question).toEqual(['The question can have at most 200 characters.']);
    expect(errors.select_num).toEqual(['Choose how many students to pick.']);
  });

  it('select_group without a group set gives tip 1', async () => {
    const response = await create(studentBody({ type: 'select_group', select_num: null }));
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().errors.group_set_id).toEqual(['Choose a group set.']);
  });

  it('a group set without groups gives tip 2', async () => {
    const response = await create(studentBody({ type: 'select_group', group_set_id: emptyGroupSetId }));
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().errors.group_set_id).toEqual([
      'This group set has no groups yet. Create groups first.',
    ]);
  });

  it('another course’s group set counts as none chosen (tip 1)', async () => {
    const other = await createCourse(t, orgId, teacherId);
    const foreignSet = await createGroupSet(t, other.id);
    await createGroup(t, foreignSet.id);
    const response = await create(studentBody({ type: 'select_group', group_set_id: foreignSet.id }));
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().errors.group_set_id).toEqual(['Choose a group set.']);
  });

  it('the question text is optional but at most 200 characters', async () => {
    const response = await create(studentBody({ question: 'x'.repeat(201) }));
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().errors.question).toEqual([
      'The question can have at most 200 characters.',
    ]);
    expect((await created(studentBody({ question: 'x'.repeat(200) }))).data.question).toHaveLength(200);
    expect((await created(studentBody({ question: undefined }))).data.question).toBe('');
  });

  it('the number is 1 up to min(students, 10): 7 in a course of 6 is refused with the maximum', async () => {
    const response = await create(studentBody({ select_num: 7 }));
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().errors.select_num).toEqual(['You can pick at most 6 students.']);
    expect((await create(studentBody({ select_num: 11 }))).statusCode).toBe(400);
    expect((await create(studentBody({ select_num: 0 }))).statusCode).toBe(400);
    const all = await created(studentBody({ select_num: 6 }));
    expect(all.current_pick?.students).toHaveLength(6);
  });

  it('a course without students says there is no student data', async () => {
    const empty = await createCourse(t, orgId, teacherId);
    const emptyModule = await createModule(t, empty.id);
    const response = await create(
      studentBody({ module_id: emptyModule.id, syllabus_id: null }),
      teacher,
      empty.id,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().errors.select_num).toEqual(['There is no student data.']);
  });

  it('the module must be the course’s and the syllabus the module’s', async () => {
    const other = await createCourse(t, orgId, teacherId);
    const foreignModule = await createModule(t, other.id);
    const response = await create(studentBody({ module_id: foreignModule.id, syllabus_id: null }));
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().errors.module_id).toBeDefined();
    const otherModule = await createModule(t, courseId);
    const wrongSyllabus = await create(studentBody({ module_id: otherModule.id }));
    expect(wrongSyllabus.statusCode).toBe(400);
    expect(wrongSyllabus.json<ErrorBody>().errors.syllabus_id).toBeDefined();
    expect((await create({ ...studentBody(), module_id: undefined })).statusCode).toBe(400);
  });

  it('the title is the YYYY.MM.DD HH:mm timestamp; the server writes one when none is sent', async () => {
    expect((await create(studentBody({ title: 'Tuesday' }))).statusCode).toBe(400);
    const q = await created(studentBody({ title: undefined }));
    expect(q.title).toMatch(/^\d{4}\.\d{2}\.\d{2} \d{2}:\d{2}$/);
  });

  it('messages follow Accept-Language', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/courses/${courseId}/ask-question`,
      headers: { ...teacher.headers, 'accept-language': 'zh-CN' },
      payload: studentBody({ select_num: null }),
    });
    expect(response.json<ErrorBody>().errors.select_num).toEqual(['请选择抽取人数']);
  });
});

describe('drawing', () => {
  it('draws the asked number of distinct students of the course, stored and readable again', async () => {
    const q = await created(studentBody({ select_num: 3 }));
    const drawn = q.current_pick?.students.map((s) => s.id) ?? [];
    expect(drawn).toHaveLength(3);
    expect(new Set(drawn).size).toBe(3);
    for (const id of drawn) expect(students.map((s) => s.id)).toContain(id);
    expect(q.current_pick?.round).toBe(1);

    const again = await t.app.inject({
      method: 'GET',
      url: `/api/ask-questions/${q.id}`,
      headers: teacher.headers,
    });
    expect(AskQuestionSchema.parse(again.json()).current_pick).toEqual(q.current_pick);
  });

  it('pick again makes a new round; over many rounds every student is drawn about equally often', async () => {
    const q = await created(studentBody({ select_num: 2 }));
    const counts = new Map(students.map((s) => [s.id, 0]));
    const rounds = 150;
    let last = q;
    for (let i = 0; i < rounds; i += 1) {
      last = await pickAgain(q.id);
      const drawn = last.current_pick?.students.map((s) => s.id) ?? [];
      expect(new Set(drawn).size).toBe(2);
      for (const id of drawn) counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    expect(last.current_pick?.round).toBe(rounds + 1);
    // 300 draws over 6 students: 50 expected each, sd about 6.5. A bound of ±30 fails a fair draw with
    // odds far below one in a million per student, and any student left out (or always in) fails it.
    for (const count of counts.values()) {
      expect(count).toBeGreaterThan(20);
      expect(count).toBeLessThan(80);
    }
  });

  it('a group draw picks one group of the set, with its members', async () => {
    const q = await created(
      studentBody({ type: 'select_group', select_num: null, group_set_id: groupSetId }),
    );
    expect(q.data.group_set_id).toBe(groupSetId);
    expect(q.current_pick?.students).toEqual([]);
    const [group] = q.current_pick?.groups ?? [];
    expect(group && groupIds).toContain(group?.id);
    expect(group?.members).toHaveLength(2);
    const seen = new Set<number>();
    for (let i = 0; i < 40; i += 1) {
      const drawn = (await pickAgain(q.id)).current_pick?.groups ?? [];
      expect(drawn).toHaveLength(1);
      for (const g of drawn) seen.add(g.id);
    }
    expect([...seen].sort()).toEqual([...groupIds].sort());
  });

  it('avoid recently picked: the next draws take those not drawn lately first', async () => {
    // A course of its own: draws of other questions in the same course count as recent too.
    const course = await createCourse(t, orgId, teacherId);
    const module = await createModule(t, course.id);
    const roster: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const user = await createUser(t, orgId);
      await addMember(t, course.id, user.id, ['student']);
      roster.push(user.id);
    }
    const response = await create(
      studentBody({ module_id: module.id, syllabus_id: null, select_num: 2, avoid_recent: true }),
      teacher,
      course.id,
    );
    expect(response.statusCode, response.body).toBe(200);
    const q = AskQuestionSchema.parse(response.json());
    const ids = (a: AskQuestion) => a.current_pick?.students.map((s) => s.id) ?? [];
    const rounds = [ids(q), ids(await pickAgain(q.id)), ids(await pickAgain(q.id))];
    // Three draws of two among six, each passing over the earlier ones: everyone exactly once.
    expect(rounds.flat().sort()).toEqual([...roster].sort());
    // Everyone has now been drawn lately: the draw still works, from everyone.
    expect((await pickAgain(q.id)).current_pick?.students).toHaveLength(2);
    // Asked per draw, the option can be turned off.
    expect((await pickAgain(q.id, { avoid_recent: false })).current_pick?.students).toHaveLength(2);
  });

  it('the draw is pushed to the course: a member’s stream receives ask_question.picked', async () => {
    const url = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const controller = new AbortController();
    const stream = await fetch(`${url}/api/push/stream`, {
      headers: students[0]?.session.headers,
      signal: controller.signal,
    });
    const reader = stream.body?.getReader();
    if (!reader) throw new Error('no stream');
    const q = await created(studentBody({ select_num: 1 }));
    const decoder = new TextDecoder();
    let text = '';
    const deadline = Date.now() + 5000;
    while (!text.includes('ask_question.picked') && Date.now() < deadline) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    controller.abort();
    const line = text.split('\n').find((l) => l.startsWith('data: ') && l.includes('ask_question.picked'));
    expect(JSON.parse(line?.slice(6) ?? '{}')).toMatchObject({
      course_id: courseId,
      type: 'ask_question.picked',
      data: { ask_question_id: q.id, pick_id: q.current_pick?.id },
    });
  });
});

describe('edit and end', () => {
  it('edits the settings; once ended it is locked: no edit, no new draw', async () => {
    const q = await created(studentBody({ select_num: 1 }));
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/ask-questions/${q.id}`,
      headers: assistant.headers,
      payload: studentBody({ select_num: 3, question: 'And at sunset?' }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(AskQuestionSchema.parse(edited.json()).data).toMatchObject({
      select_num: 3,
      question: 'And at sunset?',
    });
    expect((await pickAgain(q.id)).current_pick?.students).toHaveLength(3);

    const ended = await t.app.inject({
      method: 'PUT',
      url: `/api/ask-questions/${q.id}/end`,
      headers: teacher.headers,
    });
    expect(ended.statusCode).toBe(200);
    expect(AskQuestionSchema.parse(ended.json()).end_time).not.toBeNull();

    const locked = await t.app.inject({
      method: 'PUT',
      url: `/api/ask-questions/${q.id}`,
      headers: teacher.headers,
      payload: studentBody(),
    });
    expect(locked.statusCode).toBe(409);
    const repick = await t.app.inject({
      method: 'POST',
      url: `/api/ask-questions/${q.id}/picks`,
      headers: teacher.headers,
      payload: {},
    });
    expect(repick.statusCode).toBe(409);
  });

  it('edit validates like create', async () => {
    const q = await created(studentBody());
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/ask-questions/${q.id}`,
      headers: teacher.headers,
      payload: studentBody({ type: 'select_group', group_set_id: emptyGroupSetId }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().errors.group_set_id).toEqual([
      'This group set has no groups yet. Create groups first.',
    ]);
  });
});

describe('who may', () => {
  it('students cannot ask, draw, edit or read the draw; outsiders see nothing', async () => {
    const q = await created(studentBody());
    const studentSession = students[0]?.session ?? teacher;
    expect((await create(studentBody(), studentSession)).statusCode).toBe(403);
    expect([403, 404]).toContain((await create(studentBody(), outsider)).statusCode);
    for (const session of [studentSession, outsider]) {
      const calls = [
        { method: 'GET' as const, url: `/api/ask-questions/${q.id}` },
        { method: 'POST' as const, url: `/api/ask-questions/${q.id}/picks`, payload: {} },
        { method: 'PUT' as const, url: `/api/ask-questions/${q.id}`, payload: studentBody() },
        { method: 'PUT' as const, url: `/api/ask-questions/${q.id}/end` },
        { method: 'GET' as const, url: `/api/courses/${courseId}/ask-questions` },
      ];
      for (const call of calls) {
        const response = await t.app.inject({ ...call, headers: session.headers });
        expect([403, 404], `${call.method} ${call.url}`).toContain(response.statusCode);
      }
    }
  });

  it('a student reads only their own status: picked by name, or through their group', async () => {
    const byName = await created(studentBody({ select_num: 1 }));
    const pickedId = byName.current_pick?.students[0]?.id;
    const byGroup = await created(studentBody({ type: 'select_group', group_set_id: groupSetId }));
    const group = byGroup.current_pick?.groups[0];
    for (const s of students) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/courses/${courseId}/ask-questions/my-picks`,
        headers: s.session.headers,
      });
      expect(response.statusCode).toBe(200);
      const { picks } = MyPicksResponseSchema.parse(response.json());
      const mine = picks.find((p) => p.ask_question_id === byName.id);
      expect(mine !== undefined).toBe(s.id === pickedId);
      const viaGroup = picks.find((p) => p.ask_question_id === byGroup.id);
      expect(viaGroup?.group_name ?? null).toBe(
        group?.members.some((m) => m.id === s.id) ? group.name : null,
      );
      // Nothing in a student's answer names anyone else.
      expect(response.body).not.toContain('user_no');
    }
    const teacherRead = await t.app.inject({
      method: 'GET',
      url: `/api/courses/${courseId}/ask-questions/my-picks`,
      headers: teacher.headers,
    });
    expect(teacherRead.statusCode).toBe(403);
    const outsiderRead = await t.app.inject({
      method: 'GET',
      url: `/api/courses/${courseId}/ask-questions/my-picks`,
      headers: outsider.headers,
    });
    expect([403, 404]).toContain(outsiderRead.statusCode);
  });
});
