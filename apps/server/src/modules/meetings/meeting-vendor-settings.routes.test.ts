import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orgMeetingVendorSettings } from '../../db/schema/meetings.ts';
import { startCalDavServer, type CalDavFake } from '../../test/caldav-server.fake.ts';
import {
  addMember,
  createCourse,
  createModule,
  createOrg,
  createUser,
  loginAs,
  type Session,
} from '../../test/factories.ts';
import { startTencentMeetingServer, type TencentMeetingFake } from '../../test/tencent-meeting.fake.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { vendorSecrets } from './vendor-secrets.ts';

const HOUR = 3600_000;

let t: TestApp;
let tencent: TencentMeetingFake;
let dav: CalDavFake;
let orgId: number;
let otherOrgId: number;
let admin: Session;
let member: Session;
let teacher: Session;
let otherTeacher: Session;
let otherAdmin: Session;
let courseId: number;
let moduleId: number;
let otherCourseId: number;
let otherModuleId: number;

const path = (id: number) => `/api/orgs/${id}/meeting-vendor-settings`;

beforeAll(async () => {
  [tencent, dav] = await Promise.all([startTencentMeetingServer(), startCalDavServer()]);
  // The environment configures CalDAV only: Tencent reaches the double through an organisation's settings,
  // on 127.0.0.1, which the operator allows (an organisation's URL must otherwise be a public address).
  t = await createTestApp({
    OUTBOUND_ALLOW_HOSTS: '127.0.0.1',
    CALDAV_URL: dav.url,
    CALDAV_USERNAME: dav.username,
    CALDAV_PASSWORD: dav.password,
  });
  orgId = (await createOrg(t)).id;
  otherOrgId = (await createOrg(t)).id;
  admin = await loginAs(t, await createUser(t, orgId, { orgRole: 'admin' }));
  member = await loginAs(t, await createUser(t, orgId));
  const owner = await createUser(t, orgId, { name: 'Ada Teacher' });
  teacher = await loginAs(t, owner);
  courseId = (await createCourse(t, orgId, owner.id)).id;
  moduleId = (await createModule(t, courseId)).id;
  await addMember(t, courseId, (await createUser(t, orgId)).id, ['student']);
  const otherOwner = await createUser(t, otherOrgId);
  otherTeacher = await loginAs(t, otherOwner);
  otherAdmin = await loginAs(t, await createUser(t, otherOrgId, { orgRole: 'admin' }));
  otherCourseId = (await createCourse(t, otherOrgId, otherOwner.id)).id;
  otherModuleId = (await createModule(t, otherCourseId)).id;
  tencent.users.add('ada.t');
});
afterAll(async () => {
  await t.close();
  await Promise.all([tencent.close(), dav.close()]);
});

const get = (url: string, session: Session) => t.app.inject({ method: 'GET', url, headers: session.headers });
const send = (method: 'POST' | 'PUT', url: string, session: Session, payload: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: session.headers, payload });

const tencentSettings = (extra: Record<string, unknown> = {}) => ({
  enabled: true,
  app_id: tencent.appId,
  sdk_id: tencent.sdkId,
  api_url: tencent.url,
  secret_id: tencent.secretId,
  secret_key: tencent.secretKey,
  ...extra,
});

const iso = (offset: number) => new Date(Date.now() + offset).toISOString();

describe('who may read and save', () => {
  it('refuses members (403), other organisations (404) and keeps the GET out of caches', async () => {
    expect((await get(path(orgId), member)).statusCode).toBe(403);
    expect((await send('PUT', path(orgId), member, { tencent: tencentSettings() })).statusCode).toBe(403);
    expect((await get(path(orgId), otherAdmin)).statusCode).toBe(404);
    expect((await send('PUT', path(orgId), otherAdmin, { tencent: tencentSettings() })).statusCode).toBe(404);
    const rows = await t.db
      .select()
      .from(orgMeetingVendorSettings)
      .where(eq(orgMeetingVendorSettings.orgId, orgId));
    expect(rows).toEqual([]);
    const response = await get(path(orgId), admin);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('an organisation without settings', () => {
  it('shows the environment: CalDAV configured there (password only as set), the rest not configured', async () => {
    const response = await get(path(orgId), admin);
    const body = response.json();
    expect(body.caldav).toMatchObject({
      source: 'environment',
      enabled: true,
      url: dav.url,
      username: dav.username,
      password_set: true,
    });
    expect(body.tencent).toMatchObject({
      source: 'none',
      enabled: false,
      app_id: '',
      api_url: 'https://api.meeting.qq.com',
      secret_id_set: false,
      secret_key_set: false,
    });
    expect(body.bigbluebutton).toMatchObject({ source: 'none', checksum: 'sha1', types: [] });
    expect(response.body).not.toContain(dav.password);
  });
});

describe('saving', () => {
  it('refuses an enabled vendor without the fields its client needs, field by field, and saves nothing', async () => {
    const response = await send('PUT', path(orgId), admin, {
      tencent: tencentSettings(),
      lark: { enabled: true, app_id: '', redirect_uri: 'ftp://x', api_url: '', accounts_url: '' },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('validation_failed');
    expect(body.errors['lark.redirect_uri']).toEqual(['Enter an address starting with http:// or https://.']);

    const missing = await send('PUT', path(orgId), admin, {
      tencent: tencentSettings(),
      lark: {
        enabled: true,
        app_id: '',
        redirect_uri: 'https://lectern.test/api/lark/authorization/callback',
        api_url: 'https://open.feishu.cn',
        accounts_url: 'https://accounts.feishu.cn',
      },
      bigbluebutton: { enabled: false, url: '', checksum: 'sha1', types: ['homework'] },
    });
    expect(missing.statusCode).toBe(400);
    const errors = missing.json().errors;
    expect(errors['lark.app_id']).toEqual(['Required while the vendor is enabled.']);
    expect(errors['lark.app_secret']).toEqual(['Required while the vendor is enabled.']);
    expect(errors['bigbluebutton.types']).toHaveLength(1);
    expect(errors['tencent.app_id']).toBeUndefined();
    // All or nothing: the valid Tencent part was not saved either.
    expect((await get(path(orgId), admin)).json().tencent.source).toBe('none');
  });

  it('saves credentials encrypted and answers only whether each secret is set', async () => {
    const response = await send('PUT', path(orgId), admin, { tencent: tencentSettings() });
    expect(response.statusCode).toBe(200);
    expect(response.json().tencent).toMatchObject({
      source: 'organisation',
      enabled: true,
      app_id: tencent.appId,
      sdk_id: tencent.sdkId,
      api_url: tencent.url,
      secret_id_set: true,
      secret_key_set: true,
    });
    expect(response.json().tencent).not.toHaveProperty('secret_key');
    for (const answer of [response.body, (await get(path(orgId), admin)).body]) {
      expect(answer).not.toContain(tencent.secretKey);
      expect(answer).not.toContain(tencent.secretId);
    }
    const [row] = await t.db
      .select()
      .from(orgMeetingVendorSettings)
      .where(eq(orgMeetingVendorSettings.orgId, orgId));
    expect(row?.settings).toEqual({ app_id: tencent.appId, sdk_id: tencent.sdkId, api_url: tencent.url });
    const stored = JSON.stringify(row?.secretsEncrypted);
    expect(stored).not.toContain(tencent.secretKey);
    expect(stored).not.toContain(tencent.secretId);
    expect(row?.secretsEncrypted.secret_key).toMatch(/^v1\./);
  });

  it('keeps a stored secret when the field comes empty, and the meeting is made with it', async () => {
    const response = await send('PUT', path(orgId), admin, {
      tencent: tencentSettings({ secret_id: '', secret_key: undefined }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().tencent).toMatchObject({ secret_id_set: true, secret_key_set: true });

    // The instructor's Tencent calls now run on the organisation's credentials (no Tencent in the environment).
    expect((await get('/api/tencent_meeting/check-user-auth', teacher)).json()).toMatchObject({
      configured: true,
    });
    expect(
      (await send('PUT', '/api/tencent_meeting/user-binding', teacher, { userid: 'ada.t' })).statusCode,
    ).toBe(200);
    const calls = tencent.calls.length;
    const created = await send('POST', '/api/courses/tencent-meeting/activities', teacher, {
      courses: [courseId],
      title: 'Office hours',
      start_time: iso(HOUR),
      end_time: iso(2 * HOUR),
    });
    expect(created.statusCode).toBe(200);
    const made = tencent.calls
      .slice(calls)
      .filter((c) => c.method === 'POST' && c.uri.startsWith('/v1/meetings'));
    expect(made).toHaveLength(1);
    expect(made[0]?.signatureOk).toBe(true);
    expect(made[0]?.headers['appid']).toBe(tencent.appId);
    const meetingId = created.json().meeting.meeting_id as string;
    expect(tencent.meetings.get(meetingId)?.subject).toBe('Office hours');

    // Another organisation has no Tencent at all.
    expect((await get('/api/tencent_meeting/check-user-auth', otherTeacher)).json()).toMatchObject({
      configured: false,
    });
  });

  it('turns a vendor of the environment off for this organisation only, from the next call on', async () => {
    const calendar = (session: Session, course: number, module: number, title: string) =>
      send('POST', '/api/calendar-meeting', session, {
        course_id: course,
        module_id: module,
        title,
        start_time: iso(HOUR),
        end_time: iso(2 * HOUR),
      });
    const before = await calendar(teacher, courseId, moduleId, 'Before');
    expect(before.json()).toMatchObject({ caldav: 'stored' });

    const off = await send('PUT', path(orgId), admin, {
      caldav: { enabled: false, url: dav.url, username: dav.username },
    });
    expect(off.json().caldav).toMatchObject({ source: 'organisation', enabled: false, password_set: true });
    const puts = dav.requests.length;
    expect((await calendar(teacher, courseId, moduleId, 'After')).json()).toMatchObject({
      caldav: 'not_configured',
    });
    expect(dav.requests.length).toBe(puts);
    // The other organisation still uses the environment's CalDAV.
    expect((await calendar(otherTeacher, otherCourseId, otherModuleId, 'Elsewhere')).json()).toMatchObject({
      caldav: 'stored',
    });

    // On again with the password inherited from the environment when the organisation first saved.
    await send('PUT', path(orgId), admin, {
      caldav: { enabled: true, url: dav.url, username: dav.username },
    });
    expect((await calendar(teacher, courseId, moduleId, 'Again')).json()).toMatchObject({ caldav: 'stored' });
    expect(dav.requests.at(-1)?.authorized).toBe(true);
  });
});

describe('an address the operator did not allow', () => {
  it('is refused on saving, field by field, and a stored one is never called (503, nothing reaches it)', async () => {
    // The same Tencent double, in an installation without OUTBOUND_ALLOW_HOSTS.
    const sessionSecret = randomBytes(32).toString('hex');
    const strict = await createTestApp({ CALDAV_URL: dav.url, SESSION_SECRET: sessionSecret });
    try {
      const org = (await createOrg(strict)).id;
      const strictAdmin = await loginAs(strict, await createUser(strict, org, { orgRole: 'admin' }));
      const strictTeacher = await loginAs(strict, await createUser(strict, org));
      const saved = await strict.app.inject({
        method: 'PUT',
        url: path(org),
        headers: { ...strictAdmin.headers, 'accept-language': 'en-US' },
        payload: {
          tencent: tencentSettings(),
          caldav: { enabled: true, url: 'http://169.254.169.254/latest/', username: 'x', password: 'y' },
        },
      });
      expect(saved.statusCode).toBe(400);
      expect(saved.json().errors).toMatchObject({
        'tencent.api_url': [expect.stringContaining('OUTBOUND_ALLOW_HOSTS')],
        'caldav.url': [expect.stringContaining('not on the public internet')],
      });
      const stored = await strict.db
        .select()
        .from(orgMeetingVendorSettings)
        .where(eq(orgMeetingVendorSettings.orgId, org));
      expect(stored).toEqual([]);

      // A row stored before (or a name that resolved elsewhere when saved) is held to the rule at call time.
      const secrets = vendorSecrets(sessionSecret);
      await strict.db.insert(orgMeetingVendorSettings).values({
        orgId: org,
        vendor: 'tencent',
        enabled: true,
        settings: { app_id: tencent.appId, sdk_id: tencent.sdkId, api_url: tencent.url },
        secretsEncrypted: {
          secret_id: secrets.encrypt(tencent.secretId),
          secret_key: secrets.encrypt(tencent.secretKey),
        },
      });
      const calls = tencent.calls.length;
      const bound = await strict.app.inject({
        method: 'PUT',
        url: '/api/tencent_meeting/user-binding',
        headers: strictTeacher.headers,
        payload: { userid: 'ada.t' },
      });
      expect(bound.statusCode).toBe(503);
      expect(tencent.calls.length).toBe(calls);
    } finally {
      await strict.close();
    }
  });
});
