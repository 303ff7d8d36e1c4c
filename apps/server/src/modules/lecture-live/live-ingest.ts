import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { AppContext } from '../../platform/app-context.ts';
import { ffmpegInstalled, listenerArgs, liveDir, liveHlsDir } from './live-media.ts';
import { RtmpPublishGate } from './rtmp-publish-gate.ts';
import type { LectureLiveRepository } from './lecture-live.repository.ts';

export type IngestEvents = {
  /** The encoder's key was right and ffmpeg is writing the live playlist. */
  onPublish(activityId: number): Promise<void>;
  /** The stream stopped; `recordingFile` (relative to the lecture's folder) holds what was sent. */
  onEnded(activityId: number, recordingFile: string): Promise<void>;
};

export type LiveIngest = {
  /** The public RTMP port of an activity's listener, after making sure it runs; null when ingest is off. */
  portFor(activityId: number): Promise<number | null>;
  /** Closes the encoder connection of an activity (its key was changed). */
  disconnect(activityId: number): void;
  start(): Promise<void>;
  stop(): Promise<void>;
};

type Session = { socket: net.Socket; ffmpeg: ChildProcess; published: boolean };

const RECONCILE_MS = 15_000;

/** A free port on the loopback interface for one ffmpeg listener. */
function freeLocalPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function connectWithRetry(port: number, deadline: number): Promise<net.Socket> {
  for (;;) {
    try {
      return await new Promise<net.Socket>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1');
        socket.once('connect', () => resolve(socket));
        socket.once('error', reject);
      });
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/**
 * RTMP ingest: one public port per lecture live (from LIVE_RTMP_PORT), each a small proxy in this process.
 * A connection starts an ffmpeg listener on a loopback port and is piped to it once its `publish` names
 * the activity's stream key (checked by RtmpPublishGate; a wrong key is cut off before ffmpeg gets a
 * frame). ffmpeg copies the stream into live HLS and a recording; no idle ffmpeg waits for encoders.
 * One encoder per lecture at a time. Runs in the process that has LIVE_RTMP_PORT set.
 */
export function createLiveIngest(
  ctx: AppContext,
  repo: LectureLiveRepository,
  events: IngestEvents,
): LiveIngest {
  const { config, log } = ctx;
  const base = config.live.rtmpPort;
  const servers = new Map<number, { server: net.Server; port: number }>();
  const sessions = new Map<number, Session>();
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let reconciling: Promise<void> | undefined;

  async function handle(activityId: number, client: net.Socket): Promise<void> {
    if (sessions.has(activityId)) {
      client.destroy();
      return;
    }
    const row = await repo.find(activityId);
    if (!row) {
      client.destroy();
      return;
    }
    const localPort = await freeLocalPort();
    const hlsDir = liveHlsDir(config, activityId);
    rmSync(hlsDir, { recursive: true, force: true });
    mkdirSync(hlsDir, { recursive: true });
    const recordingFile = `recording-${Date.now()}.ts`;
    const ffmpeg = spawn(
      config.live.ffmpegPath,
      listenerArgs({
        port: localPort,
        streamKey: row.streamKey,
        hlsDir,
        recordingPath: path.join(liveDir(config, activityId), recordingFile),
      }).map((arg) => arg.replace('rtmp://0.0.0.0:', 'rtmp://127.0.0.1:')),
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    const session: Session = { socket: client, ffmpeg, published: false };
    sessions.set(activityId, session);
    let stderr = '';
    ffmpeg.stderr?.on('data', (d: Buffer) => {
      stderr = (stderr + d.toString()).slice(-4000);
    });
    client.pause();
    ffmpeg.once('exit', (code) => {
      sessions.delete(activityId);
      client.destroy();
      if (!session.published) return;
      log.info({ activityId, code }, 'lecture live stream ended');
      events
        .onEnded(activityId, recordingFile)
        .catch((error: unknown) => log.error({ err: error, activityId }, 'lecture live end not recorded'));
    });
    let upstream: net.Socket;
    try {
      upstream = await connectWithRetry(localPort, Date.now() + 5000);
    } catch (error) {
      log.warn({ err: error, activityId, stderr }, 'ffmpeg listener did not start');
      ffmpeg.kill('SIGKILL');
      return;
    }
    const gate = new RtmpPublishGate(row.streamKey);
    upstream.on('data', (d: Buffer) => client.write(d));
    upstream.on('error', () => client.destroy());
    upstream.on('close', () => client.destroy());
    client.on('error', () => upstream.destroy());
    // The encoder hanging up ends the input: ffmpeg finishes the playlist and the recording and exits.
    client.on('close', () => upstream.end());
    client.on('data', (d: Buffer) => {
      if (gate.verdict.kind === 'accepted') {
        upstream.write(d);
        return;
      }
      const pass = gate.push(d);
      if (pass.length > 0) upstream.write(pass);
      const verdict = gate.current();
      if (verdict.kind === 'refused') {
        log.warn({ activityId, reason: verdict.reason }, 'rtmp publish refused');
        client.destroy();
        upstream.destroy();
        ffmpeg.kill('SIGKILL');
      } else if (verdict.kind === 'accepted' && !session.published) {
        session.published = true;
        events
          .onPublish(activityId)
          .catch((error: unknown) =>
            log.error({ err: error, activityId }, 'lecture live start not recorded'),
          );
      }
    });
    client.resume();
  }

  function listen(activityId: number, port: number): Promise<boolean> {
    return new Promise((resolve) => {
      const server = net.createServer((socket) => {
        socket.on('error', () => {});
        handle(activityId, socket).catch((error: unknown) => {
          log.error({ err: error, activityId }, 'rtmp connection failed');
          socket.destroy();
        });
      });
      server.once('error', (error) => {
        log.warn({ err: error, activityId, port }, 'rtmp port unavailable');
        resolve(false);
      });
      server.listen(port, config.host, () => {
        servers.set(activityId, { server, port });
        resolve(true);
      });
    });
  }

  async function reconcileOnce(): Promise<void> {
    if (base === undefined || !running) return;
    for (const id of await repo.withoutIngest()) await repo.ensure(id);
    const wanted = await repo.listenable();
    const wantedIds = new Set(wanted.map((w) => w.id));
    for (const [id, { server }] of servers) {
      if (!wantedIds.has(id) && !sessions.has(id)) {
        server.close();
        servers.delete(id);
        await repo.setIngestPort(id, null);
      }
    }
    const used = new Set([...servers.values()].map((s) => s.port));
    for (const live of wanted) {
      // A stream this process is not serving was cut off by a restart: close it, keep its recording.
      if (live.streamState === 'publishing' && !sessions.has(live.id)) {
        await repo.setStreamState(live.id, 'ended');
      }
      if (servers.has(live.id)) continue;
      const inPool = (p: number | null): p is number =>
        p !== null && p >= base && p < base + config.live.rtmpPorts && !used.has(p);
      const candidates = inPool(live.ingestPort) ? [live.ingestPort] : [];
      for (let p = base; p < base + config.live.rtmpPorts; p += 1) if (inPool(p)) candidates.push(p);
      let bound: number | null = null;
      for (const port of candidates) {
        if (await listen(live.id, port)) {
          bound = port;
          break;
        }
        used.add(port);
      }
      if (bound === null) {
        log.warn({ activityId: live.id }, 'no free rtmp port for lecture live');
        continue;
      }
      used.add(bound);
      if (bound !== live.ingestPort) await repo.setIngestPort(live.id, bound);
    }
  }

  function reconcile(): Promise<void> {
    reconciling ??= reconcileOnce()
      .catch((error: unknown) => log.error({ err: error }, 'rtmp ingest reconcile failed'))
      .finally(() => {
        reconciling = undefined;
      });
    return reconciling;
  }

  return {
    async portFor(activityId) {
      if (base === undefined || !running) return null;
      if (!servers.has(activityId)) await reconcile();
      // A reconcile already under way may have started before this activity existed.
      if (!servers.has(activityId)) await reconcile();
      return servers.get(activityId)?.port ?? null;
    },
    disconnect(activityId) {
      const session = sessions.get(activityId);
      session?.socket.destroy();
    },
    async start() {
      if (base === undefined || running) return;
      if (!(await ffmpegInstalled(config.live.ffmpegPath))) {
        log.warn('LIVE_RTMP_PORT is set but ffmpeg is not installed: lecture lives are off');
        return;
      }
      running = true;
      await reconcile();
      timer = setInterval(() => void reconcile(), RECONCILE_MS);
      timer.unref();
    },
    async stop() {
      running = false;
      if (timer) clearInterval(timer);
      await reconciling;
      for (const session of sessions.values()) {
        session.socket.destroy();
      }
      await Promise.all(
        [...sessions.values()].map(
          (s) =>
            new Promise<void>((resolve) =>
              s.ffmpeg.exitCode !== null ? resolve() : s.ffmpeg.once('exit', () => resolve()),
            ),
        ),
      );
      await Promise.all(
        [...servers.values()].map(
          ({ server }) => new Promise<void>((resolve) => server.close(() => resolve())),
        ),
      );
      servers.clear();
    },
  };
}
