import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import ipaddr from 'ipaddr.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import {
  OutboundAddressRefused,
  addressAllowed,
  createOutboundFetch,
  parseAllowHosts,
} from './outbound-fetch.ts';

let server: Server;
let port: number;
let hits: string[];

beforeAll(async () => {
  hits = [];
  server = createServer((req, res) => {
    hits.push(req.url ?? '');
    if (req.url?.startsWith('/redirect')) {
      const to = new URL(req.url, 'http://x').searchParams.get('to') ?? '/';
      res.writeHead(302, { location: to }).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/plain' }).end('inside');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

/** The reason a guarded call failed: fetch rejects with a TypeError whose cause is the refusal. */
async function refusal(call: Promise<Response>): Promise<unknown> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Error);
  return (error as Error & { cause?: unknown }).cause;
}

describe('the outbound policy', () => {
  it('refuses loopback by address and by name, and the request never arrives', async () => {
    const guarded = createOutboundFetch({ allowHosts: [] });
    const before = hits.length;
    expect(await refusal(guarded(`http://127.0.0.1:${port}/a`))).toBeInstanceOf(OutboundAddressRefused);
    expect(await refusal(guarded(`http://localhost:${port}/b`))).toBeInstanceOf(OutboundAddressRefused);
    expect(await refusal(guarded(`http://[::1]:${port}/c`))).toBeInstanceOf(OutboundAddressRefused);
    // The cloud's metadata service: refused before any packet leaves.
    expect(await refusal(guarded('http://169.254.169.254/latest/meta-data/'))).toBeInstanceOf(
      OutboundAddressRefused,
    );
    expect(hits.length).toBe(before);
  });

  it('calls what the operator allowed: an address, a range, or a host name', async () => {
    for (const allowHosts of [['127.0.0.1'], ['127.0.0.0/8'], ['localhost', '::1', '127.0.0.1']]) {
      const guarded = createOutboundFetch({ allowHosts });
      const url =
        allowHosts[0] === 'localhost' ? `http://localhost:${port}/ok` : `http://127.0.0.1:${port}/ok`;
      const response = await guarded(url);
      expect(response.status).toBe(200);
      expect(await response.text()).toBe('inside');
    }
  });

  it("calls a trusted vendor URL on its own port only, not the same machine's other ports", async () => {
    const guarded = createOutboundFetch({ allowHosts: [], trustedUrls: [`http://127.0.0.1:${port}/api`] });
    expect((await guarded(`http://127.0.0.1:${port}/recording.mp4`)).status).toBe(200);
    expect(await refusal(guarded(`http://127.0.0.1:${port + 1}/`))).toBeInstanceOf(OutboundAddressRefused);
  });

  it('refuses a redirect from an allowed host to a refused address', async () => {
    const guarded = createOutboundFetch({ allowHosts: ['localhost'] });
    const before = hits.length;
    const to = encodeURIComponent(`http://127.0.0.1:${port}/secret`);
    expect(await refusal(guarded(`http://localhost:${port}/redirect?to=${to}`))).toBeInstanceOf(
      OutboundAddressRefused,
    );
    expect(hits.slice(before)).toEqual([`/redirect?to=${to}`]);
  });

  it('judges addresses: only public unicast passes unless a range allows it', () => {
    const none = { names: new Set<string>(), ranges: [] };
    expect(addressAllowed('93.184.216.34', none)).toBe(true);
    expect(addressAllowed('2606:2800:220:1:248:1893:25c8:1946', none)).toBe(true);
    for (const address of [
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '100.64.0.1',
      '0.0.0.0',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:10.0.0.1',
      '::ffff:127.0.0.1',
      '224.0.0.1',
    ]) {
      expect(addressAllowed(address, none), address).toBe(false);
    }
    const campus = { names: new Set<string>(), ranges: [ipaddr.parseCIDR('10.0.0.0/8')] };
    expect(addressAllowed('10.20.30.40', campus)).toBe(true);
    expect(addressAllowed('::ffff:10.20.30.40', campus)).toBe(true);
    expect(addressAllowed('192.168.0.1', campus)).toBe(false);
  });

  it('reads OUTBOUND_ALLOW_HOSTS, and refuses a malformed range at start', () => {
    expect(parseAllowHosts('10.0.0.0/8, bbb.campus.internal 192.168.1.5')).toEqual([
      '10.0.0.0/8',
      'bbb.campus.internal',
      '192.168.1.5',
    ]);
    expect(parseAllowHosts(undefined)).toEqual([]);
    const base = {
      NODE_ENV: 'test',
      DATA_DIR: '/tmp/lectern-outbound-config',
      SESSION_SECRET: 'x'.repeat(64),
    };
    expect(loadConfig({ ...base, OUTBOUND_ALLOW_HOSTS: '10.0.0.0/8' }).outboundAllowHosts).toEqual([
      '10.0.0.0/8',
    ]);
    expect(() => loadConfig({ ...base, OUTBOUND_ALLOW_HOSTS: '10.0.0.0/99' })).toThrow(
      /OUTBOUND_ALLOW_HOSTS/,
    );
  });
});
