import { conditionMax, rubricTotal } from '@lectern/contracts/rubrics/rubric.rules';
import type { Rubric } from '@lectern/contracts/rubrics/rubric.schemas';
import { Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Text a teacher typed: kept as typed (line breaks), and long words wrap instead of widening the page. */
const wrapText = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;

type PreviewCondition = {
  name: string;
  description: string;
  levels: readonly { score: number | null; description: string }[];
};

export interface RubricPreviewProps {
  /** A stored rubric, or a draft being edited (scores still empty count for nothing). */
  rubric: Pick<Rubric, 'name'> & { conditions: readonly PreviewCondition[] };
}

/**
 * A rubric as a table (the editor's preview mode, the detail dialog, a student's view of a homework's
 * rubric): one row per criterion with its ratings and best score, the total underneath. Fits 360 px.
 */
export function RubricPreview({ rubric }: RubricPreviewProps) {
  const { t } = useTranslation('rubrics');
  const rows = rubric.conditions.map((condition, index) => ({ ...condition, index }));
  return (
    <Table
      size="small"
      bordered
      pagination={false}
      tableLayout="fixed"
      rowKey="index"
      dataSource={rows}
      columns={[
        {
          key: 'criterion',
          title: t('preview.criterion'),
          width: '32%',
          render: (_, row) => (
            <>
              <Typography.Text strong style={wrapText}>
                {row.name}
              </Typography.Text>
              <Typography.Paragraph type="secondary" style={{ ...wrapText, margin: 0 }}>
                {row.description}
              </Typography.Paragraph>
            </>
          ),
        },
        {
          key: 'ratings',
          title: t('preview.ratings'),
          render: (_, row) => (
            <ul style={{ margin: 0, paddingInlineStart: 16 }}>
              {row.levels.map((level, index) => (
                <li key={index} style={wrapText}>
                  {t('preview.level', { score: level.score ?? '–', description: level.description })}
                </li>
              ))}
            </ul>
          ),
        },
        {
          key: 'points',
          title: t('preview.points'),
          width: 64,
          align: 'right',
          render: (_, row) => conditionMax(row),
        },
      ]}
      summary={() => (
        <Table.Summary.Row>
          <Table.Summary.Cell index={0} colSpan={2}>
            <Typography.Text strong>{t('preview.total')}</Typography.Text>
          </Table.Summary.Cell>
          <Table.Summary.Cell index={2} align="right">
            <Typography.Text strong data-testid="rubric-preview-total">
              {rubricTotal(rubric)}
            </Typography.Text>
          </Table.Summary.Cell>
        </Table.Summary.Row>
      )}
    />
  );
}
