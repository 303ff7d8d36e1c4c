import { Card, Flex, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatDateTime } from '../../../shared/components/date-time.ts';
import { ErrorState, LoadingState } from '../../../shared/components/page-state.tsx';
import { useCourseRollcalls } from '../api/list-course-rollcalls.ts';
import { useOpenRollcalls } from '../api/list-open-rollcalls.ts';
import { RollcallTags } from './rollcall-tags.tsx';
import { StudentCheckin } from './student-checkin.tsx';

/** QR codes on the projector open this page with `?rollcall=<id>&qr=<token>`. */
export const QR_ROLLCALL_PARAM = 'rollcall';
export const QR_TOKEN_PARAM = 'qr';

/** A student's roll calls in this course: those open now to check in, then their attendance history. */
export function StudentRollcalls({ courseId }: { courseId: number }) {
  const { t } = useTranslation('rollcalls');
  const open = useOpenRollcalls();
  const history = useCourseRollcalls(courseId);
  const [params] = useSearchParams();
  const scannedFor = Number(params.get(QR_ROLLCALL_PARAM));
  const scanned = params.get(QR_TOKEN_PARAM);

  if (open.isPending || history.isPending) return <LoadingState />;
  if (open.isError) return <ErrorState error={open.error} onRetry={() => void open.refetch()} />;
  if (history.isError) return <ErrorState error={history.error} onRetry={() => void history.refetch()} />;
  const mine = open.data.rollcalls.filter((r) => r.course_id === courseId);
  const past = history.data.rollcalls.filter((r) => r.status !== 'not_started');

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={2} style={{ margin: 0, fontSize: 20 }}>
        {t('page.title')}
      </Typography.Title>
      <section aria-label={t('page.open')}>
        <Typography.Title level={3} style={{ fontSize: 16 }}>
          {t('page.open')}
        </Typography.Title>
        {mine.length === 0 ? (
          <Typography.Paragraph type="secondary">{t('page.noneOpen')}</Typography.Paragraph>
        ) : (
          <Flex vertical gap={12}>
            {mine.map((r) => (
              <StudentCheckin key={r.id} rollcall={r} scannedQr={scannedFor === r.id ? scanned : null} />
            ))}
          </Flex>
        )}
      </section>
      <section aria-label={t('page.history')}>
        <Typography.Title level={3} style={{ fontSize: 16 }}>
          {t('page.history')}
        </Typography.Title>
        {past.length === 0 ? (
          <Typography.Paragraph type="secondary">{t('page.empty')}</Typography.Paragraph>
        ) : (
          <Card size="small">
            <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {past.map((r) => (
                <li key={r.id} style={{ padding: '8px 0' }}>
                  <Flex vertical gap={4}>
                    <Space wrap>
                      <span>{r.title}</span>
                      <RollcallTags rollcall={r} />
                    </Space>
                    <Typography.Text type="secondary">
                      {r.my_status ? t('list.myStatus', { status: t(`student.${r.my_status}`) }) : null}
                      {r.started_at ? ` · ${formatDateTime(r.started_at)}` : null}
                    </Typography.Text>
                  </Flex>
                </li>
              ))}
            </ul>
          </Card>
        )}
      </section>
    </Flex>
  );
}
