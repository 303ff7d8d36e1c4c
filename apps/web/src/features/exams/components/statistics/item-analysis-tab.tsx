import type { ItemStatistics } from '@lectern/contracts/exams/exam-statistics.schemas';
import { Descriptions, Flex, Segmented, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { QuestionCircleOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, LoadingState } from '../../../../shared/components/page-state.tsx';
import { ScrollableTable } from '../../../../shared/components/scrollable-table.tsx';
import { useItemAnalysis } from '../../api/get-item-analysis.ts';
import { ItemAnalysisChart } from './item-analysis-chart.tsx';

const letter = (index: number) => String.fromCharCode(65 + index);

function Figure({ value }: { value: number | null }) {
  const { t } = useTranslation('exams');
  return <>{value === null ? t('analysis.none') : value.toFixed(2)}</>;
}

function HeadingWithHelp({ title, help }: { title: string; help: string }) {
  return (
    <Tooltip title={help}>
      <span>
        {title} <QuestionCircleOutlined aria-label={help} />
      </span>
    </Tooltip>
  );
}

/** Moodle-style item analysis of an exam: figures per question, distractors, and the exam's reliability. */
export function ItemAnalysisTab({ examId, hasMakeup }: { examId: number; hasMakeup: boolean }) {
  const { t } = useTranslation('exams');
  const [isMakeup, setIsMakeup] = useState(false);
  const analysis = useItemAnalysis(examId, hasMakeup && isMakeup);

  const columns: TableColumnsType<ItemStatistics> = [
    { key: 'number', dataIndex: 'number', title: t('analysis.number'), width: 64 },
    {
      key: 'question',
      title: t('analysis.question'),
      render: (_: unknown, item) => (
        <Flex vertical gap={2}>
          <span>
            <Tag color="blue">{t(`types.${item.type as 'single_selection'}`)}</Tag>
          </span>
          <Typography.Text ellipsis style={{ maxWidth: 280 }}>
            {item.description}
          </Typography.Text>
        </Flex>
      ),
    },
    { key: 'responses', dataIndex: 'responses', title: t('analysis.responses') },
    {
      key: 'facility',
      title: <HeadingWithHelp title={t('analysis.facility')} help={t('analysis.facilityHelp')} />,
      render: (_: unknown, item) => <Figure value={item.facility_index} />,
    },
    {
      key: 'discrimination',
      title: <HeadingWithHelp title={t('analysis.discrimination')} help={t('analysis.discriminationHelp')} />,
      render: (_: unknown, item) => <Figure value={item.discrimination_index} />,
    },
    {
      key: 'pointBiserial',
      title: <HeadingWithHelp title={t('analysis.pointBiserial')} help={t('analysis.pointBiserialHelp')} />,
      render: (_: unknown, item) => <Figure value={item.point_biserial} />,
    },
  ];

  // Inside the questions table's own scrolling region (a nested ScrollableTable would take its label).
  const distractors = (item: ItemStatistics) => (
    <section aria-label={t('analysis.distractorsOf', { number: item.number })}>
      <Table
        size="small"
        rowKey="option_id"
        pagination={false}
        dataSource={item.distractors.map((d, index) => ({ ...d, letter: letter(index) }))}
        columns={[
          {
            key: 'option',
            title: t('analysis.optionLabel'),
            render: (_: unknown, d) => (
              <span>
                {d.letter}. {d.content} {d.is_answer && <Tag color="success">{t('statistics.right')}</Tag>}
              </span>
            ),
          },
          { key: 'chosen', dataIndex: 'chosen_count', title: t('analysis.chosen') },
          { key: 'upper', dataIndex: 'upper_count', title: t('analysis.upper') },
          { key: 'lower', dataIndex: 'lower_count', title: t('analysis.lower') },
        ]}
      />
    </section>
  );

  let body;
  if (analysis.isPending) body = <LoadingState />;
  else if (analysis.isError)
    body = (
      <ErrorState
        error={analysis.error}
        onRetry={() => void analysis.refetch()}
        retrying={analysis.isRefetching}
      />
    );
  else if (analysis.data.submitter_count === 0) body = <EmptyState description={t('analysis.empty')} />;
  else {
    const data = analysis.data;
    body = (
      <Flex vertical gap={16}>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 3 }}
          items={[
            { key: 'submitters', label: t('analysis.submitters'), children: data.submitter_count },
            { key: 'mean', label: t('analysis.mean'), children: <Figure value={data.mean_score} /> },
            {
              key: 'alpha',
              label: <HeadingWithHelp title={t('analysis.alpha')} help={t('analysis.alphaHelp')} />,
              children: <Figure value={data.cronbach_alpha} />,
            },
          ]}
        />
        <ItemAnalysisChart items={data.items} />
        <ScrollableTable label={t('analysis.table')}>
          <Table<ItemStatistics>
            rowKey="subject_id"
            size="small"
            columns={columns}
            dataSource={data.items}
            pagination={false}
            scroll={{ x: 640 }}
            expandable={{
              rowExpandable: (item) => item.distractors.length > 0,
              expandedRowRender: distractors,
            }}
          />
        </ScrollableTable>
      </Flex>
    );
  }

  return (
    <Flex vertical gap={16}>
      {hasMakeup && (
        <Segmented<'main' | 'makeup'>
          aria-label={t('paper.paperChoice')}
          value={isMakeup ? 'makeup' : 'main'}
          options={[
            { value: 'main', label: t('paper.mainPaper') },
            { value: 'makeup', label: t('paper.makeupPaper') },
          ]}
          onChange={(value) => setIsMakeup(value === 'makeup')}
        />
      )}
      {body}
    </Flex>
  );
}
