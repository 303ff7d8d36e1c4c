import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.ts';
import { startBbbServer, type BbbServerFake } from '../../test/bbb-server.fake.ts';
import { bbbApiBase, bbbChecksum, bigBlueButtonAdapter } from './bigbluebutton.adapter.ts';
import { genericMeetingAdapter } from './generic-meeting.adapter.ts';
import type { MeetingRef } from './meeting-adapter.ts';

const meeting = (activityId: number, data: MeetingRef['data'] = {}): MeetingRef => ({
  activityId,
  type: 'wecom_meeting',
  title: `Seminar ${activityId}`,
  data,
  startTime: new Date('2026-01-01T08:00:00Z'),
  endTime: new Date('2026-01-01T09:30:00Z'),
});

describe('BigBlueButton adapter against the BBB double', () => {
  let bbb: BbbServerFake;
  beforeAll(async () => {
    bbb = await startBbbServer();
  });
  afterAll(async () => {
    await bbb.close();
  });

  it('signs calls as BBB specifies: hash of call name + query + secret', () => {
    const query = 'name=Test+Meeting&meetingID=abc123';
    expect(bbbChecksum('create', query, 'secret', 'sha1')).toBe(
      createHash('sha1').update(`create${query}secret`).digest('hex'),
    );
    expect(bbbChecksum('create', query, 'secret', 'sha256')).toHaveLength(64);
    expect(bbbApiBase('https://bbb.example.edu/bigbluebutton')).toBe(
      'https://bbb.example.edu/bigbluebutton/api/',
    );
    expect(bbbApiBase('https://bbb.example.edu/bigbluebutton/api/')).toBe(
      'https://bbb.example.edu/bigbluebutton/api/',
    );
  });

  for (const checksum of ['sha1', 'sha256'] as const) {
    it(`creates idempotently, joins, reports attendees and recordings (${checksum})`, async () => {
      const adapter = bigBlueButtonAdapter({ url: bbb.url, secret: bbb.secret, checksum });
      const ref = meeting(checksum === 'sha1' ? 1 : 2);
      const before = bbb.calls.length;
      await expect(adapter.ensure(ref)).resolves.toEqual({ meetingId: `lectern-${ref.activityId}` });
      await adapter.ensure(ref);
      const created = bbb.calls.slice(before).filter((c) => c.call === 'create');
      expect(created).toHaveLength(2);
      expect(created.every((c) => c.checksumOk)).toBe(true);
      expect(created[0]?.params.duration).toBe('90');
      expect(bbb.meetings.size).toBeGreaterThan(0);

      expect(await adapter.attendees(ref)).toEqual([]);
      const hostUrl = await adapter.joinUrl(ref, { id: 7, name: 'Ada Host', role: 'host' });
      const guestUrl = await adapter.joinUrl(ref, { id: 8, name: 'Bo Guest', role: 'guest' });
      expect(hostUrl).toMatch(/\/bigbluebutton\/api\/join\?.*checksum=/);
      // The browser follows the signed link: the double checks the checksum and password, then redirects.
      for (const url of [hostUrl, guestUrl]) {
        const response = await fetch(url ?? '', { redirect: 'manual' });
        expect(response.status).toBe(302);
      }
      expect(await adapter.attendees(ref)).toEqual([
        { userId: '7', name: 'Ada Host', role: 'host' },
        { userId: '8', name: 'Bo Guest', role: 'guest' },
      ]);

      expect(await adapter.replays(ref)).toEqual([]);
      bbb.addRecording(`lectern-${ref.activityId}`, 'https://bbb.example.edu/playback/presentation/2.3/r1');
      bbb.addRecording(`lectern-${ref.activityId}`, 'https://bbb.example.edu/playback/unpublished', false);
      const replays = await adapter.replays(ref);
      expect(replays.map((r) => r.url)).toEqual(['https://bbb.example.edu/playback/presentation/2.3/r1']);
      expect(replays[0]?.endTime).toBeInstanceOf(Date);
    });
  }

  it('reports an unknown meeting as having nobody in it', async () => {
    const adapter = bigBlueButtonAdapter({ url: bbb.url, secret: bbb.secret, checksum: 'sha1' });
    expect(await adapter.attendees(meeting(99))).toEqual([]);
  });

  it('turns a FAILED reply into a vendor refusal naming BBB’s reason', async () => {
    const adapter = bigBlueButtonAdapter({ url: bbb.url, secret: bbb.secret, checksum: 'sha1' });
    bbb.failNext('create', 'idNotUnique', 'A meeting already exists with that meeting ID.');
    const error = await adapter.ensure(meeting(3)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('service_unavailable');
    expect((error as AppError).detail).toEqual({
      key: 'meetings.vendorRefused',
      params: { reason: 'A meeting already exists with that meeting ID.' },
    });
  });

  it('is refused by BBB when the secret is wrong (checksumError)', async () => {
    const adapter = bigBlueButtonAdapter({ url: bbb.url, secret: 'not-the-secret', checksum: 'sha256' });
    const error = (await adapter.ensure(meeting(4)).catch((e: unknown) => e)) as AppError;
    expect(error.detail).toEqual({
      key: 'meetings.vendorRefused',
      params: { reason: 'Checksums do not match' },
    });
    expect(bbb.calls.at(-1)?.checksumOk).toBe(false);
  });

  it('answers unreachable when nothing listens', async () => {
    const adapter = bigBlueButtonAdapter({
      url: 'http://127.0.0.1:9/bigbluebutton/',
      secret: 's',
      checksum: 'sha1',
      timeoutMs: 2000,
    });
    const error = (await adapter.replays(meeting(5)).catch((e: unknown) => e)) as AppError;
    expect(error.detail).toBe('meetings.vendorUnreachable');
  });
});

describe('generic adapter', () => {
  it('links the pasted meeting: host and guest links, code as id, pasted replays', async () => {
    const adapter = genericMeetingAdapter();
    const ref = meeting(1, {
      meeting_code: '123-456',
      join_url: 'https://meet.example.com/j/1',
      host_join_url: 'https://meet.example.com/h/1',
      replay_address: ['https://meet.example.com/r/1'],
    });
    expect(await adapter.ensure(ref)).toEqual({ meetingId: '123-456' });
    expect(await adapter.joinUrl(ref, { id: 1, name: 'A', role: 'host' })).toBe(
      'https://meet.example.com/h/1',
    );
    expect(await adapter.joinUrl(ref, { id: 2, name: 'B', role: 'guest' })).toBe(
      'https://meet.example.com/j/1',
    );
    expect((await adapter.replays(ref)).map((r) => r.url)).toEqual(['https://meet.example.com/r/1']);
    expect(await adapter.joinUrl(meeting(2), { id: 2, name: 'B', role: 'guest' })).toBeNull();
  });
});
