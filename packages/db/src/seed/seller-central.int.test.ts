import { sql } from 'drizzle-orm';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { isDispatchLate } from '@marketplace/domain/sellers/dispatch';
import { gstinProblem, panOfGstin, PAN_PATTERN } from '@marketplace/domain/sellers/tax-identity';
import { TRACKING_STEPS } from '@marketplace/domain/orders/tracking';
import { type DatabaseHandle, queryRows } from '../client.ts';
import { openTestDatabase, TEST_SEED } from '@marketplace/db/testing';
import { DEMO_SHOPPERS } from './index.ts';
import { gstStateCode, SELLER_APPLICANTS } from './seller-central.ts';

const DAY_MS = 86_400_000;
let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase(inject('testDatabase'));
});
afterAll(() => handle.close());

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(handle.db, query);
const now = TEST_SEED.now;

describe('every seeded seller’s console', () => {
  it('has the business details of an approved seller: a valid GSTIN of its pincode’s state with its PAN, addresses, contact, bank and categories', async () => {
    const sellers = await rows<{
      name: string;
      status: string;
      gstin: string | null;
      pan: string | null;
      state: string;
      pickup_address: string | null;
      return_address: string | null;
      return_pincode: string | null;
      contact_name: string | null;
      contact_email: string | null;
      contact_mobile: string | null;
      bank_account_name: string | null;
      bank_account_number: string | null;
      bank_ifsc: string | null;
      category_ids: number[];
      submitted_at: Date | null;
      decided_at: Date | null;
    }>(sql`SELECT s.*, p.state FROM sellers s JOIN pincodes p USING (pincode) ORDER BY s.id`);
    const approved = sellers.filter((s) => s.status === 'approved');
    expect(approved.length).toBe(62);
    for (const s of sellers) {
      const gstin = s.gstin ?? '';
      expect(gstinProblem(gstin), `${s.name} ${gstin}`).toBeNull();
      expect(gstin.slice(0, 2), s.name).toBe(gstStateCode(s.state));
      expect(s.pan, s.name).toBe(panOfGstin(gstin));
      expect(s.pan ?? '', s.name).toMatch(PAN_PATTERN);
      expect(s.bank_ifsc ?? '', s.name).toMatch(/^[A-Z]{4}0[A-Z0-9]{6}$/);
      expect(s.bank_account_number ?? '', s.name).toMatch(/^[0-9]{9,18}$/);
      expect(s.contact_mobile ?? '', s.name).toMatch(/^[6-9][0-9]{9}$/);
      for (const field of [s.pickup_address, s.return_address, s.return_pincode, s.contact_name, s.contact_email, s.bank_account_name])
        expect(field, s.name).toBeTruthy(); // prettier-ignore
      expect(s.category_ids.length, s.name).toBeGreaterThan(0);
      expect(s.submitted_at, s.name).not.toBeNull();
    }
  });

  it('gives every approved seller with stock items in each state it works with, over the last 30 days', async () => {
    const items = await rows<{
      seller_id: number;
      status: string;
      placed_at: Date;
      dispatch_days: number;
      delivered_at: Date | null;
      return_window_days: number;
      returned_quantity: number;
      tracking: string | null;
      events: string[];
      cancelled_by: string | null;
      refund_status: string | null;
    }>(sql`
      SELECT oi.seller_id, oi.status, o.created_at AS placed_at, oi.dispatch_days, oi.delivered_at,
        oi.return_window_days, oi.returned_quantity, sh.status AS tracking,
        coalesce((SELECT array_agg(te.status ORDER BY te.occurred_at, te.id) FROM tracking_events te WHERE te.shipment_id = sh.id), '{}') AS events,
        (SELECT r.requested_by FROM item_requests r WHERE r.order_item_id = oi.id AND r.kind = 'cancel' AND r.status = 'completed') AS cancelled_by,
        (SELECT f.status FROM item_requests r JOIN refunds f ON f.request_id = r.id WHERE r.order_item_id = oi.id AND r.kind = 'return') AS refund_status
      FROM order_items oi JOIN orders o ON o.id = oi.order_id JOIN users u ON u.id = o.user_id
      LEFT JOIN shipments sh ON sh.id = oi.shipment_id
      WHERE u.email LIKE '%@buyers.example.com'`);
    for (const i of items) {
      // raw rows carry timestamps as text
      i.placed_at = new Date(i.placed_at);
      i.delivered_at = i.delivered_at === null ? null : new Date(i.delivered_at);
    }
    const selling = await rows<{ id: number; name: string }>(sql`
      SELECT s.id, s.name FROM sellers s WHERE s.status = 'approved'
        AND EXISTS (SELECT 1 FROM offers f WHERE f.seller_id = s.id AND f.stock > 0 AND f.is_active)`);
    expect(selling.length).toBeGreaterThan(40);
    const returnable = new Set(
      (
        await rows<{ seller_id: number }>(sql`
          SELECT DISTINCT f.seller_id FROM offers f JOIN products p ON p.id = f.product_id
          WHERE f.stock > 0 AND f.is_active AND p.return_days >= 3`)
      ).map((r) => r.seller_id),
    );
    const indianDay = (d: Date) => new Date(d.getTime() + 5.5 * 3_600_000).toISOString().slice(0, 10);
    const missing: string[] = [];
    for (const seller of selling) {
      const own = items.filter((i) => i.seller_id === seller.id);
      const has = (label: string, test: (i: (typeof own)[number]) => boolean) => {
        if (!own.some(test)) missing.push(`${seller.name}: ${label}`);
      };
      const pending = (i: (typeof own)[number]) => i.status === 'pending' && i.tracking === null;
      const late = (i: (typeof own)[number]) =>
        isDispatchLate({ placedAt: i.placed_at, dispatchDays: i.dispatch_days, dispatchedAt: null }, now);
      has('new today', (i) => pending(i) && indianDay(i.placed_at) === indianDay(now) && i.placed_at <= now);
      has('to ship in time', (i) => pending(i) && !late(i));
      has('to ship, late', (i) => pending(i) && late(i));
      has('shipped with tracking', (i) => i.status === 'shipped' && i.events.length > 0);
      has('delivered', (i) => i.status === 'delivered');
      if (returnable.has(seller.id))
        has('delivered inside the return window', (i) =>
        i.status === 'delivered' && i.delivered_at !== null &&
        i.delivered_at.getTime() + i.return_window_days * DAY_MS > now.getTime()); // prettier-ignore
      has('cancelled by the shopper', (i) => i.status === 'cancelled' && i.cancelled_by === 'customer');
      has('cancelled by the seller', (i) => i.status === 'cancelled' && i.cancelled_by === 'seller');
      for (const i of own) {
        expect(i.placed_at.getTime()).toBeGreaterThan(now.getTime() - 30 * DAY_MS);
        expect(i.placed_at.getTime()).toBeLessThanOrEqual(now.getTime());
        if (i.tracking) {
          // the same steps the seller's tracking form walks, ending where the shipment is
          const steps = TRACKING_STEPS.slice(0, TRACKING_STEPS.indexOf(i.tracking as never) + 1);
          expect(i.events).toEqual(steps);
        }
      }
    }
    expect(missing).toEqual([]);
    // a returned item is refunded, and most sellers have one
    const returned = items.filter((i) => i.returned_quantity > 0);
    expect(returned.every((i) => i.refund_status === 'completed')).toBe(true);
    expect(new Set(returned.map((i) => i.seller_id)).size).toBeGreaterThan(selling.length * 0.8);
  });

  it('leaves shoppers’ requests and messages waiting for every approved seller with stock', async () => {
    const waiting = await rows<{
      name: string;
      requests: number;
      kinds: string[];
      unread: number;
      privilege: number;
    }>(sql`
      SELECT s.name,
        (SELECT count(*)::int FROM item_requests r JOIN order_items oi ON oi.id = r.order_item_id
          WHERE oi.seller_id = s.id AND r.status = 'pending') AS requests,
        (SELECT coalesce(array_agg(DISTINCT r.kind), '{}') FROM item_requests r JOIN order_items oi ON oi.id = r.order_item_id
          WHERE oi.seller_id = s.id AND r.status = 'pending') AS kinds,
        (SELECT count(*)::int FROM seller_messages m WHERE m.seller_id = s.id AND m.author = 'shopper' AND m.read_at IS NULL) AS unread,
        (SELECT count(*)::int FROM seller_messages m WHERE m.seller_id = s.id AND m.topic = 'privilege_claim') AS privilege
      FROM sellers s WHERE s.status = 'approved'
        AND EXISTS (SELECT 1 FROM offers f WHERE f.seller_id = s.id AND f.stock > 0 AND f.is_active)`);
    for (const s of waiting) {
      expect(s.requests, s.name).toBeGreaterThan(0);
      expect(s.kinds, s.name).toContain('cancel');
      expect(s.unread, s.name).toBeGreaterThan(0);
    }
    const all = waiting.flatMap((s) => s.kinds);
    expect(new Set(all)).toEqual(new Set(['cancel', 'return', 'replace']));
    expect(waiting.filter((s) => s.privilege > 0).length).toBeGreaterThan(waiting.length / 2);
    // every open request gives its reasons
    const reasonless = await rows<{ ref_no: string }>(sql`
      SELECT r.ref_no FROM item_requests r WHERE r.status = 'pending'
        AND NOT EXISTS (SELECT 1 FROM item_request_reasons x WHERE x.request_id = r.id)`);
    expect(reasonless).toEqual([]);
  });

  it('places these orders for shoppers of their own, leaving the demo shoppers’ history as it was', async () => {
    const demo = await rows<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM orders o JOIN users u ON u.id = o.user_id
      WHERE u.email IN (${sql.join(
        DEMO_SHOPPERS.map((s) => sql`${s.email}`),
        sql`, `,
      )})`);
    expect(demo[0]?.n).toBe(DEMO_SHOPPERS.reduce((sum, s) => sum + s.scenarios.length, 0));
    const money = await rows<{ order_no: string; total: number; refunded: number }>(sql`
      SELECT o.order_no, o.total_paise AS total, coalesce(sum(f.amount_paise), 0)::int AS refunded
      FROM orders o JOIN users u ON u.id = o.user_id LEFT JOIN refunds f ON f.order_id = o.id
      WHERE u.email LIKE '%@buyers.example.com' GROUP BY o.id HAVING coalesce(sum(f.amount_paise), 0) > o.total_paise`);
    expect(money).toEqual([]);
    const buyers = await rows<{ n: number }>(sql`SELECT count(DISTINCT o.user_id)::int AS n FROM orders o
      JOIN users u ON u.id = o.user_id WHERE u.email LIKE '%@buyers.example.com'`);
    expect(buyers[0]?.n).toBeGreaterThan(20);
  });

  it('runs a few campaigns of sellers’ own whose figures are their events, none served on the storefront', async () => {
    const campaigns = await rows<{
      name: string;
      impressions: number;
      clicks: number;
      spent: number;
      shown: number;
      clicked: number;
      cost: number;
      is_active: boolean;
      to_date: string;
      review_status: string;
    }>(sql`
      SELECT c.name, c.impressions, c.clicks, c.spent_paise AS spent, c.is_active, c.to_date::text AS to_date,
        c.review_status,
        count(*) FILTER (WHERE e.kind = 'impression')::int AS shown,
        count(*) FILTER (WHERE e.kind = 'click')::int AS clicked,
        coalesce(sum(e.cost_paise), 0)::int AS cost
      FROM brand_campaigns c LEFT JOIN campaign_events e ON e.campaign_id = c.id
      WHERE c.seller_id IS NOT NULL GROUP BY c.id`);
    expect(campaigns.length).toBeGreaterThanOrEqual(5);
    for (const c of campaigns) {
      expect({ impressions: c.shown, clicks: c.clicked, spent: c.cost }, c.name).toEqual({
        impressions: c.impressions,
        clicks: c.clicks,
        spent: c.spent,
      });
      // paused, ended before the seed's today, or still waiting for the operator's approval
      const served =
        c.is_active && c.to_date >= now.toISOString().slice(0, 10) && c.review_status === 'approved';
      expect(served, c.name).toBe(false);
    }
  });
});

describe('the operator’s queue', () => {
  it('has applicants waiting and one refused with a reason, with their documents on file and no listings', async () => {
    const applicants = await rows<{
      id: number;
      name: string;
      status: string;
      rejection_reason: string | null;
      submitted_at: Date | null;
      gstin: string;
      offers: number;
      email: string;
    }>(sql`
      SELECT s.id, s.name, s.status, s.rejection_reason, s.submitted_at, s.gstin, u.email,
        (SELECT count(*)::int FROM offers f WHERE f.seller_id = s.id) AS offers
      FROM sellers s JOIN users u ON u.id = s.user_id WHERE s.status <> 'approved' ORDER BY s.id`);
    expect(applicants.map((a) => [a.name, a.status])).toEqual(
      SELLER_APPLICANTS.map((a) => [a.name, a.status]),
    );
    const source = inject('testDatabase');
    for (const a of applicants) {
      expect(a.offers).toBe(0);
      expect(a.submitted_at).not.toBeNull();
      expect(gstinProblem(a.gstin)).toBeNull();
      expect(a.email).toMatch(/@sellers\.example\.com$/);
      if (a.status === 'rejected') expect(a.rejection_reason).toBeTruthy();
      const documents = await rows<{ kind: string; key: string; content_type: string; size_bytes: number }>(
        sql`SELECT kind, key, content_type, size_bytes FROM seller_documents WHERE seller_id = ${a.id} ORDER BY kind`,
      );
      expect(documents.map((d) => d.kind)).toEqual(['cancelled_cheque', 'gst_certificate']);
      for (const d of documents) {
        expect(d.key).toMatch(/^[0-9a-f]{32}$/);
        // where the disk upload store reads it: beside the media folder, two hex levels deep
        const file = await readFile(
          join(source.mediaDir, '..', 'uploads', d.key.slice(0, 2), d.key.slice(2, 4), d.key),
        );
        expect(file.length).toBe(d.size_bytes);
        const magic = d.content_type === 'application/pdf' ? '%PDF-' : '\x89PNG';
        expect(file.subarray(0, magic.length).toString('latin1')).toBe(magic);
      }
    }
  });
});
