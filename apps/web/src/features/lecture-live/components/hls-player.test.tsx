import { render, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { HlsPlayer } from './hls-player.tsx';

type Handler = (event: string, data: { fatal: boolean; type: string }) => void;

// hls.js needs Media Source Extensions, which jsdom lacks: a stand-in records what the player asks of it.
const created = vi.hoisted(() => [] as { sources: string[]; handlers: Handler[]; recovered: number }[]);
vi.mock('hls.js', () => {
  class FakeHls {
    static Events = { ERROR: 'hlsError' };
    static ErrorTypes = { NETWORK_ERROR: 'networkError', MEDIA_ERROR: 'mediaError' };
    static isSupported = () => true;
    record = { sources: [] as string[], handlers: [] as Handler[], recovered: 0 };
    constructor() {
      created.push(this.record);
    }
    on(_event: string, handler: Handler) {
      this.record.handlers.push(handler);
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
  for (const handler of created.at(-1)!.handlers) handler('hlsError', { fatal: true, type });
};

describe('the HLS player', () => {
  it('asks again for a live playlist that was not there yet, and recovers media errors', async () => {
    render(<HlsPlayer src="/live.m3u8" live volume={0.8} label="Live" onPlayingBeat={() => {}} />);
    await waitFor(() => expect(created.at(-1)?.sources).toEqual(['/live.m3u8']));
    fire('networkError');
    await waitFor(() => expect(created.at(-1)!.sources).toHaveLength(2), { timeout: 5000 });
    fire('mediaError');
    expect(created.at(-1)!.recovered).toBe(1);
  });

  it('leaves a replay that cannot load alone', async () => {
    render(
      <HlsPlayer src="/replay.m3u8" live={false} volume={0.8} label="Replay" onPlayingBeat={() => {}} />,
    );
    await waitFor(() => expect(created.at(-1)?.sources).toEqual(['/replay.m3u8']));
    fire('networkError');
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(created.at(-1)!.sources).toEqual(['/replay.m3u8']);
  });
});
