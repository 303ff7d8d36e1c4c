import type { z } from 'zod';
import {
  MEETING_VENDOR_DEFAULT_URLS,
  MEETING_VENDOR_KEYS,
  MEETING_VENDOR_REQUIRED_FIELDS,
  MEETING_VENDOR_SECRET_FIELDS,
  type MeetingVendorKey,
  type MeetingVendorSettings,
  type UpdateMeetingVendorSettingsRequestSchema,
} from '@lectern/contracts/meetings/meeting-vendor-settings.schemas';
import type { AppContext } from '../../platform/app-context.ts';
import { invalid, type FieldMessages } from '../../platform/errors.ts';
import { refusedAddressOf, type OutboundPolicy } from '../../platform/http/outbound-fetch.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { assertOrgAdmin } from '../identity/org-admin.policy.ts';
import {
  meetingVendorSettingsRepository,
  type VendorSettingsRow,
} from './meeting-vendor-settings.repository.ts';
import {
  environmentCredentials,
  storedSecret,
  vendorPolicy,
  type VendorCredentials,
} from './meeting-vendors.ts';
import { isVendorMeetingType } from './meetings.policy.ts';
import { vendorSecrets } from './vendor-secrets.ts';

type UpdateInput = z.output<typeof UpdateMeetingVendorSettingsRequestSchema>;
type Fields = Record<string, string | string[] | boolean>;

const LARK_CALLBACK_PATH = '/api/lark/authorization/callback';

/** The environment's values of a vendor under the wire names: plain fields and the secrets it holds. */
function environmentFields(
  vendor: MeetingVendorKey,
  env: VendorCredentials,
): { plain: Fields; secrets: Record<string, string | undefined> } | null {
  switch (vendor) {
    case 'tencent': {
      const c = env.tencent;
      return c
        ? {
            plain: { app_id: c.appId, sdk_id: c.sdkId ?? '', api_url: c.apiUrl },
            secrets: { secret_id: c.secretId, secret_key: c.secretKey },
          }
        : null;
    }
    case 'lark': {
      const c = env.lark;
      return c
        ? {
            plain: {
              app_id: c.appId,
              redirect_uri: c.redirectUri,
              api_url: c.apiUrl,
              accounts_url: c.accountsUrl,
            },
            secrets: { app_secret: c.appSecret },
          }
        : null;
    }
    case 'caldav': {
      const c = env.caldav;
      return c
        ? { plain: { url: c.url, username: c.username ?? '' }, secrets: { password: c.password } }
        : null;
    }
    case 'bigbluebutton': {
      const c = env.bigBlueButton;
      return c
        ? {
            plain: { url: c.url, checksum: c.checksum, types: [...(c.types ?? [])] },
            secrets: { secret: c.secret },
          }
        : null;
    }
  }
}

/**
 * An organisation's meeting vendor settings (its administrators' page). Secrets are sealed with the
 * meetings slice's one scheme (`vendor-secrets.ts`) and only their presence leaves the server; a secret
 * left empty on save keeps the one stored (or the environment's, when the organisation saves the vendor
 * for the first time). The adapters pick a save up on their next call (`meeting-vendors.ts`).
 */
export function meetingVendorSettingsService(ctx: AppContext) {
  const repo = meetingVendorSettingsRepository(ctx.db);
  const secrets = vendorSecrets(ctx.config.sessionSecret);
  const env = environmentCredentials(ctx.config);
  const publicUrl = ctx.config.sso.publicUrl;

  /** What an organisation that saved nothing for a vendor starts from in the form. */
  function blankFields(vendor: MeetingVendorKey): Fields {
    switch (vendor) {
      case 'tencent':
        return { app_id: '', sdk_id: '', api_url: MEETING_VENDOR_DEFAULT_URLS.tencent.api_url };
      case 'lark':
        return {
          app_id: '',
          redirect_uri: publicUrl ? `${publicUrl}${LARK_CALLBACK_PATH}` : '',
          ...MEETING_VENDOR_DEFAULT_URLS.lark,
        };
      case 'caldav':
        return { url: '', username: '' };
      case 'bigbluebutton':
        return { url: '', checksum: 'sha1', types: [] };
    }
  }

  function presentVendor(vendor: MeetingVendorKey, row: VendorSettingsRow | undefined) {
    const secretFields: readonly string[] = MEETING_VENDOR_SECRET_FIELDS[vendor];
    const blank = blankFields(vendor);
    if (row) {
      const plain = Object.fromEntries(
        Object.entries(blank).map(([key, fallback]) => {
          const stored = row.settings[key];
          return [key, typeof stored === typeof fallback && stored !== undefined ? stored : fallback];
        }),
      );
      return {
        source: 'organisation' as const,
        updated_at: row.updatedAt.toISOString(),
        enabled: row.enabled,
        ...plain,
        ...Object.fromEntries(
          secretFields.map((f) => [`${f}_set`, storedSecret(row, f, secrets) !== undefined]),
        ),
      };
    }
    const fromEnv = environmentFields(vendor, env);
    return {
      source: fromEnv ? ('environment' as const) : ('none' as const),
      updated_at: null,
      enabled: fromEnv !== null,
      ...blank,
      ...(fromEnv?.plain ?? {}),
      ...Object.fromEntries(secretFields.map((f) => [`${f}_set`, Boolean(fromEnv?.secrets[f])])),
    };
  }

  function present(rows: readonly VendorSettingsRow[]): MeetingVendorSettings {
    const of = (vendor: MeetingVendorKey) => rows.find((r) => r.vendor === vendor);
    // The contract's response schema (serialisation) checks each vendor's exact shape.
    return Object.fromEntries(
      MEETING_VENDOR_KEYS.map((vendor) => [vendor, presentVendor(vendor, of(vendor))]),
    ) as unknown as MeetingVendorSettings;
  }

  return {
    /** `GET /api/orgs/{id}/meeting-vendor-settings`: each vendor's settings, secrets only as `_set`. */
    async get(actor: Actor, orgId: number): Promise<MeetingVendorSettings> {
      assertOrgAdmin(actor, orgId);
      return present(await repo.listForOrg(orgId));
    },

    /**
     * `PUT /api/orgs/{id}/meeting-vendor-settings`: saves the vendors in the body, all or none. An enabled
     * vendor must have every field its client needs; each missing one is a field error (`tencent.app_id`).
     */
    async update(actor: Actor, orgId: number, input: UpdateInput): Promise<MeetingVendorSettings> {
      assertOrgAdmin(actor, orgId);
      // Resolved before the transaction: a slow name server must not hold it open.
      const fields: FieldMessages = await privateAddressErrors(input, vendorPolicy(ctx.config));
      return ctx.db.transaction(async (tx) => {
        const rows = await repo.listForOrg(orgId, tx);
        const saves: Parameters<typeof repo.save>[0][] = [];
        for (const vendor of MEETING_VENDOR_KEYS) {
          const given = input[vendor] as (Record<string, unknown> & { enabled: boolean }) | undefined;
          if (!given) continue;
          const row = rows.find((r) => r.vendor === vendor);
          const secretFields: readonly string[] = MEETING_VENDOR_SECRET_FIELDS[vendor];
          const settings = Object.fromEntries(
            Object.keys(blankFields(vendor)).map((key) => [key, given[key]]),
          );
          const sealed: Record<string, string> = {};
          for (const field of secretFields) {
            const value = given[field];
            if (typeof value === 'string' && value !== '') sealed[field] = secrets.encrypt(value);
            else if (row) {
              // Kept only while it still opens: one sealed under a rotated session secret must be typed again.
              const kept = row.secretsEncrypted[field];
              if (kept && storedSecret(row, field, secrets) !== undefined) sealed[field] = kept;
            } else {
              const inherited = environmentFields(vendor, env)?.secrets[field];
              if (inherited) sealed[field] = secrets.encrypt(inherited);
            }
          }
          if (given.enabled) {
            for (const field of MEETING_VENDOR_REQUIRED_FIELDS[vendor] as readonly string[]) {
              const filled = secretFields.includes(field)
                ? sealed[field] !== undefined
                : typeof settings[field] === 'string' && settings[field] !== '';
              if (!filled) fields[`${vendor}.${field}`] = ['meetings.settingsRequired'];
            }
          }
          if (vendor === 'bigbluebutton') {
            const types = settings.types as string[];
            if (types.some((t) => !isVendorMeetingType(t))) {
              fields['bigbluebutton.types'] = ['meetings.unknownMeetingType'];
            }
            settings.types = [...new Set(types)];
          }
          saves.push({
            orgId,
            vendor,
            enabled: given.enabled,
            settings,
            secretsEncrypted: sealed,
            updatedBy: actor.userId,
          });
        }
        if (Object.keys(fields).length > 0) throw invalid(fields);
        for (const save of saves) await repo.save(save, tx);
        return present(await repo.listForOrg(orgId, tx));
      });
    },
  };
}

/** The URL fields Lectern itself calls (a Lark redirect URI is the browser's, not the server's). */
const CALLED_URL_FIELDS: Readonly<Record<MeetingVendorKey, readonly string[]>> = {
  tencent: ['api_url'],
  lark: ['api_url', 'accounts_url'],
  caldav: ['url'],
  bigbluebutton: ['url'],
};

/**
 * A field error for each URL of an enabled vendor that the outbound policy would refuse to call: the
 * administrator hears it on saving, instead of every later call answering "unreachable".
 */
async function privateAddressErrors(input: UpdateInput, policy: OutboundPolicy): Promise<FieldMessages> {
  const checks: Promise<[string, string | null]>[] = [];
  for (const vendor of MEETING_VENDOR_KEYS) {
    const given = input[vendor] as (Record<string, unknown> & { enabled: boolean }) | undefined;
    if (!given?.enabled) continue;
    for (const field of CALLED_URL_FIELDS[vendor]) {
      const url = given[field];
      if (typeof url === 'string' && url !== '') {
        checks.push(refusedAddressOf(url, policy).then((refused) => [`${vendor}.${field}`, refused]));
      }
    }
  }
  const fields: FieldMessages = {};
  for (const [field, refused] of await Promise.all(checks)) {
    if (refused !== null) fields[field] = ['meetings.addressNotPublic'];
  }
  return fields;
}
