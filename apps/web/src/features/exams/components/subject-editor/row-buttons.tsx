import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';

export interface RowButtonsProps {
  index: number;
  count: number;
  /** Names the row in the buttons' accessible names, e.g. "option B". */
  name: string;
  onMove: (from: number, to: number) => void;
  onRemove?: (() => void) | undefined;
  disabled?: boolean;
}

/** Up, down and remove for one row of a list; plain buttons, so the keyboard reorders as well as the mouse. */
export function RowButtons({ index, count, name, onMove, onRemove, disabled }: RowButtonsProps) {
  const { t } = useTranslation('exams');
  return (
    <Space size={0}>
      <Button
        type="text"
        size="small"
        icon={<ArrowUpOutlined aria-hidden />}
        aria-label={t('editor.moveUp', { name })}
        title={t('editor.moveUp', { name })}
        disabled={disabled || index === 0}
        onClick={() => onMove(index, index - 1)}
      />
      <Button
        type="text"
        size="small"
        icon={<ArrowDownOutlined aria-hidden />}
        aria-label={t('editor.moveDown', { name })}
        title={t('editor.moveDown', { name })}
        disabled={disabled || index === count - 1}
        onClick={() => onMove(index, index + 1)}
      />
      {onRemove && (
        <Button
          type="text"
          size="small"
          danger
          icon={<DeleteOutlined aria-hidden />}
          aria-label={t('editor.remove', { name })}
          title={t('editor.remove', { name })}
          disabled={disabled}
          onClick={onRemove}
        />
      )}
    </Space>
  );
}

/**
 * Rows are changed by their key in the list as it is when the change applies: a position seen when the
 * row was drawn may be out of date by then (another change of the same moment came first).
 */
export interface KeyedRow {
  key: string;
}

export function moveRow<T extends KeyedRow>(rows: readonly T[], key: string, offset: number): T[] {
  const from = rows.findIndex((row) => row.key === key);
  return from < 0 ? [...rows] : moveItem(rows, from, from + offset);
}

export function removeRow<T extends KeyedRow>(rows: readonly T[], key: string): T[] {
  return rows.filter((row) => row.key !== key);
}

export function patchRow<T extends KeyedRow>(rows: readonly T[], key: string, patch: Partial<T>): T[] {
  return rows.map((row) => (row.key === key ? { ...row, ...patch } : row));
}

export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= items.length || from === to) return [...items];
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}
