import { BarChartOutlined, DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { subjectNumbers } from '@lectern/contracts/exams/subject-numbering';
import { subjectPoints, type Subject } from '@lectern/contracts/exams/subject.schemas';
import { Button, Checkbox, Flex, Space, Tag, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RowButtons } from '../subject-editor/row-buttons.tsx';
import { difficultyName, formatPoints, plainText } from '../subject-editor/subject-labels.ts';

export interface SubjectListProps {
  subjects: readonly Subject[];
  onEdit?: ((subject: Subject) => void) | undefined;
  onDelete?: ((subject: Subject) => void) | undefined;
  /** Moves a question from one position to another (the list's order is the paper's order). */
  onMove?: ((from: number, to: number) => void) | undefined;
  /** With a selection, each row gets a checkbox (copying or moving several questions at once). */
  selectedIds?: readonly number[] | undefined;
  onSelectionChange?: ((ids: number[]) => void) | undefined;
  /** Disables the row actions while a write runs or when the paper cannot change. */
  disabled?: boolean | undefined;
  /** Opens a question's answer statistics (not disabled with the paper: reading changes nothing). */
  onStatistics?: ((subject: Subject) => void) | undefined;
}

/** Questions in paper order: type, points, difficulty and the start of the text, with row actions. */
export function SubjectList({
  subjects,
  onEdit,
  onDelete,
  onMove,
  selectedIds,
  onSelectionChange,
  disabled,
  onStatistics,
}: SubjectListProps) {
  const { t } = useTranslation('exams');
  const { token } = theme.useToken();
  const selected = new Set(selectedIds ?? []);
  const numbers = subjectNumbers(subjects);
  return (
    <ol
      aria-label={t('list.label')}
      style={{
        listStyle: 'none',
        margin: 0,
        padding: 0,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
      }}
    >
      {subjects.map((subject, index) => {
        // Text blocks take no number (the same rule as the taking, result and marking pages).
        const number = numbers.top.get(subject.id) ?? null;
        const name =
          number === null
            ? t('list.descriptionName', { position: index + 1 })
            : t('list.questionName', { number });
        return (
          <li
            key={subject.id}
            data-testid={`subject-row-${subject.id}`}
            style={{
              display: 'flex',
              gap: 12,
              alignItems: 'center',
              flexWrap: 'wrap',
              padding: '12px 16px',
              borderTop: index === 0 ? undefined : `1px solid ${token.colorBorderSecondary}`,
            }}
          >
            <Flex gap={12} align="start" style={{ minWidth: 240, flex: 1 }}>
              {onSelectionChange && (
                <Checkbox
                  aria-label={t('list.selectNamed', { name })}
                  checked={selected.has(subject.id)}
                  onChange={(event) =>
                    onSelectionChange(
                      event.target.checked
                        ? [...selected, subject.id]
                        : [...selected].filter((id) => id !== subject.id),
                    )
                  }
                />
              )}
              {number !== null && <Typography.Text strong>{number}.</Typography.Text>}
              <Flex vertical gap={4} style={{ minWidth: 0, flex: 1 }}>
                <Space size={4} wrap>
                  <Tag color="blue">{t(`types.${subject.type}`)}</Tag>
                  {subject.type !== 'paragraph_desc' && (
                    <Tag>{t('list.points', { points: formatPoints(subjectPoints(subject)) })}</Tag>
                  )}
                  {subject.difficulty_level > 0 && (
                    <Tag>{t(`difficulty.${difficultyName(subject.difficulty_level)}`)}</Tag>
                  )}
                  {subject.knowledge_node_names.map((name) => (
                    <Tag key={name} color="purple" aria-label={t('list.knowledgeNode', { name })}>
                      {name}
                    </Tag>
                  ))}
                  {subject.sub_subjects.length > 0 && (
                    <Typography.Text type="secondary">
                      {t('list.subCount', { count: subject.sub_subjects.length })}
                    </Typography.Text>
                  )}
                </Space>
                <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ marginBottom: 0 }}>
                  {plainText(subject.description) || t('list.noText')}
                </Typography.Paragraph>
              </Flex>
            </Flex>
            <Space size={0} wrap>
              {onStatistics && subject.type !== 'paragraph_desc' && (
                <Button
                  type="link"
                  icon={<BarChartOutlined aria-hidden />}
                  aria-label={t('statistics.openNamed', { name })}
                  onClick={() => onStatistics(subject)}
                >
                  {t('statistics.open')}
                </Button>
              )}
              {onMove && (
                <RowButtons
                  index={index}
                  count={subjects.length}
                  name={name}
                  disabled={disabled}
                  onMove={onMove}
                />
              )}
              {onEdit && (
                <Button
                  type="link"
                  icon={<EditOutlined aria-hidden />}
                  disabled={disabled}
                  aria-label={t('list.editNamed', { name })}
                  onClick={() => onEdit(subject)}
                >
                  {t('list.edit')}
                </Button>
              )}
              {onDelete && (
                <Button
                  type="link"
                  danger
                  icon={<DeleteOutlined aria-hidden />}
                  disabled={disabled}
                  aria-label={t('list.deleteNamed', { name })}
                  onClick={() => onDelete(subject)}
                >
                  {t('list.delete')}
                </Button>
              )}
            </Space>
          </li>
        );
      })}
    </ol>
  );
}
