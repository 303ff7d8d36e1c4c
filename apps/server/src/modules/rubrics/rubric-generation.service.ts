import { z } from 'zod';
import type { Locale } from '@lectern/contracts/common/locale';
import { DEFAULT_LEVELS, RUBRIC_LIMITS, roundScore } from '@lectern/contracts/rubrics/rubric.rules';
import {
  RubricInputSchema,
  type GeneratedRubric,
  type GenerateRubricRequestSchema,
} from '@lectern/contracts/rubrics/rubric.schemas';
import type { AppContext } from '../../platform/app-context.ts';
import { invalid } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { translate } from '../../platform/messages.ts';
import { AiOutputError, delimitedData, parseModelJson } from '../ai/ai-prompt.ts';
import type { AiProvider } from '../ai/ai-provider.ts';
import { aiService } from '../ai/ai.service.ts';
import { htmlText } from '../homework/duplicate-text.ts';
import { homeworkAccess } from '../homework/homework-access.ts';
import { assertCanSet } from '../homework/homework.policy.ts';
import { assertCanCreate } from './rubrics.policy.ts';
import { rubricsRepository } from './rubrics.repository.ts';

type GenerateInput = z.output<typeof GenerateRubricRequestSchema>;

const LANGUAGE_NAMES: Record<Locale, string> = {
  'zh-CN': 'Simplified Chinese',
  'zh-TW': 'Traditional Chinese',
  'en-US': 'English',
};

const LEVEL_KEYS = {
  excellent: 'rubrics.levelExcellent',
  good: 'rubrics.levelGood',
  pass: 'rubrics.levelPass',
  needImprovement: 'rubrics.levelNeedImprovement',
} as const;

/** What the model is asked for; lenient where a model commonly strays (a missing name, scores as strings). */
const ModelRubricSchema = z.object({
  name: z.string().optional(),
  conditions: z
    .array(
      z.object({
        name: z.string(),
        description: z.string().optional(),
        levels: z.array(z.object({ score: z.coerce.number(), description: z.string() })).optional(),
      }),
    )
    .min(1),
});

function instructions(locale: GenerateInput['locale']): string {
  const levels = DEFAULT_LEVELS.map((l) => `${l.key} ${l.score}`).join(', ');
  const language =
    locale === ''
      ? 'Write in the language of the assignment description.'
      : `Write in ${LANGUAGE_NAMES[locale]}.`;
  return [
    'You write marking rubrics for teachers.',
    `From the assignment description, propose 3 to 6 criteria. Give each criterion a short name, a one-sentence description and the ratings ${levels} (score and a description of work at that rating).`,
    `Names at most ${RUBRIC_LIMITS.nameMax} characters; descriptions at most 300 characters. ${language}`,
    'Answer with JSON only: {"name": string, "conditions": [{"name": string, "description": string, "levels": [{"score": number, "description": string}]}]}.',
  ].join('\n');
}

/** Description text as a reader sees it, so markup neither reaches the model nor is paid for. */
function plainDescription(content: string): string {
  return htmlText(content)
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

/**
 * Rubric generation (spec 001 section 5): a draft for the rubric editor, from an assignment description.
 * Nothing is stored; the teacher reviews the draft and saves it as any rubric.
 */
export function rubricGenerationService(ctx: AppContext, provider: AiProvider) {
  const repo = rubricsRepository(ctx.db);
  const ai = aiService(ctx, provider);
  const homework = homeworkAccess(ctx.db);

  /** The model's answer as a valid rubric input; anything that is not one is the model's failure. */
  function toDraft(actor: Actor, output: string): GeneratedRubric {
    const answer = parseModelJson(ModelRubricSchema, output);
    const defaults = DEFAULT_LEVELS.map((l) => ({
      score: l.score,
      description: translate(actor.locale, LEVEL_KEYS[l.key]),
    }));
    const draft = {
      name: answer.name?.trim() || translate(actor.locale, 'rubrics.generatedName'),
      conditions: answer.conditions.slice(0, RUBRIC_LIMITS.conditionsMax).map((c) => ({
        name: c.name.trim().slice(0, RUBRIC_LIMITS.nameMax),
        description: (c.description?.trim() || c.name.trim()).slice(0, RUBRIC_LIMITS.descriptionMax),
        levels:
          c.levels && c.levels.length > 0
            ? c.levels.slice(0, RUBRIC_LIMITS.levelsMax).map((l) => ({
                score: roundScore(l.score),
                description: l.description.trim().slice(0, RUBRIC_LIMITS.descriptionMax),
              }))
            : defaults,
      })),
    };
    const checked = RubricInputSchema.safeParse(draft);
    if (!checked.success) throw new AiOutputError();
    return checked.data;
  }

  return {
    async generate(actor: Actor, input: GenerateInput): Promise<GeneratedRubric> {
      const isOrgAdmin = actor.orgRole === 'admin';
      assertCanCreate(actor, {
        teachesInOrg: !isOrgAdmin && (await repo.teachesInOrg(actor.userId, actor.orgId)),
      });
      let content = input.content;
      let courseId: number | null = null;
      if (input.homework_id !== undefined) {
        const hw = await homework.load(actor, input.homework_id);
        assertCanSet(hw.access);
        courseId = hw.activity.courseId;
        if (!plainDescription(content)) content = hw.settings.description ?? '';
      }
      const description = plainDescription(content);
      if (!description) {
        throw invalid({ content: ['rubrics.generateNeedsDescription'] });
      }
      let draft: GeneratedRubric | undefined;
      await ai.metered(actor, {
        feature: 'rubric_generation',
        courseId,
        messages: delimitedData(
          instructions(input.locale),
          'an assignment description',
          description,
          ctx.config.ai.maxTextLength,
        ),
        validate: (output) => {
          draft = toDraft(actor, output);
        },
      });
      if (!draft) throw new AiOutputError();
      return draft;
    },
  };
}
