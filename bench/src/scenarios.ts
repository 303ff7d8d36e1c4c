import type { RequestSpec } from './load.ts';
import type { BenchData } from './seed-data.ts';

export type ScenarioContext = {
  data: BenchData;
  /** Cookie header of a logged-in instructor of the benchmark course. */
  cookie: string;
};

export type Scenario = {
  name: string;
  /** The request to Lectern, with everything a browser would send. */
  ours(ctx: ScenarioContext): RequestSpec;
  /** The equivalent request to bare-ceiling.ts, which must have a route for it. */
  bare(ctx: ScenarioContext): RequestSpec;
  targets: {
    /** Lectern's requests/s as a share of the bare server's. */
    minRatio: number;
    /** Lectern's 99th percentile latency under the load. */
    maxP99Ms: number;
  };
};

/** Add a scenario here and, for its bare side, a route in bare-ceiling.ts. */
export const scenarios: Scenario[] = [
  {
    name: 'list course activities (50)',
    ours: ({ data, cookie }) => ({ path: `/api/courses/${data.courseId}/activities`, headers: { cookie } }),
    bare: ({ data }) => ({ path: `/courses/${data.courseId}/activities` }),
    targets: { minRatio: 0.4, maxP99Ms: 50 },
  },
];
