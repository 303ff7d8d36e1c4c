import { PLAYER_VISIT_INTERVAL_SECONDS } from '@lectern/contracts/lecture-live/lecture-live-status';
import { useEffect, useRef } from 'react';

type Props = {
  src: string;
  live: boolean;
  volume: number;
  label: string;
  /** Called every 10 s while the video is actually playing. */
  onPlayingBeat: () => void;
};

/**
 * A <video> fed by HLS: natively where the browser plays HLS, otherwise through hls.js, which is fetched
 * only when a player is drawn (it is large, and most pages never play a live).
 */
export function HlsPlayer({ src, live, volume, label, onPlayingBeat }: Props) {
  const ref = useRef<HTMLVideoElement>(null);
  const beat = useRef(onPlayingBeat);
  useEffect(() => {
    beat.current = onPlayingBeat;
  });

  useEffect(() => {
    const video = ref.current;
    if (!video) return undefined;
    video.volume = volume;
    let cancelled = false;
    let destroy: (() => void) | undefined;
    if (video.canPlayType('application/vnd.apple.mpegurl') !== '') {
      video.src = src;
    } else {
      void import('hls.js').then(({ default: Hls }) => {
        if (cancelled) return;
        if (!Hls.isSupported()) {
          video.src = src;
          return;
        }
        const hls = new Hls({ liveDurationInfinity: live });
        hls.loadSource(src);
        hls.attachMedia(video);
        destroy = () => hls.destroy();
      });
    }
    return () => {
      cancelled = true;
      destroy?.();
    };
  }, [src, live, volume]);

  useEffect(() => {
    const timer = setInterval(() => {
      const video = ref.current;
      if (video && !video.paused && !video.ended) beat.current();
    }, PLAYER_VISIT_INTERVAL_SECONDS * 1000);
    return () => clearInterval(timer);
  }, []);

  return (
    <video
      ref={ref}
      controls
      playsInline
      aria-label={label}
      data-testid="lecture-live-video"
      style={{ width: '100%', maxHeight: 480, background: '#000', borderRadius: 8 }}
    />
  );
}
