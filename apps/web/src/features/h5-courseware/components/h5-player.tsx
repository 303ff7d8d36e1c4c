import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Spin, Tag, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useH5Url } from '../api/get-h5-url.ts';
import { useH5State, useSaveH5State } from '../api/h5-state.ts';
import { bridgeMessageFrom, encodeCmiState, latestOnlyQueue } from './scorm-bridge.ts';

/** The iframe attribute the spec gives; the server's CSP sandbox takes allow-same-origin away again. */
export const H5_FRAME_SANDBOX = 'allow-forms allow-popups allow-scripts allow-same-origin allow-modals';

type Props = {
  activityId: number;
  uploadId: number;
  title: string;
  /** Students' commits are saved; the teaching team previews without leaving a trace. */
  learner: boolean;
};

/** The sandboxed frame of one package, its full-screen toggle and, for learners, their progress. */
export function H5Player({ activityId, uploadId, title, learner }: Props) {
  const { t } = useTranslation('h5-courseware');
  const url = useH5Url(activityId, uploadId);
  const state = useH5State(activityId, uploadId, learner);
  const save = useSaveH5State(activityId, uploadId);
  const frame = useRef<HTMLIFrameElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const [full, setFull] = useState(false);
  const { mutateAsync } = save;
  const offer = useMemo(() => latestOnlyQueue((base64: string) => mutateAsync(base64)), [mutateAsync]);

  useEffect(() => {
    if (!learner) return undefined;
    const onMessage = (event: MessageEvent) => {
      const message = bridgeMessageFrom(event, frame.current?.contentWindow);
      if (message) offer(encodeCmiState(message));
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [learner, offer]);

  useEffect(() => {
    const onChange = () => setFull(document.fullscreenElement === box.current && box.current !== null);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const toggleFull = async () => {
    const element = box.current;
    if (!element) return;
    if (document.fullscreenElement) {
      await document.exitFullscreen();
      return;
    }
    // Browsers without the Fullscreen API (older iOS) get the frame stretched over the page instead.
    if (typeof element.requestFullscreen === 'function') {
      try {
        await element.requestFullscreen();
        return;
      } catch {
        // Refused (not from a click, or disallowed): fall back to the stretched frame.
      }
    }
    setFull((value) => !value);
  };

  if (url.isError) {
    return <Alert type="error" showIcon title={url.error.message} />;
  }
  const progress = state.data;
  return (
    <Flex vertical gap={8}>
      <Flex gap={8} wrap align="center" justify="space-between">
        <Flex gap={8} wrap align="center">
          {learner && progress ? (
            <>
              <Tag color={progress.completed ? 'green' : undefined}>
                {progress.completed ? t('player.completed') : t('player.notCompleted')}
              </Tag>
              <Typography.Text type="secondary">
                {t('player.progress', { percent: progress.progress })}
              </Typography.Text>
              {progress.score_percent !== null ? (
                <Typography.Text type="secondary">
                  {t('player.score', { score: progress.score_percent })}
                </Typography.Text>
              ) : null}
            </>
          ) : null}
          {learner && save.isError ? (
            <Typography.Text type="danger" role="alert">
              {t('player.notSaved')}
            </Typography.Text>
          ) : null}
        </Flex>
        <Button
          icon={full ? <FullscreenExitOutlined aria-hidden /> : <FullscreenOutlined aria-hidden />}
          onClick={() => void toggleFull()}
        >
          {full ? t('player.exitFullScreen') : t('player.fullScreen')}
        </Button>
      </Flex>
      <div
        ref={box}
        className="h5-player-frame"
        style={
          full
            ? { position: 'fixed', inset: 0, zIndex: 1000, background: '#fff' }
            : { position: 'relative', width: '100%', height: 'min(75vh, 720px)', minHeight: 360 }
        }
      >
        {full ? (
          <Button
            style={{ position: 'absolute', top: 8, right: 8, zIndex: 1 }}
            icon={<FullscreenExitOutlined aria-hidden />}
            onClick={() => void toggleFull()}
            aria-label={t('player.exitFullScreen')}
          />
        ) : null}
        {url.data ? (
          <iframe
            ref={frame}
            src={url.data.url}
            title={title}
            sandbox={H5_FRAME_SANDBOX}
            allow="fullscreen"
            style={{ width: '100%', height: '100%', border: '1px solid #f0f0f0', borderRadius: 8 }}
          />
        ) : (
          <Flex align="center" justify="center" style={{ height: '100%' }}>
            <Spin />
          </Flex>
        )}
      </div>
    </Flex>
  );
}
