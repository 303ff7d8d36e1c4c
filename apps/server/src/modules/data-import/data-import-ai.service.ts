import {
  IMPORT_LIMITS,
  importTypesFor,
  templateLangOf,
  type ImportBelong,
} from '@lectern/contracts/data-import/data-import.schemas';
import type { AiConvertImportBody } from '@lectern/contracts/data-import/data-import-ai.schemas';
import { FORMAT_VOCABULARY } from '@lectern/contracts/data-import/question-format';
import { isDuplicateCheckable } from '@lectern/contracts/homework/duplicate-check.rules';
import type { Locale } from '@lectern/contracts/common/locale';
import type { AppContext } from '../../platform/app-context.ts';
import { AppError } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import type { AiStreamWriter } from '../ai/ai-event-stream.ts';
import { AiOutputError, delimitedData } from '../ai/ai-prompt.ts';
import type { AiProvider } from '../ai/ai-provider.ts';
import { aiService } from '../ai/ai.service.ts';
import { extractText } from '../homework/duplicate-text.ts';
import { uploadsService } from '../uploads/uploads.service.ts';
import { importTargetAccess } from './data-import.policy.ts';

/**
 * The question text format (docs/data-import-format.md) told compactly, with the labels of the caller's
 * language so the raw editor reads naturally; the parser accepts every language's labels anyway.
 */
function instructions(locale: Locale, belong: ImportBelong): string {
  const v = FORMAT_VOCABULARY[templateLangOf(locale)];
  const label = (words: readonly string[]) => words[0] ?? '';
  // Matching has no plain-text form a model writes reliably; the rest are the target's importable types.
  const types = importTypesFor(belong)
    .filter((type) => type !== 'matching')
    .map((type) => `[${label(v.types[type])}]`)
    .join(' ');
  const groups = belong === 'classroom' ? '' : `${label(v.types.analysis)} / ${label(v.types.cloze)}`;
  return [
    'You convert a document of exam questions into the plain question text format below. Output only that text: no commentary, no Markdown, no code fences.',
    'Format, one question after another:',
    `1. [${label(v.types.single_selection)}] stem`,
    'A. option',
    'B. option',
    `${label(v.answer)}: B`,
    `${label(v.explanation)}: why (optional)`,
    `${label(v.points)}: 2`,
    `${label(v.difficulty)}: ${label(v.difficultyWords.easy)} | ${label(v.difficultyWords.medium)} | ${label(v.difficultyWords.hard)} (optional)`,
    `${label(v.knowledgeNodes)}: a; b (optional)`,
    'Rules:',
    `- Number every question "N." and put its type tag right after the number, one of: ${types}.`,
    '- Choices: options lettered A, B, C… without gaps, one per line; the answer is the letter(s), e.g. AC.',
    `- True or false: no options; the answer is ${label(v.trueWords)} or ${label(v.falseWords)}.`,
    '- Fill in the blank: each blank is ____ (four underscores) in the stem; the answer lists the blanks in order separated by ";", alternatives of one blank separated by "|".',
    '- Short answer: the answer line holds the reference answer.',
    groups
      ? `- ${groups}: the shared passage as the stem, then sub-questions "(1)", "(2)"… each with its own type tag, options, answer and points.`
      : '- Only stand-alone questions: no passages with sub-questions.',
    '- Keep the questions, options and answers in the language and wording of the document; keep formulas as plain text.',
    '- Take answers, explanations and points from the document; when the document gives no answer, write the correct one. When it gives no points, write 1.',
    '- Leave out titles, instructions to candidates and anything that is not a question.',
  ].join('\n');
}

/**
 * AI question import (spec 000 sections 4, 5, 8): the text of the caller's .docx, .pdf or .txt upload is
 * rewritten by the model into the question text format and streamed to the import page's raw area, where
 * the teacher edits it and identifies it as usual. Nothing is saved here.
 */
export function dataImportAiService(ctx: AppContext, provider: AiProvider) {
  const targets = importTargetAccess(ctx.db);
  const uploads = uploadsService(ctx);
  const ai = aiService(ctx, provider);

  return {
    /** Every refusal (target, upload, type, no text, no model, no credit) comes before the first event. */
    async convert(actor: Actor, body: AiConvertImportBody, writer: AiStreamWriter): Promise<void> {
      const target = await targets.load(actor, body.belong, body.belong_id);
      const { upload, bytes } = await uploads.readOwnBytes(actor, body.upload_id, IMPORT_LIMITS.fileMaxBytes);
      if (!isDuplicateCheckable(upload.name))
        throw new AppError('validation_failed', 'dataImport.aiFileType');
      const extracted = await extractText(upload.name, bytes);
      const text = extracted.kind === 'text' ? extracted.text.trim() : '';
      if (!text) throw new AppError('validation_failed', 'dataImport.aiNoText');

      await ai.metered(actor, {
        feature: 'question_import',
        ...(target.exam ? { courseId: target.exam.activity.courseId } : {}),
        signal: writer.signal,
        messages: (maxTextLength) =>
          delimitedData(instructions(actor.locale, body.belong), 'the document', text, maxTextLength),
        onDelta: (delta) => writer.send({ data: delta }),
        // An empty answer gives the teacher nothing to edit: it fails and costs nothing.
        validate: (output) => {
          if (!output.trim()) throw new AiOutputError();
        },
      });
    },
  };
}
