import { AppError } from '../../platform/errors.ts';
import type { LarkClient, LarkTokens } from './lark-meeting.adapter.ts';
import type { meetingsRepository } from './meetings.repository.ts';
import type { vendorSecrets } from './vendor-secrets.ts';

/** An access token this close to expiry is refreshed before use. */
const TOKEN_MARGIN_MS = 60_000;

export type LarkTokenDeps = Readonly<{
  lark: LarkClient;
  repo: ReturnType<typeof meetingsRepository>;
  secrets: ReturnType<typeof vendorSecrets>;
}>;

/** Keeps a user's Lark tokens, encrypted. */
export async function saveLarkTokens(
  deps: Omit<LarkTokenDeps, 'lark'>,
  userId: number,
  openId: string,
  tokens: LarkTokens,
): Promise<void> {
  await deps.repo.saveAccount({
    userId,
    vendor: 'lark',
    vendorUserId: openId,
    accessTokenEncrypted: deps.secrets.encrypt(tokens.accessToken),
    accessTokenExpiresAt: tokens.accessTokenExpiresAt,
    refreshTokenEncrypted: tokens.refreshToken ? deps.secrets.encrypt(tokens.refreshToken) : null,
    refreshTokenExpiresAt: tokens.refreshTokenExpiresAt,
  });
}

/**
 * The user's Lark access token, refreshed when it is about to expire; null when they must authorise
 * again (no account, or a refused refresh: revoked or spent). An unreachable Lark is thrown.
 */
export async function larkAccessToken(deps: LarkTokenDeps, userId: number): Promise<string | null> {
  const account = await deps.repo.findAccount(userId, 'lark');
  if (!account) return null;
  const now = Date.now();
  const access = account.accessTokenEncrypted ? deps.secrets.decrypt(account.accessTokenEncrypted) : null;
  if (
    access &&
    account.accessTokenExpiresAt &&
    account.accessTokenExpiresAt.getTime() - TOKEN_MARGIN_MS > now
  ) {
    return access;
  }
  const refresh = account.refreshTokenEncrypted ? deps.secrets.decrypt(account.refreshTokenEncrypted) : null;
  const refreshable =
    refresh !== null &&
    (account.refreshTokenExpiresAt === null || account.refreshTokenExpiresAt.getTime() > now);
  if (!refreshable) return null;
  try {
    const tokens = await deps.lark.refresh(refresh);
    await saveLarkTokens(deps, userId, account.vendorUserId, tokens);
    return tokens.accessToken;
  } catch (error) {
    if (error instanceof AppError && error.code === 'bad_gateway') {
      await deps.repo.deleteAccount(userId, 'lark');
      return null;
    }
    throw error;
  }
}
