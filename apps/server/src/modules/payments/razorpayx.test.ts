import { describe, expect, it } from 'vitest';
import { PaymentProviderError } from './razorpay.ts';
import {
  createRazorpayXPayoutProvider,
  IMPS_LIMIT_PAISE,
  payoutMode,
  RAZORPAYX_PAYOUT_STATUSES,
  razorpayxPayoutUrl,
} from './razorpayx.ts';

// RazorpayX's documented composite payout call and payout entity, answered by a stand-in: no network
const CONFIG = {
  keyId: 'rzp_test_1DP5mmOlF5G5ag',
  keySecret: 'test_key_secret',
  accountNumber: '7878780080316316',
};
const PAYOUT = {
  kind: 'refund' as const,
  amountPaise: 129_900,
  idempotencyKey: 'bazaar-refund-42',
  reference: 'refund-42',
  to: {
    accountName: 'Priya Sharma',
    accountNumber: '500100123456789',
    ifsc: 'HDFC0000123',
    contact: {
      name: 'Priya Sharma',
      email: 'priya@example.com',
      mobile: '9876543210',
      referenceId: 'shopper-1',
    },
  },
};

/** The payout entity as the docs show it (composite create and fetch answer the same shape). */
const payoutEntity = (over: Record<string, unknown> = {}) => ({
  id: 'pout_F681qslJ3ba70q',
  entity: 'payout',
  fund_account_id: 'fa_F681qr6Bqy1Je7',
  amount: 129_900,
  currency: 'INR',
  notes: {},
  fees: 590,
  tax: 90,
  status: 'queued',
  purpose: 'refund',
  utr: null,
  mode: 'IMPS',
  reference_id: 'refund-42',
  narration: 'Bazaar refund 42',
  batch_id: null,
  status_details: {
    description:
      'Payout is queued as there is insufficient balance in your business account to process the payout',
    source: 'business',
    reason: 'low_balance',
  },
  created_at: 1592929017,
  fee_type: '',
  ...over,
});

function fakeRazorpayX(answer: { status: number; body: unknown; raw?: string }) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const fetchImpl: typeof fetch = (input, init) => {
    calls.push({ url: input instanceof Request ? input.url : input.toString(), init });
    return Promise.resolve(
      new Response(answer.raw ?? JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      }),
    );
  };
  return { calls, provider: createRazorpayXPayoutProvider(CONFIG, fetchImpl) };
}
const bodyOf = (init: RequestInit | undefined) =>
  JSON.parse(typeof init?.body === 'string' ? init.body : 'null') as Record<string, unknown>;

describe('RazorpayX payout', () => {
  it('posts a composite payout to the bank account with Basic auth and the idempotency header', async () => {
    const { calls, provider } = fakeRazorpayX({ status: 200, body: payoutEntity() });
    await expect(provider.payout(PAYOUT)).resolves.toEqual({ providerPayoutId: 'pout_F681qslJ3ba70q' });
    expect(provider.name).toBe('razorpayx');
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call?.url).toBe('https://api.razorpay.com/v1/payouts');
    expect(call?.init?.method).toBe('POST');
    const headers = new Headers(call?.init?.headers);
    expect(headers.get('x-payout-idempotency')).toBe('bazaar-refund-42');
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.get('authorization')).toBe(
      `Basic ${Buffer.from('rzp_test_1DP5mmOlF5G5ag:test_key_secret').toString('base64')}`,
    );
    expect(bodyOf(call?.init)).toEqual({
      account_number: '7878780080316316',
      amount: 129_900,
      currency: 'INR',
      mode: 'IMPS',
      purpose: 'refund',
      fund_account: {
        account_type: 'bank_account',
        bank_account: { name: 'Priya Sharma', ifsc: 'HDFC0000123', account_number: '500100123456789' },
        contact: {
          name: 'Priya Sharma',
          email: 'priya@example.com',
          contact: '9876543210',
          type: 'customer',
          reference_id: 'shopper-1',
        },
      },
      queue_if_low_balance: true,
      reference_id: 'refund-42',
      narration: 'Bazaar refund 42',
    });
  });

  it('pays by IMPS up to ₹5 lakh and by NEFT above', async () => {
    expect(payoutMode(100)).toBe('IMPS');
    expect(payoutMode(IMPS_LIMIT_PAISE)).toBe('IMPS');
    expect(payoutMode(IMPS_LIMIT_PAISE + 1)).toBe('NEFT');
    const amountPaise = IMPS_LIMIT_PAISE + 100;
    const { calls, provider } = fakeRazorpayX({
      status: 200,
      body: payoutEntity({ amount: amountPaise, mode: 'NEFT' }),
    });
    await provider.payout({ ...PAYOUT, amountPaise });
    expect(bodyOf(calls[0]?.init)).toMatchObject({ amount: amountPaise, mode: 'NEFT' });
  });

  it('keeps names, narration and references within what RazorpayX accepts; no phone is left out', async () => {
    const { calls, provider } = fakeRazorpayX({ status: 200, body: payoutEntity() });
    await provider.payout({
      ...PAYOUT,
      reference: `refund-${'9'.repeat(60)}`,
      to: {
        ...PAYOUT.to,
        accountName: 'Ananya <script>alert(1)</script> Iyer',
        contact: { ...PAYOUT.to.contact, name: '李', mobile: '', referenceId: `shopper-${'1'.repeat(50)}` },
      },
    });
    const sent = bodyOf(calls[0]?.init) as {
      reference_id: string;
      narration: string;
      fund_account: { bank_account: { name: string }; contact: Record<string, unknown> };
    };
    expect(sent.fund_account.bank_account.name).toBe('Ananya script alert(1) /script Iyer');
    // a contact name RazorpayX would refuse (under 3 allowed characters) becomes the account holder's
    expect(sent.fund_account.contact.name).toBe('Ananya script alert(1) /script Iyer');
    expect(sent.fund_account.contact).not.toHaveProperty('contact');
    expect(sent.fund_account.contact.reference_id).toHaveLength(40);
    expect(sent.reference_id).toHaveLength(40);
    expect(sent.narration).toMatch(/^[a-zA-Z0-9 ]{1,30}$/);
    expect(sent.narration.startsWith('Bazaar refund 9')).toBe(true);
  });

  it('answers with a payout RazorpayX made already failed: the status check reports it', async () => {
    const { provider } = fakeRazorpayX({ status: 200, body: payoutEntity({ status: 'failed' }) });
    await expect(provider.payout(PAYOUT)).resolves.toEqual({ providerPayoutId: 'pout_F681qslJ3ba70q' });
  });

  it.each([
    [
      'a refusal (400)',
      {
        status: 400,
        body: {
          error: {
            code: 'BAD_REQUEST_ERROR',
            description: 'Different request body sent for the same idempotency header',
            field: 'X-Payout-Idempotency',
          },
        },
      },
    ],
    [
      'bad keys (401)',
      { status: 401, body: { error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } } },
    ],
    [
      'a server error (500)',
      { status: 500, body: { error: { code: 'SERVER_ERROR', description: 'We are facing some trouble' } } },
    ],
    ['an error status with a payout body', { status: 502, body: payoutEntity() }],
    ['malformed JSON', { status: 200, body: null, raw: '{"id": "pout_1' }],
    ['an empty answer', { status: 200, body: null, raw: '' }],
    [
      'a body that is not a payout',
      { status: 200, body: { id: 'pout_1', entity: 'payout', amount: 'lots', status: 'queued' } },
    ],
    ['an unknown status', { status: 200, body: payoutEntity({ status: 'teleported' }) }],
    ['another amount', { status: 200, body: payoutEntity({ amount: 1 }) }],
  ])('throws a provider error on %s', async (_, answer) => {
    const { provider } = fakeRazorpayX(answer);
    await expect(provider.payout(PAYOUT)).rejects.toBeInstanceOf(PaymentProviderError);
  });

  it('throws when RazorpayX cannot be reached', async () => {
    const provider = createRazorpayXPayoutProvider(CONFIG, () =>
      Promise.reject(new TypeError('fetch failed')),
    );
    await expect(provider.payout(PAYOUT)).rejects.toThrow('fetch failed');
  });
});

describe('RazorpayX payout status', () => {
  const statusOf = async (over: Record<string, unknown>) => {
    const { calls, provider } = fakeRazorpayX({ status: 200, body: payoutEntity(over) });
    const report = await provider.payoutStatus('pout_F681qslJ3ba70q');
    expect(calls[0]?.url).toBe('https://api.razorpay.com/v1/payouts/pout_F681qslJ3ba70q');
    expect(calls[0]?.init?.method ?? 'GET').toBe('GET');
    expect(new Headers(calls[0]?.init?.headers).get('authorization')).toMatch(/^Basic /);
    return report;
  };

  it.each(['queued', 'pending', 'scheduled', 'processing'])('%s is still on its way', async (status) => {
    await expect(statusOf({ status })).resolves.toEqual({ state: 'pending' });
  });

  it('processed is settled, with the bank’s UTR', async () => {
    await expect(
      statusOf({
        status: 'processed',
        utr: '933815233814',
        status_details: {
          description: 'Payout is processed',
          source: 'beneficiary_bank',
          reason: 'payout_processed',
        },
      }),
    ).resolves.toEqual({ state: 'settled', reference: '933815233814' });
    await expect(statusOf({ status: 'processed', utr: null })).resolves.toEqual({ state: 'settled' });
  });

  it.each(['reversed', 'rejected', 'failed', 'cancelled'])(
    '%s failed, with the reason RazorpayX gives',
    async (status) => {
      await expect(
        statusOf({
          status,
          status_details: {
            description:
              'Payout failed as the beneficiary account is closed. Please contact the beneficiary bank',
            source: 'beneficiary_bank',
            reason: 'bank_account_closed',
          },
        }),
      ).resolves.toEqual({
        state: 'failed',
        reason: 'Payout failed as the beneficiary account is closed. Please contact the beneficiary bank',
      });
      // the older failure_reason field, then the bare status, when no status details are given
      await expect(
        statusOf({ status, status_details: null, failure_reason: 'Invalid IFSC' }),
      ).resolves.toEqual({
        state: 'failed',
        reason: 'Invalid IFSC',
      });
      await expect(statusOf({ status, status_details: null })).resolves.toEqual({
        state: 'failed',
        reason: `RazorpayX payout ${status}`,
      });
    },
  );

  it('knows every documented payout status', () => {
    expect([...RAZORPAYX_PAYOUT_STATUSES].sort()).toEqual([
      'cancelled',
      'failed',
      'pending',
      'processed',
      'processing',
      'queued',
      'rejected',
      'reversed',
      'scheduled',
    ]);
  });

  it.each([
    [
      'an unknown id (400)',
      {
        status: 400,
        body: { error: { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist' } },
      },
    ],
    ['a server error (503)', { status: 503, body: {} }],
    ['malformed JSON', { status: 200, body: null, raw: '<html>' }],
    [
      'another payout',
      { status: 200, body: payoutEntity({ id: 'pout_00000000000001', status: 'processed' }) },
    ],
  ])('throws a provider error on %s', async (_, answer) => {
    const { provider } = fakeRazorpayX(answer);
    await expect(provider.payoutStatus('pout_F681qslJ3ba70q')).rejects.toBeInstanceOf(PaymentProviderError);
  });

  it('escapes the id into the URL', () => {
    expect(razorpayxPayoutUrl('pout_1/../../v1/payments')).toBe(
      'https://api.razorpay.com/v1/payouts/pout_1%2F..%2F..%2Fv1%2Fpayments',
    );
  });
});
