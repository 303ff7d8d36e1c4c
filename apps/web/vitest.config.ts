import react from '@vitejs/plugin-react';
import { defineConfig, type ViteUserConfig } from 'vitest/config';

/**
 * Files that replace modules with vi.mock: a mock lives in the module graph, so these need a graph of
 * their own (vitest.isolated.config.ts). Every other file shares its worker's graph.
 */
export const MOCKING_TESTS = [
  'src/features/activities/components/activity-body.test.tsx',
  'src/features/homework/routes/pdf-editor-page.test.tsx',
  'src/features/uploads/public/pdf-viewer.test.tsx',
  'src/features/knowledge-graph/components/knowledge-import-dialog.test.tsx',
];

export function webProject(test: { name: string; isolate: boolean; include: string[]; exclude?: string[] }) {
  return defineConfig({
    plugins: [react()],
    test: {
      environment: 'jsdom',
      setupFiles: ['src/test/setup.ts'],
      env: { TZ: 'UTC' },
      // Tests put fakes in place of fetch and XMLHttpRequest (src/test/fetch-mock.ts); none outlives its test.
      unstubGlobals: true,
      passWithNoTests: true,
      // antd renders slowly under jsdom; a busy CI machine should not fail a correct test on time.
      testTimeout: 30_000,
      // One retry in CI only: a jsdom test that waited 10 s for antd on a loaded machine failed a whole
      // landing once (stop 25) and passed on every rerun. Locally a failure stays a failure, and the
      // default reporter still names a retried test (decision 0016).
      retry: process.env.CI === 'true' ? 1 : 0,
      ...test,
    },
  }) satisfies ViteUserConfig;
}

/**
 * Not isolated: a fresh module graph per file made every file import and transform react, antd and the
 * app again, half of the web tests' processor time (measured: 87 → 44 CPU-s on 12 files). What a file
 * could leave behind is reset per file or per test in src/test/setup.ts (DOM, storage, cookies, language).
 */
export default webProject({
  name: 'web',
  isolate: false,
  include: ['src/**/*.test.{ts,tsx}'],
  exclude: MOCKING_TESTS,
});
