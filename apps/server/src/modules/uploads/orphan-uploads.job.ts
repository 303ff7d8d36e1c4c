import type { AppContext } from '../../platform/app-context.ts';
import { orphanUploadsService, type OrphanUploadsOptions } from './orphan-uploads.service.ts';

const HOUR_MS = 3600_000;

export type OrphanUploadSweeps = {
  /** No further sweeps; resolves once a sweep under way has finished, so the database can close. */
  stop(): Promise<void>;
};

/**
 * Sweeps orphan uploads now, then every `intervalMs` (hourly) after the previous sweep ends, so sweeps
 * never overlap. The timer does not keep the process alive; failures are logged and retried next time.
 */
export function startOrphanUploadSweeps(
  ctx: Pick<AppContext, 'config' | 'db' | 'storage' | 'log'>,
  options: OrphanUploadsOptions & { intervalMs?: number } = {},
): OrphanUploadSweeps {
  const service = orphanUploadsService(ctx, options);
  const intervalMs = options.intervalMs ?? HOUR_MS;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const sweep = async (): Promise<void> => {
    try {
      const count = await service.sweepOrphanUploads(new Date());
      if (count > 0) ctx.log.info({ count }, 'swept orphan uploads');
    } catch (error) {
      ctx.log.error({ err: error }, 'orphan upload sweep failed');
    }
    if (stopped) return;
    timer = setTimeout(() => {
      running = sweep();
    }, intervalMs);
    timer.unref();
  };
  let running = sweep();

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
