import { describe, expect, it } from 'vitest';
import {
  MAX_REFUND_ATTEMPTS,
  needsBankAccount,
  nextRefund,
  type RefundEvent,
  type RefundLife,
  type RefundStatus,
  refundDestination,
  REFUND_RETRY_MESSAGES,
  retryFailedRefund,
} from './refund-life.ts';

const life = (status: RefundStatus, providerRefundId: string | null = null, attempt = 1): RefundLife => ({
  status,
  attempt,
  providerRefundId,
});
const accepted = (id = 'rfnd_A'): RefundEvent => ({ type: 'accepted', providerRefundId: id });
const settled = (id = 'rfnd_A'): RefundEvent => ({ type: 'settled', providerRefundId: id });
const failed = (id = 'rfnd_A'): RefundEvent => ({
  type: 'failed',
  providerRefundId: id,
  reason: 'bank rejected',
});

describe('refund life', () => {
  it.each([
    // from, event, result
    [
      'taken by the provider',
      life('initiated'),
      accepted(),
      { code: 'MOVED', next: life('processed', 'rfnd_A') },
    ],
    ['the same acceptance again', life('processed', 'rfnd_A'), accepted(), { code: 'UNCHANGED' }],
    ['accepted as another refund', life('processed', 'rfnd_A'), accepted('rfnd_B'), { code: 'ILLEGAL' }],
    ['accepted after it completed', life('completed', 'rfnd_A'), accepted('rfnd_B'), { code: 'ILLEGAL' }],
    ['settled', life('processed', 'rfnd_A'), settled(), { code: 'MOVED', next: life('completed', 'rfnd_A') }],
    ['settled again', life('completed', 'rfnd_A'), settled(), { code: 'UNCHANGED' }],
    ['settled before we recorded it taken', life('initiated'), settled(), { code: 'UNCHANGED' }],
    ['an earlier attempt settled', life('processed', 'rfnd_B', 2), settled('rfnd_A'), { code: 'UNCHANGED' }],
    [
      'settled under another id after completing',
      life('completed', 'rfnd_A'),
      settled('rfnd_B'),
      { code: 'ILLEGAL' },
    ],
    ['a failed refund reported settled', life('failed', 'rfnd_A', 3), settled(), { code: 'ILLEGAL' }],
    [
      'first failure: sent again',
      life('processed', 'rfnd_A'),
      failed(),
      { code: 'MOVED', next: life('initiated', null, 2) },
    ],
    [
      'second failure: sent again',
      life('processed', 'rfnd_A', 2),
      failed(),
      { code: 'MOVED', next: life('initiated', null, 3) },
    ],
    [
      'last failure: left to an operator',
      life('processed', 'rfnd_A', MAX_REFUND_ATTEMPTS),
      failed(),
      { code: 'MOVED', next: life('failed', 'rfnd_A', MAX_REFUND_ATTEMPTS) },
    ],
    [
      'the failure reported again after the retry',
      life('initiated', null, 2),
      failed(),
      { code: 'UNCHANGED' },
    ],
    ['an earlier attempt failed again', life('processed', 'rfnd_B', 2), failed(), { code: 'UNCHANGED' }],
    ['a failed refund failed again', life('failed', 'rfnd_A', 3), failed(), { code: 'UNCHANGED' }],
    ['failure after the money arrived', life('completed', 'rfnd_A'), failed(), { code: 'ILLEGAL' }],
  ] as const)('%s', (_name, from, event, expected) => {
    expect(nextRefund(from, event)).toMatchObject(expected);
  });

  it('a refund that keeps failing is sent at most MAX_REFUND_ATTEMPTS times', () => {
    let refund = life('initiated');
    let sent = 0;
    for (let round = 0; round < 10 && refund.status === 'initiated'; round++) {
      const id = `rfnd_${round}`;
      const taken = nextRefund(refund, accepted(id));
      if (taken.code !== 'MOVED') throw new Error('an initiated refund is taken');
      sent += 1;
      const step = nextRefund(taken.next, failed(id));
      if (step.code !== 'MOVED') throw new Error('a failure moves it');
      refund = step.next;
    }
    expect(sent).toBe(MAX_REFUND_ATTEMPTS);
    expect(refund.status).toBe('failed');
  });
});

describe('where the refund goes', () => {
  it.each([
    ['original_payment', null, 'To your original payment method'],
    ['original_payment', '1234', 'To your original payment method'],
    ['bank_account', '9012', 'To your bank account ending 9012'],
    ['bank_account', null, 'To your bank account'],
  ])('%s %s -> %s', (method, last4, text) => {
    expect(refundDestination(method, last4)).toBe(text);
  });

  it.each([
    ['bank_account', 'initiated', false, true],
    ['bank_account', 'initiated', true, false],
    ['bank_account', 'processed', false, false], // already sent to an account
    ['original_payment', 'initiated', false, false],
  ])('%s %s, has an account %s -> asks for one %s', (method, status, hasAccount, expected) => {
    expect(needsBankAccount({ method, status }, hasAccount)).toBe(expected);
  });
});

describe('an operator retries a failed refund (requirements#operator-support)', () => {
  it.each([
    ['initiated', 1],
    ['processed', 2],
    ['completed', 3],
  ] as const)('a %s refund is refused: the job still owns it', (status, attempt) => {
    expect(retryFailedRefund(life(status, status === 'initiated' ? null : 'rfnd_1', attempt))).toEqual({
      code: 'REFUSED',
      message: REFUND_RETRY_MESSAGES.notFailed(status),
    });
  });

  it('a failed refund goes back to initiated as its next attempt, without a provider reference', () => {
    expect(retryFailedRefund(life('failed', 'rfnd_3', MAX_REFUND_ATTEMPTS))).toEqual({
      code: 'MOVED',
      next: { status: 'initiated', attempt: MAX_REFUND_ATTEMPTS + 1, providerRefundId: null },
    });
  });

  it('the retried attempt failing again stops as failed at once: one retry is one more try', () => {
    const retried = retryFailedRefund(life('failed', 'rfnd_3', MAX_REFUND_ATTEMPTS));
    if (retried.code !== 'MOVED') throw new Error('refused');
    const taken = nextRefund(retried.next, { type: 'accepted', providerRefundId: 'rfnd_4' });
    if (taken.code !== 'MOVED') throw new Error('not taken');
    expect(nextRefund(taken.next, { type: 'failed', providerRefundId: 'rfnd_4', reason: 'closed' })).toEqual({
      code: 'MOVED',
      next: { status: 'failed', attempt: MAX_REFUND_ATTEMPTS + 1, providerRefundId: 'rfnd_4' },
    });
  });
});
