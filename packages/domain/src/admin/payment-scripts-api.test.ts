import { describe, expect, it } from 'vitest';
import {
  compareInventories,
  CSP_REPORTS_PER_REQUEST,
  isTampered,
  parseCspReports,
  type PaymentPageScript,
} from './payment-scripts-api.ts';

// requirements#payment-page-scripts (PCI DSS 4.0 6.4.3, 11.6.1; the reports of CSP Level 3)
const bundle = (src: string, integrity: string | null, observed: string | null): PaymentPageScript => ({
  src,
  kind: 'bundle',
  owner: 'Bazaar',
  purpose: 'p',
  integrity,
  control: 'c',
  observed,
});

describe('a build file differing from its integrity', () => {
  it.each([
    ['same content', bundle('/a.js', 'sha384-a', 'sha384-a'), false],
    ['changed on disk', bundle('/a.js', 'sha384-a', 'sha384-b'), true],
    ['missing on disk', bundle('/a.js', 'sha384-a', null), true],
    ['no integrity given', bundle('/a.js', null, 'sha384-a'), false],
    [
      'an external script',
      { ...bundle('https://x/y.js', null, 'sha384-a'), kind: 'external' as const },
      false,
    ],
  ])('%s', (_, script, expected) => expect(isTampered(script)).toBe(expected));
});

describe('what moved between two lists', () => {
  it('names the added, the removed and the changed by address', () => {
    const before = [bundle('/a.js', 'sha384-a', 'sha384-a'), bundle('/b.js', 'sha384-b', 'sha384-b')];
    const after = [bundle('/a.js', 'sha384-a2', 'sha384-a2'), bundle('/c.js', 'sha384-c', 'sha384-c')];
    const moved = compareInventories(before, after);
    expect(moved.added.map((s) => s.src)).toEqual(['/c.js']);
    expect(moved.removed.map((s) => s.src)).toEqual(['/b.js']);
    expect(moved.changed.map((s) => s.src)).toEqual(['/a.js']);
    expect(compareInventories(before, before)).toEqual({ added: [], removed: [], changed: [] });
  });
});

describe('a browser’s report', () => {
  const level2 = (fields: Record<string, unknown>) => ({
    'csp-report': {
      'document-uri': 'https://shop.example/paymentgateway?order=OD1',
      'violated-directive': 'script-src-elem',
      'blocked-uri': 'https://evil.example/x.js?card=1',
      ...fields,
    },
  });
  it.each([
    [
      'a blocked address keeps its origin only',
      level2({}),
      { blocked: 'https://evil.example', directive: 'script-src-elem' },
    ],
    ['an inline script', level2({ 'blocked-uri': 'inline' }), { blocked: 'inline' }],
    ['an empty blocked-uri is inline (CSP Level 2)', level2({ 'blocked-uri': '' }), { blocked: 'inline' }],
    ['eval', level2({ 'blocked-uri': 'eval' }), { blocked: 'eval' }],
    [
      'a data: URL keeps its scheme only',
      level2({ 'blocked-uri': 'data:text/javascript,alert(1)' }),
      { blocked: 'data' },
    ],
    ['a blocked value that is no address', level2({ 'blocked-uri': 'not a url' }), { blocked: 'other' }],
    [
      'the violated directive with its sources',
      level2({ 'violated-directive': "script-src 'self'" }),
      { directive: 'script-src' },
    ],
    [
      'the effective directive first',
      level2({ 'effective-directive': 'script-src-attr' }),
      { directive: 'script-src-attr' },
    ],
    ['the page’s path without its query', level2({}), { documentPath: '/paymentgateway', sourceFile: null }],
    [
      'the source file without its query',
      level2({ 'source-file': 'https://shop.example/a.js?x=1' }),
      { sourceFile: 'https://shop.example/a.js' },
    ],
  ])('%s', (_, body, expected) => {
    const [violation] = parseCspReports('application/csp-report', body) ?? [];
    expect(violation).toMatchObject(expected);
  });

  it.each([
    ['not an object', 'report'],
    ['no csp-report', { report: {} }],
    ['a page that is no URL', level2({ 'document-uri': 'about' })],
    ['no directive', level2({ 'violated-directive': '' })],
    ['a directive with markup', level2({ 'violated-directive': '<b>' })],
    ['an array', [level2({})]],
  ])('refuses %s', (_, body) => expect(parseCspReports('application/csp-report', body)).toBeNull());

  it('reads the Reporting API’s csp-violation reports and skips the others', () => {
    const found = parseCspReports('application/reports+json', [
      {
        type: 'csp-violation',
        url: 'https://s/a',
        body: {
          documentURL: 'https://s/cart?x=1',
          effectiveDirective: 'img-src',
          blockedURL: 'https://t.example/p.gif',
        },
      },
      { type: 'intervention', body: { id: 'x' } },
      { type: 'csp-violation', body: 'not an object' },
    ]);
    expect(found).toEqual([
      { documentPath: '/cart', directive: 'img-src', blocked: 'https://t.example', sourceFile: null },
    ]);
  });

  it.each([
    ['an empty batch', []],
    ['a batch of only other reports', [{ type: 'deprecation', body: {} }]],
    ['more than the most a request carries', Array.from({ length: CSP_REPORTS_PER_REQUEST + 1 }, () => ({}))],
    ['an object', {}],
  ])('refuses %s', (_, body) => expect(parseCspReports('application/reports+json', body)).toBeNull());

  it('refuses another media type', () => expect(parseCspReports('text/plain', level2({}))).toBeNull());
});
