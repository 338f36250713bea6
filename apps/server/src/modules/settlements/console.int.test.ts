import { and, asc, eq, gte, inArray, lt, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import {
  auditLog,
  commissionRules,
  feeInvoices,
  sellerPayouts,
  sellers,
  settlementEntries,
  taxDocumentLines,
  taxDocuments,
  users,
} from '@marketplace/db';
import { STAFF_ROLES } from '@marketplace/domain/admin/console';
import { indianDayToMoment, momentToIndianDay } from '@marketplace/domain/marketing/promotions';
import {
  type CommissionRuleList,
  type CommissionRuleSaved,
  type ConsolePayoutPage,
  type ExportsSummary,
  type FeeInvoicesIssued,
  monthOf,
  monthStart,
  SETTLEMENT_CONSOLE_MESSAGES as M,
  type SellerBalancePage,
} from '@marketplace/domain/settlement/console-api';
import { documentNumber, financialYearOf } from '@marketplace/domain/settlement/documents';
import { COMMISSION_RULE_MESSAGES as F } from '@marketplace/domain/settlement/fees';
import type { Gstr8Json } from '@marketplace/domain/settlement/gstr8';
import { SELLER_GST_MESSAGES, type SellerGstMonth } from '@marketplace/domain/settlement/seller-gst';
import { tdsLawOn } from '@marketplace/domain/settlement/tds-law';
import { gstStateCodeOf } from '@marketplace/domain/sellers/tax-identity';
import { MARKETPLACE_OPERATOR } from '@marketplace/domain/tax/document-view';
import { fulfilmentKit, jsonRequest } from '../../../test-support/fulfilment.ts';
import { deliverableOffers } from '../../../test-support/orders.ts';
import { verifiedStaff } from '../../../test-support/staff.ts';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { createSession, SESSION_COOKIE } from '../sessions/index.ts';
import { codeAt } from '../staff/index.ts';
import { runPayoutCycle, sellerBalance } from './payouts.ts';
import { remitAllCod } from '../../../test-support/settlement.ts';

// requirements#settlement (ADR-0036): the console's settlements, through the HTTP API with staff sessions

// the app's clock: the system's, moved forward once to see the month end (staff routes read it)
let shiftMs = 0;
const clock = () => new Date(Date.now() + shiftMs);

let t: TestApp;
let kit: Awaited<ReturnType<typeof fulfilmentKit>>;
let call: ReturnType<typeof jsonRequest>;
let finance = { cookie: '', secret: '' };
let owner = '';
beforeAll(async () => {
  t = await createTestApp({ clock });
  kit = await fulfilmentKit(t);
  call = jsonRequest(t);
  finance = await verifiedStaff(t, 'finance-settlements@staff.example.com', 'finance', clock);
  owner = (await verifiedStaff(t, 'owner-settlements@staff.example.com', 'owner', clock)).cookie;
});
afterAll(() => t.close());

const DAY = 86_400_000;
const today = () => momentToIndianDay(clock());
const dayAfter = (days: number) => momentToIndianDay(new Date(clock().getTime() + days * DAY));
const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string; fields?: Record<string, string> } }).error;

/** A few CSV lines into cells: quoted cells may hold commas and doubled quotes. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}
const paiseOf = (rupees: string | undefined) => Math.round(Number(rupees) * 100);
/** A column of a parsed CSV by its header's name. */
const column = (rows: string[][], name: string) => {
  const index = rows[0]?.indexOf(name) ?? -1;
  if (index < 0) throw new Error(`no column ${name}`);
  return (row: string[] | undefined) => row?.[index];
};

const NUL_REFUSED = 'This field has a character that is not allowed.';
const goodRule = (changes: Record<string, unknown> = {}) => ({
  scope: 'default',
  scopeId: null,
  percentBasisPoints: 1150,
  minimumPaise: 600,
  closingFees: [
    { fromPaise: 0, feePaise: 400 },
    { fromPaise: 60_000, feePaise: 1_200 },
  ],
  shippingFeePerSlabPaise: 3_000,
  effectiveFrom: dayAfter(400),
  ...changes,
});

describe('who reaches the settlements', () => {
  const month = () => monthOf(clock());
  const endpoints = (): [string, string, unknown?][] => [
    ['GET', '/api/admin/settlements/rules'],
    ['POST', '/api/admin/settlements/rules', goodRule()],
    ['GET', '/api/admin/settlements/targets?scope=seller&id=1'],
    ['GET', '/api/admin/settlements/payouts'],
    ['GET', '/api/admin/settlements/balances'],
    ['GET', `/api/admin/settlements/exports?month=${month()}`],
    ['GET', `/api/admin/settlements/exports/tcs.csv?month=${month()}`],
    ['GET', `/api/admin/settlements/exports/gstr8.json?month=${month()}`],
    ['GET', `/api/admin/settlements/exports/tds.csv?month=${month()}`],
    ['GET', `/api/admin/settlements/exports/sales-register.csv?month=${month()}`],
    ['GET', `/api/admin/settlements/exports/fee-invoices.csv?month=${month()}`],
    ['POST', '/api/admin/settlements/fee-invoices', { month: month() }],
  ];

  it('answers a visitor 401, shoppers, sellers and the other roles 403, finance and owners', async () => {
    const before = (await t.db.select().from(commissionRules)).length;
    const shopper = await t.loginCookie('priya@example.com');
    const seller = await t.loginCookie('dakshin-mart@sellers.example.com');
    for (const [method, path, body] of endpoints()) {
      expect((await call(path, null, method, body)).status, `${method} ${path}`).toBe(401);
      expect((await call(path, shopper, method, body)).status, `${method} ${path}`).toBe(403);
      expect((await call(path, seller, method, body)).status, `${method} ${path}`).toBe(403);
    }
    for (const role of STAFF_ROLES.filter((r) => r !== 'owner' && r !== 'finance')) {
      const { cookie } = await verifiedStaff(t, `settlements-${role}@staff.example.com`, role, clock);
      for (const [method, path, body] of endpoints()) {
        const res = await call(path, cookie, method, body);
        expect(res.status, `${role} ${method} ${path}`).toBe(403);
      }
    }
    // nothing was written by the refused
    expect((await t.db.select().from(commissionRules)).length).toBe(before);
    for (const cookie of [finance.cookie, owner]) {
      for (const [method, path] of endpoints().filter(([m]) => m === 'GET')) {
        const res = await call(path, cookie, method);
        // the month is running: its fee invoices wait for its end
        expect(res.status, `${method} ${path}`).toBe(path.includes('fee-invoices') ? 409 : 200);
      }
    }
  });
});

describe('commission rules', () => {
  it('adds a rule for a category, lists it as scheduled with its name, and writes the audit log', async () => {
    const list = (await (
      await call('/api/admin/settlements/rules', finance.cookie)
    ).json()) as CommissionRuleList;
    const category = list.categories.find((c) => c.level === 2);
    if (!category) throw new Error('a second-level category');
    expect(list.rules.some((r) => r.scope === 'default' && r.status === 'in_force')).toBe(true);
    expect(list.firstDay).toBe(dayAfter(1));

    const day = dayAfter(3);
    const res = await call(
      '/api/admin/settlements/rules',
      finance.cookie,
      'POST',
      goodRule({ scope: 'category', scopeId: category.id, effectiveFrom: day }),
    );
    expect(res.status, await res.clone().text()).toBe(201);
    const { rule, message } = (await res.json()) as CommissionRuleSaved;
    expect(message).toBe(M.ruleAdded);
    expect(rule).toMatchObject({
      scope: 'category',
      scopeId: category.id,
      targetName: category.name,
      percentBasisPoints: 1150,
      status: 'scheduled',
      createdBy: 'finance-settlements@staff.example.com',
    });
    // from 00:00 IST on the day chosen
    expect(rule.effectiveFrom).toBe(indianDayToMoment(day)?.toISOString());
    const [row] = await t.db.select().from(commissionRules).where(eq(commissionRules.id, rule.id));
    const [user] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'finance-settlements@staff.example.com'));
    expect(row).toMatchObject({
      scope: 'category',
      scopeId: category.id,
      minimumPaise: 600,
      createdBy: user?.id,
    });

    const again = (await (await call('/api/admin/settlements/rules', owner)).json()) as CommissionRuleList;
    expect(again.rules.find((r) => r.id === rule.id)).toMatchObject({
      targetName: category.name,
      status: 'scheduled',
    });

    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'settlement.rule-add'), eq(auditLog.targetId, String(rule.id))));
    expect(audit).toMatchObject({
      actor: 'finance-settlements@staff.example.com',
      targetType: 'commission_rule',
      before: null,
    });
    expect(audit?.after).toMatchObject({ scope: 'category', scopeId: category.id, percentBasisPoints: 1150 });
  });

  it('a later rule for the same target replaces the one in force only from its day', async () => {
    for (const [percentBasisPoints, days] of [
      [900, 500],
      [950, 400],
    ] as const) {
      const res = await call(
        '/api/admin/settlements/rules',
        owner,
        'POST',
        goodRule({ percentBasisPoints, effectiveFrom: dayAfter(days) }),
      );
      expect(res.status).toBe(201);
    }
    const list = (await (await call('/api/admin/settlements/rules', owner)).json()) as CommissionRuleList;
    const defaults = list.rules.filter((r) => r.scope === 'default');
    // the standing terms are still in force; the two added are scheduled after them
    expect(defaults.map((r) => r.status)).toEqual(['in_force', 'scheduled', 'scheduled']);
    expect(defaults.map((r) => r.percentBasisPoints)).toEqual([1000, 950, 900]);
  });

  it('names the seller or product an id belongs to, and not an unknown one', async () => {
    const [seller] = await t.db.select({ id: sellers.id, name: sellers.name }).from(sellers).limit(1);
    const found = await call(
      `/api/admin/settlements/targets?scope=seller&id=${seller?.id ?? 0}`,
      finance.cookie,
    );
    expect(await found.json()).toEqual({ scope: 'seller', id: seller?.id, name: seller?.name });
    expect(
      (await call('/api/admin/settlements/targets?scope=product&id=2000000000', finance.cookie)).status,
    ).toBe(404);
    expect((await call('/api/admin/settlements/targets?scope=seller&id=abc', finance.cookie)).status).toBe(
      400,
    );
  });

  const bad: [string, unknown, string, string][] = [
    ['no fields at all', {}, 'scope', F.scope],
    ['no commission', goodRule({ percentBasisPoints: undefined }), 'percentBasisPoints', F.percent],
    ['a commission over 100 %', goodRule({ percentBasisPoints: 10_001 }), 'percentBasisPoints', F.percent],
    ['a negative commission', goodRule({ percentBasisPoints: -1 }), 'percentBasisPoints', F.percent],
    ['a commission as text', goodRule({ percentBasisPoints: '12' }), 'percentBasisPoints', F.percent],
    ['a fractional commission', goodRule({ percentBasisPoints: 12.5 }), 'percentBasisPoints', F.percent],
    ['a negative minimum', goodRule({ minimumPaise: -100 }), 'minimumPaise', F.minimum],
    ['an oversized minimum', goodRule({ minimumPaise: 1e9 }), 'minimumPaise', M.minimumTooLarge],
    ['a minimum past any integer', goodRule({ minimumPaise: 1e20 }), 'minimumPaise', F.minimum],
    [
      'an oversized shipping fee',
      goodRule({ shippingFeePerSlabPaise: 2e9 }),
      'shippingFeePerSlabPaise',
      M.shippingTooLarge,
    ],
    [
      'a negative shipping fee',
      goodRule({ shippingFeePerSlabPaise: -1 }),
      'shippingFeePerSlabPaise',
      F.shipping,
    ],
    [
      'bands not ascending',
      goodRule({
        closingFees: [
          { fromPaise: 0, feePaise: 100 },
          { fromPaise: 50_000, feePaise: 200 },
          { fromPaise: 40_000, feePaise: 300 },
        ],
      }),
      'closingFees',
      F.bandsAscending,
    ],
    [
      'bands not from ₹0',
      goodRule({ closingFees: [{ fromPaise: 100, feePaise: 100 }] }),
      'closingFees',
      F.bandsStart,
    ],
    ['no bands', goodRule({ closingFees: [] }), 'closingFees', F.bandsStart],
    [
      'a negative closing fee',
      goodRule({ closingFees: [{ fromPaise: 0, feePaise: -5 }] }),
      'closingFees',
      F.bandFee,
    ],
    [
      'eleven bands',
      goodRule({ closingFees: Array.from({ length: 11 }, (_, i) => ({ fromPaise: i * 100, feePaise: 10 })) }),
      'closingFees',
      F.bandsTooMany,
    ],
    ['a past day', goodRule({ effectiveFrom: dayAfter(-1) }), 'effectiveFrom', M.effectiveFromPast],
    ['today', goodRule({ effectiveFrom: today() }), 'effectiveFrom', M.effectiveFromPast],
    ['no day', goodRule({ effectiveFrom: 'soon' }), 'effectiveFrom', M.effectiveFrom],
    ['an impossible day', goodRule({ effectiveFrom: '2030-02-30' }), 'effectiveFrom', M.effectiveFrom],
    // a NUL is refused for every JSON body before the route reads it
    ['a NUL in the day', goodRule({ effectiveFrom: `${dayAfter(5)}\u0000` }), 'effectiveFrom', NUL_REFUSED],
    ['a NUL in the scope', goodRule({ scope: 'default\u0000' }), 'scope', NUL_REFUSED],
    ['an unknown scope', goodRule({ scope: 'brand' }), 'scope', F.scope],
    ['a default with a target', goodRule({ scopeId: 5 }), 'scope', F.scope],
    [
      'a category rule without its category',
      goodRule({ scope: 'category', scopeId: null }),
      'scopeId',
      M.target,
    ],
    [
      'an unknown category',
      goodRule({ scope: 'category', scopeId: 2_000_000_000 }),
      'scopeId',
      M.categoryUnknown,
    ],
    ['an unknown seller', goodRule({ scope: 'seller', scopeId: 2_000_000_000 }), 'scopeId', M.sellerUnknown],
    [
      'an unknown product',
      goodRule({ scope: 'product', scopeId: 2_000_000_000 }),
      'scopeId',
      M.productUnknown,
    ],
    ['an id past the integers', goodRule({ scope: 'product', scopeId: 3_000_000_000 }), 'scopeId', M.target],
  ];
  it.each(bad)('refuses %s with its field’s message, adding nothing', async (_, body, field, message) => {
    const before = (await t.db.select({ id: commissionRules.id }).from(commissionRules)).length;
    const res = await call('/api/admin/settlements/rules', finance.cookie, 'POST', body);
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.code).toBe('VALIDATION_FAILED');
    const key = Object.keys(error.fields ?? {}).find((k) => k === field || k.startsWith(`${field}.`));
    expect(key, JSON.stringify(error.fields)).toBeDefined();
    expect(error.fields?.[key ?? '']).toBe(message);
    expect((await t.db.select({ id: commissionRules.id }).from(commissionRules)).length).toBe(before);
  });

  it('refuses a body that is not JSON, or far too large, with 400 or 413, never 500', async () => {
    const notJson = await t.request('/api/admin/settlements/rules', {
      method: 'POST',
      headers: { cookie: finance.cookie, 'content-type': 'application/json' },
      body: '{"scope":',
    });
    expect(notJson.status).toBe(400);
    const huge = await t.request('/api/admin/settlements/rules', {
      method: 'POST',
      headers: { cookie: finance.cookie, 'content-type': 'application/json' },
      body: JSON.stringify(goodRule({ note: 'x'.repeat(2_000_000) })),
    });
    expect([400, 413]).toContain(huge.status);
  });
});

/**
 * Two registered sellers in two states with offers the shopper can have delivered: one in the
 * shopper's state (its sales are within the state: CGST and SGST, and TCS the same) and one in the
 * operator's (its sales cross states, and its fees carry CGST and SGST), or elsewhere when none is.
 */
async function twoSellersInTwoStates() {
  const candidates = await deliverableOffers(t.db, kit.address.pincode);
  const registered = await t.db
    .select({ id: sellers.id, gstin: sellers.gstin })
    .from(sellers)
    .where(
      inArray(
        sellers.id,
        candidates.map((c) => c.offer.sellerId),
      ),
    );
  const stateOf = new Map(registered.flatMap((s) => (s.gstin ? [[s.id, s.gstin.slice(0, 2)] as const] : [])));
  const shopperState = gstStateCodeOf(kit.address.state);
  const operatorState = MARKETPLACE_OPERATOR.gstin.slice(0, 2);
  const usable = candidates.filter((c) => stateOf.has(c.offer.sellerId));
  const inState = (state: string | null | undefined) =>
    usable.find((c) => stateOf.get(c.offer.sellerId) === state);
  const first = inState(shopperState) ?? usable[0];
  const firstState = stateOf.get(first?.offer.sellerId ?? 0);
  const second =
    (operatorState !== firstState ? inState(operatorState) : undefined) ??
    usable.find((c) => stateOf.get(c.offer.sellerId) !== firstState);
  if (!first || !second) throw new Error('two sellers in two states');
  const more = usable.filter(
    (c) => c.offer.sellerId === second.offer.sellerId && c.offer.productId !== second.offer.productId,
  );
  return { first, second, secondAgain: more[0] ?? second, stateOf };
}

type Candidate = Awaited<ReturnType<typeof deliverableOffers>>[number];

/** An order of one line shipped and delivered by its seller through the seller API. */
async function delivered(candidate: Candidate, quantity: number) {
  const placed = await kit.placeOrder([{ candidate, quantity }], 'prepaid');
  const [item] = placed.items;
  if (!item) throw new Error('the item');
  const seller = await kit.sellerCookie(item.sellerId);
  const shipped = await call(`/api/seller/orders/${placed.orderNo}/shipments`, seller, 'POST', {
    items: [{ itemId: item.id }],
  });
  expect(shipped.status, await shipped.clone().text()).toBe(201);
  const { invoiceNo } = (await shipped.json()) as { invoiceNo: string };
  for (const status of ['not_picked', 'in_transit', 'pending', 'dispatched', 'delivered']) {
    const moved = await call(`/api/seller/shipments/${invoiceNo}/tracking`, seller, 'POST', { status });
    expect(moved.status, await moved.clone().text()).toBe(200);
  }
  return { ...placed, item, seller };
}

async function returnUnit(itemId: number, seller: string) {
  const refNo = await kit.insertRequest(itemId, 'return', 1);
  const res = await call(`/api/seller/item-requests/${refNo}/decision`, seller, 'POST', {
    decision: 'refund-without-reverse',
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

describe('a month of two sellers in two states', () => {
  let month = '';
  let sellerIds: number[] = [];
  const inMonth = () => {
    const from = monthStart(month);
    const to = monthStart(month, 1);
    if (!from || !to) throw new Error('a month');
    return { from, to };
  };
  const documentsOfMonth = () =>
    t.db
      .select()
      .from(taxDocuments)
      .where(and(gte(taxDocuments.issuedAt, inMonth().from), lt(taxDocuments.issuedAt, inMonth().to)));
  /** −(the sum of the month's ledger entries of these kinds), by when they were written. */
  const ledger = async (kinds: string[], sellerId?: number) => {
    const rows = await t.db
      .select({ amount: settlementEntries.amountPaise })
      .from(settlementEntries)
      .where(
        and(
          inArray(settlementEntries.kind, kinds),
          gte(settlementEntries.createdAt, inMonth().from),
          lt(settlementEntries.createdAt, inMonth().to),
          sellerId === undefined ? undefined : eq(settlementEntries.sellerId, sellerId),
        ),
      );
    return -rows.reduce((sum, row) => sum + row.amount, 0) + 0;
  };
  const csvOf = async (kind: string, cookie = finance.cookie) => {
    const res = await call(`/api/admin/settlements/exports/${kind}.csv?month=${month}`, cookie);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${kind}-${month}.csv"`);
    return res.text();
  };

  beforeAll(async () => {
    month = monthOf(new Date());
    const { first, second, secondAgain, stateOf } = await twoSellersInTwoStates();
    expect(stateOf.get(first.offer.sellerId)).not.toBe(stateOf.get(second.offer.sellerId));
    sellerIds = [first.offer.sellerId, second.offer.sellerId];
    // the first seller: two units delivered, one returned
    const a = await delivered(first, 2);
    await returnUnit(a.item.id, a.seller);
    // the second: two units delivered and both returned one at a time (two credit notes, running shares)
    const b = await delivered(second, 2);
    await returnUnit(b.item.id, b.seller);
    await returnUnit(b.item.id, b.seller);
    // and a parcel it cancelled before the courier took it: its shipping fee comes back too
    const c = await kit.placeOrder([{ candidate: secondAgain, quantity: 1 }], 'prepaid');
    const [cItem] = c.items;
    if (!cItem) throw new Error('the item');
    const shipped = await call(`/api/seller/orders/${c.orderNo}/shipments`, b.seller, 'POST', {
      items: [{ itemId: cItem.id }],
    });
    const { invoiceNo } = (await shipped.json()) as { invoiceNo: string };
    const cancelled = await call(`/api/seller/shipments/${invoiceNo}/tracking`, b.seller, 'POST', {
      status: 'cancelled_by_seller',
    });
    expect(cancelled.status).toBe(200);
  });

  it('has invoices and credit notes of both sellers in the month', async () => {
    const documents = await documentsOfMonth();
    for (const sellerId of sellerIds) {
      const own = documents.filter((d) => d.sellerId === sellerId);
      expect(own.filter((d) => d.kind === 'invoice').length, `seller ${sellerId}`).toBeGreaterThan(0);
      expect(own.filter((d) => d.kind === 'credit_note').length, `seller ${sellerId}`).toBeGreaterThan(0);
    }
    // within the shopper's state and across states
    expect(new Set(documents.map((d) => d.supplyKind))).toEqual(new Set(['intra', 'inter']));
  });

  it('sales register: a line per document line, credit notes negative, totalling invoices less credit notes', async () => {
    const rows = parseCsv(await csvOf('sales-register'));
    const documents = await documentsOfMonth();
    const lines = await t.db
      .select({ id: taxDocumentLines.id })
      .from(taxDocumentLines)
      .where(
        inArray(
          taxDocumentLines.documentId,
          documents.map((d) => d.id),
        ),
      );
    expect(rows.length).toBe(1 + lines.length + 1);
    const signed = (pick: (d: (typeof documents)[number]) => number) =>
      documents.reduce((sum, d) => sum + (d.kind === 'invoice' ? pick(d) : -pick(d)), 0);
    const totals = rows.at(-1);
    const cell = (name: string) => column(rows, name);
    expect(totals?.[0]).toBe('Total');
    expect(paiseOf(cell('total_inr')(totals))).toBe(signed((d) => d.valuePaise));
    expect(paiseOf(cell('taxable_inr')(totals))).toBe(signed((d) => d.taxablePaise));
    expect(paiseOf(cell('cgst_inr')(totals))).toBe(signed((d) => d.cgstPaise));
    expect(paiseOf(cell('sgst_inr')(totals))).toBe(signed((d) => d.sgstPaise));
    expect(paiseOf(cell('igst_inr')(totals))).toBe(signed((d) => d.igstPaise));
    // the lines add up to the totals line, and a credit note's are negative
    const body = rows.slice(1, -1);
    expect(body.reduce((sum, row) => sum + paiseOf(cell('total_inr')(row)), 0)).toBe(
      signed((d) => d.valuePaise),
    );
    for (const row of body.filter((r) => r[0] === 'Credit Note')) {
      expect(Number(cell('quantity')(row))).toBeLessThan(0);
      expect(paiseOf(cell('total_inr')(row))).toBeLessThanOrEqual(0);
      expect(cell('against_invoice')(row)).toMatch(/^[A-Z1-9][A-Z0-9/-]{0,4}-I\d{2}\/\d{6}$/);
    }
    const numbers = new Set(body.map((row) => cell('document_number')(row)));
    expect(numbers).toEqual(new Set(documents.map((d) => d.number)));
    expect(body.every((row) => /^\d{2}-/.test(cell('place_of_supply')(row) ?? ''))).toBe(true);
  });

  it('GSTR-8 Table 3 CSV (CGST s. 52, rule 67): per supplier GSTIN and place of supply, the TCS the ledger holds to the paisa', async () => {
    const rows = parseCsv(await csvOf('tcs'));
    const cell = (name: string) => column(rows, name);
    const totals = rows.find((row) => row[0] === '3 total');
    const tcs = await ledger(['tcs']);
    expect(tcs).toBeGreaterThan(0);
    expect(paiseOf(cell('tcs_total_inr')(totals))).toBe(tcs);
    expect(
      paiseOf(cell('tcs_cgst_inr')(totals)) +
        paiseOf(cell('tcs_sgst_inr')(totals)) +
        paiseOf(cell('tcs_igst_inr')(totals)),
    ).toBe(tcs);
    const documents = await documentsOfMonth();
    const table3 = rows.filter((row) => row[0] === '3');
    for (const sellerId of sellerIds) {
      const [seller] = await t.db
        .select({ gstin: sellers.gstin })
        .from(sellers)
        .where(eq(sellers.id, sellerId));
      const own = table3.filter((row) => cell('supplier_gstin')(row) === seller?.gstin);
      expect(own.length, `seller ${sellerId}`).toBeGreaterThan(0);
      const sum = (name: string) => own.reduce((total, row) => total + paiseOf(cell(name)(row)), 0);
      expect(sum('tcs_total_inr'), `seller ${sellerId}`).toBe(await ledger(['tcs'], sellerId));
      // the shoppers gave no GSTIN: every supply is to an unregistered recipient
      const taxable = (kind: string) =>
        documents
          .filter((d) => d.sellerId === sellerId && d.kind === kind)
          .reduce((total, d) => total + d.taxablePaise, 0);
      expect(sum('supplies_to_registered_inr')).toBe(0);
      expect(sum('supplies_to_unregistered_inr')).toBeLessThanOrEqual(taxable('invoice'));
      expect(sum('returned_by_unregistered_inr')).toBeLessThanOrEqual(taxable('credit_note'));
      expect(sum('net_amount_liable_for_tcs_inr')).toBe(
        sum('supplies_to_unregistered_inr') - sum('returned_by_unregistered_inr'),
      );
      // within a state the TCS is CGST and SGST, between states IGST; the place of supply names the state
      for (const row of own) {
        expect(cell('place_of_supply')(row)).toMatch(/^\d{2}-/);
        if (cell('supply')(row) === 'inter') expect(paiseOf(cell('tcs_cgst_inr')(row))).toBe(0);
        else expect(paiseOf(cell('tcs_igst_inr')(row))).toBe(0);
      }
    }
  });

  it('GSTR-8 JSON for the offline tool: its keys, the period, and totals that reconcile with the ledger’s TCS for the month', async () => {
    const res = await call(`/api/admin/settlements/exports/gstr8.json?month=${month}`, finance.cookie);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="GSTR8_${MARKETPLACE_OPERATOR.gstin}_${month.slice(5, 7)}${month.slice(0, 4)}.json"`,
    );
    const json = (await res.json()) as Gstr8Json;
    expect(Object.keys(json)).toEqual(['gstin', 'fp', 'tcs', 'tcsa', 'urd']);
    expect(json.gstin).toBe(MARKETPLACE_OPERATOR.gstin);
    expect(json.fp).toBe(`${month.slice(5, 7)}${month.slice(0, 4)}`);
    const paise = (rupees: number) => Math.round(rupees * 100);
    const tcs = json.tcs.reduce((sum, r) => sum + paise(r.iamt) + paise(r.camt) + paise(r.samt), 0);
    expect(tcs).toBe(await ledger(['tcs']));
    for (const record of json.tcs) {
      expect(Object.keys(record)).toEqual([
        'stin',
        'supR',
        'retsupR',
        'supU',
        'retsupU',
        'amt',
        'camt',
        'samt',
        'iamt',
        'stin_name',
      ]);
      expect(record.stin_name).not.toBe('');
      expect(paise(record.amt)).toBe(
        paise(record.supR) - paise(record.retsupR) + paise(record.supU) - paise(record.retsupU),
      );
    }
    expect(json.tcsa).toEqual([]);
  });

  describe('Seller Central: each seller’s GSTR-1 Table 14 and TCS credit (Notification 26/2022-CT, CGST s. 52)', () => {
    const sellerCookie = (sellerId: number) => kit.sellerCookie(sellerId);
    const gstOf = async (cookie: string, query = `?month=${month}`) => {
      const res = await call(`/api/seller/gst${query}`, cookie);
      expect(res.status, await res.clone().text()).toBe(200);
      return (await res.json()) as SellerGstMonth;
    };

    it('Table 14(a): the operator’s GSTIN and the net taxable value and tax of the seller’s own documents', async () => {
      const documents = await documentsOfMonth();
      for (const sellerId of sellerIds) {
        const cookie = await sellerCookie(sellerId);
        const view = await gstOf(cookie);
        const own = documents.filter((d) => d.sellerId === sellerId);
        const signed = (pick: (d: (typeof own)[number]) => number) =>
          own.reduce((sum, d) => sum + (d.kind === 'invoice' ? pick(d) : -pick(d)), 0);
        expect(view.registered).toBe(true);
        expect(view.operator.gstin).toBe(MARKETPLACE_OPERATOR.gstin);
        expect(view.table14.natureOfSupply).toBe('Liable to collect tax u/s 52(TCS)');
        expect(view.table14.netTaxablePaise).toBeLessThanOrEqual(signed((d) => d.taxablePaise));
        expect(view.table14.cgstPaise).toBe(signed((d) => d.cgstPaise));
        expect(view.table14.igstPaise).toBe(signed((d) => d.igstPaise));
        // the TCS credit is what the ledger collected from it, and what GSTR-8 reports for its GSTIN
        expect(view.tcsTotalPaise).toBe(await ledger(['tcs'], sellerId));
        const csv = await call(`/api/seller/gst/table-14.csv?month=${month}`, cookie);
        expect(csv.status).toBe(200);
        expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="table-14-${month}.csv"`);
        const rows = parseCsv(await csv.text());
        expect(rows[1]?.[2]).toBe(MARKETPLACE_OPERATOR.gstin);
        expect(paiseOf(column(rows, 'net_value_of_supplies_inr')(rows[1]))).toBe(
          view.table14.netTaxablePaise,
        );
        const credit = parseCsv(
          await (await call(`/api/seller/gst/tcs-credit.csv?month=${month}`, cookie)).text(),
        );
        expect(paiseOf(column(credit, 'tcs_total_inr')(credit.at(-1)))).toBe(view.tcsTotalPaise);
      }
    });

    it('matches the operator’s GSTR-8 for the seller’s GSTIN, line for line', async () => {
      const gstr8 = (await (
        await call(`/api/admin/settlements/exports/gstr8.json?month=${month}`, finance.cookie)
      ).json()) as Gstr8Json;
      for (const sellerId of sellerIds) {
        const view = await gstOf(await sellerCookie(sellerId));
        const record = gstr8.tcs.find((r) => r.stin === view.sellerGstin);
        const sum = (pick: (r: SellerGstMonth['tcsCredit'][number]) => number) =>
          view.tcsCredit.reduce((total, r) => total + pick(r), 0);
        expect(Math.round((record?.amt ?? 0) * 100)).toBe(sum((r) => r.netPaise));
        expect(Math.round((record?.camt ?? 0) * 100)).toBe(sum((r) => r.cgstPaise));
        expect(Math.round((record?.iamt ?? 0) * 100)).toBe(sum((r) => r.igstPaise));
      }
    });

    it('gives a seller only its own figures, whatever it asks for, and refuses the others', async () => {
      const [first, second] = sellerIds;
      if (first === undefined || second === undefined) throw new Error('two sellers');
      const own = await gstOf(await sellerCookie(first));
      const other = await gstOf(await sellerCookie(second));
      expect(own.sellerGstin).not.toBe(other.sellerGstin);
      const cookie = await sellerCookie(first);
      for (const query of [`?month=${month}&sellerId=${second}`, `?month=${month}&seller=${second}`]) {
        expect(await gstOf(cookie, query)).toEqual(own);
        const csv = await (await call(`/api/seller/gst/tcs-credit.csv${query}`, cookie)).text();
        expect(csv).not.toContain(other.sellerGstin ?? 'none');
      }
      const shopper = await t.loginCookie('priya@example.com');
      for (const path of [
        '/api/seller/gst',
        '/api/seller/gst/table-14.csv',
        '/api/seller/gst/tcs-credit.csv',
      ]) {
        expect((await call(`${path}?month=${month}`, null)).status, path).toBe(401);
        expect((await call(`${path}?month=${month}`, shopper)).status, path).toBe(403);
        expect((await call(`${path}?month=${month}`, finance.cookie)).status, path).toBe(403);
      }
    });

    it('refuses a malformed, hostile or future month with a clear message, never a 500', async () => {
      const cookie = await sellerCookie(sellerIds[0] ?? 0);
      for (const query of [
        'month=2099-01',
        'month=2026-13',
        'month=abc',
        'month=2019-12',
        'month=%00',
        'month=2026-1%',
        'month=%E0%A4%A',
        `month=${'9'.repeat(5000)}`,
        'month=2026-11%00',
        "month=2026-11'--",
      ]) {
        for (const path of [
          '/api/seller/gst',
          '/api/seller/gst/table-14.csv',
          '/api/seller/gst/tcs-credit.csv',
        ]) {
          const res = await call(`${path}?${query}`, cookie);
          expect(res.status, `${path}?${query.slice(0, 30)}`).toBe(400);
          expect((await errorOf(res)).message.length).toBeGreaterThan(0);
        }
        const staff = await call(`/api/admin/settlements/exports/gstr8.json?${query}`, finance.cookie);
        expect(staff.status, query.slice(0, 30)).toBe(400);
      }
      // the last month that ended, when none is chosen
      const plain = await gstOf(cookie, '');
      expect(plain.month).toBe(monthOf(new Date((monthStart(month)?.getTime() ?? 0) - 1)));
      expect(plain.ended).toBe(true);
    });

    it('Notification 37/2023-CT: a seller enrolled without registration files no GSTR-1 and has no TCS credit', async () => {
      // a seller of the seed (not one of this month's two) enrolled without registration for the test
      const [enrolled] = await t.db
        .select({ id: sellers.id, gstin: sellers.gstin, enrolmentNo: sellers.enrolmentNo })
        .from(sellers)
        .where(and(eq(sellers.status, 'approved'), notInArray(sellers.id, sellerIds)))
        .limit(1);
      if (!enrolled) throw new Error('another approved seller');
      await t.db
        .update(sellers)
        .set({ gstin: null, enrolmentNo: '291000000123ENR' })
        .where(eq(sellers.id, enrolled.id));
      onTestFinished(async () => {
        await t.db
          .update(sellers)
          .set({ gstin: enrolled.gstin, enrolmentNo: enrolled.enrolmentNo })
          .where(eq(sellers.id, enrolled.id));
      });
      const cookie = await sellerCookie(enrolled.id);
      const view = await gstOf(cookie);
      expect(view).toMatchObject({ registered: false, sellerGstin: null, tcsCredit: [], tcsTotalPaise: 0 });
      const refused = await call(`/api/seller/gst/table-14.csv?month=${month}`, cookie);
      expect(refused.status).toBe(409);
      expect((await errorOf(refused)).message).toBe(SELLER_GST_MESSAGES.notRegistered);
    });

    it('answers the same figures to concurrent downloads', async () => {
      const cookie = await sellerCookie(sellerIds[0] ?? 0);
      const texts = await Promise.all(
        Array.from({ length: 4 }, async () =>
          (await call(`/api/seller/gst/tcs-credit.csv?month=${month}`, cookie)).text(),
        ),
      );
      expect(new Set(texts).size).toBe(1);
    });
  });

  it('TDS summary: per PAN, the TDS the ledger deducted in the month net of returns', async () => {
    const rows = parseCsv(await csvOf('tds', owner));
    const cell = (name: string) => column(rows, name);
    const tds = await ledger(['tds']);
    expect(tds).toBeGreaterThan(0);
    expect(paiseOf(cell('tds_deducted_inr')(rows.at(-1)))).toBe(tds);
    for (const sellerId of sellerIds) {
      const [seller] = await t.db.select({ pan: sellers.pan }).from(sellers).where(eq(sellers.id, sellerId));
      const row = rows.find((r) => cell('pan')(r) === seller?.pan);
      // requirements#tds-law: the provision in force on the credit date names the line
      expect(cell('section')(row)).toBe(tdsLawOn(new Date()).shortName);
      expect(cell('tds_rate_percent')(row)).toBe('0.1');
      expect(paiseOf(cell('tds_deducted_inr')(row))).toBe(await ledger(['tds'], sellerId));
    }
  });

  it('shows the month’s figures, which match the files', async () => {
    const res = await call(`/api/admin/settlements/exports?month=${month}`, finance.cookie);
    const summary = (await res.json()) as ExportsSummary;
    const documents = await documentsOfMonth();
    expect(summary).toMatchObject({
      month,
      ended: false,
      invoices: documents.filter((d) => d.kind === 'invoice').length,
      creditNotes: documents.filter((d) => d.kind === 'credit_note').length,
      feeInvoices: { issued: 0, canIssue: false },
    });
    expect(summary.totals.tcsPaise).toBe(await ledger(['tcs']));
    expect(summary.totals.tdsPaise).toBe(await ledger(['tds']));
    expect(summary.totals.feesPaise).toBe(await ledger(['commission', 'closing_fee', 'shipping_fee']));
    expect(summary.files.find((f) => f.kind === 'fee-invoices')?.available).toBe(false);
    // the last month that ended, when none is chosen; a month not begun is refused
    const plain = (await (
      await call('/api/admin/settlements/exports', finance.cookie)
    ).json()) as ExportsSummary;
    expect(plain.month).toBe(monthOf(new Date((monthStart(month)?.getTime() ?? 0) - 1)));
    expect(plain.ended).toBe(true);
    for (const query of ['month=2099-01', 'month=2026-13', 'month=abc', 'month=2019-12']) {
      const refused = await call(`/api/admin/settlements/exports?month=${query.slice(6)}`, finance.cookie);
      expect(refused.status, query).toBe(400);
      expect((await call(`/api/admin/settlements/exports/tcs.csv?${query}`, finance.cookie)).status).toBe(
        400,
      );
      expect((await call(`/api/admin/settlements/exports/gstr8.json?${query}`, finance.cookie)).status).toBe(
        400,
      );
    }
  });

  it('balances and payouts: each seller’s payable and waiting amounts, then its payout by status', async () => {
    const page = (await (
      await call('/api/admin/settlements/balances', finance.cookie)
    ).json()) as SellerBalancePage;
    // every seller with entries, over all the pages
    const rows = [...page.balances];
    for (let n = 2; rows.length < page.total; n++)
      rows.push(
        ...(
          (await (
            await call(`/api/admin/settlements/balances?page=${n}`, finance.cookie)
          ).json()) as SellerBalancePage
        ).balances,
      );
    for (const sellerId of sellerIds) {
      const row = rows.find((b) => b.sellerId === sellerId);
      const entries = await t.db
        .select({ amount: settlementEntries.amountPaise })
        .from(settlementEntries)
        .where(eq(settlementEntries.sellerId, sellerId));
      expect((row?.payablePaise ?? 0) + (row?.waitingPaise ?? 0)).toBe(
        entries.reduce((s, e) => s + e.amount, 0),
      );
      // as the payout cycle counts them
      const balance = await sellerBalance(t.db, sellerId, clock());
      expect(row).toMatchObject({ payablePaise: balance.payablePaise, waitingPaise: balance.waitingPaise });
    }
    expect(rows).toHaveLength(page.total);

    await remitAllCod(t.db);
    await runPayoutCycle(t.db, new Date(Date.now() + 90 * DAY));
    const initiated = (await (
      await call('/api/admin/settlements/payouts?status=initiated', finance.cookie)
    ).json()) as ConsolePayoutPage;
    expect(initiated.total).toBeGreaterThan(0);
    expect(initiated.payouts.every((p) => p.status === 'initiated' && p.utr === null)).toBe(true);
    // the month's sellers among them (the seeded sellers are paid in the same cycle)
    const ours = await t.db
      .select({ id: sellerPayouts.id })
      .from(sellerPayouts)
      .where(inArray(sellerPayouts.sellerId, sellerIds));
    expect(ours.length).toBeGreaterThan(0);
    const paid = (await (
      await call('/api/admin/settlements/payouts?status=completed', finance.cookie)
    ).json()) as ConsolePayoutPage;
    expect(paid.payouts).toEqual([]);
    const later = (await (
      await call('/api/admin/settlements/payouts?page=9', finance.cookie)
    ).json()) as ConsolePayoutPage;
    expect(later).toMatchObject({ payouts: [], page: 9, total: initiated.total });
    expect((await call('/api/admin/settlements/payouts?status=lost', finance.cookie)).status).toBe(400);
    expect((await call('/api/admin/settlements/balances?page=0', finance.cookie)).status).toBe(400);
  });

  it('fee invoices: none while the month runs; once it ended, numbered once in the operator’s series, totalling the ledger’s fees', async () => {
    const open = await call('/api/admin/settlements/fee-invoices', finance.cookie, 'POST', { month });
    expect(open.status).toBe(409);
    expect((await errorOf(open)).message).toBe(M.monthOpen);
    expect(
      (await call(`/api/admin/settlements/exports/fee-invoices.csv?month=${month}`, finance.cookie)).status,
    ).toBe(409);

    // an hour into the next month: a new session, its code entered at that time
    shiftMs = (monthStart(month, 1)?.getTime() ?? 0) + 3_600_000 - Date.now();
    const [user] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'finance-settlements@staff.example.com'));
    const { token } = await createSession(t.db, user?.id ?? 0, {}, clock());
    const cookie = `${SESSION_COOKIE}=${token}`;
    const verified = await call('/api/admin/verification', cookie, 'POST', {
      code: codeAt(finance.secret, clock()),
    });
    expect(verified.status, await verified.clone().text()).toBe(200);

    const before = await call(`/api/admin/settlements/exports?month=${month}`, cookie);
    const summary = (await before.json()) as ExportsSummary;
    expect(summary).toMatchObject({ ended: true, feeInvoices: { issued: 0, canIssue: true } });
    expect(summary.feeInvoices.toIssue).toBeGreaterThanOrEqual(2);
    expect(
      (await call(`/api/admin/settlements/exports/fee-invoices.csv?month=${month}`, cookie)).status,
    ).toBe(409);

    const issued = await call('/api/admin/settlements/fee-invoices', cookie, 'POST', { month });
    expect(issued.status, await issued.clone().text()).toBe(201);
    const first = (await issued.json()) as FeeInvoicesIssued;
    const year = financialYearOf(clock());
    expect(first.issued).toBe(summary.feeInvoices.toIssue);
    expect(first.invoices.map((i) => i.number)).toEqual(
      first.invoices.map((_, i) => documentNumber('fee_invoice', year, i + 1)),
    );
    const csv = await csvOf('fee-invoices', cookie);
    const rows = parseCsv(csv);
    const cell = (name: string) => column(rows, name);
    const totals = rows.at(-1);
    const fees = await ledger(['commission', 'closing_fee', 'shipping_fee']);
    const gst = await ledger(['commission_gst', 'closing_fee_gst', 'shipping_fee_gst']);
    expect(fees).toBeGreaterThan(0);
    expect(paiseOf(cell('taxable_inr')(totals))).toBe(fees);
    expect(
      paiseOf(cell('cgst_inr')(totals)) +
        paiseOf(cell('sgst_inr')(totals)) +
        paiseOf(cell('igst_inr')(totals)),
    ).toBe(gst);
    expect(paiseOf(cell('total_inr')(totals))).toBe(fees + gst);
    expect(paiseOf(cell('commission_inr')(totals))).toBe(await ledger(['commission']));
    expect(paiseOf(cell('shipping_fee_inr')(totals))).toBe(await ledger(['shipping_fee']));
    // each seller's invoice: its own fees, CGST + SGST in the operator's state, IGST elsewhere
    const stored = await t.db
      .select()
      .from(feeInvoices)
      .where(eq(feeInvoices.month, month))
      .orderBy(asc(feeInvoices.serial));
    for (const sellerId of sellerIds) {
      const invoice = stored.find((row) => row.sellerId === sellerId);
      expect(invoice?.taxablePaise, `seller ${sellerId}`).toBe(
        await ledger(['commission', 'closing_fee', 'shipping_fee'], sellerId),
      );
      expect(invoice?.valuePaise).toBe(
        await ledger(
          [
            'commission',
            'closing_fee',
            'shipping_fee',
            'commission_gst',
            'closing_fee_gst',
            'shipping_fee_gst',
          ],
          sellerId,
        ),
      );
      const intra = invoice?.sellerGstin?.slice(0, 2) === MARKETPLACE_OPERATOR.gstin.slice(0, 2);
      expect(invoice?.supplyKind).toBe(intra ? 'intra' : 'inter');
      if (intra) expect(invoice?.igstPaise).toBe(0);
      else expect((invoice?.cgstPaise ?? 0) + (invoice?.sgstPaise ?? 0)).toBe(0);
      const line = rows.find((r) => cell('fee_invoice_number')(r) === invoice?.number);
      expect(paiseOf(cell('total_inr')(line))).toBe(invoice?.valuePaise);
    }

    // asked again: nothing new, the same numbers, the same file
    const again = await call('/api/admin/settlements/fee-invoices', cookie, 'POST', { month });
    expect(again.status).toBe(200);
    const second = (await again.json()) as FeeInvoicesIssued;
    expect(second.issued).toBe(0);
    expect(second.invoices).toEqual(first.invoices);
    expect(await csvOf('fee-invoices', cookie)).toBe(csv);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'settlement.fee-invoices'), eq(auditLog.targetId, month)));
    expect(audits).toHaveLength(1);
    expect(audits[0]?.after).toMatchObject({ numbers: first.invoices.map((i) => i.number) });
    const after = (await (
      await call(`/api/admin/settlements/exports?month=${month}`, cookie)
    ).json()) as ExportsSummary;
    expect(after.feeInvoices).toEqual({ issued: first.issued, toIssue: 0, canIssue: false });
    expect(after.files.find((f) => f.kind === 'fee-invoices')?.available).toBe(true);
  });
});
