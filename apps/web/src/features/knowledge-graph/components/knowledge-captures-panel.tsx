import { Empty, Flex, Pagination, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../../shared/components/page-state.tsx';
import { useRecommendedCaptures } from '../api/get-recommended-captures.ts';
import { useRecommendedResources } from '../api/get-recommended-resources.ts';
import { KnowledgeCapturesList } from './knowledge-captures-list.tsx';
import { useKnowledgeVisits } from './knowledge-captures-visits.ts';
import { KnowledgeResourceLink } from './knowledge-resource-link.tsx';

export const CAPTURES_PAGE_SIZE = 5;

/** In a node's panel: its most visited resources and the captures other learners shared, each paged. */
export function KnowledgeCapturesPanel({ courseId, nodeId }: { courseId: number; nodeId: number }) {
  const { t } = useTranslation('knowledge-graph');
  const visits = useKnowledgeVisits();
  const [resourcePage, setResourcePage] = useState(1);
  const [capturePage, setCapturePage] = useState(1);
  const resources = useRecommendedResources(nodeId, resourcePage, CAPTURES_PAGE_SIZE);
  const captures = useRecommendedCaptures(nodeId, capturePage, CAPTURES_PAGE_SIZE);

  let resourceBody;
  if (resources.isPending) resourceBody = <LoadingState />;
  else if (resources.isError) {
    resourceBody = (
      <ErrorState
        error={resources.error}
        onRetry={() => void resources.refetch()}
        retrying={resources.isRefetching}
      />
    );
  } else if (resources.data.items.length === 0) {
    resourceBody = <Empty description={t('captures.noResources')} />;
  } else {
    resourceBody = (
      <Flex vertical gap={8}>
        <ul aria-label={t('captures.resources')} style={{ margin: 0, paddingInlineStart: 20 }}>
          {resources.data.items.map((item) => (
            <li key={`${item.refer_type}-${item.refer_id}`}>
              <KnowledgeResourceLink
                courseId={courseId}
                type={item.refer_type}
                id={item.refer_id}
                onOpen={() => visits.resource(nodeId, item.refer_type, item.refer_id)}
              >
                {item.title}
              </KnowledgeResourceLink>{' '}
              <Typography.Text type="secondary">
                {t('captures.visits', { count: item.visit_count })}
              </Typography.Text>
            </li>
          ))}
        </ul>
        {resources.data.total > CAPTURES_PAGE_SIZE ? (
          <Pagination
            size="small"
            current={resourcePage}
            pageSize={CAPTURES_PAGE_SIZE}
            total={resources.data.total}
            showSizeChanger={false}
            onChange={setResourcePage}
            aria-label={t('captures.pages', { label: t('captures.resources') })}
          />
        ) : null}
      </Flex>
    );
  }

  return (
    <>
      <section aria-labelledby={`knowledge-node-resources-${nodeId}`}>
        <Typography.Title level={4} id={`knowledge-node-resources-${nodeId}`} style={{ fontSize: 16 }}>
          {t('captures.resources')}
        </Typography.Title>
        {resourceBody}
      </section>
      <section aria-labelledby={`knowledge-node-captures-${nodeId}`}>
        <Typography.Title level={4} id={`knowledge-node-captures-${nodeId}`} style={{ fontSize: 16 }}>
          {t('captures.recommended')}
        </Typography.Title>
        <KnowledgeCapturesList
          courseId={courseId}
          label={t('captures.recommended')}
          query={captures}
          page={capturePage}
          pageSize={CAPTURES_PAGE_SIZE}
          onPage={setCapturePage}
          onOpen={(capture) => visits.capture(capture)}
          showNode={false}
        />
      </section>
    </>
  );
}
