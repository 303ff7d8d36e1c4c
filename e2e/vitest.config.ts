import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const LONGEST = /[\\/]a11y-[^\\/]+\.e2e\.ts$/;

/**
 * The accessibility journeys (one per language) take two to three minutes each, several times any other
 * file: started first, they share the run with the short files instead of ending it alone on one worker.
 */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const long = (file: TestSpecification) => LONGEST.test(file.moduleId);
    return [...sorted.filter(long), ...sorted.filter((file) => !long(file))];
  }
}

export default defineConfig({
  test: {
    name: 'e2e',
    include: ['tests/**/*.e2e.ts'],
    // Each file boots its own server, database and browser, so files cannot disturb one another. A journey
    // mostly waits (for pages, answers, debounces): measured on the 2-core CI machine, one file at a time
    // kept the processor about a third busy, so two files run side by side (decision 0016).
    fileParallelism: true,
    maxWorkers: 2,
    sequence: { sequencer: LongestFirst },
    // Migrating and seeding once for the run: each journey's database on PostgreSQL is a copy.
    globalSetup: ['support/e2e-run.global.ts'],
    testTimeout: 60_000,
    // A journey shares two cores with its server, PostgreSQL, Chromium and the other file's journey: once
    // in a while a step misses its 15 s (the last CI run on record lost three journeys that pass every
    // time alone). One more try, as Playwright's own CI setting does; a failed try still prints its server's
    // output (support/journey.ts), so a journey that needs its second try shows in the log.
    retry: 1,
    hookTimeout: 120_000,
    env: { TZ: 'UTC' },
  },
});
