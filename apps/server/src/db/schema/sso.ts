import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sessions } from './identity.ts';

/**
 * CAS service tickets that opened a Lectern session (decision 0013). The primary key makes a ticket
 * single use on our side too, and CAS single logout names the ticket (SessionIndex) whose session ends.
 * Stored as SHA-256, so the table holds nothing a browser could present.
 */
export const ssoTickets = pgTable(
  'sso_tickets',
  {
    ticketHash: text().primaryKey(),
    sessionId: text()
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sso_tickets_session_idx').on(t.sessionId)],
);
