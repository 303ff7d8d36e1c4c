import { z } from 'zod';
import { IdSchema, IsoDateSchema, IsoDateTimeSchema } from '../common/primitives.schemas.ts';

/**
 * Organisation feature switches, under these wire names inside `settings` of GET /api/org (spec 001
 * sections 4–5): h5_courseware_completeness (completion criteria for H5 courseware), markdown (the
 * editor's markdown mode and whether it starts active), vocabulary (the editor's vocabulary item),
 * editor_activity_refer (referencing activities from the editor) and ai (the AI assistant, "gpt").
 */
export const OrgFeaturesSchema = z
  .object({
    h5_courseware_completeness: z.boolean(),
    markdown: z.object({ enable: z.boolean(), default_active: z.boolean() }),
    vocabulary: z.boolean(),
    editor_activity_refer: z.boolean(),
    ai: z.boolean(),
  })
  .meta({ id: 'OrgFeatures' });
export type OrgFeatures = z.infer<typeof OrgFeaturesSchema>;

export const DEFAULT_ORG_FEATURES: OrgFeatures = {
  h5_courseware_completeness: false,
  markdown: { enable: false, default_active: false },
  vocabulary: false,
  editor_activity_refer: true,
  ai: false,
};

export const LiveRecordSettingsSchema = z
  .object({
    allow_download_recordings: z.boolean(),
    /** Days recordings are kept; 0 keeps them for ever. */
    retention_days: z.number().int().min(0).max(3650),
    /**
     * Cloud recordings put on a live activity as resources (its replay) may not be deleted, not even by
     * their uploader (spec 001 section 6). Stored settings from before it read as off.
     */
    protect_cloud_recordings: z.boolean().default(false),
  })
  .meta({ id: 'LiveRecordSettings' });
export type LiveRecordSettings = z.infer<typeof LiveRecordSettingsSchema>;

export const DEFAULT_LIVE_RECORD_SETTINGS: LiveRecordSettings = {
  allow_download_recordings: false,
  retention_days: 0,
  protect_cloud_recordings: false,
};

/** Only raster images: an SVG logo could carry script into every page that shows it. */
export const PORTAL_LOGO_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

export const PortalLogoSchema = z
  .object({ url: z.string().nullable(), upload_id: z.number().int().nullable() })
  .meta({ id: 'PortalLogo' });
export type PortalLogo = z.infer<typeof PortalLogoSchema>;

export const PortalLogoQuerySchema = z.object({ upload_id: IdSchema });

export const ALERT_POPUP_LIMITS = { titleMax: 100, contentMax: 20_000 } as const;

export const AlertPopupSchema = z
  .object({
    enabled: z.boolean(),
    title: z.string(),
    /** Sanitised HTML. */
    content: z.string(),
    /** Changes on every save: the web shows a notice once per version. */
    updated_at: IsoDateTimeSchema.nullable(),
  })
  .meta({ id: 'AlertPopup' });
export type AlertPopup = z.infer<typeof AlertPopupSchema>;

export const UpdateAlertPopupRequestSchema = z.object({
  enabled: z.boolean(),
  title: z.string().trim().max(ALERT_POPUP_LIMITS.titleMax, 'identity.alertTitleTooLong'),
  content: z.string().max(ALERT_POPUP_LIMITS.contentMax, 'identity.alertContentTooLong'),
});
export type UpdateAlertPopupRequest = z.infer<typeof UpdateAlertPopupRequestSchema>;

const departmentName = z.string().trim().min(1, 'identity.departmentNameRequired').max(100);
const code = z.string().trim().min(1).max(64);

export const CreateDepartmentRequestSchema = z.object({
  name: departmentName,
  code: code.optional(),
  sort: z.number().int().min(0).max(100_000).optional(),
});
export type CreateDepartmentRequest = z.infer<typeof CreateDepartmentRequestSchema>;

export const UpdateDepartmentRequestSchema = z.object({
  name: departmentName.optional(),
  code: code.optional(),
  sort: z.number().int().min(0).max(100_000).optional(),
});
export type UpdateDepartmentRequest = z.infer<typeof UpdateDepartmentRequestSchema>;

export const OrgIdDepartmentParamsSchema = z.object({ id: IdSchema, departmentId: IdSchema });

export const OrgSemesterSchema = z
  .object({
    id: z.number().int(),
    academic_year_id: z.number().int(),
    name: z.string(),
    code: z.string(),
    sort: z.number().int(),
    start_date: z.string().nullable(),
    end_date: z.string().nullable(),
  })
  .meta({ id: 'OrgSemester' });
export type OrgSemester = z.infer<typeof OrgSemesterSchema>;

export const AcademicYearSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    code: z.string(),
    sort: z.number().int(),
    semesters: z.array(OrgSemesterSchema),
  })
  .meta({ id: 'AcademicYear' });
export type AcademicYear = z.infer<typeof AcademicYearSchema>;

export const AcademicYearsResponseSchema = z.object({ academic_years: z.array(AcademicYearSchema) });
export type AcademicYearsResponse = z.infer<typeof AcademicYearsResponseSchema>;

const termName = z.string().trim().min(1, 'identity.termNameRequired').max(100);

export const SaveAcademicYearRequestSchema = z.object({
  name: termName,
  code: code.optional(),
  sort: z.number().int().min(0).max(100_000).optional(),
});
export type SaveAcademicYearRequest = z.infer<typeof SaveAcademicYearRequestSchema>;

export const SaveSemesterRequestSchema = z
  .object({
    academic_year_id: IdSchema,
    name: termName,
    code: code.optional(),
    sort: z.number().int().min(0).max(100_000).optional(),
    start_date: IsoDateSchema.nullable().optional(),
    end_date: IsoDateSchema.nullable().optional(),
  })
  .refine((v) => !v.start_date || !v.end_date || v.start_date <= v.end_date, {
    path: ['end_date'],
    message: 'identity.semesterEndBeforeStart',
  });
export type SaveSemesterRequest = z.infer<typeof SaveSemesterRequestSchema>;

export const OrgIdChildParamsSchema = z.object({ id: IdSchema, childId: IdSchema });
