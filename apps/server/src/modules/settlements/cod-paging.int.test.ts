import { asc, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codCollections } from '@marketplace/db';
import { COD_QUERY_MESSAGES, type OutstandingCod } from '@marketplace/domain/settlement/cod-api';
import { jsonRequest } from '../../../test-support/fulfilment.ts';
import { verifiedStaff } from '../../../test-support/staff.ts';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';

// requirements#settlement: finance pages through the cash couriers owe, by courier and delivery days
let t: TestApp;
let call: ReturnType<typeof jsonRequest>;
let finance = '';
let support = '';
let owner = '';

beforeAll(async () => {
  t = await createTestApp();
  call = jsonRequest(t);
  finance = (await verifiedStaff(t, 'finance.paging@example.com', 'finance')).cookie;
  support = (await verifiedStaff(t, 'support.paging@example.com', 'support')).cookie;
  owner = (await verifiedStaff(t, 'owner.paging@example.com', 'owner')).cookie;
});
afterAll(() => t.close());

const outstanding = async (query: string, cookie = finance) => {
  const res = await call(`/api/admin/settlements/cod${query}`, cookie);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as OutstandingCod;
};
const waitingRows = () =>
  t.db
    .select({ id: codCollections.id, carrier: codCollections.carrier, amount: codCollections.amountPaise })
    .from(codCollections)
    .where(isNull(codCollections.remittedAt))
    .orderBy(asc(codCollections.collectedAt), asc(codCollections.id));

describe('the COD remittance page, a page at a time', () => {
  it('lists every waiting parcel over its pages, and totals what the filters match', async () => {
    const waiting = await waitingRows();
    expect(waiting.length).toBeGreaterThan(50);
    const first = await outstanding('');
    expect(first.collections).toHaveLength(50);
    expect(first).toMatchObject({ page: 1, pageSize: 50, count: waiting.length });
    expect(first.pageCount).toBe(Math.ceil(waiting.length / 50));
    const seen = new Set<string>();
    for (let page = 1; page <= first.pageCount; page += 1)
      for (const row of (await outstanding(`?page=${page}`)).collections) seen.add(row.invoiceNo);
    expect(seen.size).toBe(waiting.length);
    // a page past the last shows the last
    expect((await outstanding('?page=9999')).page).toBe(first.pageCount);
    const big = await outstanding('?size=500');
    expect(big.collections).toHaveLength(Math.min(500, waiting.length));

    const carrier = waiting.find((row) => row.carrier)?.carrier ?? '';
    expect(first.carriers).toContain(carrier);
    const theirs = waiting.filter((row) => row.carrier === carrier);
    const byCarrier = await outstanding(`?carrier=${encodeURIComponent(carrier)}&size=500`);
    expect(byCarrier.matching).toEqual({
      count: theirs.length,
      totalPaise: theirs.reduce((total, row) => total + row.amount, 0),
    });
    expect(byCarrier.collections.every((row) => row.carrier === carrier)).toBe(true);
    expect(byCarrier.count).toBe(waiting.length);
    expect((await outstanding('?from=2001-01-01&to=2001-01-02')).matching.count).toBe(0);
  });

  it('refuses bad filters with a message, never a failure', async () => {
    for (const [query, message] of [
      ['?size=7', COD_QUERY_MESSAGES.size],
      ['?page=0', COD_QUERY_MESSAGES.page],
      ['?page=abc', COD_QUERY_MESSAGES.page],
      ['?orderNo=OD12', COD_QUERY_MESSAGES.orderNo],
      ['?orderNo=%00', 'malformed escape or a NUL character'],
      ['?carrier=Blue%07Dart', COD_QUERY_MESSAGES.carrier],
      [`?carrier=${'x'.repeat(61)}`, COD_QUERY_MESSAGES.carrier],
      ['?from=2026-12-05&to=2026-12-01', COD_QUERY_MESSAGES.order],
      ['?from=2026-13-45', 'from must be a real date.'],
    ] as const) {
      const res = await call(`/api/admin/settlements/cod${query}`, finance);
      expect(res.status, query).toBe(400);
      expect(JSON.stringify(await res.json()), query).toContain(message);
    }
    expect((await call('/api/admin/settlements/cod?carrier=%E0%A4', finance)).status).toBeLessThan(500);
    // the page says what is wrong, with the filters kept
    const page = await call('/admin/settlements/cod?size=7', finance);
    expect(page.status).toBe(400);
    expect(await page.text()).toContain(COD_QUERY_MESSAGES.size);
    const broken = await call('/admin/settlements/cod?carrier=%E0%A4&from=%ZZ', finance);
    expect(broken.status).toBeLessThan(500);
  });

  it('is for finance and owners only', async () => {
    expect((await call('/api/admin/settlements/cod?page=2', support)).status).toBe(403);
    expect((await call('/api/admin/settlements/cod?page=2', null)).status).toBe(401);
    expect((await call('/admin/settlements/cod?page=2', support)).status).toBe(403);
    expect((await call('/api/admin/settlements/cod?page=2', owner)).status).toBe(200);
  });

  it('shows a page of 50 with paging, and ticks every parcel of the page by a link', async () => {
    const page = await call('/admin/settlements/cod?tick=all', finance);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html.match(/name="invoiceNo"/g)).toHaveLength(50);
    expect(html.match(/name="invoiceNo"[^>]*checked/g)).toHaveLength(50);
    expect(html).toContain('aria-label="Pages"');
    expect(html).toContain('Untick all');
  });
});

describe('a remittance in the owner’s audit log', () => {
  it('reads as fields with what each was and became, not stored JSON', async () => {
    const [first] = (await outstanding('')).collections;
    if (!first) throw new Error('a parcel waits');
    const res = await call('/api/admin/settlements/cod/remittances', finance, 'POST', {
      carrier: first.carrier ?? 'Self-shipped',
      invoiceNos: [first.invoiceNo],
      reference: 'AUDITUTR0001',
      remittedOn: new Date().toISOString().slice(0, 10),
      remittedPaise: first.amountPaise,
    });
    expect(res.status).toBe(200);
    const page = await call('/admin/audit?action=settlement.cod-remittance', owner);
    const html = await page.text();
    expect(page.status).toBe(200);
    const entry = html.slice(html.indexOf('AUDITUTR0001'));
    expect(entry).toContain('<table class="admin-audit-fields">');
    expect(entry).toMatch(
      /<th scope="row">Remitted<\/th><td><del[^>]*>No<\/del><\/td><td><ins[^>]*>—<\/ins><\/td>/,
    );
    expect(entry).toMatch(
      /<th scope="row">Shipments<\/th><td><del[^>]*>—<\/del><\/td><td><ins[^>]*>[^<]*<\/ins>/,
    );
    expect(entry).toContain(first.invoiceNo);
    expect(entry).toMatch(/<th scope="row">Amount<\/th>/);
    expect(html).not.toContain('{&quot;');
  });
});
