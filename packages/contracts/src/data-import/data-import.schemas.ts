import { z } from 'zod';
import { normalizeLocale, type Locale } from '../common/locale.ts';
import { DifficultyLevelSchema, SUBJECT_LIMITS, SubjectSettingsSchema } from '../exams/subject.schemas.ts';

/**
 * Importing questions (spec 000 sections 2–5 and 7): a file or pasted text becomes "raw content" (HTML in
 * the question text format, see docs/data-import-format.md), the identify step turns raw content into
 * imported questions with per-question errors, and the existing save calls store them all or nothing.
 */

/** Where imported questions go: an exam, a classroom exam or a question library. */
export const IMPORT_BELONGS = ['exam', 'classroom', 'library'] as const;
export const ImportBelongSchema = z.enum(IMPORT_BELONGS, 'dataImport.belongInvalid');
export type ImportBelong = z.infer<typeof ImportBelongSchema>;

/** Question types the text format carries (spec 000 section 3, plus short answer). */
export const IMPORTED_SUBJECT_TYPES = [
  'single_selection',
  'multiple_selection',
  'true_or_false',
  'fill_in_blank',
  'short_answer',
  'analysis',
  'cloze',
  'matching',
] as const;
export const ImportedSubjectTypeSchema = z.enum(IMPORTED_SUBJECT_TYPES);
export type ImportedSubjectType = z.infer<typeof ImportedSubjectTypeSchema>;

/**
 * Spec 000 section 5: for exams of type "eztest", fill-in-the-blank sub-questions of analysis questions
 * are dropped (that paper format cannot hold them).
 */
export const IMPORT_EXAM_TYPES = ['standard', 'eztest'] as const;
export const ImportExamTypeSchema = z.enum(IMPORT_EXAM_TYPES);
export type ImportExamType = z.infer<typeof ImportExamTypeSchema>;

/** File formats the convert step reads. */
export const IMPORT_FORMATS = ['docx', 'moodle_xml', 'gift', 'aiken'] as const;
export const ImportFormatSchema = z.enum(IMPORT_FORMATS);
export type ImportFormat = z.infer<typeof ImportFormatSchema>;

/** File formats a paper or library exports to. */
export const EXPORT_FORMATS = ['docx', 'moodle_xml'] as const;
export const ExportFormatSchema = z.enum(EXPORT_FORMATS, 'dataImport.exportFormatInvalid');
export type ExportFormat = z.infer<typeof ExportFormatSchema>;

export const IMPORT_LIMITS = {
  /** Spec 000 section 9: at most 200 questions per import. */
  subjectsPerImport: SUBJECT_LIMITS.subjectsPerSave,
  /** Raw content sent to identify (characters of HTML; images travel as upload URLs, not inline). */
  contentMax: 4_000_000,
  /** A file to convert (bytes). Word files with many pictures are large; 50 MB covers real exam papers. */
  fileMaxBytes: 50 * 1024 * 1024,
} as const;

/**
 * One thing the parser could not understand, already in the caller's language and naming where it is
 * ("Question 3, line 12: …"). `code` is stable for clients; `field` names the part of the question.
 */
export const ImportErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  line: z.number().int().nullable(),
  field: z.string().nullable(),
});
export type ImportError = z.infer<typeof ImportErrorSchema>;

const ImportedOptionSchema = z.object({
  sort: z.number().int(),
  content: z.string(),
  is_answer: z.boolean(),
  /** Partial credit (a choice question with an option-credit line): the share of the points it earns. */
  weight: z.number().optional(),
});
const ImportedBlankSchema = z.object({ sort: z.number().int(), answers: z.array(z.string()) });
/** Matching: a left-hand item and the option (right-hand item, by its sort) it pairs with. */
const ImportedPairSchema = z.object({
  sort: z.number().int(),
  content: z.string(),
  option_sort: z.number().int(),
});

const importedFields = {
  type: ImportedSubjectTypeSchema,
  description: z.string(),
  point: z.number(),
  sort: z.number().int(),
  difficulty_level: DifficultyLevelSchema,
  options: z.array(ImportedOptionSchema),
  /** Text answer: the reference answer of a short answer; for other types, the answer line as written. */
  answer: z.string().nullable(),
  answer_explanation: z.string().nullable(),
  blanks: z.array(ImportedBlankSchema),
  /** Matching questions only. */
  pairs: z.array(ImportedPairSchema).optional(),
  settings: SubjectSettingsSchema,
  knowledge_node_names: z.array(z.string()),
  /** The teaching team's note (a file's question name, "备注：…"), stored with the question; null when none. */
  note: z.string().nullable(),
  errors: z.array(ImportErrorSchema),
  /**
   * What the file had that this question lost on import (partial credit, a tolerance, a picture), in the
   * caller's language: shown on its preview card; it does not block saving and is never stored.
   */
  warnings: z.array(z.string()),
  /** The question number as written in the document, and the line it starts on (1-based). */
  number: z.string(),
  line: z.number().int(),
};
export const ImportedSubSubjectSchema = z.object(importedFields).meta({ id: 'ImportedSubSubject' });
export type ImportedSubSubject = z.infer<typeof ImportedSubSubjectSchema>;
/** Spec 000 section 3, "Imported question". */
export const ImportedSubjectSchema = z
  .object({
    ...importedFields,
    /**
     * Where the file filed the question ("分类：…", Moodle's category, GIFT's `$CATEGORY:`), its levels joined
     * by "/" without Moodle's `$course$`-style root; null when the file names none. The preview groups by it
     * and a library import may create one library per category.
     */
    category: z.string().nullable(),
    sub_subjects: z.array(ImportedSubSubjectSchema),
  })
  .meta({ id: 'ImportedSubject' });
export type ImportedSubject = z.infer<typeof ImportedSubjectSchema>;

type WithErrors = Pick<ImportedSubSubject, 'errors'>;

/** Whether a question has an error of its own or in one of its sub-questions: it cannot be saved. */
export function hasImportErrors(subject: WithErrors & { sub_subjects?: readonly WithErrors[] }): boolean {
  return subject.errors.length > 0 || (subject.sub_subjects?.some((sub) => sub.errors.length > 0) ?? false);
}

/** Text or a picture: raw content worth identifying (the server refuses anything else). */
export function hasImportContent(html: string): boolean {
  return html.replace(/<[^>]*>/g, '').trim() !== '' || /<img/i.test(html);
}

const TargetFields = {
  belong: ImportBelongSchema,
  belong_id: z.coerce.number('dataImport.belongInvalid').int().positive('dataImport.belongInvalid'),
};

/** `POST /api/data-import/convert`: an uploaded file (Word, Moodle XML, GIFT, Aiken) → raw content. */
export const ConvertImportRequestSchema = z.object({
  upload_id: z.coerce.number('dataImport.uploadRequired').int().positive('dataImport.uploadRequired'),
  ...TargetFields,
});
export type ConvertImportRequest = z.input<typeof ConvertImportRequestSchema>;
export type ConvertImportBody = z.output<typeof ConvertImportRequestSchema>;
export const ConvertImportResponseSchema = z.object({
  format: ImportFormatSchema,
  /** HTML in the question text format, for the raw editor. */
  content: z.string(),
  /** What the conversion could not keep (an unsupported element, a Moodle question type), in words. */
  warnings: z.array(z.string()),
});
export type ConvertImportResponse = z.infer<typeof ConvertImportResponseSchema>;

/** `POST /api/data-import/identify`: raw content (HTML or plain text) → imported questions. */
export const IdentifyImportRequestSchema = z.object({
  ...TargetFields,
  content: z
    .string('dataImport.contentRequired')
    .max(IMPORT_LIMITS.contentMax, 'dataImport.contentTooLong')
    .refine(hasImportContent, 'dataImport.contentRequired'),
  exam_type: ImportExamTypeSchema.default('standard'),
  /** Exams: import into the make-up paper (its points are counted separately). */
  is_makeup_exam: z.boolean().default(false),
});
export type IdentifyImportRequest = z.input<typeof IdentifyImportRequestSchema>;
export type IdentifyImportBody = z.output<typeof IdentifyImportRequestSchema>;
export const IdentifyImportResponseSchema = z.object({
  subjects: z.array(ImportedSubjectSchema),
  /** Sum of the questions' points. */
  total_point: z.number(),
  /** Questions with at least one error (their own or a sub-question's). */
  error_count: z.number().int(),
  /** Exams and classroom exams: 100 minus the points already used; null for libraries. */
  remaining_points: z.number().nullable(),
  /** Text outside any question (a title before question 1, say): not imported, said so. */
  warnings: z.array(z.string()),
});
export type IdentifyImportResponse = z.infer<typeof IdentifyImportResponseSchema>;

/** `GET …/subjects/export?format=docx|moodle_xml` on an exam, classroom exam or library. */
export const ExportSubjectsQuerySchema = z.object({
  format: ExportFormatSchema.default('docx'),
  is_makeup_exam: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .optional(),
});
export type ExportSubjectsQuery = z.input<typeof ExportSubjectsQuerySchema>;
export type ExportSubjectsOptions = z.output<typeof ExportSubjectsQuerySchema>;

/** Template file languages (spec 000 sections 2 and 9; zh-MO reads zh-TW). */
export const TEMPLATE_LANGS = ['zh-cn', 'zh-tw', 'en-us'] as const;
export type TemplateLang = (typeof TEMPLATE_LANGS)[number];
export const TEMPLATE_BASE_PATH = '/static/data_import_templates';

export function templateLangOf(locale: string | null | undefined): TemplateLang {
  const map: Record<Locale, TemplateLang> = { 'zh-CN': 'zh-cn', 'zh-TW': 'zh-tw', 'en-US': 'en-us' };
  return map[normalizeLocale(locale)];
}

/** `exam-zh-cn.docx`, `library-with-knowledge-node-en-us.docx`, … */
export function templateFileName(
  belong: ImportBelong,
  withKnowledgeNode: boolean,
  lang: TemplateLang,
): string {
  return `${belong}${withKnowledgeNode ? '-with-knowledge-node' : ''}-${lang}.docx`;
}

/** Where a template in one language is downloaded: `/static/data_import_templates/exam-zh-cn.docx`, … */
export function templateUrl(belong: ImportBelong, withKnowledgeNode: boolean, lang: TemplateLang): string {
  return `${TEMPLATE_BASE_PATH}/${templateFileName(belong, withKnowledgeNode, lang)}`;
}

/** The template in the language of a locale, as `templateLangOf` picks it. */
export function templatePath(
  belong: ImportBelong,
  withKnowledgeNode: boolean,
  locale: string | null,
): string {
  return templateUrl(belong, withKnowledgeNode, templateLangOf(locale));
}

/** Every template the build produces: 3 targets × with/without knowledge nodes × 3 languages. */
export function allTemplateFiles(): {
  belong: ImportBelong;
  withKnowledgeNode: boolean;
  lang: TemplateLang;
  name: string;
}[] {
  return IMPORT_BELONGS.flatMap((belong) =>
    [false, true].flatMap((withKnowledgeNode) =>
      TEMPLATE_LANGS.map((lang) => ({
        belong,
        withKnowledgeNode,
        lang,
        name: templateFileName(belong, withKnowledgeNode, lang),
      })),
    ),
  );
}

/** Which question types each target takes: classroom exams release stand-alone questions only. */
export function importTypesFor(belong: ImportBelong): readonly ImportedSubjectType[] {
  return belong === 'classroom'
    ? ['single_selection', 'multiple_selection', 'true_or_false', 'fill_in_blank', 'short_answer']
    : IMPORTED_SUBJECT_TYPES;
}

/** Spec 000 section 5: save is possible only with questions, none with errors, within the points left. */
export function importSaveBlocker(
  subjects: readonly (Pick<ImportedSubject, 'point' | 'errors'> & {
    sub_subjects: readonly Pick<ImportedSubject, 'errors'>[];
  })[],
  remainingPoints: number | null,
): 'empty' | 'errors' | 'points' | null {
  if (subjects.length === 0) return 'empty';
  if (subjects.some(hasImportErrors)) return 'errors';
  const total = subjects.reduce((sum, s) => sum + s.point, 0);
  if (remainingPoints !== null && total - remainingPoints > 1e-9) return 'points';
  return null;
}
