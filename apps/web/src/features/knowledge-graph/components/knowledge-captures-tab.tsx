import { Flex, Radio, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMyCaptures } from '../api/get-my-captures.ts';
import { usePublicCaptures } from '../api/get-public-captures.ts';
import { KnowledgeCapturesList } from './knowledge-captures-list.tsx';
import { useKnowledgeVisits } from './knowledge-captures-visits.ts';

const PAGE_SIZE = 10;

/** The course's captures: the viewer's own, or everyone's public ones, ten a page. */
export function KnowledgeCapturesTab({ courseId }: { courseId: number }) {
  const { t } = useTranslation('knowledge-graph');
  const visits = useKnowledgeVisits();
  const [which, setWhich] = useState<'my' | 'public'>('my');
  const [page, setPage] = useState(1);
  const mine = useMyCaptures(courseId, page, PAGE_SIZE, which === 'my');
  const shared = usePublicCaptures(courseId, page, PAGE_SIZE, which === 'public');
  const label = which === 'my' ? t('captures.mine') : t('captures.publicList');
  return (
    <section aria-labelledby="knowledge-captures-heading">
      <Flex vertical gap={12}>
        <Typography.Title level={3} id="knowledge-captures-heading" style={{ fontSize: 16, margin: 0 }}>
          {t('captures.title')}
        </Typography.Title>
        <Radio.Group
          optionType="button"
          aria-label={t('captures.which')}
          value={which}
          onChange={(event) => {
            setWhich(event.target.value as 'my' | 'public');
            setPage(1);
          }}
          options={[
            { value: 'my', label: t('captures.mine') },
            { value: 'public', label: t('captures.publicList') },
          ]}
        />
        <KnowledgeCapturesList
          courseId={courseId}
          label={label}
          query={which === 'my' ? mine : shared}
          page={page}
          pageSize={PAGE_SIZE}
          onPage={setPage}
          onOpen={(capture) => visits.capture(capture)}
        />
      </Flex>
    </section>
  );
}
