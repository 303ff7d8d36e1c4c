import { z } from 'zod';
import { SSO_ERROR_CODES } from './sso.codes.ts';

/** The single sign-on protocols Lectern speaks; each is on when its environment variables are set. */
export const SSO_PROVIDER_IDS = ['cas', 'oidc'] as const;
export const SsoProviderIdSchema = z.enum(SSO_PROVIDER_IDS);
export type SsoProviderId = z.infer<typeof SsoProviderIdSchema>;

export const SsoProviderSchema = z
  .object({
    id: SsoProviderIdSchema,
    /** The identity provider's name as the login page shows it ("Sign in with <name>"). */
    name: z.string(),
    /** Where the browser goes to start signing in; the page appends `?next=`. */
    login_url: z.string(),
  })
  .meta({ id: 'SsoProvider' });
export type SsoProvider = z.infer<typeof SsoProviderSchema>;

export const SsoProvidersResponseSchema = z.object({ providers: z.array(SsoProviderSchema) });
export type SsoProvidersResponse = z.infer<typeof SsoProvidersResponseSchema>;

export const SsoErrorCodeSchema = z.enum(SSO_ERROR_CODES);
export type SsoErrorCode = z.infer<typeof SsoErrorCodeSchema>;

export const SsoLoginQuerySchema = z.object({
  /** Where to go after signing in; anything but a same-origin relative path is ignored. */
  next: z.string().max(2000).optional(),
});

/** The CAS callback: `ticket` on the browser's return (the single-logout POST carries a form body). */
export const CasCallbackQuerySchema = z.object({ ticket: z.string().max(2000).optional() });

/** CAS single logout: the server posts a form whose `logoutRequest` is a SAML LogoutRequest. */
export const CasLogoutBodySchema = z.object({ logoutRequest: z.string().max(16_000).optional() });

/** OAuth's callback parameters are read by openid-client from the full URL; these bounds keep it sane. */
export const OidcCallbackQuerySchema = z.record(z.string(), z.string().max(4000));

/**
 * A path on this site, or null: `next` must start with a single `/` (not `//` or `/\`, which browsers
 * read as another host) and hold no control characters, so no sign-in can forward the user elsewhere.
 */
export function sameOriginPath(next: string | null | undefined): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f\\]/.test(next)) return null;
  return next;
}
