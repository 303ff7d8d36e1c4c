import { describe, expect, it } from 'vitest';
import {
  allTemplateFiles,
  IdentifyImportRequestSchema,
  importSaveBlocker,
  IMPORT_LIMITS,
  templatePath,
} from './data-import.schemas.ts';

const error = { code: 'invalid', message: 'bad', line: 3, field: null };
const subject = (point: number, errors: (typeof error)[] = [], subErrors: (typeof error)[] = []) => ({
  point,
  errors,
  sub_subjects: subErrors.length ? [{ errors: subErrors }] : [],
});

describe('import templates', () => {
  it('picks the template of the reader’s language, zh-MO and zh-HK reading the zh-TW one, zh-CN by default', () => {
    expect(templatePath('exam', false, 'zh-CN')).toBe('/static/data_import_templates/exam-zh-cn.docx');
    expect(templatePath('exam', false, 'zh-MO')).toBe('/static/data_import_templates/exam-zh-tw.docx');
    expect(templatePath('classroom', false, 'zh-HK')).toBe(
      '/static/data_import_templates/classroom-zh-tw.docx',
    );
    expect(templatePath('library', true, 'en-GB')).toBe(
      '/static/data_import_templates/library-with-knowledge-node-en-us.docx',
    );
    expect(templatePath('library', false, null)).toBe('/static/data_import_templates/library-zh-cn.docx');
  });

  it('lists 18 distinct templates: 3 targets, with and without knowledge points, 3 languages', () => {
    const names = allTemplateFiles().map((file) => file.name);
    expect(names).toHaveLength(18);
    expect(new Set(names).size).toBe(18);
    expect(names).toContain('classroom-with-knowledge-node-zh-tw.docx');
  });
});

describe('importSaveBlocker', () => {
  it('blocks an empty preview, any question or sub-question with errors, and points over what is left', () => {
    expect(importSaveBlocker([], 100)).toBe('empty');
    expect(importSaveBlocker([subject(5), subject(5, [error])], 100)).toBe('errors');
    expect(importSaveBlocker([subject(5, [], [error])], 100)).toBe('errors');
    expect(importSaveBlocker([subject(60), subject(41)], 100)).toBe('points');
    expect(importSaveBlocker([subject(60), subject(40)], 100)).toBeNull();
  });

  it('does not count floating-point dust as over the limit, and libraries have no limit', () => {
    expect(importSaveBlocker([subject(0.1), subject(0.2)], 0.3)).toBeNull();
    expect(importSaveBlocker([subject(500)], null)).toBeNull();
  });
});

describe('IdentifyImportRequestSchema', () => {
  it('refuses content longer than the limit before the parser sees it', () => {
    const base = { belong: 'exam', belong_id: 1 };
    expect(IdentifyImportRequestSchema.safeParse({ ...base, content: '1. [单选题] x' }).success).toBe(true);
    expect(
      IdentifyImportRequestSchema.safeParse({ ...base, content: 'x'.repeat(IMPORT_LIMITS.contentMax + 1) })
        .success,
    ).toBe(false);
  });
});
