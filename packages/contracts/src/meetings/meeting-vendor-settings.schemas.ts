import { z } from 'zod';
import { IsoDateTimeSchema } from '../common/primitives.schemas.ts';

/**
 * An organisation's meeting vendor credentials, `GET`/`PUT /api/orgs/{id}/meeting-vendor-settings`
 * (organisation administrators). Secrets are write-only: a response says whether one is stored
 * (`<field>_set`), never what it is; a request leaves a secret empty (or out) to keep the stored one.
 * A vendor the organisation never saved uses the server's environment (`source: 'environment'`, or
 * `'none'` when the environment has no credentials either).
 */
export const MEETING_VENDOR_KEYS = ['tencent', 'lark', 'caldav', 'bigbluebutton'] as const;
export const MeetingVendorKeySchema = z.enum(MEETING_VENDOR_KEYS);
export type MeetingVendorKey = z.infer<typeof MeetingVendorKeySchema>;

export const VendorSettingsSourceSchema = z.enum(['organisation', 'environment', 'none']);
export type VendorSettingsSource = z.infer<typeof VendorSettingsSourceSchema>;

/** The secret fields of each vendor: stored encrypted, never answered. */
export const MEETING_VENDOR_SECRET_FIELDS = {
  tencent: ['secret_id', 'secret_key'],
  lark: ['app_secret'],
  caldav: ['password'],
  bigbluebutton: ['secret'],
} as const satisfies Record<MeetingVendorKey, readonly string[]>;

/** The fields an enabled vendor cannot work without (secrets: given now or already stored). */
export const MEETING_VENDOR_REQUIRED_FIELDS = {
  tencent: ['app_id', 'secret_id', 'secret_key', 'api_url'],
  lark: ['app_id', 'app_secret', 'redirect_uri', 'api_url', 'accounts_url'],
  caldav: ['url'],
  bigbluebutton: ['url', 'secret'],
} as const satisfies Record<MeetingVendorKey, readonly string[]>;

export const MEETING_VENDOR_DEFAULT_URLS = {
  tencent: { api_url: 'https://api.meeting.qq.com' },
  lark: { api_url: 'https://open.feishu.cn', accounts_url: 'https://accounts.feishu.cn' },
} as const;

const text = z.string().trim().max(200, 'meetings.settingsTooLong');
/** Empty or absent: keep the stored secret. */
const secret = z.string().trim().max(500, 'meetings.settingsTooLong').optional();
/** An http(s) address, or empty (required only when the vendor is enabled: the server says so per field). */
const HttpUrlSchema = z.url({ protocol: /^https?$/ });
export function isHttpUrlOrEmpty(value: string): boolean {
  return value === '' || HttpUrlSchema.safeParse(value).success;
}
const httpUrl = z
  .string()
  .trim()
  .max(500, 'meetings.settingsTooLong')
  .refine(isHttpUrlOrEmpty, 'meetings.settingsUrlInvalid');

const TencentFields = { app_id: text, sdk_id: text, api_url: httpUrl };
const LarkFields = { app_id: text, redirect_uri: httpUrl, api_url: httpUrl, accounts_url: httpUrl };
const CaldavFields = { url: httpUrl, username: text };
const BbbFields = {
  url: httpUrl,
  checksum: z.enum(['sha1', 'sha256']),
  /** Meeting activity types made on BigBlueButton; empty: every third-party type. */
  types: z.array(z.string().trim().min(1).max(64)).max(20),
};

const common = { enabled: z.boolean() };
const response = { source: VendorSettingsSourceSchema, updated_at: IsoDateTimeSchema.nullable() };

export const TencentVendorSettingsSchema = z.object({
  ...response,
  ...common,
  ...TencentFields,
  secret_id_set: z.boolean(),
  secret_key_set: z.boolean(),
});
export const LarkVendorSettingsSchema = z.object({
  ...response,
  ...common,
  ...LarkFields,
  app_secret_set: z.boolean(),
});
export const CaldavVendorSettingsSchema = z.object({
  ...response,
  ...common,
  ...CaldavFields,
  password_set: z.boolean(),
});
export const BbbVendorSettingsSchema = z.object({
  ...response,
  ...common,
  ...BbbFields,
  secret_set: z.boolean(),
});

export const MeetingVendorSettingsSchema = z
  .object({
    tencent: TencentVendorSettingsSchema,
    lark: LarkVendorSettingsSchema,
    caldav: CaldavVendorSettingsSchema,
    bigbluebutton: BbbVendorSettingsSchema,
  })
  .meta({ id: 'MeetingVendorSettings' });
export type MeetingVendorSettings = z.infer<typeof MeetingVendorSettingsSchema>;

export const TencentVendorSettingsInputSchema = z.object({
  ...common,
  ...TencentFields,
  secret_id: secret,
  secret_key: secret,
});
export const LarkVendorSettingsInputSchema = z.object({ ...common, ...LarkFields, app_secret: secret });
export const CaldavVendorSettingsInputSchema = z.object({ ...common, ...CaldavFields, password: secret });
export const BbbVendorSettingsInputSchema = z.object({ ...common, ...BbbFields, secret });

/** Only the vendors present are saved; each replaces that vendor's settings (secrets kept when empty). */
export const UpdateMeetingVendorSettingsRequestSchema = z
  .object({
    tencent: TencentVendorSettingsInputSchema.optional(),
    lark: LarkVendorSettingsInputSchema.optional(),
    caldav: CaldavVendorSettingsInputSchema.optional(),
    bigbluebutton: BbbVendorSettingsInputSchema.optional(),
  })
  .meta({ id: 'UpdateMeetingVendorSettingsRequest' });
export type UpdateMeetingVendorSettingsRequest = z.input<typeof UpdateMeetingVendorSettingsRequestSchema>;
