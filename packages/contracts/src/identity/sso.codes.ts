/**
 * Why a sign-in through the identity provider failed. The callback sends the browser back to
 * `/login?sso_error=<code>` and the page shows the code's message in the user's language.
 */
export const SSO_ERROR_CODES = [
  /** The ticket or code was refused, the flow expired or its state did not match. */
  'sso_failed',
  /** The provider is unreachable or answered something we cannot read. */
  'sso_unavailable',
  /** The provider did not say who the user is (no user number attribute or claim). */
  'sso_missing_identity',
  /** No Lectern account has that user number and accounts are not created on first sign-in. */
  'sso_unknown_user',
  'sso_account_disabled',
] as const;

/** The query parameter carrying an SSO error code back to the login page. */
export const SSO_ERROR_PARAM = 'sso_error';
