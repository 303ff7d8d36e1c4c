import { createHmac, randomBytes } from 'node:crypto';
import type {
  CurrentUser,
  Department,
  LoginRequest,
  Org,
} from '@lectern/contracts/identity/identity.schemas';
import type { AppContext } from '../../platform/app-context.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { sessionOf, type Actor } from '../../platform/http/request-context.ts';
import { canCreateCourse } from '../courses/courses.policy.ts';
import { coursesRepository } from '../courses/courses.repository.ts';
import { accessTokensService } from './access-tokens.service.ts';
import { presentCurrentUser, presentDepartment, presentOrg } from './identity.presenter.ts';
import { accountKey, loginThrottleService, unknownLoginKey } from './login-throttle.service.ts';
import { timingEqualiser, verifyPassword } from './password.ts';
import { sessionsRepository } from './sessions.repository.ts';
import { usersRepository } from './users.repository.ts';

export type IssuedSession = { token: string; expiresAt: Date; user: CurrentUser };

/** Sessions are refreshed at most this often, so a busy user does not write on every request. */
const TOUCH_INTERVAL_MS = 10 * 60_000;

export function identityService(ctx: AppContext) {
  const usersRepo = usersRepository(ctx.db);
  const sessionsRepo = sessionsRepository(ctx.db);
  const coursesRepo = coursesRepository(ctx.db);
  const throttle = loginThrottleService(ctx);
  const accessTokens = accessTokensService(ctx);
  timingEqualiser().catch((error: unknown) =>
    ctx.log.error({ err: error }, 'could not prepare the dummy hash'),
  );
  // A page fires many requests at once; only one of them refreshes an expiring session, the rest go on.
  const touching = new Set<string>();
  const sessionId = (token: string) =>
    createHmac('sha256', ctx.config.sessionSecret).update(token).digest('base64url');

  async function currentUserOf(userId: number, session: { simulatingCourseId: number | null }) {
    const user = await usersRepo.findById(userId);
    if (!user) throw new AppError('unauthenticated');
    const org = await usersRepo.findOrg(user.orgId);
    if (!org) throw new AppError('unauthenticated');
    const isOrgAdmin = user.orgRole === 'admin';
    const teachesInOrg = !isOrgAdmin && (await coursesRepo.holdsRoleInOrg(user.id, user.orgId, 'instructor'));
    return presentCurrentUser(user, org, session, canCreateCourse({ isOrgAdmin, teachesInOrg }));
  }

  /** Opens a session for a user whose identity is settled: by password, or by single sign-on (0013). */
  async function issueSession(userId: number): Promise<IssuedSession & { sessionId: string }> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + ctx.config.sessionTtlMs);
    const id = sessionId(token);
    await sessionsRepo.insert({ id, userId, expiresAt });
    const user = await currentUserOf(userId, { simulatingCourseId: null });
    return { token, expiresAt, user, sessionId: id };
  }

  return {
    /**
     * One message for every wrong password or unknown account, after the same hashing work. Before any
     * hashing the attempt is counted per account and address (login-throttle.service.ts).
     */
    async login(input: LoginRequest, ip: string): Promise<IssuedSession> {
      const candidates = await usersRepo.findForLogin(input.login);
      const ticket = await throttle.admit(
        candidates.length > 0 ? candidates.map((c) => accountKey(c.id)) : [unknownLoginKey(input.login)],
        ip,
      );
      // A user number may repeat across organisations; the password decides which account it is.
      let matched: (typeof candidates)[number] | undefined;
      for (const candidate of candidates.length > 0 ? candidates : [undefined]) {
        if (await verifyPassword(candidate?.passwordHash, input.password)) {
          matched = candidate;
          break;
        }
      }
      if (!matched) throw await throttle.failed(ticket);
      await throttle.succeeded(ticket, accountKey(matched.id));
      if (!matched.active) throw new AppError('account_disabled');
      return issueSession(matched.id);
    },

    issueSession,

    /** Lets go of the login counters' connection (Redis) when the server stops. */
    close: () => throttle.close(),

    async logout(actor: Actor): Promise<void> {
      await sessionsRepo.delete(sessionOf(actor));
    },

    /** Resolves a bearer token to the actor and scope it grants, or null for anything not live. */
    resolveAccessToken: (secret: string) => accessTokens.resolve(secret),

    /** Resolves a cookie token to the actor it authenticates, or null for anything not live. */
    async resolve(token: string): Promise<Omit<Actor, 'locale'> | null> {
      const id = sessionId(token);
      const found = await sessionsRepo.findActive(id);
      if (!found || !found.user.active) return null;
      const { session, user } = found;
      if (Date.now() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS && !touching.has(id)) {
        touching.add(id);
        try {
          await sessionsRepo.touch(id, new Date(Date.now() + ctx.config.sessionTtlMs));
        } finally {
          touching.delete(id);
        }
      }
      return {
        userId: user.id,
        orgId: user.orgId,
        orgRole: user.orgRole,
        sessionId: id,
        simulatingCourseId: session.simulatingCourseId,
      };
    },

    async currentUser(actor: Actor): Promise<CurrentUser> {
      return currentUserOf(actor.userId, { simulatingCourseId: actor.simulatingCourseId });
    },

    async org(actor: Actor): Promise<Org> {
      const org = await usersRepo.findOrg(actor.orgId);
      if (!org) throw notFound();
      return presentOrg(org);
    },

    /** Departments of the caller's own organisation; another organisation's id reads as not found. */
    async departments(actor: Actor, orgId: number): Promise<Department[]> {
      if (orgId !== actor.orgId) throw notFound();
      const rows = await usersRepo.listDepartments(orgId);
      return rows.map(presentDepartment);
    },
  };
}

export type IdentityService = ReturnType<typeof identityService>;
