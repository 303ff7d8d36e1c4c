import { parentPort } from 'node:worker_threads';

/** The body of a cpu-pool worker script: says it is ready, then answers each posted input with `work(input)`. */
export function serveCpuTasks<In, Out>(work: (input: In) => Out | Promise<Out>): void {
  const port = parentPort;
  if (!port) throw new Error('serveCpuTasks must run in a worker thread');
  port.postMessage({ ready: true });
  port.on('message', (input: In) => {
    Promise.resolve()
      .then(() => work(input))
      .then(
        (output) => port.postMessage({ ok: true, output }),
        (error: unknown) =>
          port.postMessage({ ok: false, error: error instanceof Error ? error.message : String(error) }),
      );
  });
}
