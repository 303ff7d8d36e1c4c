import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  allTemplateFiles,
  importTypesFor,
  type ImportBelong,
} from '@lectern/contracts/data-import/data-import.schemas';
import { toSubjectInput } from '@lectern/contracts/data-import/imported-subject';
import { describe, expect, it } from 'vitest';
import { sanitizeUserHtml } from '../../platform/html/sanitize-html.ts';
import { installedSoffice, sofficeSaveAsDocx } from '../../test/soffice-stand-in.ts';
import { convertDocxToHtml } from './docx-to-html.converter.ts';
import { buildTemplateDocx } from './import-templates.ts';
import { parseQuestionText } from './question-text.parser.ts';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');

/** What the server does with a Word file: convert, sanitise, identify. */
async function importDocx(bytes: Buffer, belong: ImportBelong) {
  const { html, warnings: conversion } = await convertDocxToHtml(bytes, {
    storeImage: async () => '/api/uploads/1/blob',
  });
  const parsed = parseQuestionText(sanitizeUserHtml(html), {
    locale: 'zh-CN',
    allowedTypes: importTypesFor(belong),
  });
  return { ...parsed, conversion };
}

describe('the 18 import templates', () => {
  it.each(allTemplateFiles().map((t) => [t.name, t] as const))(
    '%s imports with no error and no warning, one question of every type its target takes',
    async (_name, template) => {
      const bytes = await buildTemplateDocx(template.belong, template.withKnowledgeNode, template.lang);
      const { subjects, warnings, conversion } = await importDocx(bytes, template.belong);
      expect(conversion).toEqual([]);
      expect(warnings).toEqual([]);
      expect(subjects.flatMap((s) => [...s.errors, ...s.sub_subjects.flatMap((sub) => sub.errors)])).toEqual(
        [],
      );
      expect(subjects.map((s) => s.type).sort()).toEqual([...importTypesFor(template.belong)].sort());
      const names = subjects.flatMap((s) => [
        ...s.knowledge_node_names,
        ...s.sub_subjects.flatMap((x) => x.knowledge_node_names),
      ]);
      if (template.withKnowledgeNode) expect(names.length).toBeGreaterThan(0);
      else expect(names).toEqual([]);
      if (template.belong !== 'library') {
        expect(subjects.reduce((sum, s) => sum + s.point, 0)).toBeLessThanOrEqual(100);
      }
    },
  );
});

describe('files written by LibreOffice', () => {
  const expected = [
    { type: 'single_selection', point: 2, options: ['上海', '<strong>北京</strong>', '广州'], answer: 1 },
    { type: 'single_selection', point: 2, options: ['上海', '北京'], answer: 0 },
  ];

  function expectQuestions(subjects: Awaited<ReturnType<typeof importDocx>>['subjects']) {
    expect(subjects.map((s) => s.errors)).toEqual([[], []]);
    expect(
      subjects.map((s) => ({
        type: s.type,
        point: s.point,
        options: s.options.map((o) => o.content),
        answer: s.options.findIndex((o) => o.is_answer),
      })),
    ).toEqual(expected);
    expect(subjects[1]?.description).toMatch(/<table>/);
    expect(subjects[1]?.answer_explanation).toBe('上海人口<strong>最多</strong>。');
  }

  it('import the committed fixture (made by LibreOffice 7.4 from libreoffice-questions.html)', async () => {
    const { subjects, warnings } = await importDocx(
      readFileSync(path.join(fixtures, 'libreoffice-questions.docx')),
      'exam',
    );
    expect(warnings).toEqual([]);
    expectQuestions(subjects);
  });

  const soffice = installedSoffice();
  it.skipIf(!soffice)(
    'import a template after LibreOffice has opened and saved it again',
    async () => {
      const work = mkdtempSync(path.join(tmpdir(), 'lectern-roundtrip-'));
      try {
        const original = await buildTemplateDocx('exam', true, 'zh-cn');
        writeFileSync(path.join(work, 'template.docx'), original);
        const written = sofficeSaveAsDocx(soffice!, path.join(work, 'template.docx'), path.join(work, 'out'));
        const resaved = await importDocx(readFileSync(written), 'exam');
        const direct = await importDocx(original, 'exam');
        expect(resaved.subjects.flatMap((s) => s.errors)).toEqual([]);
        const comparable = (list: typeof direct.subjects) =>
          list.map((s) => {
            const input = toSubjectInput(s);
            // LibreOffice rewrites equations it cannot edit without its Math module; the text around them must survive.
            return { ...input, description: input.description?.replace(/<math[\s\S]*?<\/math>/g, '') };
          });
        expect(comparable(resaved.subjects)).toEqual(comparable(direct.subjects));
      } finally {
        rmSync(work, { recursive: true, force: true });
      }
    },
    120_000,
  );
});
