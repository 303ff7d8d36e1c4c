import { startBbbServer, type BbbServerFake } from './bbb-server.fake.ts';
import { startCalDavServer, type CalDavFake } from './caldav-server.fake.ts';
import { startLarkServer, type LarkFake } from './lark.fake.ts';
import { startTencentMeetingServer, type TencentMeetingFake } from './tencent-meeting.fake.ts';

/** The Lark redirect URI the doubles and the test app agree on (under SSO_PUBLIC_URL, never resolved). */
export const LARK_CALLBACK = 'http://lectern.test/api/lark/authorization/callback';

export type MeetingVendorDoubles = {
  tencent: TencentMeetingFake;
  lark: LarkFake;
  dav: CalDavFake;
  /** The configuration that points a test app at these doubles, for createTestApp's overrides. */
  env: Record<string, string>;
  /** Stops every double started. */
  close(): Promise<void>;
};

/**
 * Starts the meeting vendors' doubles side by side (Tencent Meeting, Lark and a CalDAV calendar, and
 * BigBlueButton when asked) and the configuration that points a test app at them. The route tests of the
 * meeting vendors all talk to the same set; starting and wiring it in one place keeps them from drifting
 * apart (a variable added for one vendor and forgotten in another file's copy). What a test needs beyond
 * the wiring (time periods, the activity types BBB serves, size limits) stays in that test.
 */
export async function startMeetingVendorDoubles(): Promise<MeetingVendorDoubles>;
export async function startMeetingVendorDoubles(options: {
  bbb: true;
}): Promise<MeetingVendorDoubles & { bbb: BbbServerFake }>;
export async function startMeetingVendorDoubles(
  options: { bbb?: boolean } = {},
): Promise<MeetingVendorDoubles & { bbb?: BbbServerFake }> {
  const [tencent, lark, dav, bbb] = await Promise.all([
    startTencentMeetingServer(),
    startLarkServer(LARK_CALLBACK),
    startCalDavServer(),
    options.bbb ? startBbbServer() : undefined,
  ]);
  const env: Record<string, string> = {
    TENCENT_MEETING_APP_ID: tencent.appId,
    TENCENT_MEETING_SDK_ID: tencent.sdkId,
    TENCENT_MEETING_SECRET_ID: tencent.secretId,
    TENCENT_MEETING_SECRET_KEY: tencent.secretKey,
    TENCENT_MEETING_API_URL: tencent.url,
    LARK_APP_ID: lark.appId,
    LARK_APP_SECRET: lark.appSecret,
    LARK_REDIRECT_URI: LARK_CALLBACK,
    LARK_API_URL: lark.url,
    LARK_ACCOUNTS_URL: lark.url,
    CALDAV_URL: dav.url,
    CALDAV_USERNAME: dav.username,
    CALDAV_PASSWORD: dav.password,
    ...(bbb ? { BBB_URL: bbb.url, BBB_SECRET: bbb.secret } : {}),
  };
  const close = async () => {
    await Promise.all([tencent.close(), lark.close(), dav.close(), bbb?.close()]);
  };
  return { tencent, lark, dav, ...(bbb ? { bbb } : {}), env, close };
}
