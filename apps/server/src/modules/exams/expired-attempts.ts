import { TIME_LIMIT_GRACE_MS } from '@lectern/contracts/exams/attempt-deadline';
import { gradePaper } from '@lectern/contracts/exams/grading';
import type { AppContext } from '../../platform/app-context.ts';
import type { LoadedExam } from './exam-access.ts';
import { orderByLayout } from './exam-paper.ts';
import { examTakingRepository } from './exam-taking.repository.ts';
import { toSubject } from './subjects.presenter.ts';
import { subjectsRepository } from './subjects.repository.ts';

/**
 * A time-limited attempt whose student never came back to hand it in: once its deadline (and the grace
 * for the automatic hand-in) has passed, its last saved draft stands as its submission. Done lazily,
 * whenever the exam's attempts or submissions are read, so no timer has to run per attempt; each paper
 * is finalised under its row lock, so a late hand-in racing this cannot write twice.
 */
export function expiredAttempts(ctx: AppContext) {
  const repo = examTakingRepository(ctx.db);

  return {
    async finalise(exam: LoadedExam, now = new Date()): Promise<number> {
      const limit = exam.settings.time_limit_minutes;
      if (!limit) return 0;
      const graceAgo = now.getTime() - TIME_LIMIT_GRACE_MS;
      const ended = exam.activity.endTime !== null && exam.activity.endTime.getTime() < graceAgo;
      const startedBefore = ended ? null : new Date(graceAgo - limit * 60_000);
      const ids = await repo.expiredOpenInstanceIds(exam.activity.id, startedBefore);
      let finalised = 0;
      for (const id of ids) {
        const done = await ctx.db.transaction(async (tx) => {
          const locked = await repo.lockInstance(id, tx);
          if (!locked || locked.submission.status !== 'draft') return false;
          const { instance, submission } = locked;
          const trees = await subjectsRepository.loadTrees(
            { activityId: exam.activity.id, isMakeup: instance.isMakeup },
            {},
            tx,
          );
          const answers = submission.draftData ?? [];
          const graded = gradePaper(orderByLayout(trees, instance.layout).map(toSubject), answers);
          await repo.finalise(
            submission.id,
            {
              answers,
              scores: graded.scores,
              score: graded.total,
              autoScore: graded.auto,
              marked: graded.marked,
              groupId: submission.groupId,
            },
            tx,
          );
          return true;
        });
        if (done) finalised += 1;
      }
      return finalised;
    },
  };
}
