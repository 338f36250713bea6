import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runOndcCommand } from '../../cli/ondc-command.ts';
import { parseConfig } from '../../env.ts';
import { keysOf, readKeyFile } from './config.ts';
import { publicOfSigningKey } from './signing.ts';

const ONDC = {
  ONDC_ENV: 'preprod',
  ONDC_SUBSCRIBER_ID: 'ondc.bazaar.example',
  ONDC_SUBSCRIBER_URL: 'https://ondc.bazaar.example/ondc/',
  ONDC_CONSUMER_CARE: 'Bazaar Care,care@bazaar.example,18001234567',
};

describe('ONDC settings (ADR-0062)', () => {
  it('is off by default and needs its subscriber id, URL and consumer care once an environment is named', () => {
    const off = parseConfig({});
    expect(off.ok && off.config.ondc).toBeNull();
    const missing = parseConfig({ ONDC_ENV: 'staging' });
    expect(!missing.ok && missing.error).toContain('ONDC_SUBSCRIBER_ID');
    const wrong = parseConfig({ ...ONDC, ONDC_ENV: 'live' });
    expect(wrong.ok).toBe(false);
    // the site's root holds the pages: the network's actions need a path of their own
    for (const root of [
      'https://ondc.bazaar.example',
      'https://ondc.bazaar.example/',
      'https://ondc.bazaar.example//',
    ])
      expect(parseConfig({ ...ONDC, ONDC_SUBSCRIBER_URL: root }).ok, root).toBe(false);
    const on = parseConfig(ONDC);
    expect(on.ok && on.config.ondc).toMatchObject({
      environment: 'preprod',
      subscriberUrl: 'https://ondc.bazaar.example/ondc',
      registryUrl: 'https://preprod.registry.ondc.org/ondc',
      consumerCare: { name: 'Bazaar Care', email: 'care@bazaar.example', phone: '18001234567' },
    });
    const own = parseConfig({ ...ONDC, ONDC_REGISTRY_URL: 'http://127.0.0.1:9/registry/' });
    expect(own.ok && own.config.ondc?.registryUrl).toBe('http://127.0.0.1:9/registry');
  });

  it('never repeats a private key in an error line', () => {
    const bad = parseConfig({ ...ONDC, ONDC_SIGNING_PRIVATE_KEY: 'secret value!' });
    expect(!bad.ok && bad.error).not.toContain('secret value!');
  });

  it('makes keys once, rotates them keeping the previous public key, and keeps the file owner-only', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ondc-keys-'));
    const lines: string[] = [];
    const out = { log: (line: string) => lines.push(line), error: (line: string) => lines.push(`! ${line}`) };
    expect(runOndcCommand(dir, ['keys'], out, new Date('2026-12-06T10:00:00Z'))).toBe(0);
    const first = readKeyFile(join(dir, 'ondc-keys.json'));
    expect(first?.previous).toBeNull();
    expect(statSync(join(dir, 'ondc-keys.json')).mode & 0o777).toBe(0o600);
    expect(runOndcCommand(dir, ['keys'], out)).toBe(1);
    expect(runOndcCommand(dir, ['keys', '--rotate'], out, new Date('2026-12-07T10:00:00Z'))).toBe(0);
    const second = readKeyFile(join(dir, 'ondc-keys.json'));
    expect(second?.previous).toMatchObject({
      uniqueKeyId: first?.current.uniqueKeyId,
      signingPublicKey: first?.current.signingPublicKey,
    });
    expect(second?.current.signingPublicKey).not.toBe(first?.current.signingPublicKey);
    const keys = keysOf({}, second);
    expect(keys && publicOfSigningKey(keys.keys.signingPrivateKey)).toBe(second?.current.signingPublicKey);
    expect(runOndcCommand(dir, ['show'], out)).toBe(0);
    expect(lines.some((line) => line.includes(second?.current.encryptionPublicKey ?? '-'))).toBe(true);
    expect(runOndcCommand(dir, ['nonsense'], out)).toBe(1);
  });
});
