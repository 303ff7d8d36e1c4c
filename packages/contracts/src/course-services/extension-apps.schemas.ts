import { z } from 'zod';

/**
 * A course's extension apps (spec 001 section 7, "Other"): external tools an instructor links into the
 * course, such as a lab environment, a simulation or a publisher's site, opened from the course page.
 * Lectern stores the link itself; it signs nothing into the tool, so an app is only ever a URL.
 */
export const EXTENSION_APP_LIMITS = { nameMax: 60, urlMax: 2000, perCourse: 30 } as const;

const HttpUrlSchema = z.url({ protocol: /^https?$/ });

/** Only web addresses: `javascript:`, `data:` and the like would run in the course page's origin. */
export function isWebUrl(value: string): boolean {
  return HttpUrlSchema.safeParse(value).success;
}

const WebUrlSchema = (message: string) =>
  z
    .string(message)
    .trim()
    .max(EXTENSION_APP_LIMITS.urlMax, 'courseServices.textTooLong')
    .refine(isWebUrl, message);

export const ExtensionAppBodySchema = z.object({
  name: z
    .string('courseServices.appNameRequired')
    .trim()
    .min(1, 'courseServices.appNameRequired')
    .max(EXTENSION_APP_LIMITS.nameMax, 'courseServices.textTooLong'),
  url: WebUrlSchema('courseServices.appUrlInvalid'),
  /** A picture shown beside the name; the app's initial when absent. */
  icon_url: z
    .union([WebUrlSchema('courseServices.appIconInvalid'), z.literal(''), z.null()])
    .optional()
    .transform((v) => (v ? v : null)),
  visible_to_students: z.boolean().default(true),
});
export type ExtensionAppBody = z.input<typeof ExtensionAppBodySchema>;

export const ExtensionAppParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
  appId: z.coerce.number().int().positive(),
});

export const ExtensionAppSchema = z
  .object({
    id: z.number().int(),
    course_id: z.number().int(),
    name: z.string(),
    url: z.string(),
    icon_url: z.string().nullable(),
    visible_to_students: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'ExtensionApp' });
export type ExtensionApp = z.infer<typeof ExtensionAppSchema>;

/**
 * `GET /api/courses/{id}/extension-apps` and `/anonymous-api/...`: the teaching team sees every app;
 * students and visitors the visible ones. `can_manage` tells the page whether to offer editing.
 */
export const ExtensionAppsResponseSchema = z.object({
  extension_apps: z.array(ExtensionAppSchema),
  can_manage: z.boolean(),
});
export type ExtensionAppsResponse = z.infer<typeof ExtensionAppsResponseSchema>;

/**
 * `GET /api/external-resource/{rid}/preview-url`: where to open extension app `rid`, checked again when
 * asked (the caller still sees the app, its address is still a web address).
 */
export const ExternalResourcePreviewUrlSchema = z.object({ url: z.string(), name: z.string() });
export type ExternalResourcePreviewUrl = z.infer<typeof ExternalResourcePreviewUrlSchema>;

export const ExternalResourceParamsSchema = z.object({ rid: z.coerce.number().int().positive() });
