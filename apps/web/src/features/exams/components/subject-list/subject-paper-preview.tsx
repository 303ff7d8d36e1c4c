import {
  optionLetter,
  subjectPoints,
  type Subject,
  type SubSubject,
} from '@lectern/contracts/exams/subject.schemas';
import { Card, Checkbox, Flex, Input, Radio, Select, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RenderedHtml } from '../../../../shared/components/rendered-html.tsx';
import { formatPoints } from '../subject-editor/subject-labels.ts';

export interface SubjectPaperPreviewProps {
  subjects: readonly Subject[];
}

/**
 * The paper as a student sees it: text, options, blanks and answer boxes, with nothing that gives the
 * answers away (no correct marks, no reference answers, no explanations). Inputs can be tried out;
 * nothing is saved.
 */
export function SubjectPaperPreview({ subjects }: SubjectPaperPreviewProps) {
  const { t } = useTranslation('exams');
  const total = subjects.reduce((sum, s) => sum + subjectPoints(s), 0);
  // Text blocks are not numbered questions: each question's number counts the questions before it.
  const labels = subjects.reduce<(string | undefined)[]>((out, subject) => {
    const count = out.filter((l) => l !== undefined).length;
    return [...out, subject.type === 'paragraph_desc' ? undefined : String(count + 1)];
  }, []);
  return (
    <Flex vertical gap={16}>
      <Typography.Text type="secondary">
        {t('preview.summary', { count: subjects.length, points: formatPoints(total) })}
      </Typography.Text>
      {subjects.map((subject, index) => {
        const label = labels[index];
        return (
          <section
            key={subject.id}
            aria-label={label ? t('preview.questionName', { number: label }) : t('types.paragraph_desc')}
          >
            <Card size="small">
              <PaperQuestion subject={subject} label={label} />
              {subject.sub_subjects.length > 0 && (
                <Flex vertical gap={12} style={{ marginTop: 12, paddingInlineStart: 16 }}>
                  {[...subject.sub_subjects]
                    .sort((a, b) => a.sort - b.sort)
                    .map((sub, index) => (
                      <PaperQuestion key={sub.id} subject={sub} label={`(${index + 1})`} />
                    ))}
                </Flex>
              )}
            </Card>
          </section>
        );
      })}
    </Flex>
  );
}

function PaperQuestion({ subject, label }: { subject: Subject | SubSubject; label: string | undefined }) {
  const { t } = useTranslation('exams');
  const options = [...subject.options].sort((a, b) => a.sort - b.sort);
  const points = 'sub_subjects' in subject ? subjectPoints(subject) : subject.point;
  const name = t('preview.answerFor', { number: label ?? '' });
  return (
    <div>
      <Flex gap={8} align="baseline">
        {label && <Typography.Text strong>{label}.</Typography.Text>}
        {subject.type !== 'paragraph_desc' && (
          <Space size={4}>
            <Tag>{t(`types.${subject.type}`)}</Tag>
            <Typography.Text type="secondary">
              {t('list.points', { points: formatPoints(points) })}
            </Typography.Text>
          </Space>
        )}
      </Flex>
      <RenderedHtml html={subject.description} style={{ margin: '8px 0' }} />
      {(subject.type === 'single_selection' || subject.type === 'true_or_false') && (
        <Radio.Group aria-label={name} style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
          {options.map((option, index) => (
            <Radio key={option.id} value={option.id}>
              {optionLetter(index)}. <RenderedHtml html={option.content} inline />
            </Radio>
          ))}
        </Radio.Group>
      )}
      {subject.type === 'multiple_selection' && (
        <Checkbox.Group aria-label={name} style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
          {options.map((option, index) => (
            <Checkbox key={option.id} value={option.id}>
              {optionLetter(index)}. <RenderedHtml html={option.content} inline />
            </Checkbox>
          ))}
        </Checkbox.Group>
      )}
      {subject.type === 'fill_in_blank' && (
        <Flex vertical gap={8} style={{ maxWidth: 420 }}>
          {subject.blanks.map((blank, index) => (
            <Input
              key={blank.sort}
              aria-label={t('preview.blank', { number: index + 1 })}
              placeholder={t('preview.blank', { number: index + 1 })}
            />
          ))}
        </Flex>
      )}
      {subject.type === 'short_answer' && (
        <Input.TextArea aria-label={t('preview.answerBox')} autoSize={{ minRows: 3, maxRows: 10 }} />
      )}
      {subject.type === 'matching' && (
        <Flex gap={24} wrap>
          <Flex vertical gap={8}>
            {[...subject.pairs]
              .sort((a, b) => a.sort - b.sort)
              .map((pair, index) => (
                <Flex key={pair.sort} gap={8} align="center">
                  <Typography.Text>{index + 1}.</Typography.Text>
                  <RenderedHtml html={pair.content} inline />
                  <Select
                    aria-label={t('preview.matchFor', { number: index + 1 })}
                    style={{ width: 100 }}
                    options={options.map((o, i) => ({ value: o.id, label: optionLetter(i) }))}
                  />
                </Flex>
              ))}
          </Flex>
          <Flex vertical gap={8}>
            {options.map((option, index) => (
              <Typography.Text key={option.id}>
                {optionLetter(index)}. <RenderedHtml html={option.content} inline />
              </Typography.Text>
            ))}
          </Flex>
        </Flex>
      )}
    </div>
  );
}
