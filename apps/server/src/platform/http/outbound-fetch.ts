import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, buildConnector, fetch as undiciFetch } from 'undici';

/**
 * Outbound calls to addresses someone other than the operator chose: an organisation administrator's
 * meeting vendor URLs (settings page), and the links a vendor's answer hands back (a replay to copy). Without
 * a check, whoever may type such a URL makes the server call into its own network: the cloud's metadata
 * service (169.254.169.254), the database, an internal admin page. As Moodle does with its blocked-hosts list,
 * only public unicast addresses are called unless the operator allows a host or range
 * (`OUTBOUND_ALLOW_HOSTS`, docs/deploy.md): a campus BigBlueButton on 10.0.0.5 is one line there.
 *
 * The check runs where the socket is opened, on the address actually connected to, so a name that resolves
 * to a public address when saved and a private one later (DNS rebinding), and a redirect to a private
 * address, are refused too.
 */
export type OutboundPolicy = {
  /** Host names, IP addresses and CIDR ranges (`10.0.0.0/8`, `fd00::/8`) called even though not public. */
  allowHosts: readonly string[];
  /**
   * URLs whose origin (host and port) is called whatever its address: the operator's own vendor URLs from
   * the environment. Only that port of that host, so a vendor on the server's own machine does not open
   * the machine's other ports (the database's) to what an administrator types.
   */
  trustedUrls?: readonly string[];
};

/** The error a refused address fails the call with (a fetch rejects with it as its `cause`). */
export class OutboundAddressRefused extends Error {
  readonly code = 'OUTBOUND_ADDRESS_REFUSED';
  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    super(
      `refused to call ${host} (${address}): not a public address; allow it with OUTBOUND_ALLOW_HOSTS if it is yours`,
    );
  }
}

type Allowance = { names: Set<string>; ranges: [ipaddr.IPv4 | ipaddr.IPv6, number][] };

function allowanceOf(policy: OutboundPolicy): Allowance {
  const names = new Set<string>();
  const ranges: Allowance['ranges'] = [];
  for (const raw of policy.allowHosts) {
    const entry = raw.trim().toLowerCase();
    if (entry === '') continue;
    if (entry.includes('/')) ranges.push(ipaddr.parseCIDR(entry));
    else if (ipaddr.isValid(entry)) {
      const address = ipaddr.process(entry);
      ranges.push([address, address.kind() === 'ipv6' ? 128 : 32]);
    } else names.add(entry.replace(/\.$/, ''));
  }
  return { names, ranges };
}

/** Whether an address may be called: public unicast, or inside a range the operator allowed. */
export function addressAllowed(address: string, allowance: Allowance): boolean {
  if (!ipaddr.isValid(address)) return false;
  // An IPv4-mapped IPv6 address (::ffff:10.0.0.1) is judged as the IPv4 address it is.
  const parsed = ipaddr.process(address);
  if (parsed.range() === 'unicast') return true;
  return allowance.ranges.some(([base, bits]) => base.kind() === parsed.kind() && parsed.match(base, bits));
}

function hostOf(hostname: string): string {
  return hostname.replace(/^\[|\]$/g, '').toLowerCase();
}

/** Host and port, the port spelled out where the scheme's default is meant. */
function originKey(protocol: string, hostname: string, port: string): string {
  return `${hostOf(hostname)}:${port || (protocol === 'https:' ? '443' : '80')}`;
}

/** The policy made ready to ask: the operator's allowances, and whether a host and port is a trusted origin. */
type Judge = Allowance & { trusts(protocol: string, hostname: string, port: string): boolean };

function judgeOf(policy: OutboundPolicy): Judge {
  const trusted = new Set(
    (policy.trustedUrls ?? []).flatMap((url) => {
      if (!URL.canParse(url)) return [];
      const { protocol, hostname, port } = new URL(url);
      return [originKey(protocol, hostname, port)];
    }),
  );
  return {
    ...allowanceOf(policy),
    trusts: (protocol, hostname, port) => trusted.has(originKey(protocol, hostname, port)),
  };
}

/** For a host given as an address (no lookup happens for one): the refused address, or null. */
function refusedLiteral(host: string, judge: Judge): string | null {
  if (isIP(host) === 0 || judge.names.has(host)) return null;
  return addressAllowed(host, judge) ? null : host;
}

/** `dns.lookup` that fails instead of answering an address the policy refuses. */
function guardedLookup(allowance: Allowance): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      if (!allowance.names.has(hostOf(hostname))) {
        // Every address must pass: the socket may try any of them (happy eyeballs).
        const refused = addresses.find((a) => !addressAllowed(a.address, allowance));
        if (refused) return callback(new OutboundAddressRefused(hostname, refused.address), '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0];
      if (!first)
        return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
      callback(null, first.address, first.family);
    });
  };
}

/**
 * A `fetch` for such calls. Requests go through an undici agent of their own whose connector checks an IP
 * literal host itself (no lookup happens for one) and every other host through the guarded lookup.
 */
export function createOutboundFetch(policy: OutboundPolicy): typeof fetch {
  const judge = judgeOf(policy);
  const connect = buildConnector({ lookup: guardedLookup(judge), timeout: 10_000 });
  const connectTrusted = buildConnector({ timeout: 10_000 });
  const agent = new Agent({
    connect: (options, callback) => {
      const host = hostOf(options.hostname);
      if (judge.trusts(options.protocol, host, options.port)) {
        connectTrusted(options, callback);
        return;
      }
      const refused = refusedLiteral(host, judge);
      if (refused !== null) {
        callback(new OutboundAddressRefused(host, refused), null);
        return;
      }
      connect(options, callback);
    },
  });
  return ((input: Parameters<typeof fetch>[0], init?: Parameters<typeof fetch>[1]) =>
    undiciFetch(input as Parameters<typeof undiciFetch>[0], {
      ...(init as Parameters<typeof undiciFetch>[1]),
      dispatcher: agent,
    })) as unknown as typeof fetch;
}

/** `OUTBOUND_ALLOW_HOSTS`: comma- or space-separated entries, each checked where the policy is built. */
export function parseAllowHosts(raw: string | undefined): string[] {
  const entries = (raw ?? '').split(/[\s,]+/).filter((entry) => entry !== '');
  for (const entry of entries) {
    const value = entry.toLowerCase();
    if (value.includes('/') && !ipaddr.isValidCIDR(value)) {
      throw new Error(`OUTBOUND_ALLOW_HOSTS: "${entry}" is not a CIDR range`);
    }
  }
  return entries;
}

/**
 * The address of `url` the policy would refuse to call, or null when it would call it (or the name does not
 * resolve now, which the call itself reports). For a settings form: the administrator learns at once that
 * an address is not reachable for Lectern, rather than from each later call failing.
 */
export async function refusedAddressOf(url: string, policy: OutboundPolicy): Promise<string | null> {
  if (!URL.canParse(url)) return null;
  const { protocol, hostname, port } = new URL(url);
  const host = hostOf(hostname);
  const judge = judgeOf(policy);
  if (judge.trusts(protocol, host, port) || judge.names.has(host)) return null;
  if (isIP(host) !== 0) return refusedLiteral(host, judge);
  const addresses = await new Promise<LookupAddress[]>((resolve) =>
    dnsLookup(host, { all: true }, (error, found) => resolve(error ? [] : found)),
  );
  return addresses.find((a) => !addressAllowed(a.address, judge))?.address ?? null;
}
