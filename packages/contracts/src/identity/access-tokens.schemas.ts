import { z } from 'zod';
import { IsoDateTimeSchema } from '../common/primitives.schemas.ts';

/** `read`: safe methods only (GET, HEAD); `write`: every call the user may make, session-only ones aside. */
export const ACCESS_TOKEN_SCOPES = ['read', 'write'] as const;
export const AccessTokenScopeSchema = z.enum(ACCESS_TOKEN_SCOPES);
export type AccessTokenScope = z.infer<typeof AccessTokenScopeSchema>;

/** Every secret starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const ACCESS_TOKEN_PREFIX = 'lct_';
export const ACCESS_TOKEN_NAME_MAX = 100;
/** Enough for every script and device a person runs; more usually means tokens that were never cleaned up. */
export const ACCESS_TOKENS_PER_USER_MAX = 50;

/** A token as listed in the user's settings: never its secret, which is shown once at creation. */
export const AccessTokenSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    scope: AccessTokenScopeSchema,
    /** The secret's last four characters, to tell tokens apart. */
    hint: z.string(),
    created_at: IsoDateTimeSchema,
    /** Null: does not expire. */
    expires_at: IsoDateTimeSchema.nullable(),
    /** Recorded at most once a minute. */
    last_used_at: IsoDateTimeSchema.nullable(),
  })
  .meta({ id: 'AccessToken' });
export type AccessToken = z.infer<typeof AccessTokenSchema>;

export const AccessTokensResponseSchema = z.object({ access_tokens: z.array(AccessTokenSchema) });
export type AccessTokensResponse = z.infer<typeof AccessTokensResponseSchema>;

export const CreateAccessTokenRequestSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'identity.accessTokenNameRequired')
    .max(ACCESS_TOKEN_NAME_MAX, 'identity.accessTokenNameTooLong'),
  scope: AccessTokenScopeSchema,
  expires_at: IsoDateTimeSchema.refine(
    (value) => Date.parse(value) > Date.now(),
    'identity.accessTokenExpiryPast',
  )
    .nullable()
    .optional(),
});
export type CreateAccessTokenRequest = z.input<typeof CreateAccessTokenRequestSchema>;

/** The answer to a creation: the only time the secret leaves the server. */
export const CreatedAccessTokenSchema = AccessTokenSchema.extend({ token: z.string() }).meta({
  id: 'CreatedAccessToken',
});
export type CreatedAccessToken = z.infer<typeof CreatedAccessTokenSchema>;
