import type { AiPptUsage } from '@lectern/contracts/ai/ai-ppt.schemas';
import type { AppContext } from '../../platform/app-context.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { aiCreditsRepository } from './ai-credits.repository.ts';
import { aiPptRepository } from './ai-ppt.repository.ts';
import { presentAiPptUsage } from './ai-ppt.presenter.ts';

/** AI slide-deck usage (spec 000 section 7): instructors and administrators count their own uses. */
export function aiPptService(ctx: AppContext) {
  const credits = aiCreditsRepository(ctx.db);
  const repo = aiPptRepository(ctx.db);

  /** The slide-deck feature is an instructor tool like every AI feature: students never reach it. */
  async function assertInstructor(actor: Actor): Promise<void> {
    if (actor.orgRole === 'admin') return;
    if (!(await credits.teachesAnyCourse(actor.userId))) throw forbidden('ai.notInstructor');
  }

  async function usageRow(actor: Actor) {
    const row = await repo.usageOf(actor.orgId, actor.userId);
    if (!row) throw notFound();
    return row;
  }

  return {
    async recordUse(actor: Actor): Promise<AiPptUsage> {
      await assertInstructor(actor);
      const row = await usageRow(actor);
      // The count this use produced, not a later read that could already include the next use.
      const usageCount = await repo.recordUse(actor.orgId, actor.userId);
      return presentAiPptUsage({ ...row, usageCount });
    },

    async myUsage(actor: Actor): Promise<AiPptUsage> {
      await assertInstructor(actor);
      return presentAiPptUsage(await usageRow(actor));
    },
  };
}
