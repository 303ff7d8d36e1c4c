import { MOCKING_TESTS, webProject } from './vitest.config.ts';

/** The web tests that mock modules, each in a module graph of its own. */
export default webProject({ name: 'web-isolated', isolate: true, include: MOCKING_TESTS });
