import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { imageSize } from 'image-size';
import {
  IMPORT_LIMITS,
  importTypesFor,
  templateLangOf,
  type ConvertImportResponse,
  type ExportSubjectsOptions,
  type IdentifyImportResponse,
  type ImportBelong,
  type ImportedSubject,
  type ConvertImportBody,
  type IdentifyImportBody,
  allTemplateFiles,
} from '@lectern/contracts/data-import/data-import.schemas';
import { importedErrorCount } from '@lectern/contracts/data-import/imported-subject';
import type { Subject, SubSubject } from '@lectern/contracts/exams/subject.schemas';
import type { AppContext } from '../../platform/app-context.ts';
import { AppError, invalid } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/request-context.ts';
import { translate } from '../../platform/messages.ts';
import { uploadIdsInHtml } from '../uploads/html-images.ts';
import { roundPoints } from '../exams/subject-input.ts';
import { toSubject } from '../exams/subjects.presenter.ts';
import { subjectsRepository } from '../exams/subjects.repository.ts';
import { uploadsService } from '../uploads/uploads.service.ts';
import { importTargetAccess } from './data-import.policy.ts';
import { htmlToDocx, type DocxImage } from './html-to-docx.writer.ts';
import { convertImportFile, identifyContent } from './import-pipeline.ts';
import { buildTemplateDocx } from './import-templates.ts';
import { renderMoodleXml } from './moodle-xml.writer.ts';
import type { QuestionModel } from './question-model.ts';
import { renderQuestionText } from './question-text.writer.ts';

export type ExportFile = { fileName: string; contentType: string; body: Buffer | string };

/**
 * Where the build leaves the generated templates: beside the bundled server (dist/static/…). Run from
 * source, nothing is there and templates are generated on request from the same code.
 */
const BUILT_TEMPLATES_DIR = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'static',
  'data_import_templates',
);

const IMAGE_EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/bmp': 'bmp',
  'image/x-bmp': 'bmp',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
  'image/tiff': 'tif',
  'image/x-emf': 'emf',
  'image/x-wmf': 'wmf',
};
const DOCX_IMAGE_TYPES: ReadonlySet<string> = new Set<DocxImage['type']>(['png', 'jpg', 'gif', 'bmp']);

function toModel(s: Subject | SubSubject, subs: readonly SubSubject[]): QuestionModel {
  return {
    type: s.type,
    description: s.description,
    point: s.point,
    difficulty_level: s.difficulty_level as QuestionModel['difficulty_level'],
    options: s.options.map((o) => ({
      content: o.content,
      is_answer: o.is_answer,
      ...(o.weight === undefined ? {} : { weight: o.weight }),
    })),
    blanks: s.blanks.map((b) => ({ answers: [...b.answers] })),
    pairs: s.pairs.map((p) => ({ content: p.content, option_index: p.option_sort })),
    answer: s.answer,
    answer_explanation: s.answer_explanation,
    knowledge_node_names: [...s.knowledge_node_names],
    note: s.note,
    // Stored questions keep no category: a library is where they are filed.
    category: null,
    settings: { ...s.settings },
    // A stored question has nothing left to warn about.
    notes: [],
    sub_subjects: subs.map((sub) => toModel(sub, [])),
  };
}

/** A file name that survives every file system and still says what it is. */
function fileNameOf(title: string, extension: string): string {
  const base =
    title
      .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
      .trim()
      .slice(0, 80) || 'questions';
  return `${base}.${extension}`;
}

/**
 * Question import (spec 000 sections 4, 5 and 7) and export. Convert turns a file into raw content in the
 * question text format; identify turns raw content into questions with per-question errors; saving goes
 * through the exams slice's own save calls, which check everything again. Export writes a paper or a
 * library in the same format, so exporting then importing gives the same questions back.
 */
export function dataImportService(ctx: AppContext) {
  const targets = importTargetAccess(ctx.db);
  const uploads = uploadsService(ctx);

  async function storeImage(actor: Actor, warnings: string[], image: { bytes: Buffer; contentType: string }) {
    const extension = IMAGE_EXTENSIONS[image.contentType] ?? 'bin';
    try {
      const row = await uploads.storeBytes(actor, `word-image.${extension}`, image.bytes);
      return `/api/uploads/${row.id}/blob`;
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      warnings.push(image.contentType);
      return '';
    }
  }

  /** A picture of an exported question: an upload the caller may read, or one pasted inline as `data:`. */
  async function loadImage(actor: Actor, src: string) {
    let bytes: Buffer | undefined;
    const inline = /^data:image\/[\w.+-]+;base64,(.*)$/s.exec(src);
    if (inline) bytes = Buffer.from(inline[1] ?? '', 'base64');
    const [uploadId] = uploadIdsInHtml(src);
    if (!bytes && uploadId !== undefined)
      bytes = (await uploads.readReadableBytes(actor, uploadId)) ?? undefined;
    if (!bytes) return null;
    try {
      const size = imageSize(bytes);
      const type = size.type === 'jpeg' ? 'jpg' : (size.type ?? '');
      if (!DOCX_IMAGE_TYPES.has(type)) return null;
      return { data: bytes, type: type as DocxImage['type'], width: size.width, height: size.height };
    } catch {
      return null;
    }
  }

  return {
    async convert(actor: Actor, body: ConvertImportBody): Promise<ConvertImportResponse> {
      const { locale } = actor;
      await targets.load(actor, body.belong, body.belong_id);
      const { upload, bytes } = await uploads.readOwnBytes(actor, body.upload_id, IMPORT_LIMITS.fileMaxBytes);
      const skipped: string[] = [];
      const converted = await convertImportFile(upload.name, bytes, {
        locale,
        storeImage: (image) => storeImage(actor, skipped, image),
      });
      if (skipped.length > 0) {
        converted.warnings.push(
          translate(locale, 'dataImport.imagesSkipped', {
            count: skipped.length,
            types: [...new Set(skipped)].join(', '),
          }),
        );
      }
      return converted;
    },

    async identify(actor: Actor, body: IdentifyImportBody): Promise<IdentifyImportResponse> {
      const { locale } = actor;
      const target = await targets.load(actor, body.belong, body.belong_id, {
        isMakeup: body.is_makeup_exam,
      });
      const parsed = identifyContent(body.content, { locale, allowedTypes: importTypesFor(body.belong) });
      const count = parsed.subjects.length;
      if (count === 0) throw invalid({ content: ['dataImport.noSubjects'] });
      // Spec 000's limit of 200 is per save: the whole file is identified and shown, the page saves in batches.
      const start = await subjectsRepository.maxSort(target.owner, ctx.db);
      const list = parsed.subjects.map((s) => {
        const subject = body.exam_type === 'eztest' ? dropEztestBlanks(s) : s;
        return { ...subject, sort: start + subject.sort };
      });
      return {
        subjects: list,
        total_point: roundPoints(list.reduce((sum, s) => sum + s.point, 0)),
        error_count: importedErrorCount(list),
        remaining_points: await targets.remainingPoints(target),
        warnings: parsed.warnings,
      };
    },

    async exportSubjects(
      actor: Actor,
      belong: ImportBelong,
      id: number,
      query: ExportSubjectsOptions,
    ): Promise<ExportFile> {
      const target = await targets.load(actor, belong, id, { isMakeup: query.is_makeup_exam, mode: 'read' });
      const list = (await subjectsRepository.loadTrees(target.owner, {}, ctx.db)).map(toSubject);
      const models = list.map((s) => toModel(s, s.sub_subjects));
      if (query.format === 'moodle_xml') {
        return {
          fileName: fileNameOf(target.title, 'xml'),
          contentType: 'application/xml; charset=utf-8',
          body: renderMoodleXml(models),
        };
      }
      const knowledgeNodes = models.some(
        (m) =>
          m.knowledge_node_names.length > 0 ||
          m.sub_subjects.some((sub) => sub.knowledge_node_names.length > 0),
      );
      const html = renderQuestionText(models, templateLangOf(actor.locale), { knowledgeNodes });
      return {
        fileName: fileNameOf(target.title, 'docx'),
        contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        body: await htmlToDocx(html, { title: target.title, loadImage: (src) => loadImage(actor, src) }),
      };
    },

    /**
     * A template by file name: the copy the build generated when there is one, else generated now (a
     * development server run from source) from the same code.
     */
    async template(name: string): Promise<Buffer | null> {
      const entry = allTemplateFiles().find((t) => t.name === name);
      if (!entry) return null;
      try {
        return await readFile(path.join(BUILT_TEMPLATES_DIR, entry.name));
      } catch {
        // Not built (run from source): generate it.
      }
      return buildTemplateDocx(entry.belong, entry.withKnowledgeNode, entry.lang);
    },
  };
}

/** Spec 000 section 5: an "eztest" paper cannot hold fill-in-the-blank sub-questions of analysis questions. */
function dropEztestBlanks(s: ImportedSubject): ImportedSubject {
  if (s.type !== 'analysis') return s;
  const kept = s.sub_subjects.filter((sub) => sub.type !== 'fill_in_blank');
  if (kept.length === s.sub_subjects.length) return s;
  return {
    ...s,
    sub_subjects: kept,
    point: roundPoints(kept.reduce((sum, sub) => sum + sub.point, 0)),
  };
}

export type DataImportService = ReturnType<typeof dataImportService>;
