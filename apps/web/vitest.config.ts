import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    env: { TZ: 'UTC' },
    // Tests put fakes in place of fetch and XMLHttpRequest (src/test/fetch-mock.ts); none outlives its test.
    unstubGlobals: true,
    passWithNoTests: true,
    // antd renders slowly under jsdom; a busy CI machine should not fail a correct test on time.
    testTimeout: 30_000,
  },
});
