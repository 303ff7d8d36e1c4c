import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { AccessTokenScope } from '@lectern/contracts/identity/access-tokens.schemas';
import { users } from './identity.ts';

/**
 * Personal access tokens (`Authorization: Bearer lct_…`) a user makes for scripts and apps. Only the
 * SHA-256 of the secret is kept: the secret is 32 random bytes, so a plain hash cannot be reversed, and a
 * leaked table cannot be replayed. Revoking deletes the row, so a revoked token is refused at once.
 */
export const accessTokens = pgTable(
  'access_tokens',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    scope: text().$type<AccessTokenScope>().notNull(),
    /** Hex SHA-256 of the whole secret, prefix included. */
    tokenHash: text().notNull().unique(),
    /** The secret's last four characters, shown to tell tokens apart. */
    hint: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }),
    /** Written at most once a minute per token, so a busy script does not write on every call. */
    lastUsedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('access_tokens_user_idx').on(t.userId)],
);
