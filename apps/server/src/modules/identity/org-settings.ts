import {
  AlertPopupSchema,
  DEFAULT_LIVE_RECORD_SETTINGS,
  DEFAULT_ORG_FEATURES,
  LiveRecordSettingsSchema,
  OrgFeaturesSchema,
  type AlertPopup,
  type LiveRecordSettings,
  type OrgFeatures,
} from '@lectern/contracts/identity/org-admin.schemas';

/**
 * Where each setting lives in `orgs.settings` (jsonb). The feature switches sit at the top level under
 * their wire names, so GET /api/org shows them as the spec's clients read them; the rest sit under keys
 * of their own and are read through their own endpoints.
 */
export const LIVE_RECORD_KEY = 'live_record';
export const ALERT_POPUP_KEY = 'alert_popup';
export const PORTAL_LOGO_KEY = 'portal_logo_upload_id';

/** Keys kept out of GET /api/org: the notice has its own endpoint, read once after sign-in. */
const PRIVATE_KEYS = new Set([ALERT_POPUP_KEY]);

/** Stored values that no longer parse (older shapes, hand edits) fall back to the defaults one by one. */
export function featuresOf(settings: Record<string, unknown>): OrgFeatures {
  const features: Record<string, unknown> = { ...DEFAULT_ORG_FEATURES };
  for (const key of Object.keys(DEFAULT_ORG_FEATURES) as (keyof OrgFeatures)[]) {
    const parsed = OrgFeaturesSchema.shape[key].safeParse(settings[key]);
    if (parsed.success) features[key] = parsed.data;
  }
  return features as OrgFeatures;
}

export function liveRecordOf(settings: Record<string, unknown>): LiveRecordSettings {
  const parsed = LiveRecordSettingsSchema.safeParse(settings[LIVE_RECORD_KEY]);
  return parsed.success ? parsed.data : DEFAULT_LIVE_RECORD_SETTINGS;
}

export function alertPopupOf(settings: Record<string, unknown>): AlertPopup {
  const parsed = AlertPopupSchema.safeParse(settings[ALERT_POPUP_KEY]);
  return parsed.success ? parsed.data : { enabled: false, title: '', content: '', updated_at: null };
}

export function portalLogoIdOf(settings: Record<string, unknown>): number | null {
  const value = settings[PORTAL_LOGO_KEY];
  return typeof value === 'number' ? value : null;
}

/** The settings GET /api/org shows: what is stored, with every feature switch filled in. */
export function publicSettingsOf(settings: Record<string, unknown>): Record<string, unknown> {
  const shown = Object.fromEntries(Object.entries(settings).filter(([key]) => !PRIVATE_KEYS.has(key)));
  return { ...shown, ...featuresOf(settings) };
}
