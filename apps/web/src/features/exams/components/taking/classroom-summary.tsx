import type { ClassroomState } from '@lectern/contracts/exams/exam-taking.schemas';
import { optionLetter } from '@lectern/contracts/exams/subject.schemas';
import { Flex, Progress, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { htmlToText, RenderedHtml } from '../../../../shared/components/rendered-html.tsx';

export type Released = NonNullable<ClassroomState['released']>;

/** Type sizes of the projector view, readable from the back of a lecture hall. */
const LARGE = { option: 'min(4.5vw, 1.75rem)', stem: 'min(5.5vw, 2.25rem)' } as const;

/**
 * Answers per option as they arrive (the teaching team at once, students once the question closes).
 * `showCorrect` false keeps the right options unmarked, as a projector does until the instructor reveals
 * them: the class is looking at the same screen.
 */
export function OptionCounts({
  state,
  released,
  large = false,
  showCorrect = true,
}: {
  state: ClassroomState;
  released: Released;
  large?: boolean;
  showCorrect?: boolean;
}) {
  const { t } = useTranslation('exams');
  const counts = new Map((state.option_counts ?? []).map((c) => [c.option_id, c.count]));
  const correct = new Set(showCorrect ? (released.correct_option_ids ?? []) : []);
  const total = Math.max(state.answer_count, 1);
  if (!state.option_counts || released.subject.options.length === 0) return null;
  return (
    <Flex vertical gap={large ? 16 : 6} role="list" aria-label={t('classroom.optionCounts')}>
      {released.subject.options.map((option, index) => {
        const count = counts.get(option.id) ?? 0;
        return (
          <Flex
            key={option.id}
            role="listitem"
            gap={8}
            align="center"
            style={large ? { fontSize: LARGE.option } : undefined}
          >
            <Typography.Text strong style={{ width: large ? '1.5em' : 24, fontSize: 'inherit' }}>
              {optionLetter(index)}
            </Typography.Text>
            <div style={{ flex: 1, minWidth: 0 }}>
              <Typography.Text ellipsis style={{ fontSize: 'inherit' }}>
                {htmlToText(option.content)}
              </Typography.Text>
              <Progress
                percent={Math.round((count / total) * 100)}
                size={large ? { height: 16 } : 'small'}
                status={correct.has(option.id) ? 'success' : 'normal'}
                format={() => t('classroom.count', { count })}
                aria-label={`${optionLetter(index)} ${htmlToText(option.content)}`}
              />
            </div>
            {correct.has(option.id) ? <Tag color="green">{t('result.correctOption')}</Tag> : null}
          </Flex>
        );
      })}
    </Flex>
  );
}

/** The released question with its answer count and, for the teaching team, the answers per option. */
export function ReleasedSummary({
  state,
  released,
  large = false,
  showCorrect = true,
}: {
  state: ClassroomState;
  released: Released;
  large?: boolean;
  showCorrect?: boolean;
}) {
  const { t } = useTranslation('exams');
  return (
    <Flex vertical gap={large ? 24 : 12}>
      <Flex gap={8} align="center" wrap>
        <Tag color={released.is_open ? 'green' : 'default'}>
          {released.is_open ? t('classroom.open') : t('classroom.closed')}
        </Tag>
        <Tag>{t(`taking.types.${released.subject.type}`)}</Tag>
        <Typography.Text role="status" style={large ? { fontSize: LARGE.option } : undefined}>
          {t('classroom.answered', { count: state.answer_count, total: state.student_count })}
        </Typography.Text>
        {showCorrect && state.correct_count !== null ? (
          <Typography.Text type="secondary" style={large ? { fontSize: LARGE.option } : undefined}>
            {t('classroom.correct', { count: state.correct_count })}
          </Typography.Text>
        ) : null}
      </Flex>
      <div style={large ? { fontSize: LARGE.stem, overflowWrap: 'anywhere' } : undefined}>
        <RenderedHtml html={released.subject.description} />
      </div>
      <OptionCounts state={state} released={released} large={large} showCorrect={showCorrect} />
    </Flex>
  );
}
