import type {
  AiConfig,
  AiFeature,
  AiListQuery,
  AiPageQuery,
  AiStatusResponse,
  AiUsageByFeature,
  AiUsageByUserPage,
  AllocateCourseCredit,
  ApproveCreditRequest,
  CourseCredit,
  CourseCreditPage,
  CreateCreditRequestBody,
  CreditRequest,
  CreditRequestPage,
  OrgCredit,
  UpdateAiConfig,
  UserCredit,
  UserCreditPage,
} from '@lectern/contracts/ai/ai.schemas';
import type { AppContext } from '../../platform/app-context.ts';
import type { Executor } from '../../platform/database.ts';
import { AppError, conflict, forbidden, notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { aiCreditsRepository, type AccountKey } from './ai-credits.repository.ts';
import type { AiProvider, AiUsage, ChatMessage } from './ai-provider.ts';
import {
  pageFrame,
  presentAiConfig,
  presentCourseCredit,
  presentCreditRequest,
  presentUserCredit,
} from './ai.presenter.ts';

export type MeteredCall = Readonly<{
  feature: AiFeature;
  /** The course the call serves; in allocation mode an activated course account with credit pays for it. */
  courseId?: number | null;
  /**
   * The prompt, or a function building it from the organisation's maximum text length (AI config, else
   * AI_MAX_TEXT_LENGTH), e.g. `(max) => delimitedData(instructions, label, text, max)`.
   */
  messages: readonly ChatMessage[] | ((maxTextLength: number) => readonly ChatMessage[]);
  signal?: AbortSignal;
  /** Receives each text delta as it arrives (to stream it on to the browser). */
  onDelta?: (text: string) => void;
  /** Checks the complete output before anything is debited (e.g. parseModelJson); throwing costs nothing. */
  validate?: (output: string) => void;
}>;

export type MeteredResult = Readonly<{ output: string; usage: AiUsage; credits: number }>;

const insufficient = () => new AppError('conflict', 'ai.creditInsufficient');
const exceedsRemaining = (field: string) =>
  conflict('ai.allocationExceedsRemaining', { [field]: ['ai.allocationExceedsRemaining'] });

/** AI credits and the metered model call every AI feature goes through (decision 0017). */
export function aiService(ctx: AppContext, provider: AiProvider) {
  const repo = aiCreditsRepository(ctx.db);

  /** Instructors and assistants of any course, and organisation administrators; never students. */
  async function assertInstructor(actor: Actor): Promise<void> {
    if (actor.orgRole === 'admin') return;
    if (!(await repo.teachesAnyCourse(actor.userId))) throw forbidden('ai.notInstructor');
  }

  async function debitedAccount(actor: Actor, courseId?: number | null): Promise<AccountKey> {
    const mode = await repo.creditMode(actor.orgId);
    if (mode === 'credit_pool') return { orgId: actor.orgId, userId: null };
    if (courseId != null) {
      const course = await repo.account({ orgId: actor.orgId, userId: null, courseId });
      if (course?.aiActivation && course.used < course.assigned) {
        return { orgId: actor.orgId, userId: null, courseId };
      }
    }
    return { orgId: actor.orgId, userId: actor.userId };
  }

  async function maxTextLength(orgId: number): Promise<number> {
    return (await repo.config(orgId))?.maxTextLength ?? ctx.config.ai.maxTextLength;
  }

  /**
   * Sets an account's assigned credits, never beyond what the organisation has left to hand out. The
   * organisation's row is locked first, so concurrent allocations queue and each checks what the previous
   * ones committed: the sum of allocations can never pass the organisation's credit.
   */
  async function allocate(
    key: AccountKey,
    assigned: number | ((current: number) => number),
    field: string,
    tx: Executor,
  ): Promise<void> {
    const org = await repo.lockOrgAccount(key.orgId, tx);
    const current = await repo.lockAccount(key, tx);
    const wanted = typeof assigned === 'function' ? assigned(current?.assigned ?? 0) : assigned;
    const effective = Math.max(wanted, current?.used ?? 0);
    const increase = effective - (current?.assigned ?? 0);
    if (increase > 0) {
      const free = org.assigned - org.used - (await repo.allocatedTotal(key.orgId, tx));
      if (increase > free) throw exceedsRemaining(field);
    }
    await repo.setAssigned(key, effective, tx);
  }

  async function courseCreditOf(orgId: number, courseId: number): Promise<CourseCredit> {
    const { rows } = await repo.courseCreditPage(orgId, { courseId }, 0, 1);
    const row = rows[0];
    if (!row) throw notFound();
    const instructors = await repo.instructorsOf([row.id]);
    return presentCourseCredit(row, instructors.get(row.id) ?? []);
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
        max_text_length: await maxTextLength(actor.orgId),
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
      const key = await debitedAccount(actor, call.courseId);
      const account = await repo.account(key);
      if (!account || account.used >= account.assigned) throw insufficient();

      const messages =
        typeof call.messages === 'function' ? call.messages(await maxTextLength(actor.orgId)) : call.messages;
      const stream = provider.stream(call.feature, messages, call.signal);
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

    /** Refuses, as a metered call would, when no model is configured or the payer has nothing left. */
    async assertCanSpend(actor: Actor, courseId: number | null): Promise<void> {
      if (!provider.available) throw new AppError('service_unavailable', 'ai.unavailable');
      await assertInstructor(actor);
      const account = await repo.account(await debitedAccount(actor, courseId));
      if (!account || account.used >= account.assigned) throw insufficient();
    },

    /**
     * Speech to text, paid like a metered call but by the started minute of audio (the provider bills
     * transcription by duration, not tokens). Nothing is debited when it fails.
     */
    async meteredTranscription(
      actor: Actor,
      call: { courseId: number | null; audio: Buffer; fileName: string; signal?: AbortSignal },
    ) {
      if (!provider.available) throw new AppError('service_unavailable', 'ai.unavailable');
      await assertInstructor(actor);
      const key = await debitedAccount(actor, call.courseId);
      const account = await repo.account(key);
      if (!account || account.used >= account.assigned) throw insufficient();
      const transcript = await provider.transcribe(call.audio, call.fileName, call.signal);
      const credits = Math.ceil(
        Math.ceil(transcript.duration / 60) * ctx.config.ai.creditsPerTranscribedMinute,
      );
      await ctx.db.transaction(async (tx) => {
        const taken = await repo.debit(key, credits, tx);
        await repo.recordUsage(
          {
            orgId: actor.orgId,
            feature: 'video_generation',
            userId: actor.userId,
            courseId: call.courseId,
            promptTokens: 0,
            completionTokens: 0,
            credits: taken,
          },
          tx,
        );
      });
      return transcript;
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
      const key = { orgId: actor.orgId, userId };
      await ctx.db.transaction((tx) => allocate(key, assigned, 'assigned', tx));
      return presentUserCredit(user, await repo.account(key));
    },

    /** Sets the organisation's own credit; it can never drop below what it has handed out and used. */
    async setOrgCredit(actor: Actor, creditAssigned: number): Promise<OrgCredit> {
      await ctx.db.transaction(async (tx) => {
        const org = await repo.lockOrgAccount(actor.orgId, tx);
        const floor = org.used + (await repo.allocatedTotal(actor.orgId, tx));
        if (creditAssigned < floor) {
          throw conflict('ai.orgCreditBelowAllocated', { creditAssigned: ['ai.orgCreditBelowAllocated'] });
        }
        await repo.setOrgAssigned(actor.orgId, creditAssigned, tx);
      });
      return this.orgCredit(actor);
    },

    async userCredits(actor: Actor, query: AiListQuery & AiPageQuery): Promise<UserCreditPage> {
      const { total, rows } = await repo.userCreditPage(
        actor.orgId,
        query.keyword,
        (query.page - 1) * query.pageSize,
        query.pageSize,
      );
      return {
        items: rows.map((r) =>
          presentUserCredit(r, r.assigned === null ? undefined : { assigned: r.assigned, used: r.used ?? 0 }),
        ),
        ...pageFrame(query.page, query.pageSize, total, rows.length),
      };
    },

    async courseCredits(actor: Actor, query: AiListQuery & AiPageQuery): Promise<CourseCreditPage> {
      const { total, rows } = await repo.courseCreditPage(
        actor.orgId,
        { keyword: query.keyword },
        (query.page - 1) * query.pageSize,
        query.pageSize,
      );
      const instructors = await repo.instructorsOf(rows.map((r) => r.id));
      return {
        items: rows.map((r) => presentCourseCredit(r, instructors.get(r.id) ?? [])),
        ...pageFrame(query.page, query.pageSize, total, rows.length),
      };
    },

    /** A course's credit state, for its teaching team and the organisation's administrators. */
    async courseCredit(actor: Actor, courseId: number): Promise<CourseCredit> {
      if (!(await repo.courseInOrg(actor.orgId, courseId))) throw notFound();
      if (actor.orgRole !== 'admin') {
        const teachesIt =
          actor.simulatingCourseId !== courseId && (await repo.teachesCourse(actor.userId, courseId));
        if (!teachesIt) throw notFound();
      }
      return courseCreditOf(actor.orgId, courseId);
    },

    async allocateToCourse(
      actor: Actor,
      courseId: number,
      input: AllocateCourseCredit,
    ): Promise<CourseCredit> {
      if (!(await repo.courseInOrg(actor.orgId, courseId))) throw notFound();
      await ctx.db.transaction(async (tx) => {
        await allocate({ orgId: actor.orgId, userId: null, courseId }, input.assigned, 'assigned', tx);
        if (input.aiActivation !== undefined)
          await repo.setCourseActivation(courseId, input.aiActivation, tx);
      });
      return courseCreditOf(actor.orgId, courseId);
    },

    async config(actor: Actor): Promise<AiConfig> {
      return presentAiConfig(await repo.config(actor.orgId));
    },

    async updateConfig(actor: Actor, input: UpdateAiConfig): Promise<AiConfig> {
      const values = {
        ...(input.credit_mode !== undefined && { creditMode: input.credit_mode }),
        ...(input.course_guides_enable !== undefined && { courseGuidesEnable: input.course_guides_enable }),
        ...(input.allowed_kb_video_type !== undefined && { allowedKbVideoType: input.allowed_kb_video_type }),
        ...(input.max_upload_file_size !== undefined && { maxUploadFileSize: input.max_upload_file_size }),
        ...(input.max_text_length !== undefined && { maxTextLength: input.max_text_length }),
        ...(input.max_number_of_quizzes !== undefined && { maxNumberOfQuizzes: input.max_number_of_quizzes }),
      };
      if (Object.keys(values).length === 0) return presentAiConfig(await repo.config(actor.orgId));
      return presentAiConfig(await repo.upsertConfig(actor.orgId, values));
    },

    async usageByFeature(actor: Actor, window: { from?: string; to?: string }): Promise<AiUsageByFeature> {
      return { items: await repo.usageByFeature(actor.orgId, toWindow(window)) };
    },

    async usageByUser(
      actor: Actor,
      query: AiListQuery & AiPageQuery & { from?: string; to?: string },
    ): Promise<AiUsageByUserPage> {
      const { total, rows } = await repo.usageByUserPage(
        actor.orgId,
        toWindow(query),
        query.keyword,
        (query.page - 1) * query.pageSize,
        query.pageSize,
      );
      return { items: rows, ...pageFrame(query.page, query.pageSize, total, rows.length) };
    },

    async requestCredits(actor: Actor, input: CreateCreditRequestBody): Promise<CreditRequest> {
      await assertInstructor(actor);
      const user = await repo.userWithDepartment(actor.orgId, actor.userId);
      if (!user) throw notFound();
      const courseId = input.target_type === 'course' ? (input.course_id ?? null) : null;
      let courseName: string | undefined;
      if (courseId !== null) {
        // Only for a course the requester teaches, and never as the student they are simulating.
        const teachesIt =
          actor.simulatingCourseId !== courseId &&
          (await repo.courseInOrg(actor.orgId, courseId)) &&
          (await repo.teachesCourse(actor.userId, courseId));
        if (!teachesIt) throw forbidden('ai.requestCourseNotTaught');
        courseName = await repo.courseName(courseId);
      }
      const row = await repo.createRequest({
        orgId: actor.orgId,
        userId: actor.userId,
        targetType: courseId === null ? 'user' : 'course',
        courseId,
        appliedCredits: input.applied_credits,
        reason: input.reason ?? '',
      });
      return presentCreditRequest(row, user, undefined, courseName);
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
            r.courseName,
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
          // Granting is an allocation like any other: it may not pass what the organisation has left.
          const granted = decision.approved_credits;
          const key: AccountKey =
            request.courseId === null
              ? { orgId: actor.orgId, userId: request.userId }
              : { orgId: actor.orgId, userId: null, courseId: request.courseId };
          await allocate(key, (current) => current + granted, 'approved_credits', tx);
          // Credits granted to a course are spent only while its AI is on (debitedAccount).
          if (request.courseId !== null) await repo.setCourseActivation(request.courseId, true, tx);
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
      const courseName = row.courseId === null ? undefined : await repo.courseName(row.courseId);
      return presentCreditRequest(row, requester ?? { userNo: '', name: '' }, auditor?.name, courseName);
    },
  };
}

function toWindow(window: { from?: string | undefined; to?: string | undefined }) {
  return {
    from: window.from ? new Date(window.from) : undefined,
    to: window.to ? new Date(window.to) : undefined,
  };
}
