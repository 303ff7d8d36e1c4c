import type {
  AiFeature,
  AiPageQuery,
  AiStatusResponse,
  ApproveCreditRequest,
  CreateCreditRequest,
  CreditRequest,
  CreditRequestPage,
  OrgCredit,
  UserCredit,
} from '@lectern/contracts/ai/ai.schemas';
import type { AppContext } from '../../platform/app-context.ts';
import { AppError, conflict, forbidden, notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { aiCreditsRepository, type AccountKey } from './ai-credits.repository.ts';
import type { AiProvider, AiUsage, ChatMessage } from './ai-provider.ts';
import { pageFrame, presentCreditRequest, presentUserCredit } from './ai.presenter.ts';

export type MeteredCall = Readonly<{
  feature: AiFeature;
  courseId?: number | null;
  messages: readonly ChatMessage[];
  signal?: AbortSignal;
  /** Receives each text delta as it arrives (to stream it on to the browser). */
  onDelta?: (text: string) => void;
  /** Checks the complete output before anything is debited (e.g. parseModelJson); throwing costs nothing. */
  validate?: (output: string) => void;
}>;

export type MeteredResult = Readonly<{ output: string; usage: AiUsage; credits: number }>;

const insufficient = () => new AppError('conflict', 'ai.creditInsufficient');

/** AI credits and the metered model call every AI feature goes through (decision 0017). */
export function aiService(ctx: AppContext, provider: AiProvider) {
  const repo = aiCreditsRepository(ctx.db);

  /** Instructors and assistants of any course, and organisation administrators; never students. */
  async function assertInstructor(actor: Actor): Promise<void> {
    if (actor.orgRole === 'admin') return;
    if (!(await repo.teachesAnyCourse(actor.userId))) throw forbidden('ai.notInstructor');
  }

  async function debitedAccount(actor: Actor): Promise<AccountKey> {
    const mode = await repo.creditMode(actor.orgId);
    return mode === 'credit_pool'
      ? { orgId: actor.orgId, userId: null }
      : { orgId: actor.orgId, userId: actor.userId };
  }

  function cost(feature: AiFeature, usage: AiUsage): number {
    const tokens = usage.promptTokens + usage.completionTokens;
    return Math.ceil((tokens * ctx.config.ai.creditsPer1kTokens[feature]) / 1000);
  }

  return {
    async statusFor(actor: Actor): Promise<AiStatusResponse> {
      return {
        available: provider.available,
        credit_mode: await repo.creditMode(actor.orgId),
        max_text_length: ctx.config.ai.maxTextLength,
      };
    },

    /**
     * One model call, paid from the caller's credits. Refused before the model is asked when nothing is
     * left; debited only once the stream completed with reported usage and the output passed `validate`,
     * so a failed call costs nothing. The debit is capped at what the account holds (a call already under
     * way when the balance ran out takes the rest), which is what keeps parallel calls from overdrawing.
     */
    async metered(actor: Actor, call: MeteredCall): Promise<MeteredResult> {
      if (!provider.available) throw new AppError('service_unavailable', 'ai.unavailable');
      await assertInstructor(actor);
      const key = await debitedAccount(actor);
      const account = await repo.account(key);
      if (!account || account.used >= account.assigned) throw insufficient();

      const stream = provider.stream(call.feature, call.messages, call.signal);
      let output = '';
      let step = await stream.next();
      while (!step.done) {
        output += step.value;
        call.onDelta?.(step.value);
        step = await stream.next();
      }
      const usage = step.value;
      call.validate?.(output);
      const credits = await ctx.db.transaction(async (tx) => {
        const taken = await repo.debit(key, cost(call.feature, usage), tx);
        await repo.recordUsage(
          {
            orgId: actor.orgId,
            feature: call.feature,
            userId: actor.userId,
            courseId: call.courseId ?? null,
            promptTokens: usage.promptTokens,
            completionTokens: usage.completionTokens,
            credits: taken,
          },
          tx,
        );
        return taken;
      });
      return { output, usage, credits };
    },

    async myCredit(actor: Actor): Promise<UserCredit> {
      await assertInstructor(actor);
      const user = await repo.userWithDepartment(actor.orgId, actor.userId);
      if (!user) throw notFound();
      const key = await debitedAccount(actor);
      return presentUserCredit(user, await repo.account(key));
    },

    async orgCredit(actor: Actor): Promise<OrgCredit> {
      const t = await repo.orgTotals(actor.orgId);
      return {
        creditAssigned: t.orgAssigned,
        creditUsed: t.orgUsed + t.userUsed + t.courseUsed,
        userCreditAssigned: t.userAssigned,
        userCreditUsed: t.userUsed,
        courseCreditAssigned: t.courseAssigned,
        courseCreditUsed: t.courseUsed,
        creditRemaining: Math.max(0, t.orgAssigned - t.orgUsed - t.userAssigned - t.courseAssigned),
      };
    },

    async allocateToUser(actor: Actor, userId: number, assigned: number): Promise<UserCredit> {
      const user = await repo.userWithDepartment(actor.orgId, userId);
      if (!user) throw notFound();
      await repo.setAssigned({ orgId: actor.orgId, userId }, assigned);
      return presentUserCredit(user, await repo.account({ orgId: actor.orgId, userId }));
    },

    async requestCredits(actor: Actor, input: CreateCreditRequest): Promise<CreditRequest> {
      await assertInstructor(actor);
      const user = await repo.userWithDepartment(actor.orgId, actor.userId);
      if (!user) throw notFound();
      const row = await repo.createRequest({
        orgId: actor.orgId,
        userId: actor.userId,
        appliedCredits: input.applied_credits,
        reason: input.reason ?? '',
      });
      return presentCreditRequest(row, user, undefined);
    },

    async listRequests(actor: Actor, query: AiPageQuery, mine: boolean): Promise<CreditRequestPage> {
      if (mine) await assertInstructor(actor);
      const { total, rows } = await repo.requestPage(
        actor.orgId,
        mine ? actor.userId : null,
        (query.page - 1) * query.pageSize,
        query.pageSize,
      );
      const auditors = await repo.userNames(
        rows.flatMap((r) => (r.request.auditorId === null ? [] : [r.request.auditorId])),
      );
      return {
        items: rows.map((r) =>
          presentCreditRequest(
            r.request,
            { userNo: r.userNo, name: r.userName },
            r.request.auditorId === null ? undefined : auditors.get(r.request.auditorId),
          ),
        ),
        ...pageFrame(query.page, query.pageSize, total, rows.length),
      };
    },

    /** Approving grants the credits to the requester in the same transaction as the decision. */
    async decideRequest(
      actor: Actor,
      id: number,
      decision: ({ approve: true } & ApproveCreditRequest) | { approve: false; remark?: string | undefined },
    ): Promise<CreditRequest> {
      const row = await ctx.db.transaction(async (tx) => {
        const request = await repo.lockRequest(actor.orgId, id, tx);
        if (!request) throw notFound('ai.requestNotFound');
        if (request.status !== 'pending') throw conflict('ai.requestAlreadyDecided');
        if (decision.approve) {
          await repo.addAssigned(
            { orgId: actor.orgId, userId: request.userId },
            decision.approved_credits,
            tx,
          );
        }
        return repo.decideRequest(
          id,
          {
            status: decision.approve ? 'approved' : 'refused',
            approvedCredits: decision.approve ? decision.approved_credits : null,
            remark: decision.remark ?? null,
            auditorId: actor.userId,
          },
          tx,
        );
      });
      const requester = await repo.userWithDepartment(actor.orgId, row.userId);
      const auditor = await repo.userWithDepartment(actor.orgId, actor.userId);
      return presentCreditRequest(row, requester ?? { userNo: '', name: '' }, auditor?.name);
    },
  };
}
