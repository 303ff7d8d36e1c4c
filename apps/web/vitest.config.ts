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
    passWithNoTests: true,
    // antd renders slowly under jsdom; a busy CI machine should not fail a correct test on time.
    testTimeout: 20_000,
  },
});
