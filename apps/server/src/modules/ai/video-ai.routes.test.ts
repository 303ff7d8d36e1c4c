import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VideoAiTask } from '@lectern/contracts/ai/video-ai.schemas';
import { toWebVtt } from '@lectern/contracts/ai/video-ai.schemas';
import { ACTIVITY_PARENT } from '@lectern/contracts/uploads/upload.schemas';
import { aiConfigs, videoAiTasks } from '../../db/schema/ai.ts';
import { uploadReferences, uploads } from '../../db/schema/uploads.ts';
import { aiTestEnv, creditsUsed, grantCredits, usageOf } from '../../test/ai-factories.ts';
import {
  addMember,
  createActivity,
  createCourse,
  createModule,
  createOrg,
  createUpload,
  createUser,
  loginAs,
  type Session,
} from '../../test/factories.ts';
import { runJobsUntilIdle } from '../../test/jobs.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { startFakeChatCompletions, type FakeChatCompletions } from './chat-completions.fake.ts';

/** A two-second MP4 with a tone, made by ffmpeg, which the job needs anyway (the tests say so if it is missing). */
function sampleVideo(): Buffer {
  const dir = mkdtempSync(path.join(tmpdir(), 'lectern-video-ai-test-'));
  try {
    const file = path.join(dir, 'lecture.mp4');
    execFileSync(
      'ffmpeg',
      [
        '-hide_banner',
        '-loglevel',
        'error',
        '-f',
        'lavfi',
        '-i',
        'testsrc=size=64x48:rate=5',
        '-f',
        'lavfi',
        '-i',
        'sine=frequency=440',
        '-t',
        '2',
        '-c:v',
        'mpeg4',
        '-c:a',
        'aac',
        '-shortest',
        file,
      ],
      { stdio: 'ignore' },
    );
    return readFileSync(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

let hasFfmpeg = true;
try {
  execFileSync('ffmpeg', ['-hide_banner', '-version'], { stdio: 'ignore' });
} catch {
  hasFfmpeg = false;
}

const SUMMARY = {
  topics: ['Linked lists', 'Pointers', 'Linked lists'],
  chapters: [
    { start: 2.5, title: 'Linked lists' },
    { start: 0, title: 'Welcome' },
    { start: 90, title: 'Beyond the end' },
  ],
};

let fake: FakeChatCompletions;
let t: TestApp;
let orgId: number;
let teacherId: number;
let teacher: Session;
let student: Session;
let outsider: Session;
let activityId: number;
let videoRef: number;
let textRef: number;

async function attach(activity: number, uploadId: number, createdBy: number): Promise<number> {
  const [row] = await t.db
    .insert(uploadReferences)
    .values({ uploadId, parentType: ACTIVITY_PARENT, parentId: activity, name: 'file', createdBy })
    .returning();
  return row!.id;
}

const start = (session: Session, payload: object, id = activityId) =>
  t.app.inject({ method: 'POST', url: `/api/activities/${id}/video-ai`, headers: session.headers, payload });
const list = (session: Session) =>
  t.app.inject({ method: 'GET', url: `/api/activities/${activityId}/video-ai`, headers: session.headers });

beforeAll(async () => {
  fake = await startFakeChatCompletions();
  t = await createTestApp({
    ...aiTestEnv(fake.url),
    AI_TIMEOUT_SECONDS: '10',
    AI_CREDITS_PER_TRANSCRIBED_MINUTE: '3',
  });
  orgId = (await createOrg(t)).id;
  const teacherUser = await createUser(t, orgId);
  const studentUser = await createUser(t, orgId);
  const outsiderUser = await createUser(t, orgId);
  teacherId = teacherUser.id;
  const course = await createCourse(t, orgId, teacherId);
  await addMember(t, course.id, studentUser.id, ['student']);
  const moduleId = (await createModule(t, course.id)).id;
  activityId = (
    await createActivity(t, { courseId: course.id, moduleId, createdBy: teacherId, type: 'online_video' })
  ).id;
  const video = await createUpload(t, orgId, teacherId, {
    bytes: hasFfmpeg ? sampleVideo() : Buffer.from('not a video'),
    name: 'lecture.mp4',
  });
  await t.db.update(uploads).set({ mimeType: 'video/mp4', type: 'video' }).where(eq(uploads.id, video.id));
  videoRef = await attach(activityId, video.id, teacherId);
  const text = await createUpload(t, orgId, teacherId, { bytes: Buffer.from('notes'), name: 'notes.txt' });
  textRef = await attach(activityId, text.id, teacherId);
  teacher = await loginAs(t, teacherUser);
  student = await loginAs(t, studentUser);
  outsider = await loginAs(t, outsiderUser);
  await grantCredits(t, orgId, teacherId, 1000);
});

afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('AI captions, topics and chapters for a video', () => {
  it('refuses students and outsiders, non-video files and an empty choice', async () => {
    expect((await start(student, { reference_id: videoRef })).statusCode).toBe(403);
    expect([403, 404]).toContain((await start(outsider, { reference_id: videoRef })).statusCode);
    const notVideo = await start(teacher, { reference_id: textRef });
    expect(notVideo.statusCode).toBe(400);
    expect(notVideo.json<{ errors: Record<string, string[]> }>().errors).toHaveProperty('reference_id');
    const none = await start(teacher, {
      reference_id: videoRef,
      caption: false,
      topic: false,
      chapter: false,
    });
    expect(none.statusCode).toBe(400);
    expect((await start(teacher, { reference_id: 999_999 })).statusCode).toBe(404);
    expect(await t.db.select().from(videoAiTasks)).toHaveLength(0);
  });

  it('refuses a video type the organisation has not allowed, and one over its size limit', async () => {
    await t.db.insert(aiConfigs).values({ orgId, allowedKbVideoType: ['webm'] });
    const type = await start(teacher, { reference_id: videoRef });
    expect(type.statusCode).toBe(400);
    await t.db
      .update(aiConfigs)
      .set({ allowedKbVideoType: ['mp4'], maxUploadFileSize: 1 })
      .where(eq(aiConfigs.orgId, orgId));
    await t.db.update(uploads).set({ size: 5_242_880 }).where(eq(uploads.name, 'lecture.mp4'));
    expect((await start(teacher, { reference_id: videoRef })).statusCode).toBe(413);
    await t.db.update(uploads).set({ size: 1000 }).where(eq(uploads.name, 'lecture.mp4'));
    await t.db.delete(aiConfigs).where(eq(aiConfigs.orgId, orgId));
  });

  it.skipIf(!hasFfmpeg)(
    'transcribes the sound, summarises it, stores captions, topics and chapters, and bills both calls',
    async () => {
      fake.answer = JSON.stringify(SUMMARY);
      const started = await start(teacher, { reference_id: videoRef });
      expect(started.statusCode).toBe(202);
      expect(started.json<VideoAiTask>()).toMatchObject({ status: 'queued', captions_url: null });
      // One at a time per video.
      expect((await start(teacher, { reference_id: videoRef })).statusCode).toBe(409);
      // Students see nothing until it has finished.
      expect((await list(student)).json<{ tasks: unknown[] }>().tasks).toEqual([]);

      await runJobsUntilIdle(t);

      // The provider got real audio, as verbose JSON with timings.
      expect(fake.transcriptions).toHaveLength(1);
      expect(fake.transcriptions[0]).toMatchObject({ model: 'whisper-1', responseFormat: 'verbose_json' });
      expect(fake.transcriptions[0]!.fileBytes).toBeGreaterThan(1000);
      // The transcript reached the chat model as delimited data.
      const prompt = fake.requests
        .at(-1)!
        .messages.map((m) => m.content)
        .join('\n');
      expect(prompt).toContain('[3] Today: linked lists.');

      const [task] = (await list(student)).json<{ tasks: VideoAiTask[] }>().tasks;
      expect(task).toMatchObject({
        status: 'finished',
        topics: ['Linked lists', 'Pointers'],
        // In order, and none past the end of the video.
        chapters: [
          { start: 0, title: 'Welcome' },
          { start: 2.5, title: 'Linked lists' },
        ],
        error: null,
      });
      const vtt = await t.app.inject({ method: 'GET', url: task!.captions_url!, headers: student.headers });
      expect(vtt.statusCode).toBe(200);
      expect(vtt.headers['content-type']).toContain('text/vtt');
      expect(vtt.body).toBe(toWebVtt(fake.transcript.segments));
      const denied = await t.app.inject({
        method: 'GET',
        url: task!.captions_url!,
        headers: outsider.headers,
      });
      expect(denied.statusCode).toBe(404);

      // One started minute at 3 credits, plus the chat call's tokens (1,500 at 2 per thousand).
      expect(await creditsUsed(t, teacherId)).toBe(3 + 3);
      const ledger = await usageOf(t, teacherId);
      expect(ledger.map((row) => [row.feature, row.credits])).toEqual([
        ['video_generation', 3],
        ['video_generation', 3],
      ]);
    },
  );

  it.skipIf(!hasFfmpeg)(
    'fails with the reason and costs nothing when the model answers nonsense',
    async () => {
      const before = await creditsUsed(t, teacherId);
      fake.answer = 'Sure! {topics: oops';
      fake.transcript = { segments: [{ start: 0, end: 1, text: 'Hello' }], duration: 1 };
      expect((await start(teacher, { reference_id: videoRef })).statusCode).toBe(202);
      await runJobsUntilIdle(t);
      const [task] = (await list(teacher)).json<{ tasks: VideoAiTask[] }>().tasks;
      expect(task?.status).toBe('failed');
      expect(task?.error).toBeTruthy();
      // Transcription was paid (it happened); the unreadable summary was not.
      expect(await creditsUsed(t, teacherId)).toBe(before + 3);
      // Students never see a failed generation: they keep the last one that finished.
      const seen = (await list(student)).json<{ tasks: VideoAiTask[] }>().tasks;
      expect(seen.map((x) => [x.status, x.topics])).toEqual([['finished', ['Linked lists', 'Pointers']]]);
    },
  );

  it('refuses before queueing when the teacher has no credit left', async () => {
    await grantCredits(t, orgId, teacherId, await creditsUsed(t, teacherId));
    const res = await start(teacher, { reference_id: videoRef });
    expect(res.statusCode).toBe(409);
    await grantCredits(t, orgId, teacherId, 1000);
  });
});
