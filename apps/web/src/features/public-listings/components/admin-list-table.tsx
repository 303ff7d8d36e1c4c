import { PUBLIC_LISTING_LIMITS } from '@lectern/contracts/public-listings/public-listings.schemas';
import type { UseQueryResult } from '@tanstack/react-query';
import { App, Button, Flex, Form, Input, Popconfirm, Table } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../shared/components/form-modal.tsx';
import { ErrorState } from '../../../shared/components/page-state.tsx';

type Named = { id: number; name: string };

export interface AdminListTableProps<T extends Named, Values extends { name: string }> {
  /** The list's query: its failure replaces the table, its first load shows on it. */
  query: Pick<UseQueryResult, 'isError' | 'error' | 'isPending' | 'isRefetching' | 'refetch'>;
  rows: readonly T[];
  emptyText: string;
  /** The row's own columns after its name; edit and delete come last. */
  columns: ColumnType<T>[];
  labels: { add: string; edit: string; deleteConfirm: (row: T) => string };
  /** The dialog's values for a row, or for a new one (null). */
  initialValues: (row: T | null) => Values;
  /** The dialog's fields after the name, for the row being edited (null: a new one). */
  fields?: (row: T | null) => ReactNode;
  /** Saves the dialog's values: a new row when `row` is null. */
  onSave: (values: Values, row: T | null) => Promise<unknown>;
  onRemove: (id: number) => Promise<unknown>;
}

/**
 * One of the admin page's editable lists of named things (classifications, curriculums): an add button,
 * the table with each row's edit button and confirmed delete (which says how it went), and the add-and-edit
 * dialog, which always starts with the required name.
 */
export function AdminListTable<T extends Named, Values extends { name: string }>({
  query,
  rows,
  emptyText,
  columns,
  labels,
  initialValues,
  fields,
  onSave,
  onRemove,
}: AdminListTableProps<T, Values>) {
  const { t } = useTranslation('public-listings');
  const { message } = App.useApp();
  // undefined: closed; null: adding one; otherwise the row being edited.
  const [editing, setEditing] = useState<T | null | undefined>(undefined);

  if (query.isError) {
    return (
      <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isRefetching} />
    );
  }
  const actions: ColumnType<T> = {
    key: 'actions',
    title: t('admin.actions'),
    width: 180,
    render: (_, row) => (
      <Flex gap={8}>
        <Button size="small" onClick={() => setEditing(row)}>
          {t('admin.edit')}
        </Button>
        <Popconfirm
          title={labels.deleteConfirm(row)}
          onConfirm={() =>
            onRemove(row.id).then(
              () => void message.success(t('admin.deleted')),
              (error: Error) => void message.error(error.message),
            )
          }
        >
          <Button size="small" danger>
            {t('admin.delete')}
          </Button>
        </Popconfirm>
      </Flex>
    ),
  };
  const row = editing ?? null;
  return (
    <Flex vertical gap={8}>
      <Button type="primary" style={{ alignSelf: 'flex-start' }} onClick={() => setEditing(null)}>
        {labels.add}
      </Button>
      <Table<T>
        rowKey="id"
        size="small"
        loading={query.isPending}
        pagination={false}
        dataSource={[...rows]}
        locale={{ emptyText }}
        columns={[{ key: 'name', title: t('admin.name'), dataIndex: 'name' }, ...columns, actions]}
      />
      <FormModal<Values>
        open={editing !== undefined}
        title={row ? labels.edit : labels.add}
        initialValues={initialValues(row)}
        onSubmit={(values) => onSave(values, row)}
        onClose={() => setEditing(undefined)}
      >
        <Form.Item
          name="name"
          label={t('admin.name')}
          rules={[{ required: true, whitespace: true, message: t('admin.nameRequired') }]}
        >
          <Input maxLength={PUBLIC_LISTING_LIMITS.nameMax} />
        </Form.Item>
        {fields?.(row)}
      </FormModal>
    </Flex>
  );
}
