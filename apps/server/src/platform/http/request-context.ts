import type { FastifyRequest } from 'fastify';
import type { AccessTokenScope } from '@lectern/contracts/identity/access-tokens.schemas';
import type { Locale } from '@lectern/contracts/common/locale';
import { AppError, unauthenticated } from '../errors.ts';

/**
 * Who may call a route. Every /api route must declare one; the server refuses to start otherwise.
 * - public: anyone, signed in or not
 * - user: any signed-in, active user (finer checks happen in the service's policy)
 * - org_admin: organisation administrators only, and only from a browser session: an access token
 *   never carries administrator power (a leaked script token would otherwise take over every account)
 */
export type Access = 'public' | 'user' | 'org_admin';

/** The signed-in user as services see it: one object passed down instead of loose fields. */
export type Actor = Readonly<{
  userId: number;
  orgId: number;
  orgRole: 'admin' | 'member';
  /** The browser session this request rides on; null when it came with a personal access token. */
  sessionId: string | null;
  /** The course this instructor is currently viewing as a student, if any. */
  simulatingCourseId: number | null;
  locale: Locale;
}>;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * Refuse personal access tokens: the route acts on the sign-in itself (login, logout, the tokens,
     * the session's simulate switch), so only a person at a browser session may call it.
     */
    sessionOnly?: boolean;
    /**
     * A GET that changes state (starting an exam attempt): refused when a browser says another site's page
     * made the request (Fetch Metadata), because SameSite=Lax still sends the cookie on top-level links.
     */
    sameOriginOnly?: boolean;
    /**
     * A write still allowed while the instructor views a course as a student: it changes only the
     * person's own reading state or the sign-in (logout, the simulate switch, marking things read). Every
     * other write is refused during simulation, in one place (access.plugin.ts).
     */
    allowWhileSimulating?: boolean;
  }
  interface FastifyRequest {
    actor: Actor | null;
    /** Set when the caller authenticated with `Authorization: Bearer` rather than the session cookie. */
    accessTokenScope: AccessTokenScope | null;
    locale: Locale;
  }
}

/** The actor of a route declared `user` or `org_admin`; the access hook has already guaranteed it. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthenticated();
  return request.actor;
}

/**
 * The actor's browser session, for what belongs to a session (simulating a student). Routes that need
 * it declare `sessionOnly`, so a token caller is refused before reaching here; this guards the type.
 */
export function sessionOf(actor: Actor): string {
  if (actor.sessionId === null) throw new AppError('forbidden', 'identity.accessTokenSessionOnly');
  return actor.sessionId;
}
