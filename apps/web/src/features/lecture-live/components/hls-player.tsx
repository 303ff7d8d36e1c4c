import { PLAYER_VISIT_INTERVAL_SECONDS } from '@lectern/contracts/lecture-live/lecture-live-status';
import { useEffect, useRef } from 'react';

/** How long a live player waits before asking again for a playlist it could not load. */
export const LIVE_RETRY_MS = 2000;
/**
 * How many times in a row it asks (a minute at LIVE_RETRY_MS): enough for ffmpeg's first playlist, and
 * for an encoder that dropped and reconnected; a stream that stays away is left alone rather than polled
 * for as long as the page is open. A successful load starts the count again.
 */
export const LIVE_MAX_RETRIES = 30;

type Props = {
  src: string;
  live: boolean;
  /** The volume once sound is on (spec 000: 0.8). */
  volume: number;
  /** The teaching team's controller_config.autoplay: start by itself, muted (browsers allow no more). */
  autoplay: boolean;
  label: string;
  /** Called every 10 s while the video is actually playing. */
  onPlayingBeat: () => void;
};

/**
 * A <video> fed by HLS: through hls.js where the browser has Media Source Extensions, natively otherwise
 * (iPhones); hls.js is fetched only when a player is drawn (it is large, and most pages never play a live).
 */
export function HlsPlayer({ src, live, volume, autoplay, label, onPlayingBeat }: Props) {
  const ref = useRef<HTMLVideoElement>(null);
  const beat = useRef(onPlayingBeat);
  useEffect(() => {
    beat.current = onPlayingBeat;
  });

  useEffect(() => {
    const video = ref.current;
    if (!video) return undefined;
    video.volume = volume;
    // Browsers let a page start a video by itself only without sound. Set on the element, not as React
    // props: React does not reflect `muted` to the DOM.
    video.muted = autoplay;
    video.autoplay = autoplay;
    let mutedForAutoplay = autoplay;
    // The first unmute after a muted autoplay gives the configured volume (a browser may have reset it);
    // later volume changes are the viewer's own.
    const onVolumeChange = () => {
      if (!mutedForAutoplay || video.muted) return;
      mutedForAutoplay = false;
      video.volume = volume;
    };
    video.addEventListener('volumechange', onVolumeChange);

    let cancelled = false;
    let destroy: (() => void) | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let retries = 0;
    /** Runs `again` after LIVE_RETRY_MS, unless the live has been asked for LIVE_MAX_RETRIES times already. */
    const retryLive = (again: () => void) => {
      if (!live || retries >= LIVE_MAX_RETRIES) return;
      retries += 1;
      clearTimeout(retry);
      retry = setTimeout(again, LIVE_RETRY_MS);
    };
    const loaded = () => {
      retries = 0;
    };
    // Native HLS (Safari on iPhones, which has no Media Source Extensions): the live turns on a segment
    // before ffmpeg writes the first playlist, so the element may meet a 404 and fire `error`; it is given
    // the playlist again, as hls.js is below.
    const playNatively = () => {
      const onError = () =>
        retryLive(() => {
          video.src = src;
          video.load();
        });
      video.addEventListener('error', onError);
      video.addEventListener('loadedmetadata', loaded);
      video.src = src;
      destroy = () => {
        clearTimeout(retry);
        video.removeEventListener('error', onError);
        video.removeEventListener('loadedmetadata', loaded);
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
      // A viewer who opens the page as the live turns on may get a 404, which hls.js never retries. Load
      // again until the playlist is there; a media hiccup is recovered in place.
      hls.on(Hls.Events.MANIFEST_PARSED, loaded);
      hls.on(Hls.Events.ERROR, (_event, data) => {
        if (!data.fatal) return;
        if (data.type === Hls.ErrorTypes.MEDIA_ERROR) {
          hls.recoverMediaError();
        } else if (data.type === Hls.ErrorTypes.NETWORK_ERROR) {
          retryLive(() => hls.loadSource(src));
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
      video.removeEventListener('volumechange', onVolumeChange);
      destroy?.();
    };
  }, [src, live, volume, autoplay]);

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
