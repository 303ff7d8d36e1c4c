import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.ts';
import { startTencentMeetingServer, type TencentMeetingFake } from '../../test/tencent-meeting.fake.ts';
import type { MeetingRef } from './meeting-adapter.ts';
import { tencentMeetingAdapter, tencentMeetingClient, tencentSignature } from './tencent-meeting.adapter.ts';

let tencent: TencentMeetingFake;
beforeAll(async () => {
  tencent = await startTencentMeetingServer();
  tencent.users.add('host01');
});
afterAll(async () => {
  await tencent.close();
});

const client = () =>
  tencentMeetingClient({
    apiUrl: tencent.url,
    appId: tencent.appId,
    sdkId: tencent.sdkId,
    secretId: tencent.secretId,
    secretKey: tencent.secretKey,
  });
const start = new Date(Date.now() + 3_600_000);
const end = new Date(start.getTime() + 5_400_000);

describe('Tencent Meeting client against the REST API double', () => {
  it('signs as Tencent documents: Base64 of the hex HMAC-SHA256 of method, header string, URI and body', () => {
    const request = {
      method: 'POST',
      secretId: 'AKID',
      nonce: '123',
      timestamp: '1572168600',
      uri: '/v1/meetings',
      body: '{"a":1}',
    };
    const hex = createHmac('sha256', 'key')
      .update('POST\nX-TC-Key=AKID&X-TC-Nonce=123&X-TC-Timestamp=1572168600\n/v1/meetings\n{"a":1}')
      .digest('hex');
    expect(tencentSignature('key', request)).toBe(Buffer.from(hex).toString('base64'));
  });

  it('creates a meeting with a signed POST /v1/meetings whose body is the documented one', async () => {
    const before = tencent.calls.length;
    const meeting = await client().createMeeting({
      userid: 'host01',
      subject: 'Algebra',
      start,
      end,
      recurrence: null,
      cloudRecord: true,
    });
    const call = tencent.calls[before];
    expect(call?.signatureOk).toBe(true);
    expect(call?.method).toBe('POST');
    expect(call?.uri).toBe('/v1/meetings');
    expect(call?.headers['x-tc-registered']).toBe('1');
    expect(call?.body).toEqual({
      userid: 'host01',
      instanceid: 1,
      subject: 'Algebra',
      type: 0,
      start_time: String(Math.floor(start.getTime() / 1000)),
      end_time: String(Math.floor(end.getTime() / 1000)),
      settings: { mute_enable_join: true, allow_in_before_host: true, auto_record_type: 'cloud' },
    });
    expect(meeting.meetingId).toMatch(/^\d{19}$/);
    expect(meeting.joinUrl).toMatch(/^https:\/\/meeting\.tencent\.com\//);
    expect(tencent.meetings.get(meeting.meetingId)?.subject).toBe('Algebra');
  });

  it('creates a recurring meeting with meeting_type 1 and the recurring rule', async () => {
    const before = tencent.calls.length;
    const meeting = await client().createMeeting({
      userid: 'host01',
      subject: 'Weekly seminar',
      start,
      end,
      recurrence: { recurring_type: 2, until_count: 8 },
      cloudRecord: false,
    });
    const body = tencent.calls[before]?.body;
    expect(body?.meeting_type).toBe(1);
    expect(body?.recurring_rule).toEqual({ recurring_type: 2, until_type: 1, until_count: 8 });
    expect(tencent.meetings.get(meeting.meetingId)?.meeting_type).toBe(1);
  });

  it('queries, lists participants (decoding Base64 names, every page), recordings, and cancels', async () => {
    const c = client();
    const meeting = await c.createMeeting({
      userid: 'host01',
      subject: 'Q',
      start,
      end,
      recurrence: null,
      cloudRecord: true,
    });
    expect((await c.getMeeting(meeting.meetingId, 'host01')).status).toBe('MEETING_STATE_INIT');
    tencent.addParticipant(meeting.meetingId, { userid: 'host01', name: '王老师', host: true });
    tencent.addParticipant(meeting.meetingId, { userid: 's1', name: 'Lin' });
    tencent.addParticipant(meeting.meetingId, { userid: 's2', name: '陈同学' });
    const ref: MeetingRef = {
      activityId: 1,
      type: 'tencent_meeting',
      title: 'Q',
      data: { meeting_vendor: 'tencent', meeting_id: meeting.meetingId, vendor_host_userid: 'host01' },
      startTime: start,
      endTime: end,
    };
    const adapter = tencentMeetingAdapter(c);
    expect(await adapter.attendees(ref)).toEqual([
      { userId: 'host01', name: '王老师', role: 'host' },
      { userId: 's1', name: 'Lin', role: 'guest' },
      { userId: 's2', name: '陈同学', role: 'guest' },
    ]);
    tencent.addRecording(meeting.meetingId, 'https://meeting.tencent.com/v2/cloud-record/share?id=abc');
    expect((await adapter.replays(ref)).map((r) => r.url)).toEqual([
      'https://meeting.tencent.com/v2/cloud-record/share?id=abc',
    ]);
    await c.cancelMeeting(meeting.meetingId, 'host01');
    expect(tencent.meetings.get(meeting.meetingId)?.status).toBe('MEETING_STATE_CANCELLED');
    expect(tencent.calls.every((call) => call.signatureOk)).toBe(true);
  });

  it("maps Tencent's error_info to a 502 naming its message, a wrong key to the signature error", async () => {
    tencent.failNext('/v1/meetings', 400, 190003, 'invalid start_time');
    const failed = await client()
      .createMeeting({ userid: 'host01', subject: 'X', start, end, recurrence: null, cloudRecord: true })
      .catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(AppError);
    expect((failed as AppError).status).toBe(502);
    expect((failed as AppError).detail).toEqual({
      key: 'meetings.vendorRejected',
      params: { vendor: 'Tencent Meeting', reason: 'invalid start_time (190003)' },
    });
    const wrongKey = tencentMeetingClient({
      apiUrl: tencent.url,
      appId: tencent.appId,
      sdkId: tencent.sdkId,
      secretId: tencent.secretId,
      secretKey: 'not-the-key',
    });
    const refused = await wrongKey.assertUser('host01').catch((e: unknown) => e);
    expect((refused as AppError).status).toBe(502);
    expect(JSON.stringify((refused as AppError).detail)).toContain('signature failed (200003)');
    const unknown = await client()
      .assertUser('nobody')
      .catch((e: unknown) => e);
    expect((unknown as AppError).status).toBe(409);
    expect(JSON.stringify((unknown as AppError).detail)).toContain('user not exist');
    await expect(client().assertUser('host01')).resolves.toBeUndefined();
  });

  it('reports an unreachable API as 503', async () => {
    const offline = tencentMeetingClient({
      apiUrl: 'http://127.0.0.1:9',
      appId: 'a',
      sdkId: undefined,
      secretId: 'b',
      secretKey: 'c',
      timeoutMs: 2000,
    });
    const failed = await offline.getMeeting('1', 'u').catch((e: unknown) => e);
    expect((failed as AppError).status).toBe(503);
  });
});
