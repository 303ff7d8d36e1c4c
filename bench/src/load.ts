import autocannon from 'autocannon';

export type RequestSpec = {
  path: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  headers?: Record<string, string>;
  body?: string;
};

export type LoadSettings = { connections: number; durationSeconds: number; warmupSeconds: number };

export type LoadResult = {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
};

// @types/autocannon predates the warmup option that autocannon 7.11+ supports.
type OptionsWithWarmup = autocannon.Options & { warmup?: { connections: number; duration: number } };

/** Drives one endpoint; warm-up traffic (JIT, pools, caches) is not counted in the result. */
export async function runLoad(
  baseUrl: string,
  request: RequestSpec,
  settings: LoadSettings,
): Promise<LoadResult> {
  const options: OptionsWithWarmup = {
    url: baseUrl + request.path,
    method: request.method ?? 'GET',
    headers: request.headers ?? {},
    ...(request.body === undefined ? {} : { body: request.body }),
    connections: settings.connections,
    duration: settings.durationSeconds,
    ...(settings.warmupSeconds > 0
      ? { warmup: { connections: settings.connections, duration: settings.warmupSeconds } }
      : {}),
  };
  const result = await autocannon(options);
  const statusCodes: Record<string, number> = {};
  for (const [code, stats] of Object.entries(result.statusCodeStats ?? {})) {
    statusCodes[code] = stats.count ?? 0;
  }
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    ok: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
  };
}
