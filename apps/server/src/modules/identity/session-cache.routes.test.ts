import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.ts';
import { openDatabase, type DatabaseHandle } from '../../platform/database.ts';
import { createOrg, createUser, loginAs, type Session } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Each process keeps a session it has read for a few seconds. A logout, a deactivation or a role change
 * answered by one process must already hold on every other one: the next request, whichever process
 * gets it, sees it. Two app instances on one PostgreSQL database stand in for two processes.
 */
function describeAcrossInstances(name: string, overrides: () => Record<string, string>) {
  describe.skipIf(!process.env.TEST_DATABASE_URL)(name, () => {
    let a: TestApp;
    let b: { app: App; database: DatabaseHandle };
    let orgId: number;
    let admin: Session;

    beforeAll(async () => {
      a = await createTestApp(overrides());
      const database = await openDatabase({
        url: a.config.databaseUrl,
        poolSize: 2,
        onConnectionLost: () => {},
      });
      b = { app: await buildApp({ config: a.config, database, logger: false, serveWeb: false }), database };
      await b.app.ready();
      orgId = (await createOrg(a)).id;
      admin = await loginAs(a, await createUser(a, orgId, { orgRole: 'admin' }));
    });

    afterAll(async () => {
      await b.app.close();
      await b.database.close();
      await a.close();
    });

    const onB = (session: Session) =>
      b.app.inject({ method: 'GET', url: '/api/user', headers: session.headers });

    it('refuses a session on B as soon as A has answered its logout', async () => {
      const session = await loginAs(a, await createUser(a, orgId));
      // B reads the session and keeps it.
      expect((await onB(session)).statusCode).toBe(200);
      expect((await onB(session)).statusCode).toBe(200);

      const out = await a.app.inject({ method: 'POST', url: '/api/logout', headers: session.headers });
      expect(out.statusCode).toBeLessThan(300);
      expect((await onB(session)).statusCode).toBe(401);
    });

    it('ends a deactivated user’s sessions on B at once, and shows B a changed role at once', async () => {
      const user = await createUser(a, orgId);
      const session = await loginAs(a, user);
      const other = await loginAs(a, user);
      const adminPage = () =>
        b.app.inject({ method: 'GET', url: '/api/org/users', headers: session.headers });
      expect((await adminPage()).statusCode).toBe(403);
      expect((await onB(other)).statusCode).toBe(200);

      const promoted = await a.app.inject({
        method: 'PUT',
        url: `/api/org/users/${user.id}`,
        headers: admin.headers,
        payload: { org_role: 'admin' },
      });
      expect(promoted.statusCode).toBe(200);
      // B now lets the user into an administrators' page it refused a moment ago.
      expect((await adminPage()).statusCode).toBe(200);

      const deactivated = await a.app.inject({
        method: 'PUT',
        url: `/api/org/users/${user.id}`,
        headers: admin.headers,
        payload: { active: false },
      });
      expect(deactivated.statusCode).toBe(200);
      expect((await onB(session)).statusCode).toBe(401);
      expect((await onB(other)).statusCode).toBe(401);
    });
  });
}

describeAcrossInstances('session cache across two instances on PostgreSQL (LISTEN/NOTIFY)', () => ({}));
describeAcrossInstances('session cache across two instances through Redis', () => ({
  REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
  REDIS_KEY_PREFIX: `lectern-test-${randomUUID()}:`,
}));
