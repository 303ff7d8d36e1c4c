import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  ActivityResourcesResponseSchema,
  ActivityResourceSchema,
  type ActivityResource,
} from '@lectern/contracts/activity-resources/activity-resources.schemas';
import { activityResourceVisits } from '../../db/schema/activity-resources.ts';
import { activities } from '../../db/schema/activities.ts';
import { uploadReferences } from '../../db/schema/uploads.ts';
import { createCourseTeam, TEACHING_TEAM } from '../../test/course-team-factories.ts';
import { createActivity, createUpload, createUser, loginAs, type Session } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { attachCloudRecording } from './cloud-recordings.ts';

let t: TestApp;
let orgId: number;
let courseId: number;
let moduleId: number;
const ids = {} as Record<'owner' | 'assistant' | 'student', number>;
const s = {} as Record<'owner' | 'assistant' | 'student' | 'student2' | 'outsider' | 'simulating', Session>;

beforeAll(async () => {
  t = await createTestApp();
  const team = await createCourseTeam(t, TEACHING_TEAM);
  ({ orgId, courseId, moduleId } = team);
  const { owner, assistant, student } = team.users;
  Object.assign(ids, { owner: owner.id, assistant: assistant.id, student: student.id });
  Object.assign(s, team.sessions);
});
afterAll(async () => t.close());

const session = async () =>
  (await createActivity(t, { courseId, moduleId, createdBy: ids.owner, type: 'webex_meeting' })).id;
const fileOf = async (userId: number, values: Parameters<typeof createUpload>[3] = {}) =>
  (await createUpload(t, orgId, userId, { bytes: Buffer.from('slides'), name: 'slides.txt', ...values })).id;

const list = (as: Session, activityId: number) =>
  t.app.inject({ method: 'GET', url: `/api/activities/${activityId}/resources`, headers: as.headers });
const put = (as: Session, activityId: number, uploadId: number, payload: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/activities/${activityId}/resources/${uploadId}`,
    headers: as.headers,
    payload,
  });
const del = (as: Session, activityId: number, uploadId: number) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/activities/${activityId}/resources/${uploadId}`,
    headers: as.headers,
  });
const blob = (as: Session, activityId: number, uploadId: number, inline = false) =>
  t.app.inject({
    method: 'GET',
    url: `/api/activities/${activityId}/resources/${uploadId}/blob${inline ? '?inline=true' : ''}`,
    headers: as.headers,
  });

async function resourcesOf(as: Session, activityId: number) {
  const res = await list(as, activityId);
  expect(res.statusCode, res.body).toBe(200);
  return ActivityResourcesResponseSchema.parse(res.json());
}

describe('GET /api/activities/{id}/resources', () => {
  it('says who may upload: the teaching team, not students, not while simulating', async () => {
    const activityId = await session();
    expect((await resourcesOf(s.owner, activityId)).can_upload).toBe(true);
    expect((await resourcesOf(s.assistant, activityId)).can_upload).toBe(true);
    expect((await resourcesOf(s.student, activityId)).can_upload).toBe(false);
    expect((await resourcesOf(s.simulating, activityId)).can_upload).toBe(false);
    expect([403, 404]).toContain((await list(s.outsider, activityId)).statusCode);
  });

  it('lists resources in the spec’s shape with each caller’s rights', async () => {
    const activityId = await session();
    const uploadId = await fileOf(ids.owner);
    expect((await put(s.owner, activityId, uploadId, { allow_download: false })).statusCode).toBe(201);
    const [mine] = (await resourcesOf(s.owner, activityId)).resources;
    expect(mine).toMatchObject({
      id: uploadId,
      ref_parent_id: activityId,
      parent_type: 'activity_resource',
      name: 'slides.txt',
      size: 6,
      created_by_id: ids.owner,
      allow_download: false,
      can_download: true,
      can_delete: true,
    });
    const [theirs] = (await resourcesOf(s.student, activityId)).resources;
    expect(theirs).toMatchObject({ can_download: false, can_delete: false });
    expect(theirs?.statistics).toBeUndefined();
    // Another member of the teaching team did not upload it: no delete.
    const [assistants] = (await resourcesOf(s.assistant, activityId)).resources;
    expect(assistants).toMatchObject({ can_delete: false, can_download: false });
    // The activity's ordinary attachments are not its resources.
    const attachments = await t.app.inject({
      method: 'GET',
      url: `/api/activities/${activityId}/upload_references`,
      headers: s.owner.headers,
    });
    expect(attachments.statusCode).toBe(200);
    expect(attachments.json<{ upload_references: unknown[] }>().upload_references).toEqual([]);
  });
});

describe('PUT /api/activities/{id}/resources/{resourceId}', () => {
  it('lets only the teaching team add, and never while simulating', async () => {
    const activityId = await session();
    expect((await put(s.student, activityId, await fileOf(ids.student))).statusCode).toBe(403);
    expect((await put(s.simulating, activityId, await fileOf(ids.owner))).statusCode).toBe(403);
    expect([403, 404]).toContain((await put(s.outsider, activityId, await fileOf(ids.owner))).statusCode);
    expect((await resourcesOf(s.owner, activityId)).resources).toHaveLength(0);
  });

  it('adds only the caller’s own finished upload', async () => {
    const activityId = await session();
    expect((await put(s.owner, activityId, await fileOf(ids.assistant))).statusCode).toBe(400);
    const pending = (await createUpload(t, orgId, ids.owner)).id;
    expect((await put(s.owner, activityId, pending)).statusCode).toBe(400);
    expect((await put(s.owner, activityId, 99_999_999)).statusCode).toBe(400);
    expect((await resourcesOf(s.owner, activityId)).resources).toHaveLength(0);
  });

  it('adds once, then changes name and download switch for the uploader only', async () => {
    const activityId = await session();
    const uploadId = await fileOf(ids.owner);
    const first = await put(s.owner, activityId, uploadId);
    expect(first.statusCode).toBe(201);
    expect(ActivityResourceSchema.parse(first.json())).toMatchObject({ allow_download: true });
    const again = await put(s.owner, activityId, uploadId, { name: 'Week 1.txt', allow_download: false });
    expect(again.statusCode).toBe(200);
    expect(again.json<ActivityResource>()).toMatchObject({ name: 'Week 1.txt', allow_download: false });
    expect((await resourcesOf(s.owner, activityId)).resources).toHaveLength(1);
    expect((await put(s.assistant, activityId, uploadId, { allow_download: true })).statusCode).toBe(403);
    expect((await resourcesOf(s.owner, activityId)).resources[0]?.allow_download).toBe(false);
  });
});

describe('DELETE /api/activities/{id}/resources/{resourceId}', () => {
  it('lets only the uploader delete, while they may upload', async () => {
    const activityId = await session();
    const uploadId = await fileOf(ids.assistant);
    await put(s.assistant, activityId, uploadId);
    expect((await del(s.owner, activityId, uploadId)).statusCode).toBe(403);
    expect((await del(s.student, activityId, uploadId)).statusCode).toBe(403);
    expect((await resourcesOf(s.owner, activityId)).resources).toHaveLength(1);
    expect((await del(s.assistant, activityId, uploadId)).statusCode).toBe(204);
    expect((await resourcesOf(s.owner, activityId)).resources).toHaveLength(0);
    expect((await del(s.assistant, activityId, uploadId)).statusCode).toBe(404);
  });

  it('refuses the uploader while simulating', async () => {
    const activityId = await session();
    const uploadId = await fileOf(ids.owner);
    await put(s.owner, activityId, uploadId);
    expect((await del(s.simulating, activityId, uploadId)).statusCode).toBe(403);
    expect((await resourcesOf(s.owner, activityId)).resources).toHaveLength(1);
  });
});

describe('downloading and viewing, and the statistics', () => {
  it('downloads for the uploader, or anyone when allow_download is on', async () => {
    const activityId = await session();
    const uploadId = await fileOf(ids.owner);
    await put(s.owner, activityId, uploadId, { allow_download: false });
    const own = await blob(s.owner, activityId, uploadId);
    expect(own.statusCode).toBe(200);
    expect(own.body).toBe('slides');
    expect(own.headers['content-disposition']).toContain('attachment');
    expect((await blob(s.student, activityId, uploadId)).statusCode).toBe(403);
    expect((await blob(s.assistant, activityId, uploadId)).statusCode).toBe(403);
    expect([403, 404]).toContain((await blob(s.outsider, activityId, uploadId)).statusCode);
    // Viewing in the page is part of seeing the activity.
    const viewed = await blob(s.student, activityId, uploadId, true);
    expect(viewed.statusCode).toBe(200);
    expect(viewed.headers['content-disposition']).toContain('inline');
    await put(s.owner, activityId, uploadId, { allow_download: true });
    expect((await blob(s.student, activityId, uploadId)).statusCode).toBe(200);
  });

  it('keeps students from downloading when the course’s download rule does, not the teaching team', async () => {
    const activityId = await session();
    const uploadId = await fileOf(ids.owner);
    await put(s.owner, activityId, uploadId, { allow_download: true });
    const rule = (allow: boolean) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/courses/${courseId}/download-print-permissions`,
        headers: s.owner.headers,
        payload: { type: 'download', allow_students: allow },
      });
    expect((await rule(false)).statusCode).toBe(200);
    try {
      expect((await blob(s.student, activityId, uploadId)).statusCode).toBe(403);
      expect((await resourcesOf(s.student, activityId)).resources[0]?.can_download).toBe(false);
      expect((await blob(s.student, activityId, uploadId, true)).statusCode).toBe(200);
      expect((await blob(s.assistant, activityId, uploadId)).statusCode).toBe(200);
      expect((await resourcesOf(s.assistant, activityId)).resources[0]?.can_download).toBe(true);
    } finally {
      expect((await rule(true)).statusCode).toBe(200);
    }
    expect((await blob(s.student, activityId, uploadId)).statusCode).toBe(200);
  });

  it('counts students’ views and downloads for the teaching team only', async () => {
    const activityId = await session();
    const uploadId = await fileOf(ids.owner);
    await put(s.owner, activityId, uploadId);
    await blob(s.student, activityId, uploadId);
    await blob(s.student, activityId, uploadId);
    await blob(s.student2, activityId, uploadId);
    await blob(s.student, activityId, uploadId, true);
    // The teaching team's own use is not a student's, and a simulating instructor is not counted.
    await blob(s.owner, activityId, uploadId);
    await blob(s.simulating, activityId, uploadId, true);
    const [resource] = (await resourcesOf(s.assistant, activityId)).resources;
    expect(resource?.statistics).toEqual({
      view_count: 1,
      download_count: 3,
      viewer_count: 1,
      downloader_count: 2,
    });
    expect((await resourcesOf(s.student, activityId)).resources[0]?.statistics).toBeUndefined();
    expect((await resourcesOf(s.simulating, activityId)).resources[0]?.statistics).toBeUndefined();
  });
});

describe('purging the activity', () => {
  it('detaches its resources, so their files are left to the orphan sweep', async () => {
    const activityId = await session();
    const uploadId = await fileOf(ids.owner);
    await put(s.owner, activityId, uploadId);
    await blob(s.student, activityId, uploadId);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/activities/${activityId}`,
      headers: s.owner.headers,
    });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    const refs = () =>
      t.db
        .select()
        .from(uploadReferences)
        .where(
          and(
            eq(uploadReferences.parentType, 'activity_resource'),
            eq(uploadReferences.parentId, activityId),
          ),
        );
    // In the bin the resource stays, for a restore.
    const [reference] = await refs();
    const referenceId = reference?.id ?? 0;
    expect(
      await t.db
        .select()
        .from(activityResourceVisits)
        .where(eq(activityResourceVisits.referenceId, referenceId)),
    ).toHaveLength(1);
    const [row] = await t.db.select().from(activities).where(eq(activities.id, activityId));
    const purged = await t.app.inject({
      method: 'DELETE',
      url: `/api/recycle-bin/${row?.recycleBinItemId}`,
      headers: s.owner.headers,
    });
    expect(purged.statusCode, purged.body).toBeLessThan(300);
    expect(await refs()).toHaveLength(0);
    // Its view and download counts go with it.
    expect(
      await t.db
        .select()
        .from(activityResourceVisits)
        .where(eq(activityResourceVisits.referenceId, referenceId)),
    ).toEqual([]);
  });
});

describe('cloud recordings and the organisation’s protection of them', () => {
  let admin: Session;
  let replayIds = 900;
  beforeAll(async () => {
    admin = await loginAs(t, await createUser(t, orgId, { orgRole: 'admin' }));
  });

  const protect = async (on: boolean) => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/orgs/${orgId}/live-record-settings`,
      headers: admin.headers,
      payload: { allow_download_recordings: true, retention_days: 0, protect_cloud_recordings: on },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ protect_cloud_recordings: on });
  };

  /** A live activity with a cloud recording (as the replay job adds it) and the owner's own file. */
  async function liveWithRecording() {
    const activityId = (
      await createActivity(t, { courseId, moduleId, createdBy: ids.owner, type: 'lecture_live' })
    ).id;
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'recording-')), 'recording.mp4');
    writeFileSync(file, Buffer.alloc(2048, 7));
    replayIds += 1;
    const recording = {
      activityId,
      source: 'lecture_live' as const,
      sourceId: replayIds,
      file,
      name: 'Compilers 2026-11-27 10:00.mp4',
      mimeType: 'video/mp4',
    };
    expect(await attachCloudRecording(t, recording)).toBe(true);
    // The job running again adds nothing.
    expect(await attachCloudRecording(t, recording)).toBe(false);
    const own = await fileOf(ids.owner);
    expect((await put(s.owner, activityId, own)).statusCode).toBe(201);
    const { resources } = await resourcesOf(s.owner, activityId);
    const cloud = resources.find((r) => r.cloud_recording)!;
    const plain = resources.find((r) => !r.cloud_recording)!;
    return { activityId, cloud, plain, count: resources.length };
  }

  it('puts a recording on the activity once, as the activity creator’s, marked as a cloud recording', async () => {
    await protect(false);
    const { cloud, count } = await liveWithRecording();
    expect(count).toBe(2);
    expect(cloud).toMatchObject({
      name: 'Compilers 2026-11-27 10:00.mp4',
      type: 'video',
      size: 2048,
      created_by_id: ids.owner,
      cloud_recording: true,
      // The organisation allowed recordings to be downloaded when it was added.
      allow_download: true,
    });
  });

  it('lets the uploader delete a cloud recording while the setting is off', async () => {
    await protect(false);
    const { activityId, cloud } = await liveWithRecording();
    expect(cloud).toMatchObject({ can_delete: true, delete_protected: false });
    expect((await del(s.owner, activityId, cloud.id)).statusCode).toBe(204);
    expect((await resourcesOf(s.owner, activityId)).resources.some((r) => r.cloud_recording)).toBe(false);
  });

  it('refuses deleting cloud recordings while the setting is on, and still deletes ordinary files', async () => {
    await protect(true);
    try {
      const { activityId, cloud, plain } = await liveWithRecording();
      expect(cloud).toMatchObject({ can_delete: false, delete_protected: true });
      expect(plain).toMatchObject({ can_delete: true, delete_protected: false });
      const refused = await del(s.owner, activityId, cloud.id);
      expect(refused.statusCode).toBe(403);
      expect(refused.json<{ message: string }>().message).toBe(
        'Your organisation does not allow cloud recordings to be deleted.',
      );
      // Renaming stays the uploader's.
      expect((await put(s.owner, activityId, cloud.id, { name: 'Week 1.mp4' })).statusCode).toBe(200);
      expect((await del(s.owner, activityId, plain.id)).statusCode).toBe(204);
      const left = (await resourcesOf(s.owner, activityId)).resources;
      expect(left.map((r) => [r.name, r.cloud_recording])).toEqual([['Week 1.mp4', true]]);
      // Others may not delete it whatever the setting, and are not told of a protection.
      expect((await resourcesOf(s.assistant, activityId)).resources[0]).toMatchObject({
        can_delete: false,
        delete_protected: false,
      });
    } finally {
      await protect(false);
    }
  });
});
