import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/identity.ts';
import { createOrg, createUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** Values a failing write must never put in a log line. */
const HASH = '$argon2id$v=19$m=65536,t=3,p=4$c2VjcmV0LXNhbHQ$secrethashvalue';
const NAME = '王秘密';
const PHONE = '13800138000';
const EMAIL = 'secret.person@example.edu';
const ANSWER = 'my-private-exam-answer';

let t: TestApp;
let orgId: number;
const lines: string[] = [];

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      logStream: { write: (line) => void lines.push(line) },
      beforeReady(app) {
        // Test-only routes whose queries fail in the database, with personal data bound to them.
        app.post('/api/test/duplicate-user', { config: { access: 'public' } }, async () => {
          await t.db.insert(users).values({
            orgId,
            userNo: 'dup-1',
            name: NAME,
            email: EMAIL,
            mobilePhone: PHONE,
            passwordHash: HASH,
          });
          return {};
        });
        app.post('/api/test/bad-cast', { config: { access: 'public' } }, async () => {
          await t.db.execute(sql`select ${ANSWER}::integer`);
          return {};
        });
      },
    },
  );
  orgId = (await createOrg(t)).id;
  await createUser(t, orgId, { userNo: 'dup-1', email: EMAIL });
});
afterAll(async () => t.close());

async function logOf(url: string): Promise<{ text: string; err: Record<string, unknown> }> {
  lines.length = 0;
  const res = await t.app.inject({ method: 'POST', url });
  expect(res.statusCode).toBe(500);
  const text = lines.join('');
  const entry = lines.map((line) => JSON.parse(line) as { err?: Record<string, unknown> }).find((l) => l.err);
  return { text, err: entry?.err ?? {} };
}

describe('database errors in the log', () => {
  it('name the statement and the error code of a failed insert, never the values bound to it', async () => {
    const { text, err } = await logOf('/api/test/duplicate-user');
    expect(err).toMatchObject({ code: '23505', constraint: 'users_org_user_no_uq' });
    expect(String(err.statement)).toMatch(/^insert into "users"/);
    for (const secret of [HASH, NAME, PHONE, EMAIL, 'dup-1', 'c2VjcmV0LXNhbHQ']) {
      expect(text).not.toContain(secret);
    }
  });

  it('take a bound value out of PostgreSQL’s own message', async () => {
    const { text, err } = await logOf('/api/test/bad-cast');
    expect(err).toMatchObject({ code: '22P02' });
    expect(String(err.reason)).toMatch(/invalid input syntax for type integer/);
    expect(text).not.toContain(ANSWER);
  });
});
