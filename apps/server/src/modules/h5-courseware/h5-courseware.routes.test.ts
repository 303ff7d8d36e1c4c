import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { H5LearnerState, H5UrlResponse } from '@lectern/contracts/h5-courseware/h5-courseware.schemas';
import { activities as activitiesTable } from '../../db/schema/activities.ts';
import { h5LearnerStates, h5Packages } from '../../db/schema/h5-courseware.ts';
import { orgs } from '../../db/schema/identity.ts';
import { uploadReferences } from '../../db/schema/uploads.ts';
import { deflatedZip } from '../../platform/files/zip-bomb.fixture.ts';
import { createCourseTeam } from '../../test/course-team-factories.ts';
import { createActivity, createUpload, createUser, type Session } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { multipartFile, zipStored } from '../../test/uploads-fixtures.ts';
import { contentTokens } from './h5-content-token.ts';
import { H5_INDEX_HTML, H5_STYLE_CSS, SCORM_12_MANIFEST, SCORM_12_SCO_HTML } from './h5-package.fixture.ts';
import { H5_CONTENT_SECURITY_POLICY } from './h5-courseware.routes.ts';

let t: TestApp;
let orgId: number;
let ownerId: number;
let courseId: number;
let moduleId: number;
let teacher: Session;
let student: Session;
let student2: Session;
let outsider: Session;
let simulating: Session;

beforeAll(async () => {
  t = await createTestApp();
  const team = await createCourseTeam(t, {
    student: { role: 'student', user: { name: 'Ada Learner' } },
    student2: 'student',
    outsider: null,
  });
  ({ orgId, courseId, moduleId } = team);
  ownerId = team.users.owner.id;
  ({ owner: teacher, student, student2, outsider, simulating } = team.sessions);
});
afterAll(async () => t.close());

const htmlZip = () =>
  zipStored([
    { name: 'course/index.html', data: H5_INDEX_HTML },
    { name: 'course/style.css', data: H5_STYLE_CSS },
  ]);
const scorm12Zip = () =>
  zipStored([
    { name: 'imsmanifest.xml', data: SCORM_12_MANIFEST },
    { name: 'lesson/sco.html', data: SCORM_12_SCO_HTML },
  ]);

async function courseware(
  values: { completionCriterionKey?: string; completionCriterionValue?: number } = {},
) {
  return (
    await createActivity(t, { courseId, moduleId, createdBy: ownerId, type: 'h5_courseware', ...values })
  ).id;
}

async function zipUpload(bytes: Buffer, createdBy = ownerId) {
  return (await createUpload(t, orgId, createdBy, { bytes, mimeType: 'application/zip', name: 'pkg.zip' }))
    .id;
}

function attach(activityId: number, uploadId: number, session = teacher) {
  return t.app.inject({
    method: 'POST',
    url: `/api/h5-courseware/${activityId}/packages`,
    headers: session.headers,
    payload: { upload_id: uploadId },
  });
}

async function attached(bytes: Buffer, values: Parameters<typeof courseware>[0] = {}) {
  const activityId = await courseware(values);
  const uploadId = await zipUpload(bytes);
  const res = await attach(activityId, uploadId);
  expect(res.statusCode, res.body).toBe(201);
  return { activityId, uploadId };
}

async function urlOf(activityId: number, uploadId: number, session = student): Promise<H5UrlResponse> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/h5-courseware/${activityId}/upload/${uploadId}/url`,
    headers: session.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<H5UrlResponse>();
}

const pathOf = (url: string) => new URL(url).pathname + new URL(url).search;
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');

function postCmi(activityId: number, uploadId: number, base64State: string, session = student) {
  return t.app.inject({
    method: 'POST',
    url: `/api/h5-courseware/${activityId}/upload/${uploadId}/cmi`,
    headers: session.headers,
    payload: { base64State },
  });
}

describe('uploading a package', () => {
  it('unpacks an HTML zip through the real upload route and finds its index page', async () => {
    const activityId = await courseware();
    const form = multipartFile({ filename: 'sorting.zip', data: htmlZip() });
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...teacher.headers, 'content-type': form.contentType },
      payload: form.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const res = await attach(activityId, uploaded.json<{ id: number }>().id);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ kind: 'html', entry: 'course/index.html', file_count: 2 });
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/h5-courseware/${activityId}/packages`,
      headers: student.headers,
    });
    expect(list.json<{ packages: unknown[] }>().packages).toHaveLength(1);
    const refs = await t.db.select().from(uploadReferences).where(eq(uploadReferences.parentId, activityId));
    expect(refs).toHaveLength(1);
  });

  it('detects a SCORM 1.2 package by its manifest and launches the first item', async () => {
    const { uploadId } = await attached(scorm12Zip());
    const [row] = await t.db.select().from(h5Packages).where(eq(h5Packages.uploadId, uploadId));
    expect(row).toMatchObject({ kind: 'scorm_12', entry: 'lesson/sco.html' });
  });

  it('refuses a zip whose declared size passes the limit before inflating anything (413)', async () => {
    const bomb = await deflatedZip([
      { name: 'index.html', data: Buffer.from('<p>hi</p>') },
      { name: 'big.bin', data: { zeros: 1024 }, declaredSize: 600 * 1024 * 1024 },
    ]);
    const activityId = await courseware();
    const res = await attach(activityId, await zipUpload(bomb));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/unpacks to more than 512 MB/);
    const rows = await t.db.select().from(uploadReferences).where(eq(uploadReferences.parentId, activityId));
    expect(rows).toHaveLength(0);
  });

  it('stops a zip bomb that understates its size while inflating (413)', async () => {
    const bomb = await deflatedZip([
      { name: 'index.html', data: Buffer.from('<p>hi</p>') },
      { name: 'zeros.bin', data: { zeros: 8 * 1024 * 1024 }, declaredSize: 1024 },
    ]);
    const res = await attach(await courseware(), await zipUpload(bomb));
    expect(res.statusCode).toBe(413);
  });

  it('refuses more entries than the limit (413)', async () => {
    const many = zipStored(
      Array.from({ length: 10_001 }, (_, i) => ({ name: i === 0 ? 'index.html' : `f/${i}.txt`, data: 'x' })),
    );
    const res = await attach(await courseware(), await zipUpload(many));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/more than 10000 parts/);
  });

  it.each(['../evil.html', '/etc/passwd', 'a/../../b.html', 'C:/x.html', 'a\\..\\b.html'])(
    'refuses the traversal name %s (400, localised)',
    async (name) => {
      const zip = zipStored([
        { name: 'index.html', data: '<p>ok</p>' },
        { name, data: 'x' },
      ]);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/h5-courseware/${await courseware()}/packages`,
        headers: { ...teacher.headers, 'accept-language': 'zh-CN' },
        payload: { upload_id: await zipUpload(zip) },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('不安全');
    },
  );

  it('refuses a package without an entry page, and a file that is not a zip', async () => {
    const noEntry = await attach(
      await courseware(),
      await zipUpload(zipStored([{ name: 'a.txt', data: 'x' }])),
    );
    expect(noEntry.statusCode).toBe(400);
    const text = await createUpload(t, orgId, ownerId, { bytes: Buffer.from('plain') });
    const notZip = await attach(await courseware(), text.id);
    expect(notZip.statusCode).toBe(415);
  });

  it('lets only the teaching team attach, and never while simulating', async () => {
    const activityId = await courseware();
    const mine = await zipUpload(htmlZip(), (await createUser(t, orgId)).id);
    expect((await attach(activityId, await zipUpload(htmlZip()), student)).statusCode).toBe(403);
    expect((await attach(activityId, await zipUpload(htmlZip()), simulating)).statusCode).toBe(403);
    expect((await attach(activityId, await zipUpload(htmlZip()), outsider)).statusCode).toBe(403);
    // Someone else's file is not the teacher's to attach.
    expect((await attach(activityId, mine)).statusCode).toBe(400);
  });
});

describe('storage cleanup', () => {
  const keysOf = async (uploadId: number) => {
    const [row] = await t.db.select().from(h5Packages).where(eq(h5Packages.uploadId, uploadId));
    return row ? Object.values(row.files).map((f) => f.key) : [];
  };
  const stored = async (keys: readonly string[]) =>
    Promise.all(keys.map((key) => t.storage.exists(key))).then((all) => all.filter(Boolean).length);

  it('removes a replaced package’s unpacked files, unless another activity still holds it', async () => {
    const { activityId, uploadId: first } = await attached(htmlZip());
    const firstKeys = await keysOf(first);
    expect(firstKeys).toHaveLength(2);
    expect(await stored(firstKeys)).toBe(2);
    const second = await zipUpload(scorm12Zip());
    expect((await attach(activityId, second)).statusCode).toBe(201);
    expect(await stored(firstKeys)).toBe(0);
    expect(await keysOf(first)).toEqual([]);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/h5-courseware/${activityId}/packages`,
      headers: teacher.headers,
    });
    expect(list.json<{ packages: { upload_id: number }[] }>().packages.map((p) => p.upload_id)).toEqual([
      second,
    ]);
    // The same package on two activities: replacing it on one keeps its files for the other.
    const other = await courseware();
    expect((await attach(other, second)).statusCode).toBe(201);
    const secondKeys = await keysOf(second);
    expect((await attach(activityId, await zipUpload(htmlZip()))).statusCode).toBe(201);
    expect(await stored(secondKeys)).toBe(secondKeys.length);
    expect((await urlOf(other, second)).kind).toBe('scorm_12');
  });

  it('keeps the files while the activity is in the recycle bin and removes them when it is purged', async () => {
    const { activityId, uploadId } = await attached(scorm12Zip());
    const keys = await keysOf(uploadId);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/activities/${activityId}`,
      headers: teacher.headers,
    });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect(await stored(keys)).toBe(keys.length);
    const bin = await t.app.inject({
      method: 'GET',
      url: `/api/courses/${courseId}/recycle-bin`,
      headers: teacher.headers,
    });
    const [item] = await t.db.select().from(activitiesTable).where(eq(activitiesTable.id, activityId));
    expect(bin.statusCode).toBe(200);
    const purged = await t.app.inject({
      method: 'DELETE',
      url: `/api/recycle-bin/${item?.recycleBinItemId}`,
      headers: teacher.headers,
    });
    expect(purged.statusCode, purged.body).toBeLessThan(300);
    expect(await stored(keys)).toBe(0);
    expect(await keysOf(uploadId)).toEqual([]);
  });
});

describe('serving a package (decision 0018)', () => {
  it('serves files sandboxed, with the bridge in HTML pages, to a request without any cookie', async () => {
    const { activityId, uploadId } = await attached(htmlZip());
    const { url, kind } = await urlOf(activityId, uploadId);
    expect(kind).toBe('html');
    expect(url).toMatch(
      /^http:\/\/localhost(:\d+)?\/api\/h5-courseware\/content\/[^/]+\/course\/index\.html$/,
    );
    const page = await t.app.inject({ method: 'GET', url: pathOf(url) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toBe(H5_CONTENT_SECURITY_POLICY);
    expect(page.headers['content-security-policy']).not.toContain('allow-same-origin');
    expect(page.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('window.API_1484_11 = api');
    expect(page.body).toContain('"cmi.learner_name":"Ada Learner"');
    expect(page.body.indexOf('createScormRuntime')).toBeLessThan(page.body.indexOf('<title>'));
    const css = await t.app.inject({ method: 'GET', url: pathOf(url).replace('index.html', 'style.css') });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.body).toBe(H5_STYLE_CSS);
    expect(css.headers['content-security-policy']).toBe(H5_CONTENT_SECURITY_POLICY);
  });

  it('refuses an expired, a forged and a missing file address', async () => {
    const { activityId, uploadId } = await attached(htmlZip());
    const tokens = contentTokens(t.config.sessionSecret);
    const grant = { activityId, uploadId, userId: student.userId };
    const expired = tokens.sign({ ...grant, expiresAt: Date.now() - 1 });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/h5-courseware/content/${expired}/course/index.html`,
      headers: { 'accept-language': 'en-US' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/expired/);
    const forged = tokens
      .sign({ ...grant, expiresAt: Date.now() + 60_000 })
      .replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/h5-courseware/content/${forged}/course/index.html` }))
        .statusCode,
    ).toBe(404);
    const { url } = await urlOf(activityId, uploadId);
    expect(
      (await t.app.inject({ method: 'GET', url: pathOf(url).replace('index.html', 'nope.html') })).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: pathOf(url).replace('course/index.html', '../../uploads/1/blob'),
        })
      ).statusCode,
    ).toBe(404);
  });

  it('issues addresses only to those who see the activity, and only for its own packages', async () => {
    const { activityId, uploadId } = await attached(htmlZip());
    const other = await attached(htmlZip());
    const asOutsider = await t.app.inject({
      method: 'GET',
      url: `/api/h5-courseware/${activityId}/upload/${uploadId}/url`,
      headers: outsider.headers,
    });
    expect(asOutsider.statusCode).toBe(403);
    const wrongUpload = await t.app.inject({
      method: 'GET',
      url: `/api/h5-courseware/${activityId}/upload/${other.uploadId}/url`,
      headers: student.headers,
    });
    expect(wrongUpload.statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/h5-courseware/${activityId}/upload/${uploadId}/url`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('learner state (cmi)', () => {
  it('stores a SCORM 1.2 state per learner and reads back completion and score', async () => {
    const { activityId, uploadId } = await attached(scorm12Zip());
    const res = await postCmi(
      activityId,
      uploadId,
      b64({
        version: '1.2',
        cmi: {
          'cmi.core.lesson_status': 'passed',
          'cmi.core.score.raw': '45',
          'cmi.core.score.max': '50',
          'cmi.core.score.min': '0',
          'cmi.suspend_data': 'page=3',
          'cmi.core.total_time': '0000:05:00',
        },
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<H5LearnerState>()).toMatchObject({
      completion_status: 'completed',
      success_status: 'passed',
      score_raw: 45,
      score_percent: 90,
      progress: 100,
      completed: true,
    });
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/h5-courseware/${activityId}/upload/${uploadId}/cmi`,
      headers: student2.headers,
    });
    expect(mine.json<H5LearnerState>()).toMatchObject({ completed: false, base64State: null });
    // The next launch starts from the stored values, resumed.
    const { url } = await urlOf(activityId, uploadId);
    const page = await t.app.inject({ method: 'GET', url: pathOf(url) });
    expect(page.body).toContain('"cmi.suspend_data":"page=3"');
    expect(page.body).toContain('window.API = api');
  });

  it('merges later commits into the stored model', async () => {
    const { activityId, uploadId } = await attached(scorm12Zip());
    await postCmi(activityId, uploadId, b64({ version: '1.2', cmi: { 'cmi.suspend_data': 'a' } }));
    await postCmi(
      activityId,
      uploadId,
      b64({ version: '1.2', cmi: { 'cmi.core.lesson_status': 'incomplete' } }),
    );
    const [row] = await t.db.select().from(h5LearnerStates).where(eq(h5LearnerStates.activityId, activityId));
    expect(row?.cmi).toEqual({ 'cmi.suspend_data': 'a', 'cmi.core.lesson_status': 'incomplete' });
    expect(row?.completionStatus).toBe('incomplete');
  });

  it.each([
    ['cmi.core.lesson_status', 'finished', '405'],
    ['cmi.core.score.raw', '101', '405'],
    ['cmi.suspend_data', 'x'.repeat(4097), '405'],
    ['cmi.core.session_time', '5 minutes', '405'],
    ['cmi.core.student_name', 'Someone else', '403'],
    ['cmi.core.nonsense', '1', '401'],
  ])('refuses %s = … with SCORM error %s (400)', async (element, value, code) => {
    const { activityId, uploadId } = await attached(scorm12Zip());
    const res = await postCmi(activityId, uploadId, b64({ version: '1.2', cmi: { [element]: value } }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[element][0]).toContain(`SCORM error ${code}`);
  });

  it('keeps a state of another shape as it came, without completion', async () => {
    const { activityId, uploadId } = await attached(htmlZip());
    const res = await postCmi(activityId, uploadId, Buffer.from('opaque state').toString('base64'));
    expect(res.statusCode).toBe(200);
    expect(res.json<H5LearnerState>()).toMatchObject({
      base64State: Buffer.from('opaque state').toString('base64'),
      completed: false,
    });
    expect((await postCmi(activityId, uploadId, 'not base64!')).statusCode).toBe(400);
  });

  it('judges completeness by progress when the organisation switch is on', async () => {
    const { activityId, uploadId } = await attached(htmlZip(), {
      completionCriterionKey: 'completeness',
      completionCriterionValue: 60,
    });
    const state = (measure: string) =>
      b64({
        version: '2004',
        cmi: { 'cmi.progress_measure': measure, 'cmi.completion_status': 'incomplete' },
      });
    await t.db
      .update(orgs)
      .set({ settings: { h5_courseware_completeness: true } })
      .where(eq(orgs.id, orgId));
    try {
      const low = await postCmi(activityId, uploadId, state('0.5'));
      expect(low.json<H5LearnerState>()).toMatchObject({ progress: 50, completed: false });
      const high = await postCmi(activityId, uploadId, state('0.7'));
      expect(high.json<H5LearnerState>()).toMatchObject({ progress: 70, completed: true });
      // Progress never goes back.
      const later = await postCmi(activityId, uploadId, state('0.1'));
      expect(later.json<H5LearnerState>()).toMatchObject({ progress: 70, completed: true });
    } finally {
      await t.db.update(orgs).set({ settings: {} }).where(eq(orgs.id, orgId));
    }
    // With the switch off the SCO's own status decides.
    const off = await postCmi(activityId, uploadId, state('0.9'));
    expect(off.json<H5LearnerState>().completed).toBe(false);
  });

  it('shows H5/SCORM completion in the course activity list under the organisation switch', async () => {
    const { activityId, uploadId } = await attached(scorm12Zip(), {
      completionCriterionKey: 'completeness',
      completionCriterionValue: 60,
    });
    const listed = async (session = student) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/courses/${courseId}/activities`,
        headers: session.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res
        .json<{ activities: { id: number; completed?: boolean }[] }>()
        .activities.find((a) => a.id === activityId);
    };
    const state = (measure: string, status = 'incomplete') =>
      b64({ version: '1.2', cmi: { 'cmi.core.lesson_status': status, 'cmi.suspend_data': measure } });
    expect((await listed())?.completed).toBe(false);
    await t.db
      .update(orgs)
      .set({ settings: { h5_courseware_completeness: true } })
      .where(eq(orgs.id, orgId));
    try {
      // A SCORM 1.2 SCO reports no share: incomplete is 0%, completed 100%.
      await postCmi(activityId, uploadId, state('a'));
      expect((await listed())?.completed).toBe(false);
      await t.db
        .update(h5LearnerStates)
        .set({ progress: 60 })
        .where(eq(h5LearnerStates.activityId, activityId));
      expect((await listed())?.completed).toBe(true);
      // Another learner's progress is not this one's.
      expect((await listed(student2))?.completed).toBe(false);
      // The teaching team's list carries no completion.
      expect((await listed(teacher))?.completed).toBeUndefined();
    } finally {
      await t.db.update(orgs).set({ settings: {} }).where(eq(orgs.id, orgId));
    }
    // With the switch off the SCO's own status decides.
    expect((await listed())?.completed).toBe(false);
    await postCmi(activityId, uploadId, state('b', 'passed'));
    expect((await listed())?.completed).toBe(true);
    // A package no longer attached to the activity counts for nothing.
    await t.db.delete(uploadReferences).where(eq(uploadReferences.parentId, activityId));
    expect((await listed())?.completed).toBe(false);
  });

  it('saves state for students only: not the teaching team, not while simulating, not outsiders', async () => {
    const { activityId, uploadId } = await attached(scorm12Zip());
    const body = b64({ version: '1.2', cmi: { 'cmi.suspend_data': 'x' } });
    expect((await postCmi(activityId, uploadId, body, teacher)).statusCode).toBe(403);
    expect((await postCmi(activityId, uploadId, body, simulating)).statusCode).toBe(403);
    expect((await postCmi(activityId, uploadId, body, outsider)).statusCode).toBe(403);
    const stored = await t.db
      .select()
      .from(h5LearnerStates)
      .where(eq(h5LearnerStates.activityId, activityId));
    expect(stored).toHaveLength(0);
  });
});
