import { and, eq } from 'drizzle-orm';
import { aiCreditAccounts, aiUsageLedger } from '../db/schema/ai.ts';
import type { TestApp } from './test-app.ts';

/** The environment that points a test app at the local chat-completions double. */
export function aiTestEnv(baseUrl: string): Record<string, string> {
  return {
    AI_BASE_URL: baseUrl,
    AI_API_KEY: 'sk-test',
    AI_MODEL: 'general-model',
    AI_TIMEOUT_SECONDS: '0.5',
    AI_CREDITS_PER_1K_TOKENS: '2',
  };
}

/** Gives a user this many credits of their own (allocation mode), whatever the organisation holds. */
export async function grantCredits(t: TestApp, orgId: number, userId: number, assigned: number) {
  await t.db.insert(aiCreditAccounts).values({ orgId, userId, assigned, used: 0 }).onConflictDoNothing();
  await t.db
    .update(aiCreditAccounts)
    .set({ assigned })
    .where(and(eq(aiCreditAccounts.orgId, orgId), eq(aiCreditAccounts.userId, userId)));
}

/** The credits a user's own account has used. */
export async function creditsUsed(t: TestApp, userId: number): Promise<number> {
  const [row] = await t.db
    .select({ used: aiCreditAccounts.used })
    .from(aiCreditAccounts)
    .where(eq(aiCreditAccounts.userId, userId));
  return row?.used ?? 0;
}

/** The usage ledger rows of a user, oldest first. */
export function usageOf(t: TestApp, userId: number) {
  return t.db.select().from(aiUsageLedger).where(eq(aiUsageLedger.userId, userId)).orderBy(aiUsageLedger.id);
}
