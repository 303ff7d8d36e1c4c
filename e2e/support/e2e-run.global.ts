import type { TestProject } from 'vitest/node';
import { prepareE2eRun } from './server.ts';

/** Runs once around the journeys: the demo template they start from, and the clean-up (support/server.ts). */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const prepared = await prepareE2eRun();
  project.provide('e2eRun', prepared?.run ?? null);
  return async () => {
    await prepared?.finish();
  };
}
