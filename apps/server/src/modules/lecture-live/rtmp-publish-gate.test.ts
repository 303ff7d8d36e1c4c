import { describe, expect, it } from 'vitest';
import { readAmf0, RtmpPublishGate } from './rtmp-publish-gate.ts';

const amfString = (s: string) => {
  const body = Buffer.from(s, 'utf8');
  const head = Buffer.alloc(3);
  head.writeUInt8(0x02, 0);
  head.writeUInt16BE(body.length, 1);
  return Buffer.concat([head, body]);
};
const amfNumber = (n: number) => {
  const b = Buffer.alloc(9);
  b.writeUInt8(0x00, 0);
  b.writeDoubleBE(n, 1);
  return b;
};

/** One AMF0 command message in type-0 then type-3 chunks of `chunkSize`. */
function command(values: Buffer[], chunkSize = 128): Buffer {
  const payload = Buffer.concat(values);
  const header = Buffer.alloc(12);
  header.writeUInt8(0x03, 0); // fmt 0, chunk stream 3
  header.writeUIntBE(0, 1, 3);
  header.writeUIntBE(payload.length, 4, 3);
  header.writeUInt8(20, 7);
  header.writeUInt32LE(1, 8);
  const parts = [header, payload.subarray(0, chunkSize)];
  for (let i = chunkSize; i < payload.length; i += chunkSize) {
    parts.push(Buffer.from([0xc3]), payload.subarray(i, i + chunkSize));
  }
  return Buffer.concat(parts);
}

const handshake = Buffer.alloc(1 + 1536 + 1536, 7);
const connect = command([amfString('connect'), amfNumber(1), amfString('x'.repeat(200))]);
const publish = (key: string) =>
  command([amfString('publish'), amfNumber(5), Buffer.from([0x05]), amfString(key), amfString('live')]);

describe('RtmpPublishGate', () => {
  it('passes the handshake and commands, then accepts the right key with the publish itself', () => {
    const gate = new RtmpPublishGate('secret');
    const stream = Buffer.concat([handshake, connect, publish('secret'), Buffer.from('media')]);
    const out: Buffer[] = [];
    // Bytes arrive in odd pieces, as TCP delivers them.
    for (let i = 0; i < stream.length; i += 97) out.push(gate.push(stream.subarray(i, i + 97)));
    expect(gate.current()).toEqual({ kind: 'accepted' });
    expect(Buffer.concat(out).equals(stream)).toBe(true);
  });

  it('refuses a wrong key without forwarding the publish, and accepts a query after the key', () => {
    const gate = new RtmpPublishGate('secret');
    const out = gate.push(Buffer.concat([handshake, connect, publish('guess')]));
    expect(gate.current()).toMatchObject({ kind: 'refused', reason: 'wrong stream key' });
    expect(out.length).toBe(handshake.length + connect.length);
    const withQuery = new RtmpPublishGate('secret');
    withQuery.push(Buffer.concat([handshake, publish('secret?token=1')]));
    expect(withQuery.current().kind).toBe('accepted');
  });

  it('gives up on a client that never publishes', () => {
    const gate = new RtmpPublishGate('secret');
    gate.push(handshake);
    for (let i = 0; i < 400 && gate.current().kind === 'pending'; i += 1) gate.push(connect);
    expect(gate.current()).toMatchObject({ kind: 'refused', reason: 'no publish command' });
  });

  it('reads AMF0 values', () => {
    expect(readAmf0(Buffer.concat([amfString('publish'), amfNumber(2), Buffer.from([0x05])]), 5)).toEqual([
      'publish',
      2,
      null,
    ]);
  });
});
