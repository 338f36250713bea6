import { BlockList, isIP } from 'node:net';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv, TrustedProxies } from './context.ts';
import { currentOrigin } from './request-origin.ts';

const NONE: TrustedProxies = { has: () => false };

/** An address as Node reports it, without an IPv4-mapped prefix or an IPv6 zone. */
export function plainAddress(address: string): string {
  const unzoned = address.split('%')[0] ?? address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(unzoned);
  return mapped?.[1] ?? unzoned;
}

/** One TRUST_PROXY entry (an address or a CIDR range) as address, prefix and family; null when malformed. */
export function proxyRange(entry: string) {
  const [rawAddress = '', prefixText, ...rest] = entry.trim().split('/');
  const address = plainAddress(rawAddress);
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return null;
  const bits = family === 4 ? 32 : 128;
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return null;
  const prefix = prefixText === undefined ? bits : Number(prefixText);
  if (prefix > bits) return null;
  return { address, prefix, family: family === 4 ? ('ipv4' as const) : ('ipv6' as const) };
}

/** The proxies named by TRUST_PROXY's entries (already checked by the configuration). */
export function trustedProxies(entries: readonly string[]): TrustedProxies {
  if (entries.length === 0) return NONE;
  const list = new BlockList();
  for (const entry of entries) {
    const range = proxyRange(entry);
    if (!range) throw new Error(`not an address or CIDR range: ${entry}`);
    list.addSubnet(range.address, range.prefix, range.family);
  }
  return {
    has(address) {
      const plain = plainAddress(address);
      const family = isIP(plain);
      return family !== 0 && list.check(plain, family === 4 ? 'ipv4' : 'ipv6');
    },
  };
}

/** Puts the trusted proxies on every request, for the helpers below. */
export function forwardingTrust(proxies: TrustedProxies = NONE): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('trustedProxies', proxies);
    // requirements#staff-security-events: the audit log's "from where" for this request
    const origin = currentOrigin();
    if (origin) origin.ip = clientIp(c);
    await next();
  };
}

/** The socket's peer; undefined for a request made in-process with no connection (tests). */
function peerOf(c: Context): string | undefined {
  const env: unknown = c.env;
  if (!env || typeof env !== 'object' || !('incoming' in env)) return undefined;
  const incoming = env.incoming as { socket?: { remoteAddress?: string } } | undefined;
  const address = incoming?.socket?.remoteAddress;
  return address === undefined ? undefined : plainAddress(address);
}

/**
 * Whether the request's forwarding headers are believed: it came through a proxy listed in
 * TRUST_PROXY, or it has no socket at all (an in-process request, which only tests make).
 */
function forwardedByTrusted(c: Context<AppEnv>): { trusted: boolean; peer: string | undefined } {
  const peer = peerOf(c);
  if (peer === undefined) return { trusted: true, peer };
  return { trusted: (c.get('trustedProxies') ?? NONE).has(peer), peer };
}

const lastOf = (header: string | undefined) => header?.split(',').at(-1)?.trim() || undefined;

/**
 * The client's address for rate limits and the session record: the socket's peer, or, when that
 * peer is a trusted proxy, the rightmost X-Forwarded-For entry that is not itself a trusted proxy
 * (entries further left were written by the client and prove nothing).
 */
export function clientIp(c: Context<AppEnv>): string {
  const { trusted, peer } = forwardedByTrusted(c);
  const forwarded = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (peer === undefined) return forwarded.at(-1)?.slice(0, 64) ?? 'unknown';
  if (!trusted) return peer;
  const proxies = c.get('trustedProxies') ?? NONE;
  let client = peer;
  for (const entry of forwarded.reverse()) {
    const address = plainAddress(entry);
    if (isIP(address) === 0) break;
    client = address;
    if (!proxies.has(address)) break;
  }
  return client;
}

/** The host the browser asked for: our own, or the one a trusted proxy forwarded. */
export function requestHosts(c: Context<AppEnv>): string[] {
  const own = new URL(c.req.url).host;
  const forwarded = forwardedByTrusted(c).trusted ? lastOf(c.req.header('x-forwarded-host')) : undefined;
  return forwarded ? [own, forwarded] : [own];
}

/** requirements#seo: the shop's origin as the browser reached it (through a trusted proxy, as it forwarded). */
export function siteOrigin(c: Context<AppEnv>): string {
  return `${isHttps(c) ? 'https' : 'http'}://${requestHosts(c).at(-1) ?? new URL(c.req.url).host}`;
}

/** True when the browser reached us over https (directly, or through a trusted proxy). */
export function isHttps(c: Context<AppEnv>): boolean {
  if (new URL(c.req.url).protocol === 'https:') return true;
  return forwardedByTrusted(c).trusted && lastOf(c.req.header('x-forwarded-proto')) === 'https';
}
