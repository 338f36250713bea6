import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, deliveryRates, pincodes } from '@marketplace/db';
import { STAFF_ROLES } from '@marketplace/domain/admin/console';
import { DELIVERY_MESSAGES, type DeliverySettings } from '@marketplace/domain/admin/delivery-api';
import { defaultAddress, deliverableOffers } from '../../../test-support/orders.ts';
import { verifiedStaff } from '../../../test-support/staff.ts';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';

// requirements#operator-delivery
let t: TestApp;
let owner = '';
let shopper = '';
const PRIYA = 'priya@example.com';

beforeAll(async () => {
  t = await createTestApp();
  owner = (await verifiedStaff(t, 'owner-delivery@staff.example.com', 'owner')).cookie;
  shopper = await t.loginCookie(PRIYA);
});
afterAll(() => t.close());

const send = (method: string, path: string, body: unknown, cookie = owner) =>
  t.request(path, {
    method,
    headers: { 'content-type': 'application/json', cookie },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string; fields?: Record<string, string> } }).error;
const settings = async () =>
  (await (await t.request('/api/admin/delivery', { headers: { cookie: owner } })).json()) as DeliverySettings;
const rate = { isAvailable: true, chargePaise: 4_500, arrivingDays: 4, hasCod: true };

describe('who changes delivery', () => {
  it('answers a visitor 401, shoppers and sellers 403, and staff other than the owner 403', async () => {
    const calls = [
      ['GET', '/api/admin/delivery', undefined],
      ['PUT', '/api/admin/delivery/rates/standard/local', rate],
      ['PUT', '/api/admin/delivery/cod-limit', { codLimitPaise: 2_000_000 }],
      ['POST', '/api/admin/delivery/pincodes', { change: 'unserviceable', pincodes: '110001' }],
    ] as const;
    const seller = await t.loginCookie('dakshin-mart@sellers.example.com');
    for (const [method, path, body] of calls) {
      expect((await send(method, path, body, '')).status, path).toBe(401);
      expect((await send(method, path, body, shopper)).status, path).toBe(403);
      expect((await send(method, path, body, seller)).status, path).toBe(403);
    }
    for (const role of STAFF_ROLES.filter((r) => r !== 'owner')) {
      const { cookie } = await verifiedStaff(t, `delivery-${role}@staff.example.com`, role);
      for (const [method, path, body] of calls)
        expect((await send(method, path, body, cookie)).status).toBe(403);
    }
    // nothing changed
    expect((await settings()).codLimitPaise).toBe(1_500_000);
  });
});

describe('the rate card', () => {
  it('lists every type and zone, sets a rate and writes it to the audit log with before and after', async () => {
    const before = await settings();
    expect(before.rateCard).toHaveLength(20);
    expect(before.rateCard[0]).toMatchObject({ deliveryType: 'standard', zone: 'local' });
    const was = before.rateCard.find((r) => r.deliveryType === 'express' && r.zone === 'national');
    const res = await send('PUT', '/api/admin/delivery/rates/express/national', {
      ...rate,
      chargePaise: 12_300,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      deliveryType: 'express',
      zone: 'national',
      ...rate,
      chargePaise: 12_300,
    });
    const [row] = await t.db
      .select()
      .from(deliveryRates)
      .where(and(eq(deliveryRates.deliveryType, 'express'), eq(deliveryRates.zone, 'national')));
    expect(row?.chargePaise).toBe(12_300);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.targetId, 'express/national'));
    expect(entry).toMatchObject({ action: 'delivery.rate', actor: 'owner-delivery@staff.example.com' });
    expect(entry?.before).toEqual(was);
    expect(entry?.after).toMatchObject({ chargePaise: 12_300 });
  });

  it('refuses same-day delivery outside the local zone, and figures out of range', async () => {
    const sameDay = await send('PUT', '/api/admin/delivery/rates/sameday/national', rate);
    expect(sameDay.status).toBe(422);
    expect((await errorOf(sameDay)).message).toBe(DELIVERY_MESSAGES.sameDayLocal);
    // switched off it may stay on the card
    expect(
      (await send('PUT', '/api/admin/delivery/rates/sameday/national', { ...rate, isAvailable: false }))
        .status,
    ).toBe(200);
    for (const [path, body] of [
      ['/api/admin/delivery/rates/standard/local', { ...rate, chargePaise: -5 }],
      ['/api/admin/delivery/rates/standard/local', { ...rate, arrivingDays: 99 }],
      ['/api/admin/delivery/rates/standard/local', { ...rate, isAvailable: 'yes' }],
      ['/api/admin/delivery/rates/standard/local', '{"isAvailable": tru'],
      ['/api/admin/delivery/rates/standard/local', {}],
      ['/api/admin/delivery/rates/rocket/local', rate],
      ['/api/admin/delivery/rates/standard/moon', rate],
      ['/api/admin/delivery/rates/standard%00/local', rate],
      ['/api/admin/delivery/rates/%E0%A4%A/local', rate],
    ] as const) {
      const res = await send('PUT', path, body);
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect((await errorOf(res)).message).not.toBe('');
    }
  });

  it('lets exactly the last of two changes sent together stand, each audited', async () => {
    const path = '/api/admin/delivery/rates/standard/regional';
    const answers = await Promise.all([
      send('PUT', path, { ...rate, chargePaise: 1_000 }),
      send('PUT', path, { ...rate, chargePaise: 2_000 }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.targetId, 'standard/regional'));
    expect(entries).toHaveLength(2);
    // each change's "before" is what the other left: the two are in order, never both from the same start
    const [first, second] = entries.sort((a, b) => a.id - b.id);
    expect(second?.before).toEqual(first?.after);
  });
});

describe('the cash-on-delivery limit', () => {
  it('is ₹15,000 until changed, and checkout offers cash on delivery by the limit in force', async () => {
    const address = await defaultAddress(t.db, PRIYA);
    const [pick] = await deliverableOffers(t.db, address.pincode);
    if (!pick) throw new Error('a deliverable offer');
    const quote = async () => {
      const res = await send(
        'POST',
        '/api/checkout/quote',
        {
          addressId: address.id,
          lines: [
            {
              productId: pick.offer.productId,
              sellerId: pick.offer.sellerId,
              quantity: 1,
              deliveryType: 'standard',
            },
          ],
        },
        shopper,
      );
      expect(res.status).toBe(200);
      return (
        (await res.json()) as {
          summary: { totalPaise: number; isCodAllowed: boolean; codLimitPaise: number };
        }
      ).summary;
    };
    const open = await quote();
    expect(open).toMatchObject({ isCodAllowed: true, codLimitPaise: 1_500_000 });

    // a limit one paisa under the order's total takes cash on delivery away
    const lowered = await send('PUT', '/api/admin/delivery/cod-limit', {
      codLimitPaise: open.totalPaise - 1,
    });
    expect(lowered.status).toBe(200);
    expect(await quote()).toMatchObject({ isCodAllowed: false, codLimitPaise: open.totalPaise - 1 });
    const placed = await send(
      'POST',
      '/api/orders',
      {
        idempotencyKey: crypto.randomUUID(),
        addressId: address.id,
        paymentMode: 'cod',
        lines: [
          {
            productId: pick.offer.productId,
            sellerId: pick.offer.sellerId,
            quantity: 1,
            deliveryType: 'standard',
          },
        ],
      },
      shopper,
    );
    expect(placed.status).toBe(422);

    expect(
      (await send('PUT', '/api/admin/delivery/cod-limit', { codLimitPaise: open.totalPaise })).status,
    ).toBe(200);
    expect(await quote()).toMatchObject({ isCodAllowed: true });
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.action, 'delivery.cod-limit'));
    expect(entries.map((e) => [e.before, e.after])).toEqual([
      [{ codLimitPaise: 1_500_000 }, { codLimitPaise: open.totalPaise - 1 }],
      [{ codLimitPaise: open.totalPaise - 1 }, { codLimitPaise: open.totalPaise }],
    ]);
    expect((await send('PUT', '/api/admin/delivery/cod-limit', { codLimitPaise: 1_500_000 })).status).toBe(
      200,
    );
  });

  it.each([
    [{ codLimitPaise: 0 }],
    [{ codLimitPaise: 50_000_001 }],
    [{ codLimitPaise: '15000' }],
    [{}],
    ['nope'],
  ])('refuses %j with a clear 400', async (body) => {
    const res = await send('PUT', '/api/admin/delivery/cod-limit', body);
    expect(res.status).toBe(400);
  });
});

describe('pincodes without delivery or cash on delivery', () => {
  it('stops delivery to a list, reports what is not a pincode we know by line, and restarts it', async () => {
    const [a, b] = await t.db.select({ pincode: pincodes.pincode }).from(pincodes).limit(2);
    if (!a || !b) throw new Error('pincodes');
    const text = `${a.pincode}\n999999\n12345\n${b.pincode}, ${a.pincode}`;
    const res = await send('POST', '/api/admin/delivery/pincodes', {
      change: 'unserviceable',
      pincodes: text,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      change: 'unserviceable',
      changed: 2,
      unchanged: 0,
      problems: [
        { line: 2, value: '999999', reason: DELIVERY_MESSAGES.unknownPincode },
        { line: 3, value: '12345', reason: DELIVERY_MESSAGES.notPincode },
      ],
    });
    const after = await settings();
    expect(after.restricted.map((r) => r.pincode)).toEqual(expect.arrayContaining([a.pincode, b.pincode]));
    // the shop stops offering delivery there
    const check = await send('POST', '/api/pincodes/check', { pincode: a.pincode }, '');
    expect(((await check.json()) as { available: boolean }).available).toBe(false);

    const again = await send('POST', '/api/admin/delivery/pincodes', {
      change: 'unserviceable',
      pincodes: a.pincode,
    });
    expect(await again.json()).toMatchObject({ changed: 0, unchanged: 1 });
    const back = await send('POST', '/api/admin/delivery/pincodes', {
      change: 'serviceable',
      pincodes: `pincode,city\n${a.pincode},Somewhere\n${b.pincode},Elsewhere`,
    });
    expect(await back.json()).toMatchObject({ changed: 2, problems: [] });
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.targetId, 'serviceable'));
    expect(entry?.after).toEqual({ isServiceable: true, count: 2, pincodes: [a.pincode, b.pincode].sort() });
  });

  it('takes cash on delivery away from a CSV of pincodes, and checkout follows', async () => {
    const address = await defaultAddress(t.db, PRIYA);
    const res = await send('POST', '/api/admin/delivery/pincodes', {
      change: 'no-cod',
      pincodes: `pincode,note\n${address.pincode},"flooded roads"`,
    });
    expect(await res.json()).toMatchObject({ changed: 1 });
    const [row] = await t.db.select().from(pincodes).where(eq(pincodes.pincode, address.pincode));
    expect(row?.hasCod).toBe(false);
    await send('POST', '/api/admin/delivery/pincodes', { change: 'cod', pincodes: address.pincode });
  });

  it.each([
    [
      'no pincode in the list',
      { change: 'unserviceable', pincodes: 'abc\n12' },
      422,
      DELIVERY_MESSAGES.noPincodes,
    ],
    ['a blank list', { change: 'unserviceable', pincodes: '   ' }, 400, DELIVERY_MESSAGES.noPincodes],
    ['no list', { change: 'unserviceable' }, 400, null],
    ['an unknown change', { change: 'close', pincodes: '110001' }, 400, DELIVERY_MESSAGES.change],
    ['a list over 400,000 characters', { change: 'unserviceable', pincodes: '1'.repeat(400_001) }, 400, null],
    [
      '20,001 pincodes',
      {
        change: 'unserviceable',
        pincodes: Array.from({ length: 20_001 }, (_, i) => String(100_000 + i)).join('\n'),
      },
      422,
      DELIVERY_MESSAGES.tooManyPincodes(20_000),
    ],
    ['a NUL byte', { change: 'unserviceable', pincodes: '110001\u0000' }, 400, null],
  ])('refuses %s', async (_label, body, status, message) => {
    const res = await send('POST', '/api/admin/delivery/pincodes', body);
    expect(res.status).toBe(status);
    if (message) expect(JSON.stringify(await errorOf(res))).toContain(message);
  });
});
