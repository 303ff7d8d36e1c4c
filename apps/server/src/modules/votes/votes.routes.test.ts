import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { VoteResponseSchema, type VoteResponse } from '@lectern/contracts/votes/votes.schemas';
import { activities } from '../../db/schema/activities.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { voteBallots } from '../../db/schema/votes.ts';
import {
  addMember,
  createCourse,
  createModule,
  createOrg,
  createUser,
  loginAs,
  type Session,
} from '../../test/factories.ts';
import { runJobsUntilIdle } from '../../test/jobs.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { VOTE_CLOSE_JOB } from './vote-close.job.ts';

let t: TestApp;
let courseId: number;
let moduleId: number;
let teacher: Session;
let assistant: Session;
let outsider: Session;
let simulating: Session;
let students: { id: number; userNo: string; name: string; session: Session }[];

beforeAll(async () => {
  t = await createTestApp();
  const orgId = (await createOrg(t)).id;
  const owner = await createUser(t, orgId);
  const helper = await createUser(t, orgId);
  const stranger = await createUser(t, orgId);
  courseId = (await createCourse(t, orgId, owner.id, { name: 'Civics' })).id;
  moduleId = (await createModule(t, courseId)).id;
  await addMember(t, courseId, helper.id, ['instructor_assistant']);
  const otherCourse = await createCourse(t, orgId, owner.id);
  await addMember(t, otherCourse.id, stranger.id, ['student']);
  students = [];
  for (let i = 0; i < 3; i += 1) {
    const user = await createUser(t, orgId);
    await addMember(t, courseId, user.id, ['student']);
    students.push({ id: user.id, userNo: user.userNo, name: user.name, session: await loginAs(t, user) });
  }
  teacher = await loginAs(t, owner);
  assistant = await loginAs(t, helper);
  outsider = await loginAs(t, stranger);
  simulating = await loginAs(t, owner, { simulatingCourseId: courseId });
});
afterAll(async () => t.close());

const student = (i: number) => students[i]!.session;
const HOUR = 3600_000;

type VoteSettings = {
  vote_type?: 'single' | 'multiple';
  is_anonymous?: boolean;
  options?: string[];
  start?: Date | null;
  end?: Date | null;
  published?: boolean;
};

function createVoteRequest(settings: VoteSettings = {}, session = teacher) {
  const options = settings.options ?? ['Tea', 'Coffee', 'Water'];
  return t.app.inject({
    method: 'POST',
    url: `/api/courses/${courseId}/activities`,
    headers: session.headers,
    payload: {
      module_id: moduleId,
      type: 'vote',
      title: 'Drinks',
      published: settings.published ?? true,
      start_time: settings.start === undefined ? null : (settings.start?.toISOString() ?? null),
      end_time: settings.end === undefined ? null : (settings.end?.toISOString() ?? null),
      data: {
        topic: 'What do we serve?',
        vote_type: settings.vote_type ?? 'single',
        is_anonymous: settings.is_anonymous ?? false,
        vote_option_items: Object.fromEntries(options.map((text, i) => [String.fromCharCode(65 + i), text])),
      },
    },
  });
}

async function createVote(settings: VoteSettings = {}): Promise<number> {
  const res = await createVoteRequest(settings);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

const cast = (id: number, session: Session, votes: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/votes/${id}/vote`,
    headers: session.headers,
    payload: { votes },
  });

async function read(id: number, session: Session): Promise<VoteResponse> {
  const res = await t.app.inject({ method: 'GET', url: `/api/votes/${id}`, headers: session.headers });
  expect(res.statusCode, res.body).toBe(200);
  return VoteResponseSchema.parse(res.json());
}

const ballotsOf = (id: number) => t.db.select().from(voteBallots).where(eq(voteBallots.activityId, id));

describe('creating a vote through the activity form', () => {
  it('stores options as the original clients read them and reports them on GET /api/votes/{id}', async () => {
    const id = await createVote({ vote_type: 'multiple' });
    const vote = await read(id, student(0));
    expect(vote.interaction).toMatchObject({
      id,
      type: 'vote',
      data: {
        topic: 'What do we serve?',
        vote_type: 'multiple',
        is_anonymous: false,
        vote_option_items: { A: 'Tea', B: 'Coffee', C: 'Water' },
        vote_options: 3,
      },
    });
    expect(vote).toMatchObject({ status: 'in_progress', is_open: true, can_vote: true, students: [] });
  });

  it('refuses fewer than two options, empty options and letters with gaps, under the field', async () => {
    const tooFew = await createVoteRequest({ options: ['Only'] });
    expect(tooFew.statusCode).toBe(400);
    expect(tooFew.json().errors['data.vote_option_items']).toEqual(['A vote needs at least 2 options.']);
    const empty = await createVoteRequest({ options: ['Tea', '  '] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors['data.vote_option_items.B']).toEqual(['An option cannot be empty.']);
    const gap = await t.app.inject({
      method: 'POST',
      url: `/api/courses/${courseId}/activities`,
      headers: teacher.headers,
      payload: {
        module_id: moduleId,
        type: 'vote',
        title: 'Gap',
        data: { vote_option_items: { A: 'x', C: 'y' } },
      },
    });
    expect(gap.statusCode).toBe(400);
    expect(gap.json().errors['data.vote_option_items']).toEqual([
      'Options must be lettered from A without gaps.',
    ]);
  });
});

describe('casting a ballot', () => {
  it('takes exactly one option in a single-choice vote', async () => {
    const id = await createVote({ vote_type: 'single' });
    const two = await cast(id, student(0), ['A', 'B']);
    expect(two.statusCode).toBe(400);
    expect(two.json().errors.votes).toEqual(['Choose exactly one option in a single-choice vote.']);
    const none = await cast(id, student(0), []);
    expect(none.statusCode).toBe(400);
    expect(none.json().errors.votes).toEqual(['Choose at least one option.']);
    const unknown = await cast(id, student(0), ['D']);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.votes).toEqual(['The chosen option does not exist.']);
    const notLetters = await cast(id, student(0), 'A');
    expect(notLetters.statusCode).toBe(400);
    expect(await ballotsOf(id)).toEqual([]);

    const ok = await cast(id, student(0), ['B']);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ my_votes: ['B'], voter_count: 1 });
  });

  it('takes one or more options in a multiple-choice vote, each counted once', async () => {
    const id = await createVote({ vote_type: 'multiple' });
    expect((await cast(id, student(0), ['C', 'A', 'a'])).statusCode).toBe(200);
    expect((await cast(id, student(1), ['A'])).statusCode).toBe(200);
    expect((await cast(id, student(2), [])).statusCode).toBe(400);
    const rows = await ballotsOf(id);
    expect(rows.find((r) => r.userId === students[0]!.id)?.options).toEqual(['A', 'C']);
    const team = await read(id, teacher);
    expect(team.voter_count).toBe(2);
    expect(team.results).toEqual([
      { option: 'A', content: 'Tea', count: 2 },
      { option: 'B', content: 'Coffee', count: 0 },
      { option: 'C', content: 'Water', count: 1 },
    ]);
  });

  it('lets a student change their ballot while open, keeping one ballot', async () => {
    const id = await createVote();
    await cast(id, student(0), ['A']);
    const changed = await cast(id, student(0), ['C']);
    expect(changed.json()).toMatchObject({ my_votes: ['C'], voter_count: 1 });
    const rows = await ballotsOf(id);
    expect(rows.map((r) => r.options)).toEqual([['C']]);
  });

  it('accepts ballots only inside the window', async () => {
    const early = await createVote({ start: new Date(Date.now() + HOUR) });
    const refused = await cast(early, student(0), ['A']);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This vote is not open.');
    expect((await read(early, student(0))).can_vote).toBe(false);

    const ended = await createVote({
      start: new Date(Date.now() - 2 * HOUR),
      end: new Date(Date.now() - HOUR),
    });
    expect((await cast(ended, student(0), ['A'])).statusCode).toBe(409);
    expect((await read(ended, student(0))).status).toBe('ended');

    const open = await createVote({ start: new Date(Date.now() - HOUR), end: new Date(Date.now() + HOUR) });
    expect((await cast(open, student(0), ['A'])).statusCode).toBe(200);
    expect(await ballotsOf(early)).toEqual([]);
    expect(await ballotsOf(ended)).toEqual([]);
  });
});

describe('who may vote and read', () => {
  it('refuses the teaching team, a simulating instructor and non-members, and hides drafts', async () => {
    const id = await createVote();
    expect((await cast(id, teacher, ['A'])).statusCode).toBe(403);
    expect((await cast(id, assistant, ['A'])).statusCode).toBe(403);
    expect((await cast(id, simulating, ['A'])).json().code).toBe('simulating_read_only');
    expect((await cast(id, outsider, ['A'])).statusCode).toBe(403);
    const outsiderRead = await t.app.inject({
      method: 'GET',
      url: `/api/votes/${id}`,
      headers: outsider.headers,
    });
    expect(outsiderRead.statusCode).toBe(403);
    expect(await ballotsOf(id)).toEqual([]);

    const draft = await createVote({ published: false });
    const hidden = await t.app.inject({
      method: 'GET',
      url: `/api/votes/${draft}`,
      headers: student(0).headers,
    });
    expect(hidden.statusCode).toBe(404);
    expect((await cast(draft, student(0), ['A'])).statusCode).toBe(404);

    const material = await t.app.inject({
      method: 'POST',
      url: `/api/courses/${courseId}/activities`,
      headers: teacher.headers,
      payload: { module_id: moduleId, type: 'material', title: 'Not a vote', published: true },
    });
    const notVote = await t.app.inject({
      method: 'GET',
      url: `/api/votes/${material.json().id}`,
      headers: student(0).headers,
    });
    expect(notVote.statusCode).toBe(404);
  });

  it('shows students the counts only once the vote has ended', async () => {
    const id = await createVote({ start: new Date(Date.now() - HOUR), end: new Date(Date.now() + HOUR) });
    await cast(id, student(0), ['A']);
    const during = await read(id, student(1));
    expect(during).toMatchObject({ results: null, can_see_results: false, students: [], my_votes: null });
    await t.db
      .update(activities)
      .set({ endTime: new Date(Date.now() - 1000) })
      .where(eq(activities.id, id));
    const after = await read(id, student(1));
    expect(after.results?.find((r) => r.option === 'A')?.count).toBe(1);
    expect(after.students).toEqual([]);
  });
});

describe('named and anonymous votes', () => {
  it('shows the teaching team who chose what in a named vote, and a student only themself', async () => {
    const id = await createVote({ is_anonymous: false });
    await cast(id, student(0), ['A']);
    await cast(id, student(1), ['B']);
    const team = await read(id, assistant);
    expect(team.students.map((s) => [s.id, s.user_no, s.name, s.votes])).toEqual([
      [students[0]!.id, students[0]!.userNo, students[0]!.name, ['A']],
      [students[1]!.id, students[1]!.userNo, students[1]!.name, ['B']],
    ]);
    const own = await read(id, student(1));
    expect(own.students.map((s) => s.id)).toEqual([students[1]!.id]);
    expect(own.my_votes).toEqual(['B']);
    const simulated = await read(id, simulating);
    expect(simulated.students).toEqual([]);
    expect(simulated.results).toBeNull();
  });

  it('never names a voter of an anonymous vote to anyone else, teaching team included', async () => {
    const id = await createVote({ is_anonymous: true });
    await cast(id, student(0), ['A']);
    const castRes = await cast(id, student(1), ['B']);
    const responses = [
      castRes.body,
      JSON.stringify(await read(id, teacher)),
      JSON.stringify(await read(id, assistant)),
      JSON.stringify(await read(id, student(2))),
      JSON.stringify(await read(id, simulating)),
    ];
    const team = await read(id, teacher);
    expect(team.students).toEqual([]);
    expect(team.results?.map((r) => r.count)).toEqual([1, 1, 0]);
    expect(team.voter_count).toBe(2);
    // Student 1 sees their own ballot (and nobody else's) in the cast answer.
    expect(JSON.parse(castRes.body).students.map((s: { id: number }) => s.id)).toEqual([students[1]!.id]);
    for (const [i, body] of responses.entries()) {
      for (const voter of [students[0]!, ...(i === 0 ? [] : [students[1]!])]) {
        expect(body).not.toContain(voter.userNo);
        expect(body).not.toContain(voter.name);
        expect(body).not.toMatch(new RegExp(`"id":${voter.id}[,}]`));
      }
    }
    const row = await t.db
      .select()
      .from(voteBallots)
      .where(and(eq(voteBallots.activityId, id), eq(voteBallots.userId, students[0]!.id)));
    expect(row).toHaveLength(1);
  });
});

describe('the end of a vote', () => {
  const closeJobs = (id: number) =>
    t.db
      .select({ status: jobs.status, runAt: jobs.runAt })
      .from(jobs)
      .where(
        and(
          eq(jobs.type, VOTE_CLOSE_JOB),
          sql`${jobs.payload} @> ${JSON.stringify({ activity_id: id })}::jsonb`,
        ),
      )
      .orderBy(jobs.id);
  const setEnd = (id: number, end: Date | null) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/activities/${id}`,
      headers: teacher.headers,
      payload: { end_time: end ? end.toISOString() : null },
    });
  async function closedEventsDuring(id: number, run: () => Promise<unknown>): Promise<unknown[]> {
    const seen: unknown[] = [];
    let sentinel = false;
    const unsubscribe = t.app.push.subscribe((message) => {
      if (message.type === 'vote.closed' && message.data.activity_id === id)
        seen.push({ courseId: message.courseId, ...message.data });
      if (message.type === 'test.sentinel') sentinel = true;
    });
    try {
      await run();
      // Delivery is asynchronous but in order: once a marker sent afterwards is in, so is every event.
      await t.app.push.publish({ courseId: 0, type: 'test.sentinel', data: {} });
      await vi.waitFor(() => expect(sentinel).toBe(true), { timeout: 15_000 });
    } finally {
      unsubscribe();
    }
    return seen;
  }

  it('is queued on the job queue at the end time, and moved with it', async () => {
    const end = new Date(Date.now() + HOUR);
    const id = await createVote({ end });
    expect(await closeJobs(id)).toEqual([{ status: 'init', runAt: end }]);

    const later = new Date(Date.now() + 2 * HOUR);
    expect((await setEnd(id, later)).statusCode).toBe(200);
    expect(await closeJobs(id)).toEqual([
      { status: 'cancel', runAt: end },
      { status: 'init', runAt: later },
    ]);
    expect((await setEnd(id, null)).statusCode).toBe(200);
    expect((await closeJobs(id)).map((j) => j.status)).toEqual(['cancel', 'cancel']);
    // Nothing is due: running the queue announces nothing.
    expect(await closedEventsDuring(id, () => runJobsUntilIdle(t))).toEqual([]);
  });

  it('publishes vote.closed when the time comes, and students then see the results', async () => {
    const id = await createVote({ end: new Date(Date.now() + HOUR) });
    expect((await cast(id, student(0), ['B'])).statusCode).toBe(200);
    expect((await read(id, student(1))).results).toBeNull();
    // The instructor ends it now: the job queued for the new time is due at once.
    expect((await setEnd(id, new Date(Date.now() - 1000))).statusCode).toBe(200);
    const events = await closedEventsDuring(id, () => runJobsUntilIdle(t));
    expect(events).toEqual([{ courseId, activity_id: id }]);
    expect((await closeJobs(id)).map((j) => j.status)).toEqual(['cancel', 'success']);
    expect((await read(id, student(1))).results).not.toBeNull();
  });

  it('does nothing for a vote deleted before its end', async () => {
    const id = await createVote({ end: new Date(Date.now() + HOUR) });
    // The end passes while the vote sits in the recycle bin.
    await t.db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(sql`${jobs.payload} @> ${JSON.stringify({ activity_id: id })}::jsonb`);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/activities/${id}`,
      headers: teacher.headers,
    });
    expect(removed.statusCode).toBe(200);
    expect(await closedEventsDuring(id, () => runJobsUntilIdle(t))).toEqual([]);
  });
});
