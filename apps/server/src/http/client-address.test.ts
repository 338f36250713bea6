import { describe, expect, it } from 'vitest';
import { plainAddress, proxyRange, trustedProxies } from './client-address.ts';

describe('trusted proxies', () => {
  it('reads addresses and CIDR ranges of both families, and nothing else', () => {
    expect(proxyRange('10.0.0.5')).toEqual({ address: '10.0.0.5', prefix: 32, family: 'ipv4' });
    expect(proxyRange('fd00::/8')).toEqual({ address: 'fd00::', prefix: 8, family: 'ipv6' });
    for (const bad of ['', '10.0.0', '10.0.0.0/40', '10.0.0.0/x', 'localhost', '::1/129'])
      expect(proxyRange(bad)).toBeNull();
  });

  it('matches peers inside the listed ranges, IPv4-mapped addresses included', () => {
    const proxies = trustedProxies(['10.0.0.0/8', '::1']);
    expect(proxies.has('10.20.30.40')).toBe(true);
    expect(proxies.has('::ffff:10.1.2.3')).toBe(true);
    expect(proxies.has('::1')).toBe(true);
    expect(proxies.has('127.0.0.1')).toBe(false);
    expect(proxies.has('11.0.0.1')).toBe(false);
    expect(proxies.has('not an address')).toBe(false);
    expect(trustedProxies([]).has('10.0.0.1')).toBe(false);
  });

  it('writes addresses as plain ones', () => {
    expect(plainAddress('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(plainAddress('fe80::1%eth0')).toBe('fe80::1');
  });
});
