import type {
  CapturesResponse,
  KnowledgeCapture,
} from '@lectern/contracts/knowledge-graph/knowledge-capture.schemas';
import type { UseQueryResult } from '@tanstack/react-query';
import { Empty, Flex, Pagination, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../../shared/components/page-state.tsx';
import { KnowledgeResourceLink } from './knowledge-resource-link.tsx';

/** A page of captures: the resource (a link that reports the visit), its node, note, author and visits. */
export function KnowledgeCapturesList({
  courseId,
  label,
  query,
  page,
  pageSize,
  onPage,
  onOpen,
  showNode = true,
}: {
  courseId: number;
  label: string;
  query: UseQueryResult<CapturesResponse>;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  onOpen: (capture: KnowledgeCapture) => void;
  showNode?: boolean;
}) {
  const { t } = useTranslation('knowledge-graph');
  if (query.isPending) return <LoadingState />;
  if (query.isError) {
    return (
      <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isRefetching} />
    );
  }
  const { items, total } = query.data;
  if (items.length === 0) return <Empty description={t('captures.empty')} />;
  return (
    <Flex vertical gap={8}>
      <ul aria-label={label} style={{ margin: 0, paddingInlineStart: 20 }}>
        {items.map((capture) => (
          <li key={capture.id} style={{ marginBlockEnd: 6 }}>
            <Flex vertical gap={2}>
              <span>
                <KnowledgeResourceLink
                  courseId={courseId}
                  type={capture.refer_type}
                  id={capture.refer_id}
                  onOpen={() => onOpen(capture)}
                >
                  {capture.title}
                </KnowledgeResourceLink>{' '}
                {capture.is_public ? <Tag color="blue">{t('captures.public')}</Tag> : null}
              </span>
              {capture.note ? <Typography.Text>{capture.note}</Typography.Text> : null}
              <Typography.Text type="secondary">
                {showNode
                  ? t('captures.metaWithNode', {
                      node: capture.knowledge_node_name,
                      author: capture.created_by.name,
                      count: capture.visit_count,
                    })
                  : t('captures.meta', { author: capture.created_by.name, count: capture.visit_count })}
              </Typography.Text>
            </Flex>
          </li>
        ))}
      </ul>
      {total > pageSize ? (
        <Pagination
          size="small"
          current={page}
          pageSize={pageSize}
          total={total}
          showSizeChanger={false}
          onChange={onPage}
          aria-label={t('captures.pages', { label })}
        />
      ) : null}
    </Flex>
  );
}
