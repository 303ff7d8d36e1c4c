import { z } from 'zod';
import { duplicateRate, isDuplicateCheckable } from '@lectern/contracts/homework/duplicate-check.rules';
import type { AppContext } from '../../platform/app-context.ts';
import { createCpuPool, workerScriptUrl, type CpuPool } from '../../platform/jobs/cpu-pool.ts';
import { enqueue } from '../../platform/jobs/job-queue.ts';
import { PermanentJobError, type JobHandler, type RegisteredJobs } from '../../platform/jobs/job-worker.ts';
import { duplicateCheckRepository, type NewPair, type SubmissionFile } from './duplicate-check.repository.ts';
import type {
  DuplicateTask,
  DuplicateTaskResult,
  SubmissionFilesInput,
  SubmissionFingerprints,
} from './duplicate-read.ts';
import { thirdPartyCheckerOf } from './duplicate-third-party.ts';

/** Queued at hand-in, in the hand-in's transaction: fingerprint the version and compare it with the rest. */
export const DUPLICATE_CHECK_JOB = 'homework.duplicate-check';
const THIRD_PARTY_SUBMIT_JOB = 'homework.third-party-submit';
const THIRD_PARTY_POLL_JOB = 'homework.third-party-poll';

/** Files larger than this are not read for the check (a video renamed .txt, a scanned book). */
const FILE_MAX_BYTES = 50 * 1024 * 1024;
/** Polls of one file before the external check is given up (a day at the default minute). */
const MAX_POLLS = 1440;

const SubmissionPayload = z.object({ submission_id: z.number().int().positive() });
const CheckPayload = z.object({
  check_id: z.number().int().positive(),
  polls: z.number().int().min(0).default(0),
});

function parse<T>(schema: z.ZodType<T>, payload: unknown): T {
  const parsed = schema.safeParse(payload);
  if (!parsed.success) throw new PermanentJobError(`bad payload: ${parsed.error.message}`);
  return parsed.data;
}

export function duplicateCheckJobs(ctx: AppContext): RegisteredJobs {
  const repo = duplicateCheckRepository(ctx.db);
  const checker = thirdPartyCheckerOf(ctx.config);
  let pool: CpuPool<DuplicateTask, DuplicateTaskResult> | undefined;
  const workers = () =>
    (pool ??= createCpuPool(
      workerScriptUrl(import.meta.url, './duplicate-fingerprint.worker.ts', 'duplicate-fingerprint.worker'),
    ));

  async function readBytes(key: string): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of await ctx.storage.get(key)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  /** Reads the files a job may read: finished, not deleted, stored, not too large. */
  async function readable(files: readonly SubmissionFile[]): Promise<SubmissionFilesInput['files']> {
    const out: SubmissionFilesInput['files'] = [];
    for (const file of files) {
      if (file.status !== 'ready' || file.deleted || !file.storageKey || file.size > FILE_MAX_BYTES) continue;
      if (!isDuplicateCheckable(file.name)) continue;
      out.push({ name: file.name, bytes: new Uint8Array(await readBytes(file.storageKey)) });
    }
    return out;
  }

  /**
   * Compares every current hand-in of the homework with every other, common material left out (the
   * template, and what most hand-ins hold), and stores what changed. All pairs, not only the new hand-in's:
   * text becomes common as hand-ins arrive, which changes pairs the new one is not part of.
   */
  async function compareHomework(activityId: number): Promise<void> {
    const template = await repo.templateOf(activityId);
    const templateFiles = await readable(template.files);
    let templateHashes: Int32Array = new Int32Array(0);
    if (template.description.trim() !== '' || templateFiles.length > 0) {
      const answer = await workers().run({
        kind: 'template',
        description: template.description,
        files: templateFiles,
      });
      if (answer.kind !== 'template') throw new Error('unexpected worker answer');
      templateHashes = answer.hashes;
    }
    const current = await repo.currentFingerprints(activityId);
    // Sorting and intersecting a whole class's fingerprints is CPU work too: done in the worker.
    const compared = await workers().run({
      kind: 'compareAll',
      docs: current.map((doc) => Int32Array.from(doc.hashes)),
      template: templateHashes,
    });
    if (compared.kind !== 'compareAll') throw new Error('unexpected worker answer');
    const stored = new Map(
      (await repo.pairsAmong(current.map((doc) => doc.submissionId))).map((pair) => [
        `${pair.submissionA}:${pair.submissionB}`,
        pair,
      ]),
    );
    const changed: NewPair[] = [];
    for (const pair of compared.pairs) {
      const sides = [
        { id: current[pair.a]?.submissionId ?? 0, count: compared.counts[pair.a] ?? 0 },
        { id: current[pair.b]?.submissionId ?? 0, count: compared.counts[pair.b] ?? 0 },
      ].sort((x, y) => x.id - y.id);
      const [a, b] = [sides[0] ?? { id: 0, count: 0 }, sides[1] ?? { id: 0, count: 0 }];
      const rateA = duplicateRate(pair.shared, a.count);
      const rateB = duplicateRate(pair.shared, b.count);
      const key = `${a.id}:${b.id}`;
      const before = stored.get(key);
      stored.delete(key);
      if (before && before.shared === pair.shared && before.rateA === rateA && before.rateB === rateB)
        continue;
      changed.push({
        activityId,
        submissionA: a.id,
        submissionB: b.id,
        shared: pair.shared,
        rateA,
        rateB,
        rate: Math.max(rateA ?? 0, rateB ?? 0),
      });
    }
    await ctx.db.transaction(async (tx) => {
      await repo.upsertPairs(changed, tx);
      // What is left shares nothing of its own any more.
      await repo.deletePairs(
        [...stored.values()].map((pair) => pair.id),
        tx,
      );
    });
  }

  const check: JobHandler = async (payload) => {
    const { submission_id: submissionId } = parse(SubmissionPayload, payload);
    const submission = await repo.findSubmission(submissionId);
    if (!submission || submission.isDraft) return;
    const checkable = (await repo.filesOf(submissionId)).filter(
      (f) =>
        f.status === 'ready' &&
        !f.deleted &&
        f.storageKey &&
        f.size <= FILE_MAX_BYTES &&
        isDuplicateCheckable(f.name),
    );
    const input: SubmissionFilesInput = { files: await readable(checkable) };
    let result: SubmissionFingerprints | null = null;
    if (input.files.length > 0) {
      const answer = await workers().run({ kind: 'read', ...input });
      if (answer.kind !== 'read') throw new Error('unexpected worker answer');
      result = answer.result;
    }

    if (!result || result.status !== 'checked') {
      await repo.saveDocument({
        submissionId,
        activityId: submission.activityId,
        status: result?.status ?? 'not_checkable',
        lastError: result && 'error' in result ? result.error : null,
        text: '',
        hashes: [],
        starts: [],
        ends: [],
        fingerprintCount: 0,
      });
    } else {
      // Stored (and committed) before comparing: of two hand-ins checked at the same moment, at least
      // the later comparison sees the other's fingerprints.
      await repo.saveDocument({
        submissionId,
        activityId: submission.activityId,
        status: 'checked',
        lastError: null,
        text: result.text,
        hashes: Array.from(result.hashes),
        starts: Array.from(result.starts),
        ends: Array.from(result.ends),
        fingerprintCount: result.count,
      });
      await compareHomework(submission.activityId);
    }

    if (checker && checkable.length > 0) {
      const rows = await repo.insertThirdParty(
        checkable.map((file) => ({
          activityId: submission.activityId,
          submissionId,
          uploadId: file.uploadId,
          provider: checker.name,
        })),
      );
      for (const row of rows) await enqueue(ctx.db, THIRD_PARTY_SUBMIT_JOB, { check_id: row.id });
    }
  };

  /**
   * The external checker may be down for a while (retries with backoff cover that); when the job gives up,
   * the check shows as failed rather than forever in progress.
   */
  function failingCheckOnLastAttempt(handler: JobHandler): JobHandler {
    return async (payload, context) => {
      try {
        await handler(payload, context);
      } catch (error) {
        const checkId = CheckPayload.safeParse(payload).data?.check_id;
        const last = error instanceof PermanentJobError || context.job.attempts >= context.job.maxAttempts;
        if (last && checkId !== undefined) {
          const message = error instanceof Error ? error.message : String(error);
          await repo.updateThirdParty(checkId, { status: 'failed', lastError: message.slice(0, 2000) });
        }
        throw error;
      }
    };
  }

  const submitThirdParty: JobHandler = async (payload) => {
    if (!checker) return;
    const { check_id: checkId } = parse(CheckPayload, payload);
    const row = await repo.findThirdParty(checkId);
    if (!row || row.status !== 'queued') return;
    const [file] = (await repo.filesOf(row.submissionId)).filter((f) => f.uploadId === row.uploadId);
    if (!file?.storageKey || file.deleted) {
      await repo.updateThirdParty(checkId, { status: 'failed', lastError: 'file gone' });
      return;
    }
    const submission = await repo.findSubmission(row.submissionId);
    const externalId = await checker.submit(
      { name: file.name, bytes: await readBytes(file.storageKey) },
      {
        homework_id: row.activityId,
        submission_id: row.submissionId,
        submitter: String(submission?.userId ?? submission?.groupId ?? ''),
      },
    );
    await ctx.db.transaction(async (tx) => {
      await repo.updateThirdParty(checkId, { status: 'submitted', externalId }, tx);
      await enqueue(
        tx,
        THIRD_PARTY_POLL_JOB,
        { check_id: checkId, polls: 0 },
        {
          delayMs: ctx.config.duplicateCheckProvider?.pollMs ?? 60_000,
        },
      );
    });
  };

  const pollThirdParty: JobHandler = async (payload) => {
    if (!checker) return;
    const { check_id: checkId, polls } = parse(CheckPayload, payload);
    const row = await repo.findThirdParty(checkId);
    if (!row || row.status !== 'submitted' || !row.externalId) return;
    const result = await checker.poll(row.externalId);
    if (result.status === 'pending') {
      if (polls + 1 >= MAX_POLLS) {
        await repo.updateThirdParty(checkId, { status: 'failed', lastError: 'no result in time' });
        return;
      }
      await enqueue(
        ctx.db,
        THIRD_PARTY_POLL_JOB,
        { check_id: checkId, polls: polls + 1 },
        {
          delayMs: ctx.config.duplicateCheckProvider?.pollMs ?? 60_000,
        },
      );
      return;
    }
    await repo.updateThirdParty(checkId, {
      status: result.status,
      similarity: result.similarity,
      reportUrl: result.report_url,
    });
  };

  return {
    handlers: {
      [DUPLICATE_CHECK_JOB]: check,
      [THIRD_PARTY_SUBMIT_JOB]: failingCheckOnLastAttempt(submitThirdParty),
      [THIRD_PARTY_POLL_JOB]: failingCheckOnLastAttempt(pollThirdParty),
    },
    async close() {
      await pool?.close();
    },
  };
}
