import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HlsPlayer, LIVE_MAX_RETRIES, LIVE_RETRY_MS } from './hls-player.tsx';

type Handler = (event: string, data: { fatal: boolean; type: string }) => void;

// hls.js needs Media Source Extensions, which jsdom lacks: a stand-in records what the player asks of it.
// `support.hls` false is a browser without them (Safari on iPhones), where the video element plays HLS.
const created = vi.hoisted(
  () => [] as { sources: string[]; handlers: Map<string, Handler[]>; recovered: number }[],
);
const support = vi.hoisted(() => ({ hls: true }));
vi.mock('hls.js', () => {
  class FakeHls {
    static Events = { ERROR: 'hlsError', MANIFEST_PARSED: 'hlsManifestParsed' };
    static ErrorTypes = { NETWORK_ERROR: 'networkError', MEDIA_ERROR: 'mediaError' };
    static isSupported = () => support.hls;
    record = { sources: [] as string[], handlers: new Map<string, Handler[]>(), recovered: 0 };
    constructor() {
      created.push(this.record);
    }
    on(event: string, handler: Handler) {
      this.record.handlers.set(event, [...(this.record.handlers.get(event) ?? []), handler]);
    }
    loadSource(src: string) {
      this.record.sources.push(src);
    }
    attachMedia() {}
    recoverMediaError() {
      this.record.recovered += 1;
    }
    destroy() {}
  }
  return { default: FakeHls };
});

const fire = (type: string) => {
  for (const handler of created.at(-1)!.handlers.get('hlsError') ?? [])
    handler('hlsError', { fatal: true, type });
};

const video = () => screen.getByTestId('lecture-live-video') as HTMLVideoElement;

afterEach(() => {
  support.hls = true;
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the HLS player (hls.js)', () => {
  it('asks again for a live playlist that was not there yet, and recovers media errors', async () => {
    render(<HlsPlayer src="/live.m3u8" live volume={0.8} autoplay label="Live" onPlayingBeat={() => {}} />);
    await waitFor(() => expect(created.at(-1)?.sources).toEqual(['/live.m3u8']));
    fire('networkError');
    await waitFor(() => expect(created.at(-1)!.sources).toHaveLength(2), { timeout: 5000 });
    fire('mediaError');
    expect(created.at(-1)!.recovered).toBe(1);
  });

  it('leaves a replay that cannot load alone', async () => {
    render(
      <HlsPlayer
        src="/replay.m3u8"
        live={false}
        volume={0.8}
        autoplay
        label="Replay"
        onPlayingBeat={() => {}}
      />,
    );
    await waitFor(() => expect(created.at(-1)?.sources).toEqual(['/replay.m3u8']));
    fire('networkError');
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(created.at(-1)!.sources).toEqual(['/replay.m3u8']);
  });
});

describe('the HLS player (native HLS, Safari on iPhones)', () => {
  /** A browser without Media Source Extensions whose video element says it may play HLS. */
  async function renderNative(live: boolean) {
    support.hls = false;
    vi.useFakeTimers();
    const canPlay = vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('maybe');
    const load = vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
    const before = created.length;
    render(
      <HlsPlayer src="/live.m3u8" live={live} volume={0.8} autoplay label="Live" onPlayingBeat={() => {}} />,
    );
    await act(async () => {
      await vi.dynamicImportSettled();
    });
    // The element is given the playlist itself; hls.js is not used.
    expect(created.length).toBe(before);
    expect(canPlay).toHaveBeenCalledWith('application/vnd.apple.mpegurl');
    expect(video().getAttribute('src')).toBe('/live.m3u8');
    return load;
  }

  const failToLoad = async () => {
    fireEvent(video(), new Event('error'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(LIVE_RETRY_MS);
    });
  };

  it('gives the element the live playlist again a little after it failed to load', async () => {
    const load = await renderNative(true);
    fireEvent(video(), new Event('error'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(LIVE_RETRY_MS - 100);
    });
    expect(load).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    expect(load).toHaveBeenCalledTimes(1);
    expect(video().getAttribute('src')).toBe('/live.m3u8');
    await failToLoad();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('stops after LIVE_MAX_RETRIES failures in a row, and counts again once the playlist loaded', async () => {
    const load = await renderNative(true);
    for (let i = 0; i < LIVE_MAX_RETRIES + 5; i += 1) await failToLoad();
    expect(load).toHaveBeenCalledTimes(LIVE_MAX_RETRIES);
    // The stream came back (the viewer pressed play): a later drop is retried again.
    fireEvent(video(), new Event('loadedmetadata'));
    await failToLoad();
    expect(load).toHaveBeenCalledTimes(LIVE_MAX_RETRIES + 1);
  });

  it('leaves a replay that cannot load alone', async () => {
    const load = await renderNative(false);
    await failToLoad();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(LIVE_RETRY_MS * 3);
    });
    expect(load).not.toHaveBeenCalled();
  });
});

describe('autoplay (controller_config.autoplay)', () => {
  it('starts muted, and gives the configured volume on the first unmute only', async () => {
    render(<HlsPlayer src="/live.m3u8" live volume={0.8} autoplay label="Live" onPlayingBeat={() => {}} />);
    await waitFor(() => expect(created.at(-1)?.sources).toEqual(['/live.m3u8']));
    const element = video();
    expect(element.autoplay).toBe(true);
    expect(element.muted).toBe(true);
    // A browser may report full volume after a muted start: the viewer's unmute brings 0.8.
    element.volume = 1;
    element.muted = false;
    fireEvent(element, new Event('volumechange'));
    expect(element.volume).toBe(0.8);
    // Afterwards the volume is the viewer's.
    element.volume = 0.3;
    fireEvent(element, new Event('volumechange'));
    expect(element.volume).toBe(0.3);
  });

  it('waits for the viewer when autoplay is off, with sound at 0.8', async () => {
    render(
      <HlsPlayer src="/live.m3u8" live volume={0.8} autoplay={false} label="Live" onPlayingBeat={() => {}} />,
    );
    await waitFor(() => expect(created.at(-1)?.sources).toEqual(['/live.m3u8']));
    expect(video().autoplay).toBe(false);
    expect(video().muted).toBe(false);
    expect(video().volume).toBe(0.8);
  });
});
