import { z } from 'zod';
import {
  AI_GRADING_RESULT_EVENT,
  type AiGradingSuggestion,
} from '@lectern/contracts/homework/homework-grading.schemas';
import { isDuplicateCheckable } from '@lectern/contracts/homework/duplicate-check.rules';
import { conditionMax, roundScore } from '@lectern/contracts/rubrics/rubric.rules';
import type { AppContext } from '../../platform/app-context.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import type { AiStreamWriter } from '../ai/ai-event-stream.ts';
import { AiOutputError, delimitedData, parseModelJson } from '../ai/ai-prompt.ts';
import type { AiProvider } from '../ai/ai-provider.ts';
import { aiService } from '../ai/ai.service.ts';
import { rubricsService } from '../rubrics/rubrics.service.ts';
import { duplicateCheckRepository, type SubmissionFile } from './duplicate-check.repository.ts';
import { extractText, htmlText } from './duplicate-text.ts';
import { homeworkAccess } from './homework-access.ts';
import { assertCanMark } from './homework.policy.ts';

/** Larger hand-ins are not read for a suggestion: their text would be cut to the model's limit anyway. */
const GRADABLE_FILE_MAX_BYTES = 20 * 1024 * 1024;

/** Lenient where models commonly stray: numbers as strings, a paragraph instead of a list. */
const textList = z
  .union([z.string().transform((s) => (s.trim() ? [s.trim()] : [])), z.array(z.string())])
  .default([]);
const ModelSuggestionSchema = z.object({
  totalScore: z.coerce.number(),
  scoreJustification: z.array(
    z.object({ criterion: z.string(), points_awarded: z.coerce.number(), explanation: z.string() }),
  ),
  strengths: textList,
  areasForImprovement: textList,
});

type Condition = { name: string; description: string; levels: { score: number; description: string }[] };

function instructions(description: string, conditions: readonly Condition[]): string {
  const rubric = conditions
    .map(
      (c, i) =>
        `${i + 1}. ${c.name} (at most ${conditionMax(c)} points): ${c.description}\n` +
        c.levels.map((l) => `   - ${l.score} points: ${l.description}`).join('\n'),
    )
    .join('\n');
  return [
    'You help a teacher mark homework. Suggest a score; the teacher decides.',
    `The assignment:\n${description}`,
    `The rubric (criteria with their ratings):\n${rubric}`,
    'Judge the student work against each criterion. The total is the sum of the points awarded, from 0 to 100.',
    'Write the explanations, strengths and areas for improvement in the language of the assignment.',
    'Answer with JSON only: {"totalScore": number, "scoreJustification": [{"criterion": string, "points_awarded": number, "explanation": string}], "strengths": [string], "areasForImprovement": [string]}.',
  ].join('\n\n');
}

function plain(html: string): string {
  return htmlText(html)
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

/**
 * AI grading suggestion for one submission (spec 000 addendum): needs the homework's description, a
 * rubric, and a hand-in with a file whose text can be read (docx, pdf, txt; the duplicate check's reader).
 * The suggestion is streamed to the marker and never stored: accepting it fills the marking form only.
 */
export function homeworkGradingService(ctx: AppContext, provider: AiProvider) {
  const homework = homeworkAccess(ctx.db);
  const files = duplicateCheckRepository(ctx.db);
  const rubrics = rubricsService(ctx);
  const ai = aiService(ctx, provider);

  async function readBytes(key: string): Promise<Uint8Array> {
    const chunks: Buffer[] = [];
    for await (const chunk of await ctx.storage.get(key)) chunks.push(chunk as Buffer);
    return new Uint8Array(Buffer.concat(chunks));
  }

  /** The text of every readable file of the hand-in, each under its name. */
  async function gradableText(attached: readonly SubmissionFile[]): Promise<string> {
    const parts: string[] = [];
    for (const file of attached) {
      if (file.status !== 'ready' || file.deleted || !file.storageKey) continue;
      if (file.size > GRADABLE_FILE_MAX_BYTES || !isDuplicateCheckable(file.name)) continue;
      const extracted = await extractText(file.name, await readBytes(file.storageKey));
      if (extracted.kind === 'text' && extracted.text.trim()) {
        parts.push(`[${file.name}]\n${extracted.text.trim()}`);
      }
    }
    return parts.join('\n\n');
  }

  function checked(output: string): AiGradingSuggestion {
    const answer = parseModelJson(ModelSuggestionSchema, output);
    const totalScore = roundScore(answer.totalScore);
    if (!Number.isFinite(totalScore) || totalScore < 0 || totalScore > 100) throw new AiOutputError();
    return {
      totalScore,
      scoreJustification: answer.scoreJustification.map((j) => ({
        criterion: j.criterion,
        points_awarded: roundScore(j.points_awarded),
        explanation: j.explanation,
      })),
      strengths: answer.strengths,
      areasForImprovement: answer.areasForImprovement,
    };
  }

  return {
    /**
     * Checks everything the suggestion needs before the model is asked (so a refusal is a plain JSON
     * error), then streams the model's text and ends with the checked suggestion. A failed or malformed
     * answer ends the stream with an error event and costs nothing.
     */
    async suggest(
      actor: Actor,
      homeworkId: number,
      submissionId: number,
      writer: AiStreamWriter,
    ): Promise<void> {
      const hw = await homework.load(actor, homeworkId);
      assertCanMark(hw.access);
      const description = plain(hw.settings.description ?? '');
      if (!description) throw new AppError('validation_failed', 'homework.aiNeedsDescription');
      const rubricId = hw.settings.rubric_id;
      const conditions = rubricId ? await rubrics.conditionsForMarking(rubricId, ctx.db) : null;
      if (!conditions || conditions.length === 0) {
        throw new AppError('validation_failed', 'homework.aiNeedsRubric');
      }
      const submission = await files.findSubmission(submissionId);
      if (!submission || submission.activityId !== hw.activity.id || submission.isDraft) {
        throw notFound('homework.submissionNotFound');
      }
      const work = await gradableText(await files.filesOf(submission.id));
      if (!work) throw new AppError('validation_failed', 'homework.aiNoGradableUpload');
      const comment = plain(submission.comment ?? '');

      let suggestion: AiGradingSuggestion | undefined;
      await ai.metered(actor, {
        feature: 'grading',
        courseId: hw.activity.courseId,
        signal: writer.signal,
        messages: delimitedData(
          instructions(description, conditions),
          "the student's work",
          comment ? `${comment}\n\n${work}` : work,
          ctx.config.ai.maxTextLength,
        ),
        onDelta: (text) => writer.send({ data: text }),
        validate: (output) => {
          suggestion = checked(output);
        },
      });
      if (!suggestion) throw new AiOutputError();
      writer.send(suggestion, AI_GRADING_RESULT_EVENT);
    },
  };
}
