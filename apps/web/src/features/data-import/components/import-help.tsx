import { DownloadOutlined } from '@ant-design/icons';
import {
  IMPORT_LIMITS,
  importTypesFor,
  TEMPLATE_LANGS,
  templateLangOf,
  templateUrl,
  type ImportBelong,
} from '@lectern/contracts/data-import/data-import.schemas';
import { FORMAT_VOCABULARY, type FormatVocabulary } from '@lectern/contracts/data-import/question-format';
import { SUBJECT_LIMITS } from '@lectern/contracts/exams/subject.schemas';
import { Card, Flex, Table, Typography, theme } from 'antd';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { exampleLines, labelLine, type ExampleContext } from './help-examples.ts';

export interface ImportHelpProps {
  belong: ImportBelong;
  /** Shows the knowledge-point line, section and template (exam and library pages only). */
  showKnowledgeNodes: boolean;
}

const ERROR_CODES = [
  'unknownType',
  'optionOrder',
  'answerInvalid',
  'blankCountMismatch',
  'pointInvalid',
  'unexpectedText',
] as const;

function spellings(words: readonly string[]): string {
  return words.join(' / ');
}

function Example({ lines, label }: { lines: readonly string[]; label: string }) {
  const { token } = theme.useToken();
  return (
    <pre
      aria-label={label}
      style={{
        margin: 0,
        padding: 12,
        background: token.colorFillTertiary,
        borderRadius: token.borderRadius,
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
        fontFamily: token.fontFamilyCode,
      }}
    >
      {lines.join('\n')}
    </pre>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <Typography.Title level={4} id={id}>
        {title}
      </Typography.Title>
      <Flex vertical gap={8}>
        {children}
      </Flex>
    </section>
  );
}

type PartRow = { key: string; part: string; form: string; note: string };

function partRows(
  t: (key: string) => string,
  vocabulary: FormatVocabulary,
  context: ExampleContext,
  showKnowledgeNodes: boolean,
): PartRow[] {
  const tag = vocabulary.types.single_selection[0] ?? '';
  const labelled = (
    key:
      | 'answer'
      | 'explanation'
      | 'points'
      | 'difficulty'
      | 'knowledgeNodes'
      | 'optionWeights'
      | 'questionNote'
      | 'category',
  ) => vocabulary[key].map((name) => (context.lang === 'en-us' ? `${name}:` : `${name}：`)).join('  ');
  const rows: PartRow[] = [
    { key: 'start', part: t('parts.start'), form: t('parts.startForm'), note: t('parts.startNote') },
    {
      key: 'tag',
      part: t('parts.tag'),
      form: `[${tag}]  【${tag}】  (${tag})  （${tag}）`,
      note: t('parts.tagNote'),
    },
    { key: 'option', part: t('parts.option'), form: t('parts.optionForm'), note: t('parts.optionNote') },
    { key: 'answer', part: t('parts.answer'), form: labelled('answer'), note: t('parts.answerNote') },
    {
      key: 'explanation',
      part: t('parts.explanation'),
      form: labelled('explanation'),
      note: t('parts.explanationNote'),
    },
    {
      key: 'optionWeights',
      part: t('parts.optionWeights'),
      form: labelled('optionWeights'),
      note: t('parts.optionWeightsNote'),
    },
    { key: 'points', part: t('parts.points'), form: labelled('points'), note: t('parts.pointsNote') },
    {
      key: 'difficulty',
      part: t('parts.difficulty'),
      form: labelled('difficulty'),
      note: t('parts.difficultyNote'),
    },
    { key: 'note', part: t('parts.note'), form: labelled('questionNote'), note: t('parts.noteNote') },
    { key: 'category', part: t('parts.category'), form: labelled('category'), note: t('parts.categoryNote') },
  ];
  if (showKnowledgeNodes) {
    rows.push({
      key: 'knowledgeNodes',
      part: t('parts.knowledgeNodes'),
      form: labelled('knowledgeNodes'),
      note: t('parts.knowledgeNodesNote'),
    });
  }
  return rows;
}

/**
 * How to write a document for import (docs/data-import-format.md), for one target. Every label, type
 * name and word comes from the vocabulary the parser reads, in the page's language.
 */
export function ImportHelp({ belong, showKnowledgeNodes }: ImportHelpProps) {
  const { t: translate, i18n } = useTranslation('data-import');
  const t = (key: string, options?: Record<string, unknown>) => translate(`help.${key}`, options);
  const lang = templateLangOf(i18n.language);
  const vocabulary = FORMAT_VOCABULARY[lang];
  const context: ExampleContext = {
    vocabulary,
    lang,
    sample: (key) => t(`samples.${key}`),
    withKnowledgeNodes: showKnowledgeNodes,
  };
  const types = importTypesFor(belong);
  const wordRows = [
    { key: 'true', label: t('words.true'), words: vocabulary.trueWords },
    { key: 'false', label: t('words.false'), words: vocabulary.falseWords },
    { key: 'easy', label: t('words.easy'), words: vocabulary.difficultyWords.easy },
    { key: 'medium', label: t('words.medium'), words: vocabulary.difficultyWords.medium },
    { key: 'hard', label: t('words.hard'), words: vocabulary.difficultyWords.hard },
  ];

  return (
    <Card>
      <Flex vertical gap={24}>
        <div>
          <Typography.Title level={1} style={{ fontSize: 30 }}>
            {t(`title.${belong}`)}
          </Typography.Title>
          <Typography.Paragraph>{t('intro')}</Typography.Paragraph>
          <Typography.Paragraph type="secondary">{t('vocabularyNote')}</Typography.Paragraph>
        </div>

        <Section title={t('templates.title')}>
          <Typography.Text>{t('templates.text')}</Typography.Text>
          <ul style={{ margin: 0 }}>
            {TEMPLATE_LANGS.map((templateLang) => (
              <li key={templateLang}>
                <a href={templateUrl(belong, showKnowledgeNodes, templateLang)} download>
                  <DownloadOutlined aria-hidden /> {t(`templates.${templateLang}`)}
                </a>
              </li>
            ))}
          </ul>
        </Section>

        <Section title={t('question.title')}>
          <Typography.Text>{t('question.text')}</Typography.Text>
          <Example lines={exampleLines('single_selection', 1, context)} label={t('question.title')} />
          <Table<PartRow>
            size="small"
            pagination={false}
            rowKey="key"
            dataSource={partRows(t, vocabulary, context, showKnowledgeNodes)}
            columns={[
              { title: t('parts.part'), dataIndex: 'part', width: 140 },
              {
                title: t('parts.spellings'),
                dataIndex: 'form',
                render: (form: string) => <Typography.Text code>{form}</Typography.Text>,
              },
              { title: t('parts.notes'), dataIndex: 'note' },
            ]}
          />
          <Typography.Text type="secondary">{t('parts.continuation')}</Typography.Text>
          <Typography.Text type="secondary">{t('synonyms')}</Typography.Text>
        </Section>

        <Section title={t('types.title')}>
          {types.map((type, index) => (
            <Flex key={type} vertical gap={8}>
              <Typography.Title level={5} style={{ margin: 0 }}>
                {vocabulary.types[type][0]}
              </Typography.Title>
              <Typography.Text>
                {t('types.tags')}: <Typography.Text code>{spellings(vocabulary.types[type])}</Typography.Text>
              </Typography.Text>
              <Typography.Text>{t(`types.${type}`)}</Typography.Text>
              <Example
                lines={exampleLines(type, index + 1, context)}
                label={vocabulary.types[type][0] ?? type}
              />
            </Flex>
          ))}
        </Section>

        <Section title={t('words.title')}>
          <Table
            size="small"
            pagination={false}
            showHeader={false}
            rowKey="key"
            dataSource={wordRows}
            columns={[
              { dataIndex: 'label', width: 140 },
              {
                dataIndex: 'words',
                render: (words: readonly string[]) => (
                  <Typography.Text code>{spellings(words)}</Typography.Text>
                ),
              },
            ]}
          />
        </Section>

        <Section title={t('sections.title')}>
          <Typography.Text>{t('sections.text')}</Typography.Text>
          <Example
            lines={[t('sections.example', { type: vocabulary.types.single_selection[0] })]}
            label={t('sections.title')}
          />
        </Section>

        {showKnowledgeNodes && (
          <Section title={t('knowledge.title')}>
            <Typography.Text>{t('knowledge.text', { label: vocabulary.knowledgeNodes[0] })}</Typography.Text>
            <Example
              lines={[labelLine(context, 'knowledgeNodes', t('samples.single.knowledge'))]}
              label={t('knowledge.title')}
            />
          </Section>
        )}

        <Section title={t('errors.title')}>
          <Typography.Text>{t('errors.text')}</Typography.Text>
          <Typography.Text type="danger">{t('errors.example')}</Typography.Text>
          <Typography.Text>{t('errors.fix')}</Typography.Text>
          <ul style={{ margin: 0 }}>
            {ERROR_CODES.map((code) => (
              <li key={code}>{t(`errors.${code}`)}</li>
            ))}
          </ul>
        </Section>

        <Section title={t('limits.title')}>
          <ul style={{ margin: 0 }}>
            <li>{t('limits.count', { maximum: IMPORT_LIMITS.subjectsPerImport })}</li>
            {belong !== 'library' && <li>{t('limits.points', { total: SUBJECT_LIMITS.examTotalPoints })}</li>}
            {belong === 'classroom' && <li>{t('limits.classroom')}</li>}
          </ul>
        </Section>

        <Section title={t('interchange.title')}>
          <Typography.Text>{t('interchange.text')}</Typography.Text>
          <ul style={{ margin: 0 }}>
            <li>{t('interchange.moodle')}</li>
            <li>{t('interchange.gift')}</li>
            <li>{t('interchange.aiken')}</li>
          </ul>
          <Typography.Text>{t('interchange.after')}</Typography.Text>
        </Section>
      </Flex>
    </Card>
  );
}
