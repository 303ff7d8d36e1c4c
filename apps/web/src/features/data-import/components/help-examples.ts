import type { ImportedSubjectType, TemplateLang } from '@lectern/contracts/data-import/data-import.schemas';
import {
  ALTERNATIVE_SEPARATORS,
  ITEM_SEPARATORS,
  type FormatVocabulary,
} from '@lectern/contracts/data-import/question-format';
import { optionLetter } from '@lectern/contracts/exams/subject.schemas';

/** Reads one sample text of the help page (`help.samples.<key>`) in the page's language. */
export type SampleText = (key: string) => string;

export interface ExampleContext {
  vocabulary: FormatVocabulary;
  lang: TemplateLang;
  sample: SampleText;
  /** Exam and library help pages may show the knowledge-point line; the classroom page never does. */
  withKnowledgeNodes: boolean;
}

type Label = 'answer' | 'explanation' | 'points' | 'difficulty' | 'knowledgeNodes';

/** `答案：B` in Chinese documents, `Answer: B` in English ones — the templates' own punctuation. */
export function labelLine(context: ExampleContext, label: Label, value: string): string {
  const name = context.vocabulary[label][0] ?? label;
  return context.lang === 'en-us' ? `${name}: ${value}` : `${name}：${value}`;
}

function itemSeparator(context: ExampleContext): string {
  return context.lang === 'en-us' ? `${ITEM_SEPARATORS[1]} ` : ITEM_SEPARATORS[0];
}

/** The first spelling of a type in the page's language, as written in a type tag. */
export function typeTag(context: ExampleContext, type: ImportedSubjectType): string {
  return `[${context.vocabulary.types[type][0] ?? type}]`;
}

function optionLines(texts: readonly string[]): string[] {
  return texts.map((text, index) => `${optionLetter(index)}. ${text}`);
}

/** Options short enough to share one line, as cloze sub-questions usually have them. */
function sharedOptionLine(texts: readonly string[]): string {
  return texts.map((text, index) => `${optionLetter(index)}. ${text}`).join('  ');
}

function word(words: readonly string[]): string {
  return words[0] ?? '';
}

/**
 * A worked example of one question type in the format of docs/data-import-format.md, its labels, type
 * names and words taken from the vocabulary the parser reads, so the help can never disagree with it.
 */
export function exampleLines(type: ImportedSubjectType, number: number, context: ExampleContext): string[] {
  const { sample, vocabulary } = context;
  const start = `${number}. ${typeTag(context, type)} `;
  const points = (value: number) => labelLine(context, 'points', String(value));
  const difficulty = (level: 'easy' | 'medium' | 'hard') =>
    labelLine(context, 'difficulty', word(vocabulary.difficultyWords[level]));
  switch (type) {
    case 'single_selection':
      return [
        start + sample('single.stem'),
        ...optionLines(['a', 'b', 'c', 'd'].map((key) => sample(`single.${key}`))),
        labelLine(context, 'answer', 'B'),
        labelLine(context, 'explanation', sample('single.explanation')),
        points(2),
        difficulty('easy'),
        ...(context.withKnowledgeNodes
          ? [labelLine(context, 'knowledgeNodes', sample('single.knowledge'))]
          : []),
      ];
    case 'multiple_selection':
      return [
        start + sample('multiple.stem'),
        ...optionLines(['a', 'b', 'c', 'd'].map((key) => sample(`multiple.${key}`))),
        labelLine(context, 'answer', 'AC'),
        points(3),
        difficulty('medium'),
      ];
    case 'true_or_false':
      return [
        start + sample('trueFalse.stem'),
        labelLine(context, 'answer', word(vocabulary.trueWords)),
        points(1),
      ];
    case 'fill_in_blank':
      return [
        start + sample('blank.stem'),
        labelLine(
          context,
          'answer',
          `${sample('blank.answer1')}${ALTERNATIVE_SEPARATORS[0]}${sample('blank.answer1alt')}${itemSeparator(context)}${sample('blank.answer2')}`,
        ),
        points(2),
      ];
    case 'short_answer':
      return [
        start + sample('short.stem'),
        labelLine(context, 'answer', sample('short.answer')),
        points(5),
        difficulty('hard'),
      ];
    case 'analysis':
      return [
        start + sample('analysis.stem'),
        sample('analysis.material'),
        `(1) ${typeTag(context, 'single_selection')} ${sample('analysis.q1')}`,
        ...optionLines([sample('analysis.q1a'), sample('analysis.q1b')]),
        labelLine(context, 'answer', 'B'),
        points(2),
        `(2) ${typeTag(context, 'fill_in_blank')} ${sample('analysis.q2')}`,
        labelLine(context, 'answer', sample('analysis.q2answer')),
        points(3),
      ];
    case 'cloze':
      return [
        start + sample('cloze.passage'),
        `(1) ${sample('cloze.q1')}`,
        sharedOptionLine([sample('cloze.q1a'), sample('cloze.q1b'), sample('cloze.q1c')]),
        labelLine(context, 'answer', 'B'),
        points(1),
        `(2) ${sample('cloze.q2')}`,
        sharedOptionLine([sample('cloze.q2a'), sample('cloze.q2b'), sample('cloze.q2c')]),
        labelLine(context, 'answer', 'A'),
        points(1),
      ];
    case 'matching':
      return [
        start + sample('matching.stem'),
        `(1) ${sample('matching.left1')}`,
        `(2) ${sample('matching.left2')}`,
        ...optionLines([sample('matching.a'), sample('matching.b'), sample('matching.c')]),
        labelLine(context, 'answer', sample('matching.answer')),
        points(2),
      ];
  }
}
