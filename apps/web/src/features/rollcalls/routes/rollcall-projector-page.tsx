import type { Rollcall } from '@lectern/contracts/rollcalls/rollcalls.schemas';
import { Button, Flex, QRCode, Result, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorState, LoadingState } from '../../../shared/components/page-state.tsx';
import { useCurrentCourse } from '../../courses/public/use-current-course.ts';
import { useQrCode } from '../api/get-qr-code.ts';
import { useCourseRollcalls } from '../api/list-course-rollcalls.ts';
import { useStopRollcall } from '../api/stop-rollcall.ts';
import { QR_ROLLCALL_PARAM, QR_TOKEN_PARAM } from '../components/student-rollcalls.tsx';
import { useRollcallPush } from '../components/use-rollcall-push.ts';

/** The rotating QR code: it encodes the student page's address, so a phone camera opens it. */
function RotatingQr({ courseId, rollcall }: { courseId: number; rollcall: Rollcall }) {
  const { t } = useTranslation('rollcalls');
  const qr = useQrCode(courseId, rollcall.id, rollcall.status === 'in_progress');
  if (!qr.data) return <Spin />;
  const url = new URL(`/course/${courseId}/rollcalls`, window.location.origin);
  url.searchParams.set(QR_ROLLCALL_PARAM, String(rollcall.id));
  url.searchParams.set(QR_TOKEN_PARAM, qr.data.data);
  return (
    <Flex vertical align="center" gap={8}>
      <QRCode value={url.toString()} size={360} bordered={false} aria-label={t('projector.scan')} />
      <Typography.Text style={{ fontSize: 24 }}>{t('projector.scan')}</Typography.Text>
    </Flex>
  );
}

/** /course/:courseId/rollcalls/:rollcallId/projector: large type for the room, the count live. */
export function RollcallProjectorPage() {
  const { t } = useTranslation('rollcalls');
  const course = useCurrentCourse();
  const { rollcallId } = useParams();
  useRollcallPush(course.id);
  const list = useCourseRollcalls(course.id);
  const stop = useStopRollcall();

  if (list.isPending) return <LoadingState />;
  if (list.isError) return <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  const rollcall = list.data.rollcalls.find((r) => r.id === Number(rollcallId));
  const back = <Link to={`/course/${course.id}/rollcalls`}>{t('projector.back')}</Link>;
  if (!rollcall) return <Result status="404" title={t('projector.notFound')} extra={back} />;
  const open = rollcall.status === 'in_progress';

  return (
    <Flex vertical align="center" gap={24} style={{ padding: '24px 0', textAlign: 'center' }}>
      <Typography.Title level={2} style={{ margin: 0 }}>
        {rollcall.title}
      </Typography.Title>
      {!open ? (
        <Typography.Title level={3}>{t('projector.over')}</Typography.Title>
      ) : rollcall.is_number ? (
        <div>
          <Typography.Text style={{ fontSize: 24 }}>{t('projector.code')}</Typography.Text>
          <div
            data-testid="projector-code"
            style={{
              fontSize: 'min(30vw, 12rem)',
              fontWeight: 700,
              letterSpacing: '0.15em',
              lineHeight: 1.1,
            }}
          >
            {rollcall.number_code}
          </div>
        </div>
      ) : rollcall.is_qr ? (
        <RotatingQr courseId={course.id} rollcall={rollcall} />
      ) : (
        <Typography.Title level={3}>
          {rollcall.is_radar ? t('projector.radar') : t('projector.selfRegistration')}
        </Typography.Title>
      )}
      <div role="status" aria-live="polite" style={{ fontSize: 'min(8vw, 3rem)', fontWeight: 600 }}>
        {t('projector.count', { count: rollcall.count, total: rollcall.student_count })}
      </div>
      <Flex gap={16} wrap justify="center">
        {back}
        {open ? (
          <Button danger loading={stop.isPending} onClick={() => stop.mutate(rollcall.id)}>
            {t('list.stop')}
          </Button>
        ) : null}
      </Flex>
    </Flex>
  );
}
