// The Shiprocket adapter against the local stand-in of Shiprocket's documented API, over real HTTP.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { COURIER_SCANS } from '@marketplace/domain/orders/courier-scans';
import {
  SHIPROCKET_STAND_IN,
  type ShiprocketStandIn,
  startShiprocketStandIn,
} from '../../../test-support/shiprocket-stand-in.ts';
import type { CourierBooking } from './provider.ts';
import { createShiprocketCourier, istDateTime, tenDigitPhone } from './shiprocket.ts';
import { SHIPROCKET_STATUSES, shiprocketScan, shiprocketTime } from './shiprocket-statuses.ts';

let standIn: ShiprocketStandIn;
beforeAll(async () => {
  standIn = await startShiprocketStandIn();
});
afterAll(() => standIn.close());
afterEach(() => standIn.failNext(0));

const courier = (retry = { attempts: 3, firstDelayMs: 5, timeoutMs: 400 }) =>
  createShiprocketCourier({
    baseUrl: standIn.url,
    email: SHIPROCKET_STAND_IN.email,
    password: SHIPROCKET_STAND_IN.password,
    pickupLocation: SHIPROCKET_STAND_IN.pickupLocation,
    retry,
  });
let nextRef = 1;
const booking = (overrides: Partial<CourierBooking> = {}): CourierBooking => ({
  reference: `SHP-20261206${String(nextRef++).padStart(6, '0')}-1`,
  orderNo: 'OD20261206000001',
  pickup: {
    name: 'Asha Handlooms',
    address: '12 MG Road',
    city: 'Pune',
    state: 'Maharashtra',
    pincode: '411001',
    phone: '+91 98200 12345',
  },
  delivery: {
    name: 'Ravi Kumar',
    address: '4 Park Street',
    city: 'Kolkata',
    state: 'West Bengal',
    pincode: '700016',
    phone: '9830012345',
  },
  weightGrams: 750,
  paymentMode: 'cod',
  codPaise: 129_900,
  contents: 'Kurta × 1',
  bookedAt: new Date('2026-12-06T10:00:00Z'),
  ...overrides,
});

describe('Shiprocket statuses', () => {
  it('reads every documented status code as one of our scans or as none', () => {
    for (const [code, { scan }] of Object.entries(SHIPROCKET_STATUSES))
      expect(scan === null || (COURIER_SCANS as readonly string[]).includes(scan), code).toBe(true);
    expect(shiprocketScan(42)).toBe('picked_up');
    expect(shiprocketScan('6')).toBe('in_transit');
    expect(shiprocketScan('38')).toBe('reached_destination_hub');
    expect(shiprocketScan(17)).toBe('out_for_delivery');
    expect(shiprocketScan(7)).toBe('delivered');
    expect(shiprocketScan(21)).toBe('delivery_attempted');
    expect(shiprocketScan(9)).toBe('rto_initiated');
    expect(shiprocketScan(12)).toBe('lost');
    // the seller's cancellation and unknown codes are no scan of the courier's
    expect(shiprocketScan(8)).toBeNull();
    expect(shiprocketScan('NA')).toBeNull();
    expect(shiprocketScan(999)).toBeNull();
    // every scan is reachable from some code
    const mapped = new Set(Object.values(SHIPROCKET_STATUSES).map((s) => s.scan));
    for (const scan of COURIER_SCANS) expect(mapped.has(scan), scan).toBe(true);
  });

  it('reads Shiprocket’s times as Indian Standard Time, in both its formats', () => {
    expect(shiprocketTime('2022-07-19 11:37:00')?.toISOString()).toBe('2022-07-19T06:07:00.000Z');
    expect(shiprocketTime('23 05 2023 11:43:52')?.toISOString()).toBe('2023-05-23T06:13:52.000Z');
    expect(shiprocketTime('yesterday')).toBeNull();
    expect(shiprocketTime(null)).toBeNull();
    expect(istDateTime(new Date('2026-12-06T20:00:00Z'))).toBe('2026-12-07 01:30');
    expect(tenDigitPhone('+91 98200-12345')).toBe('9820012345');
    expect(tenDigitPhone('098200 12345')).toBe('9820012345');
    expect(tenDigitPhone('12345')).toBeNull();
    expect(tenDigitPhone(null)).toBeNull();
  });
});

describe('the Shiprocket adapter against Shiprocket’s documented API', () => {
  it('quotes the recommended courier’s rate, and says when a route is not served', async () => {
    const c = courier();
    const quote = await c.quote({
      pickupPincode: '411001',
      deliveryPincode: '700016',
      weightGrams: 750,
      paymentMode: 'cod',
      codPaise: 50_000,
    });
    expect(quote).toEqual({
      code: 'SERVICEABLE',
      courierName: 'Xpressbees Surface',
      chargePaise: 12_400,
      transitDays: 5,
    });
    standIn.unserviceable.add('799999');
    expect(
      await c.quote({
        pickupPincode: '411001',
        deliveryPincode: '799999',
        weightGrams: 500,
        paymentMode: 'prepaid',
        codPaise: 0,
      }),
    ).toEqual({
      code: 'NOT_SERVICEABLE',
      reason: 'Delivery postcode not serviceable',
    });
  });

  it('books an order with the documented fields and formats, and the same reference again gives the same AWB', async () => {
    const c = courier();
    const input = booking();
    const booked = await c.book(input);
    expect(booked).toMatchObject({ code: 'BOOKED', courierName: 'Xpressbees Surface', chargePaise: 12_400 });
    if (booked.code !== 'BOOKED') throw new Error('booked');
    const made = standIn.byAwb(booked.awbNo);
    expect(made?.body).toMatchObject({
      order_id: input.reference,
      order_date: '2026-12-06 15:30',
      pickup_location: SHIPROCKET_STAND_IN.pickupLocation,
      billing_pincode: 700016,
      billing_phone: 9830012345,
      payment_method: 'COD',
      sub_total: 1299,
      weight: 0.75,
    });
    // a retried click: Shiprocket answers the order it has, and no second AWB is assigned
    const again = await c.book(input);
    expect(again).toMatchObject({ code: 'BOOKED', awbNo: booked.awbNo });
    expect([...standIn.shipments.values()].filter((s) => s.channelOrderId === input.reference)).toHaveLength(
      1,
    );
  });

  it('refuses a parcel whose delivery phone Shiprocket would not take, before creating anything', async () => {
    const c = courier();
    const input = booking({ delivery: { ...booking().delivery, phone: '12345' } });
    expect(await c.book(input)).toEqual({
      code: 'NOT_SERVICEABLE',
      reason: 'The delivery address needs a 10-digit phone number.',
    });
    expect([...standIn.shipments.values()].some((s) => s.channelOrderId === input.reference)).toBe(false);
  });

  it('logs in once, keeps the token, and logs in again when Shiprocket stops taking it', async () => {
    const c = courier();
    const logins = () => standIn.requests.filter((r) => r.path === '/auth/login').length;
    const before = logins();
    await c.book(booking());
    await c.book(booking());
    expect(logins() - before).toBe(1);
    standIn.expireTokens();
    const booked = await c.book(booking());
    expect(booked.code).toBe('BOOKED');
    expect(logins() - before).toBe(2);
    expect(standIn.requests.some((r) => r.status === 401)).toBe(true);
  });

  it('refuses a wrong API password with Shiprocket’s words', async () => {
    const c = createShiprocketCourier({
      baseUrl: standIn.url,
      email: SHIPROCKET_STAND_IN.email,
      password: 'wrong',
      pickupLocation: 'Primary',
    });
    await expect(
      c.quote({
        pickupPincode: '411001',
        deliveryPincode: '700016',
        weightGrams: 500,
        paymentMode: 'prepaid',
        codPaise: 0,
      }),
    ).rejects.toThrow('Invalid email and password combination');
  });

  it('tries again after 5xx answers and books; after the last try it says the courier could not be reached', async () => {
    const c = courier();
    standIn.failNext(2, 502);
    expect((await c.book(booking())).code).toBe('BOOKED');
    standIn.failNext(100, 503);
    const before = standIn.requests.length;
    expect(await c.book(booking())).toEqual({
      code: 'UNAVAILABLE',
      reason: 'The courier did not answer after 3 tries.',
    });
    // three tries, no more
    expect(standIn.requests.length - before).toBe(3);
  });

  it('waits with growing pauses between tries', async () => {
    const c = courier({ attempts: 3, firstDelayMs: 100, timeoutMs: 400 });
    standIn.failNext(100, 500);
    const before = standIn.requests.length;
    const started = Date.now();
    await c.book(booking());
    const times = standIn.requests.slice(before).map((r) => r.at);
    expect(times).toHaveLength(3);
    const [a = 0, b = 0, d = 0] = times;
    expect(b - a).toBeGreaterThanOrEqual(95);
    expect(d - b).toBeGreaterThanOrEqual(195);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('gives up on a call that hangs past its timeout and tries again', async () => {
    const c = courier({ attempts: 2, firstDelayMs: 5, timeoutMs: 200 });
    standIn.failNext(1, 'hang');
    expect((await c.book(booking())).code).toBe('BOOKED');
    standIn.failNext(100, 'hang');
    expect(await c.book(booking())).toEqual({
      code: 'UNAVAILABLE',
      reason: 'The courier did not answer after 2 tries.',
    });
  });

  it('prints the label and the manifest as PDFs, and schedules the pickup', async () => {
    const c = courier();
    const a = await c.book(booking());
    const b = await c.book(booking({ paymentMode: 'prepaid', codPaise: 0 }));
    if (a.code !== 'BOOKED' || b.code !== 'BOOKED') throw new Error('booked');
    const label = await c.label(a.awbNo);
    expect(
      Buffer.from(label ?? [])
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect(await c.label('SR0000')).toBeNull();
    const pickup = await c.schedulePickup({ awbNos: [a.awbNo, b.awbNo], pickupDate: '2026-12-07' });
    expect(pickup).toMatchObject({ code: 'SCHEDULED', pickupDate: '2026-12-07' });
    expect(await c.schedulePickup({ awbNos: ['SR0000'], pickupDate: '2026-12-07' })).toEqual({
      code: 'REFUSED',
      reason: 'The courier does not know AWB SR0000.',
    });
    const manifest = await c.manifest([a.awbNo, b.awbNo]);
    expect(
      Buffer.from(manifest ?? [])
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    // a second print of a manifest already generated
    const again = await c.manifest([a.awbNo]);
    expect(
      Buffer.from(again ?? [])
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    // a fresh adapter (a restart) finds Shiprocket's ids from the AWB's tracking
    expect(
      Buffer.from((await courier().label(b.awbNo)) ?? [])
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it('tracks the scans in the order they happened, each with its own key, and leaves out what is no scan', async () => {
    const c = courier();
    const booked = await c.book(booking());
    if (booked.code !== 'BOOKED') throw new Error('booked');
    const t0 = Math.ceil(Date.now() / 1000) * 1000 + 60_000;
    await standIn.scan(booked.awbNo, 42, 'Pune_Hub (Maharashtra)', new Date(t0));
    await standIn.scan(booked.awbNo, 18, 'Nagpur_Hub', new Date(t0 + 3_600_000));
    await standIn.scan(booked.awbNo, 38, 'Kolkata_DC', new Date(t0 + 7_200_000));
    await standIn.scan(booked.awbNo, 17, 'Kolkata_DC', new Date(t0 + 10_800_000));
    await standIn.scan(booked.awbNo, 7, 'Kolkata_DC', new Date(t0 + 14_400_000));
    const events = await c.track(booked.awbNo);
    expect(events.map((e) => e.scan)).toEqual([
      'booked',
      'picked_up',
      'in_transit',
      'reached_destination_hub',
      'out_for_delivery',
      'delivered',
    ]);
    expect(events[1]).toMatchObject({ location: 'Pune_Hub (Maharashtra)', occurredAt: new Date(t0) });
    expect(new Set(events.map((e) => e.eventKey)).size).toBe(events.length);
    expect(await c.track('SR0000')).toEqual([]);
  });

  it('cancels before pickup, and says too late after it', async () => {
    const c = courier();
    const a = await c.book(booking());
    const b = await c.book(booking());
    if (a.code !== 'BOOKED' || b.code !== 'BOOKED') throw new Error('booked');
    expect(await c.cancel(a.awbNo)).toEqual({ code: 'CANCELLED' });
    await standIn.scan(b.awbNo, 42);
    expect(await c.cancel(b.awbNo)).toEqual({ code: 'TOO_LATE' });
    expect(await c.cancel('SR0000')).toEqual({ code: 'NOT_FOUND' });
  });

  it('books a reverse pickup from the shopper to the seller', async () => {
    const c = courier();
    const input = booking();
    const booked = await c.bookReversePickup({
      reference: 'RET-20261206-1',
      orderNo: input.orderNo,
      pickup: input.delivery,
      delivery: input.pickup,
      weightGrams: 600,
      contents: 'Kurta × 1',
      qualityCheckNotes: ['Tags attached', 'Unworn'],
      bookedAt: input.bookedAt,
    });
    expect(booked).toMatchObject({ code: 'BOOKED' });
    if (booked.code !== 'BOOKED') throw new Error('booked');
    const made = standIn.byAwb(booked.awbNo);
    expect(made).toMatchObject({ isReturn: true, channelOrderId: 'RET-20261206-1' });
    expect(made?.body).toMatchObject({
      pickup_pincode: 700016,
      shipping_pincode: 411001,
      payment_method: 'Prepaid',
    });
  });

  it('sends NDR actions as Shiprocket’s re-attempt or return, refused when the parcel has no failed attempt', async () => {
    const c = courier();
    const booked = await c.book(booking());
    if (booked.code !== 'BOOKED') throw new Error('booked');
    const refused = await c.ndrAction(booked.awbNo, { action: 'return_to_origin' });
    expect(refused).toEqual({ code: 'REFUSED', reason: 'Shipment is not in NDR.' });
    await standIn.scan(booked.awbNo, 21);
    expect(await c.ndrAction(booked.awbNo, { action: 're_attempt', date: '2026-12-08' })).toEqual({
      code: 'ACCEPTED',
    });
    expect(await c.ndrAction(booked.awbNo, { action: 'change_phone', phone: '9830098300' })).toEqual({
      code: 'ACCEPTED',
    });
    expect(await c.ndrAction(booked.awbNo, { action: 'return_to_origin' })).toEqual({ code: 'ACCEPTED' });
    expect(standIn.byAwb(booked.awbNo)?.ndrActions.map((a) => a.action)).toEqual([
      're-attempt',
      're-attempt',
      'return',
    ]);
    expect(await c.ndrAction('SR0000', { action: 'return_to_origin' })).toEqual({ code: 'NOT_FOUND' });
  });

  it('reads COD remittances in a date range, parcel by parcel, in paise', async () => {
    standIn.remittances.push(
      {
        utr: 'HDFC0000123',
        remittance_date: '2026-12-04',
        remitted_amount: '2548.20',
        awbs: [
          { awb: 'SR1', cod_amount: '1299.00', deductions: '25.00' },
          { awb: 'SR2', cod_amount: '1299.00', deductions: '24.80' },
        ],
      },
      { utr: 'HDFC0000999', remittance_date: '2026-11-01', remitted_amount: '100.00', awbs: [] },
    );
    const found = await courier().codRemittances({ from: '2026-12-01', to: '2026-12-06' });
    expect(found).toEqual([
      {
        utr: 'HDFC0000123',
        remittedOn: '2026-12-04',
        amountPaise: 254_820,
        parcels: [
          { awbNo: 'SR1', codPaise: 129_900, deductionPaise: 2_500 },
          { awbNo: 'SR2', codPaise: 129_900, deductionPaise: 2_480 },
        ],
      },
    ]);
  });

  it('the stand-in refuses what Shiprocket refuses: no token, bad formats', async () => {
    const unauth = await fetch(
      `${standIn.url}/courier/serviceability/?pickup_postcode=411001&delivery_postcode=700016&weight=1&cod=0`,
    );
    expect(unauth.status).toBe(401);
    expect(await unauth.json()).toEqual({ message: 'Unauthenticated.', status_code: 401 });
    const login = await fetch(`${standIn.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: SHIPROCKET_STAND_IN.email, password: SHIPROCKET_STAND_IN.password }),
    });
    const { token } = (await login.json()) as { token: string };
    const res = await fetch(`${standIn.url}/orders/create/adhoc`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        order_id: 'X1',
        order_date: '06/12/2026',
        billing_pincode: 1234,
        billing_phone: '98',
        payment_method: 'cash',
        weight: 750,
      }),
    });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { message: string; errors: Record<string, string[]> };
    expect(body.message).toBe('Oops! Invalid Data.');
    expect(Object.keys(body.errors)).toEqual(
      expect.arrayContaining([
        'order_date',
        'billing_pincode',
        'billing_phone',
        'payment_method',
        'pickup_location',
        'length',
      ]),
    );
  });
});
