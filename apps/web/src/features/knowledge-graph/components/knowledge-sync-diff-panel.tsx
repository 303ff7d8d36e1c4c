import type {
  ApplyKnowledgeDiffRequest,
  ApplyKnowledgeDiffResponse,
  KnowledgeDiffChange,
  KnowledgeNodeDiff,
  KnowledgeRelationDiff,
} from '@lectern/contracts/knowledge-graph/knowledge-sync.schemas';
import { Alert, App, Button, Empty, Flex, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../../shared/components/page-state.tsx';
import { useApplyKnowledgeGraphDiff } from '../api/apply-knowledge-graph-diff.ts';
import { useKnowledgeGraphDiff } from '../api/get-knowledge-graph-diff.ts';

const CHANGE_COLOR: Record<KnowledgeDiffChange, string> = { added: 'green', changed: 'blue', removed: 'red' };
const total = (result: ApplyKnowledgeDiffResponse) =>
  Object.values(result.counts).reduce((sum, count) => sum + count, 0);

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
  const changeTag = (change: KnowledgeDiffChange) => (
    <Tag color={CHANGE_COLOR[change]}>{t(`sync.diff.change.${change}`)}</Tag>
  );
  const { nodes, relations } = diff.data;
  const empty = nodes.length === 0 && relations.length === 0;

  return (
    <Flex vertical gap={16}>
      {result ? (
        <Alert
          type={result.skipped > 0 ? 'warning' : 'success'}
          showIcon
          message={t('sync.diff.applied', { count: total(result) })}
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
          <section aria-labelledby="knowledge-sync-diff-nodes">
            <Typography.Title level={3} id="knowledge-sync-diff-nodes" style={{ fontSize: 16 }}>
              {t('sync.diff.nodes')}
            </Typography.Title>
            <Table<KnowledgeNodeDiff>
              size="small"
              rowKey="key"
              pagination={nodes.length > 10 ? { pageSize: 10 } : false}
              dataSource={nodes}
              columns={[
                {
                  key: 'change',
                  title: t('sync.diff.columns.change'),
                  width: 100,
                  render: (_, n) => changeTag(n.change),
                },
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
                {
                  key: 'action',
                  title: t('sync.diff.columns.action'),
                  width: 100,
                  render: (_, n) => (
                    <Button
                      size="small"
                      aria-label={t('sync.diff.applyNode', { name: n.source_name ?? n.name })}
                      loading={pending === `node:${n.key}`}
                      disabled={pending !== null}
                      onClick={() => run({ items: [{ type: 'node', key: n.key }] }, `node:${n.key}`)}
                    >
                      {t('sync.diff.apply')}
                    </Button>
                  ),
                },
              ]}
            />
          </section>
          <section aria-labelledby="knowledge-sync-diff-relations">
            <Typography.Title level={3} id="knowledge-sync-diff-relations" style={{ fontSize: 16 }}>
              {t('sync.diff.relations')}
            </Typography.Title>
            <Table<KnowledgeRelationDiff>
              size="small"
              rowKey="key"
              pagination={relations.length > 10 ? { pageSize: 10 } : false}
              dataSource={relations}
              columns={[
                {
                  key: 'change',
                  title: t('sync.diff.columns.change'),
                  width: 100,
                  render: (_, r) => changeTag(r.change),
                },
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
                {
                  key: 'action',
                  title: t('sync.diff.columns.action'),
                  width: 100,
                  render: (_, r) => (
                    <Button
                      size="small"
                      aria-label={t('sync.diff.applyRelation', {
                        source: r.source_name,
                        target: r.target_name,
                      })}
                      loading={pending === `relation:${r.key}`}
                      disabled={pending !== null}
                      onClick={() => run({ items: [{ type: 'relation', key: r.key }] }, `relation:${r.key}`)}
                    >
                      {t('sync.diff.apply')}
                    </Button>
                  ),
                },
              ]}
            />
          </section>
        </>
      )}
    </Flex>
  );
}
