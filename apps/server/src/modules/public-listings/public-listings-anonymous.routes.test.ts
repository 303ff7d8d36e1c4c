import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LiveActivitiesResponseSchema,
  type LiveActivitiesResponse,
} from '@lectern/contracts/lecture-live/lecture-live.schemas';
import { knowledgeNodes } from '../../db/schema/knowledge-graph.ts';
import {
  addMember,
  createActivity,
  createCourse,
  createModule,
  createOrg,
  createSyllabus,
  createUser,
  loginAs,
  type Session,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// The anonymous reads of a public course's live activities and counts (issue 18): readable only when
// the course's public_scope is `public`; anything else answers exactly like a missing id.
let t: TestApp;
let member: Session;
let publicId: number;
let orgOnlyId: number;
let privateId: number;
let liveId: number;
let meetingId: number;

beforeAll(async () => {
  t = await createTestApp();
  const orgId = (await createOrg(t)).id;
  const owner = await createUser(t, orgId, { name: 'Grace Hopper' });
  const learner = await createUser(t, orgId);
  member = await loginAs(t, learner);
  publicId = (await createCourse(t, orgId, owner.id, { name: 'Compilers', publicScope: 'public' })).id;
  orgOnlyId = (await createCourse(t, orgId, owner.id, { name: 'Staff', publicScope: 'org' })).id;
  privateId = (await createCourse(t, orgId, owner.id, { name: 'Secret' })).id;
  const moduleId = (await createModule(t, publicId)).id;
  await createSyllabus(t, publicId, moduleId);
  await createModule(t, publicId);
  await addMember(t, publicId, learner.id, ['student']);
  await addMember(t, privateId, learner.id, ['student']);
  liveId = (
    await createActivity(t, {
      courseId: publicId,
      moduleId,
      createdBy: owner.id,
      type: 'lecture_live',
      title: 'Parsing, live',
      startTime: new Date('2030-01-01T10:00:00Z'),
      endTime: new Date('2030-01-01T11:00:00Z'),
      data: { host_user_id: owner.id },
    })
  ).id;
  meetingId = (
    await createActivity(t, {
      courseId: publicId,
      moduleId,
      createdBy: owner.id,
      type: 'tencent_meeting',
      title: 'Office hour',
      startTime: new Date('2030-01-02T10:00:00Z'),
      endTime: new Date('2030-01-02T11:00:00Z'),
      data: { join_url: 'https://meeting.test/secret', password: '4711' },
    })
  ).id;
  await createActivity(t, {
    courseId: publicId,
    moduleId,
    createdBy: owner.id,
    type: 'lecture_live',
    title: 'Draft live',
    published: false,
  });
  await createActivity(t, { courseId: publicId, moduleId, createdBy: owner.id, title: 'Reading' });
  const privateModule = (await createModule(t, privateId)).id;
  await createActivity(t, {
    courseId: privateId,
    moduleId: privateModule,
    createdBy: owner.id,
    type: 'lecture_live',
    title: 'Hidden live',
  });
  const [root] = await t.db
    .insert(knowledgeNodes)
    .values({ courseId: publicId, name: 'Grammars', nodeKey: 'k1' })
    .returning();
  await t.db.insert(knowledgeNodes).values([
    { courseId: publicId, parentId: root!.id, name: 'LL(1)', nodeKey: 'k2' },
    { courseId: publicId, name: 'Removed', nodeKey: 'k3', deletedAt: new Date() },
  ]);
});
afterAll(async () => t.close());

async function get(url: string, session?: Session) {
  return t.app.inject({ method: 'GET', url, ...(session ? { headers: session.headers } : {}) });
}

/** A refused read must be indistinguishable from a read of an id that does not exist. */
async function expectReadAsMissing(path: (id: number) => string) {
  const missing = await get(path(999_999), member);
  expect(missing.statusCode).toBe(404);
  for (const id of [privateId, orgOnlyId]) {
    // A member's cookie changes nothing under the anonymous prefix.
    const refused = await get(path(id), member);
    expect(refused.statusCode, refused.body).toBe(404);
    expect(refused.json<{ code: string; message: string }>()).toMatchObject({
      code: missing.json<{ code: string }>().code,
      message: missing.json<{ message: string }>().message,
    });
  }
}

describe('anonymous live activities of a public course', () => {
  it('lists the published live and meeting activities, one page, in the asked order', async () => {
    const res = await get(
      `/anonymous-api/courses/${publicId}/live-activities?order_keys=start_time&orders=asc&page=1&page_size=10`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = LiveActivitiesResponseSchema.parse(res.json());
    expect(body.total).toBe(2);
    expect(body.activities.map((a) => a.id)).toEqual([liveId, meetingId]);

    const paged = await get(
      `/anonymous-api/courses/${publicId}/live-activities?order_keys=start_time&orders=desc&page=2&page_size=1`,
    );
    expect(paged.json<LiveActivitiesResponse>()).toMatchObject({ total: 2, activities: [{ id: liveId }] });

    const onlyLives = await get(`/anonymous-api/courses/${publicId}/live-activities?types=tencent_meeting`);
    expect(onlyLives.json<LiveActivitiesResponse>().activities.map((a) => a.id)).toEqual([meetingId]);
  });

  it("sends none of the activities' data, host or bookings", async () => {
    const res = await get(`/anonymous-api/courses/${publicId}/live-activities`);
    const body = res.json<LiveActivitiesResponse>();
    expect(res.body).not.toContain('meeting.test');
    expect(res.body).not.toContain('4711');
    for (const activity of body.activities) {
      expect(activity.data).toEqual({});
      expect(activity.meeting_host_user).toBeNull();
      expect(activity.is_booked_live).toBe(false);
    }
    expect(body.activities.find((a) => a.id === liveId)?.status).not.toBeNull();
  });

  it('answers a private or organisation-only course like a missing one', async () => {
    await expectReadAsMissing((id) => `/anonymous-api/courses/${id}/live-activities`);
  });
});

describe('anonymous statistics summary of a public course', () => {
  it('counts students, published activities, chapters and live knowledge nodes', async () => {
    const res = await get(`/anonymous-api/courses/${publicId}/statistics/summary`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      course_id: publicId,
      student_count: 1,
      activity_count: 3,
      module_count: 2,
      syllabus_count: 1,
      chapter_count: 3,
      knowledge_node_count: 2,
    });
  });

  it('answers a private or organisation-only course like a missing one', async () => {
    await expectReadAsMissing((id) => `/anonymous-api/courses/${id}/statistics/summary`);
  });

  it("gives the course's card the same knowledge node count", async () => {
    const list = await get('/anonymous-api/courses/public');
    const card = list
      .json<{ courses: { id: number; knowledge_node_count: number }[] }>()
      .courses.find((c) => c.id === publicId);
    expect(card?.knowledge_node_count).toBe(2);
  });
});
