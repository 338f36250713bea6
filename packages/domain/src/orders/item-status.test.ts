import { describe, expect, it } from 'vitest';
import {
  ITEM_STATUS_TITLES as T,
  type RefundFacts,
  refundFacts,
  type RequestFacts,
  requestStatusSentence,
} from './item-status.ts';
import { REQUEST_DECISIONS } from './state-machine.ts';

const f = { day: (iso: string) => `day(${iso.slice(0, 10)})`, date: (day: string) => `date(${day})` };
const PICKUP = '2026-11-17';
const PICKED = '2026-11-17T09:00:00.000Z';
const DONE = '2026-11-20T09:00:00.000Z';

const REFUNDS: RefundFacts[] = [
  { status: 'none' },
  { status: 'due' },
  { status: 'initiated', completedAt: null, needsBankAccount: false },
  { status: 'initiated', completedAt: null, needsBankAccount: true },
  { status: 'processed', completedAt: null, needsBankAccount: false },
  { status: 'completed', completedAt: DONE, needsBankAccount: false },
  { status: 'failed', completedAt: null, needsBankAccount: false },
];

/** Every request state the item's machine can leave, with and without its pickup day and pickup. */
const REQUESTS: RequestFacts[] = (['cancel', 'return', 'replace'] as const).flatMap((kind) =>
  ['pending', ...REQUEST_DECISIONS[kind]].flatMap((status) =>
    (kind === 'cancel' ? (['customer', 'seller'] as const) : (['customer'] as const)).flatMap((requestedBy) =>
      (kind === 'cancel' ? [null] : [null, PICKUP]).flatMap((pickupDate) =>
        (kind === 'cancel' ? [null] : [null, PICKED]).map((pickedUpAt) => ({
          kind,
          status,
          requestedBy,
          pickupDate,
          pickedUpAt,
        })),
      ),
    ),
  ),
);

const every = REQUESTS.flatMap((request) => REFUNDS.map((refund) => ({ request, refund })));

describe('one status sentence per state (every combination)', () => {
  it('covers each kind’s every decision', () => {
    expect(new Set(REQUESTS.map((r) => `${r.kind}:${r.status}`)).size).toBe(3 + 2 + 3 + 3);
    expect(every.length).toBeGreaterThan(200);
  });

  it.each(
    every.map(
      (c) =>
        [
          `${c.request.kind} ${c.request.status} ${c.request.pickupDate ?? '-'} ${c.request.pickedUpAt ?? '-'} ${c.refund.status}${'needsBankAccount' in c.refund && c.refund.needsBankAccount ? ' no-bank' : ''}`,
          c,
        ] as const,
    ),
  )('%s never contradicts itself', (_name, { request, refund }) => {
    const { title, detail, tone } = requestStatusSentence(request, refund, f);
    expect(title).not.toBe('');
    expect(detail).not.toBe('');
    expect(['ok', 'wait', 'bad']).toContain(tone);
    const said = `${title} ${detail}`;
    // a completed refund is never still to follow, nor waiting for a pickup
    if (refund.status === 'completed' && request.status !== 'pending' && request.status !== 'rejected') {
      expect(said).toContain(`Refunded on day(2026-11-20)`);
      expect(said).not.toMatch(/to follow|will be initiated|starts once|on its way and/);
    }
    // once picked up, never waiting for the pickup
    if (request.pickedUpAt) expect(said).not.toMatch(/Pickup on|starts once|to be scheduled/);
    // nothing paid, nothing said about a refund
    if (refund.status === 'none') expect(said.toLowerCase()).not.toContain('refund');
    // a pending request waits for the seller whatever its refund will be
    if (request.status === 'pending') expect(tone).toBe('wait');
    expect(said).not.toContain('Partial');
  });
});

describe('the sentences shoppers tripped on', () => {
  const completed: RefundFacts = { status: 'completed', completedAt: DONE, needsBankAccount: false };
  it.each([
    [
      'a cancelled prepaid item whose refund completed',
      { kind: 'cancel', status: 'completed', requestedBy: 'customer', pickupDate: null, pickedUpAt: null },
      completed,
      { title: `${T.cancelled} and refunded`, detail: 'Refunded on day(2026-11-20).', tone: 'ok' },
    ],
    [
      'a cancelled COD item',
      { kind: 'cancel', status: 'completed', requestedBy: 'customer', pickupDate: null, pickedUpAt: null },
      { status: 'none' },
      { title: T.cancelled, detail: 'Nothing was charged for this item.', tone: 'ok' },
    ],
    [
      'a return picked up and refunded',
      {
        kind: 'return',
        status: 'refund-with-reverse',
        requestedBy: 'customer',
        pickupDate: PICKUP,
        pickedUpAt: PICKED,
      },
      completed,
      { title: T.refunded, detail: 'Picked up on day(2026-11-17). Refunded on day(2026-11-20).', tone: 'ok' },
    ],
    [
      'a return waiting for its pickup',
      {
        kind: 'return',
        status: 'refund-with-reverse',
        requestedBy: 'customer',
        pickupDate: PICKUP,
        pickedUpAt: null,
      },
      { status: 'due' },
      {
        title: T.returnApproved,
        detail: 'Pickup on date(2026-11-17). Your refund starts once the product is picked up.',
        tone: 'wait',
      },
    ],
    [
      'a return picked up, its refund sent',
      {
        kind: 'return',
        status: 'refund-with-reverse',
        requestedBy: 'customer',
        pickupDate: PICKUP,
        pickedUpAt: PICKED,
      },
      { status: 'processed', completedAt: null, needsBankAccount: false },
      {
        title: T.returned,
        detail:
          'Picked up on day(2026-11-17). Your refund is on its way and reaches you in 7 to 10 business days.',
        tone: 'wait',
      },
    ],
    [
      'a product kept, its cash refund waiting for a bank account',
      {
        kind: 'return',
        status: 'refund-without-reverse',
        requestedBy: 'customer',
        pickupDate: PICKUP,
        pickedUpAt: null,
      },
      { status: 'initiated', completedAt: null, needsBankAccount: true },
      {
        title: T.returnApproved,
        detail: 'You keep the product. Add a bank account to receive your refund.',
        tone: 'wait',
      },
    ],
    [
      'a replacement out of stock, picked up and refunded',
      {
        kind: 'replace',
        status: 'reject-with-return',
        requestedBy: 'customer',
        pickupDate: PICKUP,
        pickedUpAt: PICKED,
      },
      completed,
      {
        title: T.refunded,
        detail: 'The product is out of stock. Picked up on day(2026-11-17). Refunded on day(2026-11-20).',
        tone: 'ok',
      },
    ],
    [
      'a replacement whose new unit is on its way',
      {
        kind: 'replace',
        status: 'initiate-replacement',
        requestedBy: 'customer',
        pickupDate: PICKUP,
        pickedUpAt: PICKED,
      },
      { status: 'none' },
      {
        title: T.replaceApproved,
        detail: 'Picked up on day(2026-11-17); your new unit is sent in exchange.',
        tone: 'ok',
      },
    ],
  ] as const)('%s', (_name, request, refund, expected) => {
    expect(requestStatusSentence(request, refund, f)).toEqual(expected);
  });
});

describe('refund facts from what the pages receive', () => {
  it.each([
    [null, 'none', { status: 'none' }],
    [null, 'due', { status: 'due' }],
    [{ status: 'not_applicable' }, 'due', { status: 'none' }],
    [{ status: 'pending' }, 'none', { status: 'due' }],
    [
      { status: 'completed', completedAt: DONE, needsBankAccount: false },
      'none',
      { status: 'completed', completedAt: DONE, needsBankAccount: false },
    ],
  ] as const)('%o (%s)', (refund, without, expected) => {
    expect(refundFacts(refund, without)).toEqual(expected);
  });
});
