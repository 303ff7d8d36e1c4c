import { PLAYER_VISIT_INTERVAL_SECONDS } from '@lectern/contracts/lecture-live/lecture-live-status';
import { useEffect, useRef } from 'react';

/** How long a live player waits before asking again for a playlist it could not load. */
const LIVE_RETRY_MS = 2000;

type Props = {
  src: string;
  live: boolean;
  volume: number;
  label: string;
  /** Called every 10 s while the video is actually playing. */
  onPlayingBeat: () => void;
};

/**
 * A <video> fed by HLS: through hls.js where the browser has Media Source Extensions, natively otherwise
 * (iPhones); hls.js is fetched only when a player is drawn (it is large, and most pages never play a live).
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
    let retry: ReturnType<typeof setTimeout> | undefined;
    // Native HLS (Safari on iPhones, which has no Media Source Extensions): a live playlist that failed
    // to load is asked for again.
    const playNatively = () => {
      const onError = () => {
        if (!live) return;
        clearTimeout(retry);
        retry = setTimeout(() => {
          video.src = src;
          video.load();
        }, LIVE_RETRY_MS);
      };
      video.addEventListener('error', onError);
      video.src = src;
      destroy = () => {
        clearTimeout(retry);
        video.removeEventListener('error', onError);
      };
    };
    // hls.js wherever Media Source Extensions exist, as hls.js advises: the same player and retries in
    // every desktop browser, rather than each browser's own HLS (Chromium's is new and has failed to
    // parse live segments that hls.js plays).
    void import('hls.js').then(({ default: Hls }) => {
      if (cancelled) return;
      if (!Hls.isSupported()) {
        if (video.canPlayType('application/vnd.apple.mpegurl') !== '') playNatively();
        else video.src = src;
        return;
      }
      const hls = new Hls({ liveDurationInfinity: live });
      // The live turns on when the encoder's key is accepted, a segment (2 s) before ffmpeg writes the
      // first playlist: a viewer who opens the page then may get a 404, which hls.js never retries. Load
      // again until the playlist is there; a media hiccup is recovered in place.
      hls.on(Hls.Events.ERROR, (_event, data) => {
        if (!data.fatal) return;
        if (data.type === Hls.ErrorTypes.MEDIA_ERROR) {
          hls.recoverMediaError();
        } else if (data.type === Hls.ErrorTypes.NETWORK_ERROR && live) {
          clearTimeout(retry);
          retry = setTimeout(() => hls.loadSource(src), LIVE_RETRY_MS);
        }
      });
      hls.loadSource(src);
      hls.attachMedia(video);
      destroy = () => {
        clearTimeout(retry);
        hls.destroy();
      };
    });
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
