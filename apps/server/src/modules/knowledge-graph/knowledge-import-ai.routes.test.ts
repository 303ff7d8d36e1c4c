import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiTestEnv, creditsUsed, grantCredits } from '../../test/ai-factories.ts';
import {
  addMember,
  createCourse,
  createOrg,
  createUser,
  loginAs,
  type Session,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { multipartFile } from '../../test/uploads-fixtures.ts';
import { startFakeChatCompletions, type FakeChatCompletions } from '../ai/chat-completions.fake.ts';

let fake: FakeChatCompletions;
let t: TestApp;
let teacherId: number;
let courseId: number;
let teacher: Session;
let student: Session;

type Event = { event: string; data: unknown };
function eventsOf(body: string): Event[] {
  return body
    .split('\n\n')
    .filter((block) => block.trim())
    .map((block) => {
      const lines = block.split('\n');
      const event = lines.find((l) => l.startsWith('event: '))?.slice(7) ?? 'message';
      const data = lines.find((l) => l.startsWith('data: '))?.slice(6) ?? 'null';
      return { event, data: JSON.parse(data) as unknown };
    });
}

async function upload(session: Session, filename: string, data: Buffer): Promise<number> {
  const body = multipartFile({ filename, data });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: { ...session.headers, 'content-type': body.contentType },
    payload: body.payload,
  });
  expect(res.statusCode).toBe(201);
  return (res.json() as { id: number }).id;
}

beforeAll(async () => {
  fake = await startFakeChatCompletions();
  t = await createTestApp(aiTestEnv(fake.url));
  const org = await createOrg(t);
  const teacherUser = await createUser(t, org.id);
  teacherId = teacherUser.id;
  courseId = (await createCourse(t, org.id, teacherId)).id;
  const studentUser = await createUser(t, org.id);
  await addMember(t, courseId, studentUser.id, ['student']);
  teacher = await loginAs(t, teacherUser);
  student = await loginAs(t, studentUser);
  await grantCredits(t, org.id, teacherId, 1000);
});

afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('GET/POST /api/course/{id}/knowledge-nodes/ai-parse', () => {
  it('streams the outline, ends with the tree, and debits the caller', async () => {
    fake.mode = 'normal';
    fake.answer = '# Mechanics\n## Kinematics\n## Dynamics\n# Optics';
    const id = await upload(teacher, 'syllabus.txt', Buffer.from('Mechanics: kinematics, dynamics. Optics.'));
    const before = await creditsUsed(t, teacherId);
    for (const call of [
      {
        method: 'POST' as const,
        url: `/api/course/${courseId}/knowledge-nodes/ai-parse`,
        payload: { upload_id: id },
      },
      { method: 'GET' as const, url: `/api/course/${courseId}/knowledge-nodes/ai-parse?upload_id=${id}` },
    ]) {
      const res = await t.app.inject({ ...call, headers: teacher.headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/event-stream');
      const events = eventsOf(res.body);
      const text = events
        .filter((e) => e.event === 'message')
        .map((e) => (e.data as { data: string }).data)
        .join('');
      expect(text).toBe(fake.answer);
      expect(events.at(-1)).toEqual({
        event: 'tree',
        data: {
          data: [
            { name: 'Mechanics', children: [{ name: 'Kinematics' }, { name: 'Dynamics' }] },
            { name: 'Optics' },
          ],
          node_count: 4,
        },
      });
    }
    expect(await creditsUsed(t, teacherId)).toBeGreaterThan(before);
  });

  it('refuses students, other files and an answer without headings (which costs nothing)', async () => {
    const id = await upload(teacher, 'syllabus.txt', Buffer.from('Some course text'));
    const url = `/api/course/${courseId}/knowledge-nodes/ai-parse`;
    const byStudent = await t.app.inject({
      method: 'POST',
      url,
      headers: student.headers,
      payload: { upload_id: id },
    });
    expect(byStudent.statusCode).toBe(403);
    const image = await upload(teacher, 'marks.csv', Buffer.from('name,score'));
    const wrongType = await t.app.inject({
      method: 'POST',
      url,
      headers: teacher.headers,
      payload: { upload_id: image },
    });
    expect(wrongType.statusCode).toBe(400);

    fake.answer = 'I could not find an outline.';
    const before = await creditsUsed(t, teacherId);
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: teacher.headers,
      payload: { upload_id: id },
    });
    const events = eventsOf(res.body);
    expect(events.at(-1)?.event).toBe('error');
    expect(await creditsUsed(t, teacherId)).toBe(before);
  });
});
