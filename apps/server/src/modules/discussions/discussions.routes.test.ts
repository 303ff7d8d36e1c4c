import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { commentLikes, commentReplies, commentReplyLikes, comments } from '../../db/schema/discussions.ts';
import { attachFile, createComment, createReply, createStudents } from '../../test/discussions-factories.ts';
import {
  addMember,
  createActivity,
  createCourse,
  createModule,
  createOrg,
  createUser,
  loginAs,
  type Session,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let orgId: number;
let courseId: number;
let moduleId: number;
let teacher: { id: number; name: string };
let assistant: { id: number };
let alice: { id: number; name: string };
let bob: { id: number };
let forumId: number;
let materialId: number;
let videoId: number;
let draftForumId: number;
let homeworkId: number;
let documentRefId: number;
let videoRefId: number;
let otherMaterialRefId: number;

const sessions = {} as Record<
  'teacher' | 'assistant' | 'alice' | 'bob' | 'simulating' | 'outsider' | 'aliceZh' | 'mixed',
  Session
>;

beforeAll(async () => {
  t = await createTestApp();
  orgId = (await createOrg(t)).id;
  teacher = await createUser(t, orgId, { name: 'Teacher Tao' });
  assistant = await createUser(t, orgId, { name: 'Assistant An' });
  alice = await createUser(t, orgId, { name: 'Alice', aliases: 'Ali' });
  bob = await createUser(t, orgId, { name: 'Bob' });
  const mixed = await createUser(t, orgId, { name: 'Mixed Ma' });
  const outsider = await createUser(t, orgId);
  courseId = (await createCourse(t, orgId, teacher.id)).id;
  await addMember(t, courseId, assistant.id, ['instructor_assistant']);
  await addMember(t, courseId, alice.id, ['student']);
  await addMember(t, courseId, bob.id, ['student']);
  await addMember(t, courseId, mixed.id, ['student_assistant', 'student']);
  moduleId = (await createModule(t, courseId)).id;
  const activity = (values: { type: string; published?: boolean; data?: Record<string, unknown> }) =>
    createActivity(t, { courseId, moduleId, createdBy: teacher.id, ...values });
  forumId = (await activity({ type: 'forum' })).id;
  materialId = (await activity({ type: 'material' })).id;
  videoId = (await activity({ type: 'online_video', data: { duration: 600 } })).id;
  draftForumId = (await activity({ type: 'forum', published: false })).id;
  homeworkId = (await activity({ type: 'homework' })).id;
  documentRefId = (
    await attachFile(t, { orgId, activityId: materialId, createdBy: teacher.id, kind: 'document' })
  ).id;
  videoRefId = (await attachFile(t, { orgId, activityId: videoId, createdBy: teacher.id, kind: 'video' })).id;
  const otherMaterial = await activity({ type: 'material' });
  otherMaterialRefId = (
    await attachFile(t, { orgId, activityId: otherMaterial.id, createdBy: teacher.id, kind: 'document' })
  ).id;
  sessions.teacher = await loginAs(t, teacher);
  sessions.assistant = await loginAs(t, assistant);
  sessions.alice = await loginAs(t, alice);
  sessions.aliceZh = await loginAs(t, alice, { locale: 'zh-CN' });
  sessions.bob = await loginAs(t, bob);
  sessions.mixed = await loginAs(t, mixed);
  sessions.simulating = await loginAs(t, teacher, { simulatingCourseId: courseId });
  sessions.outsider = await loginAs(t, outsider);
});
afterAll(async () => t.close());

type Call = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object };
const as = (session: Session, call: Call) => t.app.inject({ ...call, headers: session.headers });
const post = (session: Session, activityId: number, payload: object) =>
  as(session, { method: 'POST', url: `/api/activities/${activityId}/comments`, payload });
const list = (session: Session, activityId: number, query = '') =>
  as(session, { method: 'GET', url: `/api/activities/${activityId}/comments${query}` });
const operate = (session: Session, activityId: number, payload: object) =>
  as(session, { method: 'POST', url: `/api/activities/${activityId}/comments/operate`, payload });
const reply = (session: Session, commentId: number, payload: object) =>
  as(session, { method: 'POST', url: `/api/comments/${commentId}/replies`, payload });

/** A fresh discussion activity, so lists and counts in one test are not disturbed by others. */
async function freshActivity(type = 'forum', data: Record<string, unknown> = {}) {
  return createActivity(t, { courseId, moduleId, createdBy: teacher.id, type, data });
}

describe('posting comments', () => {
  it('stores a student comment and answers with its wire form', async () => {
    const res = await post(sessions.alice, forumId, { content: '<p>Hello class</p>' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      activity_id: forumId,
      content: '<p>Hello class</p>',
      comment_type: 'forum',
      course_role: 'student',
      created_by: {
        id: alice.id,
        name: 'Alice',
        aliases: 'Ali',
        course_roles: ['student'],
        avatar_big_url: null,
      },
      location: null,
      referrer_type: 'none',
      referrer_id: null,
      approval_count: 0,
      reply_count: 0,
      anonymous: false,
      current_user_liked: false,
      title: null,
      last_replied_at: null,
      comment_replies: [],
      can_edit: true,
      can_delete: true,
      can_like: false,
    });
  });

  it('requires content, answering with the comment placeholder text', async () => {
    for (const content of ['', '   ', '<p> </p>', '<script>alert(1)</script>']) {
      const res = await post(sessions.aliceZh, forumId, { content });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('请输入评论内容');
      expect(res.json().errors.content).toEqual(['请输入评论内容']);
    }
    const missing = await post(sessions.aliceZh, forumId, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.content).toEqual(['请输入评论内容']);
  });

  it('keeps an image-only comment', async () => {
    const res = await post(sessions.alice, forumId, { content: '<img src="https://example.edu/a.png">' });
    expect(res.statusCode).toBe(201);
  });

  it('limits questions to 500 characters', async () => {
    const base = { comment_type: 'question', referrer_type: 'upload_reference', referrer_id: documentRefId };
    const ok = await post(sessions.alice, materialId, { ...base, content: 'q'.repeat(500), location: '1' });
    expect(ok.statusCode).toBe(201);
    const long = await post(sessions.alice, materialId, { ...base, content: 'q'.repeat(501), location: '1' });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.content[0]).toContain('500');
  });

  it('removes scripts, event handlers and javascript: links, and keeps the allowed tags', async () => {
    const res = await post(sessions.alice, forumId, {
      content:
        '<p onclick="steal()">Hi <strong>all</strong><script>alert(1)</script></p>' +
        '<a href="javascript:alert(1)">bad</a><a href="https://example.edu" target="_blank" style="x">good</a>' +
        '<img src="https://example.edu/i.png" alt="pic" onerror="steal()">' +
        '<table><tbody><tr><td>cell</td></tr></tbody></table><iframe src="https://evil"></iframe>',
    });
    expect(res.statusCode).toBe(201);
    const content: string = res.json().content;
    expect(content).not.toMatch(/script|onclick|onerror|javascript:|iframe|style=/i);
    expect(content).toContain('<strong>all</strong>');
    expect(content).toContain(
      '<a href="https://example.edu" target="_blank" rel="noopener noreferrer">good</a>',
    );
    expect(content).toContain('<img src="https://example.edu/i.png" alt="pic" />');
    expect(content).toContain('<table><tbody><tr><td>cell</td></tr></tbody></table>');
    const [stored] = await t.db.select().from(comments).where(eq(comments.id, res.json().id));
    expect(stored?.content).toBe(content);
  });

  it('validates a video time location: hh:mm:ss, within limits and the video duration', async () => {
    const ok = await post(sessions.alice, videoId, { content: 'At one minute', location: '0:1:5' });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().location).toBe('00:01:05');
    for (const location of ['00:61:00', '00:00:60', '100:00:00', 'abc', '12']) {
      const res = await post(sessions.alice, videoId, { content: 'x', location });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.location).toEqual([
        'Invalid question time: hours at most 99, minutes and seconds at most 59.',
      ]);
    }
    const late = await post(sessions.alice, videoId, { content: 'x', location: '00:10:01' });
    expect(late.statusCode).toBe(400);
    expect(late.json().errors.location).toEqual([
      'The question time cannot be later than the end of the video.',
    ]);
    const atEnd = await post(sessions.alice, videoId, { content: 'x', location: '00:10:00' });
    expect(atEnd.statusCode).toBe(201);
  });

  it('places questions on documents by page and on videos by time', async () => {
    const question = (location: string, referrer_id = documentRefId, activity = materialId) =>
      post(sessions.alice, activity, {
        content: 'Why?',
        comment_type: 'question',
        referrer_type: 'upload_reference',
        referrer_id,
        location,
      });
    const onPage = await question('3');
    expect(onPage.statusCode).toBe(201);
    expect(onPage.json()).toMatchObject({
      comment_type: 'question',
      referrer_type: 'upload_reference',
      referrer_id: documentRefId,
      location: '3',
    });
    for (const location of ['0', '-1', '03', 'page 3', '00:01:00']) {
      const res = await question(location);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.location).toEqual(['The page must be a positive whole number.']);
    }
    expect((await question('00:02:00', videoRefId, videoId)).statusCode).toBe(201);
    expect((await question('3', videoRefId, videoId)).statusCode).toBe(400);
  });

  it('refuses a file of another activity as the referrer', async () => {
    const res = await post(sessions.alice, materialId, {
      content: 'Why?',
      comment_type: 'question',
      referrer_type: 'upload_reference',
      referrer_id: otherMaterialRefId,
      location: '1',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.referrer_id).toEqual(['The chosen file does not belong to this activity.']);
  });

  it('stores the course role sent when the poster holds it, otherwise their first role', async () => {
    const asStudent = await post(sessions.mixed, forumId, { content: 'x', course_role: 'student' });
    expect(asStudent.json().course_role).toBe('student');
    const claimed = await post(sessions.mixed, forumId, { content: 'x', course_role: 'instructor' });
    expect(claimed.json().course_role).toBe('student_assistant');
    const unsent = await post(sessions.teacher, forumId, { content: 'x' });
    expect(unsent.json().course_role).toBe('instructor');
  });

  it('takes topics (a title) on forums only', async () => {
    const topic = await post(sessions.alice, forumId, { content: 'Body', title: 'My topic' });
    expect(topic.statusCode).toBe(201);
    expect(topic.json().title).toBe('My topic');
    const elsewhere = await post(sessions.alice, materialId, { content: 'Body', title: 'Nope' });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().errors.title).toEqual(['Only forum topics can have a title.']);
    const question = await post(sessions.alice, forumId, {
      content: 'Body',
      title: 'Nope',
      comment_type: 'question',
    });
    expect(question.statusCode).toBe(400);
  });

  it('refuses activities without a discussion', async () => {
    const res = await post(sessions.alice, homeworkId, { content: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This activity does not take comments.');
    expect((await list(sessions.alice, homeworkId)).statusCode).toBe(400);
  });

  it('refuses everything written by a simulating instructor', async () => {
    const comment = await createComment(t, { activityId: forumId, courseId, createdBy: alice.id });
    const own = await createComment(t, {
      activityId: forumId,
      courseId,
      createdBy: teacher.id,
      courseRole: 'instructor',
    });
    const calls: Call[] = [
      { method: 'POST', url: `/api/activities/${forumId}/comments`, payload: { content: 'x' } },
      { method: 'POST', url: `/api/comments/${comment.id}/replies`, payload: { content: 'x' } },
      { method: 'PUT', url: `/api/comments/${own.id}`, payload: { content: 'x' } },
      { method: 'PUT', url: `/api/comments/${comment.id}`, payload: { content: 'x' } },
      { method: 'DELETE', url: `/api/comments/${own.id}` },
      {
        method: 'POST',
        url: `/api/activities/${forumId}/comments/operate`,
        payload: { target_ids: [comment.id], target_type: 'comment', operate_type: 'like' },
      },
    ];
    for (const call of calls) {
      const res = await as(sessions.simulating, call);
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(403);
      expect(res.json().code).toBe('simulating_read_only');
    }
    // reading still works, with nothing offered
    const page = await list(sessions.simulating, forumId);
    expect(page.statusCode).toBe(200);
    for (const c of page.json().comments) {
      expect(c).toMatchObject({ can_edit: false, can_delete: false, can_like: false });
    }
  });

  it('refuses non-members, and hides drafts from students', async () => {
    expect((await post(sessions.outsider, forumId, { content: 'x' })).statusCode).toBe(403);
    expect((await list(sessions.outsider, forumId)).statusCode).toBe(403);
    expect((await list(sessions.alice, draftForumId)).statusCode).toBe(404);
    expect((await post(sessions.alice, draftForumId, { content: 'x' })).statusCode).toBe(404);
    expect((await list(sessions.teacher, draftForumId)).statusCode).toBe(200);
    const hidden = await createComment(t, { activityId: draftForumId, courseId, createdBy: teacher.id });
    expect(
      (await as(sessions.alice, { method: 'GET', url: `/api/comments/${hidden.id}/replies` })).statusCode,
    ).toBe(404);
  });
});

describe('listing comments', () => {
  it('accepts only page sizes 10, 20, 30 and 50', async () => {
    for (const size of [10, 20, 30, 50]) {
      expect((await list(sessions.alice, forumId, `?page_size=${size}`)).statusCode).toBe(200);
    }
    const res = await list(sessions.alice, forumId, '?page_size=15');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.page_size).toEqual(['The page size must be 10, 20, 30 or 50.']);
  });

  it('answers the page as the comment reads on its own, to those who may read the activity only', async () => {
    const activity = await freshActivity();
    const posted = await post(sessions.alice, activity.id, { content: '<p>One</p>', anonymous: true });
    expect((await list(sessions.alice, activity.id)).json().comments).toEqual([posted.json()]);
    const topic = await post(sessions.bob, activity.id, { content: '<p>Two</p>', title: 'A topic' });
    expect((await list(sessions.bob, activity.id)).json()).toMatchObject({
      comments: [topic.json(), { id: posted.json().id, created_by: null, can_edit: false, can_like: true }],
      total: 2,
      pages: 1,
      next_cursor: null,
    });
    await operate(sessions.bob, activity.id, {
      target_ids: [posted.json().id],
      target_type: 'comment',
      operate_type: 'like',
    });
    await reply(sessions.teacher, posted.json().id, { content: '<p>Answer</p>' });
    const edited = await as(sessions.alice, {
      method: 'PUT',
      url: `/api/comments/${posted.json().id}`,
      payload: { content: '<p>One, edited</p>' },
    });
    expect(edited.json()).toMatchObject({ approval_count: 1, reply_count: 1, created_by: { id: alice.id } });
    expect(edited.json().last_replied_at).toEqual(expect.any(String));
    const hottest = await list(sessions.alice, activity.id, '?order_key=approval_count');
    expect(hottest.json().comments[0]).toEqual(edited.json());
    expect(
      (await list(sessions.bob, activity.id, '?order_key=approval_count')).json().comments[0],
    ).toMatchObject({ id: posted.json().id, current_user_liked: true, created_by: null });

    const stranger = await createUser(t, (await createOrg(t)).id);
    const strangerSession = await loginAs(t, stranger);
    expect((await list(strangerSession, activity.id)).statusCode).toBe(404);
    expect((await list(sessions.outsider, activity.id)).statusCode).toBe(403);
    const heatCursorOfIdOrder = '?order_key=approval_count&cursor=12';
    expect((await list(sessions.outsider, activity.id, heatCursorOfIdOrder)).statusCode).toBe(403);
    expect((await list(sessions.alice, activity.id, heatCursorOfIdOrder)).statusCode).toBe(400);
    expect((await list(sessions.alice, homeworkId)).statusCode).toBe(400);
    expect((await list(sessions.alice, 2_000_000_000)).statusCode).toBe(404);
    const removed = await as(sessions.teacher, { method: 'DELETE', url: `/api/activities/${activity.id}` });
    expect(removed.statusCode).toBeLessThan(300);
    expect((await list(sessions.alice, activity.id)).statusCode).toBe(404);
    expect((await list(sessions.teacher, activity.id)).statusCode).toBe(404);
  });

  it('pages newest first with total and pages, and keyset pages agree with offset pages', async () => {
    const activity = await freshActivity();
    const created = [];
    for (let i = 0; i < 25; i += 1) {
      created.push(await createComment(t, { activityId: activity.id, courseId, createdBy: bob.id }));
    }
    const ids = created.map((c) => c.id).reverse();
    const first = await list(sessions.alice, activity.id);
    expect(first.json()).toMatchObject({ total: 25, pages: 3, page: 1, page_size: 10 });
    expect(first.json().comments.map((c: { id: number }) => c.id)).toEqual(ids.slice(0, 10));
    const second = await list(sessions.alice, activity.id, '?page=2');
    expect(second.json().comments.map((c: { id: number }) => c.id)).toEqual(ids.slice(10, 20));
    const keyset = await list(sessions.alice, activity.id, `?cursor=${first.json().next_cursor}`);
    expect(keyset.json().comments.map((c: { id: number }) => c.id)).toEqual(ids.slice(10, 20));
    const third = await list(sessions.alice, activity.id, `?cursor=${keyset.json().next_cursor}`);
    expect(third.json().comments.map((c: { id: number }) => c.id)).toEqual(ids.slice(20));
    expect(third.json().next_cursor).toBeNull();
    const oldest = await list(sessions.alice, activity.id, '?order=asc&order_key=created_at');
    expect(oldest.json().comments[0].id).toBe(created[0]!.id);
    const beyond = await list(sessions.alice, activity.id, '?page=9');
    expect(beyond.json()).toMatchObject({ comments: [], total: 25 });
    expect((await list(sessions.alice, activity.id, '?cursor=x')).statusCode).toBe(400);
  });

  it('orders by heat (approval count, then newest), and keyset pages walk it without gaps', async () => {
    const activity = await freshActivity();
    const rows: { id: number; approvalCount: number }[] = [];
    for (let i = 0; i < 23; i += 1) {
      const row = await createComment(t, { activityId: activity.id, courseId, createdBy: bob.id });
      const approvalCount = (i * 7) % 5;
      await t.db.update(comments).set({ approvalCount }).where(eq(comments.id, row.id));
      rows.push({ id: row.id, approvalCount });
    }
    const expected = [...rows]
      .sort((a, b) => b.approvalCount - a.approvalCount || b.id - a.id)
      .map((r) => r.id);
    const all = await list(sessions.alice, activity.id, '?order_key=approval_count&page_size=50');
    expect(all.json().comments.map((c: { id: number }) => c.id)).toEqual(expected);
    const walked: number[] = [];
    let cursor: string | null = null;
    do {
      const res = await list(
        sessions.alice,
        activity.id,
        `?order_key=approval_count${cursor ? `&cursor=${cursor}` : ''}`,
      );
      walked.push(...res.json().comments.map((c: { id: number }) => c.id));
      cursor = res.json().next_cursor;
    } while (cursor);
    expect(walked).toEqual(expected);
    const ascending = await list(
      sessions.alice,
      activity.id,
      '?order_key=approval_count&order=asc&page_size=50',
    );
    expect(ascending.json().comments.map((c: { id: number }) => c.id)).toEqual([...expected].reverse());
    // a cursor of the other order's shape is refused
    expect((await list(sessions.alice, activity.id, '?order_key=approval_count&cursor=12')).statusCode).toBe(
      400,
    );
  });

  it('filters by type, referrer and location, from flat filters or the conditions JSON', async () => {
    const activity = await freshActivity('material');
    const ref = await attachFile(t, {
      orgId,
      activityId: activity.id,
      createdBy: teacher.id,
      kind: 'document',
    });
    const ask = (location: string) =>
      post(sessions.alice, activity.id, {
        content: `On page ${location}`,
        comment_type: 'question',
        referrer_type: 'upload_reference',
        referrer_id: ref.id,
        location,
      });
    await ask('3');
    await ask('3');
    await ask('4');
    await post(sessions.alice, activity.id, { content: 'A plain comment' });
    const questions = await list(
      sessions.bob,
      activity.id,
      `?conditions=${encodeURIComponent(JSON.stringify({ type: 'question', referrer_id: ref.id }))}`,
    );
    expect(questions.json().total).toBe(3);
    const onPage = await list(
      sessions.bob,
      activity.id,
      `?conditions=${encodeURIComponent(JSON.stringify({ type: 'question', referrer_id: ref.id, location: 3 }))}&order_key=approval_count`,
    );
    expect(onPage.json().total).toBe(2);
    expect(onPage.json().comments.every((c: { location: string }) => c.location === '3')).toBe(true);
    const flat = await list(sessions.bob, activity.id, `?type=question&referrer_id=${ref.id}&location=4`);
    expect(flat.json().total).toBe(1);
    const forum = await list(sessions.bob, activity.id, '?type=forum&referrer_type=none');
    expect(forum.json().total).toBe(1);
    expect(forum.json().comments[0].content).toBe('A plain comment');
    const count = await as(sessions.bob, {
      method: 'GET',
      url: `/api/activities/${activity.id}/comment/count?type=question&referrer_id=${ref.id}&location=3`,
    });
    expect(count.json()).toEqual({ count: 2 });
    const everything = await as(sessions.bob, {
      method: 'GET',
      url: `/api/activities/${activity.id}/comment/count`,
    });
    expect(everything.json()).toEqual({ count: 4 });
    const pageCount = await as(sessions.bob, {
      method: 'GET',
      url: `/api/activities/${activity.id}/comment/page-count?type=question&page_size=10`,
    });
    expect(pageCount.json()).toEqual({ page_count: 1 });
    const bad = await list(sessions.bob, activity.id, `?conditions=${encodeURIComponent('{"type":"poll"}')}`);
    expect(bad.statusCode).toBe(400);
  });

  it('embeds the first replies when asked, with reply counts and the caller likes', async () => {
    const activity = await freshActivity();
    const comment = await createComment(t, { activityId: activity.id, courseId, createdBy: bob.id });
    for (let i = 0; i < 12; i += 1) await createReply(t, { commentId: comment.id, createdBy: bob.id });
    await operate(sessions.alice, activity.id, {
      target_ids: [comment.id],
      target_type: 'comment',
      operate_type: 'like',
    });
    const res = await list(sessions.alice, activity.id, '?include_replies=1');
    const [shown] = res.json().comments;
    expect(shown).toMatchObject({ reply_count: 12, approval_count: 1, current_user_liked: true });
    expect(shown.comment_replies).toHaveLength(10);
    const plain = await list(sessions.bob, activity.id);
    expect(plain.json().comments[0]).toMatchObject({ comment_replies: [], current_user_liked: false });
  });
});

describe('anonymity as each role sees it', () => {
  it('hides the author from classmates and instructors, shows the author and a simulating instructor', async () => {
    const activity = await freshActivity();
    const res = await post(sessions.alice, activity.id, { content: 'Secret', anonymous: true });
    expect(res.statusCode).toBe(201);
    const authorOf = async (session: Session) => {
      const page = await list(session, activity.id);
      return { created_by: page.json().comments[0].created_by, anonymous: page.json().comments[0].anonymous };
    };
    expect(await authorOf(sessions.alice)).toMatchObject({ created_by: { id: alice.id }, anonymous: true });
    expect(await authorOf(sessions.bob)).toEqual({ created_by: null, anonymous: true });
    expect(await authorOf(sessions.teacher)).toEqual({ created_by: null, anonymous: true });
    expect(await authorOf(sessions.simulating)).toMatchObject({
      created_by: { id: alice.id, name: 'Alice' },
      anonymous: true,
    });
  });

  it('applies the same to replies and to the reply they answer', async () => {
    const comment = await createComment(t, { activityId: forumId, courseId, createdBy: bob.id });
    const hidden = await reply(sessions.alice, comment.id, { content: 'Anonymous reply', anonymous: true });
    expect(hidden.statusCode).toBe(201);
    expect(hidden.json().created_by.id).toBe(alice.id);
    const answer = await reply(sessions.bob, comment.id, { content: 'Answer', parent_id: hidden.json().id });
    expect(answer.statusCode).toBe(201);
    const seenBy = async (session: Session) => {
      const res = await as(session, { method: 'GET', url: `/api/comments/${comment.id}/replies` });
      const [first, second] = res.json().replies;
      return { reply: first.created_by, parent: second.parent };
    };
    const bobView = await seenBy(sessions.bob);
    expect(bobView.reply).toBeNull();
    expect(bobView.parent).toEqual({ id: hidden.json().id, created_by: null, anonymous: true });
    expect((await seenBy(sessions.teacher)).reply).toBeNull();
    expect((await seenBy(sessions.alice)).parent.created_by.id).toBe(alice.id);
    expect((await seenBy(sessions.simulating)).reply.id).toBe(alice.id);
  });
});

describe('editing and deleting', () => {
  it('lets the author edit, and refuses a classmate', async () => {
    const created = await post(sessions.alice, forumId, { content: 'Draft' });
    const id = created.json().id;
    const edited = await as(sessions.alice, {
      method: 'PUT',
      url: `/api/comments/${id}`,
      payload: { content: '<p>Final</p><script>x</script>' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().content).toBe('<p>Final</p>');
    const classmate = await as(sessions.bob, {
      method: 'PUT',
      url: `/api/comments/${id}`,
      payload: { content: 'Hacked' },
    });
    expect(classmate.statusCode).toBe(403);
    expect(classmate.json().code).toBe('forbidden');
    const empty = await as(sessions.alice, {
      method: 'PUT',
      url: `/api/comments/${id}`,
      payload: { content: '' },
    });
    expect(empty.statusCode).toBe(400);
    expect((await as(sessions.bob, { method: 'DELETE', url: `/api/comments/${id}` })).statusCode).toBe(403);
  });

  it('lets instructors and assistants edit and delete a student’s content, not each other’s', async () => {
    const student = await createComment(t, { activityId: forumId, courseId, createdBy: alice.id });
    const byTeacher = await createComment(t, {
      activityId: forumId,
      courseId,
      createdBy: teacher.id,
      courseRole: 'instructor',
    });
    const edit = (session: Session, id: number) =>
      as(session, { method: 'PUT', url: `/api/comments/${id}`, payload: { content: 'Moderated' } });
    expect((await edit(sessions.teacher, student.id)).statusCode).toBe(200);
    expect((await edit(sessions.assistant, student.id)).statusCode).toBe(200);
    expect((await edit(sessions.assistant, byTeacher.id)).statusCode).toBe(403);
    expect((await edit(sessions.alice, byTeacher.id)).statusCode).toBe(403);
    const page = await list(sessions.assistant, forumId, '?page_size=50');
    const flags = (id: number) => page.json().comments.find((c: { id: number }) => c.id === id);
    expect(flags(student.id)).toMatchObject({ can_edit: true, can_delete: true });
    expect(flags(byTeacher.id)).toMatchObject({ can_edit: false, can_delete: false, can_like: true });
    const removed = await as(sessions.teacher, { method: 'DELETE', url: `/api/comments/${student.id}` });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe('Deleted.');
  });

  it('deletes a comment with its replies and likes, and counts it off the list', async () => {
    const activity = await freshActivity();
    const created = await post(sessions.alice, activity.id, { content: 'To delete' });
    const id = created.json().id;
    const r = await reply(sessions.bob, id, { content: 'A reply' });
    await operate(sessions.bob, activity.id, {
      target_ids: [id],
      target_type: 'comment',
      operate_type: 'like',
    });
    await operate(sessions.alice, activity.id, {
      target_ids: [r.json().id],
      target_type: 'comment_reply',
      operate_type: 'like',
    });
    expect((await list(sessions.bob, activity.id)).json().total).toBe(1);
    const res = await as(sessions.alice, { method: 'DELETE', url: `/api/comments/${id}` });
    expect(res.statusCode).toBe(200);
    expect(await t.db.select().from(comments).where(eq(comments.id, id))).toHaveLength(0);
    expect(await t.db.select().from(commentReplies).where(eq(commentReplies.commentId, id))).toHaveLength(0);
    expect(await t.db.select().from(commentLikes).where(eq(commentLikes.commentId, id))).toHaveLength(0);
    expect(
      await t.db.select().from(commentReplyLikes).where(eq(commentReplyLikes.replyId, r.json().id)),
    ).toHaveLength(0);
    expect((await list(sessions.bob, activity.id)).json()).toMatchObject({ total: 0, comments: [] });
    expect((await as(sessions.alice, { method: 'DELETE', url: `/api/comments/${id}` })).statusCode).toBe(404);
  });

  it('limits an edited question to 500 characters', async () => {
    const question = await post(sessions.alice, materialId, {
      content: 'Short',
      comment_type: 'question',
      referrer_type: 'upload_reference',
      referrer_id: documentRefId,
      location: '2',
    });
    const res = await as(sessions.alice, {
      method: 'PUT',
      url: `/api/comments/${question.json().id}`,
      payload: { content: 'x'.repeat(501) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.content).toEqual(['A question can have at most 500 characters.']);
  });
});

describe('replies', () => {
  it('counts replies on the comment and on the reply answered, and uncounts them on delete', async () => {
    const activity = await freshActivity();
    const comment = (await post(sessions.alice, activity.id, { content: 'Thread' })).json();
    const first = await reply(sessions.bob, comment.id, { content: 'First' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      comment_id: comment.id,
      parent_id: 0,
      parent: null,
      reply_count: 0,
    });
    const second = await reply(sessions.alice, comment.id, { content: 'Second', parent_id: first.json().id });
    expect(second.json()).toMatchObject({
      parent_id: first.json().id,
      parent: { id: first.json().id, anonymous: false, created_by: { id: bob.id } },
    });
    const page = await list(sessions.alice, activity.id);
    expect(page.json().comments[0].reply_count).toBe(2);
    expect(page.json().comments[0].last_replied_at).not.toBeNull();
    const replies = await as(sessions.alice, { method: 'GET', url: `/api/comments/${comment.id}/replies` });
    expect(replies.json()).toMatchObject({ total: 2, pages: 1 });
    expect(replies.json().replies[0].reply_count).toBe(1);
    const removed = await as(sessions.alice, {
      method: 'DELETE',
      url: `/api/comment-replies/${second.json().id}`,
    });
    expect(removed.statusCode).toBe(200);
    const after = await as(sessions.alice, { method: 'GET', url: `/api/comments/${comment.id}/replies` });
    expect(after.json()).toMatchObject({ total: 1 });
    expect(after.json().replies[0].reply_count).toBe(0);
  });

  it('requires content and a parent of the same comment', async () => {
    const comment = await createComment(t, { activityId: forumId, courseId, createdBy: bob.id });
    const other = await createComment(t, { activityId: forumId, courseId, createdBy: bob.id });
    const otherReply = await createReply(t, { commentId: other.id, createdBy: bob.id });
    const empty = await reply(sessions.alice, comment.id, { content: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.content).toEqual(['Enter a comment.']);
    const wrong = await reply(sessions.alice, comment.id, { content: 'x', parent_id: otherReply.id });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.parent_id).toEqual([
      'The reply you are answering does not belong to this comment.',
    ]);
  });

  it('pages replies oldest first, 10 a page by default', async () => {
    const comment = await createComment(t, { activityId: forumId, courseId, createdBy: bob.id });
    const ids = [];
    for (let i = 0; i < 13; i += 1)
      ids.push((await createReply(t, { commentId: comment.id, createdBy: bob.id })).id);
    const first = await as(sessions.alice, { method: 'GET', url: `/api/comments/${comment.id}/replies` });
    expect(first.json()).toMatchObject({ total: 13, pages: 2 });
    expect(first.json().replies.map((r: { id: number }) => r.id)).toEqual(ids.slice(0, 10));
    const second = await as(sessions.alice, {
      method: 'GET',
      url: `/api/comments/${comment.id}/replies?page=2`,
    });
    expect(second.json().replies.map((r: { id: number }) => r.id)).toEqual(ids.slice(10));
    const bad = await as(sessions.alice, {
      method: 'GET',
      url: `/api/comments/${comment.id}/replies?page_size=7`,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('answers the first replies of many comments as a map, leaving out what the caller cannot read', async () => {
    const a = await createComment(t, { activityId: forumId, courseId, createdBy: bob.id });
    const b = await createComment(t, { activityId: forumId, courseId, createdBy: bob.id });
    const hidden = await createComment(t, { activityId: draftForumId, courseId, createdBy: teacher.id });
    for (let i = 0; i < 11; i += 1) await createReply(t, { commentId: a.id, createdBy: bob.id });
    await createReply(t, { commentId: hidden.id, createdBy: teacher.id });
    for (const query of [
      `comment_ids=${a.id},${b.id},${hidden.id}`,
      `comment_ids=${a.id}&comment_ids=${b.id}&comment_ids=${hidden.id}`,
      `comment_ids[]=${a.id}&comment_ids[]=${b.id}&comment_ids[]=${hidden.id}`,
    ]) {
      const res = await as(sessions.alice, { method: 'GET', url: `/api/comment-replies?${query}` });
      expect(res.statusCode, query).toBe(200);
      const replies = res.json().replies;
      expect(Object.keys(replies).sort()).toEqual([String(a.id), String(b.id)].sort());
      expect(replies[String(a.id)]).toHaveLength(10);
      expect(replies[String(b.id)]).toEqual([]);
    }
    const teacherView = await as(sessions.teacher, {
      method: 'GET',
      url: `/api/comment-replies?comment_ids=${hidden.id}`,
    });
    expect(teacherView.json().replies[String(hidden.id)]).toHaveLength(1);
    expect((await as(sessions.alice, { method: 'GET', url: '/api/comment-replies' })).statusCode).toBe(400);
  });

  it('lets the author or an instructor edit a reply, and nobody else', async () => {
    const comment = await createComment(t, { activityId: forumId, courseId, createdBy: bob.id });
    const r = await createReply(t, { commentId: comment.id, createdBy: alice.id });
    const edit = (session: Session) =>
      as(session, { method: 'PUT', url: `/api/comment-replies/${r.id}`, payload: { content: 'Edited' } });
    expect((await edit(sessions.bob)).statusCode).toBe(403);
    const own = await edit(sessions.alice);
    expect(own.statusCode).toBe(200);
    expect(own.json().content).toBe('Edited');
    expect((await edit(sessions.teacher)).statusCode).toBe(200);
    expect((await edit(sessions.simulating)).json().code).toBe('simulating_read_only');
    expect(
      (await as(sessions.bob, { method: 'DELETE', url: `/api/comment-replies/${r.id}` })).statusCode,
    ).toBe(403);
  });
});

describe('likes', () => {
  it('likes and unlikes idempotently, one per user, never below zero', async () => {
    const activity = await freshActivity();
    const comment = await createComment(t, { activityId: activity.id, courseId, createdBy: alice.id });
    const like = (session: Session, operate_type: string) =>
      operate(session, activity.id, { target_ids: [comment.id], target_type: 'comment', operate_type });
    const first = await like(sessions.bob, 'like');
    expect(first.json()).toEqual({ target_ids: [comment.id], approval_counts: { [comment.id]: 1 } });
    const again = await like(sessions.bob, 'like');
    expect(again.json()).toEqual({ target_ids: [], approval_counts: { [comment.id]: 1 } });
    expect((await like(sessions.teacher, 'like')).json().approval_counts[comment.id]).toBe(2);
    expect((await like(sessions.bob, 'check')).json().target_ids).toEqual([comment.id]);
    expect((await like(sessions.bob, 'unlike')).json()).toEqual({
      target_ids: [comment.id],
      approval_counts: { [comment.id]: 1 },
    });
    expect((await like(sessions.bob, 'unlike')).json()).toEqual({
      target_ids: [],
      approval_counts: { [comment.id]: 1 },
    });
    expect((await like(sessions.bob, 'check')).json().target_ids).toEqual([]);
    await like(sessions.teacher, 'unlike');
    await like(sessions.teacher, 'unlike');
    const [row] = await t.db.select().from(comments).where(eq(comments.id, comment.id));
    expect(row?.approvalCount).toBe(0);
  });

  it('refuses liking one’s own comment or reply', async () => {
    const comment = await createComment(t, { activityId: forumId, courseId, createdBy: alice.id });
    const own = await operate(sessions.alice, forumId, {
      target_ids: [comment.id],
      target_type: 'comment',
      operate_type: 'like',
    });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('You cannot like your own post.');
    const r = await createReply(t, { commentId: comment.id, createdBy: bob.id });
    const ownReply = await operate(sessions.bob, forumId, {
      target_ids: [r.id],
      target_type: 'comment_reply',
      operate_type: 'like',
    });
    expect(ownReply.statusCode).toBe(403);
    const liked = await operate(sessions.alice, forumId, {
      target_ids: [r.id],
      target_type: 'comment_reply',
      operate_type: 'like',
    });
    expect(liked.json()).toEqual({ target_ids: [r.id], approval_counts: { [r.id]: 1 } });
    const replies = await as(sessions.alice, { method: 'GET', url: `/api/comments/${comment.id}/replies` });
    expect(replies.json().replies[0]).toMatchObject({ approval_count: 1, current_user_liked: true });
  });

  it('refuses instructors (no student role) liking questions, but not forum comments', async () => {
    const question = await createComment(t, {
      activityId: materialId,
      courseId,
      createdBy: alice.id,
      commentType: 'question',
      referrerType: 'upload_reference',
      referrerId: documentRefId,
      location: '1',
    });
    const forumComment = await createComment(t, { activityId: materialId, courseId, createdBy: alice.id });
    const likeAs = (session: Session, id: number) =>
      operate(session, materialId, { target_ids: [id], target_type: 'comment', operate_type: 'like' });
    const teacherRes = await likeAs(sessions.teacher, question.id);
    expect(teacherRes.statusCode).toBe(403);
    expect(teacherRes.json().message).toBe('Instructors cannot like questions.');
    expect((await likeAs(sessions.assistant, question.id)).statusCode).toBe(403);
    expect((await likeAs(sessions.teacher, forumComment.id)).statusCode).toBe(200);
    expect((await likeAs(sessions.bob, question.id)).statusCode).toBe(200);
    const page = await list(
      sessions.teacher,
      materialId,
      `?type=question&referrer_id=${documentRefId}&page_size=50`,
    );
    expect(page.json().comments.find((c: { id: number }) => c.id === question.id).can_like).toBe(false);
  });

  it('refuses targets of another activity', async () => {
    const comment = await createComment(t, { activityId: materialId, courseId, createdBy: alice.id });
    const res = await operate(sessions.bob, forumId, {
      target_ids: [comment.id],
      target_type: 'comment',
      operate_type: 'like',
    });
    expect(res.statusCode).toBe(404);
  });

  it('ends 500 concurrent likes by distinct users with exactly 500', async () => {
    const activity = await freshActivity();
    const comment = await createComment(t, { activityId: activity.id, courseId, createdBy: alice.id });
    const students = await createStudents(t, orgId, courseId, 500);
    const likers = await Promise.all(students.map((s) => loginAs(t, s)));
    const results = await Promise.all(
      likers.map((session) =>
        operate(session, activity.id, {
          target_ids: [comment.id],
          target_type: 'comment',
          operate_type: 'like',
        }),
      ),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const [row] = await t.db.select().from(comments).where(eq(comments.id, comment.id));
    expect(row?.approvalCount).toBe(500);
    const likes = await t.db.select().from(commentLikes).where(eq(commentLikes.commentId, comment.id));
    expect(likes).toHaveLength(500);
    // and half of them changing their minds, concurrently, together with repeated likes of the rest
    const [leaving, staying] = [likers.slice(0, 250), likers.slice(250)];
    await Promise.all([
      ...leaving.map((session) =>
        operate(session, activity.id, {
          target_ids: [comment.id],
          target_type: 'comment',
          operate_type: 'unlike',
        }),
      ),
      ...staying.map((session) =>
        operate(session, activity.id, {
          target_ids: [comment.id],
          target_type: 'comment',
          operate_type: 'like',
        }),
      ),
    ]);
    const [after] = await t.db.select().from(comments).where(eq(comments.id, comment.id));
    expect(after?.approvalCount).toBe(250);
    await t.db.delete(commentLikes).where(inArray(commentLikes.commentId, [comment.id]));
  }, 120_000);
});

describe('forum topics', () => {
  it('lists topics by last activity with keyword search, and opens one with its replies', async () => {
    const forum = await freshActivity('forum');
    const older = (
      await post(sessions.alice, forum.id, { content: 'About exams', title: 'Exam dates' })
    ).json();
    const newer = (await post(sessions.bob, forum.id, { content: 'Reading', title: 'Reading group' })).json();
    await post(sessions.bob, forum.id, { content: 'Not a topic' });
    await reply(sessions.bob, older.id, { content: 'Next week' });
    const topics = await as(sessions.alice, { method: 'GET', url: `/api/activities/${forum.id}/topics` });
    expect(topics.statusCode).toBe(200);
    expect(topics.json()).toMatchObject({ total: 2, pages: 1 });
    expect(topics.json().topics.map((x: { id: number }) => x.id)).toEqual([older.id, newer.id]);
    expect(topics.json().topics[0]).toMatchObject({
      title: 'Exam dates',
      reply_count: 1,
      created_by: { id: alice.id },
    });
    expect(topics.json().topics[0].last_replied_at).not.toBeNull();
    const searched = await as(sessions.alice, {
      method: 'GET',
      url: `/api/activities/${forum.id}/topics?keyword=reading`,
    });
    expect(searched.json().topics.map((x: { id: number }) => x.id)).toEqual([newer.id]);
    const detail = await as(sessions.bob, { method: 'GET', url: `/api/topics/${older.id}` });
    expect(detail.json()).toMatchObject({ topic: { id: older.id, title: 'Exam dates' }, replies_total: 1 });
    expect(detail.json().replies[0].content).toBe('Next week');
    const notTopic = await createComment(t, { activityId: forum.id, courseId, createdBy: bob.id });
    expect((await as(sessions.bob, { method: 'GET', url: `/api/topics/${notTopic.id}` })).statusCode).toBe(
      404,
    );
    expect(
      (await as(sessions.bob, { method: 'GET', url: `/api/activities/${materialId}/topics` })).statusCode,
    ).toBe(400);
  });

  it('answers a course’s hot topics, busiest first, without drafts for students', async () => {
    const hot = await createComment(t, {
      activityId: forumId,
      courseId,
      createdBy: alice.id,
      title: 'Hot one',
    });
    for (let i = 0; i < 5; i += 1) await createReply(t, { commentId: hot.id, createdBy: bob.id });
    const draft = await createComment(t, {
      activityId: draftForumId,
      courseId,
      createdBy: teacher.id,
      title: 'Draft topic',
    });
    for (let i = 0; i < 9; i += 1) await createReply(t, { commentId: draft.id, createdBy: teacher.id });
    const student = await as(sessions.bob, { method: 'GET', url: `/api/studio/${courseId}/hot-topics` });
    expect(student.statusCode).toBe(200);
    const ids = student.json().hot_topics.map((x: { id: number }) => x.id);
    expect(ids).toContain(hot.id);
    expect(ids).not.toContain(draft.id);
    expect(student.json().hot_topics.find((x: { id: number }) => x.id === hot.id)).toMatchObject({
      title: 'Hot one',
      comments: 5,
      reply_count: 5,
      receiver: { id: forumId },
      created_by: { id: alice.id },
    });
    const teacherView = await as(sessions.teacher, {
      method: 'GET',
      url: `/api/studio/${courseId}/hot-topics`,
    });
    expect(teacherView.json().hot_topics[0].id).toBe(draft.id);
    expect(
      (await as(sessions.outsider, { method: 'GET', url: `/api/studio/${courseId}/hot-topics` })).statusCode,
    ).toBe(403);
  });
});

describe('contract', () => {
  it('documents every discussion route in the OpenAPI document', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(doc.statusCode).toBe(200);
    expect(Object.keys(doc.json().paths)).toEqual(
      expect.arrayContaining([
        '/api/activities/{id}/comments',
        '/api/activities/{id}/comments/operate',
        '/api/activities/{id}/comment/count',
        '/api/activities/{id}/comment/page-count',
        '/api/comments/{id}',
        '/api/comments/{id}/replies',
        '/api/comment-replies',
        '/api/comment-replies/{id}',
        '/api/activities/{id}/topics',
        '/api/topics/{id}',
        '/api/studio/{id}/hot-topics',
      ]),
    );
  });
});
