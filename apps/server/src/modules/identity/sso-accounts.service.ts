import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { LIMITS } from '@lectern/contracts/identity/identity.limits';
import type { AppContext } from '../../platform/app-context.ts';
import { hashPassword } from './password.ts';
import { SsoError } from './sso-flow.ts';
import { ssoRepository } from './sso.repository.ts';
import { usersRepository, type UserRow } from './users.repository.ts';

/** Who the identity provider says signed in, already mapped from its attribute or claim names. */
export type SsoIdentity = { userNo: string | undefined; name: string | undefined; email: string | undefined };

const EmailSchema = z.email();

/**
 * Turns the provider's word into a Lectern account: matched by user number within the configured
 * organisation, created on first sign-in only when LECTERN_SSO_JIT is on (decision 0013).
 */
export function ssoAccountsService(ctx: AppContext) {
  const usersRepo = usersRepository(ctx.db);
  const ssoRepo = ssoRepository(ctx.db);
  const { sso } = ctx.config;

  async function orgId(): Promise<number> {
    const [only, second] = await ssoRepo.findOrgIds(sso.orgCode);
    if (only === undefined || second !== undefined) {
      throw new SsoError(
        'sso_unavailable',
        sso.orgCode
          ? `no organisation has code ${sso.orgCode} (LECTERN_SSO_ORG_CODE)`
          : 'several organisations exist: set LECTERN_SSO_ORG_CODE',
      );
    }
    return only;
  }

  async function create(org: number, identity: SsoIdentity & { userNo: string }): Promise<UserRow> {
    const email = identity.email?.trim().toLowerCase();
    const usableEmail =
      email &&
      EmailSchema.safeParse(email).success &&
      (await usersRepo.findByEmails(org, [email])).length === 0
        ? email
        : null;
    try {
      return await usersRepo.insert({
        orgId: org,
        userNo: identity.userNo,
        name: (identity.name?.trim() || identity.userNo).slice(0, LIMITS.nameMax),
        email: usableEmail,
        // Nobody knows this password: the account signs in through the provider until an administrator
        // sets one.
        passwordHash: await hashPassword(randomBytes(32).toString('base64url')),
      });
    } catch (error) {
      // Two tabs finishing the first sign-in at once: the other one created the account.
      const [existing] = await usersRepo.findByUserNos(org, [identity.userNo]);
      if (existing) return existing;
      throw error;
    }
  }

  return {
    /** The active account the identity stands for; an SsoError with the reason otherwise. */
    async accountFor(identity: SsoIdentity): Promise<UserRow> {
      const userNo = identity.userNo?.trim();
      if (!userNo || userNo.length > LIMITS.userNoMax) {
        throw new SsoError('sso_missing_identity', 'the provider sent no usable user number');
      }
      const org = await orgId();
      const [found] = await usersRepo.findByUserNos(org, [userNo]);
      if (!found && !sso.jit) throw new SsoError('sso_unknown_user', `no account has user number ${userNo}`);
      const user = found ?? (await create(org, { ...identity, userNo }));
      if (!user.active) throw new SsoError('sso_account_disabled', `account ${user.id} is deactivated`);
      return user;
    },
  };
}

export type SsoAccountsService = ReturnType<typeof ssoAccountsService>;
