import type { FastifyRequest } from 'fastify';
import type { Locale } from '@lectern/contracts/common/locale';
import { unauthenticated } from '../errors.ts';

/**
 * Who may call a route. Every /api route must declare one; the server refuses to start otherwise.
 * - public: anyone, signed in or not
 * - user: any signed-in, active user (finer checks happen in the service's policy)
 * - org_admin: organisation administrators only
 */
export type Access = 'public' | 'user' | 'org_admin';

/** The signed-in user as services see it: one object passed down instead of loose fields. */
export type Actor = Readonly<{
  userId: number;
  orgId: number;
  orgRole: 'admin' | 'member';
  sessionId: string;
  /** The course this instructor is currently viewing as a student, if any. */
  simulatingCourseId: number | null;
  locale: Locale;
}>;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** Skip the CSRF header check (login itself, which has no session yet). */
    csrfExempt?: boolean;
    /**
     * A GET that changes state (starting an exam attempt): refused when a browser says another site's page
     * made the request (Fetch Metadata), because SameSite=Lax still sends the cookie on top-level links.
     */
    sameOriginOnly?: boolean;
  }
  interface FastifyRequest {
    actor: Actor | null;
    csrfToken: string | null;
    locale: Locale;
  }
}

/** The actor of a route declared `user` or `org_admin`; the access hook has already guaranteed it. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthenticated();
  return request.actor;
}
