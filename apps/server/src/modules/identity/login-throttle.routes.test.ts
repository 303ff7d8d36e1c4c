import { describe } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import { loginThrottleCases } from './login-throttle.cases.ts';

// Counters in the database: PGlite, or PostgreSQL with TEST_DATABASE_URL.
describe('login throttle (database counters)', () => {
  loginThrottleCases((env) => createTestApp(env));
});
