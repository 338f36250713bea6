import { and, eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  codCollections,
  codRemittances,
  sandboxCourierParcels,
  sandboxCourierScans,
  shipments,
} from '@marketplace/db';
import type { CourierBatchView } from '@marketplace/domain/orders/courier-batch';
import {
  COURIER_IMPORT_MESSAGES as M,
  type CourierImportView,
} from '@marketplace/domain/settlement/courier-import';
import { formatInr } from '@marketplace/domain/money/money';
import { indianDay } from '@marketplace/domain/text/dates';
import { fulfilmentKit, jsonRequest } from '../../../test-support/fulfilment.ts';
import { verifiedStaff } from '../../../test-support/staff.ts';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { createSandboxCourier } from './sandbox.ts';
import { sandboxCourierJob } from './sandbox-job.ts';
import { sandboxRemittanceDay } from './sandbox-remittances.ts';

// requirements#courier-remittance-import: finance imports the courier's COD remittance report; each transfer is recorded
// once by its UTR, matched parcel by parcel; what differs is shown, not booked
let t: TestApp;
let kit: Awaited<ReturnType<typeof fulfilmentKit>>;
let call: ReturnType<typeof jsonRequest>;
let finance = '';
let runClock: () => Promise<unknown>;
const IMPORT = '/api/admin/settlements/cod/courier-imports';
const DAY_MS = 86_400_000;
const today = indianDay(new Date());
const daysAgo = (n: number) => indianDay(new Date(Date.now() - n * DAY_MS));

beforeAll(async () => {
  t = await createTestApp({
    courier: (db) =>
      createSandboxCourier(db, {
        speed: 'instant',
        rates: { failedAttemptRate: 0, rtoRate: 0 },
        seed: 'remit',
      }),
  });
  kit = await fulfilmentKit(t);
  call = jsonRequest(t);
  finance = (await verifiedStaff(t, 'finance.import@example.com', 'finance')).cookie;
  runClock = sandboxCourierJob(t.db, pino({ level: 'silent' })).run;
});
afterAll(() => t.close());

/**
 * `count` COD orders of one seller, booked with the courier and delivered by its clock, their
 * delivery moved `ago` days back on the courier's books (so the courier's Friday has come).
 */
async function deliveredCod(count: number, ago: number) {
  const offers = kit.takeOffersOfOneSeller(count);
  const orderNos = [];
  for (const candidate of offers) orderNos.push((await kit.placeOrder([{ candidate }], 'cod')).orderNo);
  const seller = await kit.sellerCookie(offers[0]?.offer.sellerId ?? 0);
  const res = await call('/api/seller/courier-batches', seller, 'POST', { orderNos });
  const batch = (await res.json()) as CourierBatchView;
  expect(batch.shipments).toHaveLength(count);
  await runClock();
  const parcels = await t.db
    .select()
    .from(sandboxCourierParcels)
    .where(inArray(sandboxCourierParcels.reference, batch.shipments));
  const deliveredAt = new Date(Date.now() - ago * DAY_MS);
  await t.db
    .update(sandboxCourierScans)
    .set({ dueAt: deliveredAt })
    .where(
      and(
        inArray(
          sandboxCourierScans.parcelId,
          parcels.map((p) => p.id),
        ),
        eq(sandboxCourierScans.scan, 'delivered'),
      ),
    );
  const collections = await t.db
    .select({ collection: codCollections, awbNo: shipments.awbNo, invoiceNo: shipments.invoiceNo })
    .from(codCollections)
    .innerJoin(shipments, eq(shipments.id, codCollections.shipmentId))
    .where(inArray(shipments.invoiceNo, batch.shipments));
  expect(collections).toHaveLength(count);
  return { parcels, collections, remittedOn: sandboxRemittanceDay(indianDay(deliveredAt)) };
}

const importDays = (cookie: string | null, from: string, to: string) =>
  call(IMPORT, cookie, 'POST', { from, to });

describe('Import from courier', () => {
  it('records each transfer once by its UTR, matched parcel by parcel; a short payment stays owed', async () => {
    const { parcels, collections, remittedOn } = await deliveredCod(3, 14);
    // the courier reports ₹50 less for the second parcel than we recorded at the door
    const short = parcels[1];
    if (!short) throw new Error('three parcels');
    await t.db
      .update(sandboxCourierParcels)
      .set({ codPaise: short.codPaise - 5_000 })
      .where(eq(sandboxCourierParcels.id, short.id));

    // two finance clicks at once record it once
    const [a, b] = await Promise.all([
      importDays(finance, remittedOn, remittedOn),
      importDays(finance, remittedOn, remittedOn),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const views = (await Promise.all([a.json(), b.json()])) as CourierImportView[];
    const lines = views.map((v) => v.lines[0]);
    expect(lines.map((l) => l?.status).sort()).toEqual(['already_recorded', 'recorded']);
    const recorded = lines.find((l) => l?.status === 'recorded');
    expect(recorded).toMatchObject({
      remittedOn,
      parcels: 3,
      receivablePaise: 5_000,
      differences: [M.shortPaid(short.awbNo, formatInr(5_000))],
    });
    const utr = recorded?.utr ?? '';
    const [remittance] = await t.db.select().from(codRemittances).where(eq(codRemittances.reference, utr));
    const owed = collections.reduce((sum, c) => sum + c.collection.amountPaise, 0);
    expect(remittance).toMatchObject({ owedPaise: owed, receivablePaise: 5_000 });
    expect((remittance?.acceptedPaise ?? 0) + (remittance?.remittedPaise ?? 0)).toBe(owed - 5_000);
    const after = await t.db
      .select()
      .from(codCollections)
      .where(
        inArray(
          codCollections.id,
          collections.map((c) => c.collection.id),
        ),
      );
    expect(after.map((c) => c.remittanceReference)).toEqual([utr, utr, utr]);

    // importing the same days again records nothing twice
    const again = await importDays(finance, daysAgo(40), today);
    expect(again.status).toBe(200);
    const view = (await again.json()) as CourierImportView;
    expect(view.lines.find((l) => l.utr === utr)).toMatchObject({
      status: 'already_recorded',
      message: M.alreadyRecorded,
    });
    expect(await t.db.select().from(codRemittances).where(eq(codRemittances.reference, utr))).toHaveLength(1);
  });

  it('shows a parcel already remitted and an unknown AWB, and records nothing of that transfer', async () => {
    const { parcels, collections, remittedOn } = await deliveredCod(2, 28);
    const first = collections[0];
    if (!first) throw new Error('two parcels');
    // finance typed the first parcel's transfer by hand earlier
    const byHand = await call('/api/admin/settlements/cod/remittances', finance, 'POST', {
      carrier: first.collection.carrier,
      invoiceNos: [first.invoiceNo],
      reference: 'UTRBYHAND0001',
      remittedOn: today,
      remittedPaise: first.collection.amountPaise,
    });
    expect(byHand.status).toBe(200);
    // and the courier's book names a parcel we never booked
    const { id: _id, ...template } = parcels[0] ?? ({} as never);
    const [stranger] = await t.db
      .insert(sandboxCourierParcels)
      .values({
        ...template,
        awbNo: 'BZS1111111111',
        reference: `SHP-STRANGER-${Date.now()}`,
      })
      .returning();
    await t.db.insert(sandboxCourierScans).values({
      parcelId: stranger?.id ?? 0,
      sequence: 1,
      scan: 'delivered',
      location: 'Mumbai hub',
      dueAt: new Date(Date.now() - 28 * DAY_MS),
      sentAt: new Date(),
    });
    const res = await importDays(finance, remittedOn, remittedOn);
    expect(res.status).toBe(200);
    const [line] = ((await res.json()) as CourierImportView).lines;
    expect(line).toMatchObject({ status: 'differences', message: M.notBooked, receivablePaise: null });
    expect(line?.differences).toEqual(
      expect.arrayContaining([
        M.alreadyRemitted(first.awbNo ?? '', 'UTRBYHAND0001'),
        M.unknownAwb('BZS1111111111'),
      ]),
    );
    expect(
      await t.db
        .select()
        .from(codRemittances)
        .where(eq(codRemittances.reference, line?.utr ?? '')),
    ).toEqual([]);
    const second = collections[1];
    const [untouched] = await t.db
      .select()
      .from(codCollections)
      .where(eq(codCollections.id, second?.collection.id ?? 0));
    expect(untouched?.remittedAt).toBeNull();
  });

  it('says so when the courier reports nothing for the days', async () => {
    const res = await importDays(finance, daysAgo(2), daysAgo(1));
    expect(res.status).toBe(200);
    expect(((await res.json()) as CourierImportView).message).toBe(M.summary(0, 0, 0));
  });

  it('refuses visitors and staff outside finance and owner', async () => {
    expect((await importDays(null, daysAgo(7), today)).status).toBe(401);
    for (const role of ['support', 'catalog', 'marketing'] as const) {
      const cookie = (await verifiedStaff(t, `${role}.import@example.com`, role)).cookie;
      expect((await importDays(cookie, daysAgo(7), today)).status, role).toBe(403);
    }
    const seller = (await kit.singleItemOrder()).seller;
    expect((await importDays(seller, daysAgo(7), today)).status).toBe(403);
  });

  it.each([
    ['from after to', { from: today, to: daysAgo(3) }],
    ['a day that does not exist', { from: '2026-02-30', to: '2026-03-01' }],
    ['a day after today', { from: today, to: indianDay(new Date(Date.now() + 2 * DAY_MS)) }],
    ['more than 92 days', { from: daysAgo(120), to: today }],
    ['a NUL byte', { from: `${today}\u0000`, to: today }],
    ['no days', {}],
    ['days of the wrong type', { from: 20261201, to: 20261202 }],
  ])('answers %s with 400, never a 500', async (_name, body) => {
    const res = await call(IMPORT, finance, 'POST', body);
    expect(res.status).toBe(400);
  });
});
