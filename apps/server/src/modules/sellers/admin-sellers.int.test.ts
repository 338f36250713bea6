import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, categories, queryRows, sellerDocuments, sellers, users } from '@marketplace/db';
import {
  ADMIN_SELLER_MESSAGES,
  type AdminSellerDecided,
  type AdminSellerDetail,
  type AdminSellerList,
} from '@marketplace/domain/admin/sellers-api';
import { STAFF_ROLES, canReach } from '@marketplace/domain/admin/console';
import { STAFF_MESSAGES } from '@marketplace/domain/admin/staff-api';
import { isDispatchLate } from '@marketplace/domain/sellers/dispatch';
import { PERFORMANCE_WINDOW_DAYS } from '@marketplace/domain/sellers/performance';
import { SELLER_APPLICANTS } from '@marketplace/db/seed';
import { joinFields, joinForm, PDF_BYTES } from '../../../test-support/seller-join.ts';
import { verifiedStaff } from '../../../test-support/staff.ts';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';

// requirements#operator-sellers
let t: TestApp;
let catalog: string;
let owner: string;
// a fixed clock a little ahead: decisions come after the applications the tests send now
const NOW = new Date(Date.now() + 60 * 60_000);
let topIds: number[];

beforeAll(async () => {
  t = await createTestApp({ clock: () => NOW });
  catalog = (await verifiedStaff(t, 'meera.catalog@bazaar.example.com', 'catalog', () => NOW)).cookie;
  owner = (await verifiedStaff(t, 'arjun.owner@bazaar.example.com', 'owner', () => NOW)).cookie;
  topIds = (await t.db.select({ id: categories.id }).from(categories).where(eq(categories.level, 1))).map(
    (row) => row.id,
  );
});
afterAll(() => t.close());

const get = (path: string, cookie?: string) => t.request(path, { headers: cookie ? { cookie } : {} });
const post = (path: string, body: unknown, cookie?: string) =>
  t.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string; fields?: Record<string, string> } }).error;
const list = async (query: string, cookie = catalog) => {
  const res = await get(`/api/admin/sellers${query}`, cookie);
  expect(res.status, query).toBe(200);
  return (await res.json()) as AdminSellerList;
};
const detail = async (id: number, cookie = catalog) => {
  const res = await get(`/api/admin/sellers/${id}`, cookie);
  expect(res.status).toBe(200);
  return (await res.json()) as AdminSellerDetail;
};
const decide = (id: number, body: unknown, cookie = catalog) =>
  post(`/api/admin/sellers/${id}/decision`, body, cookie);

let joined = 0;
/** A new account that applies to sell through the joining API: its seller id, email and cookie. */
async function applicant(name: string) {
  joined += 1;
  const email = `applicant${joined}-${Date.now()}@example.com`;
  await t.db.insert(users).values({ email, passwordHash: 'x', firstName: 'New', lastName: name });
  const cookie = await t.loginCookie(email);
  const res = await t.request('/api/seller/registration', {
    method: 'POST',
    headers: { cookie },
    body: joinForm(joinFields({ displayName: name, contactEmail: email }), [topIds[0] ?? 0]),
  });
  expect(res.status).toBe(201);
  const [row] = await t.db
    .select({ id: sellers.id })
    .from(sellers)
    .innerJoin(users, eq(users.id, sellers.userId))
    .where(eq(users.email, email));
  if (!row) throw new Error('the application was made');
  return { id: row.id, email, cookie };
}

const seededPending = SELLER_APPLICANTS.filter((a) => a.status === 'pending').map((a) => a.name);
const SELLER_LOGIN = 'dakshin-mart@sellers.example.com';
const auditOf = (sellerId: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'seller'), eq(auditLog.targetId, String(sellerId))))
    .orderBy(auditLog.id);

describe('who reaches the sellers area', () => {
  const paths = ['/api/admin/sellers', '/api/admin/sellers/1', '/api/admin/sellers/1/documents/1'];
  it('answers a visitor 401, a shopper and a seller 403', async () => {
    const shopper = await t.loginCookie('priya@example.com');
    const seller = await t.loginCookie(SELLER_LOGIN);
    for (const path of paths) {
      expect((await get(path)).status, path).toBe(401);
      const refused = await get(path, shopper);
      expect(refused.status, path).toBe(403);
      expect((await errorOf(refused)).message).toBe(STAFF_MESSAGES.notStaff);
      expect((await get(path, seller)).status, path).toBe(403);
    }
    expect((await decide(1, { action: 'approve' }, '')).status).toBe(401);
    expect((await decide(1, { action: 'approve' }, shopper)).status).toBe(403);
    expect((await decide(1, { action: 'approve' }, seller)).status).toBe(403);
  });

  it('refuses every role that does not reach sellers, and lets owner and catalog in', async () => {
    for (const role of STAFF_ROLES) {
      const { cookie } = await verifiedStaff(t, `${role}.sellers-area@bazaar.example.com`, role, () => NOW);
      const listed = await get('/api/admin/sellers', cookie);
      const decided = await decide(999_999, { action: 'approve' }, cookie);
      if (canReach(role, 'sellers')) {
        expect(listed.status, role).toBe(200);
        expect(decided.status, role).toBe(404);
      } else {
        expect(listed.status, role).toBe(403);
        expect((await errorOf(listed)).message).toBe(STAFF_MESSAGES.wrongRole);
        expect(decided.status, role).toBe(403);
        expect((await get('/api/admin/sellers/1', cookie)).status, role).toBe(403);
      }
    }
    expect(STAFF_ROLES.filter((role) => canReach(role, 'sellers'))).toEqual(['owner', 'catalog']);
  });

  it('refuses a staff member who has not entered a code in this session', async () => {
    await verifiedStaff(t, 'second.session@bazaar.example.com', 'catalog', () => NOW);
    const fresh = await t.loginCookie('second.session@bazaar.example.com');
    const res = await get('/api/admin/sellers', fresh);
    expect(res.status).toBe(403);
    expect((await errorOf(res)).message).toBe(STAFF_MESSAGES.needsSecondFactor);
  });
});

describe('GET /api/admin/sellers', () => {
  it('lists the pending queue oldest application first, with business details', async () => {
    const newer = await applicant('Queue Test Traders');
    const queue = await list('');
    expect(queue.status).toBe('pending');
    const names = queue.sellers.map((s) => s.displayName);
    for (const name of seededPending) expect(names).toContain(name);
    expect(names.indexOf('Queue Test Traders')).toBeGreaterThan(names.indexOf(seededPending[0] ?? ''));
    const times = queue.sellers.map((s) => s.submittedAt ?? '');
    expect([...times].sort()).toEqual(times);
    const row = queue.sellers.find((s) => s.sellerId === newer.id);
    expect(row).toMatchObject({
      email: newer.email,
      pickupPincode: '560009',
      status: 'pending',
      performance: null,
    });
    expect(row?.categories.length).toBe(1);
    expect(queue.counts.pending).toBe(queue.total);
    expect(queue.counts.approved).toBeGreaterThan(30);
    expect(queue.counts.rejected).toBeGreaterThanOrEqual(1);
  });

  it('shows the other tabs, approved sellers with their performance', async () => {
    const approved = await list('?status=approved');
    expect(approved.sellers.length).toBeGreaterThan(0);
    for (const row of approved.sellers) {
      expect(row.status).toBe('approved');
      expect(row.performance).not.toBeNull();
    }
    const rejected = await list('?status=rejected');
    expect(rejected.sellers.map((s) => s.displayName)).toContain('Sabarmati Traders');
    expect((await list('?status=suspended')).sellers.every((s) => s.status === 'suspended')).toBe(true);
  });

  it('searches by name, email and GSTIN, in every tab’s count', async () => {
    const [seeded] = await t.db
      .select({ id: sellers.id, name: sellers.name, gstin: sellers.gstin })
      .from(sellers)
      .innerJoin(users, eq(users.id, sellers.userId))
      .where(eq(users.email, SELLER_LOGIN));
    if (!seeded?.gstin) throw new Error('the seeded seller has a GSTIN');
    for (const q of [seeded.name.toUpperCase(), 'dakshin-mart@sellers', seeded.gstin.toLowerCase()]) {
      const found = await list(`?status=approved&q=${encodeURIComponent(q)}`);
      expect(
        found.sellers.map((s) => s.sellerId),
        q,
      ).toContain(seeded.id);
      expect(found.counts.pending, q).toBe(0);
    }
    const none = await list(`?status=approved&q=${encodeURIComponent('%_\\ no such seller')}`);
    expect(none.sellers).toEqual([]);
    expect(none.total).toBe(0);
  });

  it('refuses malformed filters with a clear message, never a 500', async () => {
    const bad = [
      '?status=closed',
      '?page=0',
      '?page=abc',
      `?q=${'x'.repeat(101)}`,
      '?q=%00',
      '?q=ab%01cd',
      '?q=%E0%A4%A',
      '?q=%',
    ];
    for (const query of bad) {
      const res = await get(`/api/admin/sellers${query}`, catalog);
      expect(res.status, query).toBe(400);
      expect((await errorOf(res)).message.length, query).toBeGreaterThan(0);
    }
  });
});

describe('a seller’s page', () => {
  it('shows the business details, documents, history and actions of an application', async () => {
    const { id, email } = await applicant('Detail Page Stores');
    const seller = await detail(id);
    expect(seller.email).toBe(email);
    expect(seller.profile).toMatchObject({
      status: 'pending',
      displayName: 'Detail Page Stores',
      legalName: 'Sri Lakshmi Traders Private Limited',
      bankAccountMasked: '•••• 9012',
      pickupAddress: '12, 4th Cross, Gandhi Nagar',
      returnPincode: '560009',
    });
    expect(JSON.stringify(seller)).not.toContain('123456789012');
    expect(seller.profile.documents.map((d) => d.kind).sort()).toEqual([
      'cancelled_cheque',
      'gst_certificate',
    ]);
    expect(seller.history).toEqual([expect.objectContaining({ actor: 'seller', from: null, to: 'pending' })]);
    expect(seller.actions).toEqual(['approve', 'reject']);
    expect(seller.offers).toEqual({ open: 0, selling: 0 });
  });

  it('answers 404 for a seller that does not exist and 400 for a malformed id', async () => {
    const missing = await get('/api/admin/sellers/999999', catalog);
    expect(missing.status).toBe(404);
    expect((await errorOf(missing)).message).toBe(ADMIN_SELLER_MESSAGES.notFound);
    for (const id of ['abc', '0', '-1', '1.5', '99999999999', '%00']) {
      expect((await get(`/api/admin/sellers/${id}`, catalog)).status, id).toBe(400);
    }
  });

  it('lets staff download a document, only through its own seller', async () => {
    const a = await applicant('Documents One');
    const b = await applicant('Documents Two');
    const docs = await t.db
      .select({ id: sellerDocuments.id, kind: sellerDocuments.kind })
      .from(sellerDocuments)
      .where(eq(sellerDocuments.sellerId, a.id));
    const certificate = docs.find((d) => d.kind === 'gst_certificate');
    if (!certificate) throw new Error('the application has its certificate');
    const res = await get(`/api/admin/sellers/${a.id}/documents/${certificate.id}`, catalog);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PDF_BYTES);
    // requirements#staff-security-events: the read is in the audit log, a refused one is not
    const reads = () =>
      t.db
        .select({ targetId: auditLog.targetId, after: auditLog.after })
        .from(auditLog)
        .where(
          and(
            eq(auditLog.action, 'read.kyc-document'),
            eq(auditLog.actor, 'meera.catalog@bazaar.example.com'),
          ),
        );
    expect(await reads()).toEqual([
      {
        targetId: String(certificate.id),
        after: { sellerId: a.id, documentId: certificate.id, kind: 'gst_certificate' },
      },
    ]);
    expect((await get(`/api/admin/sellers/${b.id}/documents/${certificate.id}`, catalog)).status).toBe(404);
    expect(await reads()).toHaveLength(1);
    expect((await get(`/api/admin/sellers/${a.id}/documents/x`, catalog)).status).toBe(400);
  });
});

describe('POST /api/admin/sellers/{id}/decision', () => {
  it('approves a pending application: the seller can list, and the audit log has before and after', async () => {
    const { id, cookie } = await applicant('Approve Me Mart');
    expect((await get('/api/seller/listings', cookie)).status).toBe(403);
    const res = await decide(id, { action: 'approve' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as AdminSellerDecided;
    expect(body.message).toBe(ADMIN_SELLER_MESSAGES.done.approve('Approve Me Mart'));
    expect(body.seller.profile.status).toBe('approved');
    expect(body.seller.actions).toEqual(['suspend']);
    expect(body.seller.history.map((h) => [h.from, h.to, h.actor])).toEqual([
      [null, 'pending', 'seller'],
      ['pending', 'approved', 'meera.catalog@bazaar.example.com'],
    ]);
    expect((await get('/api/seller/listings', cookie)).status).toBe(200);
    const [entry] = await auditOf(id);
    expect(entry).toMatchObject({
      actor: 'meera.catalog@bazaar.example.com',
      action: 'seller.approve',
      before: { status: 'pending' },
      after: { status: 'approved' },
    });
  });

  it('rejects with a reason the seller reads, and refuses a rejection without one', async () => {
    const { id, cookie } = await applicant('Reject Me Mart');
    for (const body of [
      { action: 'reject' },
      { action: 'reject', reason: '  ' },
      { action: 'reject', reason: 'no' },
    ]) {
      const refused = await decide(id, body);
      expect(refused.status).toBe(400);
      expect((await errorOf(refused)).message).toBe(ADMIN_SELLER_MESSAGES.reasonNeeded);
    }
    const reason = 'The cancelled cheque is unreadable. Upload a clearer scan.';
    const res = await decide(id, { action: 'reject', reason: `  ${reason} ` });
    expect(res.status).toBe(200);
    const seen = (await (await get('/api/seller/registration', cookie)).json()) as {
      application: { status: string; rejectionReason: string };
    };
    expect(seen.application).toMatchObject({ status: 'rejected', rejectionReason: reason });
    const [entry] = await auditOf(id);
    expect(entry).toMatchObject({
      action: 'seller.reject',
      before: { status: 'pending' },
      after: { status: 'rejected', reason },
    });
  });

  it('allows only the transitions that make sense, with 409 and where the seller stands', async () => {
    const { id } = await applicant('Transitions Mart');
    for (const action of ['suspend', 'reinstate'] as const) {
      const body = action === 'suspend' ? { action, reason: 'Late shipments' } : { action };
      const res = await decide(id, body);
      expect(res.status, action).toBe(409);
      expect((await errorOf(res)).message).toMatch(/this seller is pending\.$/);
    }
    expect((await decide(id, { action: 'approve' })).status).toBe(200);
    expect((await decide(id, { action: 'approve' })).status).toBe(409);
    expect((await decide(id, { action: 'reject', reason: 'Too late now' })).status).toBe(409);
    expect((await decide(id, { action: 'reinstate' })).status).toBe(409);
    const suspended = await decide(id, { action: 'suspend', reason: 'Shipped empty boxes twice.' }, owner);
    expect(suspended.status).toBe(200);
    expect(((await suspended.json()) as AdminSellerDecided).seller.actions).toEqual(['reinstate']);
    expect((await decide(id, { action: 'suspend', reason: 'Again' })).status).toBe(409);
    expect((await decide(id, { action: 'reinstate' })).status).toBe(200);
    const trail = await auditOf(id);
    expect(trail.map((e) => [e.action, e.before, e.after])).toEqual([
      ['seller.approve', { status: 'pending' }, { status: 'approved' }],
      [
        'seller.suspend',
        { status: 'approved' },
        { status: 'suspended', reason: 'Shipped empty boxes twice.', offersHeld: 0 },
      ],
      [
        'seller.reinstate',
        { status: 'suspended', reason: 'Shipped empty boxes twice.' },
        { status: 'approved', offersReleased: 0 },
      ],
    ]);
    expect(trail[1]?.actor).toBe('arjun.owner@bazaar.example.com');
  });

  it('makes exactly one of two decisions at once; the other gets 409', async () => {
    const { id } = await applicant('Race Condition Mart');
    const answers = await Promise.all([
      decide(id, { action: 'approve' }),
      decide(id, { action: 'reject', reason: 'The GSTIN belongs to another business.' }, owner),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await auditOf(id)).toHaveLength(1);
    // and two suspensions of the approved (or rejected) seller: at most one is made
    const again = await Promise.all([
      decide(id, { action: 'suspend', reason: 'Twice at once' }),
      decide(id, { action: 'suspend', reason: 'Twice at once' }, owner),
    ]);
    expect(again.filter((a) => a.status === 200).length).toBeLessThanOrEqual(1);
    expect(again.filter((a) => a.status === 409).length).toBeGreaterThanOrEqual(1);
  });

  it('refuses malformed, missing, oversized and control-character input, never a 500', async () => {
    const { id } = await applicant('Bad Input Mart');
    const cases: [unknown, number][] = [
      ['{"action":', 400],
      ['', 400],
      [{}, 400],
      [{ action: 'promote' }, 400],
      [{ action: 'reject', reason: 42 }, 400],
      [{ action: 'reject', reason: 'x'.repeat(501) }, 400],
      [{ action: 'reject', reason: 'x'.repeat(100_000) }, 400],
      [{ action: 'reject', reason: 'A reason with a \u0000 NUL byte' }, 400],
      [{ action: 'suspend', reason: 'bell \u0007 ringing' }, 400],
    ];
    for (const [body, status] of cases) {
      const res = await decide(id, body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(status);
      expect((await errorOf(res)).message.length).toBeGreaterThan(0);
    }
    const big = await t.request(`/api/admin/sellers/${id}/decision`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: catalog },
      body: JSON.stringify({ action: 'reject', reason: 'y'.repeat(2_000_000) }),
    });
    expect([400, 413]).toContain(big.status);
    expect((await detail(id)).profile.status).toBe('pending');
    expect(await auditOf(id)).toEqual([]);
    // a reason may run over lines
    const multiline = await decide(id, {
      action: 'reject',
      reason: 'Two things:\n1. the cheque\n2. the PAN',
    });
    expect(multiline.status).toBe(200);
  });

  it('records the command line’s decisions as cli', async () => {
    const { id, email } = await applicant('Command Line Mart');
    const { runSellersCommand } = await import('../../cli/sellers-command.ts');
    const lines: string[] = [];
    const code = await runSellersCommand(t.db, ['approve', email], {
      log: (line) => lines.push(line),
      error: (line) => lines.push(line),
    });
    expect(code, lines.join('\n')).toBe(0);
    expect(await auditOf(id)).toEqual([
      expect.objectContaining({ actor: 'cli', actorStaffId: null, action: 'seller.approve' }),
    ]);
  });
});

describe('performance over the last 90 days', () => {
  it('counts what the rules say, for a seller with orders', async () => {
    const [seller] = await t.db
      .select({ id: sellers.id, ratingSum: sellers.ratingSum, ratingCount: sellers.ratingCount })
      .from(sellers)
      .innerJoin(users, eq(users.id, sellers.userId))
      .where(eq(users.email, SELLER_LOGIN));
    if (!seller) throw new Error('the seeded seller');
    const since = new Date(NOW.getTime() - PERFORMANCE_WINDOW_DAYS * 86_400_000);
    // the raw rows, each rule applied here in JavaScript with the domain's dispatch rule
    const items = await queryRows<{
      quantity: number;
      returned: number;
      placed: Date | string;
      order_status: string;
      dispatch_days: number;
      shipped: Date | string | null;
      replacement: number | null;
      delivered: Date | string | null;
      seller_cancelled: number;
    }>(
      t.db,
      sql`SELECT oi.quantity, oi.returned_quantity AS returned, o.created_at AS placed, o.status AS order_status,
                 oi.dispatch_days, s.created_at AS shipped, s.replacement_request_id AS replacement,
                 oi.delivered_at AS delivered,
                 coalesce((SELECT sum(r.quantity) FROM item_requests r WHERE r.order_item_id = oi.id
                   AND r.kind = 'cancel' AND r.requested_by = 'seller' AND r.status = 'completed'), 0)::int AS seller_cancelled
            FROM order_items oi JOIN orders o ON o.id = oi.order_id
            LEFT JOIN shipments s ON s.id = oi.shipment_id
           WHERE oi.seller_id = ${seller.id}`,
    );
    const at = (value: Date | string | null) => (value === null ? null : new Date(value));
    const within = (value: Date | string | null) => {
      const moment = at(value);
      return moment !== null && moment >= since;
    };
    const expected = {
      cancellation: { part: 0, whole: 0 },
      lateShipment: { part: 0, whole: 0 },
      returns: { part: 0, whole: 0 },
    };
    for (const item of items) {
      if (item.order_status === 'placed' && within(item.placed)) {
        expected.cancellation.whole += item.quantity;
        expected.cancellation.part += item.seller_cancelled;
      }
      const shipped = at(item.shipped);
      if (shipped && item.replacement === null && shipped >= since) {
        expected.lateShipment.whole += item.quantity;
        const late = isDispatchLate(
          { placedAt: new Date(item.placed), dispatchDays: item.dispatch_days, dispatchedAt: shipped },
          NOW,
        );
        if (late) expected.lateShipment.part += item.quantity;
      }
      if (within(item.delivered)) {
        expected.returns.whole += item.quantity;
        expected.returns.part += item.returned;
      }
    }
    expect(expected.cancellation.whole).toBeGreaterThan(0);
    const page = await detail(seller.id);
    expect(page.performance).toMatchObject(expected);
    expect(page.performance.rating).toEqual({
      average: seller.ratingCount ? Math.round((seller.ratingSum * 10) / seller.ratingCount) / 10 : null,
      count: seller.ratingCount,
    });
    const approved = await list(`?status=approved&q=${encodeURIComponent(SELLER_LOGIN)}`);
    expect(approved.sellers[0]?.performance).toEqual(page.performance);
  });
});
