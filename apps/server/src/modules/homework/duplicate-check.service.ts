import type {
  DuplicateCheckState,
  DuplicatePairDetail,
  DuplicatePairsQuery,
  DuplicatePairsResponse,
  DuplicateRateResponse,
  ThirdPartyChecksResponse,
} from '@lectern/contracts/homework/duplicate-check.schemas';
import { pageMeta } from '@lectern/contracts/common/pagination.schemas';
import type { AppContext } from '../../platform/app-context.ts';
import { notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { assertCan } from '../courses/courses.policy.ts';
import { sharedPassages } from './duplicate-compare.ts';
import {
  duplicateCheckRepository,
  type CurrentSubmission,
  type PairRow,
} from './duplicate-check.repository.ts';
import { presentPair, presentSubmitter, presentThirdParty } from './duplicate-check.presenter.ts';
import { homeworkAccess } from './homework-access.ts';

export function duplicateCheckService(ctx: AppContext) {
  const homework = homeworkAccess(ctx.db);
  const repo = duplicateCheckRepository(ctx.db);

  /** The check reads every submission: the course's teaching team only (as marking does). */
  async function forReading(actor: Actor, id: number) {
    const loaded = await homework.load(actor, id);
    assertCan(loaded.access, 'activity.read_unpublished');
    return loaded;
  }

  /** The homework's latest hand-ins by submission id, and how far each got in the check. */
  async function currentOf(activityId: number) {
    const current = await repo.currentSubmissions(activityId);
    const bySubmission = new Map(current.map((s) => [s.submissionId, s]));
    const statuses = new Map(
      (await repo.statusesOf(current.map((s) => s.submissionId))).map((s) => [s.submissionId, s]),
    );
    return { current, bySubmission, statuses };
  }

  /** Pairs whose two sides are both still their submitters' latest hand-ins. */
  function live(pairs: readonly PairRow[], bySubmission: ReadonlyMap<number, CurrentSubmission>) {
    return pairs.filter((p) => bySubmission.has(p.submissionA) && bySubmission.has(p.submissionB));
  }

  return {
    /**
     * Each target's highest rate against any other submission of the homework, and with whom. Targets are
     * students (groups for group homework), as the marking view lists them.
     */
    async rates(actor: Actor, id: number, targetIds: readonly number[]): Promise<DuplicateRateResponse> {
      const loaded = await forReading(actor, id);
      const isGroup = loaded.settings.group_set_id != null;
      const { current, bySubmission, statuses } = await currentOf(id);
      const byTarget = new Map(current.map((s) => [isGroup ? s.groupId : s.userId, s]));
      const targets = targetIds.map((target) => ({ target, submission: byTarget.get(target) }));
      const pairs = live(
        await repo.pairsOf(targets.flatMap((t) => (t.submission ? [t.submission.submissionId] : []))),
        bySubmission,
      );
      return {
        rates: targets.map(({ target, submission }) => {
          if (!submission) {
            return {
              target_id: target,
              submission_id: null,
              state: 'no_submission',
              rate: null,
              similar_to: null,
              pair_id: null,
            };
          }
          const state: DuplicateCheckState = statuses.get(submission.submissionId)?.status ?? 'pending';
          let best: { rate: number; pair: PairRow; other: number } | undefined;
          for (const pair of pairs) {
            const mine =
              pair.submissionA === submission.submissionId
                ? 'a'
                : pair.submissionB === submission.submissionId
                  ? 'b'
                  : null;
            if (!mine) continue;
            const rate = mine === 'a' ? pair.rateA : pair.rateB;
            if (rate === null) continue;
            if (!best || rate > best.rate) {
              best = { rate, pair, other: mine === 'a' ? pair.submissionB : pair.submissionA };
            }
          }
          const other = best ? bySubmission.get(best.other) : undefined;
          return {
            target_id: target,
            submission_id: submission.submissionId,
            state,
            // Checked and sharing nothing with anyone is 0; not (yet) checked has no rate ('--').
            rate: state === 'checked' ? (best?.rate ?? 0) : null,
            similar_to:
              best && other ? { ...presentSubmitter(other), submission_id: other.submissionId } : null,
            pair_id: best?.pair.id ?? null,
          };
        }),
      };
    },

    /** Pairs at or above the threshold, highest first, with where the check stands. */
    async pairs(actor: Actor, id: number, query: DuplicatePairsQuery): Promise<DuplicatePairsResponse> {
      await forReading(actor, id);
      const { current, bySubmission, statuses } = await currentOf(id);
      const pairs = live(await repo.pairsAbove(id, query.threshold), bySubmission);
      const start = (query.page - 1) * query.page_size;
      const summary = { checked: 0, pending: 0, not_checkable: 0, failed: 0 };
      for (const submission of current) {
        const status = statuses.get(submission.submissionId)?.status;
        if (status) summary[status] += 1;
        else summary.pending += 1;
      }
      return {
        ...pageMeta(query, pairs.length),
        threshold: query.threshold,
        items: pairs.slice(start, start + query.page_size).flatMap((pair) => {
          const a = bySubmission.get(pair.submissionA);
          const b = bySubmission.get(pair.submissionB);
          if (!a || !b) return [];
          const counts = {
            a: statuses.get(pair.submissionA)?.count ?? 0,
            b: statuses.get(pair.submissionB)?.count ?? 0,
          };
          return [presentPair(pair, a, b, counts)];
        }),
        summary,
      };
    },

    /** One pair with both texts and the passages they share, to read side by side. */
    async pair(actor: Actor, id: number, pairId: number): Promise<DuplicatePairDetail> {
      await forReading(actor, id);
      const pair = await repo.findPair(pairId);
      if (!pair || pair.activityId !== id) throw notFound('homework.duplicate.pairNotFound');
      const sides = await repo.currentSubmissions(id, {
        submissionIds: [pair.submissionA, pair.submissionB],
      });
      const a = sides.find((s) => s.submissionId === pair.submissionA);
      const b = sides.find((s) => s.submissionId === pair.submissionB);
      const documents = await repo.documentsOf([pair.submissionA, pair.submissionB]);
      const docA = documents.find((d) => d.submissionId === pair.submissionA);
      const docB = documents.find((d) => d.submissionId === pair.submissionB);
      if (!a || !b || !docA || !docB) throw notFound('homework.duplicate.pairNotFound');
      const { aSpans, bSpans, passages } = sharedPassages(docA, docB);
      return {
        ...presentPair(pair, a, b, { a: docA.fingerprintCount, b: docB.fingerprintCount }),
        a_text: docA.text,
        b_text: docB.text,
        a_spans: aSpans,
        b_spans: bSpans,
        passages,
      };
    },

    /** The external checker's results for the homework's latest hand-ins. */
    async thirdParty(actor: Actor, id: number): Promise<ThirdPartyChecksResponse> {
      await forReading(actor, id);
      const provider = ctx.config.duplicateCheckProvider;
      if (!provider) return { configured: false, provider: null, items: [] };
      const { current, bySubmission } = await currentOf(id);
      const rows = await repo.thirdPartyOf(current.map((s) => s.submissionId));
      return {
        configured: true,
        provider: provider.name,
        items: rows.flatMap((row) => {
          const submitter = bySubmission.get(row.submissionId);
          return submitter ? [presentThirdParty(row, submitter)] : [];
        }),
      };
    },
  };
}
