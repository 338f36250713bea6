import { asc, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  codCollections,
  codReceivableSettlements,
  codRemittanceDeductions,
  codRemittanceParcels,
  codRemittances,
  shipments,
} from '@marketplace/db';
import {
  COD_REMITTANCE_MESSAGES,
  type CodReceivables,
  type CodRemittanceResult,
} from '@marketplace/domain/settlement/cod-api';
import { indianDay } from '@marketplace/domain/text/dates';
import { jsonRequest } from '../../../test-support/fulfilment.ts';
import { verifiedStaff } from '../../../test-support/staff.ts';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';

// requirements#cod-remittance: finance records what a courier remitted and deducted; what it did not
// stays owed by the courier, with its parcels, until a later transfer or a write-off settles it
let t: TestApp;
let call: ReturnType<typeof jsonRequest>;
let finance = '';
let owner = '';
const REMIT = '/api/admin/settlements/cod/remittances';
const RECEIVABLES = '/api/admin/settlements/cod/receivables';
const today = indianDay(new Date());

beforeAll(async () => {
  t = await createTestApp();
  call = jsonRequest(t);
  finance = (await verifiedStaff(t, 'finance.remit@example.com', 'finance')).cookie;
  owner = (await verifiedStaff(t, 'owner.remit@example.com', 'owner')).cookie;
});
afterAll(() => t.close());

/** `n` waiting parcels of one courier (the one with the most), oldest first, skipping `skip`. */
async function waiting(n: number, skip = 0) {
  const rows = await t.db
    .select({
      id: codCollections.id,
      invoiceNo: shipments.invoiceNo,
      carrier: codCollections.carrier,
      amountPaise: codCollections.amountPaise,
    })
    .from(codCollections)
    .innerJoin(shipments, eq(shipments.id, codCollections.shipmentId))
    .where(isNull(codCollections.remittedAt))
    .orderBy(asc(codCollections.id));
  const counts = new Map<string, number>();
  for (const row of rows) if (row.carrier) counts.set(row.carrier, (counts.get(row.carrier) ?? 0) + 1);
  const carrier = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
  const theirs = rows.filter((row) => row.carrier === carrier).slice(skip, skip + n);
  if (theirs.length < n) throw new Error('the seed has waiting COD parcels');
  const owed = theirs.reduce((sum, row) => sum + row.amountPaise, 0);
  const other = rows.find((row) => row.carrier && row.carrier !== carrier);
  return { carrier, parcels: theirs, invoiceNos: theirs.map((row) => row.invoiceNo), owed, other };
}

const body = (over: Record<string, unknown>, base: Awaited<ReturnType<typeof waiting>>) => ({
  carrier: base.carrier,
  invoiceNos: base.invoiceNos,
  reference: 'UTRBASE0001',
  remittedOn: today,
  remittedPaise: base.owed,
  deductions: [],
  ...over,
});

describe('recording a courier’s remittance with its amounts', () => {
  it('refuses visitors and staff outside finance and owner', async () => {
    const base = await waiting(1);
    expect((await call(REMIT, null, 'POST', body({}, base))).status).toBe(401);
    for (const role of ['support', 'catalog', 'marketing'] as const) {
      const cookie = (await verifiedStaff(t, `${role}.remit@example.com`, role)).cookie;
      expect((await call(REMIT, cookie, 'POST', body({}, base))).status, role).toBe(403);
      expect((await call(RECEIVABLES, cookie)).status, role).toBe(403);
      expect((await call(`${RECEIVABLES}/1/settlements`, cookie, 'POST', {})).status, role).toBe(403);
    }
    expect((await t.db.select().from(codRemittances)).length).toBe(0);
  });

  it('refuses malformed amounts, days, UTRs and deductions with 400, never 500, and records nothing', async () => {
    const base = await waiting(2);
    const bad: Record<string, unknown>[] = [
      { remittedPaise: -1 },
      { remittedPaise: 12.5 },
      { remittedPaise: '1000' },
      { remittedPaise: 1e15 },
      { remittedOn: '2026-02-30' },
      { remittedOn: '06/12/2026' },
      { remittedOn: `${today}\u0000` },
      { reference: 'UTR\u000012345' },
      { reference: 'UTR 12' },
      { carrier: '' },
      { carrier: 'Delhivery\u0000' },
      { carrier: 'x'.repeat(61) },
      { deductions: [{ kind: 'tip', amountPaise: 100 }] },
      { deductions: [{ kind: 'cod-charge', amountPaise: 0 }] },
      { deductions: [{ kind: 'cod-charge', amountPaise: -500 }] },
      { deductions: Array.from({ length: 11 }, () => ({ kind: 'cod-charge', amountPaise: 1 })) },
      { invoiceNos: [] },
      { invoiceNos: ['INV\u0000'] },
    ];
    for (const over of bad) {
      const res = await call(REMIT, finance, 'POST', body(over, base));
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBeTruthy();
    }
    expect((await call(REMIT, finance, 'POST', '{"carrier":')).status).toBe(400);
    expect((await call(REMIT, finance, 'POST', 'x'.repeat(2_000_000))).status).not.toBe(500);
    expect((await t.db.select().from(codRemittances)).length).toBe(0);
  });

  it('refuses more than the parcels owed, a day after today, another courier’s parcels and unknown ones (422)', async () => {
    const base = await waiting(2);
    const over = await call(REMIT, finance, 'POST', body({ remittedPaise: base.owed + 1 }, base));
    expect(over.status).toBe(422);
    expect(await over.text()).toContain('₹0.01 more than');
    const deducted = await call(
      REMIT,
      finance,
      'POST',
      body({ remittedPaise: base.owed, deductions: [{ kind: 'cod-charge', amountPaise: 100 }] }, base),
    );
    expect(deducted.status).toBe(422);
    const tomorrow = indianDay(new Date(Date.now() + 36 * 3600_000));
    expect((await call(REMIT, finance, 'POST', body({ remittedOn: tomorrow }, base))).status).toBe(422);
    if (base.other) {
      const mixed = await call(
        REMIT,
        finance,
        'POST',
        body({ invoiceNos: [...base.invoiceNos, base.other.invoiceNo] }, base),
      );
      expect(mixed.status).toBe(422);
      expect(await mixed.text()).toContain(base.other.invoiceNo);
    }
    const unknown = await call(REMIT, finance, 'POST', body({ invoiceNos: ['INV-0-0'] }, base));
    expect(unknown.status).toBe(422);
    expect((await t.db.select().from(codRemittances)).length).toBe(0);
    const still = await t.db
      .select()
      .from(codCollections)
      .where(
        inArray(
          codCollections.id,
          base.parcels.map((p) => p.id),
        ),
      );
    expect(still.every((row) => row.remittedAt === null)).toBe(true);
  });

  it('records the transfer, its deductions and parcels; the short rest stays owed with its parcels until settled', async () => {
    const base = await waiting(3);
    const charge = 1_770;
    const short = 5_000;
    const unexplained = 1;
    const remittedPaise = base.owed - charge - short - unexplained;
    const res = await call(
      REMIT,
      finance,
      'POST',
      body(
        {
          reference: 'utrdlv2026120600001',
          remittedPaise,
          deductions: [
            { kind: 'cod-charge', amountPaise: charge },
            { kind: 'short-payment', amountPaise: short },
          ],
        },
        base,
      ),
    );
    expect(res.status, await res.clone().text()).toBe(200);
    const result = (await res.json()) as CodRemittanceResult;
    expect(result).toMatchObject({
      remitted: base.invoiceNos,
      amountPaise: base.owed,
      remittedPaise,
      acceptedPaise: charge,
      receivablePaise: short + unexplained,
    });
    expect(result.message).toContain('₹50.01 stays owed by the courier');
    const [row] = await t.db.select().from(codRemittances).where(eq(codRemittances.id, result.remittanceId));
    expect(row).toMatchObject({ reference: 'UTRDLV2026120600001', carrier: base.carrier, remittedOn: today });
    expect(await t.db.select().from(codRemittanceDeductions)).toHaveLength(2);
    expect(
      (await t.db.select().from(codRemittanceParcels)).map((p) => p.codCollectionId).sort((a, b) => a - b),
    ).toEqual(base.parcels.map((p) => p.id));
    const marked = await t.db
      .select()
      .from(codCollections)
      .where(
        inArray(
          codCollections.id,
          base.parcels.map((p) => p.id),
        ),
      );
    expect(marked.every((m) => m.remittanceReference === 'UTRDLV2026120600001' && m.remittedAt)).toBe(true);

    // the same transfer again (its UTR in any case), or its parcels under another UTR: refused
    const again = await call(REMIT, finance, 'POST', body({ reference: 'UTRDLV2026120600001' }, base));
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: { message: string } }).error.message).toBe(
      COD_REMITTANCE_MESSAGES.duplicateReference,
    );
    expect(
      (await call(REMIT, finance, 'POST', body({ reference: 'UTRDLV2026120699999' }, base))).status,
    ).toBe(409);

    // what the courier still owes, with the parcels
    const list = (await (await call(RECEIVABLES, finance)).json()) as CodReceivables;
    const owed = list.receivables.find((r) => r.remittanceId === result.remittanceId);
    expect(owed).toMatchObject({ openPaise: short + unexplained, receivablePaise: short + unexplained });
    expect(owed?.parcels.map((p) => p.invoiceNo).sort()).toEqual([...base.invoiceNos].sort());
    expect(owed?.deductions).toEqual([
      { kind: 'cod-charge', amountPaise: charge },
      { kind: 'short-payment', amountPaise: short },
    ]);
    expect(list.byCarrier).toContainEqual({
      carrier: base.carrier,
      count: 1,
      openPaise: short + unexplained,
    });
    expect((await call(`${RECEIVABLES}?carrier=%ZZ`, finance)).status).toBe(400);
    expect((await call(`${RECEIVABLES}?carrier=a%00b`, finance)).status).toBe(400);

    // settling: bad input, more than open, a UTR already used, then a later transfer and a write-off
    const settle = (payload: unknown, id = result.remittanceId, cookie = finance) =>
      call(`${RECEIVABLES}/${id}/settlements`, cookie, 'POST', payload);
    for (const bad of [
      {},
      { kind: 'remittance', amountPaise: 100, settledOn: today },
      { kind: 'remittance', amountPaise: -100, reference: 'UTRLATER0001', settledOn: today },
      { kind: 'write-off', amountPaise: 100, reason: 'short', settledOn: today },
      { kind: 'write-off', amountPaise: 100, reason: 'Lost in\u0000 transit', settledOn: today },
      { kind: 'gift', amountPaise: 100, settledOn: today },
    ])
      expect((await settle(bad)).status, JSON.stringify(bad)).toBe(400);
    expect((await call(`${RECEIVABLES}/abc/settlements`, finance, 'POST', {})).status).toBe(400);
    const later = { kind: 'remittance', amountPaise: 3_000, reference: 'UTRLATER0001', settledOn: today };
    expect((await settle(later, 999_999)).status).toBe(404);
    expect((await settle({ ...later, amountPaise: short + unexplained + 1 })).status).toBe(422);
    expect((await settle({ ...later, reference: 'UTRDLV2026120600001' })).status).toBe(409);
    const partly = await settle(later);
    expect(partly.status, await partly.clone().text()).toBe(200);
    expect(await partly.json()).toMatchObject({ openPaise: short + unexplained - 3_000 });
    expect((await settle({ ...later, amountPaise: 1 })).status).toBe(409);
    // two write-offs of the rest at once: one is recorded
    const rest = short + unexplained - 3_000;
    const writeOff = {
      kind: 'write-off',
      amountPaise: rest,
      reason: 'Parcel cash lost in transit; courier claim closed',
      settledOn: today,
    };
    const both = await Promise.all([settle(writeOff, result.remittanceId, owner), settle(writeOff)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 422]);
    expect(await t.db.select().from(codReceivableSettlements)).toHaveLength(2);
    const after = (await (await call(RECEIVABLES, finance)).json()) as CodReceivables;
    expect(after.receivables.find((r) => r.remittanceId === result.remittanceId)).toBeUndefined();
    expect((await settle({ ...writeOff, amountPaise: 1 })).status).toBe(422);
  });

  it('records one of several identical submissions sent at once', async () => {
    const base = await waiting(2, 3);
    const payload = body({ reference: 'UTRTWICE000042' }, base);
    const answers = await Promise.all(Array.from({ length: 5 }, () => call(REMIT, owner, 'POST', payload)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(
      await t.db.select().from(codRemittances).where(eq(codRemittances.reference, 'UTRTWICE000042')),
    ).toHaveLength(1);
    // the same parcels under two different UTRs at once: one transfer covers them
    const next = await waiting(1, 5);
    const racing = await Promise.all(
      ['UTRRACE00001', 'UTRRACE00002'].map((reference) =>
        call(REMIT, finance, 'POST', body({ reference }, next)),
      ),
    );
    expect(racing.map((a) => a.status).sort()).toEqual([200, 409]);
  });
});
