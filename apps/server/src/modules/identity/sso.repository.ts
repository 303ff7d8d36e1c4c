import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { orgs } from '../../db/schema/identity.ts';
import { ssoTickets } from '../../db/schema/sso.ts';
import type { Database, Executor } from '../../platform/database.ts';

const hashOf = (ticket: string) => createHash('sha256').update(ticket).digest('base64url');

/** Single sign-on's data: CAS service tickets against the sessions they opened, and its organisation. */
export function ssoRepository(db: Database) {
  return {
    /** The organisation with this code, or (no code) up to two organisations, to tell "the only one". */
    async findOrgIds(code: string | undefined, tx: Executor = db): Promise<number[]> {
      const rows = code
        ? await tx.select({ id: orgs.id }).from(orgs).where(eq(orgs.code, code))
        : await tx.select({ id: orgs.id }).from(orgs).limit(2);
      return rows.map((row) => row.id);
    },

    /** Records that the ticket opened the session; false when another request got there first. */
    async claim(ticket: string, sessionId: string, tx: Executor = db): Promise<boolean> {
      const rows = await tx
        .insert(ssoTickets)
        .values({ ticketHash: hashOf(ticket), sessionId })
        .onConflictDoNothing()
        .returning({ sessionId: ssoTickets.sessionId });
      return rows.length > 0;
    },

    /** The session a ticket opened; also how a replayed ticket is recognised. */
    async sessionOf(ticket: string, tx: Executor = db): Promise<string | undefined> {
      const [row] = await tx
        .select({ sessionId: ssoTickets.sessionId })
        .from(ssoTickets)
        .where(eq(ssoTickets.ticketHash, hashOf(ticket)));
      return row?.sessionId;
    },
  };
}
