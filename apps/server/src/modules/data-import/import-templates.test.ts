import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  allTemplateFiles,
  IMPORT_BELONGS,
  importTypesFor,
  TEMPLATE_LANGS,
} from '@lectern/contracts/data-import/data-import.schemas';
import { FORMAT_VOCABULARY } from '@lectern/contracts/data-import/question-format';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTemplateQuestions, generateImportTemplates } from './import-templates.ts';
import type { QuestionModel } from './question-model.ts';

/** The text of each paragraph of a Word file, in order (a table's cells are paragraphs too). */
async function docxParagraphs(file: string): Promise<{ paragraphs: string[]; body: string }> {
  const zip = await JSZip.loadAsync(await readFile(file));
  const body = (await zip.file('word/document.xml')?.async('string')) ?? '';
  const paragraphs = [...body.matchAll(/<w:p(?: [^>]*)?>(.*?)<\/w:p>/g)].map((m) =>
    [...(m[1] ?? '').matchAll(/<w:t[^>]*>([^<]*)<\/w:t>/g)].map((t) => t[1]).join(''),
  );
  return { paragraphs, body };
}

function points(questions: QuestionModel[]): number {
  return questions.reduce(
    (sum, q) => sum + (q.sub_subjects.length > 0 ? points(q.sub_subjects) : q.point),
    0,
  );
}

describe('import templates', () => {
  let dir = '';
  let written: string[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'lectern-templates-'));
    written = await generateImportTemplates(path.join(dir, 'data_import_templates'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes the 18 files under their published names', async () => {
    const names = allTemplateFiles().map((t) => t.name);
    expect(names).toHaveLength(18);
    expect(written.map((file) => path.basename(file))).toEqual(names);
    expect((await readdir(path.join(dir, 'data_import_templates'))).sort()).toEqual([...names].sort());
  });

  it('shows every type its target takes, tagged in its language, and knowledge points only where asked', async () => {
    for (const template of allTemplateFiles()) {
      const { paragraphs, body } = await docxParagraphs(
        path.join(dir, 'data_import_templates', template.name),
      );
      const vocabulary = FORMAT_VOCABULARY[template.lang];
      const text = paragraphs.join('\n');
      for (const type of importTypesFor(template.belong)) {
        expect(text, `${template.name}: ${type}`).toContain(`[${vocabulary.types[type][0]}]`);
      }
      if (template.belong === 'classroom') {
        expect(text).not.toContain(`[${vocabulary.types.analysis[0]}]`);
        expect(text).not.toContain(`[${vocabulary.types.cloze[0]}]`);
      }
      const knowledgeLabel = vocabulary.knowledgeNodes[0] ?? '';
      expect(
        paragraphs.some((p) => p.startsWith(knowledgeLabel)),
        template.name,
      ).toBe(template.withKnowledgeNode);
      expect(paragraphs[0], template.name).toMatch(/^1\. \[/);
      // Formatting and a table show that they survive an import.
      expect(body, template.name).toContain('<w:b/>');
      expect(body, template.name).toContain('<w:tbl>');
    }
  });

  it('writes Simplified Chinese, Traditional Chinese and English examples in their own words', async () => {
    const read = async (name: string) =>
      (await docxParagraphs(path.join(dir, 'data_import_templates', name))).paragraphs;
    expect(await read('exam-zh-cn.docx')).toContain('答案：B');
    expect(await read('exam-zh-tw.docx')).toContain('答案：正確');
    expect(await read('exam-en-us.docx')).toContain('Answer: True');
    expect((await read('library-with-knowledge-node-zh-tw.docx')).join('')).toMatch(/知識點：/);
    expect((await read('classroom-en-us.docx')).join('')).not.toMatch(/[\u4e00-\u9fff]/);
  });

  it('keeps each exam and classroom template within 100 points, with difficulty on some questions', () => {
    for (const belong of IMPORT_BELONGS) {
      for (const lang of TEMPLATE_LANGS) {
        const questions = buildTemplateQuestions(belong, true, lang);
        expect(questions.map((q) => q.type)).toEqual([...importTypesFor(belong)]);
        if (belong !== 'library') expect(points(questions)).toBeLessThanOrEqual(100);
        expect(questions.some((q) => q.difficulty_level !== 0)).toBe(true);
        expect(
          questions.every(
            (q) => q.sub_subjects.every((sub) => sub.point > 0) && (q.sub_subjects.length > 0 || q.point > 0),
          ),
        ).toBe(true);
      }
    }
  });

  it('gives an analysis sub-questions of several types and a cloze two gaps', () => {
    for (const lang of TEMPLATE_LANGS) {
      const questions = buildTemplateQuestions('exam', false, lang);
      const analysis = questions.find((q) => q.type === 'analysis');
      const cloze = questions.find((q) => q.type === 'cloze');
      expect(new Set(analysis?.sub_subjects.map((sub) => sub.type)).size).toBeGreaterThanOrEqual(2);
      expect(cloze?.sub_subjects.map((sub) => sub.type)).toEqual(['single_selection', 'single_selection']);
      expect(
        questions.flatMap((q) => [q, ...q.sub_subjects]).every((q) => q.knowledge_node_names.length === 0),
      ).toBe(true);
    }
  });
});
