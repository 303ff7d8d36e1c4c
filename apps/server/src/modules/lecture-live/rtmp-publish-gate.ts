/**
 * Reads the start of an RTMP publisher's byte stream (handshake, then chunks) far enough to find its
 * `publish` command, so the ingest proxy can refuse a wrong stream key before ffmpeg sees the stream.
 * ffmpeg's own RTMP listener accepts any stream name, so the key is checked here.
 *
 * `push` takes client bytes and returns those that may go on to ffmpeg now; a `publish` message is held
 * back until its name is judged. After the verdict the caller pipes the rest untouched.
 */
const HANDSHAKE_BYTES = 1 + 1536 + 1536;
const MAX_PREAMBLE_BYTES = 64 * 1024;

type ChunkStreamState = {
  length: number;
  type: number;
  received: number;
  payload: Buffer[];
  /** The last full header carried an extended timestamp, so type-3 chunks do too. */
  extended: boolean;
};

export type GateVerdict = { kind: 'pending' } | { kind: 'accepted' } | { kind: 'refused'; reason: string };

export class RtmpPublishGate {
  private buffered = Buffer.alloc(0);
  private seen = 0;
  private chunkSize = 128;
  private readonly streams = new Map<number, ChunkStreamState>();
  verdict: GateVerdict = { kind: 'pending' };

  constructor(private readonly expectedKey: string) {}

  /** The verdict as it stands (a method, so readers do not keep a stale narrowing). */
  current(): GateVerdict {
    return this.verdict;
  }

  /** Bytes that may be forwarded now; once the verdict is in, the caller stops calling this. */
  push(data: Buffer): Buffer {
    if (this.verdict.kind !== 'pending') return data;
    this.buffered = Buffer.concat([this.buffered, data]);
    const out: Buffer[] = [];
    // The handshake passes through: ffmpeg checks it against what it sent itself.
    if (this.seen < HANDSHAKE_BYTES) {
      const take = Math.min(HANDSHAKE_BYTES - this.seen, this.buffered.length);
      out.push(this.buffered.subarray(0, take));
      this.buffered = this.buffered.subarray(take);
      this.seen += take;
    }
    while (this.verdict.kind === 'pending' && this.seen >= HANDSHAKE_BYTES) {
      const chunk = this.readChunk();
      if (!chunk) break;
      this.seen += chunk.bytes.length;
      if (chunk.message && this.judge(chunk.message)) {
        // A publish with the right key: it and everything after it go through.
        out.push(chunk.bytes, this.buffered);
        this.buffered = Buffer.alloc(0);
        break;
      }
      if (this.current().kind === 'refused') break;
      out.push(chunk.bytes);
    }
    if (this.verdict.kind === 'pending' && this.seen > MAX_PREAMBLE_BYTES) {
      this.verdict = { kind: 'refused', reason: 'no publish command' };
    }
    return Buffer.concat(out);
  }

  /** One whole chunk from the buffer, with the message it completes; null when more bytes are needed. */
  private readChunk(): { bytes: Buffer; message?: { type: number; payload: Buffer } } | null {
    const b = this.buffered;
    if (b.length < 1) return null;
    const fmt = b.readUInt8(0) >> 6;
    let csid = b.readUInt8(0) & 0x3f;
    let offset = 1;
    if (csid === 0) {
      if (b.length < 2) return null;
      csid = b.readUInt8(1) + 64;
      offset = 2;
    } else if (csid === 1) {
      if (b.length < 3) return null;
      csid = b.readUInt8(1) + b.readUInt8(2) * 256 + 64;
      offset = 3;
    }
    const headerLength = fmt === 0 ? 11 : fmt === 1 ? 7 : fmt === 2 ? 3 : 0;
    if (b.length < offset + headerLength) return null;
    const state = this.streams.get(csid) ?? { length: 0, type: 0, received: 0, payload: [], extended: false };
    let timestamp = 0;
    if (fmt <= 2) timestamp = b.readUIntBE(offset, 3);
    const fresh = state.received === 0;
    let length = state.length;
    let type = state.type;
    if (fmt <= 1) {
      length = b.readUIntBE(offset + 3, 3);
      type = b.readUInt8(offset + 6);
    }
    offset += headerLength;
    const extended = fmt <= 2 ? timestamp === 0xffffff : state.extended;
    if (extended) {
      if (b.length < offset + 4) return null;
      offset += 4;
    }
    const remaining = length - (fresh ? 0 : state.received);
    const take = Math.min(this.chunkSize, remaining);
    if (b.length < offset + take) return null;
    const payload = b.subarray(offset, offset + take);
    const bytes = b.subarray(0, offset + take);
    this.buffered = b.subarray(offset + take);
    const next: ChunkStreamState = {
      length,
      type,
      extended,
      received: (fresh ? 0 : state.received) + take,
      payload: fresh ? [payload] : [...state.payload, payload],
    };
    if (next.received >= length) {
      this.streams.set(csid, { length, type, received: 0, payload: [], extended });
      const message = { type, payload: Buffer.concat(next.payload) };
      if (type === 1 && message.payload.length >= 4)
        this.chunkSize = message.payload.readUInt32BE(0) & 0x7fffffff;
      return { bytes: Buffer.from(bytes), message };
    }
    this.streams.set(csid, next);
    return { bytes: Buffer.from(bytes) };
  }

  /** True when the message is a publish with the expected key; a wrong key sets the refusal. */
  private judge(message: { type: number; payload: Buffer }): boolean {
    // 20: AMF0 command; 17: AMF3 command (one format byte, then AMF0).
    if (message.type !== 20 && message.type !== 17) return false;
    const values = readAmf0(message.type === 17 ? message.payload.subarray(1) : message.payload, 4);
    if (values[0] !== 'publish') return false;
    const name = typeof values[3] === 'string' ? values[3].split('?')[0] : undefined;
    if (name === this.expectedKey) {
      this.verdict = { kind: 'accepted' };
      return true;
    }
    this.verdict = { kind: 'refused', reason: 'wrong stream key' };
    return false;
  }
}

/** The first `max` AMF0 values (strings, numbers, booleans, null; anything else ends the read). */
export function readAmf0(buffer: Buffer, max: number): unknown[] {
  const values: unknown[] = [];
  let i = 0;
  while (i < buffer.length && values.length < max) {
    const marker = buffer.readUInt8(i);
    i += 1;
    if (marker === 0x00) {
      if (i + 8 > buffer.length) break;
      values.push(buffer.readDoubleBE(i));
      i += 8;
    } else if (marker === 0x01) {
      values.push(buffer.readUInt8(i) !== 0);
      i += 1;
    } else if (marker === 0x02) {
      if (i + 2 > buffer.length) break;
      const n = buffer.readUInt16BE(i);
      values.push(buffer.subarray(i + 2, i + 2 + n).toString('utf8'));
      i += 2 + n;
    } else if (marker === 0x05 || marker === 0x06) {
      values.push(null);
    } else {
      break;
    }
  }
  return values;
}
