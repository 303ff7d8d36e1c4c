import type { DuplicatePairDetail } from '@lectern/contracts/homework/duplicate-check.schemas';
import { formatDuplicateRate } from '@lectern/contracts/homework/duplicate-check.rules';
import { Col, Empty, Modal, Row, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDuplicatePair } from '../api/get-duplicate-pair.ts';
import { ApiErrorAlert } from './api-error-alert.tsx';

/** Characters of ordinary text shown around a matched passage. */
const CONTEXT = 60;

type Span = { start: number; end: number };

/** A matched passage in its text: a little context either side, the match highlighted. */
function Passage({ text, span, label }: { text: string; span: Span; label: string }) {
  const before = text.slice(Math.max(0, span.start - CONTEXT), span.start);
  const after = text.slice(span.end, span.end + CONTEXT);
  return (
    <div
      aria-label={label}
      style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', padding: 8, background: 'rgba(0,0,0,0.02)' }}
    >
      {span.start > CONTEXT ? '…' : ''}
      {before}
      <mark>{text.slice(span.start, span.end)}</mark>
      {after}
      {span.end + CONTEXT < text.length ? '…' : ''}
    </div>
  );
}

function PairBody({ pair }: { pair: DuplicatePairDetail }) {
  const { t } = useTranslation('homework');
  const heading = (side: DuplicatePairDetail['a']) =>
    t('duplicate.pair.side', {
      name: side.user_no ? `${side.name} (${side.user_no})` : side.name,
      rate: formatDuplicateRate(side.rate),
    });
  if (pair.passages.length === 0) return <Empty description={t('duplicate.pair.noPassages')} />;
  return (
    <div>
      <Row gutter={[16, 8]} style={{ position: 'sticky', top: 0 }}>
        <Col span={12}>
          <Typography.Text strong>{heading(pair.a)}</Typography.Text>
        </Col>
        <Col span={12}>
          <Typography.Text strong>{heading(pair.b)}</Typography.Text>
        </Col>
      </Row>
      {pair.passages.map((passage, index) => (
        <Row key={`${passage.a.start}-${passage.b.start}`} gutter={[16, 8]} style={{ marginTop: 12 }}>
          <Col span={12}>
            <Passage
              text={pair.a_text}
              span={passage.a}
              label={t('duplicate.pair.passageOf', { n: index + 1, name: pair.a.name })}
            />
          </Col>
          <Col span={12}>
            <Passage
              text={pair.b_text}
              span={passage.b}
              label={t('duplicate.pair.passageOf', { n: index + 1, name: pair.b.name })}
            />
          </Col>
        </Row>
      ))}
    </div>
  );
}

/** Two submissions' shared passages side by side, matches highlighted. */
export function DuplicateCheckPairDialog({
  homeworkId,
  pairId,
  onClose,
}: {
  homeworkId: number;
  pairId: number | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('homework');
  const pair = useDuplicatePair(homeworkId, pairId);
  return (
    <Modal
      open={pairId !== null}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      width="min(1080px, calc(100vw - 32px))"
      title={
        pair.data
          ? t('duplicate.pair.title', {
              a: pair.data.a.name,
              b: pair.data.b.name,
              rate: formatDuplicateRate(pair.data.rate),
            })
          : t('duplicate.pair.loading')
      }
      closable={{ 'aria-label': t('duplicate.pair.close') }}
    >
      {pair.isError ? <ApiErrorAlert error={pair.error} /> : null}
      {pair.isPending && pairId !== null ? <Spin /> : null}
      {pair.data ? <PairBody pair={pair.data} /> : null}
    </Modal>
  );
}
