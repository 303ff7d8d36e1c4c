import type {
  ApplyKnowledgeDiffRequest,
  ApplyKnowledgeDiffResponse,
  KnowledgeDiffChange,
  KnowledgeDiffItem,
  KnowledgeNodeDiff,
  KnowledgeRelationDiff,
} from '@lectern/contracts/knowledge-graph/knowledge-sync.schemas';
import { Alert, App, Button, Empty, Flex, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../../shared/components/page-state.tsx';
import { useApplyKnowledgeGraphDiff } from '../api/apply-knowledge-graph-diff.ts';
import { useKnowledgeGraphDiff } from '../api/get-knowledge-graph-diff.ts';

const CHANGE_COLOR: Record<KnowledgeDiffChange, string> = { added: 'green', changed: 'blue', removed: 'red' };
const total = (result: ApplyKnowledgeDiffResponse) =>
  Object.values(result.counts).reduce((sum, count) => sum + count, 0);

/**
 * One table of the diff (its nodes or its relations): the change, the given columns, and a button applying
 * that one item.
 */
function DiffSection<T extends { key: string; change: KnowledgeDiffChange }>({
  type,
  title,
  rows,
  columns,
  applyLabel,
  pending,
  onApply,
}: {
  type: KnowledgeDiffItem['type'];
  title: string;
  rows: T[];
  /** The columns between the change and the action. */
  columns: TableColumnsType<T>;
  applyLabel: (row: T) => string;
  pending: string | null;
  onApply: (body: ApplyKnowledgeDiffRequest, key: string) => void;
}) {
  const { t } = useTranslation('knowledge-graph');
  const headingId = `knowledge-sync-diff-${type}s`;
  return (
    <section aria-labelledby={headingId}>
      <Typography.Title level={3} id={headingId} style={{ fontSize: 16 }}>
        {title}
      </Typography.Title>
      <Table<T>
        size="small"
        rowKey="key"
        pagination={rows.length > 10 ? { pageSize: 10 } : false}
        dataSource={rows}
        columns={[
          {
            key: 'change',
            title: t('sync.diff.columns.change'),
            width: 100,
            render: (_, row) => (
              <Tag color={CHANGE_COLOR[row.change]}>{t(`sync.diff.change.${row.change}`)}</Tag>
            ),
          },
          ...columns,
          {
            key: 'action',
            title: t('sync.diff.columns.action'),
            width: 100,
            render: (_, row) => (
              <Button
                size="small"
                aria-label={applyLabel(row)}
                loading={pending === `${type}:${row.key}`}
                disabled={pending !== null}
                onClick={() => onApply({ items: [{ type, key: row.key }] }, `${type}:${row.key}`)}
              >
                {t('sync.diff.apply')}
              </Button>
            ),
          },
        ]}
      />
    </section>
  );
}

/** The differences between the graph and its source, applied item by item or all at once. */
export function KnowledgeSyncDiffPanel({
  courseId,
  hasSource,
  active,
}: {
  courseId: number;
  hasSource: boolean;
  active: boolean;
}) {
  const { t } = useTranslation('knowledge-graph');
  const { message } = App.useApp();
  const diff = useKnowledgeGraphDiff(courseId, hasSource && active);
  const apply = useApplyKnowledgeGraphDiff(courseId);
  const [result, setResult] = useState<ApplyKnowledgeDiffResponse | null>(null);
  const [pending, setPending] = useState<string | null>(null);

  if (!hasSource) return <Empty description={t('sync.diff.noSource')} />;
  if (diff.isPending) return <LoadingState />;
  if (diff.isError) return <ErrorState error={diff.error} onRetry={() => void diff.refetch()} />;

  const run = (body: ApplyKnowledgeDiffRequest, key: string) => {
    setPending(key);
    apply.mutate(body, {
      onSuccess: (applied) => {
        setResult(applied);
        void message.success(t('sync.diff.applied', { count: total(applied) }));
      },
      onError: (error) => void message.error(error.message),
      onSettled: () => setPending(null),
    });
  };
  const { nodes, relations } = diff.data;
  const empty = nodes.length === 0 && relations.length === 0;

  return (
    <Flex vertical gap={16}>
      {result ? (
        <Alert
          type={result.skipped > 0 ? 'warning' : 'success'}
          showIcon
          title={t('sync.diff.applied', { count: total(result) })}
          description={result.skipped > 0 ? t('sync.diff.skipped', { count: result.skipped }) : undefined}
        />
      ) : null}
      {empty ? (
        <Empty description={t('sync.diff.empty')} />
      ) : (
        <>
          <Flex justify="flex-end">
            <Button type="primary" loading={pending === 'all'} onClick={() => run({ all: true }, 'all')}>
              {t('sync.diff.applyAll')}
            </Button>
          </Flex>
          <DiffSection<KnowledgeNodeDiff>
            type="node"
            title={t('sync.diff.nodes')}
            rows={nodes}
            pending={pending}
            onApply={run}
            applyLabel={(n) => t('sync.diff.applyNode', { name: n.source_name ?? n.name })}
            columns={[
              {
                key: 'node',
                title: t('sync.diff.columns.node'),
                render: (_, n) =>
                  n.change === 'changed' && n.name !== n.source_name
                    ? `${n.name} → ${n.source_name}`
                    : (n.source_name ?? n.name),
              },
              {
                key: 'fields',
                title: t('sync.diff.columns.fields'),
                render: (_, n) => n.fields.map((f) => t(`sync.diff.field.${f}`)).join(', '),
              },
            ]}
          />
          <DiffSection<KnowledgeRelationDiff>
            type="relation"
            title={t('sync.diff.relations')}
            rows={relations}
            pending={pending}
            onApply={run}
            applyLabel={(r) => t('sync.diff.applyRelation', { source: r.source_name, target: r.target_name })}
            columns={[
              {
                key: 'relation',
                title: t('sync.diff.columns.relation'),
                render: (_, r) => `${r.source_name} ${r.type === 'directed' ? '→' : '—'} ${r.target_name}`,
              },
              {
                key: 'type',
                title: t('sync.diff.columns.type'),
                render: (_, r) => t(`sync.diff.type.${r.type}`),
              },
            ]}
          />
        </>
      )}
    </Flex>
  );
}
