import type { LectureLiveDetail } from '@lectern/contracts/lecture-live/lecture-live.schemas';
import {
  secondsUntilStart,
  shownLectureLiveStatus,
} from '@lectern/contracts/lecture-live/lecture-live-status';
import { Alert, App, Button, Flex, Progress, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBookLive } from '../api/book-live.ts';
import { useReprocessReplay } from '../api/reprocess-replay.ts';

function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function Countdown({ startTime }: { startTime: string | null }) {
  const { t } = useTranslation('lecture-live');
  const left = secondsUntilStart(startTime, useNow());
  if (left === 0)
    return <Typography.Text type="secondary">{t('status.waitingForInstructor')}</Typography.Text>;
  const days = Math.floor(left / 86_400);
  const pad = (n: number) => String(n).padStart(2, '0');
  const clock = `${pad(Math.floor((left % 86_400) / 3600))}:${pad(Math.floor((left % 3600) / 60))}:${pad(left % 60)}`;
  return (
    <Typography.Text strong role="timer" aria-live="off">
      {t('status.countdown', { days, clock })}
    </Typography.Text>
  );
}

/** The status box: countdown and booking before the live, messages while the replay is made. */
export function LiveStatusBox({ live }: { live: LectureLiveDetail }) {
  const { t } = useTranslation('lecture-live');
  const { message } = App.useApp();
  const book = useBookLive(live.id);
  const reprocess = useReprocessReplay(live.id);
  const status = shownLectureLiveStatus(live.status, live.replay_videos.length);
  const learnerCanToggle = live.can_book_live || live.is_booked_live;

  const toggle = () => {
    book.mutate(!live.is_booked_live, {
      onSuccess: (r) => void message.success(r.is_booked_live ? t('booking.booked') : t('booking.cancelled')),
      onError: (error) => void message.error(error.message),
    });
  };

  return (
    <section aria-label={t('status.label')} className="lecture-live-status">
      <Flex vertical gap={12}>
        <Flex gap={8} align="center" wrap>
          <Tag
            color={
              status === 'live_in_progress' ? 'red' : status === 'replay_process_fail' ? 'error' : 'blue'
            }
          >
            {t(`status.${status}`)}
          </Tag>
          {status === 'live_unopened' ? <Countdown startTime={live.start_time} /> : null}
        </Flex>
        {status === 'live_unopened' ? (
          <Flex gap={12} align="center" wrap>
            {learnerCanToggle ? (
              <Button
                type={live.is_booked_live ? 'default' : 'primary'}
                loading={book.isPending}
                disabled={book.isPending}
                onClick={toggle}
              >
                {live.is_booked_live ? t('booking.cancel') : t('booking.book')}
              </Button>
            ) : null}
            <Typography.Text type="secondary">
              {t('booking.count', { count: live.booked_count })}
            </Typography.Text>
          </Flex>
        ) : null}
        {status === 'replay_waiting_process' || status === 'replay_processing' ? (
          <Flex vertical gap={4}>
            <Typography.Text role="status">{t('replay.transcoding')}</Typography.Text>
            {live.progress && status === 'replay_processing' ? (
              <Progress percent={live.progress.progress} size="small" aria-label={t('replay.progress')} />
            ) : null}
          </Flex>
        ) : null}
        {status === 'replay_process_fail' ? (
          <Alert
            type="error"
            showIcon
            title={t('replay.failed')}
            action={
              live.can_reprocess_replay && live.replay_id !== null ? (
                <Button
                  size="small"
                  loading={reprocess.isPending}
                  onClick={() =>
                    reprocess.mutate(live.replay_id ?? 0, {
                      onError: (error) => void message.error(error.message),
                    })
                  }
                >
                  {t('replay.reprocess')}
                </Button>
              ) : undefined
            }
          />
        ) : null}
        {status === 'replay_deleted' ? (
          <Typography.Text type="secondary">{t('replay.none')}</Typography.Text>
        ) : null}
      </Flex>
    </section>
  );
}
