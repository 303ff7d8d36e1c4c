import { RobotOutlined } from '@ant-design/icons';
import type { VideoAiTask } from '@lectern/contracts/ai/video-ai.schemas';
import { formatMediaTime } from '@lectern/contracts/discussions/question-time';
import { Alert, App, Button, Checkbox, Flex, Switch, Tag, Tooltip, Typography } from 'antd';
import { useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/http-client.ts';
import { hasAiCredit, useAiStatus, useMyAiCredit } from '../../../shared/hooks/use-ai-credit.ts';
import { useVideoAi } from '../api/list-video-ai.ts';
import { useStartVideoAi } from '../api/start-video-ai.ts';

const STATUS_COLOURS = {
  queued: 'default',
  processing: 'processing',
  finished: 'success',
  failed: 'error',
} as const;

/** The finished AI generation of one video of the activity, if any: its captions track, topics and chapters. */
export function useVideoAiResult(
  activityId: number,
  referenceId: number | undefined,
): VideoAiTask | undefined {
  const list = useVideoAi(activityId);
  return list.data?.tasks.find((task) => task.reference_id === referenceId && task.status === 'finished');
}

/**
 * Under a video: its AI chapters (each seeks the player) and topics for everyone, and for the teaching team
 * the upload options of spec 001 section 5 — captions, topics and chapters toggles, and the AI-generate
 * checkbox shown only with all three on and a model configured, disabled without credits left.
 */
export function VideoAiPanel({
  activityId,
  video,
  videoRef,
}: {
  activityId: number;
  video: { id: number; name: string };
  videoRef: RefObject<HTMLVideoElement | null>;
}) {
  const { t } = useTranslation('ai');
  const list = useVideoAi(activityId);
  const task = list.data?.tasks.find((item) => item.reference_id === video.id);
  const finished = task?.status === 'finished' ? task : undefined;
  return (
    <Flex vertical gap={8}>
      {finished && finished.chapters.length > 0 ? (
        <nav aria-label={t('videoAi.chapters')}>
          <Typography.Text strong>{t('videoAi.chapters')}</Typography.Text>
          <Flex component="ol" vertical gap={2} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {finished.chapters.map((chapter) => (
              <li key={chapter.start}>
                <Button
                  type="link"
                  size="small"
                  style={{ paddingInline: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'start' }}
                  onClick={() => {
                    const player = videoRef.current;
                    if (!player) return;
                    player.currentTime = chapter.start;
                    void player.play().catch(() => undefined);
                  }}
                >
                  {`${formatMediaTime(chapter.start)} ${chapter.title}`}
                </Button>
              </li>
            ))}
          </Flex>
        </nav>
      ) : null}
      {finished && finished.topics.length > 0 ? (
        <Flex gap={4} wrap align="center" role="group" aria-label={t('videoAi.topics')}>
          <Typography.Text strong>{t('videoAi.topics')}</Typography.Text>
          {finished.topics.map((topic) => (
            <Tag key={topic}>{topic}</Tag>
          ))}
        </Flex>
      ) : null}
      {list.data?.can_manage ? <UploadOptions activityId={activityId} video={video} task={task} /> : null}
    </Flex>
  );
}

function UploadOptions({
  activityId,
  video,
  task,
}: {
  activityId: number;
  video: { id: number; name: string };
  task: VideoAiTask | undefined;
}) {
  const { t } = useTranslation('ai');
  const { message } = App.useApp();
  const status = useAiStatus();
  const credit = useMyAiCredit({ enabled: status.data?.available === true });
  const start = useStartVideoAi(activityId);
  const [parts, setParts] = useState({ caption: true, topic: true, chapter: true });
  const [generate, setGenerate] = useState(false);
  if (status.data?.available !== true) return null;
  const allOn = parts.caption && parts.topic && parts.chapter;
  const noCredit = credit.isSuccess && !hasAiCredit(credit.data);
  const running = task?.status === 'queued' || task?.status === 'processing';

  const checkbox = (
    <Checkbox
      checked={generate && allOn}
      disabled={noCredit || running}
      onChange={(e) => setGenerate(e.target.checked)}
    >
      {t('videoAi.generate')}
    </Checkbox>
  );
  return (
    <Flex vertical gap={8} role="group" aria-label={t('videoAi.options', { name: video.name })}>
      <Flex gap={16} wrap align="center">
        {(['caption', 'topic', 'chapter'] as const).map((part) => (
          <Flex key={part} gap={6} align="center">
            <Switch
              size="small"
              checked={parts[part]}
              disabled={running}
              aria-label={t(`videoAi.parts.${part}`)}
              onChange={(checked) => setParts((p) => ({ ...p, [part]: checked }))}
            />
            <Typography.Text aria-hidden>{t(`videoAi.parts.${part}`)}</Typography.Text>
          </Flex>
        ))}
        {allOn ? noCredit ? <Tooltip title={t('videoAi.noCredit')}>{checkbox}</Tooltip> : checkbox : null}
        {allOn && generate ? (
          <Button
            type="primary"
            size="small"
            icon={<RobotOutlined aria-hidden />}
            loading={start.isPending}
            disabled={noCredit || running}
            onClick={() => {
              start.mutate(
                { reference_id: video.id, ...parts },
                {
                  onSuccess: () => {
                    setGenerate(false);
                    void message.success(t('videoAi.started'));
                  },
                  onError: (error) =>
                    void message.error(isApiError(error) ? error.message : t('videoAi.failed')),
                },
              );
            }}
          >
            {t('videoAi.start')}
          </Button>
        ) : null}
        {task ? <Tag color={STATUS_COLOURS[task.status]}>{t(`videoAi.status.${task.status}`)}</Tag> : null}
      </Flex>
      {task?.status === 'failed' && task.error ? <Alert type="error" showIcon title={task.error} /> : null}
    </Flex>
  );
}
