import { forbidden, notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';

/** Another organisation's id reads as not found; a member of this one is refused. */
export function assertOrgAdmin(actor: Actor, orgId: number): void {
  if (orgId !== actor.orgId) throw notFound();
  if (actor.orgRole !== 'admin') throw forbidden();
}

/** Reading an organisation's settings: any member of it. */
export function assertOrgMember(actor: Actor, orgId: number): void {
  if (orgId !== actor.orgId) throw notFound();
}
