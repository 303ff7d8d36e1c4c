import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/**
 * CPU-heavy job work (fingerprinting documents) runs in worker threads so the event loop keeps serving
 * requests. A worker script calls serveCpuTasks (cpu-task.ts); its URL comes from workerScriptUrl.
 */
export type CpuPool<In, Out> = {
  run(input: In): Promise<Out>;
  close(): Promise<void>;
};

type Pending<Out> = { resolve: (value: Out) => void; reject: (error: Error) => void };
/** A worker is busy until it has said it is ready (its script loaded), then between a task and its answer. */
type Slot = { worker: Worker; busy: boolean; ready: boolean };

/**
 * Starts the worker script: as it is when built (JavaScript), or through tsx's loader when running from
 * source (tests, development), which Node 20 cannot give a worker thread through execArgv.
 */
function startWorker(script: URL): Worker {
  if (!script.pathname.endsWith('.ts')) return new Worker(script);
  const href = JSON.stringify(script.href);
  return new Worker(`import('tsx/esm/api').then(({ tsImport }) => tsImport(${href}, ${href}))`, {
    eval: true,
  });
}

/**
 * The URL of a worker script that sits beside the calling module in source (`<name>.ts`, run through
 * tsx in development and tests) or beside the bundle in production (`dist/<name>.js`, an entry point of
 * scripts/build.mjs).
 */
export function workerScriptUrl(callerUrl: string, sourceRelativePath: string, bundleName: string): URL {
  return callerUrl.endsWith('.ts')
    ? new URL(sourceRelativePath, callerUrl)
    : new URL(`./${bundleName}.js`, callerUrl);
}

export function createCpuPool<In, Out>(script: URL, options: { size?: number } = {}): CpuPool<In, Out> {
  const size = Math.max(1, options.size ?? Math.min(2, availableParallelism()));
  const slots: Slot[] = [];
  const queue: { input: In; pending: Pending<Out> }[] = [];
  const inFlight = new Map<Worker, Pending<Out>>();
  let closed = false;

  function spawn(): Slot {
    const worker = startWorker(script);
    const slot: Slot = { worker, busy: true, ready: false };
    worker.on(
      'message',
      (message: { ready: true } | { ok: true; output: Out } | { ok: false; error: string }) => {
        if ('ready' in message) {
          slot.ready = true;
          slot.busy = false;
          worker.unref();
          next();
          return;
        }
        const pending = inFlight.get(worker);
        inFlight.delete(worker);
        slot.busy = false;
        worker.unref();
        if (message.ok) pending?.resolve(message.output);
        else pending?.reject(new Error(message.error));
        next();
      },
    );
    const lost = (error: Error) => {
      inFlight.get(worker)?.reject(error);
      inFlight.delete(worker);
      const index = slots.indexOf(slot);
      if (index < 0) return;
      slots.splice(index, 1);
      // A script that cannot even start would fail the same way again: fail what waits instead of looping.
      if (!slot.ready) for (const task of queue.splice(0)) task.pending.reject(error);
      next();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`cpu worker exited (${code})`)));
    slots.push(slot);
    return slot;
  }

  function next(): void {
    while (queue.length > 0 && !closed) {
      const slot = slots.find((s) => !s.busy);
      if (!slot) {
        // Still starting workers count as busy: start another only while below the pool's size.
        if (slots.length < size) spawn();
        return;
      }
      const task = queue.shift();
      if (!task) return;
      slot.busy = true;
      // Busy workers keep the process alive until their answer is in; idle ones do not.
      slot.worker.ref();
      inFlight.set(slot.worker, task.pending);
      slot.worker.postMessage(task.input);
    }
  }

  return {
    run(input) {
      if (closed) return Promise.reject(new Error('cpu pool closed'));
      return new Promise<Out>((resolve, reject) => {
        queue.push({ input, pending: { resolve, reject } });
        next();
      });
    },
    async close() {
      closed = true;
      for (const task of queue.splice(0)) task.pending.reject(new Error('cpu pool closed'));
      await Promise.all(slots.splice(0).map((slot) => slot.worker.terminate()));
    },
  };
}
