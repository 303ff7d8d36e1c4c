import { describe, expect, it } from 'vitest';
import { acceptAttribute, fileProblem, parseImportMode } from './import-file-rules.ts';

describe('import file rules', () => {
  it('takes only .docx in Word mode and the interchange formats in Moodle mode', () => {
    expect(fileProblem({ name: 'Paper.DOCX', size: 10 }, 'word')).toBeNull();
    expect(fileProblem({ name: 'paper.doc', size: 10 }, 'word')).toBe('type');
    expect(fileProblem({ name: 'quiz.xml', size: 10 }, 'word')).toBe('type');
    expect(fileProblem({ name: 'quiz.xml', size: 10 }, 'moodle')).toBeNull();
    expect(fileProblem({ name: 'quiz.gift', size: 10 }, 'moodle')).toBeNull();
    expect(fileProblem({ name: 'aiken.txt', size: 10 }, 'moodle')).toBeNull();
    expect(fileProblem({ name: 'paper.docx', size: 10 }, 'moodle')).toBe('type');
    expect(acceptAttribute('moodle')).toBe('.xml,.gift,.txt');
  });

  it('refuses empty and oversized files', () => {
    expect(fileProblem({ name: 'paper.docx', size: 0 }, 'word')).toBe('empty');
    expect(fileProblem({ name: 'paper.docx', size: 51 * 1024 * 1024 }, 'word')).toBe('tooLarge');
  });

  it('reads the mode from the link, Word by default', () => {
    expect(parseImportMode('moodle')).toBe('moodle');
    expect(parseImportMode(null)).toBe('word');
    expect(parseImportMode('pdf')).toBe('word');
  });
});
