import { createHash, randomBytes } from 'node:crypto';
import {
  ACCESS_TOKEN_PREFIX,
  ACCESS_TOKENS_PER_USER_MAX,
  type AccessToken,
  type AccessTokenScope,
  type CreateAccessTokenRequest,
  type CreatedAccessToken,
} from '@lectern/contracts/identity/access-tokens.schemas';
import type { AppContext } from '../../platform/app-context.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { presentAccessToken } from './access-tokens.presenter.ts';
import { accessTokensRepository } from './access-tokens.repository.ts';

/** Last use is recorded at most this often per token, so a busy script does not write on every call. */
const LAST_USED_INTERVAL_MS = 60_000;

/** The secret is 32 random bytes, so an unsalted hash is as good as any: nothing to guess it from. */
export const hashAccessToken = (secret: string) => createHash('sha256').update(secret).digest('hex');

/**
 * Personal access tokens. A user manages only their own: the actor is the subject, so no further policy
 * applies, and another user's token reads as not found.
 */
export function accessTokensService(ctx: AppContext) {
  const repo = accessTokensRepository(ctx.db);
  // Concurrent requests with one token record its use once; the rest go on without writing.
  const touching = new Set<number>();

  return {
    async list(actor: Actor): Promise<AccessToken[]> {
      const rows = await repo.listForUser(actor.userId);
      return rows.map(presentAccessToken);
    },

    async create(actor: Actor, input: CreateAccessTokenRequest): Promise<CreatedAccessToken> {
      const secret = `${ACCESS_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
      const row = await ctx.db.transaction(async (tx) => {
        if ((await repo.countForUserLocked(actor.userId, tx)) >= ACCESS_TOKENS_PER_USER_MAX) {
          throw conflict({
            key: 'identity.accessTokensTooMany',
            params: { maximum: ACCESS_TOKENS_PER_USER_MAX },
          });
        }
        return repo.insert(
          {
            userId: actor.userId,
            name: input.name,
            scope: input.scope,
            tokenHash: hashAccessToken(secret),
            hint: secret.slice(-4),
            expiresAt: input.expires_at ? new Date(input.expires_at) : null,
          },
          tx,
        );
      });
      return { ...presentAccessToken(row), token: secret };
    },

    async revoke(actor: Actor, id: number): Promise<void> {
      if (!(await repo.deleteForUser(actor.userId, id))) throw notFound();
    },

    /** The actor and scope a bearer secret grants, or null when it is unknown, revoked or expired. */
    async resolve(secret: string): Promise<{ actor: Omit<Actor, 'locale'>; scope: AccessTokenScope } | null> {
      if (!secret.startsWith(ACCESS_TOKEN_PREFIX)) return null;
      const found = await repo.findLiveByHash(hashAccessToken(secret));
      if (!found) return null;
      const { token, user } = found;
      const lastUsed = token.lastUsedAt?.getTime() ?? 0;
      if (Date.now() - lastUsed >= LAST_USED_INTERVAL_MS && !touching.has(token.id)) {
        touching.add(token.id);
        try {
          await repo.touch(token.id);
        } finally {
          touching.delete(token.id);
        }
      }
      return {
        actor: {
          userId: user.id,
          orgId: user.orgId,
          orgRole: user.orgRole,
          sessionId: null,
          simulatingCourseId: null,
        },
        scope: token.scope,
      };
    },
  };
}

export type AccessTokensService = ReturnType<typeof accessTokensService>;
