import type { MeetingVendorKey } from '@lectern/contracts/meetings/meeting-vendor-settings.schemas';
import type { Config, MeetingVendorsConfig } from '../../config.ts';
import type { AppContext } from '../../platform/app-context.ts';
import { createOutboundFetch, type OutboundPolicy } from '../../platform/http/outbound-fetch.ts';
import { bigBlueButtonAdapter } from './bigbluebutton.adapter.ts';
import { calDavClient, calendarMeetingAdapter } from './calendar-meeting.adapter.ts';
import { genericMeetingAdapter } from './generic-meeting.adapter.ts';
import { larkClient, larkMeetingAdapter } from './lark-meeting.adapter.ts';
import type { MeetingAdapter } from './meeting-adapter.ts';
import type { MeetingData } from '@lectern/contracts/meetings/meeting-data';
import {
  meetingVendorSettingsRepository,
  type VendorSettingsRow,
} from './meeting-vendor-settings.repository.ts';
import { tencentMeetingAdapter, tencentMeetingClient } from './tencent-meeting.adapter.ts';
import { vendorSecrets } from './vendor-secrets.ts';

/** The vendors' names as the messages show them. */
export const VENDOR_NAMES = {
  lark: 'Lark',
  tencent: 'Tencent Meeting',
  calendar: 'Calendar meetings',
} as const;

/** What the adapters are built from: the environment's, or an organisation's own (settings page). */
export type VendorCredentials = Readonly<{
  bigBlueButton: Config['bigBlueButton'];
  tencent: MeetingVendorsConfig['tencent'];
  lark: MeetingVendorsConfig['lark'];
  caldav: MeetingVendorsConfig['caldav'];
}>;

export function environmentCredentials(config: Config): VendorCredentials {
  return {
    bigBlueButton: config.bigBlueButton,
    tencent: config.meetingVendors.tencent,
    lark: config.meetingVendors.lark,
    caldav: config.meetingVendors.caldav,
  };
}

type Secrets = ReturnType<typeof vendorSecrets>;

/** A stored row's plain field, or undefined when empty. */
function plain(row: VendorSettingsRow, field: string): string | undefined {
  const value = row.settings[field];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** A stored row's secret, decrypted; undefined when absent or sealed under another session secret. */
export function storedSecret(row: VendorSettingsRow, field: string, secrets: Secrets): string | undefined {
  const sealed = row.secretsEncrypted[field];
  return sealed ? (secrets.decrypt(sealed) ?? undefined) : undefined;
}

/**
 * The credentials an organisation's meetings use: per vendor, its saved settings when it saved any (not
 * enabled, or incomplete, turns the vendor off for it), else the environment's.
 */
export function organisationCredentials(
  env: VendorCredentials,
  rows: readonly VendorSettingsRow[],
  secrets: Secrets,
): VendorCredentials {
  const rowOf = (vendor: MeetingVendorKey) => rows.find((r) => r.vendor === vendor);
  const resolved: { -readonly [K in keyof VendorCredentials]: VendorCredentials[K] } = { ...env };

  const tencent = rowOf('tencent');
  if (tencent) {
    const appId = plain(tencent, 'app_id');
    const apiUrl = plain(tencent, 'api_url');
    const secretId = storedSecret(tencent, 'secret_id', secrets);
    const secretKey = storedSecret(tencent, 'secret_key', secrets);
    resolved.tencent =
      tencent.enabled && appId && apiUrl && secretId && secretKey
        ? { appId, sdkId: plain(tencent, 'sdk_id'), secretId, secretKey, apiUrl }
        : undefined;
  }

  const lark = rowOf('lark');
  if (lark) {
    const appId = plain(lark, 'app_id');
    const redirectUri = plain(lark, 'redirect_uri');
    const apiUrl = plain(lark, 'api_url');
    const accountsUrl = plain(lark, 'accounts_url');
    const appSecret = storedSecret(lark, 'app_secret', secrets);
    resolved.lark =
      lark.enabled && appId && redirectUri && apiUrl && accountsUrl && appSecret
        ? { appId, appSecret, redirectUri, apiUrl, accountsUrl }
        : undefined;
  }

  const caldav = rowOf('caldav');
  if (caldav) {
    const url = plain(caldav, 'url');
    resolved.caldav =
      caldav.enabled && url
        ? {
            url,
            username: plain(caldav, 'username'),
            password: storedSecret(caldav, 'password', secrets),
          }
        : undefined;
  }

  const bbb = rowOf('bigbluebutton');
  if (bbb) {
    const url = plain(bbb, 'url');
    const secret = storedSecret(bbb, 'secret', secrets);
    const types = Array.isArray(bbb.settings.types)
      ? bbb.settings.types.filter((t): t is string => typeof t === 'string')
      : [];
    resolved.bigBlueButton =
      bbb.enabled && url && secret
        ? {
            url,
            secret,
            checksum: bbb.settings.checksum === 'sha256' ? 'sha256' : 'sha1',
            types: types.length > 0 ? types : undefined,
          }
        : undefined;
  }
  return resolved;
}

/**
 * What every vendor call is held to (platform/http/outbound-fetch.ts): the environment's own vendor URLs
 * are the operator's choice and are called as they are (a campus BigBlueButton on a private address keeps
 * working, and so do its recordings' links on that host and port). What an organisation's administrator
 * types, or a vendor answers, reaches anything else only if it is a public address or allowed by
 * OUTBOUND_ALLOW_HOSTS.
 */
export function vendorPolicy(config: Config): OutboundPolicy {
  const env = environmentCredentials(config);
  const urls = [
    env.bigBlueButton?.url,
    env.tencent?.apiUrl,
    env.lark?.apiUrl,
    env.lark?.accountsUrl,
    env.caldav?.url,
  ];
  return {
    allowHosts: config.outboundAllowHosts,
    trustedUrls: urls.filter((url): url is string => url !== undefined),
  };
}

/** The fetch of that policy, one per configuration so its connection pool is shared. */
const outboundByConfig = new WeakMap<Config, typeof fetch>();

export function vendorFetch(config: Config): typeof fetch {
  let outbound = outboundByConfig.get(config);
  if (!outbound) {
    outbound = createOutboundFetch(vendorPolicy(config));
    outboundByConfig.set(config, outbound);
  }
  return outbound;
}

/**
 * The clients the vendor calls use and the adapter each meeting is served by, for one set of credentials,
 * calling through `doFetch` (vendorFetch; the global fetch when not given).
 */
export function buildMeetingVendors(credentials: VendorCredentials, doFetch?: typeof fetch) {
  const generic = genericMeetingAdapter();
  const bbbConfig = credentials.bigBlueButton;
  const bbb = bbbConfig ? bigBlueButtonAdapter({ ...bbbConfig, fetch: doFetch }) : undefined;
  const tencent = credentials.tencent
    ? tencentMeetingClient({ ...credentials.tencent, fetch: doFetch })
    : undefined;
  const lark = credentials.lark ? larkClient({ ...credentials.lark, fetch: doFetch }) : undefined;
  const caldav = credentials.caldav ? calDavClient({ ...credentials.caldav, fetch: doFetch }) : undefined;
  const adapters = {
    tencent: tencent ? tencentMeetingAdapter(tencent) : undefined,
    lark: larkMeetingAdapter(),
    calendar: calendarMeetingAdapter(),
  };

  return {
    generic,
    bbb,
    tencent,
    lark,
    caldav,
    /**
     * The adapter of a meeting: one Lectern made on a vendor stays with that vendor; a pasted link is
     * linked as it is; otherwise the configured BigBlueButton for its type; else the generic adapter.
     */
    adapterFor(type: string, data: MeetingData): MeetingAdapter {
      if (data.meeting_vendor === 'tencent' && adapters.tencent) return adapters.tencent;
      if (data.meeting_vendor === 'lark') return adapters.lark;
      if (data.meeting_vendor === 'calendar') return adapters.calendar;
      if (data.join_url || data.host_join_url || data.guest_join_url) return generic;
      if (bbb && (!bbbConfig?.types || bbbConfig.types.includes(type))) return bbb;
      return generic;
    },
  };
}

export type MeetingVendors = ReturnType<typeof buildMeetingVendors>;

/**
 * The meeting vendors of each organisation: its own settings (saved by its administrators) over the
 * environment's (docs/deploy.md). The settings rows are read on every resolution — a primary-key read of at
 * most four rows — and the built clients are reused while those rows are unchanged, so a save in any
 * process takes effect on the next call everywhere without a cache to invalidate.
 */
export function meetingVendors(ctx: Pick<AppContext, 'config' | 'db'>) {
  const env = environmentCredentials(ctx.config);
  const outbound = vendorFetch(ctx.config);
  const fromEnvironment = buildMeetingVendors(env, outbound);
  const repo = meetingVendorSettingsRepository(ctx.db);
  const secrets = vendorSecrets(ctx.config.sessionSecret);
  const built = new Map<number, { stamp: string; vendors: MeetingVendors }>();

  return {
    async forOrg(orgId: number): Promise<MeetingVendors> {
      const rows = await repo.listForOrg(orgId);
      if (rows.length === 0) return fromEnvironment;
      // Sealed secrets carry a fresh IV on every save, so any save changes the stamp.
      const stamp = JSON.stringify(
        [...rows]
          .sort((a, b) => a.vendor.localeCompare(b.vendor))
          .map((r) => [r.vendor, r.enabled, r.settings, r.secretsEncrypted]),
      );
      const cached = built.get(orgId);
      if (cached?.stamp === stamp) return cached.vendors;
      const vendors = buildMeetingVendors(organisationCredentials(env, rows, secrets), outbound);
      built.set(orgId, { stamp, vendors });
      return vendors;
    },
  };
}

export type MeetingVendorsResolver = ReturnType<typeof meetingVendors>;
